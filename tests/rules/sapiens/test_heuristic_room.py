"""The AI's measure counts the active tribe's room: a tribe no pool tile fits must be
abandoned next turn (rulebook "Abandonner sa Tribu"), which costs a turn's food; greedy
then keeps its tribes alive instead of abandoning them again and again. The hint says
the same in words."""

from __future__ import annotations

import ai
from rules.base import State
from rules.i18n import translate
from rules.sapiens import SAPIENS
from rules.sapiens.heuristic import ROOM, STUCK, room, room_worth, sapiens_value
from tests.rules.sapiens.helpers import play
from tests.rules.sapiens.test_abandon_and_end import hemmed_in


def test_a_tribe_no_tile_fits_is_worth_a_turn_less() -> None:
    """Ana's tribe (Chasse on SB5, Feu on B5) takes only Feu: a pool without Feu leaves
    it stuck, one Feu tile gives it room."""
    stuck = hemmed_in(["RI-EA#1", "BA-CA#1"])
    open_ = hemmed_in(["RI-EA#1", "EA-FU#1"])
    assert room(stuck, 0) == 0 and room(open_, 0) == 1
    assert room_worth(stuck, 0) == -STUCK and room_worth(open_, 0) == ROOM
    assert sapiens_value(open_, "ana") - sapiens_value(stuck, "ana") == ROOM + STUCK


def test_a_player_out_of_moves_or_not_started_has_no_room_to_lose() -> None:
    state = hemmed_in(["RI-EA#1", "BA-CA#1"])
    state.data["players"][0]["finished"] = True
    assert room_worth(state, 0) == 0.0
    assert room_worth(state, 1) == 0.0  # Ben has laid no tile


def greedy_abandons(players: int, seed: str) -> int:
    """Abandons in one whole game of greedy seats."""
    state = SAPIENS.setup([f"s{i}" for i in range(1, players + 1)], seed)
    count = n = 0
    while SAPIENS.to_act(state):
        seat = sorted(SAPIENS.to_act(state))[0]
        code = ai.choose(SAPIENS, state, seat, "greedy", f"{seed}-{n}")
        count += code == "abandon"
        state = SAPIENS.apply(state, seat, code)
        n += 1
    return count


def test_greedy_seats_seldom_abandon_their_tribes() -> None:
    """Two seeded three-player games: 14 abandons before the room counted (4 and 10),
    2 since."""
    assert sum(greedy_abandons(3, f"ab3-{k}") for k in range(2)) <= 3


def hint_words(before: State, after: State, seat: str, lang: str = "en") -> list[str]:
    return [translate(e.text, lang) for e in SAPIENS.hint_effects(before, after, seat).effects]


def test_the_hint_names_a_new_tribe_and_a_tribe_left_with_no_tile() -> None:
    stuck = hemmed_in(["RI-EA#1", "BA-CA#1"])
    abandoned = play(stuck, "abandon", "tile:ri-ea#1", "at:nf1", "lay:nf1:f1")
    assert "you start a new tribe on a cave" in hint_words(stuck, abandoned, "ana")
    assert hint_words(stuck, stuck, "ana") == [
        "no tile of your pool will fit your tribe next turn, so you would have to abandon it"
    ]
    open_ = hemmed_in(["RI-EA#1", "EA-FU#1"])
    assert hint_words(open_, open_, "ana", "fr") == [
        "1 des 2 tuiles de votre réserve pourra rejoindre votre tribu au prochain tour"
    ]
