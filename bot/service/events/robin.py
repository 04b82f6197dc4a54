"""A round robin: the whole schedule of an event where everyone meets everyone.

At two seats, the circle method: one entry stays, the others turn one place a round, so
every pair meets exactly once in ``n - 1`` rounds (``n`` rounded up to even; the entry
facing the empty place has the bye). The first seats are shared out so that over the
event nobody is first more than one game more than second, nor the reverse: the games
are seated along an Euler circuit of the graph of games.

At three or four seats, a perfect schedule rarely exists, so the aim is that every
pair meets about equally. The measure is each pair's number of meetings: the schedule
has as many rounds as it takes for every entry to play enough games to meet all the
others once (``ceil((n - 1) / (seats - 1))`` games, more rounds when some sit out);
each round is grouped, as in a Swiss round without scores, then the whole schedule is
evened out (``_even_out``), both to keep the sum over pairs of their meetings squared as
low as they can (for a given number of seats, the lowest when the pairs meet as equally
as they can). Byes go round: nobody sits out twice before everyone has once. The tests
hold the bounds reached (nine entries at three seats meet every pair exactly once;
six at three reach the best sum of all schedules).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Sequence
from itertools import combinations

from bot.service.events.groups import best_grouping, seat_order, table_plan
from bot.service.events.tables import Table, TableResult, check_entries, records

STEPS = 400
"""Annealing steps per entry when a schedule of tables of three or four is evened out."""

BYE = ""
"""The extra node of the walk that seats each game (no entry id is empty)."""


def round_robin(
    entries: Sequence[str],
    table_size: int = 2,
    seed: int = 0,
    *,
    sizes: Sequence[int] | None = None,
) -> tuple[tuple[Table, ...], ...]:
    """Every round of a round robin among ``entries``, rounds numbered from 1; byes
    come last in a round. ``sizes`` are the table sizes the game allows (at three seats
    or more; ``(table_size,)`` by default)."""
    if table_size < 2:
        raise ValueError(f"a table has at least 2 seats: {table_size}")
    if table_size == 2 and (sizes is None or tuple(sizes) == (2,)):
        return _circle(check_entries(entries, 2), seed)
    return _tables(entries, table_size, seed, tuple(sizes or (table_size,)))


def without(tables: Sequence[Table], gone: Collection[str], smallest: int = 2) -> tuple[Table, ...]:
    """A fixed round's tables once the places ``gone`` have withdrawn: they leave their
    seats (the others keep their order); a table left with fewer than ``smallest`` seats
    is no game any more, and each player still at it has a bye. So in a round robin at
    two seats, the opponent of a withdrawn place has a bye that round."""
    kept: list[Table] = []
    byes: list[Table] = []
    for table in tables:
        seats = tuple(entry for entry in table.seats if entry not in gone)
        if table.is_bye or len(seats) >= smallest:
            if seats:
                (byes if table.is_bye else kept).append(Table(table.round, seats))
            continue
        byes.extend(Table(table.round, (entry,)) for entry in seats)
    return (*kept, *byes)


def _circle(listed: list[str], seed: int) -> tuple[tuple[Table, ...], ...]:
    draw = random.Random(f"robin:{seed}")
    places: list[str | None] = list(listed)
    draw.shuffle(places)
    if len(places) % 2:
        places.append(None)
    count = len(places)
    pairings: list[list[tuple[str, str]]] = []
    byes: list[list[str]] = []
    for round_index in range(count - 1):
        cut = count - 1 - round_index
        turned = [places[0], *places[1:][cut:], *places[1:][:cut]]
        pairs = [(turned[i], turned[count - 1 - i]) for i in range(count // 2)]
        pairings.append([(a, b) for a, b in pairs if a is not None and b is not None])
        byes.append([a if b is None else b for a, b in pairs if a is None or b is None])  # type: ignore[misc]
    first = _first_seats([pair for pairs in pairings for pair in pairs], places)
    return tuple(
        (
            *(Table(number, pair if pair in first else pair[::-1]) for pair in pairs),
            *(Table(number, (entry,)) for entry in bye),
        )
        for number, (pairs, bye) in enumerate(zip(pairings, byes, strict=True), 1)
    )


def _first_seats(
    pairs: Sequence[tuple[str, str]], places: Sequence[str | None]
) -> set[tuple[str, str]]:
    """Each game as (first, second), so that everyone is first as often as second, give
    or take one: walk an Euler circuit of the games, each game seen from the walk's way
    (a node joined to every entry of odd degree makes every degree even)."""
    import networkx as nx  # about 20 MB: loaded when a round is paired, not at start

    graph: nx.MultiGraph[str] = nx.MultiGraph()
    graph.add_nodes_from(place for place in places if place is not None)
    graph.add_edges_from(pairs)
    odd = [node for node, degree in graph.degree() if degree % 2]
    graph.add_edges_from((BYE, node) for node in odd)
    oriented: set[tuple[str, str]] = set()
    for component in nx.connected_components(graph):
        if len(component) < 2:
            continue
        start = next(place for place in (*places, BYE) if place in component)
        for a, b in nx.eulerian_circuit(graph.subgraph(component), source=start):
            if BYE not in (a, b):
                oriented.add((a, b))
    return oriented


def _tables(
    entries: Sequence[str], table_size: int, seed: int, sizes: tuple[int, ...]
) -> tuple[tuple[Table, ...], ...]:
    listed = check_entries(entries, min(sizes))
    count = len(listed)
    plan, bye_count = table_plan(count, sizes, table_size)
    games_needed = math.ceil((count - 1) / (min(plan) - 1))
    rounds_count = games_needed
    while rounds_count - math.ceil(rounds_count * bye_count / count) < games_needed:
        rounds_count += 1
    draw = random.Random(f"robin:{seed}:{table_size}")
    lots = {entry: draw.random() for entry in listed}
    history: list[TableResult] = []
    schedule: list[tuple[list[list[str]], list[str]]] = []
    for round_no in range(1, rounds_count + 1):
        record = records(listed, history)
        sitting_out = sorted(listed, key=lambda e: (record[e].byes, lots[e]))[:bye_count]
        playing = [entry for entry in listed if entry not in sitting_out]
        draw.shuffle(playing)
        groups = best_grouping(playing, plan, record, draw)
        history.extend(TableResult.pending(Table(round_no, tuple(g))) for g in groups)
        history.extend(TableResult.bye(Table(round_no, (e,))) for e in sitting_out)
        schedule.append((groups, sorted(sitting_out)))
    _even_out([groups for groups, _ in schedule], draw)
    rounds = []
    history = []
    for round_no, (groups, sitting_out) in enumerate(schedule, 1):
        record = records(listed, history)
        tables = [Table(round_no, seat_order(group, record, lots)) for group in groups]
        tables.extend(Table(round_no, (entry,)) for entry in sitting_out)
        history.extend(
            TableResult.bye(table) if table.is_bye else TableResult.pending(table)
            for table in tables
        )
        rounds.append(tuple(tables))
    return tuple(rounds)


def _even_out(rounds: list[list[list[str]]], draw: random.Random) -> None:
    """Even the meetings out over the whole schedule: the schedule built round by round
    cannot see that a pair left apart early will never meet.

    The cost is the sum, over every pair, of its meetings squared (for a given number of
    seats, the lowest when the pairs meet as equally as they can). A seeded annealing of
    ``STEPS`` per entry swaps two players of two tables of one round (a swap that costs
    more is taken now and then, less often as it cools), then the best schedule seen is
    climbed to where no swap lowers the cost.
    """
    met: Counter[frozenset[str]] = Counter()
    for groups in rounds:
        for group in groups:
            met.update(frozenset(pair) for pair in combinations(group, 2))

    def change(a: str, b: str, left: Sequence[str], right: Sequence[str]) -> int:
        """What swapping ``a`` of ``left`` and ``b`` of ``right`` adds to the cost."""
        total = 0
        for mover, gone, joined in ((a, left, right), (b, right, left)):
            total += sum(1 - 2 * met[frozenset((mover, x))] for x in gone if x != mover)
            total += sum(1 + 2 * met[frozenset((mover, x))] for x in joined if x not in (a, b))
        return total

    def swap(left: list[str], right: list[str], x: int, y: int) -> None:
        a, b = left[x], right[y]
        met.subtract(frozenset((a, e)) for e in left if e != a)
        met.subtract(frozenset((b, e)) for e in right if e != b)
        left[x], right[y] = b, a
        met.update(frozenset((b, e)) for e in left if e != b)
        met.update(frozenset((a, e)) for e in right if e != a)

    playable = [groups for groups in rounds if len(groups) > 1]
    if not playable:
        return
    entries = {entry for group in rounds[0] for entry in group}
    steps = STEPS * len(entries)
    cost = best_cost = sum(n * n for n in met.values())
    best = [[list(group) for group in groups] for groups in rounds]
    for step in range(steps):
        heat = 2.0 * (0.01 ** (step / steps))
        groups = draw.choice(playable)
        left, right = draw.sample(groups, 2)
        x, y = draw.randrange(len(left)), draw.randrange(len(right))
        delta = change(left[x], right[y], left, right)
        if delta <= 0 or draw.random() < math.exp(-delta / heat):
            swap(left, right, x, y)
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [[list(group) for group in gs] for gs in rounds]
    for groups, kept in zip(rounds, best, strict=True):
        for group, members in zip(groups, kept, strict=True):
            group[:] = members
    met.clear()
    for groups in rounds:
        for group in groups:
            met.update(frozenset(pair) for pair in combinations(group, 2))
    improved = True
    while improved:
        improved = False
        for groups in playable:
            for left, right in combinations(groups, 2):
                for x in range(len(left)):
                    for y in range(len(right)):
                        if change(left[x], right[y], left, right) < 0:
                            swap(left, right, x, y)
                            improved = True
