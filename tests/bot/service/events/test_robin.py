"""Round robins: at two seats every pair exactly once with the first seat balanced; at
three and four seats every pair about equally often, by the measure the docstring
states (the sum over pairs of their meetings squared), within the bounds below."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

import pytest

from bot.service.events import Table, round_robin
from tests.bot.service.events.play import entries_of


def meetings(rounds: tuple[tuple[Table, ...], ...]) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table.seats, 2))
    return met


@pytest.mark.parametrize("count", range(2, 22))
def test_two_seats_meet_every_pair_exactly_once(count: int) -> None:
    for seed in range(4):
        entries = entries_of(count)
        rounds = round_robin(entries, 2, seed)
        assert len(rounds) == count - 1 + count % 2
        balance: Counter[str] = Counter()
        for number, tables in enumerate(rounds, 1):
            assert all(table.round == number for table in tables)
            assert sorted(e for t in tables for e in t.seats) == entries
            assert sum(t.is_bye for t in tables) == count % 2
            for table in tables:
                if not table.is_bye:
                    balance[table.seats[0]] += 1
                    balance[table.seats[1]] -= 1
        met = meetings(rounds)
        assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
        assert all(abs(value) <= 1 for value in balance.values()), balance
        byes = Counter(t.seats[0] for tables in rounds for t in tables if t.is_bye)
        assert set(byes.values()) <= {1}


def test_the_seed_changes_the_schedule_and_the_same_seed_repeats_it() -> None:
    entries = entries_of(8)
    assert round_robin(entries, 2, 1) == round_robin(entries, 2, 1)
    assert len({round_robin(entries, 2, seed) for seed in range(4)}) > 1
    assert round_robin(entries, 3, 1) == round_robin(entries, 3, 1)


@pytest.mark.parametrize(
    ("count", "size", "sizes", "rounds_count", "unmet", "most"),
    [
        # Nine at three: a perfect schedule, every pair exactly once in four rounds.
        (9, 3, None, 4, 0, 1),
        # Sixteen at four (five rounds of four tables): at most 8 pairs of 120 apart.
        (16, 4, None, 5, 8, 2),
        (12, 3, None, 6, 2, 2),
        (10, 3, None, 6, 1, 2),
        (13, 4, (3, 4), 6, 2, 2),
        (7, 3, None, 4, 3, 2),
    ],
)
def test_tables_of_three_or_four_meet_about_equally(
    count: int, size: int, sizes: tuple[int, ...] | None, rounds_count: int, unmet: int, most: int
) -> None:
    """Every entry plays enough games to meet all the others; no pair meets more than
    ``most`` times and at most ``unmet`` pairs never meet; byes go round."""
    for seed in range(3):
        entries = entries_of(count)
        rounds = round_robin(entries, size, seed, sizes=sizes)
        assert len(rounds) == rounds_count
        met = meetings(rounds)
        assert max(met.values()) <= most
        assert count * (count - 1) // 2 - len(met) <= unmet, seed
        byes = Counter(t.seats[0] for tables in rounds for t in tables if t.is_bye)
        assert not byes or max(byes.values()) - min(byes[e] for e in entries) <= 1
        for tables in rounds:
            assert sorted(e for t in tables for e in t.seats) == entries


def test_six_at_three_reach_the_best_spread_of_all_schedules() -> None:
    """Every schedule of six players in two tables of three over three rounds is tried:
    none has a lower sum of meetings squared than the one made."""
    players = list(range(6))
    splits = [
        (table, tuple(p for p in players if p not in table))
        for table in combinations(players, 3)
        if 0 in table
    ]

    def cost(schedule: tuple[tuple[tuple[int, ...], ...], ...]) -> int:
        met: Counter[frozenset[int]] = Counter()
        for split in schedule:
            for table in split:
                met.update(frozenset(pair) for pair in combinations(table, 2))
        return sum(n * n for n in met.values())

    best = min(cost(schedule) for schedule in product(splits, repeat=3))
    for seed in range(4):
        rounds = round_robin(entries_of(6), 3, seed)
        assert sum(n * n for n in meetings(rounds).values()) == best == 30


def test_a_round_robin_seats_the_first_seat_round_at_tables() -> None:
    rounds = round_robin(entries_of(9), 3, 0)
    firsts = Counter(t.seats[0] for tables in rounds for t in tables)
    # Four rounds of three tables: twelve first seats among nine players.
    assert max(firsts.values()) - min(firsts[e] for e in entries_of(9)) <= 1
