"""Each of the 16 events by name (components 3.5, rulebook "Explication des événements").

Reference map for 2 players: lakes H02 H04 H09, forests H03 H05 H07, mountains H01 H06
H08. A test draws a given card by leaving it alone in the deck, then rolls a double
with ``events.on_double`` for the active player (seat 0 unless told).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import State
from rules.tribes import board as bd
from rules.tribes import events
from rules.tribes.event_state import events_of, slot_of
from tests.rules.tribes.event_helpers import next_cards, set_slot, take_out
from tests.rules.tribes.helpers import (
    at_actions,
    codes,
    give,
    play,
    record,
    script_dice,
    village,
    vp,
)


def _draw(state: State, card_id: str, player: int = 0) -> State:
    next_cards(state, card_id)
    events.on_double(state, player, record())
    return state


def _slot(state: State, slug: str) -> dict[str, Any]:
    found = slot_of(state, slug)
    assert found is not None
    return found


def _build_step(state: State) -> State:
    state.data["step"] = "build"
    state.data["used"] = ["grow", "travel"]
    state.data["pushed"] += state.data["hand"]
    state.data["hand"] = []
    return state


# ---------------------------------------------------------------- E01 Découverte


def test_discovery_pays_a_travel_into_a_hex_held_only_by_rivals() -> None:
    state = at_actions(members={"H05": [3, 0], "H06": [0, 2]}, hand=("blank", "sun"))
    _draw(state, "E01")
    assert _slot(state, "discovery")["stock"] == {"wood": 2, "food": 2, "stone": 2}
    state = play(state, "travel:blank", "from:h05", "to:h06", "n:1")
    assert "find:stone" in codes(state)
    state = play(state, "find:stone")
    assert state.data["players"][0]["resources"]["stone"] == 1
    assert _slot(state, "discovery")["stock"]["stone"] == 1
    # a second member into the same hex in the same Travel finds nothing more
    state = play(state, "from:h05", "to:h06")
    assert not any(c.startswith("find:") for c in codes(state))


# ---------------------------------------------------------------- E02 Sécheresse


def test_drought_lowers_the_limit_to_4_and_leaves_on_the_next_double() -> None:
    state = at_actions(members={"H05": [5, 0], "H06": [0, 3]})
    assert not events.population_limit(state, "H05") < 5
    _draw(state, "E02")
    assert events.population_limit(state, "H05") == 4
    from rules.tribes.crowding import conflict_hexes

    assert conflict_hexes(state) == ["H05"]
    _draw(state, "E06")
    assert slot_of(state, "drought") is None
    assert slot_of(state, "shared_knowledge") is not None


# -------------------------------------------------------------- E03 Envahisseurs


def test_invaders_land_on_the_least_populated_hex_the_roller_picks_among_equals() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E03")
    assert "hex:h05" not in codes(state) and len(codes(state)) == 7
    state = play(state, "hex:h09")
    assert state.data["invaders"]["H09"] == 3


def test_invaders_fight_the_tribe_sharing_their_hex_whatever_the_population() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, used=("grow",), hand=("sun",))
    state.data["invaders"]["H05"] = 3
    set_slot(state, 0, "E03")
    state = play(state, "lead:sun")  # draw goals; then the conflict step
    assert bd.members(state.data, "H05") == [0, 0]
    assert state.data["invaders"]["H05"] == 1


def test_invaders_leave_with_the_last_of_them() -> None:
    state = at_actions(members={"H05": [4, 0], "H06": [0, 3]}, used=("grow",), hand=("sun",))
    state.data["invaders"]["H05"] = 2
    set_slot(state, 0, "E03")
    state = play(state, "lead:sun")
    assert bd.members(state.data, "H05") == [2, 0]
    assert "H05" not in state.data["invaders"]
    assert slot_of(state, "invaders") is None and events_of(state)["discard"] == ["E03"]


def test_invaders_grow_on_a_double_and_march_on_the_most_populated_neighbour() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    state.data["invaders"]["H09"] = 3
    set_slot(state, 0, "E03")
    set_slot(state, 1, "E05", stock={"food": 8})
    set_slot(state, 2, "E01", stock={"wood": 1, "food": 0, "stone": 0})
    events.on_double(state, 0, record())
    assert state.data["invaders"]["H06"] == 4


def test_the_bow_may_shoot_an_invader() -> None:
    state = at_actions(members={"H05": [3, 0], "H06": [0, 3]}, used=("grow",), hand=("sun",))
    give(state, 0, done=["D4"])
    state.data["invaders"]["H05"] = 3
    set_slot(state, 0, "E03")
    state = play(state, "lead:sun")
    assert "bow:invaders" in codes(state)
    state = play(state, "bow:invaders")
    assert bd.members(state.data, "H05") == [1, 0]
    assert "H05" not in state.data["invaders"]


# ------------------------------------------------------------- E04 Hiver clément


def test_mild_winter_each_grow_eats_a_food_and_adds_a_member() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("blank", "sun"))
    _draw(state, "E04")
    assert _slot(state, "mild_winter")["stock"] == {"food": 2}
    state = play(state, "grow:blank")  # normal Grow: 3, +1 for the winter
    assert state.data["frames"][-1]["left"] == 4
    assert _slot(state, "mild_winter")["stock"] == {"food": 1}


# --------------------------------------------------- E05 Nourriture en abondance


def test_plenty_gives_2_more_food_per_different_lake_gathered() -> None:
    state = at_actions(members={"H02": [1, 0], "H09": [1, 0], "H06": [0, 3]}, hand=("sun", "moon"))
    _draw(state, "E05")
    assert _slot(state, "plenty")["stock"] == {"food": 8}
    state = play(state, "gather:sun", "at:h02", "at:h09", "at:h02")  # boosted: 3 x 2
    assert state.data["players"][0]["resources"]["food"] == 6 + 4
    assert _slot(state, "plenty")["stock"] == {"food": 4}


# ---------------------------------------------------------- E06 Savoir partagé


def test_shared_knowledge_one_resource_for_a_goal_once_per_turn() -> None:
    state = at_actions(members={"H05": [2, 1], "H06": [0, 3]})
    give(state, 0, wood=2)
    _draw(state, "E06")
    assert "lore:wood" in codes(state)
    state = play(state, "lore:wood")
    assert len(state.data["players"][0]["goals"]) == 1
    assert state.data["players"][0]["resources"]["wood"] == 1
    assert not any(c.startswith("lore:") for c in codes(state))


def test_shared_knowledge_needs_a_shared_hex() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    give(state, 0, wood=2)
    _draw(state, "E06")
    assert not any(c.startswith("lore:") for c in codes(state))


# ----------------------------------------------------------------- E07 Mammouth


def test_mammoth_tamed_after_two_own_turns_with_the_majority() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E07")
    state = play(state, "hex:h09")
    assert events_of(state)["mammoth"]["hex"] == "H09"
    bd.set_members(state.data, "H09", [2, 0])
    rec = record()
    events.end_turn(state, 0, rec)
    assert events_of(state)["mammoth"]["count"] == {"player": 0, "n": 1}
    events.end_turn(state, 0, rec)
    assert events_of(state)["mammoth"]["tamer"] == 0
    assert vp(state, 0) == 3
    assert slot_of(state, "mammoth") is None  # its slot is free again


def test_a_tamed_mammoth_left_alone_runs_away_with_its_3_vp() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("moon", "sun"))
    take_out(state, "E07")
    events_of(state)["mammoth"] = {"hex": "H05", "tamer": 0, "count": None}
    state.data["players"][0]["vp"][3] = 3
    state = play(state, "travel:moon", "from:h05", "to:h04", "n:2")
    # the Travel waits: the mammoth could still follow its tribe (version 2)
    assert codes(state) == ["mammoth:h04", "done"]
    state = play(state, "done")
    assert events_of(state)["mammoth"] is None
    assert vp(state, 0) == 0 and events_of(state)["discard"] == ["E07"]


def test_mammoth_follows_its_tribe_to_the_hex_a_travel_just_took() -> None:
    """Rulebook: with a Travel the tamed mammoth may go to any hex the tribe occupies;
    it runs away only if, the Travel over, its tribe has left it alone."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("moon", "sun"))
    take_out(state, "E07")
    events_of(state)["mammoth"] = {"hex": "H05", "tamer": 0, "count": None}
    state.data["players"][0]["vp"][3] = 3
    state = play(state, "travel:moon", "from:h05", "to:h04", "n:2")
    assert events_of(state)["mammoth"]["tamer"] == 0  # not gone while the Travel lasts
    state = play(state, "mammoth:h04")
    assert events_of(state)["mammoth"] == {"hex": "H04", "tamer": 0, "count": None}
    assert vp(state, 0) == 3
    assert not state.data["frames"]  # the Travel is over once the mammoth followed


def test_mammoth_moved_cannot_be_taken_back_with_the_die() -> None:
    state = at_actions(members={"H05": [2, 0], "H01": [1, 0], "H06": [0, 3]}, hand=("moon", "sun"))
    take_out(state, "E07")
    events_of(state)["mammoth"] = {"hex": "H05", "tamer": 0, "count": None}
    state = play(state, "travel:moon")
    assert "back" in codes(state)
    state = play(state, "mammoth:h01")
    assert "back" not in codes(state)


def test_mammoth_version_1_runs_away_in_the_middle_of_the_travel() -> None:
    """Games stored under rules version 1 keep the first reading."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("moon", "sun"))
    state.options["events_reviewed"] = False
    take_out(state, "E07")
    events_of(state)["mammoth"] = {"hex": "H05", "tamer": 0, "count": None}
    state.data["players"][0]["vp"][3] = 3
    state = play(state, "travel:moon", "from:h05", "to:h04", "n:2")
    assert events_of(state)["mammoth"] is None and vp(state, 0) == 0


def test_the_tamed_mammoth_follows_a_travel_for_free() -> None:
    state = at_actions(members={"H05": [2, 0], "H01": [1, 0], "H06": [0, 3]}, hand=("moon", "sun"))
    take_out(state, "E07")
    events_of(state)["mammoth"] = {"hex": "H05", "tamer": 0, "count": None}
    state = play(state, "travel:moon", "mammoth:h01")
    assert events_of(state)["mammoth"]["hex"] == "H01"
    assert not any(c.startswith("mammoth:") for c in codes(state))


def test_a_wild_mammoth_wanders_on_a_double_and_its_count_restarts() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3], "H01": [1, 1], "H02": [1, 1]})
    set_slot(state, 0, "E07")
    events_of(state)["mammoth"] = {"hex": "H09", "tamer": None, "count": {"player": 1, "n": 1}}
    _draw(state, "E16")  # the forest fire fills the next slot after the mammoth moved
    assert sorted(codes(state)) == ["hex:h03", "hex:h04", "hex:h07", "hex:h08", "hex:h09"]
    state = play(state, "hex:h03")
    assert events_of(state)["mammoth"] == {"hex": "H03", "tamer": None, "count": None}


# ------------------------------------------------------------------- E08 Tigre


def test_tiger_lands_on_a_mountain_and_strikes_each_tribe_there() -> None:
    state = at_actions(members={"H06": [2, 3], "H05": [1, 0]})
    _draw(state, "E08")
    assert sorted(codes(state)) == ["hex:h01", "hex:h06", "hex:h08"]
    state = play(state, "hex:h06")
    assert bd.members(state.data, "H06") == [1, 2]
    assert slot_of(state, "tiger") is not None  # it never leaves


def test_tiger_strike_destroys_a_village_left_empty() -> None:
    state = at_actions(members={"H06": [1, 3], "H05": [1, 0]})
    village(state, "H06", 0)
    _draw(state, "E08")
    state = play(state, "hex:h06")
    assert state.data["villages"].get("H06") is None


# ------------------------------------------------------------------- E09 Volcan


def test_volcano_rises_next_to_the_roller_erupts_and_goes_back_into_the_deck() -> None:
    state = at_actions(members={"H03": [2, 0], "H06": [0, 3]})
    _draw(state, "E09")
    from rules.tribes.event_effects import hexes_next_to

    assert all(code.startswith("spot:") for code in codes(state))
    frame = state.data["frames"][-1]  # only spots next to the roller's tribe (on H03)
    assert all("H03" in hexes_next_to(state, s) for s in frame["spots"])
    state = play(state, codes(state)[0])
    assert bd.count(state.data, "H03", 0) == 1
    ev = events_of(state)
    assert "E09" in ev["deck"] and slot_of(state, "volcano") is None


def test_hexes_next_to_the_volcano_may_give_stone() -> None:
    state = at_actions(members={"H03": [2, 0], "H06": [0, 3]}, hand=("blank", "sun"))
    events_of(state)["volcano"] = [-2, 1]  # next to H03 and H08
    state = play(state, "gather:blank")
    assert sorted(codes(state)) == ["at:h03:stone", "at:h03:wood", "back"]


# ---------------------------------------------- E10-E12 the cards to buy (T17)


def test_fortifications_bought_on_ones_turn_remove_an_attacker() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    give(state, 0, stone=4)
    _draw(state, "E10")
    assert "buy:fortifications" in codes(state)
    state = play(state, "buy:fortifications")
    assert state.data["players"][0]["acquired"] == ["fortifications"]
    assert state.data["players"][0]["resources"]["stone"] == 0
    assert slot_of(state, "fortifications") is None


def test_a_marker_per_double_lowers_the_price_until_the_card_is_discarded() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E11")
    slot = _slot(state, "canoe")
    for markers in (1, 2, 3):
        events.on_double(state, 0, record())
        slot = _slot(state, "canoe")
        assert slot["markers"] == markers
        if markers == 1:  # keep the other slots busy: no new card comes out
            set_slot(state, 1, "E04", stock={"food": 9})
            set_slot(state, 2, "E05", stock={"food": 9})
    events.on_double(state, 0, record())
    assert slot_of(state, "canoe") is None and "E11" in events_of(state)["discard"]


def test_fortifications_may_be_bought_before_the_roll_that_would_throw_them_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """T17: the cards are bought at any moment of one's own turn. With 3 markers a double
    would discard Fortifications, so p1 is asked before rolling (version 2)."""
    state = _build_step(at_actions(members={"H05": [2, 0], "H06": [0, 3]}))
    set_slot(state, 0, "E10", markers=3)
    next_cards(state, "E02")  # the double then draws Sécheresse
    give(state, 1, stone=1)
    script_dice(monkeypatch, [["moon", "moon"]])
    state = play(state, "end")
    assert codes(state) == ["buy:fortifications", "roll"]
    state = play(state, "buy:fortifications", "roll")
    assert state.data["players"][1]["acquired"] == ["fortifications"]
    assert state.data["hand"] == ["moon", "moon"] and not state.data["frames"]
    assert slot_of(state, "drought") is not None


def test_fortifications_not_asked_before_the_roll_when_a_double_would_not_discard_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _build_step(at_actions(members={"H05": [2, 0], "H06": [0, 3]}))
    set_slot(state, 0, "E10", markers=2)
    give(state, 1, stone=4)
    script_dice(monkeypatch, [["moon", "sun"]])
    state = play(state, "end")
    assert not state.data["frames"] and state.data["hand"] == ["moon", "sun"]
    old = _build_step(at_actions(members={"H05": [2, 0], "H06": [0, 3]}))
    old.options["events_reviewed"] = False  # version 1: the roll came first, always
    set_slot(old, 0, "E10", markers=3)
    give(old, 1, stone=1)
    script_dice(monkeypatch, [["moon", "sun"]])
    old = play(old, "end")
    assert not old.data["frames"] and old.data["hand"] == ["moon", "sun"]


def test_canoe_crosses_a_chain_of_lakes_in_one_move() -> None:
    state = at_actions(members={"H01": [1, 0], "H06": [0, 3]}, hand=("blank", "sun"))
    take_out(state, "E11")
    state.data["players"][0]["acquired"] = ["canoe"]
    state = play(state, "travel:blank", "from:h01")
    # H01 -> lake H04 -> (H04's neighbours H03, H08) and lake H02 -> H06
    assert {"to:h03", "to:h08", "to:h06", "to:h02", "to:h04"} <= set(codes(state))


def test_altar_costs_a_member_and_resources_and_gives_2_vp() -> None:
    state = at_actions(members={"H05": [2, 0], "H01": [1, 0], "H06": [0, 3]})
    give(state, 0, wood=1, food=1, stone=4)
    _draw(state, "E12")
    assert {"buy:altar:stone", "buy:altar:mix:food+stone+wood"} <= set(codes(state))
    state = play(state, "buy:altar:mix:food+stone+wood")
    assert "back" in codes(state)
    state = play(state, "hex:h01")
    assert bd.members(state.data, "H01") == [0, 0]
    assert vp(state, 0) == 2 and state.data["players"][0]["acquired"] == ["altar"]
    assert state.data["players"][0]["resources"] == {"wood": 0, "food": 0, "stone": 3}


def test_altar_prices_drop_with_the_markers() -> None:
    from rules.tribes.event_market import prices

    assert {"stone": 3} in prices({"id": "E12", "markers": 1})
    assert {"food": 1, "wood": 1} in prices({"id": "E12", "markers": 1})
    assert {"wood": 1} in prices({"id": "E12", "markers": 2})


def test_a_card_cannot_be_bought_without_its_price_in_both_languages() -> None:
    from rules.i18n import translate
    from rules.tribes import TRIBES_GAME as GAME

    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E10")
    error = GAME.explain_illegal(state, "p0", "buy:fortifications")
    assert error.key == "tribes.illegal.buy_cost"
    assert "Fortifications" in translate(error.key, "fr", **error.params)


# ----------------------------------------------------- E13 Grand Chef (T21)


def test_great_chief_rewards_the_most_villages_and_ties_get_one() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3], "H01": [1, 0]})
    village(state, "H05", 0)
    village(state, "H01", 0)
    village(state, "H06", 1)
    _draw(state, "E13")
    assert (vp(state, 0), vp(state, 1)) == (2, 0)
    assert events_of(state)["discard"][-1] == "E13"
    village(state, "H09", 1)
    bd.set_members(state.data, "H09", [0, 1])
    state.data["players"][1]["supply"] -= 1
    _draw(state, "E13")
    assert (vp(state, 0), vp(state, 1)) == (3, 1)


# ------------------------------------------------------ E14 Village abandonné


def test_abandoned_village_goes_to_the_first_tribe_ending_its_turn_in_control() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E14")
    state = play(state, "hex:h09")
    assert events_of(state)["abandoned"] == "H09"
    assert state.data["village_supply"] == 10
    bd.set_members(state.data, "H09", [1, 0])
    state.data["players"][0]["supply"] -= 1
    state = _build_step(state)
    assert "village:h09" not in codes(state)
    state = play(state, "end")
    assert state.data["villages"].get("H09") == 0
    assert events_of(state)["abandoned"] is None and slot_of(state, "abandoned_village") is None


# ---------------------------------------------------------------- E15 Migration


def test_migration_lets_every_tribe_move_two_members_starting_with_the_roller() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E15")
    assert state.data["frames"][-1]["player"] == 0
    state = play(state, "mig:h05", "migto:h04", "mig:end")
    assert state.data["frames"][-1]["player"] == 1
    state = play(state, "mig:h06", "migto:h07", "mig:h06", "migto:h07")
    assert not state.data["frames"]
    assert bd.members(state.data, "H07") == [0, 2]
    assert bd.members(state.data, "H04") == [1, 0]


# ----------------------------------------------------------- E16 Feu de forêt


def test_forest_fire_strikes_a_forest_that_then_gives_nothing_and_takes_no_village() -> None:
    state = at_actions(members={"H05": [3, 1], "H06": [0, 3]}, hand=("blank", "sun"))
    _draw(state, "E16")
    assert sorted(codes(state)) == ["hex:h03", "hex:h05", "hex:h07"]
    state = play(state, "hex:h05")
    assert bd.members(state.data, "H05") == [2, 0]
    assert events_of(state)["burnt"] == "H05"
    state = play(state, "gather:blank")  # nothing to gather on a burnt forest
    assert state.data["players"][0]["resources"]["wood"] == 0
    events.on_double(state, 0, record())  # the next double puts the fire out
    assert events_of(state)["burnt"] is None


def test_volcano_drawn_again_erupts_where_it_stands() -> None:
    state = at_actions(members={"H03": [2, 0], "H08": [1, 2], "H06": [0, 3]})
    events_of(state)["volcano"] = [-2, 1]  # next to H03 and H08
    _draw(state, "E09")
    assert not state.data["frames"]
    assert bd.members(state.data, "H03") == [1, 0]
    assert bd.members(state.data, "H08") == [0, 1]
    assert "E09" in events_of(state)["deck"]


def test_great_chief_rewards_nobody_without_villages() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    _draw(state, "E13")
    assert (vp(state, 0), vp(state, 1)) == (0, 0)


def test_mild_winter_grow_cannot_be_taken_back_once_its_food_is_eaten() -> None:
    """Rulebook: the food goes each time Grow is chosen; taking the die back would leave
    it eaten, so the Grow stays chosen (version 2)."""
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("blank", "sun"))
    set_slot(state, 0, "E04", stock={"food": 2})
    state = play(state, "grow:blank")
    assert "back" not in codes(state)
    assert _slot(state, "mild_winter")["stock"] == {"food": 1}
    old = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("blank", "sun"))
    old.options["events_reviewed"] = False  # version 1 offered it (and lost the food)
    set_slot(old, 0, "E04", stock={"food": 2})
    old = play(old, "grow:blank")
    assert "back" in codes(old)


def test_mild_winter_leaves_with_its_last_food() -> None:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]}, hand=("blank", "sun"))
    set_slot(state, 0, "E04", stock={"food": 1})
    state = play(state, "grow:blank")
    assert slot_of(state, "mild_winter") is None


def test_shared_knowledge_refusal_is_worded_in_both_languages() -> None:
    from rules.i18n import translate
    from rules.tribes import TRIBES_GAME as GAME

    state = at_actions(members={"H05": [2, 0], "H06": [0, 3]})
    error = GAME.explain_illegal(state, "p0", "lore:wood")
    assert error.key == "tribes.illegal.lore_inactive"
    assert translate(error.key, "en") != translate(error.key, "fr") != error.key
