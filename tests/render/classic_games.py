"""Real Origin Classic views for render tests and benchmarks: seeded random games by phase."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.base import State
from rules.registry import get

GAME = "origin"
View = dict[str, Any]

# Where to stop a game, given its public view and the decisions made so far.
PHASES: dict[str, Callable[[View, int], bool]] = {
    "setup": lambda v, n: n >= 1,
    "mid": lambda v, n: n >= 60 and v["pending"] is None,
    "reward": lambda v, n: n >= 30 and (v["pending"] or {}).get("kind") == "reward",
    "last": lambda v, n: v["ending"] is not None and not v["over"],
    "over": lambda v, n: False,
}


def seats(players: int) -> list[str]:
    return [f"s{i + 1}" for i in range(players)]


def play(
    players: int,
    seed: int,
    moves: int | None = None,
    until: Callable[[View, int], bool] | None = None,
) -> State:
    """A seeded random game, stopped after ``moves`` decisions or when ``until`` holds."""
    game = get(GAME)
    state = game.setup(seats(players), f"render-{seed}")
    chooser = random.Random(seed)
    done = 0
    while game.to_act(state) and (moves is None or done < moves):
        if until is not None and until(game.view(state, None), done):
            break
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        # Prefer moves that go forward so that games end.
        forward = [m for m in legal if m.code != "back" and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        done += 1
    return state


def public_view(players: int, seed: int, moves: int | None = None) -> View:
    """The public view of a seeded random game after ``moves`` decisions."""
    view: View = get(GAME).view(play(players, seed, moves), None)
    return view


def phase_view(players: int, seed: int, phase: str) -> View:
    """The public view of a seeded random game stopped in ``phase`` (see ``PHASES``)."""
    view: View = get(GAME).view(play(players, seed, until=PHASES[phase]), None)
    return view


def seat_view(state: State, seat: str) -> View:
    """One seat's own view (with its hand in ``me``)."""
    view: View = get(GAME).view(state, seat)
    return view
