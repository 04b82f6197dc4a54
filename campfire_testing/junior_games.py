"""Real Origin Junior views for render tests and benchmarks: seeded random games."""

from __future__ import annotations

import random
from typing import Any

from rules.base import State
from rules.registry import get

GAME = "origin-junior"


def seats(players: int) -> list[str]:
    return [f"s{i + 1}" for i in range(players)]


def play(players: int, seed: int, moves: int | None = None) -> State:
    """A seeded random game, stopped after ``moves`` decisions (``None``: to the end)."""
    game = get(GAME)
    state = game.setup(seats(players), f"render-{seed}")
    chooser = random.Random(seed)
    done = 0
    while game.to_act(state) and (moves is None or done < moves):
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        # Prefer real actions over "back" so that games move on.
        forward = [m for m in legal if m.code != "back"] or legal
        state = game.apply(state, seat, chooser.choice(forward))
        done += 1
    return state


def public_view(players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    """The public view of a seeded random game after ``moves`` decisions."""
    view: dict[str, Any] = get(GAME).view(play(players, seed, moves), None)
    return view


def seat_view(players: int, seed: int, seat: str, moves: int | None = None) -> dict[str, Any]:
    """One seat's own view (its hidden values filled in) of the same game."""
    view: dict[str, Any] = get(GAME).view(play(players, seed, moves), seat)
    return view
