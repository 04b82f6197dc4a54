"""The Elders (option ``ancients``; rulebook "Les Anciens", T15): each rule by name.

Reference map, 2 players: H01 mountain, H02 lake, H03 forest, H04 lake, H05 forest,
H06 mountain, H07 forest, H08 mountain, H09 lake; H05 touches H01 H02 H04 H06 H08 H09.
"""

from __future__ import annotations

from rules.base import IllegalMove, State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import board as bd
from rules.tribes.players import has_development
from tests.rules.tribes.event_helpers import set_slot
from tests.rules.tribes.helpers import at_actions, codes, give, members, play, record, village, vp


def with_elders(state: State, **at: str) -> State:
    """Switch the Elders on; ``p0="H05"`` puts player 0's Elder on its village there."""
    state.data["elders"] = [None] * len(state.seats)
    for key, hex_id in at.items():
        state.data["elders"][int(key[1:])] = hex_id
    return state


def _build_step(state_members: dict[str, list[int]], **resources: int) -> State:
    """Player 0 at step 5 (two actions that change nothing) holding ``resources``."""
    state = at_actions(members=state_members, hand=("blank",), used=("lead",))
    give(state, 0, **resources)
    return play(state, "grow:blank", "done")


# ------------------------------------------------------------------------ calling


def test_no_elder_without_the_option() -> None:
    assert "elders" not in GAME.setup(["a", "b"], "s").data
    state = _build_step({"H05": [2, 0]}, wood=4, food=4, stone=4)
    state = play(state, "village:h05")
    assert "call:elder" not in codes(state)


def test_an_elder_may_be_called_onto_a_village_being_built() -> None:
    state = with_elders(_build_step({"H05": [2, 0], "H04": [1, 0]}, wood=8, food=8, stone=8))
    state = play(state, "village:h05")
    assert codes(state) == ["call:elder", "call:no"]
    state = play(state, "call:elder")
    assert state.data["elders"] == ["H05", None]
    state = play(state, "village:h04")  # the Elder is on the map: no second call
    assert "call:elder" not in codes(state)


def test_calling_is_optional() -> None:
    state = with_elders(_build_step({"H05": [2, 0]}, wood=4, food=4, stone=4))
    state = play(state, "village:h05", "call:no")
    assert state.data["elders"] == [None, None]


def test_the_option_puts_the_elders_in_the_state() -> None:
    state = GAME.setup(["a", "b", "c"], "s", {"ancients": True})
    assert state.data["elders"] == [None, None, None]


# ------------------------------------------------------- what it never counts for


def test_an_elder_counts_for_no_population_and_no_conflict() -> None:
    state = at_actions(members={"H05": [5, 0]}, hand=("blank",), used=("lead",))
    village(state, "H05", 0)
    state = with_elders(state, p0="H05")
    hex_view = next(h for h in GAME.view(state, None)["map"]["hexes"] if h["id"] == "H05")
    assert hex_view["population"] == 5 and not hex_view["conflict"]
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [5, 0]  # five members and an Elder: no conflict


def test_an_elder_is_not_a_member_on_the_map() -> None:
    state = with_elders(at_actions(members={"H05": [1, 0]}), p0="H05")
    village(state, "H05", 0)
    assert bd.on_map(state.data, 0) == 1  # Clan and elimination count members only
    assert bd.occupied_by(state.data, 0) == ["H05"]


def test_an_elder_does_not_keep_its_village() -> None:
    state = at_actions(members={"H05": [1, 0]}, hand=("blank", "blank"))
    village(state, "H05", 0)
    state = with_elders(state, p0="H05")
    state = play(state, "travel:blank", "from:h05", "to:h06")
    assert "H05" not in state.data["villages"]
    assert state.data["elders"] == [None, None]
    assert vp(state, 1) == 0  # the owner's own move: nobody scores


# ----------------------------------------------------------------------- the gift


def test_the_elder_gives_a_resource_to_borrow_a_development_for_the_turn() -> None:
    state = at_actions(members={"H05": [1, 0]}, hand=("blank", "blank"))
    village(state, "H05", 0)
    state = with_elders(state, p0="H05")
    give(state, 0, wood=2)
    give(state, 1, done=["D2"])  # Oxen
    assert "elder" in codes(state)
    state = play(state, "elder")
    assert codes(state) == ["borrow:" + state.data["players"][1]["tribe"] + ":d2", "back"]
    state = play(state, codes(state)[0])  # one type held: given at once
    assert state.data["players"][0]["resources"]["wood"] == 1
    assert state.data["players"][1]["resources"]["wood"] == 1
    assert has_development(state, 0, "grow_extra")
    state = play(state, "grow:blank")
    assert state.data["frames"][-1]["left"] == 3 + 1  # the borrowed Oxen work
    assert "elder" not in codes(state)


def test_the_gift_is_once_per_turn_and_ends_with_it() -> None:
    state = at_actions(members={"H05": [1, 0]}, hand=("blank", "blank"))
    village(state, "H05", 0)
    state = with_elders(state, p0="H05")
    give(state, 0, wood=2, food=1)
    give(state, 1, done=["D2", "D7"])
    tribe = state.data["players"][1]["tribe"]
    state = play(state, "elder", f"borrow:{tribe}:d7")
    assert codes(state) == ["gift:wood", "gift:food", "back"]
    state = play(state, "gift:food")
    assert "elder" not in codes(state)
    refusal = GAME.explain_illegal(state, "p0", "elder")
    assert isinstance(refusal, IllegalMove) and refusal.key == "tribes.illegal.elder_used"
    state.data["turn_flags"] = []  # a new turn: the borrowed development is gone
    assert not has_development(state, 0, "lead_extra")


def test_no_gift_without_a_resource_or_a_development_to_borrow() -> None:
    state = at_actions(members={"H05": [1, 0]}, hand=("blank", "blank"))
    village(state, "H05", 0)
    state = with_elders(state, p0="H05")
    give(state, 1, done=["D2"])
    assert "elder" not in codes(state)  # nothing to give
    give(state, 0, done=["D2"], wood=1)
    assert "elder" not in codes(state)  # Oxen already owned: nothing new to borrow
    refusal = GAME.explain_illegal(state, "p0", "elder")
    assert isinstance(refusal, IllegalMove) and refusal.key == "tribes.illegal.elder_nothing"


def test_no_gift_while_the_elder_is_off_the_map() -> None:
    state = with_elders(at_actions(members={"H05": [1, 0]}))
    give(state, 0, wood=1)
    give(state, 1, done=["D2"])
    assert "elder" not in codes(state)
    refusal = GAME.explain_illegal(state, "p0", "elder")
    assert isinstance(refusal, IllegalMove) and refusal.key == "tribes.illegal.elder_absent"


def test_the_borrowed_ability_is_only_the_borrowers_on_his_turn() -> None:
    state = at_actions(members={"H05": [1, 0]})
    state.data["turn_flags"] = ["elder", "borrow:D4"]
    assert has_development(state, 0, "bow") and not has_development(state, 1, "bow")


# ------------------------------------------------------------------------ risks


def test_an_attacker_who_destroys_a_village_with_an_elder_scores_one() -> None:
    state = at_actions(members={"H05": [4, 2]}, hand=("blank",), used=("lead",))
    village(state, "H05", 1)
    state = with_elders(state, p1="H05")
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [2, 0] and "H05" not in state.data["villages"]
    assert state.data["elders"] == [None, None]
    assert vp(state, 0) == 1 and state.data["players"][0]["vp"][0] == 1  # with villages


def test_invaders_destroying_a_village_give_the_active_player_no_point() -> None:
    """Rulebook, "Les Anciens", Risques: « Si le village abritant l'ancien est détruit
    par un adversaire, le joueur qui attaque gagne 1 point de victoire ». Invaders, not
    the active player's tribe, destroyed this one: nobody scores."""
    state = at_actions(members={"H05": [0, 1], "H01": [2, 0]}, used=("grow",), hand=("blank",))
    state.data["invaders"]["H05"] = 3
    set_slot(state, 0, "E03")
    village(state, "H05", 1)
    state = with_elders(state, p1="H05")
    state = play(state, "lead:blank")
    assert "H05" not in state.data["villages"] and state.data["elders"] == [None, None]
    assert vp(state, 0) == 0


def test_a_conflict_between_two_other_tribes_gives_the_active_player_no_point() -> None:
    """Rulebook, "Les Anciens", Risques: « Si le village abritant l'ancien est détruit
    par un adversaire, le joueur qui attaque gagne 1 point de victoire ». The active
    player had no member on the hex: he attacked nobody there, nobody scores."""
    state = at_actions(
        3, members={"H07": [0, 3, 3], "H01": [2, 0, 0]}, hand=("blank",), used=("lead",)
    )
    village(state, "H07", 1)
    state = with_elders(state, p1="H07")
    state = play(state, "grow:blank", "done")
    assert "H07" not in state.data["villages"] and state.data["elders"][1] is None
    assert [vp(state, p) for p in range(3)] == [0, 0, 0]


def test_the_attacker_in_a_three_tribe_conflict_scores_the_elder() -> None:
    """Rulebook, "Les Anciens", Risques: « le joueur qui attaque gagne 1 point de
    victoire »: the active player fought on the hex, even with a third tribe there."""
    state = at_actions(3, members={"H07": [3, 1, 3]}, hand=("blank",), used=("lead",))
    village(state, "H07", 1)
    state = with_elders(state, p1="H07")
    state = play(state, "grow:blank", "done")
    assert members(state, "H07") == [0, 0, 0] and "H07" not in state.data["villages"]
    assert [vp(state, p) for p in range(3)] == [1, 0, 0]


def test_elder_point_of_rules_version_2_games_goes_to_the_active_player() -> None:
    """Games stored under rules versions 1 and 2 replay as they were played: the active
    player scored the Elder whoever fought."""
    state = at_actions(
        3, members={"H07": [0, 3, 3], "H01": [2, 0, 0]}, hand=("blank",), used=("lead",)
    )
    state.options["conflicts_reviewed"] = False
    village(state, "H07", 1)
    state = with_elders(state, p1="H07")
    state = play(state, "grow:blank", "done")
    assert [vp(state, p) for p in range(3)] == [1, 0, 0]


def test_a_village_without_its_elder_gives_no_point() -> None:
    state = at_actions(members={"H05": [4, 2]}, hand=("blank",), used=("lead",))
    village(state, "H05", 1)
    state = with_elders(state)
    state = play(state, "grow:blank", "done")
    assert "H05" not in state.data["villages"] and vp(state, 0) == 0


def test_an_event_destroying_the_village_gives_nobody_a_point() -> None:
    state = at_actions(members={"H06": [1, 1]})
    village(state, "H06", 1)
    state = with_elders(state, p1="H06")
    _tiger(state, "H06")
    assert state.data["elders"][1] is None and vp(state, 0) == 0


def _tiger(state: State, hex_id: str) -> None:
    """What the tiger does: one member of each tribe removed, not a conflict (T6)."""
    from rules.tribes.villages import lose_villages

    for p, n in enumerate(bd.members(state.data, hex_id)):
        if n:
            bd.add(state.data, hex_id, p, -1)
            state.data["players"][p]["supply"] += 1
    lose_villages(state, record())


def test_the_elder_comes_back_with_the_next_village() -> None:
    state = at_actions(members={"H05": [4, 0], "H04": [1, 0]}, hand=("blank",), used=("lead",))
    state = with_elders(state)
    give(state, 0, wood=4, food=4, stone=4)
    state = play(state, "grow:blank", "done", "village:h04")
    assert "call:elder" in codes(state)  # lost earlier or never called: it may come again


def test_random_games_reach_every_part_of_the_advanced_modules() -> None:
    """Random games with both modules on call Elders, use the gift, lay and melt the
    Glacier and mix resources on the wild land (the shared random-game test checks the
    invariants of the same games)."""
    from campfire_testing.random_games import play_random_game

    seen: set[str] = set()

    def watch(state: State) -> None:
        glacier = state.data.get("glacier")
        if glacier is not None and glacier["melted"]:
            seen.add("melted")

    options = {"ancients": True, "terrains": "all"}
    for seed in range(4):
        final = play_random_game(GAME, 4, seed, observe=watch, checked=False, options=options)
        for _, code in final.log:
            head = code.split(":")[0]
            seen.add("mix" if head == "at" and "+" in code else code if head == "call" else head)
    assert {"call:elder", "elder", "borrow", "glacier", "melted", "mix"} <= seen
