"""Small pictures drawn once and cached: seat markers, rings, arrows, and the tools
games use to draw their own pieces.

A sprite is an RGBA image drawn ``SS`` times larger and reduced (smooth edges), kept in
``SPRITES`` under a key naming everything that shows on it; a turn only pastes cached
sprites. Games draw their pieces with ``supersampled`` and store them in ``SPRITES``
under keys that start with their own name (``("classic.tile", ...)``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

from render.kit import style
from render.kit.cache import MB, ArtCache
from render.kit.geometry import FPoint, Point
from render.kit.style import RGB

SS = 3  # supersampling factor for sprites

SPRITES: ArtCache[Image.Image] = ArtCache("sprites", budget=16 * MB)

Painter = Callable[[ImageDraw.ImageDraw, int], None]


def supersampled(size: tuple[int, int], paint: Painter) -> Image.Image:
    """Paint at ``SS`` times ``size`` (paint gets the draw and the scale) and reduce."""
    big = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SS)
    return big.reduce(SS)


def cached(key: Hashable, size: tuple[int, int], paint: Painter) -> Image.Image:
    """``supersampled(size, paint)``, drawn once per ``key``."""
    return SPRITES.get(key, lambda: supersampled(size, paint))


def circle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, **kw: object) -> None:
    """An ellipse call for the circle of radius ``r`` around ``(cx, cy)``."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), **kw)  # type: ignore[arg-type]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[FPoint]:
    """Polygon points of a seat marker shape (``circle`` is approximated by 24 points)."""
    if shape == "square":
        k = r * 0.85
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx, cy - r * 1.05), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    if shape == "diamond":
        return [(cx, cy - r * 1.1), (cx + r, cy), (cx, cy + r * 1.1), (cx - r, cy)]
    count = {"hexagon": 6, "star": 10}.get(shape, 24)
    points = []
    for i in range(count):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        radius = r * (0.5 if shape == "star" and i % 2 else 1.0)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def paint_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    edge: RGB,
    width: int,
) -> None:
    draw.polygon(shape_points(shape, cx, cy, r), fill=fill, outline=edge, width=width)


def marker_icon(index: int, *, radius: int = 9) -> Image.Image:
    """The seat marker: the seat's shape in the seat's colour with a white edge."""
    side = 2 * radius + 6

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        paint_shape(
            draw,
            style.player_shape(index),
            side * k / 2,
            side * k / 2,
            radius * k,
            style.player_colour(index),
            style.WHITE,
            2 * k,
        )

    return cached(("marker", index, radius), (side, side), paint)


def highlight_ring(radius: int) -> Image.Image:
    """A bold white-and-black ring of ``radius``: what the last move touched."""
    side = 2 * radius + 4

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        circle(d, c, c, radius * k, outline=style.WHITE, width=7 * k)
        circle(d, c, c, (radius - 2) * k, outline=style.ARROW, width=3 * k)

    return cached(("highlight", radius), (side, side), paint)


def dashed_ring(radius: int) -> Image.Image:
    """A dashed yellow ring of ``radius``: what a turn in progress has chosen so far."""
    side = 2 * radius + 6

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        r = radius * k
        for i in range(16):
            start = i * 22.5
            d.arc(
                (c - r, c - r, c + r, c + r), start, start + 13, fill=style.HIGHLIGHT, width=5 * k
            )

    return cached(("pending", radius), (side, side), paint)


def arrow(
    a: Point, b: Point, *, trim: int, head_start: bool = False, head_end: bool = True
) -> tuple[Image.Image, Point]:
    """A smooth cased arrow from ``a`` to ``b`` (both ends pulled in by ``trim`` pixels,
    the radius of what they point at) and where its top-left corner goes."""
    margin = 16
    left, top = min(a[0], b[0]) - margin, min(a[1], b[1]) - margin
    size = (abs(b[0] - a[0]) + 2 * margin, abs(b[1] - a[1]) + 2 * margin)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        start = ((a[0] + ux * trim - left) * k, (a[1] + uy * trim - top) * k)
        end = ((b[0] - ux * trim - left) * k, (b[1] - uy * trim - top) * k)
        heads = [(end, (ux, uy))] if head_end else []
        if head_start:
            heads.append((start, (-ux, -uy)))
        for colour, width, long, half in ((style.WHITE, 10, 21, 14), (style.ARROW, 5, 16, 9)):
            cut = [
                (tip[0] - hx * long * k * 0.6, tip[1] - hy * long * k * 0.6)
                for tip, (hx, hy) in heads
            ]
            line_start = cut[1] if head_start and head_end else cut[0] if head_start else start
            line_end = cut[0] if head_end else end
            d.line([line_start, line_end], fill=colour, width=width * k)
            for tip, (hx, hy) in heads:
                extra = 2.5 * k if colour == style.WHITE else 0
                tx, ty = tip[0] + hx * extra, tip[1] + hy * extra
                bx, by = tx - hx * long * k, ty - hy * long * k
                d.polygon(
                    [
                        (tx, ty),
                        (bx - hy * half * k, by + hx * half * k),
                        (bx + hy * half * k, by - hx * half * k),
                    ],
                    fill=colour,
                )

    key = ("arrow", a, b, trim, head_start, head_end)
    return cached(key, size, paint), (left, top)


def paste(canvas: Image.Image, sprite: Image.Image, centre: FPoint) -> None:
    """Paste an RGBA sprite centred on ``centre`` (static art)."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    canvas.paste(sprite, (x, y), sprite)


def paste_at(canvas: Image.Image, sprite: Image.Image, topleft: Point) -> None:
    """Paste an RGBA sprite with its top-left corner at ``topleft`` (static art)."""
    canvas.paste(sprite, topleft, sprite)


def sheet(sprites: list[Image.Image], ground: RGB, width: int = 1280) -> Image.Image:
    """The sprites side by side, wrapped at ``width``, on ``ground`` (seeds a palette with
    the shades of their edges)."""
    rows: list[list[Image.Image]] = [[]]
    x = 4
    for sprite in sprites:
        if x + sprite.width + 4 > width and rows[-1]:
            rows.append([])
            x = 4
        rows[-1].append(sprite)
        x += sprite.width + 4
    heights = [max((s.height for s in row), default=0) + 8 for row in rows]
    image = Image.new("RGB", (width, max(1, sum(heights))), ground)
    y = 0
    for row, height in zip(rows, heights, strict=True):
        x = 4
        for sprite in row:
            image.paste(sprite, (x, y + 4), sprite)
            x += sprite.width + 4
        y += height
    return image
