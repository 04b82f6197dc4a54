"""The static Origin world map: ocean, continents, land borders, straits, empty discs, names.

Drawn once per language at three times the size and reduced (smooth edges), then cached;
every turn copies it and pastes only the pieces.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import style
from render.kit.cache import MB, ArtCache
from render.kit.geometry import Box, toward
from render.kit.text import draw_lines, font, text_width, wrap
from render.origin.colours import BRIDGE, LAND, LAND_EDGE, OCEAN, OCEAN_DEEP, TERRITORY_COLOURS
from render.origin.layout import (
    LABEL_LINES,
    LABEL_SIZE,
    LABEL_WIDTH,
    LAND_PAD,
    RING,
    MapLayout,
    map_layout,
    strait_ends,
    strait_token_at,
)
from render.origin.names import continent_name, territory_name
from render.origin.pieces import paint_symbol
from rules.origin.components import BOARD

SS = 2  # supersampling for the map shapes (text is drawn afterwards at full size)
BRIDGE_WIDTH = 12
STRAIT_WIDTH = 4
DASH, GAP = 11, 7
CONTINENT_SIZE = 15
BADGE_DROP = 10  # the pawn badge reaches this far below a disc
TOKEN_CLEARANCE = 15  # half the side of the square kept free around a strait token


def land_edges() -> list[tuple[str, str]]:
    """Each land border once, in board order."""
    edges = []
    for tid in BOARD.order:
        for other in sorted(BOARD.territories[tid].neighbours):
            if tid < other:
                edges.append((tid, other))
    return edges


def land_faces(layout: MapLayout, longest: int = 5) -> list[tuple[str, ...]]:
    """Small land cycles (3 to ``longest`` territories) with no other disc inside.

    They are filled with land so that a continent reads as one mass, not a lattice.
    """
    found: set[frozenset[str]] = set()
    faces: list[tuple[str, ...]] = []

    def inside(point: tuple[int, int], polygon: list[tuple[int, int]]) -> bool:
        x, y = point
        hit = False
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    def extend(path: list[str]) -> None:
        last = path[-1]
        for nxt in sorted(BOARD.territories[last].neighbours):
            if nxt == path[0] and len(path) >= 3:
                key = frozenset(path)
                if key in found:
                    continue
                polygon = [layout.centre(t) for t in path]
                others = [
                    layout.centre(t)
                    for t in layout.places
                    if t not in key
                    and layout.places[t].continent == layout.places[path[0]].continent
                ]
                if not any(inside(o, polygon) for o in others):
                    found.add(key)
                    faces.append(tuple(path))
            elif nxt not in path and nxt > path[0] and len(path) < longest:
                extend(path + [nxt])

    for start in sorted(layout.places):
        extend([start])
    return faces


def _dashed(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    fill: style.RGB,
    width: int,
    dash: float,
    gap: float,
) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(length, t + dash)
        draw.line(
            [(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end)],
            fill=fill,
            width=width,
        )
        t = end + gap


def strait_segments(layout: MapLayout) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The drawn pieces of every strait: one segment, or two stubs to the map edges (wrap)."""
    segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    r = layout.radius
    for sid in sorted(BOARD.straits):
        strait = BOARD.straits[sid]
        a, b = layout.centre(strait.a), layout.centre(strait.b)
        if sid in layout.wrapped_straits:
            west, east = (a, b) if a[0] < b[0] else (b, a)
            segments.append(((float(west[0] - r), float(west[1])), (0.0, float(west[1]))))
            segments.append(
                ((float(east[0] + r), float(east[1])), (float(layout.width), float(east[1])))
            )
        else:
            segments.append((toward(a, b, r + 2), toward(b, a, r + 2)))
    return segments


def _paint_shapes(layout: MapLayout) -> Image.Image:
    k = SS
    image = Image.new("RGB", (layout.width * k, layout.height * k), OCEAN)
    draw = ImageDraw.Draw(image)
    grid = style.mix(OCEAN, style.WHITE, 0.22)
    for x in range(80, layout.width, 160):
        draw.line([(x * k, 0), (x * k, layout.height * k)], fill=grid, width=k)
    for y in range(70, layout.height, 140):
        draw.line([(0, y * k), (layout.width * k, y * k)], fill=grid, width=k)

    def pt(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] * k, p[1] * k)

    r = layout.radius
    edges = land_edges()
    holes = land_faces(layout)
    # Land masses: a coast line, then the land, around discs and along land borders.
    for pad, land in ((LAND_PAD + 3, LAND_EDGE), (LAND_PAD, LAND)):
        for a, b in edges:
            draw.line(
                [pt(layout.centre(a)), pt(layout.centre(b))],
                fill=land,
                width=round((r + pad) * 1.5 * k),
            )
        for place in layout.places.values():
            x, y = place.at
            rr = (r + pad) * k
            draw.ellipse((x * k - rr, y * k - rr, x * k + rr, y * k + rr), fill=land)
        if land == LAND:
            for face in holes:
                draw.polygon([pt(layout.centre(t)) for t in face], fill=land)
    for a_pt, b_pt in strait_segments(layout):
        _dashed(draw, pt(a_pt), pt(b_pt), OCEAN_DEEP, STRAIT_WIDTH * k, DASH * k, GAP * k)
    for a, b in edges:
        draw.line([pt(layout.centre(a)), pt(layout.centre(b))], fill=BRIDGE, width=BRIDGE_WIDTH * k)
    for tid, place in layout.places.items():
        x, y = place.at
        colour = BOARD.territories[tid].colour
        fill = TERRITORY_COLOURS[colour]
        rr = r * k
        draw.ellipse(
            (x * k - rr, y * k - rr, x * k + rr, y * k + rr), fill=fill, outline=style.INK, width=k
        )
        if tid == BOARD.origin:
            inner = (r - 6) * k
            draw.ellipse(
                (x * k - inner, y * k - inner, x * k + inner, y * k + inner),
                outline=style.INK_SOFT,
                width=2 * k,
            )
        paint_symbol(draw, colour, x * k, y * k, 10 * k, style.mix(fill, style.INK, 0.45))
    return image.reduce(k)


@lru_cache(maxsize=4)
def label_boxes(lang: str) -> dict[str, Box]:
    """The box of every territory name in ``lang`` (map coordinates)."""
    layout = map_layout()
    face = font(LABEL_SIZE, bold=True)
    boxes = {}
    for tid in layout.places:
        lines = label_lines(tid, lang)
        boxes[tid] = layout.label_box(tid, [text_width(line, face) for line in lines])
    return boxes


def label_lines(tid: str, lang: str) -> list[str]:
    """A territory's name in lines of ``LABEL_WIDTH``: the whole name, as the menus write
    it (a third line, or a break after a hyphen, rather than a word cut off)."""
    face = font(LABEL_SIZE, bold=True)
    name = territory_name(tid, lang)
    tokens = re.findall(r"[^\s-]+-|[^\s-]+", name)
    lines: list[str] = []
    for token in tokens:
        if lines:
            glue = "" if lines[-1].endswith("-") else " "
            candidate = lines[-1] + glue + token
            if text_width(candidate, face) <= LABEL_WIDTH:
                lines[-1] = candidate
                continue
        lines.append(token)
    if len(lines) > LABEL_LINES + 1:
        return wrap(name, face, LABEL_WIDTH, LABEL_LINES + 1)
    return lines


TOKEN_SPOTS = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74)


def continent_label_box(cid: str, lang: str) -> Box:
    """The box of a continent's name (drawn centred on its layout spot)."""
    x, y = map_layout().continent_labels[cid]
    width = math.ceil(
        text_width(continent_name(cid, lang).upper(), font(CONTINENT_SIZE, bold=True))
    )
    return Box(x - width // 2 - 3, y - CONTINENT_SIZE // 2 - 3, width + 6, CONTINENT_SIZE + 6)


def disc_box(tid: str) -> Box:
    """The box a disc may cover: its owner ring and the pawn badge below it."""
    layout = map_layout()
    x, y = layout.centre(tid)
    reach = layout.radius + RING
    badge_bottom = layout.radius + BADGE_DROP
    return Box(x - reach, y - reach, 2 * reach, reach + badge_bottom)


@lru_cache(maxsize=64)
def token_spot(strait: str, lang: str) -> tuple[int, int]:
    """Where a strait's token sits: on its line, clear of names and discs if possible."""
    layout = map_layout()
    if strait in layout.wrapped_straits:
        return strait_token_at(strait)
    (ax, ay), (bx, by) = strait_ends(strait)
    obstacles = list(label_boxes(lang).values()) + [disc_box(t) for t in layout.places]
    size = TOKEN_CLEARANCE
    best, best_score = (round((ax + bx) / 2), round((ay + by) / 2)), -1.0
    for t in TOKEN_SPOTS:
        x, y = round(ax + (bx - ax) * t), round(ay + (by - ay) * t)
        box = Box(x - size, y - size, 2 * size, 2 * size)
        hits = sum(box.overlaps(other) for other in obstacles)
        score = -hits - abs(t - 0.5)
        if score > best_score:
            best, best_score = (x, y), score
    return best


LABEL_MARGIN = 4


_labels: ArtCache[tuple[Image.Image, tuple[int, int]]] = ArtCache("origin.labels", budget=2 * MB)


def label_sprite(tid: str, lang: str) -> tuple[Image.Image, tuple[int, int]]:
    """A territory's name with its halo on a transparent ground, and its top-left corner.

    The static map pastes it; a turn pastes it again over a last-move arrow that crosses
    it, so that names stay on top.
    """
    return _labels.get((tid, lang), lambda: _paint_label(tid, lang))


def _paint_label(tid: str, lang: str) -> tuple[Image.Image, tuple[int, int]]:
    layout = map_layout()
    face = font(LABEL_SIZE, bold=True)
    lines = label_lines(tid, lang)
    box = label_boxes(lang)[tid]
    left, top = box.x - LABEL_MARGIN, box.y - LABEL_MARGIN
    sprite = Image.new("RGBA", (box.w + 2 * LABEL_MARGIN, box.h + 2 * LABEL_MARGIN), (0, 0, 0, 0))
    (x, y), align, upwards = layout.label_anchor(tid)
    if upwards:
        y -= round(LABEL_SIZE * 1.15 * len(lines))
    draw_lines(sprite, (x - left, y - top), lines, face, style.INK, align=align, halo=LAND)
    return sprite, (left, top)


def paint_map(lang: str) -> Image.Image:
    """The static map in ``lang`` (RGB, map-sized)."""
    layout = map_layout()
    image = _paint_shapes(layout)
    draw = ImageDraw.Draw(image)
    for tid in layout.places:
        sprite, corner = label_sprite(tid, lang)
        image.paste(sprite, corner, sprite)
    big = font(CONTINENT_SIZE, bold=True)
    for cid, (x, y) in layout.continent_labels.items():
        text = continent_name(cid, lang).upper()
        draw.text(
            (x, y),
            text,
            font=big,
            fill=style.mix(OCEAN_DEEP, style.INK, 0.35),
            anchor="mm",
            stroke_width=3,
            stroke_fill=OCEAN,
        )
    # The wrap-around strait: say where each stub leads.
    small = font(11, bold=True)
    for sid in layout.wrapped_straits:
        strait = BOARD.straits[sid]
        a, b = layout.centre(strait.a), layout.centre(strait.b)
        west, east = (a, b) if a[0] < b[0] else (b, a)
        draw.text((4, west[1] - 16), "◀", font=small, fill=OCEAN_DEEP, anchor="la")
        draw.text((layout.width - 4, east[1] - 16), "▶", font=small, fill=OCEAN_DEEP, anchor="ra")
    return image
