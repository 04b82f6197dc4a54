"""Events played out with seeded random results, for the tests of pairing and standings."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.service.events import Table, TableResult, swiss_round


def entries_of(count: int) -> list[str]:
    return [f"p{index:02d}" for index in range(count)]


def ratings_of(entries: Sequence[str], seed: int) -> dict[str, float]:
    draw = random.Random(f"ratings:{seed}")
    return {entry: round(draw.uniform(0, 50), 1) for entry in entries}


def random_result(table: Table, draw: random.Random, *, ties: bool = True) -> TableResult:
    """A finished table: a random order, sometimes a tie or a forfeit, whole-number game
    scores."""
    if table.is_bye:
        return TableResult.bye(table)
    order = list(table.seats)
    draw.shuffle(order)
    places: dict[str, int] = {}
    for index, entry in enumerate(order):
        tied = ties and index and draw.random() < 0.2
        places[entry] = places[order[index - 1]] if tied else index + 1
    forfeits = frozenset(e for e in order if draw.random() < 0.05)
    scores = {entry: float(draw.randrange(0, 30)) for entry in table.seats}
    return TableResult(table, places, scores, forfeits)


@dataclass
class Event:
    """A Swiss event played round after round."""

    entries: list[str]
    ratings: dict[str, float]
    table_size: int = 2
    seed: int = 0
    sizes: tuple[int, ...] | None = None
    history: list[TableResult] = field(default_factory=list)
    rounds: list[tuple[Table, ...]] = field(default_factory=list)

    def play(self, count: int, draw: random.Random) -> None:
        for _ in range(count):
            tables = swiss_round(
                self.entries,
                self.ratings,
                self.history,
                len(self.rounds) + 1,
                self.table_size,
                self.seed,
                sizes=self.sizes,
            )
            self.rounds.append(tables)
            self.history.extend(random_result(table, draw) for table in tables)

    def meetings(self) -> Counter[frozenset[str]]:
        met: Counter[frozenset[str]] = Counter()
        for tables in self.rounds:
            for table in tables:
                seats = table.seats
                met.update(frozenset((a, b)) for i, a in enumerate(seats) for b in seats[i + 1 :])
        return met

    def byes(self) -> Counter[str]:
        return Counter(t.seats[0] for tables in self.rounds for t in tables if t.is_bye)

    def firsts(self) -> tuple[Counter[str], Counter[str]]:
        """How often each entry sat first, and how many games it played."""
        firsts: Counter[str] = Counter()
        games: Counter[str] = Counter()
        for tables in self.rounds:
            for table in tables:
                if not table.is_bye:
                    firsts[table.seats[0]] += 1
                    games.update(table.seats)
        return firsts, games
