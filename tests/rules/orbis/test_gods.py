"""Taking a god (once per game, O9) and each of the ten gods (rulebook page 7; O8)."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, State
from rules.orbis import ORBIS
from tests.rules.orbis.helpers import build, codes, domain, game, play, row, set_domain


def give_god(state: State, player: int, god: str) -> None:
    if god in state.data["gods"]:
        state.data["gods"].remove(god)
    state.data["boards"][player]["god"] = god


def offer(state: State, god: str) -> None:
    """Put ``god`` on offer (in place of the last one shown)."""
    if god not in state.data["gods"]:
        state.data["gods"][-1] = god
        state.data["gods"].sort()


def god_pc(state: State, player: int) -> int:
    return row(state, player)["orbis.score.god"]


def test_a_god_is_taken_once_and_ends_the_turn() -> None:
    state = game()
    offer(state, "GD02")
    state = play(state, "god:gd02")
    assert state.data["boards"][0]["god"] == "GD02"
    assert "GD02" not in state.data["gods"]
    assert state.data["turn"] == 1
    state.data["turn"] = 0
    assert not [c for c in codes(state) if c.startswith("god:")]
    with pytest.raises(IllegalMove) as refused:
        ORBIS.apply(state, "ana", f"god:{state.data['gods'][0].lower()}")
    assert refused.value.key == "orbis.illegal.god_once"


def test_gd01_goddess_of_love_five_cubes_of_choice_then_the_limit() -> None:
    state = game()
    offer(state, "GD01")
    set_domain(state, 0, red=8)
    state = play(state, "god:gd01")
    assert codes(state) == ["gain:y", "gain:g", "gain:b", "gain:r", "gain:w", "back"]
    state = play(state, "gain:w")
    assert "back" not in codes(state)
    state = play(state, "gain:w", "gain:b", "gain:y", "gain:y")
    assert domain(state, 0) == {"red": 8, "white": 2, "blue": 1, "yellow": 2}
    assert codes(state)[:4] == ["lose:y", "lose:b", "lose:r", "lose:w"]
    state = play(state, "lose:r", "lose:r", "lose:r")
    assert state.data["turn"] == 1
    assert god_pc(state, 0) == 1


def test_back_returns_the_god_before_its_first_choice() -> None:
    state = game()
    offer(state, "GD01")
    start = state
    state = play(state, "god:gd01", "back")
    assert state.data == start.data


def test_gd02_apprentice_goddess_two_pc() -> None:
    state = game()
    give_god(state, 0, "GD02")
    assert god_pc(state, 0) == 2


@pytest.mark.parametrize(
    ("god", "tile", "valid"),
    [
        ("GD03", "L2-09", "L2-10"),  # Oceans: Irrigations
        ("GD05", "L2-13", "L2-14"),  # Fire: Volcanoes
        ("GD09", "L2-03", "L3-01"),  # Harvests: Villages
    ],
)
def test_most_validated_gods_need_at_least_one_and_share_ties(
    god: str, tile: str, valid: str
) -> None:
    state = game()
    give_god(state, 0, god)
    assert god_pc(state, 0) == 0  # nobody has one: nobody is "among the most" (O8)
    build(state, 0, {(0, 0): tile + "+"})
    assert god_pc(state, 0) == 3
    build(state, 1, {(0, 0): valid + "+"})
    assert god_pc(state, 0) == 3  # tied for the most
    build(state, 1, {(0, 1): _other(tile) + "+"})
    assert god_pc(state, 0) == 0  # ben has more
    build(state, 0, {(0, 1): _third(tile) + "-"})
    assert god_pc(state, 0) == 0  # a cancelled one does not count


def _other(tile: str) -> str:
    return {"L2-09": "L3-11", "L2-13": "L3-16", "L2-03": "L3-02"}[tile]


def _third(tile: str) -> str:
    return {"L2-09": "L3-12", "L2-13": "L3-17", "L2-03": "L3-03"}[tile]


def test_gd07_goddess_of_nature_counts_forests_validated_at_the_end() -> None:
    state = game()
    give_god(state, 0, "GD07")
    build(state, 0, {(0, 0): "L1-04", (0, 1): "L2-05", (0, 2): "L1-13"})  # 1 of 2 around
    assert god_pc(state, 0) == 0
    build(state, 0, {(0, 3): "L1-09"})  # not touching the Forest
    assert god_pc(state, 0) == 0
    build(state, 0, {(1, 0): "L2-10"})  # blue, on the Forest
    assert god_pc(state, 0) == 3


def test_gd04_goddess_of_sloth_wastelands_cost_nothing() -> None:
    state = game()
    build(state, 0, {(0, 0): "L1-09~", (0, 1): "L1-10~"})
    assert row(state, 0)["orbis.score.wastes"] == -2
    give_god(state, 0, "GD04")
    assert row(state, 0)["orbis.score.wastes"] == 0
    assert god_pc(state, 0) == 1


def test_gd06_god_of_technology_fewest_wastelands_zero_counts() -> None:
    state = game()
    give_god(state, 0, "GD06")
    assert god_pc(state, 0) == 3  # everyone has none: ana is among the fewest
    build(state, 0, {(0, 0): "L1-09~"})
    assert god_pc(state, 0) == 0
    for player, tile in ((1, "L1-10~"), (2, "L1-11~"), (3, "L1-12~")):
        build(state, player, {(0, 0): tile})
    assert god_pc(state, 0) == 3


def test_gd08_god_of_balance_needs_a_village_a_temple_and_a_volcano() -> None:
    state = game()
    give_god(state, 0, "GD08")
    build(state, 0, {(0, 0): "L2-03+", (0, 1): "L2-17"})
    assert god_pc(state, 0) == 0
    build(state, 0, {(0, 2): "L2-13-"})  # a cancelled Volcano
    assert god_pc(state, 0) == 0
    build(state, 0, {(0, 3): "L2-14+"})
    assert god_pc(state, 0) == 3


def test_gd08_a_wasteland_is_never_a_temple() -> None:
    state = game()
    give_god(state, 0, "GD08")
    build(state, 0, {(0, 0): "L2-03+", (0, 1): "L2-17~", (0, 2): "L2-14+"})
    assert god_pc(state, 0) == 0


def test_gd10_god_of_death_six_cubes_of_choice_keep_its_three_pc() -> None:
    state = game()
    offer(state, "GD10")
    set_domain(state, 0, red=4, blue=3)
    state = play(state, "god:gd10")
    assert codes(state) == ["sacrifice", "cancel", "back"]
    state = play(state, "sacrifice", "lose:b", "lose:b", "lose:r", "lose:r", "lose:r")
    assert state.data["turn"] == 0  # one more cube to choose
    state = play(state, "lose:b")
    assert domain(state, 0) == {"red": 1}
    assert god_pc(state, 0) == 3


def test_gd10_god_of_death_refused_or_unaffordable_is_cancelled() -> None:
    state = game()
    offer(state, "GD10")
    set_domain(state, 0, red=5)
    state = play(state, "god:gd10")
    assert codes(state) == ["cancel", "back"]
    state = play(state, "cancel")
    assert state.data["boards"][0]["god_cancelled"]
    assert domain(state, 0) == {"red": 5}
    assert god_pc(state, 0) == 0
    assert ORBIS.view(state, None)["players"]["ana"]["god_cancelled"] is True
