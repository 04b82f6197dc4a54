"""The values of an event: a table of a round, its result, and what the history says of
each entry (points so far, who met whom, byes, seats taken).

An entry is a *place* in an event, named by a string id, not a person: a substitute who
takes a place over inherits its points, its meetings and its byes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from bot.service.values import ServiceError

BYE_POINTS = Fraction(1)
"""What a bye is worth: a whole win, as in a chess Swiss (the entry had no game to play
through no fault of its own). A bye scores nothing in games."""


@dataclass(frozen=True)
class Table:
    """One table of one round: the entries in seat order (the first seat plays first).
    A table of one seat is a bye."""

    round: int
    seats: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.seats or len(set(self.seats)) != len(self.seats):
            raise ValueError(f"a table needs distinct seats: {self.seats!r}")

    @property
    def is_bye(self) -> bool:
        return len(self.seats) == 1


def _frozen(mapping: Mapping[str, int] | Mapping[str, float]) -> Mapping[str, float]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class TableResult:
    """How a table ended.

    ``places`` ranks its seats (1 is first; entries that tie share a place, as in
    ``{"a": 1, "b": 1, "c": 3}``) and ``scores`` holds each seat's score in the game
    (shown as the second tie-break). A table still being played has empty ``places``:
    it is *pending*, counts as a meeting for the pairing and gives no points yet.

    ``forfeits`` are the seats that lost the game by leaving it: a resignation, a
    timeout, a withdrawal during the round. A forfeiting entry scores no tournament
    point whatever its place, and the others are placed above every forfeiting entry
    (``places`` among them is kept): when one of two players times out, the other wins
    the whole point; when both do, neither scores. A bye's result is ``TableResult.bye``.
    """

    table: Table
    places: Mapping[str, int] = field(default_factory=dict)
    scores: Mapping[str, float] = field(default_factory=dict)
    forfeits: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        seats = set(self.table.seats)
        if self.places and set(self.places) != seats:
            raise ValueError(f"places must name every seat of {self.table}: {self.places!r}")
        if any(place < 1 for place in self.places.values()):
            raise ValueError(f"places start at 1: {self.places!r}")
        if not set(self.scores) <= seats or not self.forfeits <= seats:
            raise ValueError(f"scores and forfeits must name seats of {self.table}")
        object.__setattr__(self, "places", _frozen(self.places))
        object.__setattr__(self, "scores", _frozen(self.scores))
        object.__setattr__(self, "forfeits", frozenset(self.forfeits))

    @classmethod
    def bye(cls, table: Table) -> TableResult:
        """The result of a bye: its one seat first, no game score."""
        if not table.is_bye:
            raise ValueError(f"not a bye: {table}")
        return cls(table, {table.seats[0]: 1})

    @classmethod
    def pending(cls, table: Table) -> TableResult:
        """A table whose game has not ended yet."""
        return cls(table)

    @property
    def is_pending(self) -> bool:
        return not self.places and not self.table.is_bye

    def points(self) -> dict[str, Fraction]:
        """The tournament points of each seat (empty while pending); see
        ``placing_points``."""
        if self.table.is_bye:
            return {self.table.seats[0]: BYE_POINTS}
        if self.is_pending:
            return {}
        return placing_points(self.places, self.forfeits)


def placing_points(places: Mapping[str, int], forfeits: Iterable[str] = ()) -> dict[str, Fraction]:
    """Tournament points by placing at a table of ``n`` seats.

    Each seat scores the share of the other seats it finished ahead of, a tie counting
    half: ``(ahead + tied / 2) / (n - 1)``. So the first takes 1 and the last 0 at any
    table; at two seats a draw is ½ each; at three the middle takes ½; at four, 1, ⅔,
    ⅓, 0. Seats that tie share the points of the places they cover (two tied first of
    two: ½ each). A table of any size hands out ``n / 2`` points in all, so a round of
    tables of mixed sizes is fair to everyone.

    A forfeiting seat scores 0 and counts as behind every seat that did not forfeit.
    """
    lost = set(forfeits)
    seats = list(places)
    count = len(seats)
    if count < 2:
        return {seat: BYE_POINTS for seat in seats}
    bottom = max(places.values()) + 1

    def rank(seat: str) -> int:
        return bottom if seat in lost else places[seat]

    points: dict[str, Fraction] = {}
    for seat in seats:
        if seat in lost:
            points[seat] = Fraction(0)
            continue
        ahead = sum(1 for other in seats if rank(other) > rank(seat))
        tied = sum(1 for other in seats if other != seat and rank(other) == rank(seat))
        points[seat] = (Fraction(ahead) + Fraction(tied, 2)) / (count - 1)
    return points


@dataclass(frozen=True)
class EntryRecord:
    """What the history says of one entry: its points so far, whom it met (how many
    times), its byes, and how often it sat in each seat (index 0 is the first seat)."""

    points: Fraction
    met: Counter[str]
    byes: int
    seats: Counter[int]
    last_seat: int | None

    @property
    def games(self) -> int:
        return sum(self.seats.values())

    @property
    def firsts(self) -> int:
        return self.seats[0]

    @property
    def first_balance(self) -> int:
        """Games played first minus games not played first (the colour difference of a
        chess Swiss at two seats)."""
        return 2 * self.firsts - self.games


def records(entries: Iterable[str], history: Iterable[TableResult]) -> dict[str, EntryRecord]:
    """Every entry's record over ``history`` (its earlier rounds in order). Entries of
    the history that are not in ``entries`` (withdrawn places) are counted too: they
    were met, and their points count for their opponents."""
    points: dict[str, Fraction] = {}
    met: dict[str, Counter[str]] = {}
    byes: Counter[str] = Counter()
    seats: dict[str, Counter[int]] = {}
    last: dict[str, int] = {}
    for entry in entries:
        points[entry], met[entry], seats[entry] = Fraction(0), Counter(), Counter()
    for result in sorted(history, key=lambda result: result.table.round):
        gained = result.points()
        for index, entry in enumerate(result.table.seats):
            points[entry] = points.get(entry, Fraction(0)) + gained.get(entry, Fraction(0))
            met.setdefault(entry, Counter())
            seats.setdefault(entry, Counter())
            if result.table.is_bye:
                byes[entry] += 1
                continue
            met[entry].update(other for other in result.table.seats if other != entry)
            seats[entry][index] += 1
            last[entry] = index
    return {
        entry: EntryRecord(points[entry], met[entry], byes[entry], seats[entry], last.get(entry))
        for entry in points
    }


def check_entries(entries: Sequence[str], minimum: int) -> list[str]:
    """``entries`` as a list, refused (``service.events.too_few``) below ``minimum`` or
    when an entry is named twice."""
    listed = list(entries)
    if len(set(listed)) != len(listed):
        raise ValueError(f"an entry is named twice: {listed!r}")
    if len(listed) < minimum:
        raise ServiceError("service.events.too_few", count=len(listed), min=minimum)
    return listed
