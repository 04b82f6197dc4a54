"""Scores (``ScoreSheet``), the end of a game (``Outcome``) and ranking with tie-breaks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.values import JSON, Seat, Text


@dataclass(frozen=True)
class ScoreSheet:
    """Scores per seat broken down by category (category ids are message keys).

    ``final`` is true once the game is over. ``hidden`` names the categories whose
    values the viewer may not see (counted as 0 in the rows): a public sheet of a game
    with hidden tokens shows them as hidden, never leaks them. ``given`` holds the
    totals when the game computes them otherwise than as the sum of the row (Sapiens
    keeps the lower of two tracks); a seat missing there totals its row.
    """

    categories: tuple[str, ...]
    rows: Mapping[Seat, Mapping[str, int]]
    final: bool = False
    hidden: Mapping[Seat, frozenset[str]] = field(default_factory=dict)
    given: Mapping[Seat, int] = field(default_factory=dict)

    def total(self, seat: Seat) -> int:
        if seat in self.given:
            return self.given[seat]
        return sum(self.rows[seat].values())

    def totals(self) -> dict[Seat, int]:
        return {seat: self.total(seat) for seat in self.rows}

    def has_hidden(self, seat: Seat) -> bool:
        """Whether anything of ``seat``'s row is hidden from this sheet's viewer."""
        return bool(self.hidden.get(seat))

    def to_json(self) -> JSON:
        return {
            "categories": list(self.categories),
            "rows": {s: dict(r) for s, r in self.rows.items()},
            "totals": self.totals(),
            "final": self.final,
            "hidden": {s: sorted(h) for s, h in self.hidden.items()},
        }


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``ranking`` lists groups of seats, best first (ties share a group)."""

    ranking: tuple[tuple[Seat, ...], ...]
    scores: Mapping[Seat, int]
    termination: Text

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.ranking[0] if self.ranking else ()

    def rank_of(self, seat: Seat) -> int:
        """1 for the winners; tied seats share a rank (standard competition ranking)."""
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise KeyError(seat)

    def to_json(self) -> JSON:
        return {
            "ranking": [list(g) for g in self.ranking],
            "scores": dict(self.scores),
            "termination": self.termination.to_json(),
        }


def rank_by(
    seats: Iterable[Seat], keys: Mapping[Seat, tuple[int, ...]]
) -> tuple[tuple[Seat, ...], ...]:
    """Group seats by descending key tuples (score first, then tie-breaks)."""
    ordered = sorted(seats, key=lambda s: keys[s], reverse=True)
    groups: list[list[Seat]] = []
    for seat in ordered:
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return tuple(tuple(g) for g in groups)
