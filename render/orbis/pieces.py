"""Orbis pieces as cached sprites: Region tiles, cubes, slots, piles, gods and tokens.

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
from typing import Any

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.text import font
from render.orbis import icons
from render.orbis.colours import (
    BACK,
    COLOURS,
    MEDALLION,
    TEMPLE,
    TOKEN,
    WASTE,
    tile_rgb,
)

Tile = Mapping[str, Any]

# ---------------------------------------------------------------- cubes


def cube(colour: str, side: int = 16) -> Image.Image:
    """One cube sprite (``any``: the multicolour disc)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        icons.paint_cube(d, k, k, (side - 2) * k, colour, k)

    return sprites.cached(("orbis.cube", colour, side), (side, side), paint)


def cube_count(
    colour: str, count: int, *, width: int, prefix: str = "", size: int = 16
) -> Image.Image:
    """A cube and its count beside it (``×3`` on the display, ``3`` in a domain; a zero
    count is pale), as one sprite ``width`` pixels wide."""
    height = 20

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        icons.paint_cube(d, k, 2 * k, 16 * k, colour, k)
        ink = style.INK if count else style.RULE
        face = font(size * k, bold=True)
        d.text((20 * k, 11 * k), f"{prefix}{count}", font=face, fill=ink, anchor="lm")

    return sprites.cached(
        ("orbis.cube_count", colour, count, width, prefix, size), (width, height), paint
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
            icons.paint_wasteland(d, s / 2, s / 2, s * 0.32, k)
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
        icons.paint_effect(d, s / 2, mid, r * 0.82, tile.get("effect") or {}, k)
        pc_r = s * (0.13 if cost else 0.17)
        icons.paint_pc(
            d,
            pc_r + 3 * k,
            (top if cost else 0) + pc_r + 3 * k,
            pc_r,
            int(tile.get("pc") or 0),
            state,
            k,
        )
        if state == "validated":
            icons.paint_check(d, s - pc_r - 3 * k, pc_r + 3 * k, pc_r * 0.8, k)
        # the colour's mark, bottom left (placement and Forests go by colour)
        icons.paint_cube_sign(d, 0, s * 0.64, s * 0.34, str(tile.get("colour")), edge)
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
        icons.paint_cube(d, left + i * step, 5.5 * k, c, colour, k)


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
        icons.paint_temple(d, c, c - radius * 0.05 * k, radius * 0.62 * k, k)
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
        icons.paint_temple(d, side * k / 2, side * k / 2, side * 0.45 * k, k)

    return sprites.cached(("orbis.temple_icon", side), (side, side), paint)


def reduction_token(colour: str, radius: int = 11) -> Image.Image:
    """A Reduction token: the colour a Farm no longer makes you pay (a struck cube)."""
    side = 2 * radius + 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        sprites.circle(d, c, c, radius * k, fill=MEDALLION, outline=style.INK, width=k)
        s = radius * 1.1 * k
        icons.paint_cube(d, c - s / 2, c - s / 2, s, colour, k)
        icons.paint_slash(d, c, c, radius * 0.6 * k, k)

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
