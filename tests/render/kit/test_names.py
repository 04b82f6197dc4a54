"""render.kit.names: catalogue look-ups, texts carried by views, seat names and fitting."""

from __future__ import annotations

import pytest

from render.kit.names import fit_name, seat_name, seat_names, text_of, tr, tr_or
from render.kit.text import font, text_width


def test_kit_words_exist_in_both_languages() -> None:
    assert tr("render.kit.to_play", "en") != tr("render.kit.to_play", "fr")
    assert tr("render.no.such.key", "en") == "render.no.such.key"
    assert tr_or("render.no.such.key", "fallback", "fr") == "fallback"


def test_a_view_text_is_translated_with_its_params() -> None:
    value = {"key": "options.out_of_range", "params": {"option": "x", "minimum": 1, "maximum": 9}}
    english, french = text_of(value, "en"), text_of(value, "fr")
    assert "1" in english and "9" in english and english != french


@pytest.mark.parametrize(
    "value",
    [None, "options.out_of_range", {}, {"key": 3}, {"key": "nobody.knows.this"}, []],
)
def test_a_missing_malformed_or_unknown_text_draws_nothing(value: object) -> None:
    assert text_of(value, "en") == ""


def test_seat_names_fall_back_to_the_seat_id() -> None:
    names = {"s1": "Amélie", "s2": ""}
    assert seat_name("s1", names) == "Amélie"
    assert seat_name("s2", names) == "s2"
    assert seat_name("s3", None) == "s3"
    assert seat_names(["s1", "s3"], names) == "Amélie, s3"


def test_fit_name_shrinks_before_it_cuts() -> None:
    face, text = fit_name("Bob", 200, 22)
    assert (face.size, text) == (22, "Bob")
    long = "Amélie-Charlotte de la Tour du Pin"
    face, text = fit_name(long, 300, 22, minimum=14)
    assert text == long and 14 <= face.size < 22 and text_width(text, face) <= 300
    face, text = fit_name(long, 120, 22, minimum=14)
    assert face.size == 14 and text.endswith("…") and text_width(text, face) <= 120
    assert face is font(14, bold=True)
