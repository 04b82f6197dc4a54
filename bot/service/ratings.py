"""Ratings: OpenSkill's Plackett-Luce model over the stored results of finished games.

Pure: the service reads the results and stores the ratings. Each finished game counts
once, in the order the games ended; its places come from the ``results`` table, where
ties share a place and a resigner is last. Aborted games have no results and so never
count, nor do games with fewer than two places. AI seats are never rated: a game
counts with the places of its people only (``bot.service.robots``). ``recompute``
rebuilds every rating from the results; the ratings kept up to date game by game
(``rate``) must equal it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.service.guards import is_ai_seat
from bot.store import FinishedRow, RatingRow

MODEL = PlackettLuce()
"""The model with its default parameters (mu 25, sigma 25/3): change them and every
stored rating must be recomputed."""


@dataclass(frozen=True)
class Standing:
    """A player's line in the standings of one rule set (``place`` 1 = best)."""

    place: int
    rules: str
    user_id: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int


def display(mu: float, sigma: float) -> float:
    """The number shown and sorted on: the conservative estimate ``mu - 3 sigma``."""
    return mu - 3 * sigma


def rate(
    rules: str, ratings: Mapping[str, RatingRow], games: Iterable[FinishedRow]
) -> dict[str, RatingRow]:
    """The ratings after ``games`` (in order), from ``ratings`` (by user id); only the
    players whose rating changed are returned."""
    current = dict(ratings)
    changed: dict[str, RatingRow] = {}
    for game in games:
        places = tuple(p for p in game.places if not is_ai_seat(p.seat))
        if len(places) < 2:
            continue
        before = [current.get(p.seat) for p in places]
        teams = [
            [MODEL.rating(name=p.seat) if r is None else MODEL.rating(r.mu, r.sigma, p.seat)]
            for p, r in zip(places, before, strict=True)
        ]
        after = MODEL.rate(teams, ranks=[float(p.rank) for p in places])
        for place, old, [new] in zip(places, before, after, strict=True):
            row = RatingRow(
                rules,
                place.seat,
                float(new.mu),
                float(new.sigma),
                (0 if old is None else old.games) + 1,
                (0 if old is None else old.wins) + (1 if place.rank == 1 else 0),
            )
            current[place.seat] = changed[place.seat] = row
    return changed


def recompute(rules: str, games: Sequence[FinishedRow]) -> dict[str, RatingRow]:
    """Every player's rating for ``rules`` from scratch."""
    return rate(rules, {}, games)


def standings(rows: Iterable[RatingRow]) -> list[Standing]:
    """Best first by the displayed rating (then more games, then user id); players
    with the same rounded rating share a place."""
    ordered = sorted(rows, key=lambda r: (-display(r.mu, r.sigma), -r.games, r.user_id))
    lines: list[Standing] = []
    for index, r in enumerate(ordered):
        shown = round(display(r.mu, r.sigma), 1)
        place = index + 1
        if lines and round(lines[-1].rating, 1) == shown:
            place = lines[-1].place
        lines.append(
            Standing(
                place, r.rules, r.user_id, display(r.mu, r.sigma), r.mu, r.sigma, r.games, r.wins
            )
        )
    return lines


__all__ = ["MODEL", "Standing", "display", "rate", "recompute", "standings"]
