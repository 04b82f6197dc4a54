"""AI players for every registered game, generic over the game contract.

``choose(game, state, seat, level, seed)`` returns the code of one legal move for
``seat``. The package is pure like ``rules/``: no I/O, no global randomness; its own
generator is a ``random.Random`` seeded from ``seed``, so the same arguments always give
the same code. It never reads what ``seat`` cannot see: the first thing it does is
``game.determinize(state, seat, rng)``, and from then on it only works on determinized
states (the original ``state`` is never looked at again).

Levels: ``random`` (a uniform legal move), ``greedy`` (one turn ahead on
``game.evaluate``, through the seat's own consecutive small decisions), ``strong``
(greedy's best first decisions played out by greedy rollouts in determinized worlds,
within a budget of simulated moves or milliseconds).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.advice import Advice, advise
from ai.greedy import greedy_move
from ai.strong import DEFAULT_BUDGET_MS, strong_move
from rules.base import Game, Seat, State
from rules.kit.stack import BACK

LEVELS = ("random", "greedy", "strong")


def choose(
    game: Game,
    state: State,
    seat: Seat,
    level: str,
    seed: str,
    *,
    budget_ms: float | None = None,
    budget_moves: int | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    """The code of one legal move of ``seat`` at ``level`` (one of ``LEVELS``).

    ``budget_moves`` (simulated moves) or ``budget_ms`` (wall time, default 1 s when
    neither is given) bound ``strong``; the moves budget gives the same answer on every
    machine, the time budget does not. ``clock`` (seconds, monotonic) is only read for a
    time budget. Raises ``ValueError`` for an unknown level or a seat with no legal move.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {LEVELS}")
    rng = random.Random(f"{game.spec.id}|{seat}|{level}|{seed}")
    det = game.determinize(state, seat, rng)
    del state  # from here on only the determinized state exists
    moves = game.legal_moves(det, seat)
    if not moves:
        raise ValueError(f"seat {seat!r} has no legal move")
    if len(moves) == 1:
        return moves[0].code
    if level != "random":
        # ``back`` (rules.kit.stack) only undoes a step of this turn: searching it loops.
        moves = [m for m in moves if m.code != BACK] or moves
    if level == "random":
        return rng.choice(moves).code
    if level == "greedy":
        return greedy_move(game, det, seat, moves, rng)
    if budget_moves is None and budget_ms is None:
        budget_ms = DEFAULT_BUDGET_MS
    return strong_move(
        game, det, seat, moves, rng, budget_moves=budget_moves, budget_ms=budget_ms, clock=clock
    )


__all__ = ["LEVELS", "Advice", "advise", "choose"]
