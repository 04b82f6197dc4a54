"""The standings, recomputed here on their own from the rules as the players' page
states them, against ``standings()`` over random events: points by placing, the
opponents' points, the points scored, the rating, shared ranks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction as F

import pytest

from bot.service.events import Table, TableResult, standings
from tests.bot.service.events.play import Event, entries_of, ratings_of


def plain_standings(
    entries: Sequence[str], ratings: Mapping[str, float], results: Sequence[TableResult]
) -> list[tuple[str, int, F, F, float, str | None]]:
    """(entry, rank, points, opponents' points, scored, separated by), computed plainly."""
    done = [r for r in results if len(r.table.seats) == 1 or r.places]
    gained: list[dict[str, F]] = []
    for result in done:
        seats = result.table.seats
        if len(seats) == 1:
            gained.append({seats[0]: F(1)})
            continue
        mine: dict[str, F] = {}
        for entry in seats:
            if entry in result.forfeits:
                mine[entry] = F(0)
                continue
            ahead = tied = 0
            for other in seats:
                if other == entry:
                    continue
                if other in result.forfeits or result.places[other] > result.places[entry]:
                    ahead += 1
                elif result.places[other] == result.places[entry]:
                    tied += 1
            mine[entry] = (ahead + F(tied, 2)) / (len(seats) - 1)
        gained.append(mine)
    total: dict[str, F] = {}
    for mine in gained:
        for entry, value in mine.items():
            total[entry] = total.get(entry, F(0)) + value
    biggest: dict[int, int] = {}
    for result in results:
        biggest[result.table.round] = max(
            biggest.get(result.table.round, 2), len(result.table.seats)
        )
    rows = []
    for entry in entries:
        opponents = F(0)
        scored = 0.0
        for result in done:
            seats = result.table.seats
            if entry not in seats:
                continue
            if len(seats) == 1:
                opponents += total.get(entry, F(0)) * (biggest[result.table.round] - 1)
                continue
            opponents += sum((total.get(o, F(0)) for o in seats if o != entry), F(0))
            scored += result.scores.get(entry, 0.0)
        rating = ratings.get(entry, float("-inf"))
        rows.append((entry, total.get(entry, F(0)), opponents, scored, rating))
    rows.sort(key=lambda row: row[1:], reverse=True)
    ranked = []
    names = ("points", "opponents", "scored", "rating")
    for index, row in enumerate(rows):
        if index and rows[index - 1][1:] == row[1:]:
            rank, why = ranked[-1][1], None
        else:
            rank = index + 1
            why = None
            if index:
                why = next(
                    n for n, a, b in zip(names, row[1:], rows[index - 1][1:], strict=True) if a != b
                )
        ranked.append((row[0], rank, row[1], row[2], row[3], why))
    return ranked


def as_rows(
    entries: Sequence[str], ratings: Mapping[str, float], results: Sequence[TableResult]
) -> list[tuple[str, int, F, F, float, str | None]]:
    return [
        (s.entry, s.rank, s.points, s.opponents, s.scored, s.separated_by)
        for s in standings(entries, ratings, results)
    ]


@pytest.mark.parametrize(
    ("count", "table_size", "sizes"),
    [(16, 2, None), (15, 2, None), (12, 3, None), (13, 3, (3, 4)), (10, 4, (3, 4))],
)
def test_standings_match_a_plain_recomputation_over_random_events(
    count: int, table_size: int, sizes: tuple[int, ...] | None
) -> None:
    for seed in range(8):
        entries = entries_of(count)
        ratings = ratings_of(entries, seed)
        if seed % 3 == 0:
            ratings = dict.fromkeys(entries, 10.0)  # ties through to the rating
        del ratings[entries[-1]]  # one entry without a rating
        event = Event(entries, ratings, table_size=table_size, seed=seed, sizes=sizes)
        draw = random.Random(seed)
        event.play(2, draw)
        event.entries = entries[1:]  # the first place withdraws after round 2
        event.play(2, draw)
        results = list(event.history)
        # A table of the next round still being played counts for nothing yet.
        tables = event.rounds[-1]
        results.append(TableResult.pending(Table(5, tables[0].seats)))
        for listed in (entries, entries[1:]):
            assert as_rows(listed, ratings, results) == plain_standings(listed, ratings, results)


def test_all_tied_share_the_first_rank() -> None:
    entries = ["a", "b", "c", "d"]
    tables = [Table(1, ("a", "b")), Table(1, ("c", "d"))]
    results = [
        TableResult(t, dict.fromkeys(t.seats, 1), dict.fromkeys(t.seats, 5.0)) for t in tables
    ]
    lines = standings(entries, {}, results)
    assert [line.rank for line in lines] == [1, 1, 1, 1]
    assert [line.entry for line in lines] == entries, "the given order within a rank"
    assert all(line.points == F(1, 2) and line.separated_by is None for line in lines)


def test_each_tie_break_shows_where_it_decided() -> None:
    t1, t2, t3 = Table(1, ("a", "b")), Table(1, ("c", "d")), Table(2, ("a", "c"))
    results = [
        TableResult(t1, {"a": 1, "b": 2}, {"a": 10.0, "b": 4.0}),
        TableResult(t2, {"c": 1, "d": 2}, {"c": 12.0, "d": 3.0}),
        TableResult(t3, {"a": 1, "c": 1}, {"a": 7.0, "c": 7.0}),
    ]
    lines = {line.entry: line for line in standings("abcd", {"b": 5.0, "d": 9.0}, results)}
    # a and c: 1.5 points, opponents' points 0 + 1.5 each; c scored 19 against 17.
    assert lines["c"].rank == 1 and lines["a"].rank == 2
    assert lines["a"].separated_by == "scored" and lines["a"].opponents == F(3, 2)
    # b and d: 0 points, opponents 1.5 each, scored 4 and 3... b is above on the score.
    assert lines["b"].rank == 3 and lines["b"].separated_by == "points"
    assert lines["d"].rank == 4 and lines["d"].separated_by == "scored"
    assert lines["d"].played == 1 and lines["d"].byes == 0


def test_a_bye_counts_as_meeting_ones_equal_in_the_opponents_points() -> None:
    results = [
        TableResult(Table(1, ("a", "b")), {"a": 1, "b": 2}),
        TableResult.bye(Table(1, ("c",))),
    ]
    lines = {line.entry: line for line in standings("abc", {}, results)}
    assert lines["c"].opponents == lines["c"].points == 1
    assert lines["c"].byes == 1 and lines["c"].played == 0 and lines["c"].scored == 0
    # At tables of three, a bye stands for two such opponents.
    results = [
        TableResult(Table(1, ("a", "b", "c")), {"a": 1, "b": 2, "c": 3}),
        TableResult.bye(Table(1, ("d",))),
    ]
    lines = {line.entry: line for line in standings("abcd", {}, results)}
    assert lines["d"].opponents == 2
    # Also while the round's tables are still being played.
    results[0] = TableResult.pending(results[0].table)
    lines = {line.entry: line for line in standings("abcd", {}, results)}
    assert lines["d"].opponents == 2 and lines["a"].points == 0


def test_a_withdrawn_place_still_counts_for_those_it_met() -> None:
    results = [
        TableResult(Table(1, ("a", "gone")), {"a": 2, "gone": 1}),
        TableResult(Table(2, ("a", "b")), {"a": 1, "b": 2}),
    ]
    lines = {line.entry: line for line in standings(["a", "b"], {}, results)}
    assert lines["a"].opponents == 1  # gone's one point, b's none
    assert "gone" not in lines


def test_two_entries_and_an_empty_event() -> None:
    assert [s.rank for s in standings(["a", "b"], {"a": 3.0}, [])] == [1, 2]
    assert standings(["a", "b"], {"a": 3.0}, [])[1].separated_by == "rating"
    assert standings([], {}, []) == ()
