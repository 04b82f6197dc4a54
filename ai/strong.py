"""``strong``: greedy rollouts over determinized worlds (a rollout improvement of
``greedy``).

1. Every first decision is judged as ``greedy`` judges it (its best line to the end of
   the own turn); the ``CANDIDATES`` best are kept (those far behind the best are
   dropped at once).
2. Round after round, a fresh world consistent with what the seat sees is drawn
   (``game.determinize`` of the determinized state: hidden cards, tile and pile order,
   future dice), and each candidate is played out in that same world: the candidate,
   the rest of the own turn as ``greedy`` would (the same cap), then the other seats'
   turns as ``greedy`` would with a smaller cap, until the seat has decided ``TURNS``
   more turns, or the game ends. The position reached is judged by ``evaluate`` (a
   finished game by its outcome). Comparing the candidates in the same worlds (the
   same draws, the same ties broken) keeps the luck of a world out of the comparison.
3. The candidate with the best mean over the complete rounds wins; ties go to greedy's
   own preference. With no complete round it plays greedy's choice.

The budget counts applied moves (the same result on every machine) or milliseconds
(read before each decision of a rollout;
a round cut short by the clock is dropped, so the budget is overdrawn by the first
judgement and one greedy decision at most).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.greedy import greedy_pick, line_values
from ai.value import outcome_value
from rules.base import Game, Move, Seat, State
from rules.kit.stack import BACK

DEFAULT_BUDGET_MS = 1000.0
CANDIDATES = 4
"""First decisions played out at most (greedy's best ones)."""
ROOT_CAP = 80
"""Applied moves of the first judgement beyond the first decisions (as ``greedy``)."""
ROLLOUT_CAP = 16
"""Applied moves each greedy decision of another seat inside a rollout may spend beyond
its options (the seat's own decisions get ``ROOT_CAP``, as ``greedy`` itself: a weaker
rest of its own turn would judge every candidate by worse play than greedy's)."""
TURNS = 0
"""The seat's own later turns played in a rollout (after everyone else's)."""
MAX_STEPS = 80
"""Decisions in a rollout at most (a safety net; turns end long before)."""
WIN_BONUS = 10.0
"""Added to (taken from) the final margin of a rollout that ends the game won (lost)."""


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
    """The code of the candidate with the best mean rollout value within the budget."""
    deadline: float | None = None
    if budget_ms is not None:
        if clock is None:
            import time  # only a time budget reads a clock; the moves budget never does

            clock = time.perf_counter
        deadline = clock() + budget_ms / 1000.0
    left = budget_moves if budget_moves is not None else 1 << 62

    def out_of_time() -> bool:
        return deadline is not None and clock is not None and clock() >= deadline

    order = list(moves)
    rng.shuffle(order)
    values, used = line_values(game, state, seat, order, ROOT_CAP, rng)
    left -= used
    ranked = sorted(range(len(order)), key=lambda i: -values[i])
    candidates = [order[i] for i in ranked[:CANDIDATES]]
    if len(candidates) == 1:
        return candidates[0].code
    totals = [0.0] * len(candidates)
    rounds = 0
    while left > 0:
        if out_of_time():
            break
        world = game.determinize(state, seat, rng)
        seed = rng.random()
        results: list[float] = []
        for move in candidates:
            played = _rollout(game, world, seat, move, random.Random(seed), out_of_time)
            if played is None:
                break  # out of time mid-round: the round is dropped
            reward, spent = played
            results.append(reward)
            left -= spent
        if len(results) < len(candidates):
            break
        if left < 0 and budget_moves is not None and rounds > 0:
            break  # this round overdrew the moves budget: keep the complete ones only
        for i, reward in enumerate(results):
            totals[i] += reward
        rounds += 1
    if rounds == 0:
        return candidates[0].code
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best].code


def _rollout(
    game: Game,
    world: State,
    seat: Seat,
    move: Move,
    rng: random.Random,
    out_of_time: Callable[[], bool],
) -> tuple[float, int] | None:
    """Play ``move`` in ``world``, then greedy turns for everyone until ``seat`` has
    played ``TURNS`` more turns; (value for ``seat``, moves applied). ``None`` when
    ``out_of_time`` says so before a decision: a time budget is overdrawn by one greedy
    decision at most, never by a whole rollout."""
    state = game.apply_legal(world, seat, move)
    spent = 1
    turns_left = TURNS
    was_mine = True
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        acting = sorted(game.to_act(state))
        if not acting:
            break
        actor = acting[0] if len(acting) == 1 or seat not in acting else seat
        mine = actor == seat
        if mine and not was_mine:
            if turns_left == 0:
                break  # back to the seat: judge the position it decides from
            turns_left -= 1
        was_mine = mine
        if out_of_time():
            return None
        options = game.legal_moves(state, actor)
        choices = [m for m in options if m.code != BACK] or options
        if len(choices) == 1:
            pick = choices[0]
        else:
            cap = ROOT_CAP if mine else ROLLOUT_CAP
            code, used = greedy_pick(game, state, actor, choices, rng, cap)
            spent += used
            pick = next(m for m in choices if m.code == code)
        state = game.apply_legal(state, actor, pick)
        spent += 1
    return _judge(game, state, seat), spent


def _judge(game: Game, state: State, seat: Seat) -> float:
    """The seat's margin (``evaluate``), with a bonus for a game won and a malus for
    one lost."""
    over = outcome_value(game, state, seat)
    margin = game.evaluate(state, seat)
    if over is None:
        return margin
    return margin + (WIN_BONUS if over > 0 else -WIN_BONUS)
