"""``greedy``: the best move one turn ahead on ``game.evaluate``.

A turn made of several small decisions (a choice, then a target, then a reward) is
searched as such: after a move, while the same seat is still the one to act and the
game runs, its next decisions are searched too (depth-first, best line), within
``NODE_CAP`` applied moves per decision; past the cap a line is judged where it stands.
Ties are broken by the AI's own generator.
"""

from __future__ import annotations

import random

from ai.value import value
from rules.base import Game, Move, MoveError, Seat, State
from rules.kit.stack import BACK

NODE_CAP = 160
"""Applied moves per decision at most (keeps ``greedy`` near a few tens of ms)."""
MAX_DEPTH = 4
"""Own consecutive decisions searched at most."""


class _Budget:
    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def greedy_move(
    game: Game,
    state: State,
    seat: Seat,
    moves: list[Move],
    rng: random.Random,
    cap: int = NODE_CAP,
) -> str:
    """The code of the move whose best continuation within this turn scores best
    (``cap`` applied moves at most)."""
    budget = _Budget(cap)
    order = list(moves)
    rng.shuffle(order)  # ties go to a random one of the best, the same for the same seed
    best_code, best = order[0].code, -float("inf")
    for move in order:
        score = _line_value(game, state, seat, move, budget, 1)
        if score > best:
            best_code, best = move.code, score
    return best_code


def _line_value(
    game: Game, state: State, seat: Seat, move: Move, budget: _Budget, depth: int
) -> float:
    budget.left -= 1
    try:
        after = game.apply(state, seat, move)
    except MoveError:  # a move legal in the view but not here cannot happen; be safe
        return -float("inf")
    if depth >= MAX_DEPTH or budget.left <= 0 or seat not in game.to_act(after):
        return value(game, after, seat)
    if game.outcome(after) is not None:
        return value(game, after, seat)
    nexts = [m for m in game.legal_moves(after, seat) if m.code != BACK]
    if not nexts:
        return value(game, after, seat)
    return max(_line_value(game, after, seat, m, budget, depth + 1) for m in nexts)
