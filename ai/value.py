"""How good a state is for a seat: the outcome once the game is over, else the game's
own ``evaluate``; shared by ``greedy`` and ``strong``."""

from __future__ import annotations

import math

from rules.base import Game, Seat, State

WIN = 1_000_000.0
"""Any won game is worth more than any running position."""


def outcome_value(game: Game, state: State, seat: Seat) -> float | None:
    """``WIN`` for a sole winner, a share of it for a tie, ``-WIN`` for a loss (plus
    the score margin, to prefer a large win); ``None`` while the game runs."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    margin = game.evaluate(state, seat)
    if seat in outcome.winners:
        return WIN / len(outcome.winners) + margin
    return -WIN + margin


def value(game: Game, state: State, seat: Seat) -> float:
    """The outcome value once over, else ``game.evaluate``."""
    over = outcome_value(game, state, seat)
    return game.evaluate(state, seat) if over is None else over


def win_share(game: Game, state: State, seat: Seat, scale: float) -> float:
    """A reward in ``[0, 1]``: 1 for a win (shared for a tie), 0 for a loss, and for a
    running game a logistic of ``evaluate`` with ``scale`` points for e (used to cut
    rollouts short)."""
    outcome = game.outcome(state)
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    x = game.evaluate(state, seat) / scale
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
