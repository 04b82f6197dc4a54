"""Seat order at the start and the stored results of a game that ends.

Service decisions layered on the rules contract, kept pure so they are easy to test:
the seeded seat shuffle, and each seat's place and total once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import ResultRow
from rules import rng
from rules.base import Game, Outcome, State


def seeded_seat_order(user_ids: Sequence[str], seed: str) -> list[str]:
    """``user_ids`` shuffled by the game's seed (``rules.rng``), reproducible forever."""
    scratch = State(
        game="seats", rules_version=0, seats=[], seed=f"{seed}:seats", options={}, data={}
    )
    order = list(user_ids)
    rng.shuffle(scratch, order)
    return order


def results_of(game: Game, state: State, outcome: Outcome) -> tuple[ResultRow, ...]:
    """Each seat's place (ties share it) and final total, as stored with the last entry."""
    sheet = game.full_scores(state)
    return tuple(ResultRow(seat, outcome.rank_of(seat), sheet.total(seat)) for seat in state.seats)
