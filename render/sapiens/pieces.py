"""Sapiens' pieces as cached sprites: the eight scenes, tribe tiles, mountain, Baston,
bear and steak tokens, caves and waterfalls.

Each scene has a colour and a white or dark glyph (Festin a bone, Cueillette a tree,
Rituel a standing stone, Baston a fist, Eau waves, Campement a tent, Chasse tusks, Feu
a flame), so that colour is never the only cue. Everything is drawn supersampled once
per size and kept in ``render.kit.sprites.SPRITES``.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import Image, ImageDraw

from render.kit import seatmark, sprites, style
from render.kit.style import RGB

SCENES: Final[tuple[str, ...]] = ("FE", "CU", "RI", "BA", "EA", "CA", "CH", "FU")

SCENE_COLOURS: Final[dict[str, RGB]] = {
    "FE": (242, 234, 212),  # Festin: bone white
    "CU": (52, 150, 62),  # Cueillette: green
    "RI": (128, 130, 142),  # Rituel: grey
    "BA": (204, 52, 44),  # Baston: red
    "EA": (40, 112, 200),  # Eau: blue
    "CA": (236, 136, 32),  # Campement: orange
    "CH": (120, 78, 44),  # Chasse: brown
    "FU": (250, 206, 40),  # Feu: yellow
}
GLYPH_DARK: Final[RGB] = (54, 40, 30)
TILE_EDGE: Final[RGB] = (30, 26, 22)
BACK: Final[RGB] = (108, 92, 74)  # a face-down tile (abandoned tribe)
BACK_LINE: Final[RGB] = (84, 70, 56)
FOREST: Final[RGB] = (118, 150, 96)
FOREST_DOT: Final[RGB] = (96, 128, 78)
FOREST_NAME: Final[RGB] = (212, 226, 196)  # a cell's name on a forest
PLAIN_NAME: Final[RGB] = (150, 140, 96)  # a cell's name on a plain
PLAIN: Final[RGB] = (226, 220, 168)
CELL_LINE: Final[RGB] = (160, 150, 112)
ROCK: Final[RGB] = (150, 138, 120)  # the rim of a valley (caves sit in it)
ROCK_DARK: Final[RGB] = (92, 82, 70)
ROCK_NAME: Final[RGB] = (232, 226, 212)  # a column letter or row number on the rim
CAVE: Final[RGB] = (58, 50, 44)
WATER: Final[RGB] = (96, 164, 222)
BEAR: Final[RGB] = (74, 46, 28)
BEAR_LIGHT: Final[RGB] = (150, 110, 76)
STEAK: Final[RGB] = (188, 62, 58)
STEAK_BONE: Final[RGB] = (246, 238, 220)
TOKEN_FACE: Final[RGB] = (250, 246, 234)


def glyph_colour(scene: str) -> RGB:
    """The glyph's colour on its scene's colour."""
    return GLYPH_DARK if scene in ("FE", "FU", "CA") else style.WHITE


def paint_glyph(
    d: ImageDraw.ImageDraw, scene: str, cx: float, cy: float, r: float, ink: RGB
) -> None:
    """The scene's glyph, fitting a circle of radius ``r`` around ``(cx, cy)``."""
    if scene == "FE":  # a bone, on the diagonal
        for sx, sy in ((-1, -1), (1, 1)):
            ex, ey = cx + sx * r * 0.55, cy + sy * r * 0.55
            px, py = r * 0.22 * 0.7, r * 0.22 * 0.7
            sprites.circle(d, ex + sx * px * 0.2 - sy * px, ey - sy * py * 0.2, r * 0.24, fill=ink)
            sprites.circle(d, ex - sx * px * 0.2 + sy * px * 0.2, ey + sy * py, r * 0.24, fill=ink)
        w = r * 0.2
        d.polygon(
            [
                (cx - r * 0.55 + w, cy - r * 0.55 - w * 0.2),
                (cx + r * 0.55 + w * 0.2, cy + r * 0.55 - w),
                (cx + r * 0.55 - w, cy + r * 0.55 + w * 0.2),
                (cx - r * 0.55 - w * 0.2, cy - r * 0.55 + w),
            ],
            fill=ink,
        )
    elif scene == "CU":  # a tree: round crown on a trunk
        d.rectangle((cx - r * 0.12, cy + r * 0.1, cx + r * 0.12, cy + r * 0.85), fill=ink)
        sprites.circle(d, cx, cy - r * 0.2, r * 0.62, fill=ink)
        sprites.circle(d, cx - r * 0.45, cy + r * 0.05, r * 0.35, fill=ink)
        sprites.circle(d, cx + r * 0.45, cy + r * 0.05, r * 0.35, fill=ink)
    elif scene == "RI":  # a standing stone on the ground
        d.polygon(
            [
                (cx - r * 0.38, cy + r * 0.72),
                (cx - r * 0.42, cy - r * 0.25),
                (cx - r * 0.18, cy - r * 0.82),
                (cx + r * 0.22, cy - r * 0.78),
                (cx + r * 0.4, cy - r * 0.2),
                (cx + r * 0.36, cy + r * 0.72),
            ],
            fill=ink,
        )
        d.rectangle((cx - r * 0.8, cy + r * 0.68, cx + r * 0.8, cy + r * 0.86), fill=ink)
    elif scene == "BA":  # a fist: four knuckles over a palm, thumb across
        d.rounded_rectangle(
            (cx - r * 0.62, cy - r * 0.3, cx + r * 0.62, cy + r * 0.75), radius=r * 0.25, fill=ink
        )
        for i in range(4):
            x = cx - r * 0.47 + i * r * 0.313
            sprites.circle(d, x, cy - r * 0.38, r * 0.2, fill=ink)
        back = SCENE_COLOURS["BA"]
        d.line(
            [(cx - r * 0.5, cy + r * 0.2), (cx + r * 0.2, cy + r * 0.2)],
            fill=back,
            width=max(1, round(r * 0.12)),
        )
    elif scene == "EA":  # three waves
        width = max(1, round(r * 0.2))
        for row in (-0.5, 0.0, 0.5):
            points = []
            for i in range(25):
                t = i / 24
                x = cx - r * 0.85 + t * r * 1.7
                y = cy + row * r + math.sin(t * 2 * math.pi * 1.5) * r * 0.14
                points.append((x, y))
            d.line(points, fill=ink, width=width, joint="curve")
    elif scene == "CA":  # a tent with its door
        d.polygon(
            [(cx, cy - r * 0.85), (cx + r * 0.85, cy + r * 0.7), (cx - r * 0.85, cy + r * 0.7)],
            fill=ink,
        )
        back = SCENE_COLOURS["CA"]
        d.polygon(
            [(cx, cy - r * 0.05), (cx + r * 0.26, cy + r * 0.7), (cx - r * 0.26, cy + r * 0.7)],
            fill=back,
        )
    elif scene == "CH":  # two mammoth tusks curling up and in
        width = max(1, round(r * 0.24))
        for sx in (-1, 1):
            ox = cx + sx * r * 0.3
            box = (ox - r * 0.62, cy - r * 0.75, ox + r * 0.62, cy + r * 0.6)
            start, end = (20, 200) if sx < 0 else (-20, 160)
            d.arc(box, start, end, fill=ink, width=width)
    else:  # FU: a flame
        points = []
        for i in range(41):
            t = i / 40 * 2 * math.pi
            # a teardrop: round at the bottom, pointed at the top
            x = math.sin(t) * (0.62 + 0.3 * math.cos(t)) * r * 0.95
            y = -math.cos(t) * r * 0.82
            points.append((cx + x, cy - y))
        d.polygon(points, fill=(214, 64, 24))
        inner = [(cx + (x - cx) * 0.5, cy + r * 0.38 + (y - cy) * 0.5) for x, y in points]
        d.polygon(inner, fill=ink)


def scene_square(scene: str, side: int) -> Image.Image:
    """One scene on a square of ``side`` pixels (half of a tile, or a legend key)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        d.rounded_rectangle(
            (0, 0, s - 1, s - 1),
            radius=round(side * 0.16 * k),
            fill=SCENE_COLOURS[scene],
            outline=TILE_EDGE,
            width=max(1, round(side / 24)) * k,
        )
        paint_glyph(d, scene, s / 2, s / 2, s * 0.34, glyph_colour(scene))

    return sprites.cached(("sapiens.scene", scene, side), (side, side), paint)


def tile(first: str, second: str, cell: int, *, vertical: bool, gap: int = 2) -> Image.Image:
    """A tribe tile across two cells: ``first`` on the left (top when ``vertical``).

    ``cell`` is a cell's pitch; the tile leaves ``gap`` pixels of board around it.
    """
    long, short = 2 * cell - 2 * gap, cell - 2 * gap
    w, h = (short, long) if vertical else (long, short)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        edge = max(2, round(cell / 20)) * k
        d.rounded_rectangle(
            (0, 0, w * k - 1, h * k - 1), radius=round(cell * 0.18 * k), fill=TILE_EDGE
        )
        middle = (cell - gap) * k
        spans = ((edge, middle - edge // 2), (middle + edge // 2, long * k - edge))
        for scene, (a, b) in zip((first, second), spans, strict=True):
            box = (edge, a, short * k - edge, b) if vertical else (a, edge, b, short * k - edge)
            d.rounded_rectangle(box, radius=round(cell * 0.13 * k), fill=SCENE_COLOURS[scene])
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            paint_glyph(d, scene, cx, cy, short * 0.34 * k, glyph_colour(scene))

    key = ("sapiens.tile", first, second, cell, vertical, gap)
    return sprites.cached(key, (w, h), paint)


def tile_back(cell: int, *, vertical: bool, gap: int = 2) -> Image.Image:
    """A face-down tile (a tribe that was abandoned): the back, hatched."""
    w, h = (cell, 2 * cell) if vertical else (2 * cell, cell)
    w, h = w - 2 * gap, h - 2 * gap

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        d.rounded_rectangle(
            (0, 0, w * k - 1, h * k - 1),
            radius=round(cell * 0.16 * k),
            fill=BACK,
            outline=TILE_EDGE,
            width=max(2, round(cell / 22)) * k,
        )
        step = max(6, cell // 5) * k
        for x in range(-h * k, w * k, step):
            d.line([(x, h * k), (x + h * k, 0)], fill=BACK_LINE, width=max(1, cell // 24) * k)
        d.rounded_rectangle(
            (0, 0, w * k - 1, h * k - 1),
            radius=round(cell * 0.16 * k),
            outline=TILE_EDGE,
            width=max(2, round(cell / 22)) * k,
        )

    return sprites.cached(("sapiens.back", cell, vertical, gap), (w, h), paint)


def mountain_token(scene: str, radius: int, owner: RGB) -> Image.Image:
    """A mountain token face up: the scene's glyph on its colour, rimmed in the owner's."""
    side = 2 * radius + 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        sprites.circle(d, c, c, radius * k, fill=owner, outline=style.WHITE, width=k)
        sprites.circle(d, c, c, (radius * 0.74) * k, fill=SCENE_COLOURS[scene])
        paint_glyph(d, scene, c, c, radius * 0.5 * k, glyph_colour(scene))

    return sprites.cached(("sapiens.mountain", scene, radius, owner), (side, side), paint)


def spent_token(scene: str, radius: int, owner: RGB, *, gone: bool) -> Image.Image:
    """A mountain token no longer in hand: played (one dark stroke across: a Ritual may
    bring it back) or discarded when its tribe was abandoned (a cross)."""
    side = 2 * radius + 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        sprites.circle(d, c, c, radius * k, fill=style.RULE, outline=owner, width=2 * k)
        sprites.circle(d, c, c, (radius * 0.74) * k, fill=SCENE_COLOURS[scene])
        paint_glyph(d, scene, c, c, radius * 0.5 * k, glyph_colour(scene))
        r = radius * 0.8 * k
        d.line((c - r, c + r, c + r, c - r), fill=style.INK, width=3 * k)
        if gone:
            d.line((c - r, c - r, c + r, c + r), fill=style.INK, width=3 * k)

    return sprites.cached(("sapiens.spent", scene, radius, owner, gone), (side, side), paint)


def used_token(radius: int) -> Image.Image:
    """The ghost of a spent mountain token (a dashed ring)."""
    side = 2 * radius + 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        r = radius * k
        for i in range(10):
            d.arc((c - r, c - r, c + r, c + r), i * 36, i * 36 + 20, fill=style.RULE, width=2 * k)

    return sprites.cached(("sapiens.spent", radius), (side, side), paint)


def baston_token(radius: int, seat: int) -> Image.Image:
    """A Baston token of seat ``seat``: a small fist on a token in the seat's shape and
    colour (the shape tells whose it is without the colour)."""
    side = 2 * radius + 6

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        seatmark.paint_seat_outline(d, seat, c, c, radius * k, k)
        glyph = seatmark.inner_centre(seat, c + radius * 0.05 * k, radius * k)
        paint_glyph(d, "BA", c, glyph, radius * 0.56 * k, style.WHITE)

    return sprites.cached(("sapiens.baston", radius, seat), (side, side), paint)


def bear(side: int) -> Image.Image:
    """A bear token: a bear's head on a dark round token."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        r = side * 0.46 * k
        sprites.circle(d, c, c, r, fill=style.WHITE)
        sprites.circle(d, c, c, r * 0.9, fill=BEAR)
        for sx in (-1, 1):
            sprites.circle(d, c + sx * r * 0.42, c - r * 0.36, r * 0.2, fill=BEAR_LIGHT)
        sprites.circle(d, c, c + r * 0.08, r * 0.45, fill=BEAR_LIGHT)
        sprites.circle(d, c, c + r * 0.2, r * 0.2, fill=BEAR)
        for sx in (-1, 1):
            sprites.circle(d, c + sx * r * 0.2, c - r * 0.08, r * 0.07, fill=BEAR)

    return sprites.cached(("sapiens.bear", side), (side, side), paint)


def steak(side: int) -> Image.Image:
    """A mammoth steak: a red cut of meat with a bone."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        d.ellipse((s * 0.06, s * 0.14, s * 0.8, s * 0.86), fill=STEAK, outline=TILE_EDGE, width=k)
        d.ellipse((s * 0.24, s * 0.34, s * 0.52, s * 0.62), fill=(236, 170, 150))
        d.line([(s * 0.66, s * 0.5), (s * 0.92, s * 0.5)], fill=STEAK_BONE, width=round(s * 0.14))
        sprites.circle(d, s * 0.92, s * 0.42, s * 0.08, fill=STEAK_BONE)
        sprites.circle(d, s * 0.92, s * 0.58, s * 0.08, fill=STEAK_BONE)

    return sprites.cached(("sapiens.steak", side), (side, side), paint)


def waterfall(side: int) -> Image.Image:
    """A waterfall square on the rim: falling water."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        d.rounded_rectangle((0, 0, s - 1, s - 1), radius=round(s * 0.18), fill=WATER)
        for i in range(4):
            x = s * (0.2 + 0.2 * i)
            d.line([(x, s * 0.12), (x, s * 0.88)], fill=(214, 236, 252), width=max(1, s // 16))

    return sprites.cached(("sapiens.waterfall", side), (side, side), paint)


def legend_samples() -> list[Image.Image]:
    """Sprites whose edge shades the palette must hold."""
    out: list[Image.Image] = []
    for scene in SCENES:
        out.append(scene_square(scene, 28))
        out.append(scene_square(scene, 56))
    out += [bear(40), steak(24), waterfall(30)]
    return out
