"""Origin's own colours: ocean and land of the map, territories, pawns and tokens.

The shared colours (paper, ink, seats) come from ``render.kit.style``. Territory
colours are Origin's yellow, orange and green (which the seat colours avoid), each
doubled by a symbol on the map.
"""

from __future__ import annotations

from typing import Final

from render.kit.style import RGB

OCEAN: Final[RGB] = (176, 208, 226)
OCEAN_DEEP: Final[RGB] = (120, 162, 190)
LAND: Final[RGB] = (238, 229, 205)
LAND_EDGE: Final[RGB] = (190, 174, 140)
BRIDGE: Final[RGB] = (170, 152, 116)

TERRITORY_COLOURS: Final[dict[str, RGB]] = {
    "neutral": (214, 208, 196),
    "green": (96, 160, 72),
    "yellow": (240, 198, 46),
    "orange": (232, 132, 44),
    "violet": (142, 106, 190),
    "brown": (146, 102, 66),
}

PAWN_FILL: Final[dict[str, RGB]] = {"w": (250, 248, 240), "b": (139, 84, 40), "k": (28, 28, 30)}
PAWN_EDGE: Final[dict[str, RGB]] = {"w": (40, 40, 40), "b": (40, 24, 10), "k": (235, 235, 235)}

TOKEN_BACK: Final[RGB] = (58, 74, 96)
TOKEN_FACE: Final[RGB] = (255, 250, 235)
HUNT_BACK: Final[RGB] = (92, 64, 40)
