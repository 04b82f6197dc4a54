"""Drawing Orbis symbols on a supersampled sprite: cubes, the effect icons of the Region
tiles, the marks of a tile (PC disc, validated tick) and a Wasteland's cracks.

Every painter takes the ``ImageDraw`` of a sprite drawn ``k`` times larger and works in
its (already scaled) coordinates.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from render.kit import style
from render.kit.style import RGB
from render.kit.text import font
from render.orbis.colours import (
    CANCEL,
    COLOURS,
    CUBE_EDGE,
    HUT,
    LAVA,
    LEAF,
    MOUNTAIN,
    STONE,
    TEMPLE,
    TRUNK,
    VALID,
    WASTE_CRACK,
    WATER,
    tile_rgb,
)


def paint_cube(d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: str, k: int) -> None:
    """A worshipper cube of side ``s`` (already scaled) with its top-left at ``(x, y)``;
    ``colour`` ``any`` is a disc of the five colours (the multicolour symbol)."""
    if colour == "any":
        box = (x, y, x + s, y + s)
        for i, c in enumerate(COLOURS):
            d.pieslice(box, -90 + i * 72, -18 + i * 72, fill=tile_rgb(c))
        d.ellipse(box, outline=style.INK, width=max(1, k))
        return
    d.rounded_rectangle(
        (x, y, x + s, y + s),
        radius=s * 0.18,
        fill=tile_rgb(colour),
        outline=CUBE_EDGE[colour],
        width=max(1, round(s / 9)),
    )
    light = style.mix(tile_rgb(colour), style.WHITE, 0.45)
    d.rectangle((x + s * 0.22, y + s * 0.2, x + s * 0.5, y + s * 0.3), fill=light)
    paint_cube_sign(d, x, y, s, colour)


CUBE_SIGNS: dict[str, str] = {"yellow": "dot", "green": "slash", "blue": "bars", "red": "cross"}
"""The mark each colour of cube and Region tile carries besides the colour (white has
none): under simulated colour blindness green comes close to red and to blue
(``tests/render/test_colour_vision.py``), so neither relies on its colour alone."""


def paint_cube_sign(
    d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: str, ink: RGB | None = None
) -> None:
    """The mark of ``colour`` on a cube of side ``s`` at ``(x, y)``, in the cube's edge
    (or ``ink``); a Region tile draws it in its corner, as if on a cube there."""
    sign = CUBE_SIGNS.get(colour)
    if sign is None:
        return
    ink = CUBE_EDGE[colour] if ink is None else ink
    w = max(1, round(s / 7))
    lo, hi = s * 0.38, s * 0.8
    if sign == "dot":
        d.ellipse((x + s * 0.44, y + s * 0.44, x + s * 0.76, y + s * 0.76), fill=ink)
    elif sign == "slash":
        d.line([(x + lo, y + hi), (x + hi, y + lo)], fill=ink, width=w)
    elif sign == "bars":
        for yy in (0.5, 0.72):
            d.line([(x + s * 0.3, y + s * yy), (x + hi, y + s * yy)], fill=ink, width=w)
    else:
        d.line([(x + lo, y + lo), (x + hi, y + hi)], fill=ink, width=w)
        d.line([(x + lo, y + hi), (x + hi, y + lo)], fill=ink, width=w)


# ---------------------------------------------------------------- effect icons


def _house(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, w: int) -> None:
    d.polygon(
        [(cx - r, cy - r * 0.05), (cx, cy - r * 0.85), (cx + r, cy - r * 0.05)],
        fill=style.mix(fill, style.INK, 0.35),
        outline=style.INK,
        width=w,
    )
    d.rectangle(
        (cx - r * 0.72, cy - r * 0.1, cx + r * 0.72, cy + r * 0.75),
        fill=fill,
        outline=style.INK,
        width=w,
    )


def _tree(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    d.rectangle((cx - r * 0.14, cy + r * 0.3, cx + r * 0.14, cy + r * 0.85), fill=TRUNK)
    for top, half, bottom in ((-0.95, 0.5, -0.1), (-0.6, 0.7, 0.4)):
        d.polygon(
            [
                (cx, cy + r * top),
                (cx + r * half, cy + r * bottom),
                (cx - r * half, cy + r * bottom),
            ],
            fill=LEAF,
            outline=style.INK,
            width=w,
        )


def _drop(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    d.ellipse((cx - r * 0.55, cy - r * 0.2, cx + r * 0.55, cy + r * 0.9), fill=WATER)
    d.polygon(
        [(cx, cy - r * 0.95), (cx + r * 0.5, cy + r * 0.15), (cx - r * 0.5, cy + r * 0.15)],
        fill=WATER,
    )
    d.arc(
        (cx - r * 0.55, cy - r * 0.2, cx + r * 0.55, cy + r * 0.9), 0, 180, fill=style.INK, width=w
    )
    d.line([(cx - r * 0.52, cy + r * 0.25), (cx, cy - r * 0.95)], fill=style.INK, width=w)
    d.line([(cx + r * 0.52, cy + r * 0.25), (cx, cy - r * 0.95)], fill=style.INK, width=w)


def _volcano(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    d.polygon(
        [
            (cx - r, cy + r * 0.8),
            (cx - r * 0.28, cy - r * 0.45),
            (cx + r * 0.28, cy - r * 0.45),
            (cx + r, cy + r * 0.8),
        ],
        fill=MOUNTAIN,
        outline=style.INK,
        width=w,
    )
    d.polygon(
        [(cx - r * 0.28, cy - r * 0.45), (cx + r * 0.28, cy - r * 0.45), (cx, cy + r * 0.1)],
        fill=LAVA,
    )
    for dx, top in ((-0.3, -0.95), (0.05, -1.05), (0.35, -0.9)):
        d.ellipse(
            (cx + r * (dx - 0.13), cy + r * top, cx + r * (dx + 0.13), cy + r * (top + 0.26)),
            fill=LAVA,
        )


def paint_temple(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    d.polygon(
        [(cx - r, cy - r * 0.35), (cx, cy - r * 0.95), (cx + r, cy - r * 0.35)],
        fill=TEMPLE,
        outline=style.INK,
        width=w,
    )
    d.rectangle(
        (cx - r, cy + r * 0.62, cx + r, cy + r * 0.85), fill=TEMPLE, outline=style.INK, width=w
    )
    for i in range(4):
        x = cx - r * 0.75 + i * r * 0.5
        d.rectangle((x - r * 0.1, cy - r * 0.3, x + r * 0.1, cy + r * 0.62), fill=TEMPLE)


def _menhir(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    d.polygon(
        [
            (cx - r * 0.45, cy + r * 0.85),
            (cx - r * 0.5, cy - r * 0.4),
            (cx - r * 0.15, cy - r * 0.95),
            (cx + r * 0.35, cy - r * 0.75),
            (cx + r * 0.45, cy + r * 0.85),
        ],
        fill=STONE,
        outline=style.INK,
        width=w,
    )
    d.line([(cx - r * 0.8, cy + r * 0.85), (cx + r * 0.8, cy + r * 0.85)], fill=style.INK, width=w)


def paint_slash(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    d.line([(cx - r, cy + r), (cx + r, cy - r)], fill=style.WHITE, width=w * 4)
    d.line([(cx - r, cy + r), (cx + r, cy - r)], fill=CANCEL, width=w * 2)


def _number(
    d: ImageDraw.ImageDraw, x: float, y: float, text: str, size: float, k: int, ink: RGB = style.INK
) -> None:
    d.text((x, y), text, font=font(max(6, round(size)), bold=True), fill=ink, anchor="mm")
    del k


def paint_effect(
    d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, effect: Mapping[str, Any], k: int
) -> None:
    """The icon of a Region tile's ``effect`` in a circle of radius ``r`` (scaled)."""
    kind = effect.get("kind")
    w = max(1, k)
    if kind == "farm":
        s = r * 1.1
        paint_cube(d, cx - s / 2, cy - s / 2, s, str(effect.get("colour")), k)
        paint_slash(d, cx, cy, r * 0.7, w)
    elif kind == "proselytism":
        n = int(effect.get("n") or 1)
        colour = str(effect.get("colour") or "any")
        s = r * (0.75 if n == 1 else 0.62)
        _number(d, cx - r * 0.55, cy, "+", r * 1.1, k)
        for i in range(n):
            x = cx - s * 0.15 + (i - (n - 1) / 2) * s * 0.7
            y = cy - s / 2 + (i - (n - 1) / 2) * s * 0.45
            paint_cube(d, x, y, s, colour, k)
    elif kind == "sacred_stone":
        _menhir(d, cx, cy, r * 0.85, w)
    elif kind == "village":
        _house(d, cx, cy - r * 0.1, r * 0.7, HUT, w)
        _number(d, cx, cy + r * 0.38, f"-{int(effect.get('discard') or 0)}", r * 0.62, k)
    elif kind == "forest":
        _tree(d, cx - r * 0.3, cy, r * 0.75, w)
        _number(d, cx + r * 0.5, cy - r * 0.35, f"{int(effect.get('min') or 0)}", r * 0.7, k)
        wanted = [str(c) for c in effect.get("colours") or []]
        s = r * 0.34
        for i, colour in enumerate(wanted):
            paint_cube(
                d,
                cx + r * 0.2 + i * s * 1.05 - (len(wanted) - 2) * s * 0.3,
                cy + r * 0.3,
                s,
                colour,
                k,
            )
    elif kind == "irrigation":
        _drop(d, cx - r * 0.35, cy - r * 0.1, r * 0.65, w)
        s = r * 0.6
        paint_cube(d, cx + r * 0.15, cy + r * 0.05, s, str(effect.get("colour")), k)
        d.polygon(
            [
                (cx + r * 0.3, cy - r * 0.55),
                (cx + r * 0.6, cy - r * 0.55),
                (cx + r * 0.45, cy - r * 0.15),
            ],
            fill=style.INK,
        )
    elif kind == "volcano":
        _volcano(d, cx, cy - r * 0.2, r * 0.7, w)
        demand = [(str(c), int(n)) for c, n in (effect.get("cubes") or {}).items()]
        flat = [c for c, n in demand for _ in range(n)]
        s = r * 0.36
        left = cx - len(flat) * s * 1.1 / 2
        for i, colour in enumerate(flat):
            paint_cube(d, left + i * s * 1.1, cy + r * 0.55, s, colour, k)
    elif kind == "temple":
        icons = int(effect.get("icons") or 1)
        if icons == 1:
            paint_temple(d, cx, cy, r * 0.75, w)
        else:
            paint_temple(d, cx - r * 0.38, cy + r * 0.15, r * 0.5, w)
            paint_temple(d, cx + r * 0.38, cy - r * 0.15, r * 0.5, w)


def paint_wasteland(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, k: int) -> None:
    """Cracks of a Wasteland, centred on ``(cx, cy)``."""
    w = max(1, round(1.5 * k))
    d.line(
        [
            (cx - r, cy - r * 0.3),
            (cx - r * 0.2, cy),
            (cx + r * 0.1, cy - r * 0.6),
            (cx + r, cy - r * 0.4),
        ],
        fill=WASTE_CRACK,
        width=w,
    )
    d.line(
        [(cx - r * 0.2, cy), (cx, cy + r * 0.7), (cx + r * 0.6, cy + r * 0.9)],
        fill=WASTE_CRACK,
        width=w,
    )


# ---------------------------------------------------------------- marks of a tile


def paint_pc(
    d: ImageDraw.ImageDraw, x: float, y: float, r: float, pc: int, state: str, k: int
) -> None:
    """The PC disc centred on ``(x, y)``: white with the number; cancelled: black, struck."""
    if state == "cancelled":
        d.ellipse((x - r, y - r, x + r, y + r), fill=CANCEL, outline=style.WHITE, width=max(1, k))
        d.text(
            (x, y + k),
            str(pc),
            font=font(round(r * 1.25), bold=True),
            fill=(150, 146, 140),
            anchor="mm",
        )
        d.line(
            [(x - r * 0.75, y + r * 0.75), (x + r * 0.75, y - r * 0.75)],
            fill=style.WHITE,
            width=max(1, 2 * k),
        )
        return
    edge = VALID if state == "validated" else style.INK_SOFT if state == "waiting" else style.INK
    thick = max(1, round(k * (2.5 if state == "validated" else 1.2)))
    d.ellipse((x - r, y - r, x + r, y + r), fill=style.WHITE, outline=edge, width=thick)
    ink = style.INK_SOFT if state == "waiting" else style.INK
    d.text((x, y + k), str(pc), font=font(round(r * 1.45), bold=True), fill=ink, anchor="mm")


def paint_check(d: ImageDraw.ImageDraw, x: float, y: float, r: float, k: int) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=VALID, outline=style.WHITE, width=max(1, k))
    d.line(
        [(x - r * 0.5, y), (x - r * 0.1, y + r * 0.45), (x + r * 0.55, y - r * 0.45)],
        fill=style.WHITE,
        width=max(1, round(r * 0.35)),
    )
