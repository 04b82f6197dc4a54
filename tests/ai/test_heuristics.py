"""The games' ``evaluate`` heuristics and the AI's trusted ``apply_legal``.

``apply_legal`` must give exactly what ``apply`` gives for a move taken from
``legal_moves``; each heuristic must rise when its seat gains points or something that
leads to points, and read nothing a determinized state does not hold.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from rules import registry
from rules.base import Game, State
from rules.core.state import to_json

GAMES = registry.ids()


def _random_states(game: Game, seed: str, plies: int) -> list[State]:
    state = game.setup(["a", "b"], seed, None)
    pick = random.Random(seed)
    states = [state]
    for _ in range(plies):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = pick.choice(acting)
        state = game.apply(state, seat, pick.choice(game.legal_moves(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_legal_gives_what_apply_gives(game_id: str) -> None:
    game = registry.get(game_id)
    for state in _random_states(game, "trusted", 60):
        for seat in sorted(game.to_act(state)):
            for move in game.legal_moves(state, seat)[:6]:
                trusted = game.apply_legal(state, seat, move)
                assert to_json(trusted) == to_json(game.apply(state, seat, move)), move.code


@pytest.mark.parametrize("game_id", GAMES)
def test_evaluate_is_finite_and_reads_a_determinized_state(game_id: str) -> None:
    game = registry.get(game_id)
    for state in _random_states(game, "finite", 80)[::7]:
        for seat in state.seats:
            world = game.determinize(state, seat, random.Random(seat))
            assert math.isfinite(game.evaluate(world, seat))


def _mid(game_id: str, plies: int = 24) -> tuple[Game, State]:
    game = registry.get(game_id)
    state = _random_states(game, "gain", plies)[-1]
    assert game.outcome(state) is None
    return game, state


def _junior_card(data: dict[str, Any]) -> None:
    data["cards"][0][0] += 1


def _classic_card(data: dict[str, Any]) -> None:
    data["hands"][0]["action"].append("dummy")


def _orbis_cube(data: dict[str, Any]) -> None:
    data["boards"][0]["domain"][0] += 1


def _sapiens_shelter(data: dict[str, Any]) -> None:
    data["players"][0]["shelter"] += 1
    data["players"][0]["food"] += 1


def _tribes_vp(data: dict[str, Any]) -> None:
    data["players"][0]["vp"][0] += 1


GAINS: dict[str, Callable[[dict[str, Any]], None]] = {
    "origin-junior": _junior_card,
    "origin": _classic_card,
    "orbis": _orbis_cube,
    "sapiens": _sapiens_shelter,
    "tribes": _tribes_vp,
}


@pytest.mark.parametrize("game_id", sorted(GAINS))
def test_a_gain_raises_the_seats_value_and_lowers_the_others(game_id: str) -> None:
    game, state = _mid(game_id)
    richer = state.copy()
    GAINS[game_id](richer.data)
    assert game.evaluate(richer, "a") > game.evaluate(state, "a")
    assert game.evaluate(richer, "b") < game.evaluate(state, "b")


@pytest.mark.parametrize("game_id", sorted(GAINS))
def test_every_game_but_nim_has_its_own_heuristic(game_id: str) -> None:
    game = registry.get(game_id)
    assert type(game).evaluate is not Game.evaluate
