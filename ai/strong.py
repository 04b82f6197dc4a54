"""``strong``: flat Monte-Carlo search over determinized states (UCB1 at the root).

Each simulation draws a fresh world consistent with what the seat sees
(``game.determinize`` of the determinized state: its view is the seat's view), plays the
root move, finishes the seat's own turn with ``greedy``'s one-step choices, then lets
every seat play random moves for ``ROLLOUT_DEPTH`` moves (or to the end), and scores the
result as a win share in ``[0, 1]`` (a running game by a logistic of ``evaluate``).
The budget counts simulated moves (the same result on every machine) or milliseconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ai.value import value, win_share
from rules.base import Game, Move, MoveError, Seat, State
from rules.kit.stack import BACK

DEFAULT_BUDGET_MS = 1000.0
ROLLOUT_DEPTH = 24
"""Random moves played after the seat's own turn before the position is judged."""
OWN_TURN_CAP = 6
"""Own consecutive decisions completed greedily after the root move at most."""
EXPLORATION = 0.7
SCALE = 4.0
"""Score points for which the logistic of a running game's margin reaches e."""
CHECK_EVERY = 16
"""Simulations between two looks at the clock."""


def strong_move(
    game: Game,
    state: State,
    seat: Seat,
    moves: list[Move],
    rng: random.Random,
    *,
    budget_moves: int | None,
    budget_ms: float | None,
    clock: Callable[[], float] | None,
) -> str:
    """The code of the root move with the best mean reward within the budget."""
    deadline: float | None = None
    if budget_ms is not None:
        if clock is None:
            import time  # only a time budget reads a clock; the moves budget never does

            clock = time.perf_counter
        deadline = clock() + budget_ms / 1000.0
    moves_left = budget_moves if budget_moves is not None else 1 << 62
    counts = [0] * len(moves)
    totals = [0.0] * len(moves)
    simulations = 0
    while True:
        if moves_left <= 0 and simulations >= len(moves):
            break
        if (
            deadline is not None
            and clock is not None
            and simulations % CHECK_EVERY == 0
            and simulations >= len(moves)
            and clock() >= deadline
        ):
            break
        index = _pick(counts, totals, simulations)
        world = game.determinize(state, seat, rng)
        reward, used = _simulate(game, world, seat, moves[index], rng)
        counts[index] += 1
        totals[index] += reward
        moves_left -= used
        simulations += 1
    best = max(range(len(moves)), key=lambda i: (counts[i], totals[i] / max(1, counts[i])))
    return moves[best].code


def _pick(counts: list[int], totals: list[float], simulations: int) -> int:
    for i, n in enumerate(counts):
        if n == 0:
            return i
    log_n = math.log(simulations)
    return max(
        range(len(counts)),
        key=lambda i: totals[i] / counts[i] + EXPLORATION * math.sqrt(log_n / counts[i]),
    )


def _simulate(
    game: Game, state: State, seat: Seat, move: Move, rng: random.Random
) -> tuple[float, int]:
    """Play ``move``, finish the own turn greedily, roll out randomly; (reward, moves)."""
    used = 1
    try:
        state = game.apply(state, seat, move.code)
    except MoveError:
        return 0.0, used
    own = 0
    while own < OWN_TURN_CAP and game.outcome(state) is None and seat in game.to_act(state):
        options = [m for m in game.legal_moves(state, seat) if m.code != BACK]
        if not options:
            break
        scored = []
        for m in options:
            after = game.apply(state, seat, m)
            used += 1
            scored.append((value(game, after, seat), rng.random(), after))
        state = max(scored, key=lambda t: (t[0], t[1]))[2]
        own += 1
    for _ in range(ROLLOUT_DEPTH):
        if game.outcome(state) is not None:
            break
        acting = sorted(game.to_act(state))
        if not acting:
            break
        actor = acting[0] if len(acting) == 1 else rng.choice(acting)
        options = game.legal_moves(state, actor)
        choices = [m for m in options if m.code != BACK] or options
        state = game.apply(state, actor, rng.choice(choices))
        used += 1
    return win_share(game, state, seat, SCALE), used
