"""Step 4: conflicts above the population limit (rulebook "Résolution des conflits", T6, T9)."""

from __future__ import annotations

from rules.base import State
from rules.tribes import conflicts as cf
from tests.rules.tribes.helpers import at_actions, codes, give, members, play, record, village


def _last_action(state_members: dict[str, list[int]], players: int = 2) -> State:
    """Player 0 has Lead done and a blank die left for Grow: ``grow:blank`` then ``done``
    ends step 3 without changing the map, so step 4 runs on ``state_members``."""
    return at_actions(players, members=state_members, hand=("blank",), used=("lead",))


def test_two_tribes_remove_one_each_until_one_is_left() -> None:
    state = _last_action({"H05": [4, 3]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [1, 0]
    assert state.data["players"][1]["supply"] == 20


def test_equal_tribes_can_empty_the_hex() -> None:
    state = _last_action({"H05": [3, 3]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [0, 0]


def test_three_tribes() -> None:
    state = _last_action({"H07": [2, 4, 3]}, players=3)
    state = play(state, "grow:blank", "done")
    assert members(state, "H07") == [0, 1, 0]


def test_one_tribe_above_the_limit_trims_to_it() -> None:
    state = _last_action({"H05": [7, 0]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [5, 0]
    assert state.data["players"][0]["supply"] == 15


def test_a_tribe_left_alone_above_the_limit_is_trimmed_too() -> None:
    state = _last_action({"H05": [9, 1]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [5, 0]


def test_five_members_is_no_conflict() -> None:
    state = _last_action({"H05": [3, 2]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [3, 2]


def test_the_active_player_picks_the_order_of_several_conflicts() -> None:
    state = _last_action({"H05": [3, 3], "H01": [6, 0]})
    state = play(state, "grow:blank", "done")
    assert sorted(codes(state)) == ["conflict:h01", "conflict:h05"]
    state = play(state, "conflict:h05")
    assert members(state, "H05") == [0, 0] and members(state, "H01") == [5, 0]


def test_bow_removes_a_defender_before_resolution() -> None:
    state = _last_action({"H05": [3, 4]})
    give(state, 0, done=["D4"])
    state = play(state, "grow:blank", "done")
    assert codes(state) == [f"bow:{state.data['players'][1]['tribe']}", "nobow"]
    state = play(state, codes(state)[0])
    # 3 against 3 once the Bow took one: the conflict goes on and empties the hex.
    assert members(state, "H05") == [0, 0]


def test_bow_may_be_left_unused() -> None:
    state = _last_action({"H05": [3, 4]})
    give(state, 0, done=["D4"])
    state = play(state, "grow:blank", "done", "nobow")
    assert members(state, "H05") == [0, 1]


def test_bow_is_for_the_attacker_only() -> None:
    state = _last_action({"H05": [4, 3]})
    give(state, 1, done=["D4"])
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [1, 0]


def test_bow_keeps_going_when_the_hex_drops_to_the_limit() -> None:
    state = _last_action({"H05": [4, 2]})
    give(state, 0, done=["D4"])
    state = play(state, "grow:blank", "done")
    state = play(state, codes(state)[0])  # 4 against 1: five members, still resolved
    assert members(state, "H05") == [3, 0]


def test_fortifications_remove_an_attacker_on_a_village_hex() -> None:
    state = _last_action({"H05": [4, 3]})
    village(state, "H05", 1)
    state.data["players"][1]["acquired"].append("fortifications")
    state = play(state, "grow:blank", "done")
    # 3 against 3 after the Fortifications: the hex empties and the village is lost.
    assert members(state, "H05") == [0, 0]
    assert state.data["hexes"]["H05"]["village"] is None


def test_fortifications_need_a_village_on_that_hex() -> None:
    state = _last_action({"H05": [4, 3]})
    state.data["players"][1]["acquired"].append("fortifications")
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [1, 0]


def test_a_village_whose_tribe_is_wiped_out_is_lost() -> None:
    state = _last_action({"H05": [5, 2]})
    village(state, "H05", 1)
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [3, 0]
    assert state.data["hexes"]["H05"]["village"] is None
    assert state.data["village_supply"] == 12 and not state.data["village_aside"]
    notes = [n["key"] for n in state.last["notes"]] if state.last else []
    assert "tribes.note.village_lost" in notes


def test_the_winner_keeps_its_village() -> None:
    state = _last_action({"H05": [2, 5]})
    village(state, "H05", 1)
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [0, 3]
    assert state.data["hexes"]["H05"]["village"] == 1


def test_spear_ignores_the_village_owners_first_removal() -> None:
    state = _last_action({"H05": [4, 3]})
    village(state, "H05", 1)
    give(state, 1, done=["D5"])
    state = play(state, "grow:blank", "done")
    # 4/3 -> 3/3 (Spear) -> 2/2 -> 1/1 -> 0/0
    assert members(state, "H05") == [0, 0]


def test_conflicts_only_above_the_limit() -> None:
    state = _last_action({"H05": [6, 0], "H01": [5, 0]})
    assert cf.conflict_hexes(state) == ["H05"]
    assert cf.population_limit(state, "H05") == 5
    cf.resolve(state, "H05", record())
    assert members(state, "H05") == [5, 0]
