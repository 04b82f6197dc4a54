"""The AIs answer L'Aube des Tribus' Fortifications question, a decision of the defender
on another player's turn (rules version 3), for every player count."""

from __future__ import annotations

import random

import pytest

import ai
from rules.base import State
from rules.tribes import TRIBES_GAME as GAME
from tests.rules.tribes.helpers import at_actions, play, village


def _asked(players: int) -> State:
    """The active p0 (3 members, 2 more on H01) attacks p1 (3 members, a village,
    Fortifications) on H07; the other tribes stand elsewhere. p1 is asked."""
    members = {"H07": [3, 3] + [0] * (players - 2), "H01": [2] + [0] * (players - 1)}
    for p in range(2, players):
        members[f"H0{p + 1}"] = [0] * players
        members[f"H0{p + 1}"][p] = 2
    state = at_actions(players, members=members, hand=("blank",), used=("lead",))
    village(state, "H07", 1)
    state.data["players"][1]["acquired"].append("fortifications")
    state = play(state, "grow:blank", "done")
    assert GAME.to_act(state) == {"p1"}
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_world_keeps_the_defenders_question(players: int) -> None:
    state = _asked(players)
    world = GAME.determinize(state, "p1", random.Random(3))
    assert GAME.to_act(world) == {"p1"}
    assert [m.code for m in GAME.legal_moves(world, "p1")] == [
        m.code for m in GAME.legal_moves(state, "p1")
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_the_ais_use_the_fortifications_when_they_save_the_village(
    players: int, level: str
) -> None:
    """3 against 3: without the Fortifications the hex empties and the village falls;
    with them (2 against 3) the defender keeps a member and the village."""
    state = _asked(players)
    fort = f"fort:{state.data['players'][0]['tribe']}"
    code = ai.choose(GAME, state, "p1", level, "fortify", budget_moves=400)
    assert code == fort
    after = GAME.apply(state, "p1", code)
    GAME.check_game_invariants(after)
    assert after.data["villages"].get("H07") == 1
