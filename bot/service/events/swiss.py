"""A Swiss round: who plays whom next, from the points so far.

At two seats the round is a maximum-weight matching (``networkx.max_weight_matching``)
on a graph of every possible pair and, when the count is odd, a bye node. Each edge's
weight is its costs in tiers (``weights.Tiers``), the most important first:

1. a second bye to the same entry (only when every entry has had one);
2. a rematch (only when no pairing avoids one): a heavy cost, not a missing edge, so a
   round can always be paired;
3. the bye not going to the lowest score (among the entries without a bye);
4. a player sent first or second three times more than the other way (the first-seat
   difference ``firsts - seconds`` would pass 2), or a third game in a row in the same
   seat;
5. the scores of the pair apart (their gap squared, so one large float costs more than
   two small ones);
6. both players due the same seat (one of them must be denied);
7. inside one score group, the higher half by rating against the lower half; the bye
   to the lowest rating among equal scores;
8. a seeded draw between pairings that are otherwise equal.

Who plays first: the way that breaks neither of the rules of 4 if one does, then the
one who has been first less often, then the one who was second in their last game, then
the seeded draw. Tables of three or four seats are grouped by
``groups.group_round``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from bot.service.events.groups import group_round
from bot.service.events.tables import EntryRecord, Table, TableResult, check_entries, records
from bot.service.events.weights import Tiers, score_gap

BYE = ""
"""The bye node of the matching graph (no entry id is empty)."""


def swiss_round(
    entries: Sequence[str],
    ratings: Mapping[str, float],
    history: Sequence[TableResult],
    round_no: int,
    table_size: int = 2,
    seed: int = 0,
    *,
    sizes: Sequence[int] | None = None,
) -> tuple[Table, ...]:
    """The tables of round ``round_no`` of a Swiss event.

    ``entries`` are the places still in the event (withdrawn ones left out), ``ratings``
    each entry's rating (higher is stronger; a missing rating counts as the lowest),
    ``history`` every earlier table's result. Tables come top score first, the byes
    last. ``sizes`` are the table sizes the game allows (``(table_size,)`` by default);
    it only matters at three seats or more. Raises ``ServiceError``
    (``service.events.too_few``) when no table can be made.
    """
    if table_size < 2:
        raise ValueError(f"a table has at least 2 seats: {table_size}")
    if table_size > 2 or (sizes is not None and tuple(sizes) != (2,)):
        return group_round(
            entries, ratings, history, round_no, table_size, seed, sizes=sizes or (table_size,)
        )
    listed = check_entries(entries, 2)
    record = records(listed, history)
    draw = random.Random(f"swiss:{seed}:{round_no}")
    pairs = _matching(listed, ratings, record, draw)
    tables = [_oriented(pair, record, draw) for pair in pairs if BYE not in pair]
    tables.sort(key=lambda seats: (-max(record[s].points for s in seats), seats))
    byes = [(entry,) for pair in pairs if BYE in pair for entry in pair if entry != BYE]
    return tuple(Table(round_no, seats) for seats in (*tables, *byes))


def _rating_order(
    listed: Sequence[str], ratings: Mapping[str, float], draw: random.Random
) -> dict[str, int]:
    """Each entry's place from the lowest rating up (0 is the lowest; equal ratings in
    a seeded order)."""
    lots = {entry: draw.random() for entry in listed}
    ordered = sorted(listed, key=lambda entry: (ratings.get(entry, float("-inf")), lots[entry]))
    return {entry: index for index, entry in enumerate(ordered)}


def _halves(
    listed: Sequence[str], record: Mapping[str, EntryRecord], low: Mapping[str, int]
) -> dict[str, tuple[int, int]]:
    """Each entry's place inside its score group, strongest first, and half the group's
    size: the pairing prefers the first against the first of the lower half."""
    groups: dict[Fraction, list[str]] = {}
    for entry in listed:
        groups.setdefault(record[entry].points, []).append(entry)
    placed: dict[str, tuple[int, int]] = {}
    for group in groups.values():
        group.sort(key=lambda entry: -low[entry])
        for index, entry in enumerate(group):
            placed[entry] = (index, len(group) // 2)
    return placed


def _due(entry: EntryRecord) -> int:
    """The seat an entry is due: -1 first, +1 second, 0 either (its difference of first
    seats, then the other seat than its last game's)."""
    if entry.first_balance:
        return 1 if entry.first_balance > 0 else -1
    if entry.last_seat is None:
        return 0
    return -1 if entry.last_seat else 1


def _strain(first: EntryRecord, second: EntryRecord) -> int:
    """What seating ``first`` first and ``second`` second breaks of the chess rules of
    colours: each step past a first-seat difference of 2, and a third game in a row in
    the same seat."""
    over = abs(first.first_balance + 1) - 2, abs(second.first_balance - 1) - 2
    third = (first.last_seat == 0 and first.streak >= 2) + (
        second.last_seat == 1 and second.streak >= 2
    )
    return sum(max(0, value) for value in over) + third


def _beyond(a: EntryRecord, b: EntryRecord) -> int:
    """What the better way of seating a and b breaks of the rules of colours."""
    return min(_strain(a, b), _strain(b, a))


def _matching(
    listed: Sequence[str],
    ratings: Mapping[str, float],
    record: Mapping[str, EntryRecord],
    draw: random.Random,
) -> list[tuple[str, str]]:
    low = _rating_order(listed, ratings, draw)
    halves = _halves(listed, record, low)
    odd = len(listed) % 2 == 1
    eligible = [entry for entry in listed if record[entry].byes == 0] or listed
    lowest = min(record[entry].points for entry in eligible)
    edges: list[tuple[str, str]] = []
    costs: list[tuple[int, ...]] = []
    for index, a in enumerate(listed):
        for b in listed[index + 1 :]:
            ra, rb = record[a], record[b]
            (ia, half), (ib, _) = halves[a], halves[b]
            same = ra.points == rb.points
            edges.append((a, b))
            costs.append(
                (
                    0,
                    ra.met[b],
                    0,
                    _beyond(ra, rb),
                    score_gap(ra.points, rb.points),
                    int(_due(ra) != 0 and _due(ra) == _due(rb)),
                    abs(abs(ia - ib) - half) if same else 0,
                    draw.randrange(8),
                )
            )
        if odd:
            entry = record[a]
            edges.append((a, BYE))
            costs.append(
                (
                    entry.byes,
                    0,
                    score_gap(entry.points, lowest) if entry.points > lowest else 0,
                    0,
                    0,
                    0,
                    low[a],
                    draw.randrange(8),
                )
            )
    tiers = Tiers(costs, len(listed) // 2 + 1)
    totals = [tiers.total(cost) for cost in costs]
    top = max(totals) + 1
    import networkx as nx  # about 20 MB: loaded when a round is paired, not at start

    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from([*listed, BYE] if odd else listed)
    for (a, b), total in zip(edges, totals, strict=True):
        graph.add_edge(a, b, weight=top - total)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted(tuple(sorted(pair, key=lambda node: (node == BYE, node))) for pair in matched)


def _oriented(
    pair: tuple[str, str], record: Mapping[str, EntryRecord], draw: random.Random
) -> tuple[str, str]:
    """The pair in seat order: the way that breaks fewer rules of colours, then the one
    due first plays first."""
    a, b = pair
    ra, rb = record[a], record[b]
    ka = (_strain(ra, rb), ra.first_balance, -(ra.last_seat or 0))
    kb = (_strain(rb, ra), rb.first_balance, -(rb.last_seat or 0))
    if ka == kb:
        return (a, b) if draw.random() < 0.5 else (b, a)
    return (a, b) if ka < kb else (b, a)
