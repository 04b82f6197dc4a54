"""Goal cards (components 3.4): every development's ability and every achievement."""

from __future__ import annotations

import pytest

from rules.base import State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import goals as gl
from rules.tribes.components import GOALS
from tests.rules.tribes.helpers import at_actions, codes, give, members, play, vp


def _build_step(members_: dict[str, list[int]], players: int = 2) -> State:
    """Player 0 with one action left (Grow), ``members_`` on the map."""
    return at_actions(players, members=members_, hand=("blank",), used=("lead",))


def _to_build(state: State) -> State:
    """Finish step 3 with an empty Grow (the map unchanged): step 5 comes next."""
    return play(state, "grow:blank", "done")


# ----------------------------------------------------------------------------- developments


def test_developments_cost_resources_and_give_1_vp() -> None:
    state = _build_step({"H05": [2, 0]})
    give(state, 0, goals=["D2"], food=3)
    state = _to_build(state)
    assert "goal:d2" in codes(state)
    state = play(state, "goal:d2")
    assert vp(state, 0) == 1 and state.data["players"][0]["resources"]["food"] == 0
    assert state.data["players"][0]["done"] == ["D2"]


def test_a_development_out_of_reach_is_not_offered() -> None:
    state = _build_step({"H05": [2, 0]})
    give(state, 0, goals=["D2", "D3"], food=2)
    state = _to_build(state)
    assert state.data["turn"] == 1  # nothing to do at step 5: the turn ended by itself


def test_d1_basketry_one_more_of_a_type_gathered() -> None:
    state = at_actions(members={"H05": [2, 0]})  # H05 is a forest
    give(state, 0, done=["D1"])
    state = play(state, "gather:blank")  # blank, sun, moon: normal, 2 x 2
    assert state.data["players"][0]["resources"]["wood"] == 5


def test_d1_basketry_asks_which_type_when_several() -> None:
    state = at_actions(members={"H05": [2, 0], "H04": [1, 0]})  # forest, lake
    give(state, 0, done=["D1"])
    state = play(state, "gather:blank", "at:h05", "at:h04")
    assert codes(state) == ["extra:wood", "extra:food"]
    state = play(state, "extra:food")
    assert state.data["players"][0]["resources"] == {"wood": 2, "food": 3, "stone": 0}


def test_d2_oxen_one_more_member_per_grow() -> None:
    state = at_actions(members={"H05": [2, 0]})
    give(state, 0, done=["D2"])
    state = play(state, "grow:blank")
    assert state.data["frames"][-1]["left"] == 4


def test_d3_horse_one_more_member_and_two_hexes() -> None:
    state = at_actions(members={"H03": [5, 0]})
    give(state, 0, done=["D3"])
    state = play(state, "travel:blank")
    assert state.data["frames"][-1]["left"] == 4
    state = play(state, "from:h03")
    # H03 touches H04 only; H01, H05, H08 are two hexes away.
    assert codes(state) == ["to:h01", "to:h04", "to:h05", "to:h08", "back"]
    state = play(state, "to:h05", "n:4")
    assert members(state, "H05") == [4, 0]


def test_without_horse_one_hex_only() -> None:
    state = at_actions(members={"H03": [5, 0]})
    state = play(state, "travel:blank", "from:h03")
    assert codes(state) == ["to:h04", "back"]


def test_d4_bow_is_in_the_conflict_tests() -> None:
    assert GOALS["D4"].kind == "bow"


def test_d6_fire_turns_a_moon_into_a_blank_once_per_turn() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("moon", "moon"))
    give(state, 0, done=["D6"])
    state.data["board"]["grow"] = ["moon", "blank", "blank"]
    state.data["board"]["travel"] = ["moon", "blank", "blank"]
    assert "grow:moon:fire" in codes(state)
    state = play(state, "grow:moon:fire")
    assert state.data["frames"][-1]["left"] == 3  # normal instead of reduced
    state = play(state, "done")
    assert "travel:moon:fire" not in codes(state)


def test_d6_fire_is_only_offered_where_it_helps() -> None:
    state = at_actions(members={"H05": [2, 0]}, hand=("moon", "moon"))
    give(state, 0, done=["D6"])
    state.data["board"]["grow"] = ["moon", "moon", "blank"]  # three moons: still reduced
    assert "grow:moon:fire" not in codes(state)


def test_d5_spear_is_in_the_conflict_tests() -> None:
    assert GOALS["D5"].kind == "village_defence"


def test_d7_cave_paintings_one_more_card() -> None:
    state = at_actions(members={"H05": [2, 0]})
    give(state, 0, done=["D7"])
    state = play(state, "lead:blank")
    assert len(state.data["players"][0]["goals"]) == 3


def test_d8_pottery_swaps_with_a_neighbour_once_per_turn() -> None:
    state = at_actions(3, members={"H05": [2, 1, 0]})
    give(state, 0, done=["D8"], wood=2)
    give(state, 1, stone=1)
    assert "pottery" in codes(state)
    tribe = state.data["players"][1]["tribe"]
    state = play(state, "pottery")
    assert codes(state) == [f"swap:{tribe}:stone", "back"]
    state = play(state, f"swap:{tribe}:stone")
    assert codes(state) == ["give:wood", "back"]
    state = play(state, "give:wood")
    assert state.data["players"][0]["resources"] == {"wood": 1, "food": 0, "stone": 1}
    assert state.data["players"][1]["resources"] == {"wood": 1, "food": 0, "stone": 0}
    assert "pottery" not in codes(state)


def test_d8_pottery_needs_a_shared_hex() -> None:
    state = at_actions(3, members={"H05": [2, 0, 0], "H06": [0, 1, 0]})
    give(state, 0, done=["D8"], wood=2)
    give(state, 1, stone=1)
    assert "pottery" not in codes(state)


def test_pottery_leaves_the_decks_at_two_players() -> None:
    two = GAME.setup(["a", "b"], "s")
    three = GAME.setup(["a", "b", "c"], "s")
    assert all("D8" not in p["deck"] and len(p["deck"]) == 14 for p in two.data["players"])
    assert all("D8" in p["deck"] and len(p["deck"]) == 15 for p in three.data["players"])


# ----------------------------------------------------------------------------- achievements


def _holds(goal: str, members_: dict[str, list[int]], players: int = 2, villages: int = 0) -> bool:
    state = at_actions(players, members=members_)
    for h in list(members_)[:villages]:
        state.data["hexes"][h]["village"] = 0
    return gl.condition_holds(state, 0, GOALS[goal])


def test_a1_clan_twelve_members_on_the_map() -> None:
    assert _holds("A1", {"H01": [4, 0], "H02": [4, 0], "H03": [4, 0]})
    assert not _holds("A1", {"H01": [4, 0], "H02": [4, 0], "H03": [3, 0]})


@pytest.mark.parametrize(
    ("goal", "pair"),
    [("A2", ("H02", "H04")), ("A3", ("H03", "H05")), ("A4", ("H01", "H06"))],
)
def test_a2_a4_majority_on_two_hexes_of_a_terrain(goal: str, pair: tuple[str, str]) -> None:
    a, b = pair
    assert _holds(goal, {a: [2, 1], b: [1, 0]})
    assert not _holds(goal, {a: [2, 2], b: [1, 0]})  # a tie is no majority (T8)
    assert not _holds(goal, {a: [2, 1]})


def test_majority_beats_all_others_together() -> None:
    assert not _holds("A3", {"H01": [3, 2, 1], "H06": [1, 0, 0]}, players=3)
    assert _holds("A3", {"H01": [4, 2, 1], "H06": [1, 0, 0]}, players=3)


def test_a5_wanderers_every_terrain_and_five_hexes() -> None:
    spread = {"H01": [1, 0], "H02": [1, 0], "H03": [1, 0], "H04": [1, 0], "H06": [1, 0]}
    assert _holds("A5", spread)
    assert not _holds("A5", {h: c for h, c in spread.items() if h != "H06"})
    only_two = {"H01": [1, 0], "H06": [1, 0], "H08": [1, 0], "H02": [1, 0], "H04": [1, 0]}
    assert not _holds("A5", only_two)  # mountains and lakes only


def test_a6_domination_control_three_hexes() -> None:
    assert _holds("A6", {"H01": [1, 0], "H02": [1, 0], "H03": [1, 0]})
    assert not _holds("A6", {"H01": [1, 0], "H02": [1, 0], "H03": [5, 1]})


def test_a7_chiefdom_three_villages() -> None:
    assert _holds("A7", {"H01": [1, 0], "H02": [1, 0], "H03": [1, 0]}, villages=3)
    assert not _holds("A7", {"H01": [1, 0], "H02": [1, 0], "H03": [1, 0]}, villages=2)


def test_achievements_score_their_value() -> None:
    state = _build_step({"H01": [1, 0], "H02": [1, 0], "H03": [1, 0]})
    give(state, 0, goals=["A6"])
    state = _to_build(state)
    state = play(state, "goal:a6")
    assert vp(state, 0) == 3
    assert state.data["players"][0]["vp"]["achievements"] == 3


def test_a_goal_may_be_left_undone() -> None:
    state = _build_step({"H01": [1, 0], "H02": [1, 0], "H03": [1, 0]})
    give(state, 0, goals=["A6"])
    state = play(_to_build(state), "end")
    assert state.data["players"][0]["goals"] == ["A6"] and vp(state, 0) == 0
