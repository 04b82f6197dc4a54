"""Tournament points by placing: a win, a draw, the places of three and four, ties,
forfeits, a bye, a table still being played."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bot.service.events import (
    BYE_POINTS,
    EXPLANATIONS,
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


def test_a_bye_is_a_win_and_a_pending_table_gives_nothing_yet() -> None:
    bye = TableResult.bye(Table(1, ("a",)))
    assert bye.points() == {"a": BYE_POINTS} and BYE_POINTS == 1
    pending = TableResult.pending(Table(1, ("a", "b")))
    assert pending.is_pending and pending.points() == {}
    assert not bye.is_pending


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
    for name, key in EXPLANATIONS.items():
        assert has_key(key) and has_key(f"service.events.{name}.name"), name
        for lang in ("en", "fr"):
            text = translate(key, lang)
            assert text != key and "you" not in text.lower().split()
    assert has_key("service.events.too_few")
