"""Real Tribes views for render tests, goldens and benchmarks: seeded random games
stopped when a phase is reached."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.base import State
from rules.registry import get

GAME = "tribes"
View = dict[str, Any]


def _note_keys(view: View) -> list[str]:
    return [str(n.get("key")) for n in (view.get("last") or {}).get("notes") or []]


# Where to stop a game, given its public view and the decisions made so far.
PHASES: dict[str, Callable[[View, int], bool]] = {
    "setup": lambda v, n: n >= 1,
    "mid": lambda v, n: n >= 80 and bool(v["hand"]) and v["step"] == "actions",
    "travel": lambda v, n: n >= 40 and "tribes.note.travelled" in _note_keys(v),
    "conflict": lambda v, n: n >= 30 and bool(v["conflicts"]),
    "village": lambda v, n: any(p["villages"] for p in v["players"].values()) and n > 150,
    "over": lambda v, n: False,
}


def seats(players: int) -> list[str]:
    return [f"s{i + 1}" for i in range(players)]


def play(
    players: int,
    seed: int,
    until: Callable[[View, int], bool] | None = None,
    *,
    limit: int = 5000,
) -> State:
    """A seeded random game, stopped when ``until`` holds (or at the end)."""
    game = get(GAME)
    state = game.setup(seats(players), f"render-{seed}")
    chooser = random.Random(seed)
    done = 0
    while game.to_act(state) and done < limit:
        if until is not None and until(game.view(state, None), done):
            break
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code != "back"] or legal
        state = game.apply(state, seat, chooser.choice(forward))
        done += 1
    return state


def phase_view(players: int, seed: int, phase: str) -> View:
    """The public view of a seeded random game stopped in ``phase`` (see ``PHASES``)."""
    view: View = get(GAME).view(play(players, seed, PHASES[phase]), None)
    return view
