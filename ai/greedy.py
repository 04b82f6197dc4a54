"""``greedy``: the best move one turn ahead on ``game.evaluate``.

A turn made of several small decisions (a choice, then a target, then a reward) is
searched as such: after a move, while the same seat is still the one to act and the
game runs, its next decisions are searched too (best line), within ``NODE_CAP`` applied
moves per decision. Every first decision is tried; what is left of the cap is shared
fairly among the lines still open, level by level, so no first decision is judged
deeper than another only because it came first. A line whose share is spent is judged
where it stands (a random sample of its next decisions when the share covers only
some). Ties are broken by the AI's own generator.
"""

from __future__ import annotations

import random

from ai.value import value
from rules.base import Game, Move, Seat, State
from rules.kit.stack import BACK

NODE_CAP = 80
"""Applied moves per decision at most, besides the first decisions themselves (keeps
``greedy`` within a few tens of ms on the slowest rule sets)."""
MAX_DEPTH = 4
"""Own consecutive decisions searched at most."""


def greedy_move(
    game: Game,
    state: State,
    seat: Seat,
    moves: list[Move],
    rng: random.Random,
    cap: int = NODE_CAP,
) -> str:
    """The code of the move whose best continuation within this turn scores best
    (every move, then ``cap`` more applied moves at most)."""
    return greedy_pick(game, state, seat, moves, rng, cap)[0]


def greedy_pick(
    game: Game,
    state: State,
    seat: Seat,
    moves: list[Move],
    rng: random.Random,
    cap: int = NODE_CAP,
) -> tuple[str, int]:
    """``greedy_move`` and how many moves its search applied."""
    order = list(moves)
    rng.shuffle(order)  # ties go to a random one of the best, the same for the same seed
    scores, used = _values(game, state, seat, order, cap + len(order), 1, rng)
    best = max(range(len(order)), key=lambda i: scores[i])
    return order[best].code, used


def line_values(
    game: Game, state: State, seat: Seat, moves: list[Move], cap: int, rng: random.Random
) -> tuple[list[float], int]:
    """The value of each move's best continuation within the turn (the same search as
    ``greedy_move``, ``moves`` in the order given), and how many moves it applied: for
    callers that rank the moves themselves."""
    return _values(game, state, seat, moves, cap + len(moves), 1, rng)


def _values(
    game: Game,
    state: State,
    seat: Seat,
    moves: list[Move],
    budget: int,
    depth: int,
    rng: random.Random,
) -> tuple[list[float], int]:
    """The best line's value after each of ``moves`` (all applied), sharing what is left
    of ``budget`` among the lines that go on; and how many moves were applied."""
    afters = [game.apply_legal(state, seat, m) for m in moves]
    left = budget - len(moves)
    open_lines: list[tuple[int, list[Move]]] = []
    results = [0.0] * len(moves)
    for i, after in enumerate(afters):
        nexts = _own_next(game, after, seat) if depth < MAX_DEPTH else []
        if nexts:
            open_lines.append((i, nexts))
        else:
            results[i] = value(game, after, seat)
    for k, (i, nexts) in enumerate(open_lines):
        share = left // (len(open_lines) - k)
        if share <= 0:
            results[i] = value(game, afters[i], seat)
            continue
        if len(nexts) > share:
            nexts = rng.sample(nexts, share)
        found, used = _values(game, afters[i], seat, nexts, share, depth + 1, rng)
        results[i] = max(found)
        left -= used
    return results, budget - left


def _own_next(game: Game, state: State, seat: Seat) -> list[Move]:
    """The seat's next decisions of the same turn (none once another seat acts or the
    game is over)."""
    if seat not in game.to_act(state) or game.outcome(state) is not None:
        return []
    return [m for m in game.legal_moves(state, seat) if m.code != BACK]
