"""Swiss rounds at three and four seats: the sizes of the tables, byes to the lowest
scores and never twice, repeated meetings as few as any grouping of the round allows
(checked against every grouping of twelve into tables of three), the first seat going
round."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from bot.service import ServiceError
from bot.service.events import TableResult, swiss_round, table_plan
from tests.bot.service.events.play import Event, entries_of, ratings_of


@pytest.mark.parametrize(
    ("count", "sizes", "table_size", "plan"),
    [
        (12, (3,), 3, ((3, 3, 3, 3), 0)),
        (13, (3,), 3, ((3, 3, 3, 3), 1)),
        (14, (3,), 3, ((3, 3, 3, 3), 2)),
        (13, (3, 4), 3, ((4, 3, 3, 3), 0)),
        (14, (3, 4), 4, ((4, 4, 3, 3), 0)),
        (14, (3, 4), 3, ((4, 4, 3, 3), 0)),
        (16, (3, 4), 4, ((4, 4, 4, 4), 0)),
        (5, (3, 4), 4, ((4,), 1)),
        (3, (3,), 3, ((3,), 0)),
    ],
)
def test_the_plan_seats_as_many_as_the_sizes_allow(
    count: int, sizes: tuple[int, ...], table_size: int, plan: tuple[tuple[int, ...], int]
) -> None:
    assert table_plan(count, sizes, table_size) == plan


def test_too_few_for_one_table_is_refused() -> None:
    with pytest.raises(ServiceError) as refused:
        swiss_round(["a", "b"], {}, [], 1, 3)
    assert refused.value.params == {"count": 2, "min": 3}


def groupings(players: Sequence[str], size: int) -> Iterator[list[tuple[str, ...]]]:
    """Every way to split ``players`` into tables of ``size``."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        for grouping in groupings(left, size):
            yield [(first, *others), *grouping]


def repeat_cost(tables: Sequence[Sequence[str]], met: Counter[frozenset[str]]) -> int:
    """Each pair at a table costs its earlier meetings squared."""
    return sum(met[frozenset(pair)] ** 2 for table in tables for pair in combinations(table, 2))


def test_twelve_at_tables_of_three_repeat_no_more_than_any_grouping_must() -> None:
    """Over 4 rounds, each round's repeated meetings are the fewest of all 15,400
    groupings of the round; over the event, at most one pair meets twice (the earlier
    rounds, paired by score, can leave no way round it)."""
    entries = entries_of(12)
    all_pairs = [frozenset(pair) for pair in combinations(entries, 2)]
    index = {pair: number for number, pair in enumerate(all_pairs)}
    # Each grouping as the numbers of the pairs seated together, worked out once.
    all_groupings = [
        [index[frozenset(pair)] for table in grouping for pair in combinations(table, 2)]
        for grouping in groupings(entries, 3)
    ]
    assert len(all_groupings) == 15400
    for seed in range(3):
        event = Event(entries, ratings_of(entries, seed), table_size=3, seed=seed)
        draw = random.Random(seed)
        for _ in range(4):
            met = event.meetings()
            event.play(1, draw)
            chosen = repeat_cost([t.seats for t in event.rounds[-1]], met)
            costs = [met[pair] ** 2 for pair in all_pairs]
            fewest = min(sum(costs[number] for number in grouping) for grouping in all_groupings)
            assert chosen == fewest, seed
        assert sum(n - 1 for n in event.meetings().values()) <= 1, seed


@pytest.mark.parametrize(
    ("count", "table_size", "sizes", "most_repeats"),
    [(12, 3, None, 1), (13, 3, None, 0), (13, 3, (3, 4), 2), (16, 4, None, 4), (14, 4, (3, 4), 2)],
)
def test_events_of_tables_keep_every_rule(
    count: int, table_size: int, sizes: tuple[int, ...] | None, most_repeats: int
) -> None:
    """Over many seeds, 4 rounds: everyone seated once a round, no pair meeting a third
    time, repeated meetings within the bound found when this was written, byes to the
    lowest scores and never twice, nobody first more than ⌈games / seats⌉ + 1 times."""
    allowed = sizes or (table_size,)
    for seed in range(8):
        entries = entries_of(count)
        event = Event(
            entries, ratings_of(entries, seed), table_size=table_size, seed=seed, sizes=sizes
        )
        draw = random.Random(seed)
        for _ in range(4):
            event.play(1, draw)
            tables = event.rounds[-1]
            assert sorted(e for t in tables for e in t.seats) == entries
            assert all(t.is_bye or len(t.seats) in allowed for t in tables)
        met = event.meetings()
        assert max(met.values()) <= 2
        assert sum(n - 1 for n in met.values()) <= most_repeats, seed
        assert max(event.byes().values(), default=0) <= 1
        firsts, games = event.firsts()
        for entry in entries:
            assert firsts[entry] <= -(-games[entry] // min(allowed)) + 1, (seed, entry)


def test_the_byes_go_to_the_lowest_scores() -> None:
    entries = entries_of(14)
    event = Event(entries, ratings_of(entries, 1), table_size=3, seed=1)
    draw = random.Random(1)
    event.play(2, draw)
    points: dict[str, Fraction] = {}
    for result in event.history:
        for entry, value in result.points().items():
            points[entry] = points.get(entry, Fraction(0)) + value
    had = set(event.byes())
    tables = swiss_round(entries, event.ratings, event.history, 3, 3, 1)
    byes = [t.seats[0] for t in tables if t.is_bye]
    assert len(byes) == 2 and not had & set(byes)
    others = [points.get(e, Fraction(0)) for e in entries if e not in had and e not in byes]
    assert max(points.get(e, Fraction(0)) for e in byes) <= min(others)


def test_the_first_seat_goes_to_whoever_sat_first_least() -> None:
    """At every table the first seat goes to one of its players with the fewest first
    seats so far."""
    for seed in range(6):
        entries = entries_of(9)
        event = Event(entries, ratings_of(entries, seed), table_size=3, seed=seed)
        draw = random.Random(seed)
        for _ in range(3):
            before, _ = event.firsts()
            event.play(1, draw)
            for table in event.rounds[-1]:
                assert before[table.seats[0]] == min(before[e] for e in table.seats)


def test_the_same_inputs_give_the_same_tables() -> None:
    entries = entries_of(13)
    event = Event(entries, ratings_of(entries, 9), table_size=3, seed=9, sizes=(3, 4))
    event.play(2, random.Random(9))
    history: list[TableResult] = list(reversed(event.history))
    one = swiss_round(entries, event.ratings, event.history, 3, 3, 9, sizes=(3, 4))
    assert swiss_round(entries, event.ratings, history, 3, 3, 9, sizes=(3, 4)) == one
