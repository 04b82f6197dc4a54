"""Colours shared by every renderer: paper, ink, player colours and Origin's territory colours.

Player colours follow the Okabe-Ito set (safe for the common colour-blindness types) and
skip its yellow, orange and green, which Origin uses for territories. Every player also
gets a marker shape (circle, square, triangle, diamond) so that colour is never the only
cue.
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

OCEAN: Final[RGB] = (176, 208, 226)
OCEAN_DEEP: Final[RGB] = (120, 162, 190)
LAND: Final[RGB] = (238, 229, 205)
LAND_EDGE: Final[RGB] = (190, 174, 140)
BRIDGE: Final[RGB] = (170, 152, 116)

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

TERRITORY_COLOURS: Final[dict[str, RGB]] = {
    "neutral": (214, 208, 196),
    "green": (96, 160, 72),
    "yellow": (240, 198, 46),
    "orange": (232, 132, 44),
    "violet": (142, 106, 190),
    "brown": (146, 102, 66),
}
CARD_COLOURS: Final[dict[str, RGB]] = {
    key: TERRITORY_COLOURS[key] for key in ("yellow", "orange", "violet")
}

PAWN_FILL: Final[dict[str, RGB]] = {"w": (250, 248, 240), "b": (139, 84, 40), "k": (28, 28, 30)}
PAWN_EDGE: Final[dict[str, RGB]] = {"w": (40, 40, 40), "b": (40, 24, 10), "k": (235, 235, 235)}

TOKEN_BACK: Final[RGB] = (58, 74, 96)
TOKEN_FACE: Final[RGB] = (255, 250, 235)
HUNT_BACK: Final[RGB] = (92, 64, 40)


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
