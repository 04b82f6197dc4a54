"""Seat order at the start and the results of a game that ends (normally or by resignation).

These are service decisions layered on the rules contract, kept pure so they are easy
to test: the seeded seat shuffle, the full final score sheet, and the outcome of a
resignation (the resigner last, the others by their current totals).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import rng
from rules.base import Game, Outcome, ScoreSheet, State, Text, rank_by


def seeded_seat_order(user_ids: Sequence[str], seed: str) -> list[str]:
    """``user_ids`` shuffled by the game's seed (``rules.rng``), reproducible forever."""
    scratch = State(
        game="seats", rules_version=0, seats=[], seed=f"{seed}:seats", options={}, data={}
    )
    order = list(user_ids)
    rng.shuffle(scratch, order)
    return order


def full_sheet(game: Game, state: State, *, final: bool) -> ScoreSheet:
    """Every seat's row as that seat sees it (nothing hidden): the sheet shown at the end."""
    public = game.scores(state, None)
    rows = {seat: dict(game.scores(state, seat).rows[seat]) for seat in state.seats}
    categories = list(public.categories)
    for row in rows.values():
        categories.extend(c for c in row if c not in categories)
    return ScoreSheet(tuple(categories), rows, final=final or public.final)


def resignation_outcome(game: Game, state: State, resigned: str) -> Outcome:
    """The resigner ranks last alone; the others are ranked by their current totals."""
    sheet = full_sheet(game, state, final=True)
    totals = sheet.totals()
    others = [s for s in state.seats if s != resigned]
    ranking = rank_by(others, {s: (totals[s],) for s in others}) + ((resigned,),)
    return Outcome(ranking, totals, Text("termination.resigned", {"seat": resigned}))


def final_outcome(game: Game, state: State, resigned: str | None) -> Outcome | None:
    """The game's outcome: the rules' own, or the resignation's, or ``None`` (running)."""
    if resigned is not None:
        return resignation_outcome(game, state, resigned)
    return game.outcome(state)
