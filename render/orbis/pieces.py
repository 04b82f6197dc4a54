"""Orbis pieces as cached sprites: Region tiles, cubes, effect icons, gods and tokens.

A Region tile is drawn from its public data (``rules.orbis`` ``Tile.to_json``: colour,
level, cost, effect, PC, mystic value) and its state in a pyramid (validated, cancelled,
Wasteland). Its face is its colour; a cream medallion in the middle carries the effect
icon in ink (so that icons read the same on every colour); the PC sit in a white disc at
the top left (a black disc with a struck number once cancelled); the level is shown by
pips at the bottom and a white tile's mystic value in a small diamond at the bottom
right. A Wasteland is the tile turned over: grey-brown, cracked, ``-1``.

Every sprite is drawn ``sprites.SS`` times larger and reduced, and cached under a key
naming everything that shows on it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.style import RGB
from render.kit.text import font

COLOURS: Final[tuple[str, ...]] = ("yellow", "green", "blue", "red", "white")
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

Tile = Mapping[str, Any]


def tile_rgb(colour: str) -> RGB:
    return TILE_COLOURS.get(colour, TILE_COLOURS["white"])


# ---------------------------------------------------------------- cubes


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


def cube(colour: str, side: int = 16) -> Image.Image:
    """One cube sprite (``any``: the multicolour disc)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        paint_cube(d, k, k, (side - 2) * k, colour, k)

    return sprites.cached(("orbis.cube", colour, side), (side, side), paint)


def cube_count(
    colour: str, count: int, *, width: int, prefix: str = "", size: int = 16
) -> Image.Image:
    """A cube and its count beside it (``×3`` on the display, ``3`` in a domain; a zero
    count is pale), as one sprite ``width`` pixels wide."""
    height = 20

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        paint_cube(d, k, 2 * k, 16 * k, colour, k)
        ink = style.INK if count else style.RULE
        face = font(size * k, bold=True)
        d.text((20 * k, 11 * k), f"{prefix}{count}", font=face, fill=ink, anchor="lm")

    return sprites.cached(
        ("orbis.cube_count", colour, count, width, prefix, size), (width, height), paint
    )


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


def _temple(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
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


def _slash(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
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
        _slash(d, cx, cy, r * 0.7, w)
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
            _temple(d, cx, cy, r * 0.75, w)
        else:
            _temple(d, cx - r * 0.38, cy + r * 0.15, r * 0.5, w)
            _temple(d, cx + r * 0.38, cy - r * 0.15, r * 0.5, w)


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


# ---------------------------------------------------------------- tiles


def _pc_disc(
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


def _check(d: ImageDraw.ImageDraw, x: float, y: float, r: float, k: int) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=VALID, outline=style.WHITE, width=max(1, k))
    d.line(
        [(x - r * 0.5, y), (x - r * 0.1, y + r * 0.45), (x + r * 0.55, y - r * 0.45)],
        fill=style.WHITE,
        width=max(1, round(r * 0.35)),
    )


def tile_state(tile: Tile) -> str:
    """``wasteland``, ``cancelled``, ``validated``, ``waiting`` (a Forest not valid yet,
    checked at the end) or ``plain`` (nothing to validate), from a tile's flags."""
    if tile.get("wasteland"):
        return "wasteland"
    if tile.get("cancelled") or tile.get("validated") is False:
        return "cancelled"
    if tile.get("validated") is True:
        return "validated"
    if tile.get("waiting"):
        return "waiting"
    return "plain"


def tile_key(tile: Tile, state: str) -> tuple[Any, ...]:
    """Everything that shows on a tile's face (the view's dicts keep a fixed order)."""
    return (
        tile.get("id"),
        tile.get("colour"),
        tile.get("level"),
        tile.get("pc"),
        tile.get("mystic"),
        repr(tile.get("effect")),
        repr(tile.get("cost")),
        state,
    )


def region_tile(
    tile: Tile, side: int, *, state: str | None = None, cost: bool = False
) -> Image.Image:
    """A Region tile face ``side`` pixels square; ``cost`` draws its cost along the top
    (a tile on offer); ``state`` defaults to what the tile's flags say."""
    state = tile_state(tile) if state is None else state
    key = ("orbis.tile", side, cost, *tile_key(tile, state))

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        if state == "wasteland":
            d.rounded_rectangle(
                (k, k, s - k, s - k), radius=7 * k, fill=WASTE, outline=style.INK, width=2 * k
            )
            paint_wasteland(d, s / 2, s / 2, s * 0.32, k)
            d.text(
                (s / 2, s * 0.8),
                "-1",
                font=font(round(side * 0.24) * k, bold=True),
                fill=style.WHITE,
                anchor="mm",
            )
            return
        fill = tile_rgb(str(tile.get("colour")))
        edge = style.mix(fill, style.INK, 0.55)
        d.rounded_rectangle(
            (k, k, s - k, s - k), radius=7 * k, fill=fill, outline=edge, width=2 * k
        )
        top = s * (0.2 if cost else 0.0)
        mid = top + (s - top) * 0.5 - s * 0.02
        r = (s - top) * (0.3 if cost else 0.33)
        d.ellipse(
            (s / 2 - r, mid - r, s / 2 + r, mid + r), fill=MEDALLION, outline=edge, width=max(1, k)
        )
        paint_effect(d, s / 2, mid, r * 0.82, tile.get("effect") or {}, k)
        pc_r = s * (0.13 if cost else 0.17)
        _pc_disc(
            d,
            pc_r + 3 * k,
            (top if cost else 0) + pc_r + 3 * k,
            pc_r,
            int(tile.get("pc") or 0),
            state,
            k,
        )
        if state == "validated":
            _check(d, s - pc_r - 3 * k, pc_r + 3 * k, pc_r * 0.8, k)
        level = int(tile.get("level") or 1)
        pip = s * 0.035
        for i in range(level):
            x = s / 2 + (i - (level - 1) / 2) * pip * 3
            d.ellipse((x - pip, s * 0.915 - pip, x + pip, s * 0.915 + pip), fill=edge)
        mystic = tile.get("mystic")
        if mystic is not None:
            mx, my, mr = s - s * 0.14, s - s * 0.14, s * 0.11
            d.polygon(
                [(mx, my - mr), (mx + mr, my), (mx, my + mr), (mx - mr, my)],
                fill=TEMPLE,
                outline=style.INK,
                width=max(1, k),
            )
            d.text(
                (mx, my + k),
                str(mystic),
                font=font(max(6, round(mr * 1.1)), bold=True),
                fill=style.WHITE,
                anchor="mm",
            )
        if cost:
            _paint_cost(d, s, tile.get("cost") or {}, k)

    return sprites.cached(key, (side, side), paint)


def cost_symbols(cost: Mapping[str, Any]) -> list[str]:
    """A cost as one symbol per cube: coloured ones in colour order, then ``any``."""
    out = [c for c in COLOURS for _ in range(int(cost.get(c) or 0))]
    return out + ["any"] * int(cost.get("any") or 0)


def _paint_cost(d: ImageDraw.ImageDraw, s: float, cost: Mapping[str, Any], k: int) -> None:
    symbols = cost_symbols(cost)
    right = s - 5 * k
    if not symbols:
        return
    c = s * 0.135
    step = c * 1.08
    left = right - len(symbols) * step
    d.rounded_rectangle(
        (left - 3 * k, 3 * k, right + 2 * k, 3 * k + c + 5 * k),
        radius=4 * k,
        fill=MEDALLION,
        outline=style.INK,
        width=k,
    )
    for i, colour in enumerate(symbols):
        paint_cube(d, left + i * step, 5.5 * k, c, colour, k)


def empty_slot(side: int) -> Image.Image:
    """A dashed outline where a pyramid tile may go."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        m, e = 3 * k, (side - 3) * k
        dash = 6 * k
        for start in range(m, e, 2 * dash):
            end = min(e, start + dash)
            for a, b in (
                ((start, m), (end, m)),
                ((start, e), (end, e)),
                ((m, start), (m, end)),
                ((e, start), (e, end)),
            ):
                d.line([a, b], fill=style.RULE, width=2 * k)

    return sprites.cached(("orbis.slot", side), (side, side), paint)


def tile_back(level: int, side: int) -> Image.Image:
    """The back of a face-down tile of ``level`` (a draw pile)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        for i in (2, 1, 0):
            o = i * 3 * k
            d.rounded_rectangle(
                (k + o, k + o, s - 7 * k + o, s - 7 * k + o),
                radius=6 * k,
                fill=BACK if i == 0 else style.mix(BACK, style.INK, 0.3),
                outline=style.INK,
                width=k,
            )
        c = (s - 6 * k) / 2
        pip = s * 0.06
        for i in range(level):
            x = c + (i - (level - 1) / 2) * pip * 3
            d.ellipse((x - pip, c - pip, x + pip, c + pip), fill=style.WHITE)

    return sprites.cached(("orbis.back", level, side), (side, side), paint)


def last_frame(side: int) -> Image.Image:
    """The thick outline around the tile taken by the last move (white, black, yellow)."""
    outer = side + 12

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        o = outer * k
        d.rounded_rectangle((k, k, o - k, o - k), radius=10 * k, outline=style.INK, width=6 * k)
        d.rounded_rectangle(
            (3 * k, 3 * k, o - 3 * k, o - 3 * k), radius=9 * k, outline=style.HIGHLIGHT, width=3 * k
        )

    return sprites.cached(("orbis.last", side), (outer, outer), paint)


# ---------------------------------------------------------------- gods and tokens


def temple_token(value: int | None, radius: int = 16) -> Image.Image:
    """A Temple token with its PC value."""
    side = 2 * radius + 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        sprites.circle(d, c, c, radius * k, fill=TOKEN, outline=style.INK, width=2 * k)
        _temple(d, c, c - radius * 0.05 * k, radius * 0.62 * k, k)
        if value is not None:
            bx, by, br = c + radius * 0.55 * k, c + radius * 0.55 * k, radius * 0.5 * k
            sprites.circle(d, bx, by, br, fill=style.WHITE, outline=style.INK, width=k)
            d.text(
                (bx, by + k),
                str(value),
                font=font(round(br * 1.25), bold=True),
                fill=style.INK,
                anchor="mm",
            )

    return sprites.cached(("orbis.temple_token", value, radius), (side, side), paint)


def temple_icon(side: int = 20) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        _temple(d, side * k / 2, side * k / 2, side * 0.45 * k, k)

    return sprites.cached(("orbis.temple_icon", side), (side, side), paint)


def reduction_token(colour: str, radius: int = 11) -> Image.Image:
    """A Reduction token: the colour a Farm no longer makes you pay (a struck cube)."""
    side = 2 * radius + 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        sprites.circle(d, c, c, radius * k, fill=MEDALLION, outline=style.INK, width=k)
        s = radius * 1.1 * k
        paint_cube(d, c - s / 2, c - s / 2, s, colour, k)
        _slash(d, c, c, radius * 0.6 * k, k)

    return sprites.cached(("orbis.reduction", colour, radius), (side, side), paint)


def god_badge(side: int = 30) -> Image.Image:
    """The sun-like badge of a God tile."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        r = side * 0.3 * k
        for i in range(12):
            a = math.radians(i * 30)
            d.line(
                [
                    (c + r * math.cos(a), c + r * math.sin(a)),
                    (c + r * 1.55 * math.cos(a), c + r * 1.55 * math.sin(a)),
                ],
                fill=TOKEN,
                width=2 * k,
            )
        sprites.circle(d, c, c, r, fill=TOKEN, outline=style.INK, width=k)

    return sprites.cached(("orbis.god_badge", side), (side, side), paint)


def sample_sprites() -> Sequence[Image.Image]:
    """Sprites whose shades seed the palette (tile faces, cubes, tokens)."""
    out: list[Image.Image] = []
    for colour in COLOURS:
        out.append(cube(colour, 18))
        out.append(reduction_token(colour))
    out.append(cube("any", 18))
    examples: list[dict[str, Any]] = [
        {
            "id": "s1",
            "colour": "yellow",
            "level": 1,
            "pc": 0,
            "effect": {"kind": "farm", "colour": "green"},
            "cost": {"green": 1},
        },
        {
            "id": "s2",
            "colour": "green",
            "level": 2,
            "pc": 3,
            "effect": {"kind": "forest", "min": 2, "colours": ["yellow", "blue"]},
            "cost": {"any": 1, "blue": 1},
        },
        {
            "id": "s3",
            "colour": "blue",
            "level": 3,
            "pc": 4,
            "effect": {"kind": "irrigation", "colour": "red"},
            "cost": {"red": 1, "white": 2},
        },
        {
            "id": "s4",
            "colour": "red",
            "level": 2,
            "pc": 3,
            "effect": {"kind": "volcano", "cubes": {"blue": 1, "white": 1}},
            "cost": {},
        },
        {
            "id": "s5",
            "colour": "white",
            "level": 3,
            "pc": 2,
            "mystic": 9,
            "effect": {"kind": "temple", "icons": 2},
            "cost": {"yellow": 1},
        },
        {
            "id": "s6",
            "colour": "yellow",
            "level": 3,
            "pc": 5,
            "effect": {"kind": "village", "discard": 3},
            "cost": {},
        },
        {
            "id": "s7",
            "colour": "red",
            "level": 1,
            "pc": 1,
            "effect": {"kind": "sacred_stone"},
            "cost": {},
        },
    ]
    for tile in examples:
        out.append(region_tile(tile, 76))
        out.append(region_tile(tile, 76, state="cancelled"))
        out.append(region_tile(tile, 100, cost=True))
    out.append(region_tile(examples[0], 76, state="wasteland"))
    out.append(temple_token(7))
    out.append(god_badge())
    return out


# ---------------------------------------------------------------- legend symbols


def legend_symbol(kind: str, side: int = 20) -> Image.Image:
    """A small symbol for a legend row: an effect icon on its medallion, or one of the
    marks of a tile (``pc``, ``cancelled``, ``validated``, ``level``, ``mystic``)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        c, r = s / 2, s / 2 - k
        if kind == "pc":
            _pc_disc(d, c, c, r, 3, "plain", k)
        elif kind == "cancelled":
            _pc_disc(d, c, c, r, 3, "cancelled", k)
        elif kind == "validated":
            _check(d, c, c, r, k)
        elif kind == "level":
            for i in range(3):
                x = c + (i - 1) * r * 0.6
                d.ellipse((x - r * 0.2, c - r * 0.2, x + r * 0.2, c + r * 0.2), fill=style.INK)
        elif kind == "mystic":
            d.polygon(
                [(c, c - r), (c + r, c), (c, c + r), (c - r, c)],
                fill=TEMPLE,
                outline=style.INK,
                width=k,
            )
            d.text(
                (c, c + k), "9", font=font(round(r * 1.1), bold=True), fill=style.WHITE, anchor="mm"
            )
        elif kind == "wasteland":
            d.rounded_rectangle(
                (k, k, s - k, s - k), radius=3 * k, fill=WASTE, outline=style.INK, width=k
            )
            d.text(
                (c, c + k),
                "-1",
                font=font(round(r * 1.0), bold=True),
                fill=style.WHITE,
                anchor="mm",
            )
        else:
            sprites.circle(d, c, c, r, fill=MEDALLION, outline=style.INK_SOFT, width=k)
            paint_effect(d, c, c, r * 0.85, LEGEND_EFFECTS.get(kind, {}), k)

    return sprites.cached(("orbis.legend", kind, side), (side, side), paint)


LEGEND_EFFECTS: Final[dict[str, dict[str, Any]]] = {
    "farm": {"kind": "farm", "colour": "blue"},
    "proselytism": {"kind": "proselytism", "colour": "red", "n": 1},
    "sacred_stone": {"kind": "sacred_stone"},
    "village": {"kind": "village", "discard": 2},
    "forest": {"kind": "forest", "min": 2, "colours": ["yellow"]},
    "irrigation": {"kind": "irrigation", "colour": "green"},
    "volcano": {"kind": "volcano", "cubes": {"white": 1}},
    "temple": {"kind": "temple", "icons": 1},
}
