"""Orbis's own colours: the five tile and cube colours, and those of its icons and tokens.

The shared colours (paper, ink, seats) come from ``render.kit.style``.
"""

from __future__ import annotations

from typing import Final

from render.kit import style
from render.kit.style import RGB

COLOURS: Final[tuple[str, ...]] = ("yellow", "green", "blue", "red", "white")
"""The five colours, in the rules' order."""
TILE_COLOURS: Final[dict[str, RGB]] = {
    "yellow": (238, 190, 52),
    "green": (84, 156, 76),
    "blue": (58, 124, 196),
    "red": (204, 70, 52),
    "white": (236, 234, 226),
}
CUBE_EDGE: Final[dict[str, RGB]] = {
    c: style.mix(rgb, style.INK, 0.45 if c != "white" else 0.55) for c, rgb in TILE_COLOURS.items()
}
MEDALLION: Final[RGB] = (252, 247, 234)
WASTE: Final[RGB] = (134, 118, 100)
WASTE_CRACK: Final[RGB] = (88, 76, 64)
STONE: Final[RGB] = (150, 146, 138)
WATER: Final[RGB] = (60, 140, 220)
LAVA: Final[RGB] = (230, 90, 30)
MOUNTAIN: Final[RGB] = (110, 84, 70)
LEAF: Final[RGB] = (46, 120, 60)
TRUNK: Final[RGB] = (120, 80, 46)
HUT: Final[RGB] = (176, 120, 60)
TEMPLE: Final[RGB] = (120, 110, 150)
CANCEL: Final[RGB] = (40, 36, 34)
VALID: Final[RGB] = (40, 150, 70)
GOD: Final[RGB] = (92, 66, 140)
GOD_LIGHT: Final[RGB] = style.mix(GOD, style.WHITE, 0.85)
TOKEN: Final[RGB] = (200, 170, 90)
BACK: Final[RGB] = (88, 72, 110)


def tile_rgb(colour: str) -> RGB:
    return TILE_COLOURS.get(colour, TILE_COLOURS["white"])
