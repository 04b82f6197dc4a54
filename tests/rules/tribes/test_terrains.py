"""Special terrains (option ``terrains``; rulebook "Terrains spéciaux", components 3.9,
T18, T19): each tile by name with the clarification it illustrates.

Reference map, 2 players: H01 mountain, H02 lake, H03 forest, H04 lake, H05 forest,
H06 mountain, H07 forest, H08 mountain, H09 lake; H04 touches H01 H03 H05 H08.
"""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import event_market as mk
from rules.tribes import goals as gl
from rules.tribes import terrains as tr
from rules.tribes.components import GOALS, SPECIAL_TERRAINS
from tests.rules.tribes.helpers import at_actions, codes, give, members, play, village

FACE_OF = {"boosted": "sun", "reduced": "moon", "normal": "blank"}


def with_tiles(state: State, tiles: dict[str, str]) -> State:
    """Lay special tiles on the reference map (as set-up would)."""
    state.data["specials"] = {h: tiles[h] for h in state.data["hexes"] if h in tiles}
    if "glacier" in tiles.values():
        hex_id = next(h for h, t in tiles.items() if t == "glacier")
        state.data["glacier"] = {"hex": hex_id, "stones": 0, "melted": False}
    return state


def food(state: State, p: int = 0) -> int:
    return int(state.data["players"][p]["resources"]["food"])


# ----------------------------------------------------------------------------- set-up


def test_options_off_lay_no_special_tile() -> None:
    data = GAME.setup(["a", "b"], "s").data
    assert "specials" not in data and "glacier" not in data and not data["frames"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_tiles_replace_basic_tiles_of_their_type_and_the_first_player_lays_the_glacier(
    players: int,
) -> None:
    state = GAME.setup([f"p{i}" for i in range(players)], "all", {"terrains": "all"})
    data = state.data
    assert len(data["specials"]) == 7  # the Glacier waits for the first player
    for hex_id, tile in data["specials"].items():
        assert data["hexes"][hex_id] in tr.TILES[tile]["swap_with"]
    # they count as the type they replace: still players + 1 tiles of each basic type
    kinds = list(data["hexes"].values())
    assert all(kinds.count(t) == players + 1 for t in ("lake", "forest", "mountain"))
    assert GAME.to_act(state) == {state.seats[data["first"]]}
    spots = [c.partition(":")[2].upper() for c in codes(state)]
    assert spots and all(data["hexes"][h] == "mountain" for h in spots)
    assert not set(spots) & set(data["specials"])  # on a plain mountain
    state = play(state, f"glacier:{spots[0].lower()}")
    assert state.data["specials"][spots[0]] == "glacier"
    assert state.data["glacier"] == {"hex": spots[0], "stones": 0, "melted": False}
    assert state.data["step"] == "place"


def test_a_list_of_tiles_lays_only_those() -> None:
    state = GAME.setup(["a", "b"], "s", {"terrains": "jungle,oasis"})
    assert sorted(state.data["specials"].values()) == ["jungle", "oasis"]
    assert "glacier" not in state.data and not state.data["frames"]


def test_the_tiles_are_the_eight_of_the_box() -> None:
    assert list(SPECIAL_TERRAINS) == [
        "great_lake",
        "great_mountain",
        "great_forest",
        "wild_land",
        "jungle",
        "oasis",
        "chasm",
        "glacier",
    ]


# ------------------------------------------------------------------- great tiles


@pytest.mark.parametrize(
    ("tile", "hex_id", "resource"),
    [
        ("great_lake", "H04", "food"),
        ("great_forest", "H05", "wood"),
        ("great_mountain", "H06", "stone"),
    ],
)
def test_great_tiles_give_one_more_per_selection(tile: str, hex_id: str, resource: str) -> None:
    state = with_tiles(at_actions(members={hex_id: [1, 0]}), {hex_id: tile})
    state = play(state, "gather:blank")  # normal: 2 selections of 2, the hex twice (T3)
    assert state.data["players"][0]["resources"][resource] == 6


# ---------------------------------------------------------------------- wild land


def test_wild_land_gives_any_type_and_one_mix_per_gather() -> None:
    state = with_tiles(at_actions(members={"H04": [1, 0]}), {"H04": "wild_land"})
    state = play(state, "gather:blank")
    first = codes(state)
    assert {"at:h04:wood", "at:h04:food", "at:h04:stone"} <= set(first)
    assert {"at:h04:wood+food", "at:h04:wood+stone", "at:h04:food+stone"} <= set(first)
    state = play(state, "at:h04:wood+food")
    second = codes(state)
    assert "at:h04:stone" in second and not any("+" in c for c in second)  # once per Gather
    state = play(state, "at:h04:stone")
    have = state.data["players"][0]["resources"]
    assert (have["wood"], have["food"], have["stone"]) == (1, 1, 2)


def test_wild_land_counts_as_every_basic_type() -> None:
    state = with_tiles(at_actions(members={"H04": [1, 0]}), {"H04": "wild_land"})
    assert all(tr.counts_as(state.data, "H04", t) for t in ("lake", "forest", "mountain"))
    assert tr.counts_as(state.data, "H05", "forest") and not tr.counts_as(state.data, "H05", "lake")


# ------------------------------------------------------------------ jungle, oasis


@pytest.mark.parametrize(("tile", "hex_id"), [("jungle", "H05"), ("oasis", "H04")])
def test_jungle_and_oasis_need_three_members_of_the_gatherer(tile: str, hex_id: str) -> None:
    few = with_tiles(at_actions(members={hex_id: [2, 3], "H01": [1, 0]}), {hex_id: tile})
    few = play(few, "gather:blank")
    assert few.data["players"][0]["resources"]["stone"] == 4  # only H01 could be chosen
    enough = with_tiles(at_actions(members={hex_id: [3, 0], "H01": [1, 0]}), {hex_id: tile})
    enough = play(enough, "gather:blank")
    assert f"at:{hex_id.lower()}" in codes(enough)
    enough = play(enough, f"at:{hex_id.lower()}", f"at:{hex_id.lower()}")
    resource = "wood" if tile == "jungle" else "food"
    assert enough.data["players"][0]["resources"][resource] == 4  # the usual amount


# ---------------------------------------------------------------------------- chasm


def _conflict_step(state: State) -> State:
    return play(state, "grow:blank", "done")


def test_chasm_takes_each_tribes_lone_member_after_the_conflict_step() -> None:
    state = at_actions(members={"H04": [1, 1], "H09": [2, 1]}, hand=("blank",), used=("lead",))
    state = with_tiles(state, {"H04": "chasm"})
    state = _conflict_step(state)
    assert members(state, "H04") == [0, 0]  # each tribe counted separately
    assert members(state, "H09") == [2, 1]  # a plain lake
    assert state.data["players"][1]["supply"] == 20 - 1


def test_chasm_spares_two_members_and_runs_after_conflicts_are_resolved() -> None:
    state = at_actions(members={"H04": [4, 3]}, hand=("blank",), used=("lead",))
    state = with_tiles(state, {"H04": "chasm"})
    state = _conflict_step(state)
    assert members(state, "H04") == [0, 0]  # the conflict leaves 1, who then falls
    state = at_actions(members={"H04": [2, 0]}, hand=("blank",), used=("lead",))
    state = _conflict_step(with_tiles(state, {"H04": "chasm"}))
    assert members(state, "H04") == [2, 0]


def test_a_village_whose_last_member_falls_is_lost() -> None:
    state = at_actions(members={"H04": [1, 0], "H05": [1, 0]}, hand=("blank",), used=("lead",))
    state = with_tiles(state, {"H04": "chasm"})
    village(state, "H04", 0)
    state = _conflict_step(state)
    assert "H04" not in state.data["villages"]


# --------------------------------------------------------------------------- glacier


def test_glacier_holds_three_members() -> None:
    state = at_actions(members={"H01": [4, 0]}, hand=("blank",), used=("lead",))
    state = with_tiles(state, {"H01": "glacier"})
    assert GAME.view(state, None)["map"]["hexes"][0]["limit"] == 3
    state = _conflict_step(state)
    assert members(state, "H01") == [3, 0]


def test_glacier_cannot_hold_a_village() -> None:
    state = at_actions(members={"H01": [2, 0], "H05": [1, 0]}, hand=("blank",), used=("lead",))
    state = with_tiles(state, {"H01": "glacier"})
    give(state, 0, wood=5, food=5, stone=5)
    state = _conflict_step(state)
    assert "village:h05" in codes(state) and "village:h01" not in codes(state)
    refusal = GAME.explain_illegal(state, "p0", "village:h01")
    assert isinstance(refusal, IllegalMove) and refusal.key == "tribes.illegal.village_glacier"


def test_glacier_gives_at_most_one_stone_per_gather_even_with_basketry() -> None:
    state = at_actions(members={"H01": [3, 0]}, hand=("sun", "sun"))
    state = with_tiles(state, {"H01": "glacier"})
    give(state, 0, done=["D1"])  # Basketry
    state = play(state, "gather:sun")  # boosted: 3 selections, only the Glacier held
    assert state.data["players"][0]["resources"]["stone"] == 1
    assert not state.data["frames"]  # Basketry found no type to add to


def test_each_boosted_action_puts_a_stone_on_the_glacier_and_the_fifth_melts_it() -> None:
    state = at_actions(members={"H05": [1, 0]}, hand=("sun", "sun"))
    state = with_tiles(state, {"H01": "glacier"})
    state.data["glacier"]["stones"] = 3
    state = play(state, "lead:sun")  # boosted
    assert state.data["glacier"]["stones"] == 4
    state = play(state, "grow:sun")  # boosted again: the 5th stone
    assert state.data["glacier"] == {"hex": "H01", "stones": 5, "melted": True}
    assert "H01" not in state.data["specials"]
    assert tr.population_limit(state.data, "H01", 5) == 5


def test_a_normal_action_puts_no_stone() -> None:
    state = with_tiles(at_actions(members={"H05": [1, 0]}), {"H01": "glacier"})
    state = play(state, "lead:blank")
    assert state.data["glacier"]["stones"] == 0


def test_the_melted_glaciers_stones_go_to_the_first_to_gather_there() -> None:
    state = at_actions(members={"H01": [1, 0]}, hand=("moon", "moon"))
    state = with_tiles(state, {"H01": "glacier"})
    state.data["glacier"] = {"hex": "H01", "stones": 5, "melted": True}
    del state.data["specials"]["H01"]
    state = play(state, "gather:moon")  # reduced: 1 selection of 2
    assert state.data["players"][0]["resources"]["stone"] == 2 + 5
    assert state.data["glacier"]["stones"] == 0


# ------------------------------------------------------ counting as the basic type


def test_special_tiles_count_as_their_basic_type_for_goals() -> None:
    state = at_actions(members={"H04": [2, 0], "H09": [1, 0]})
    state = with_tiles(state, {"H04": "oasis", "H09": "great_lake"})
    assert gl.condition_holds(state, 0, GOALS["A2"])  # Fishers: majority on 2 lakes


def test_wild_land_completes_a_spread_of_terrains() -> None:
    spread = {"H01": [1, 0], "H02": [1, 0], "H04": [1, 0], "H06": [1, 0], "H08": [1, 0]}
    state = at_actions(members=spread)  # mountains and lakes only: no forest
    assert not gl.condition_holds(state, 0, GOALS["A5"])
    state = with_tiles(state, {"H04": "wild_land"})
    assert gl.condition_holds(state, 0, GOALS["A5"])


def test_special_lakes_count_as_lakes_for_the_pirogue() -> None:
    state = at_actions(members={"H05": [1, 0]})
    state.data["players"][0]["acquired"].append("canoe")
    plain = set(mk.canoe_targets(state, 0, "H05"))
    state = with_tiles(state, {"H04": "chasm", "H09": "oasis", "H02": "great_lake"})
    assert set(mk.canoe_targets(state, 0, "H05")) == plain


def test_taking_back_a_boosted_action_takes_its_stone_back() -> None:
    state = at_actions(members={"H05": [1, 0]}, hand=("sun", "sun"))
    state = with_tiles(state, {"H01": "glacier"})
    state.data["glacier"]["stones"] = 4
    state = play(state, "grow:sun")
    assert state.data["glacier"]["melted"] and "H01" not in state.data["specials"]
    state = play(state, "back")
    assert state.data["glacier"] == {"hex": "H01", "stones": 4, "melted": False}
    assert state.data["specials"]["H01"] == "glacier"
