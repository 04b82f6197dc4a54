"""Where everything goes in the Origin picture: the map layout file and the canvas arithmetic.

All coordinates of the Origin map are computed here and nowhere else (the frame
around it is the kit's: ``render.kit.compose.Picture.layout``). The map layout
(``data/origin_layout.json``) gives a disc centre per territory, grouped by continent; it
is checked against ``rules.origin.components.BOARD`` when loaded (every territory placed
once, in its own continent, nothing unknown).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from render.kit.geometry import Box
from rules.origin.components import BOARD

Point = tuple[int, int]
LabelSide = Literal["below", "above", "left", "right"]

PANEL_HEIGHT = 144
FOOTER_HEIGHT = 178

LAND_PAD = 15  # land drawn around each disc, beyond its radius
RING = 6  # owner ring width
LABEL_GAP = 11  # from the disc edge to its name (leaves room for the pawn badge)
LABEL_WIDTH = 124
LABEL_SIZE = 12
LABEL_LINES = 2


class LayoutError(ValueError):
    """The layout file disagrees with the rules board or is malformed."""


@dataclass(frozen=True)
class Place:
    """One territory on the map: disc centre, continent and the side of its name."""

    id: str
    continent: str
    at: Point
    label: LabelSide


@dataclass(frozen=True)
class MapLayout:
    """The stylised world map: map size, disc radius, places and continent label spots."""

    width: int
    height: int
    radius: int
    places: dict[str, Place]
    continent_labels: dict[str, Point]
    wrapped_straits: frozenset[str]

    def centre(self, territory: str) -> Point:
        return self.places[territory].at

    def label_anchor(self, territory: str) -> tuple[Point, Literal["l", "m", "r"], bool]:
        """Where a name starts: (point, alignment, grows upwards)."""
        place = self.places[territory]
        x, y = place.at
        r = self.radius
        if place.label == "above":
            return (x, y - r - LABEL_GAP), "m", True
        if place.label == "left":
            return (x - r - RING - 4, y - LABEL_SIZE), "r", False
        if place.label == "right":
            return (x + r + RING + 4, y - LABEL_SIZE), "l", False
        return (x, y + r + LABEL_GAP), "m", False

    def label_box(self, territory: str, widths: list[float]) -> Box:
        """The box taken by a name made of lines of ``widths`` pixels."""
        (x, y), align, upwards = self.label_anchor(territory)
        height = round(LABEL_SIZE * 1.15 * len(widths)) + 2
        width = math.ceil(max(widths, default=0))
        left = x if align == "l" else x - width if align == "r" else x - width // 2
        top = y - height if upwards else y
        return Box(left, top, width, height)


def _point(value: Any, where: str) -> Point:
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) for v in value):
        raise LayoutError(f"origin_layout.json: {where}: expected [x, y] integers")
    return (value[0], value[1])


def parse_layout(raw: dict[str, Any]) -> MapLayout:
    """Build and check a ``MapLayout`` from the layout file's JSON (errors name the entry)."""
    try:
        size = raw["map"]
        width, height, radius = int(size["width"]), int(size["height"]), int(size["disc_radius"])
        continents = raw["continents"]
    except (KeyError, TypeError, ValueError) as exc:
        raise LayoutError(f"origin_layout.json: map/continents: {exc}") from exc
    places: dict[str, Place] = {}
    labels: dict[str, Point] = {}
    for continent, group in continents.items():
        labels[continent] = _point(group.get("label"), f"{continent}.label")
        for tid, spec in group["territories"].items():
            if tid in places:
                raise LayoutError(f"origin_layout.json: {tid}: placed twice")
            side = spec.get("label", "below")
            if side not in ("below", "above", "left", "right"):
                raise LayoutError(f"origin_layout.json: {tid}: bad label side {side!r}")
            at = _point(spec.get("at"), tid)
            if not (radius <= at[0] <= width - radius and radius <= at[1] <= height - radius):
                raise LayoutError(f"origin_layout.json: {tid}: disc outside the map")
            places[tid] = Place(tid, continent, at, side)
    wrapped = frozenset(sid for sid, spec in raw.get("straits", {}).items() if spec.get("wrap"))
    layout = MapLayout(width, height, radius, places, labels, wrapped)
    check_against_board(layout)
    return layout


def check_against_board(layout: MapLayout) -> None:
    """Every rules territory placed once in its own continent; no unknown id; no bad strait."""
    board_ids = set(BOARD.territories)
    missing = sorted(board_ids - set(layout.places))
    unknown = sorted(set(layout.places) - board_ids)
    if missing or unknown:
        raise LayoutError(f"origin_layout.json: missing {missing}, unknown {unknown}")
    for tid, place in layout.places.items():
        expected = BOARD.territories[tid].continent
        if place.continent != expected:
            raise LayoutError(
                f"origin_layout.json: {tid}: listed under {place.continent}, rules say {expected}"
            )
    if set(layout.continent_labels) != set(BOARD.continents):
        raise LayoutError("origin_layout.json: continents differ from the rules board")
    bad = sorted(layout.wrapped_straits - set(BOARD.straits))
    if bad:
        raise LayoutError(f"origin_layout.json: unknown straits {bad}")


@lru_cache(maxsize=1)
def map_layout() -> MapLayout:
    """The shipped map layout, loaded and checked once."""
    path = resources.files("render.origin").joinpath("data", "origin_layout.json")
    return parse_layout(json.loads(path.read_text(encoding="utf-8")))


def strait_ends(strait: str) -> tuple[Point, Point]:
    """Map points of a strait's two ends (disc centres)."""
    layout = map_layout()
    s = BOARD.straits[strait]
    return layout.centre(s.a), layout.centre(s.b)


def strait_token_at(strait: str) -> Point:
    """Where a strait's token marker sits (map coordinates)."""
    layout = map_layout()
    (ax, ay), (bx, by) = strait_ends(strait)
    if strait in layout.wrapped_straits:
        # The east end sits near the right edge: the token goes on that stub.
        east = (ax, ay) if ax > bx else (bx, by)
        return ((east[0] + layout.width) // 2 + 4, east[1])
    return ((ax + bx) // 2, (ay + by) // 2)
