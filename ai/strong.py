"""``strong``: flat Monte-Carlo search over determinized states (UCB1 at the root).

Each simulation draws a fresh world consistent with what the seat sees
(``game.determinize`` of the determinized state: its view is the seat's view), plays the
root move, finishes the seat's own turn as ``greedy`` would, lets the others play their
turns by a cheap policy (the best move one step ahead on ``evaluate``, sometimes a
random one) up to the seat's next decision, and judges that position (``ai.value``):
greedy's judgement one reply deeper, averaged over the worlds the seat cannot tell
apart. The budget counts simulated moves (the same result on every machine) or milliseconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ai.greedy import greedy_move
from ai.value import WIN, value
from rules.base import Game, Move, MoveError, Seat, State
from rules.kit.stack import BACK

DEFAULT_BUDGET_MS = 1000.0
ROLLOUT_DEPTH = 40
"""Moves simulated after the root move at most (the rest of the own turn, then the
others' turns until the seat decides again)."""
OWN_TURN_CAP = 40
"""Applied moves ``greedy`` may spend on each of the seat's own later decisions."""
POLICY_WIDTH = 16
"""Moves the rollout policy compares at most (a random sample of the legal ones)."""
EPSILON = 0.15
"""How often the rollout policy plays a random move instead (keeps samples varied)."""
EXPLORATION = 0.7
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
    low, high, spread = float("inf"), -float("inf"), 1.0
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
        index = _pick(counts, totals, simulations, spread)
        world = game.determinize(state, seat, rng)
        reward, used = _simulate(game, world, seat, moves[index], rng)
        counts[index] += 1
        totals[index] += reward
        low, high = min(low, reward), max(high, reward)
        spread = max(high - low, 1e-9)
        moves_left -= used
        simulations += 1
    best = max(range(len(moves)), key=lambda i: (totals[i] / max(1, counts[i]), counts[i]))
    return moves[best].code


def _pick(counts: list[int], totals: list[float], simulations: int, spread: float) -> int:
    """UCB1 with the exploration term scaled by the spread of the values seen."""
    for i, n in enumerate(counts):
        if n == 0:
            return i
    log_n = math.log(simulations)
    return max(
        range(len(counts)),
        key=lambda i: totals[i] / counts[i] + EXPLORATION * spread * math.sqrt(log_n / counts[i]),
    )


def _simulate(
    game: Game, state: State, seat: Seat, move: Move, rng: random.Random
) -> tuple[float, int]:
    """Play ``move``, finish the own turn as ``greedy`` would, then the others' turns up
    to the seat's next decision by ``_policy``; (value for the seat, moves applied)."""
    counter = [1]
    try:
        state = game.apply(state, seat, move.code)
    except MoveError:
        return -WIN, 1
    for _ in range(ROLLOUT_DEPTH):
        if game.outcome(state) is not None or seat not in game.to_act(state):
            break
        options = [m for m in game.legal_moves(state, seat) if m.code != BACK]
        if not options:
            break
        code = greedy_move(game, state, seat, options, rng, OWN_TURN_CAP)
        counter[0] += OWN_TURN_CAP // 2  # a fair share of what the search cost
        state = game.apply(state, seat, code)
    for _ in range(ROLLOUT_DEPTH):
        if game.outcome(state) is not None:
            break
        acting = sorted(game.to_act(state))
        if not acting or seat in acting:
            break  # back to the seat: judge the position it will decide from
        actor = acting[0] if len(acting) == 1 else rng.choice(acting)
        state = _policy(game, state, actor, rng, counter)
    return value(game, state, seat), counter[0]


def _policy(game: Game, state: State, actor: Seat, rng: random.Random, counter: list[int]) -> State:
    """The rollout policy: mostly the best move one step ahead on ``evaluate`` (among at
    most ``POLICY_WIDTH`` sampled moves), sometimes a random one (``EPSILON``)."""
    options = game.legal_moves(state, actor)
    choices = [m for m in options if m.code != BACK] or options
    if len(choices) == 1 or rng.random() < EPSILON:
        counter[0] += 1
        return game.apply(state, actor, rng.choice(choices))
    if len(choices) > POLICY_WIDTH:
        choices = rng.sample(choices, POLICY_WIDTH)
    best: tuple[float, float, State] | None = None
    for m in choices:
        after = game.apply(state, actor, m)
        counter[0] += 1
        key = (value(game, after, actor), rng.random(), after)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2]
