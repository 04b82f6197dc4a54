"""The public view's documented keys, and a player leaving mid-game."""

from __future__ import annotations

import json

from rules.orbis import ORBIS
from tests.rules.orbis.helpers import SEATS, codes, game, play, put_display, set_domain

PLAYER_KEYS = {
    "index",
    "turns",
    "turns_left",
    "domain",
    "cubes",
    "reductions",
    "god",
    "god_cancelled",
    "god_pc",
    "temples",
    "mystic",
    "temple_token",
    "wastelands",
    "pyramid",
    "pyramid_size",
    "score",
}


def test_the_view_has_the_documented_keys() -> None:
    state = game()
    put_display(state, 1, "L2-09", red=1)
    set_domain(state, 0, green=1, blue=1)
    state = play(state, "take:1")
    view = ORBIS.view(state, None)
    json.dumps(view)
    for key in (
        "display",
        "piles",
        "gods",
        "temple_tokens",
        "turns_each",
        "pending",
        "last_take",
        "players",
        "round",
    ):
        assert key in view
    assert set(view["players"]["ana"]) == PLAYER_KEYS
    pending = view["pending"]
    assert pending["tile"]["id"] == "L2-09" and pending["slot"] == 1
    assert (pending["step"], pending["decision"]) == ("pay", "pay")
    assert view["last_take"] == {
        "seat": "ana",
        "kind": "region",
        "slot": 1,
        "tile": "L2-09",
        "god": None,
    }
    assert view["display"][0] == {
        "slot": 1,
        "tile": None,
        "cubes": {c: 0 for c in ("yellow", "green", "blue", "red", "white")},
    }
    state = play(state, "pay:r", "place:start")
    cell = ORBIS.view(state, None)["players"]["ana"]["pyramid"][0]
    assert cell == {
        "row": 0,
        "x": 0,
        "tile": cell["tile"],
        "wasteland": False,
        "status": "cancelled",  # a bottom-row Irrigation
        "pc": 0,
    }
    assert cell["tile"]["effect"] == {"kind": "irrigation", "colour": "yellow"}
    assert cell["tile"]["cost"] == {"green": 1, "blue": 1, "any": 1}


def test_a_player_leaving_mid_turn_puts_the_tile_back_and_the_others_play_on() -> None:
    state = game()
    put_display(state, 3, "L2-09", red=2)
    set_domain(state, 0, green=1, blue=1)
    before = list(state.data["cubes"])
    state = play(state, "take:3")
    state = ORBIS.remove_seat(state, "ana", "resign").state
    assert state.data["display"][2] == "L2-09"
    assert state.data["cubes"] == before
    assert ORBIS.to_act(state) == {"ben"}
    ORBIS.check_game_invariants(state)


def test_a_player_leaving_after_placing_ends_the_turn_with_the_refill() -> None:
    state = game()
    put_display(state, 1, "L1-06")  # Proselytism of any colour: a choice after placing
    state = play(state, "take:1", "place:start")
    assert codes(state)[0] == "gain:y"
    state = ORBIS.remove_seat(state, "ana", "resign").state
    assert state.data["display"][0] not in (None, "L1-06")
    assert ORBIS.to_act(state) == {"ben"}
    assert state.data["act"] is None and not state.data["frames"]


def test_the_game_ends_when_everyone_still_in_has_played_fifteen_turns() -> None:
    state = ORBIS.setup(SEATS[:3], "leave")
    state = ORBIS.remove_seat(state, state.seats[state.data["turn"]], "timeout").state
    while ORBIS.outcome(state) is None:
        seat = next(iter(ORBIS.to_act(state)))
        move = [m for m in ORBIS.legal_moves(state, seat) if m.code != "back"][0]
        state = ORBIS.apply(state, seat, move.code)
    outcome = ORBIS.outcome(state)
    assert outcome is not None
    left = state.out[0]
    assert outcome.ranking[-1] == (left,)
    assert all(
        b["turns"] == 15 for i, b in enumerate(state.data["boards"]) if state.seats[i] != left
    )
