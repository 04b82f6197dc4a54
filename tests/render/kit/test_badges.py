"""Badges and counters hold the largest number their game allows: each is drawn with it
and its ink checked to stay inside its plate."""

from __future__ import annotations

import pytest
from PIL import Image

from render.kit import style
from render.kit.badges import number_badge, place_plate
from render.kit.text import font, text_width
from render.tribes import pieces
from rules.tribes.components import MEMBERS


def dark_columns(image: Image.Image, left: int, right: int) -> list[int]:
    """The columns in ``[left, right)`` holding a dark opaque pixel on the middle row band."""
    rgba = image.convert("RGBA")
    found = []
    for x in range(max(0, left), min(rgba.width, right)):
        for y in range(rgba.height // 2 - 4, rgba.height // 2 + 5):
            r, g, b, a = rgba.getpixel((x, y))  # type: ignore[misc]
            if a > 200 and r + g + b < 200:
                found.append(x)
                break
    return found


@pytest.mark.parametrize("points", [9, 11, 15, 30, 99])
def test_a_tribes_score_chip_holds_two_digits_inside_its_disc(points: int) -> None:
    """A category of victory points reaches two digits (15 win, a game may end above);
    the disc grows to a pill, and no digit spills onto the chip around it."""
    chip = pieces.chip("Achievements", points, style.PANEL, height=22)
    disc = pieces.points_width(points)
    assert text_width(str(points), font(12, bold=True)) + 4 <= disc
    left = chip.width - 4 - disc
    assert dark_columns(chip, left - 5, left - 1) == []  # nothing left of the disc
    assert dark_columns(chip, chip.width - 3, chip.width - 1) == []  # nor right of it


def test_a_one_digit_chip_keeps_its_round_disc() -> None:
    assert pieces.points_width(7) == 16


@pytest.mark.parametrize("count", [9, MEMBERS])
def test_a_tribes_member_token_writes_the_largest_count_inside_its_shape(count: int) -> None:
    """A hex can hold every member of a tribe: the count shrinks to stay in the token."""
    radius = 14
    size = round(radius * (1.15 if count < 10 else 0.95))
    assert text_width(str(count), font(size, bold=True)) <= 2 * radius * 0.85


@pytest.mark.parametrize("text", ["9", "15", "99"])
def test_a_number_badge_grows_with_its_text(text: str) -> None:
    badge = number_badge(text)
    face = font(round(11 * 1.25), bold=True)
    assert badge.width >= text_width(text, face) + 8


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_place_plate_is_never_narrower_than_its_words(lang: str) -> None:
    """Orbis' plates name the places a tile may go ("◀ à gauche", "rangée 4"): on the
    narrowest plate the game asks for, every word stays on it."""
    import render.orbis  # noqa: F401  (its catalogue)
    from render.kit.names import tr

    face = font(12, bold=True)
    words = [tr(f"render.orbis.spot.{k}", lang) for k in ("left", "start", "right")]
    words += [
        tr("render.orbis.spot.row", lang, row=4),
        tr("render.orbis.spot.place", lang, place=5),
    ]
    for line in words:
        plate = place_plate((line,), 40)
        assert plate.width >= text_width(line, face) + 8, (lang, line)
