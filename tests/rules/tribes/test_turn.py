"""The five steps of a turn: village points, the roll, two actions, villages, the 15-VP win."""

from __future__ import annotations

import json

import pytest

from rules.base import IllegalMove
from rules.i18n import translate
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes.actions import strength
from tests.rules.tribes.helpers import (
    at_actions,
    codes,
    give,
    members,
    play,
    script_dice,
    village,
    vp,
)


def test_strength_from_three_dice() -> None:
    assert strength(["moon", "moon", "sun"]) == "reduced"
    assert strength(["sun", "blank", "sun"]) == "boosted"
    assert strength(["sun", "moon", "blank"]) == "normal"
    assert strength(["moon", "moon", "moon"]) == "reduced"
    assert strength(["moon", "moon", "sun"], fire=True) == "normal"


def test_a_die_enters_left_and_pushes_the_rightmost_out() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("moon", "sun"))
    state = play(state, "lead:moon")
    assert state.data["board"]["lead"] == ["moon", "sun", "moon"]
    assert state.data["pushed"] == ["blank"] and state.data["hand"] == ["sun"]


def test_two_different_actions() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("sun", "sun"))
    assert codes(state) == ["grow:sun", "travel:sun", "gather:sun", "lead:sun"]
    state = play(state, "lead:sun")
    assert "lead:sun" not in codes(state)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, "p0", "lead:sun")
    assert refused.value.key == "tribes.illegal.action_used"


def test_the_pushed_dice_are_the_next_players_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    rolls = script_dice(monkeypatch, [["moon", "moon"]])
    state = at_actions(members={"H05": [2, 0], "H01": [0, 2]}, hand=("sun", "moon"))
    state = play(state, "lead:sun")
    state = play(state, "grow:moon", "done")
    assert rolls == [["moon", "moon"]]  # two dice for the next player
    assert state.data["turn"] == 1 and state.data["hand"] == ["moon", "moon"]
    assert state.data["pushed"] == []


def test_back_takes_the_die_back_before_anything_happened() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("sun", "moon"))
    before = json.dumps(state.data, sort_keys=True)
    state = play(state, "grow:sun")
    assert codes(state)[-1] == "back"
    state = play(state, "back")
    assert json.dumps(state.data, sort_keys=True) == before
    state = play(state, "grow:sun", "add:h05")
    assert "back" not in codes(state)


def test_grow_only_on_hexes_held_when_it_began_and_from_the_supply() -> None:
    state = at_actions(members={"H05": [2, 0], "H01": [0, 3]}, hand=("sun", "moon"))
    state.data["players"][0]["supply"] = 2
    state.data["players"][0]["resources"]["wood"] = 0
    state.data["hexes"]["H09"]["members"][0] = 16
    state = play(state, "grow:sun")  # boosted: 4, but only 2 in the supply
    assert codes(state) == ["add:h05", "add:h09", "fill:h05", "fill:h09", "done", "back"]
    state = play(state, "add:h05", "add:h05")
    assert members(state, "H05") == [4, 0] and state.data["players"][0]["supply"] == 0
    assert state.data["frames"] == []


def test_grow_fill_puts_every_member_left_on_one_hex() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [1, 0]}, hand=("sun", "moon"))
    state = play(state, "grow:sun", "add:h06")
    assert "fill:h05" in codes(state)
    state = play(state, "fill:h05")
    assert members(state, "H05") == [5, 0] and members(state, "H06") == [2, 0]
    assert state.data["frames"] == []


def test_travel_moves_each_member_once_per_turn() -> None:
    state = at_actions(members={"H05": [3, 0]}, hand=("sun", "moon"))
    state = play(state, "travel:sun", "from:h05", "to:h06", "n:2")
    # the two that arrived on H06 cannot go on; one member is left to move on H05
    assert codes(state) == ["from:h05", "done"]
    state = play(state, "from:h05", "to:h04")
    assert members(state, "H04") == [1, 0] and members(state, "H06") == [2, 0]


def test_travel_ignores_opponents_and_terrain() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 4]}, hand=("sun", "moon"))
    state = play(state, "travel:sun", "from:h05", "to:h06", "n:2")
    assert members(state, "H06") == [2, 4]


def test_a_village_left_empty_by_travel_is_lost_at_once() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("sun", "moon"))
    village(state, "H05", 0)
    state = play(state, "travel:sun", "from:h05", "to:h06", "n:2")
    assert state.data["hexes"]["H05"]["village"] is None


def test_gather_may_select_a_hex_again() -> None:
    state = at_actions(members={"H05": [1, 0], "H04": [1, 0]}, hand=("sun", "moon"))
    state = play(state, "gather:sun", "at:h04", "at:h04", "at:h05")
    assert state.data["players"][0]["resources"] == {"wood": 2, "food": 4, "stone": 0}


def test_lead_discards_one_card_per_village_under_the_deck_first() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [1, 0]}, hand=("sun", "moon"))
    village(state, "H05", 0)
    give(state, 0, goals=["A1", "A2"])
    deck = state.data["players"][0]["deck"]
    top_two = deck[-2:]
    state = play(state, "lead:moon")  # moon, sun, moon: reduced, 1 card
    assert codes(state) == ["discard:a1", "discard:a2", "draw", "back"]
    state = play(state, "discard:a2")
    assert codes(state) == ["draw", "back"]  # one village, one discard
    state = play(state, "draw")
    mine = state.data["players"][0]
    assert mine["goals"] == ["A1", *reversed(top_two)]
    assert mine["deck"][0] == "A2"


def test_a_village_at_the_tribes_cost() -> None:
    state = at_actions(
        members={"H05": [2, 0]}, hand=("blank",), used=("lead",), tribes=("kaha", "kiror")
    )
    give(state, 0, wood=2, food=2)
    state = play(state, "grow:blank", "done")
    assert codes(state) == ["village:h05", "end"]
    state = play(state, "village:h05")
    assert state.data["hexes"]["H05"]["village"] == 0
    assert state.data["players"][0]["resources"] == {"wood": 0, "food": 0, "stone": 0}
    assert not state.data["village_aside"] and state.data["village_supply"] == 11
    assert state.data["turn"] == 1


def test_a_cost_with_a_free_resource_asks_which_one() -> None:
    state = at_actions(
        members={"H05": [2, 0]}, hand=("blank",), used=("lead",), tribes=("tunga", "kiror")
    )
    give(state, 0, wood=2, food=1, stone=2)
    state = play(state, "grow:blank", "done", "village:h05")
    assert codes(state) == ["pay:wood", "pay:stone", "back"]
    state = play(state, "pay:stone")
    assert state.data["players"][0]["resources"] == {"wood": 1, "food": 0, "stone": 0}


def test_one_village_per_hex_and_twelve_pawns() -> None:
    state = at_actions(
        members={"H05": [2, 0], "H06": [1, 0]},
        hand=("blank",),
        used=("lead",),
        tribes=("kaha", "kiror"),
    )
    give(state, 0, wood=9, food=9)
    village(state, "H05", 0)
    state = play(state, "grow:blank", "done")
    assert codes(state) == ["village:h06", "end"]
    state.data["village_supply"] = 0
    assert codes(state) == ["end"]


def test_village_points_at_the_start_of_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    script_dice(monkeypatch, [["sun", "moon"]])
    state = at_actions(
        members={"H05": [2, 0], "H01": [0, 2], "H02": [0, 1]}, hand=("blank",), used=("lead",)
    )
    village(state, "H01", 1)
    village(state, "H02", 1)
    state = play(state, "grow:blank", "done")
    assert state.data["turn"] == 1 and vp(state, 1) == 2
    assert state.data["players"][1]["vp"]["villages"] == 2


def test_fifteen_vp_at_step_one_win_before_the_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    rolls = script_dice(monkeypatch, [])
    state = at_actions(members={"H05": [2, 0], "H01": [0, 2]}, hand=("blank",), used=("lead",))
    village(state, "H01", 1)
    state.data["players"][1]["vp"]["achievements"] = 14
    state = play(state, "grow:blank", "done")
    assert rolls == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("p1",)
    assert not GAME.to_act(state)


def test_fifteen_vp_win_in_the_middle_of_step_five() -> None:
    state = at_actions(
        members={"H01": [1, 0], "H02": [1, 0], "H03": [1, 0]}, hand=("blank",), used=("lead",)
    )
    give(state, 0, goals=["A6", "A5"])
    state.data["players"][0]["vp"]["villages"] = 12
    state = play(state, "grow:blank", "done")
    assert codes(state) == ["goal:a6", "end"]
    state = play(state, "goal:a6")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("p0",)
    assert outcome.scores == {"p0": 15, "p1": 0}
    assert not GAME.to_act(state) and state.data["frames"] == []
    view = GAME.view(state, None)
    assert view["winner"] == "p0" and view["over"]


def test_refusals_are_explained_in_both_languages() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("sun", "moon"))
    for code, key in [
        ("grow:blank", "tribes.illegal.no_die"),
        ("village:h05", "tribes.illegal.not_build"),
        ("back", "tribes.illegal.back"),
        ("goal:a1", "tribes.illegal.not_build"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, "p0", code)
        assert refused.value.key == key
        for lang in ("en", "fr"):
            assert translate(refused.value.key, lang, **refused.value.params) != key


def test_a_seat_leaving_on_its_turn_passes_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    script_dice(monkeypatch, [["sun", "sun"]])
    state = at_actions(3, members={"H05": [2, 1, 0], "H01": [0, 0, 3]}, hand=("sun", "moon"))
    village(state, "H05", 0)
    state = play(state, "grow:sun")
    state = GAME.remove_seat(state, "p0", "resign").state
    assert state.data["turn"] == 1 and members(state, "H05") == [0, 1, 0]
    assert state.data["hexes"]["H05"]["village"] is None
    GAME.check_game_invariants(state)
    assert GAME.legal_moves(state, "p1")


def test_the_public_view_is_json_and_hides_no_seat() -> None:
    state = at_actions(members={"H05": [2, 1]}, hand=("sun", "moon"))
    view = GAME.view(state, None)
    json.dumps(view)
    assert view == GAME.view(state, "p0")
    for key in ("map", "board", "roll", "hand", "pushed", "step", "active", "players", "villages"):
        assert key in view
    hexes = {h["id"]: h for h in view["map"]["hexes"]}
    assert hexes["H05"]["members"] == {"p0": 2, "p1": 1}
    assert view["board"]["grow"]["if"] == {"sun": "boosted", "moon": "reduced"}
    assert view["players"]["p0"]["deck"] == 14
    sections = GAME.private_sections(state, "p0")
    assert sections and all(translate(t, "fr") != t.key for t in sections[0].lines)


def test_refusals_inside_a_decision_name_the_rule() -> None:
    state = at_actions(members={"H03": [3, 0]}, hand=("sun", "moon"))
    state = play(state, "travel:sun", "from:h03")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, "p0", "to:h09")
    assert refused.value.key == "tribes.illegal.travel_reach"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, "p0", "village:h03")
    assert refused.value.key == "tribes.illegal.pending"
