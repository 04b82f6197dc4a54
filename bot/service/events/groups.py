"""Tables of three or four seats: how many of each size, who sits out, who sits with
whom, and in which seat order.

A round of a Swiss event at three seats or more groups entries by score and keeps
repeated meetings as few as it can: the cost of a table is, for each pair at it, the
square of the times that pair met before (so a third meeting is avoided before a
second), and only then the scores at it apart (the squared gaps). The grouping starts
from the score order and swaps players between tables while a swap lowers the total
(repeats first, then scores); when repeats remain, a few more starts from seeded
shuffles are tried and the best kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from bot.service.events.tables import EntryRecord, Table, TableResult, check_entries, records
from bot.service.events.weights import score_gap
from bot.service.values import ServiceError

RESTARTS = 6
"""Seeded starts tried after the first when the score order leaves repeated meetings."""

Cost = tuple[int, int, int]
"""A table's cost: its repeated meetings (each pair's earlier meetings squared), then
its scores apart, then the first seats its most due player has had (so the players
with the fewest first seats sit at different tables, each to take the first seat)."""


def table_plan(count: int, sizes: Sequence[int], table_size: int) -> tuple[tuple[int, ...], int]:
    """The sizes of a round's tables, largest first, and how many entries sit out.

    As few byes as the allowed ``sizes`` permit; among the ways with that many byes, as
    few tables as possible of a size other than ``table_size``. So 13 entries at
    ``sizes=(3, 4)`` are 4+3+3+3, at ``sizes=(3,)`` four tables of 3 and a bye. Raises
    ``ServiceError`` (``service.events.too_few``) when not even one table can be made.
    """
    allowed = sorted({size for size in sizes if size >= 2}, reverse=True)
    if not allowed:
        raise ValueError(f"no table size of 2 seats or more in {sizes!r}")
    best: list[tuple[int, ...] | None] = [()] + [None] * count
    for seated in range(1, count + 1):
        options = [
            (*previous, size)
            for size in allowed
            if seated >= size and (previous := best[seated - size]) is not None
        ]
        if options:
            best[seated] = min(
                options, key=lambda plan: (sum(s != table_size for s in plan), len(plan))
            )
    for byes in range(count):
        plan = best[count - byes]
        if plan:
            return tuple(sorted(plan, reverse=True)), byes
    raise ServiceError("service.events.too_few", count=count, min=min(allowed))


def group_round(
    entries: Sequence[str],
    ratings: Mapping[str, float],
    history: Sequence[TableResult],
    round_no: int,
    table_size: int,
    seed: int,
    *,
    sizes: Sequence[int],
) -> tuple[Table, ...]:
    """A Swiss round of tables of ``sizes`` seats (see ``swiss.swiss_round``)."""
    listed = check_entries(entries, min(sizes))
    record = records(listed, history)
    draw = random.Random(f"groups:{seed}:{round_no}")
    plan, bye_count = table_plan(len(listed), sizes, table_size)
    lots = {entry: draw.random() for entry in listed}

    def rating(entry: str) -> float:
        return ratings.get(entry, float("-inf"))

    sitting_out = sorted(
        listed,
        key=lambda e: (record[e].byes, record[e].points, rating(e), lots[e]),
    )[:bye_count]
    playing = sorted(
        (entry for entry in listed if entry not in sitting_out),
        key=lambda e: (-record[e].points, -rating(e), lots[e]),
    )
    groups = best_grouping(playing, plan, record, draw)
    ordered = [seat_order(group, record, lots) for group in groups]
    ordered.sort(key=lambda seats: (-max(record[s].points for s in seats), seats))
    byes = sorted(sitting_out, key=lambda e: (record[e].points, e))
    return tuple(Table(round_no, seats) for seats in (*ordered, *((e,) for e in byes)))


class Costs:
    """The cost of any table of a round, from the entries' records: each pair's share
    (its earlier meetings squared, its scores apart) worked out once."""

    def __init__(self, record: Mapping[str, EntryRecord]) -> None:
        self.record = record
        self.pairs: dict[tuple[str, str], tuple[int, int]] = {}

    def pair(self, a: str, b: str) -> tuple[int, int]:
        key = (a, b) if a < b else (b, a)
        found = self.pairs.get(key)
        if found is None:
            ra, rb = self.record[a], self.record[b]
            found = self.pairs[key] = (ra.met[b] ** 2, score_gap(ra.points, rb.points))
        return found

    def table(self, group: Sequence[str]) -> Cost:
        repeats = spread = 0
        for a, b in combinations(group, 2):
            meetings, gap = self.pair(a, b)
            repeats += meetings
            spread += gap
        return repeats, spread, min(self.record[entry].firsts for entry in group)

    def total(self, groups: Sequence[Sequence[str]]) -> Cost:
        return _sum(*(self.table(group) for group in groups))


def _sum(*costs: Cost) -> Cost:
    return sum(c[0] for c in costs), sum(c[1] for c in costs), sum(c[2] for c in costs)


def _chunks(players: Sequence[str], plan: Sequence[int]) -> list[list[str]]:
    groups, start = [], 0
    for size in plan:
        groups.append(list(players[start : start + size]))
        start += size
    return groups


def _climb(groups: list[list[str]], costs_of: Costs) -> list[list[str]]:
    """Swap two players of two tables while the swap lowers the cost of the pair of
    tables; stop when no swap does."""
    costs = [costs_of.table(group) for group in groups]
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(groups)), 2):
            for x in range(len(groups[i])):
                for y in range(len(groups[j])):
                    left, right = list(groups[i]), list(groups[j])
                    left[x], right[y] = right[y], left[x]
                    cl, cr = costs_of.table(left), costs_of.table(right)
                    if _sum(cl, cr) < _sum(costs[i], costs[j]):
                        groups[i], groups[j], costs[i], costs[j] = left, right, cl, cr
                        improved = True
    return groups


def best_grouping(
    players: Sequence[str],
    plan: Sequence[int],
    record: Mapping[str, EntryRecord],
    draw: random.Random,
) -> list[list[str]]:
    """The players in tables of the ``plan``'s sizes, repeated meetings first kept few,
    then scores kept close (``players`` come in score order)."""
    costs_of = Costs(record)
    best = _climb(_chunks(players, plan), costs_of)
    best_cost = costs_of.total(best)
    for _ in range(RESTARTS):
        if best_cost[0] == 0:
            break
        shuffled = list(players)
        draw.shuffle(shuffled)
        found = _climb(_chunks(shuffled, plan), costs_of)
        cost = costs_of.total(found)
        if cost < best_cost:
            best, best_cost = found, cost
    return best


def seat_order(
    group: Sequence[str], record: Mapping[str, EntryRecord], lots: Mapping[str, float]
) -> tuple[str, ...]:
    """A table's seats, turned so that the first seat goes round: the fewest first seats
    first, then whoever sat furthest from the first seat on average, then the one who
    sat later last time, then the seeded draw."""

    def key(entry: str) -> tuple[int, float, int, float]:
        seen = record[entry]
        average = sum(i * n for i, n in seen.seats.items()) / seen.games if seen.games else 0.0
        last = -1 if seen.last_seat is None else seen.last_seat
        return seen.firsts, -average, -last, lots[entry]

    return tuple(sorted(group, key=key))
