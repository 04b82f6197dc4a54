"""Swiss rounds at two seats: pairing by score, no rematch while one can be avoided, the
bye to the lowest score and never twice, the first seat balanced; the matching is the
best one, checked against every possible pairing of small events."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction as F

import pytest

from bot.service import ServiceError
from bot.service.events import Table, TableResult, swiss_round
from tests.bot.service.events.play import Event, entries_of, random_result, ratings_of


def plain_points(history: Sequence[TableResult]) -> Counter[str]:
    """Points from the results, without the package's helpers: a bye 1, a two-seat
    game 1 to the winner, ½ each for a draw, 0 for whoever forfeited."""
    points: Counter[str] = Counter()
    for result in history:
        seats = result.table.seats
        if len(seats) == 1:
            points[seats[0]] += F(1)
            continue
        a, b = seats
        if a in result.forfeits or b in result.forfeits:
            for entry, other in ((a, b), (b, a)):
                points[entry] += F(entry not in result.forfeits and other in result.forfeits)
            continue
        for entry, other in ((a, b), (b, a)):
            mine, theirs = result.places[entry], result.places[other]
            points[entry] += F(1) if mine < theirs else F(1, 2) if mine == theirs else F(0)
    return points


@pytest.mark.parametrize("count", [15, 16, 17])
def test_four_rounds_of_sixteen_never_rematch_nor_give_two_byes(count: int) -> None:
    for seed in range(16):
        entries = entries_of(count)
        event = Event(entries, ratings_of(entries, seed), seed=seed)
        draw = random.Random(seed)
        for _ in range(4):
            before = plain_points(event.history)
            had_bye = set(event.byes())
            event.play(1, draw)
            tables = event.rounds[-1]
            seated = [entry for table in tables for entry in table.seats]
            assert sorted(seated) == entries, "every entry at one table"
            byes = [table.seats[0] for table in tables if table.is_bye]
            assert len(byes) == count % 2
            for entry in byes:
                eligible = [e for e in entries if e not in had_bye]
                assert before[entry] == min(before[e] for e in eligible), (seed, entry)
        assert max(event.meetings().values()) == 1, seed
        assert max(event.byes().values(), default=0) <= 1, seed
        firsts, games = event.firsts()
        for entry in entries:
            # First as often as second, give or take one game each way.
            assert abs(2 * firsts[entry] - games[entry]) <= 2, (seed, entry)


def perfect_matchings(nodes: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for index, other in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *matching]


Cost = tuple[int, int, int, int, int]


def pairing_cost(
    history: Sequence[TableResult], entries: Sequence[str]
) -> Callable[[Sequence[tuple[str, str]]], Cost]:
    """The rules of a Swiss pairing, most important first, computed plainly: second
    byes, rematches, the bye above the lowest score (squared, in twelfths), players
    sent past a first-seat difference of 2, the scores apart (squared, in twelfths)."""
    points = plain_points(history)
    byes = Counter(r.table.seats[0] for r in history if r.table.is_bye)
    met = Counter(frozenset(r.table.seats) for r in history if not r.table.is_bye)
    balance: Counter[str] = Counter()
    for result in history:
        if not result.table.is_bye:
            balance[result.table.seats[0]] += 1
            balance[result.table.seats[1]] -= 1
    eligible = [e for e in entries if byes[e] == 0] or list(entries)
    lowest = min(points[e] for e in eligible)

    def cost(pairs: Sequence[tuple[str, str]]) -> Cost:
        second_byes = rematches = bye_gap = past = spread = 0
        for a, b in pairs:
            if b == "":
                second_byes += byes[a]
                bye_gap += int((points[a] - lowest if points[a] > lowest else F(0)) * 12) ** 2
                continue
            rematches += met[frozenset((a, b))]
            past += min(
                max(0, abs(balance[x] + 1) - 2) + max(0, abs(balance[y] - 1) - 2)
                for x, y in ((a, b), (b, a))
            )
            spread += int(abs(points[a] - points[b]) * 12) ** 2
        return second_byes, rematches, bye_gap, past, spread

    return cost


@pytest.mark.parametrize("count", [7, 8, 9])
def test_each_round_is_the_best_pairing_of_all(count: int) -> None:
    """Every possible pairing of the round is tried: none does better on the rules, in
    their order, than the one ``swiss_round`` chose."""
    for seed in range(6):
        entries = entries_of(count)
        event = Event(entries, ratings_of(entries, seed), seed=seed)
        draw = random.Random(seed)
        for _ in range(5):
            history = list(event.history)
            event.play(1, draw)
            chosen = [
                (t.seats[0], "") if t.is_bye else (t.seats[0], t.seats[1]) for t in event.rounds[-1]
            ]
            nodes = entries + [""] if count % 2 else entries
            cost = pairing_cost(history, entries)
            best = min(cost(matching) for matching in perfect_matchings(nodes))
            assert cost(chosen) == best, (seed, len(event.rounds))


def test_round_one_pairs_the_top_half_by_rating_against_the_bottom_half() -> None:
    entries = entries_of(8)
    ratings = {entry: float(100 - index) for index, entry in enumerate(entries)}
    tables = swiss_round(entries, ratings, [], 1, 2, seed=3)
    assert {frozenset(t.seats) for t in tables} == {
        frozenset((entries[i], entries[i + 4])) for i in range(4)
    }


def test_the_first_seat_goes_to_whoever_was_first_less_often() -> None:
    t1 = Table(1, ("a", "b"))
    t2 = Table(1, ("c", "d"))
    history = [TableResult(t1, {"a": 1, "b": 2}), TableResult(t2, {"c": 1, "d": 2})]
    # a and c won (1 point): they meet; b and d lost: they meet. All four have a seat
    # difference of one: a and c were first, so the one of them seated first is due.
    tables = swiss_round(["a", "b", "c", "d"], {}, history, 2, 2, seed=0)
    assert {frozenset(t.seats) for t in tables} == {frozenset("ac"), frozenset("bd")}
    history += [TableResult(t, {t.seats[0]: 1, t.seats[1]: 2}) for t in tables]
    tables = swiss_round(["a", "b", "c", "d"], {}, history, 3, 2, seed=0)
    for table in tables:
        first, second = table.seats
        seats = [r.table.seats for r in history]
        assert sum(s[0] == first for s in seats) <= sum(s[0] == second for s in seats)


def test_a_rematch_is_made_only_when_none_can_be_avoided() -> None:
    assert swiss_round(["a", "b"], {}, [TableResult(Table(1, ("a", "b")), {"a": 1, "b": 2})], 2)
    entries = ["a", "b", "c", "d"]
    history: list[TableResult] = []
    for round_no in range(1, 5):
        tables = swiss_round(entries, {}, history, round_no, 2, seed=round_no)
        met = Counter(frozenset(r.table.seats) for r in history)
        rematches = sum(met[frozenset(t.seats)] for t in tables)
        # Four entries have three rounds of new opponents; the fourth must repeat.
        assert rematches == (0 if round_no <= 3 else 2)
        history += [TableResult(t, {t.seats[0]: 1, t.seats[1]: 1}) for t in tables]


def test_the_same_inputs_give_the_same_round_and_the_seed_chooses_between_equals() -> None:
    entries = entries_of(12)
    ratings = dict.fromkeys(entries, 0.0)
    event = Event(entries, ratings, seed=5)
    event.play(2, random.Random(5))
    again = swiss_round(entries, ratings, event.history, 3, 2, seed=5)
    shuffled = list(event.history)
    random.Random(1).shuffle(shuffled)
    assert swiss_round(entries, ratings, shuffled, 3, 2, seed=5) == again
    # Equal ratings, no history: the seed alone chooses who meets whom.
    pairings = {
        frozenset(frozenset(t.seats) for t in swiss_round(entries, ratings, [], 1, 2, seed=s))
        for s in range(6)
    }
    assert len(pairings) > 1


def test_a_withdrawn_place_leaves_the_next_rounds_and_a_substitute_inherits_a_place() -> None:
    entries = entries_of(16)
    event = Event(entries, ratings_of(entries, 2), seed=2)
    draw = random.Random(2)
    event.play(2, draw)
    event.entries = [e for e in entries if e != "p05"]
    event.play(1, draw)
    assert "p05" not in {e for t in event.rounds[-1] for e in t.seats}
    assert [t for t in event.rounds[-1] if t.is_bye], "15 left: a bye"
    # Someone takes the place of p05 before round 4: the place comes back with its
    # points and meetings, so it meets nobody again, nor takes a bye twice.
    event.entries = entries
    event.play(1, draw)
    assert max(event.meetings().values()) == 1
    assert max(event.byes().values()) == 1


def test_a_bye_goes_round_before_anyone_has_a_second() -> None:
    entries = ["a", "b", "c"]
    history: list[TableResult] = []
    byes = []
    for round_no in range(1, 7):
        tables = swiss_round(entries, {}, history, round_no, 2, seed=round_no)
        byes += [t.seats[0] for t in tables if t.is_bye]
        history += [random_result(t, random.Random(round_no)) for t in tables]
    assert sorted(byes[:3]) == entries and sorted(byes[3:]) == entries


def test_fewer_than_two_entries_are_refused_with_a_message_key() -> None:
    with pytest.raises(ServiceError) as refused:
        swiss_round(["a"], {}, [], 1)
    assert refused.value.key == "service.events.too_few"
    assert refused.value.params == {"count": 1, "min": 2}
