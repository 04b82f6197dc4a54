"""Tournament points by placing: a win, a draw, the places of three and four, ties,
forfeits, a bye, a table still being played."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.events import (
    BYE_POINTS,
    EXPLANATIONS,
    NAMES,
    Table,
    TableResult,
    format_points,
    placing_points,
)
from rules.i18n import has_key, register_package, translate


def test_a_two_player_win_is_one_point_and_a_draw_half_each() -> None:
    assert placing_points({"a": 1, "b": 2}) == {"a": 1, "b": 0}
    assert placing_points({"a": 1, "b": 1}) == {"a": F(1, 2), "b": F(1, 2)}


def test_three_and_four_seats_give_the_first_one_and_the_last_nothing() -> None:
    assert placing_points({"a": 1, "b": 2, "c": 3}) == {"a": 1, "b": F(1, 2), "c": 0}
    assert placing_points({"a": 1, "b": 2, "c": 3, "d": 4}) == {
        "a": 1,
        "b": F(2, 3),
        "c": F(1, 3),
        "d": 0,
    }


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        # Two tied first of three share 1st and 2nd: (1 + 1/2) / 2.
        ({"a": 1, "b": 1, "c": 3}, {"a": F(3, 4), "b": F(3, 4), "c": 0}),
        # Two tied second of four share 2nd and 3rd: (2/3 + 1/3) / 2.
        ({"a": 1, "b": 2, "c": 2, "d": 4}, {"a": 1, "b": F(1, 2), "c": F(1, 2), "d": 0}),
        # All four tied: the average of all the places.
        ({"a": 1, "b": 1, "c": 1, "d": 1}, dict.fromkeys("abcd", F(1, 2))),
    ],
)
def test_a_tie_shares_the_average_of_the_places_it_covers(
    places: dict[str, int], expected: dict[str, F]
) -> None:
    assert placing_points(places) == expected
    # The same from the points of the places alone: place k of n is worth (n-k)/(n-1).
    plain = [F(len(places) - k, len(places) - 1) for k in range(1, len(places) + 1)]
    for entry, place in places.items():
        covered = [p for p in places.values() if p == place]
        start = place - 1
        assert expected[entry] == sum(plain[start : start + len(covered)]) / len(covered)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_every_table_hands_out_half_a_point_a_seat(size: int) -> None:
    seats = [chr(ord("a") + i) for i in range(size)]
    for places in ({s: i + 1 for i, s in enumerate(seats)}, dict.fromkeys(seats, 1)):
        assert sum(placing_points(places).values()) == F(size, 2)


def test_a_forfeit_scores_nothing_and_puts_the_others_above() -> None:
    # The one who timed out was ahead on the board: the other still wins.
    assert placing_points({"a": 1, "b": 2}, {"a"}) == {"a": 0, "b": 1}
    # Both gone: nobody scores (a double forfeit).
    assert placing_points({"a": 1, "b": 2}, {"a", "b"}) == {"a": 0, "b": 0}
    # At three, the two left are placed among themselves as the game placed them.
    assert placing_points({"a": 1, "b": 2, "c": 3}, {"a"}) == {"a": 0, "b": 1, "c": F(1, 2)}


def test_a_game_left_before_it_got_going_is_won_by_whoever_stayed() -> None:
    result = TableResult(Table(2, ("a", "b", "c")), forfeits=frozenset({"b"}))
    assert not result.is_pending
    assert result.points() == {"a": F(3, 4), "b": 0, "c": F(3, 4)}
    both = TableResult(Table(2, ("a", "b")), forfeits=frozenset({"a", "b"}))
    assert both.points() == {"a": 0, "b": 0}


def test_a_bye_is_a_win_and_a_pending_table_gives_nothing_yet() -> None:
    bye = TableResult.bye(Table(1, ("a",)))
    assert bye.points() == {"a": BYE_POINTS} and BYE_POINTS == 1
    pending = TableResult.pending(Table(1, ("a", "b")))
    assert pending.is_pending and pending.points() == {}
    assert not bye.is_pending


def test_a_result_reads_a_games_ranking_with_its_ties() -> None:
    table = Table(3, ("a", "b", "c", "d"))
    result = TableResult.from_ranking(table, [("c",), ("a", "d"), ("b",)], {"c": 9.0}, ["b"])
    assert dict(result.places) == {"c": 1, "a": 2, "d": 2, "b": 4}
    assert result.forfeits == {"b"} and dict(result.scores) == {"c": 9.0}
    assert result.points() == {"c": 1, "a": F(1, 2), "d": F(1, 2), "b": 0}


def test_a_result_must_place_every_seat_of_its_table() -> None:
    table = Table(1, ("a", "b"))
    with pytest.raises(ValueError):
        TableResult(table, {"a": 1})
    with pytest.raises(ValueError):
        TableResult(table, {"a": 1, "b": 0})
    with pytest.raises(ValueError):
        TableResult(table, {"a": 1, "b": 2}, forfeits=frozenset({"c"}))
    with pytest.raises(ValueError):
        Table(1, ("a", "a"))


def test_figures_read_as_a_player_writes_them() -> None:
    assert format_points(F(3)) == "3"
    assert format_points(F(5, 2)) == "2.5"
    assert format_points(F(5, 2), "fr") == "2,5"
    assert format_points(F(5, 3)) == "1.67"
    assert format_points(0.0) == "0"


def test_every_figure_has_a_name_and_an_explanation_in_both_languages() -> None:
    register_package("bot")
    assert set(EXPLANATIONS) == set(NAMES) == {"points", "opponents", "scored", "rating"}
    for name, key in EXPLANATIONS.items():
        assert has_key(key) and has_key(NAMES[name]), name
        for lang in ("en", "fr"):
            text = translate(key, lang)
            assert text != key and "you" not in text.lower().split()
    assert has_key("service.events.too_few")


@st.composite
def finished_tables(draw: st.DrawFn) -> tuple[dict[str, int], frozenset[str]]:
    """Places of 2 to 4 seats in competition form (1, 1, 3), and who forfeited."""
    size = draw(st.integers(2, 4))
    seats = [chr(ord("a") + i) for i in range(size)]
    groups = draw(st.lists(st.integers(1, size), min_size=size, max_size=size))
    order = sorted(range(size), key=lambda i: groups[i])
    places: dict[str, int] = {}
    for position, i in enumerate(order):
        same = position and groups[order[position - 1]] == groups[i]
        places[seats[i]] = places[seats[order[position - 1]]] if same else position + 1
    forfeits = frozenset(draw(st.sets(st.sampled_from(seats))))
    return places, forfeits


@given(finished_tables())
@settings(max_examples=100, deadline=None)
def test_points_rise_with_the_place_and_fall_with_a_forfeit(
    table: tuple[dict[str, int], frozenset[str]],
) -> None:
    places, forfeits = table
    points = placing_points(places, forfeits)
    assert all(F(0) <= value <= 1 for value in points.values())
    stayed = [entry for entry in places if entry not in forfeits]
    for a in stayed:
        for b in stayed:
            if places[a] < places[b]:
                assert points[a] > points[b]
            elif places[a] == places[b]:
                assert points[a] == points[b]
    assert all(points[entry] == 0 for entry in forfeits)
    if not forfeits:
        assert sum(points.values()) == F(len(places), 2)
    # Leaving never pays: a seat that forfeits has no more than it would have had.
    for entry in forfeits:
        assert placing_points(places)[entry] >= points[entry]
