"""The first look at the events package: a Swiss round, a round robin and the standings
of a small event fit together."""

from __future__ import annotations

from fractions import Fraction

from bot.service.events import Table, TableResult, round_robin, standings, swiss_round


def test_a_small_swiss_event_pairs_scores_and_ranks() -> None:
    entries = ["a", "b", "c", "d", "e"]
    first = swiss_round(entries, {}, [], 1, 2, seed=1)
    assert sum(len(t.seats) for t in first) == 5
    assert [t.is_bye for t in first].count(True) == 1
    results = [
        TableResult.bye(t) if t.is_bye else TableResult(t, {t.seats[0]: 1, t.seats[1]: 2})
        for t in first
    ]
    lines = standings(entries, {}, results)
    assert sum(line.points for line in lines) == Fraction(3)
    assert [line.rank for line in lines] == [1, 2, 2, 4, 4]  # the bye: own points met


def test_a_round_robin_of_four_is_three_rounds_of_two_tables() -> None:
    rounds = round_robin(["a", "b", "c", "d"], 2, seed=0)
    assert [len(r) for r in rounds] == [2, 2, 2]
    assert all(isinstance(t, Table) for r in rounds for t in r)
