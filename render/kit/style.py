"""Colours every picture shares: paper, ink, the header, seat colours and marker shapes.

Seat colours follow the Okabe-Ito set (safe for the common colour-blindness types) and
skip its yellow, orange and green, which games use for their own components (Origin's
territories). Every seat also gets a marker shape (circle, square, triangle, diamond)
so that colour is never the only cue. A game's own colours live in its package
(``render/origin/colours.py``).
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

PAPER: Final[RGB] = (246, 241, 230)
PANEL: Final[RGB] = (255, 252, 245)
INK: Final[RGB] = (33, 31, 28)
INK_SOFT: Final[RGB] = (96, 90, 80)
RULE: Final[RGB] = (205, 196, 178)
WHITE: Final[RGB] = (255, 255, 255)
HIGHLIGHT: Final[RGB] = (255, 214, 10)
ARROW: Final[RGB] = (20, 20, 20)

HEADER_BG: Final[RGB] = (46, 42, 38)
HEADER_INK: Final[RGB] = (250, 246, 236)
HEADER_SOFT: Final[RGB] = (200, 192, 176)
OUT: Final[RGB] = (128, 124, 118)  # the tag of a seat that left the game

PLAYER_COLOURS: Final[tuple[RGB, ...]] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (86, 180, 233),  # sky blue
    (204, 121, 167),  # reddish purple
    (60, 60, 60),  # graphite (5th seat, if a game allows it)
    (0, 0, 0),
)
PLAYER_SHAPES: Final[tuple[str, ...]] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "hexagon",
    "star",
)


def player_colour(index: int) -> RGB:
    """The colour of the seat at ``index`` in turn order."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def player_shape(index: int) -> str:
    """The marker shape of the seat at ``index`` in turn order."""
    return PLAYER_SHAPES[index % len(PLAYER_SHAPES)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def ramp(a: RGB, b: RGB, steps: int) -> list[RGB]:
    """``steps`` colours from ``a`` to ``b`` inclusive (anti-aliasing shades for a palette)."""
    return [mix(a, b, i / (steps - 1)) for i in range(steps)]


def is_dark(colour: RGB) -> bool:
    """Whether white text reads better than black text on ``colour``."""
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def ink_on(colour: RGB) -> RGB:
    """The text colour that reads on ``colour`` (white on dark, ink on light)."""
    return WHITE if is_dark(colour) else INK


def shared_colours(seats: int = 4) -> list[RGB]:
    """The kit's colours for a palette: its design colours, then the shades that smooth
    text on panels and on the header, and seat colours toward white and ink."""
    colours: list[RGB] = [
        PAPER,
        PANEL,
        INK,
        INK_SOFT,
        RULE,
        WHITE,
        HIGHLIGHT,
        ARROW,
        HEADER_BG,
        HEADER_INK,
        HEADER_SOFT,
        OUT,
        (0, 0, 0),
    ]
    colours += [player_colour(i) for i in range(seats)]
    for ground in (PANEL, HEADER_BG):
        for fg in (INK, INK_SOFT, HEADER_INK, HEADER_SOFT):
            if fg != ground:
                colours += ramp(ground, fg, 6)[1:-1]
    for i in range(seats):
        colours += ramp(player_colour(i), WHITE, 5)[1:-1]
        colours += ramp(player_colour(i), INK, 4)[1:-1]
    return colours
