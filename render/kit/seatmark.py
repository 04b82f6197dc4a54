"""A seat's pieces carry its shape as well as its colour, so that colour is never the only
sign of whose a piece is (the seat colours are checked under simulated colour blindness
in ``tests/render/test_colour_vision.py``; the shapes are what tells them apart when two
colours come close).

Two ways for a game's piece: the piece's own outline in the seat's shape
(``paint_seat_outline``: a token, a counter), or a small badge in the seat's shape on a
piece whose outline is its picture (``paint_seat_badge``: a hut, an animal, a figure).
Both take the supersampling scale ``k`` of ``render.kit.sprites.supersampled``.
"""

from __future__ import annotations

from PIL import ImageDraw

from render.kit import style
from render.kit.sprites import paint_shape

GROW = {"square": 1.1, "triangle": 1.2, "diamond": 0.95}
"""How much larger a shape is drawn than a circle of the same radius so that it looks as
big (a square inside a circle of radius r is small; a triangle's centre sits low)."""
DROP = {"triangle": 0.18}
"""How far down (in radii) the middle of a shape's inside is from its centre."""


def inner_centre(index: int, cy: float, r: float) -> float:
    """The height where a glyph sits inside the seat's shape of radius ``r`` at ``cy``."""
    return cy + DROP.get(style.player_shape(index), 0.0) * r


def paint_seat_outline(
    draw: ImageDraw.ImageDraw,
    index: int,
    cx: float,
    cy: float,
    r: float,
    k: int,
    *,
    edge: style.RGB = style.WHITE,
) -> None:
    """The body of a token of seat ``index``: its shape, filled with its colour, edged."""
    shape = style.player_shape(index)
    paint_shape(
        draw,
        shape,
        cx,
        cy,
        r * GROW.get(shape, 1.0),
        style.player_colour(index),
        edge,
        max(1, k),
    )


def paint_seat_badge(
    draw: ImageDraw.ImageDraw, index: int, cx: float, cy: float, r: float, k: int
) -> None:
    """A small badge of seat ``index`` centred at ``(cx, cy)``: its shape in its colour,
    a white edge inside an ink one, so that it reads on any ground."""
    shape = style.player_shape(index)
    grow = GROW.get(shape, 1.0)
    paint_shape(draw, shape, cx, cy, (r + 1.6 * k) * grow, style.INK, style.INK, k)
    paint_shape(
        draw,
        shape,
        cx,
        cy,
        r * grow,
        style.player_colour(index),
        style.WHITE,
        max(1, round(1.5 * k)),
    )


def paint_seat_emblem(
    draw: ImageDraw.ImageDraw, index: int, cx: float, cy: float, r: float, k: int
) -> None:
    """Seat ``index``'s shape in white, edged in ink, on a piece already in its colour
    (a hut's front, a robe)."""
    shape = style.player_shape(index)
    paint_shape(draw, shape, cx, cy, r * GROW.get(shape, 1.0), style.WHITE, style.INK, max(1, k))
