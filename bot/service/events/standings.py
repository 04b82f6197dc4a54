"""The standings of an event: tournament points, then the tie-breaks, each figure kept
so that a page can show why one entry stands above another.

The order: tournament points (``tables.placing_points``; a bye is worth
``BYE_POINTS``), then

1. ``opponents``: the opponents' points (a Buchholz score), the sum of the final points
   of every entry met at a finished table, once per table shared. A bye counts as
   meeting, at each other seat of that round's largest table (finished or not), an
   opponent with the entry's own final points, so that a bye neither lifts nor sinks
   the tie-break;
2. ``scored``: the points scored in the games themselves (``TableResult.scores``; a
   bye scores none);
3. ``rating``: the entry's rating, higher first (none counts as the lowest).

Entries equal on all of them share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from bot.service.events.tables import TableResult

TIEBREAKS = ("opponents", "scored", "rating")
"""The tie-breaks in the order they apply."""

CRITERIA = ("points", *TIEBREAKS)

EXPLANATIONS = {name: f"service.events.{name}.explain" for name in CRITERIA}
"""For the points and each tie-break, the message key of one sentence saying how it is
counted (``service.events.<name>.explain``; its short name is
``service.events.<name>.name``), in ``bot/locales``."""


@dataclass(frozen=True)
class Standing:
    """One entry's line of the standings.

    ``separated_by`` names the first of ``CRITERIA`` that puts this entry below the one
    just above it: ``"points"``, a tie-break's name, or ``None`` for the first line and
    for an entry sharing the rank above.
    """

    entry: str
    rank: int
    points: Fraction
    opponents: Fraction
    scored: float
    rating: float | None
    played: int
    byes: int
    separated_by: str | None

    def key(self) -> tuple[Fraction, Fraction, float, float]:
        """What ranks the entry, the best the greatest."""
        rating = float("-inf") if self.rating is None else self.rating
        return self.points, self.opponents, self.scored, rating


def _finished(results: Iterable[TableResult]) -> list[TableResult]:
    return [result for result in results if not result.is_pending]


def event_points(results: Iterable[TableResult]) -> dict[str, Fraction]:
    """Every entry's tournament points over ``results`` (pending tables give none)."""
    totals: dict[str, Fraction] = {}
    for result in results:
        for entry in result.table.seats:
            totals.setdefault(entry, Fraction(0))
        for entry, points in result.points().items():
            totals[entry] += points
    return totals


def standings(
    entries: Sequence[str],
    ratings: Mapping[str, float],
    results: Iterable[TableResult],
) -> tuple[Standing, ...]:
    """The standings of ``entries`` (their order breaks no tie: entries sharing a rank
    keep the order given) over every result of the event so far.

    The points of entries not in ``entries`` (withdrawn places) still count in their
    opponents' tie-break.
    """
    given = list(results)
    finished = _finished(given)
    points = event_points(finished)
    largest: dict[int, int] = {}
    for result in given:
        round_no = result.table.round
        largest[round_no] = max(largest.get(round_no, 2), len(result.table.seats))
    opponents: dict[str, Fraction] = {}
    scored: dict[str, list[float]] = {}
    played: dict[str, int] = {}
    byes: dict[str, int] = {}
    for entry in entries:
        opponents[entry], scored[entry], played[entry], byes[entry] = Fraction(0), [], 0, 0
    for result in finished:
        seats = result.table.seats
        for entry in seats:
            if entry not in opponents:
                continue
            if result.table.is_bye:
                byes[entry] += 1
                own = points.get(entry, Fraction(0))
                opponents[entry] += own * (largest[result.table.round] - 1)
                continue
            played[entry] += 1
            opponents[entry] += sum(
                (points.get(other, Fraction(0)) for other in seats if other != entry),
                Fraction(0),
            )
            if entry in result.scores:
                scored[entry].append(float(result.scores[entry]))
    lines = [
        Standing(
            entry=entry,
            rank=0,
            points=points.get(entry, Fraction(0)),
            opponents=opponents[entry],
            scored=math.fsum(sorted(scored[entry])),
            rating=ratings.get(entry),
            played=played[entry],
            byes=byes[entry],
            separated_by=None,
        )
        for entry in entries
    ]
    lines.sort(key=lambda line: line.key(), reverse=True)
    ranked: list[Standing] = []
    for index, line in enumerate(lines):
        above = ranked[-1] if ranked else None
        if above is None:
            ranked.append(replace(line, rank=1))
        elif above.key() == line.key():
            ranked.append(replace(line, rank=above.rank))
        else:
            first = next(
                name
                for name, mine, theirs in zip(CRITERIA, line.key(), above.key(), strict=True)
                if mine != theirs
            )
            ranked.append(replace(line, rank=index + 1, separated_by=first))
    return tuple(ranked)


def format_points(value: Fraction | float, lang: str = "en") -> str:
    """A figure as a player reads it: a whole number plainly, otherwise with at most two
    decimals (``2.5``, ``1.67``; French ``2,5``)."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", ",") if lang == "fr" else text
