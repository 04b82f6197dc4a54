"""What an action gives a player (``rules.tribes.values``): the engine's numbers and the
public view's, which the picture draws, are the same; Lead with an empty deck.

Reference map for 2 players: lakes H02 H04 H09, forests H03 H05 H07, mountains H01 H06
H08. Starting dice on every action, entry slot first: sun, moon, blank; so a sun
placed boosts the action, a moon reduces it, a blank leaves it normal.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes.values import action_values, improvements
from tests.rules.tribes.event_helpers import set_slot
from tests.rules.tribes.helpers import at_actions, codes, give, play, village

STRENGTH_OF = {"moon": "reduced", "blank": "normal", "sun": "boosted"}


def _board(state: State, action: str) -> dict[str, Any]:
    found: dict[str, Any] = GAME.view(state, None)["board"][action]
    return found


def _shown(state: State, action: str, key: str) -> list[int]:
    """The view's value ``key`` of ``action`` for the player to act, reduced first."""
    values = _board(state, action)["active"]["values"]
    return [values[s][key] for s in ("reduced", "normal", "boosted")]


def test_without_developments_the_board_shows_the_printed_values() -> None:
    state = at_actions(members={"H05": [2, 0]})
    for action, key in (("grow", "members"), ("travel", "members"), ("lead", "cards")):
        board = _board(state, action)
        printed = [board["values"][s][key] for s in ("reduced", "normal", "boosted")]
        assert _shown(state, action, key) == printed
        assert board["active"] == {**board["active"], "seat": "p0", "from": []}
    assert _shown(state, "travel", "reach") == [1, 1, 1]
    assert _shown(state, "gather", "extra") == [0, 0, 0]


def test_oxen_adds_a_member_to_grow_for_its_owner_only() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 2]})
    give(state, 0, done=["D2"])
    assert _shown(state, "grow", "members") == [3, 4, 5]
    assert _board(state, "grow")["active"]["from"] == ["D2"]
    state.data["turn"] = 1  # the other tribe's turn: no Oxen there
    assert _shown(state, "grow", "members") == [2, 3, 4]
    assert _board(state, "grow")["active"]["seat"] == "p1"


def test_a_player_with_horse_sees_the_improved_travel_and_one_without_the_base() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 2]})
    give(state, 1, done=["D3"])
    assert _shown(state, "travel", "members") == [2, 3, 4]
    assert _shown(state, "travel", "reach") == [1, 1, 1]
    state.data["turn"] = 1
    assert _shown(state, "travel", "members") == [3, 4, 5]
    assert _shown(state, "travel", "reach") == [2, 2, 2]


def test_cave_paintings_and_basketry_show_on_lead_and_gather() -> None:
    state = at_actions(members={"H05": [2, 0]})
    give(state, 0, done=["D7", "D1"])
    assert _shown(state, "lead", "cards") == [2, 3, 4]
    assert _shown(state, "gather", "extra") == [1, 1, 1]
    assert _shown(state, "gather", "hexes") == [1, 2, 3]
    assert improvements(state, 0, "lead") == ["D7"] and improvements(state, 0, "gather") == ["D1"]


def test_mild_winter_adds_a_member_to_everyones_grow_while_it_lasts() -> None:
    state = at_actions(members={"H05": [2, 0]})
    set_slot(state, 0, "E04", stock={"food": 2})
    assert _shown(state, "grow", "members") == [3, 4, 5]
    assert _board(state, "grow")["active"]["from"] == ["E04"]


@pytest.mark.parametrize("face", ["sun", "moon", "blank"])
def test_the_engine_gives_what_the_board_shows(face: str) -> None:
    """Every improvement at once; each action started with ``face`` gives the view's
    number for that strength."""
    power = STRENGTH_OF[face]
    base = at_actions(members={"H05": [2, 0], "H06": [1, 0]}, hand=(face, "blank"))
    give(base, 0, done=["D1", "D2", "D3", "D7"])
    set_slot(base, 0, "E04", stock={"food": 2})
    shown = {a: _board(base, a)["active"]["values"][power] for a in ("grow", "travel", "lead")}
    assert shown["grow"] == action_values(base, 0, "grow", power)

    grow = play(base, f"grow:{face}")
    assert grow.data["frames"][-1]["left"] == shown["grow"]["members"]

    travel = play(base, f"travel:{face}")
    frame = travel.data["frames"][-1]
    assert (frame["left"], frame["reach"]) == (
        shown["travel"]["members"],
        shown["travel"]["reach"],
    )

    lead = play(base, f"lead:{face}")
    assert len(lead.data["players"][0]["goals"]) == shown["lead"]["cards"]


def test_basketry_gives_the_extra_the_board_shows() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("moon", "blank"))
    give(state, 0, done=["D1"])
    extra = _board(state, "gather")["active"]["values"]["reduced"]["extra"]
    state = play(state, "gather:moon")  # one selection of 2 wood, then Basketry
    assert state.data["players"][0]["resources"]["wood"] == 2 + extra


def test_fire_shows_where_it_would_lift_a_reduced_action_while_unused() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("moon", "sun"))
    give(state, 0, done=["D6"])
    board = _board(state, "grow")  # moon, sun, moon: reduced; Fire makes it normal
    assert board["if"] == {"moon": "reduced", "sun": "boosted"}
    assert board["if_fire"] == {"moon": "normal"}
    assert "grow:moon:fire" in codes(state)
    state = play(state, "grow:moon:fire", "done")
    assert _board(state, "travel")["if_fire"] == {}  # once per turn


def test_no_fire_entry_without_the_development() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("moon", "sun"))
    assert all(_board(state, a)["if_fire"] == {} for a in ("grow", "travel", "gather", "lead"))


# ------------------------------------------------------------ Lead, deck empty


def _deck_of(state: State, n: int, player: int = 0) -> None:
    """Leave the top ``n`` cards in the deck; the others are in progress (completed
    ones would switch developments on)."""
    mine = state.data["players"][player]
    cut = len(mine["deck"]) - n
    mine["goals"] += mine["deck"][:cut]
    mine["deck"] = mine["deck"][cut:]


def test_lead_with_an_empty_deck_is_still_an_action_and_says_no_card_came() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("blank", "sun"))
    _deck_of(state, 0)
    goals = list(state.data["players"][0]["goals"])
    assert "lead:blank" in codes(state)
    after = play(state, "lead:blank")
    assert after.data["board"][9:12] == ["blank", "sun", "moon"]  # the die was placed
    assert after.data["players"][0]["goals"] == goals
    assert [n["key"] for n in after.last["notes"]] == [
        "tribes.note.action",
        "tribes.note.drew_none",  # not "draws 0 goal card(s): "
    ]


def test_lead_does_not_ask_for_discards_the_deck_would_give_back() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("blank", "sun"))
    village(state, "H05", 0)
    _deck_of(state, 2)  # a normal Lead draws 2
    state = play(state, "lead:blank")
    assert not state.data["frames"]
    assert state.data["players"][0]["deck"] == []


def test_lead_asks_for_discards_when_the_deck_holds_more_than_it_draws() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("blank", "sun"))
    village(state, "H05", 0)
    give(state, 0, goals=["A1"])
    _deck_of(state, 3)
    state = play(state, "lead:blank")
    assert codes(state)[-2:] == ["draw", "back"] and "discard:a1" in codes(state)


def test_rules_version_1_games_keep_asking_for_discards() -> None:
    assert GAME.check_rules_version(1, {"map": "reference"})["lead_discards"] == "always"
    assert GAME.check_rules_version(2, {})["lead_discards"] == "useful"
    state = at_actions(members={"H05": [2, 0]}, hand=("blank", "sun"))
    state.options["lead_discards"] = "always"
    village(state, "H05", 0)
    _deck_of(state, 0)
    state = play(state, "lead:blank")
    assert codes(state)[-2:] == ["draw", "back"] and "discard:a1" in codes(state)
    assert [m.label.params["n"] for m in GAME.legal_moves(state, "p0") if m.code == "draw"] == [0]


# ------------------------------------------------------------------- Autel


def test_the_altar_card_and_its_buy_move_show_the_member_it_costs() -> None:
    from rules.i18n import translate

    state = at_actions(members={"H05": [2, 0]})
    give(state, 0, wood=1, food=1, stone=1)
    set_slot(state, 0, "E12", markers=0)
    (slot, *_) = GAME.view(state, None)["events"]["slots"]
    assert slot["members"] == 1
    (buy,) = [m for m in GAME.legal_moves(state, "p0") if m.code.startswith("buy:")]
    assert buy.label.params["cost"][-1] == "@tribes.cost.member.1"
    assert "1 member from the map" in translate(buy.label, "en")
    assert "1 membre du plateau" in translate(buy.label, "fr")
    set_slot(state, 1, "E10", markers=0)  # Fortifications: resources only
    assert "members" not in GAME.view(state, None)["events"]["slots"][1]
