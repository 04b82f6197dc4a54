"""Small Origin sprites drawn once and cached: occupied discs with their pawn, tokens, icons.

Sprites are drawn three times larger and reduced, which gives smooth edges; each is an
RGBA image keyed by everything that shows on it, so a turn only pastes cached sprites.

The pawn glyph: its height grows with the pawn's size (1-3), its width with its strength
(1-3), its fill is the pawn colour (white, brown, black); the badge under the disc says
"size·strength" in the owner's colour, and the ring around the disc is the owner's
village colour with the owner's marker shape.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.kit import seatmark, style
from render.kit.sprites import (
    SPRITES,
    circle,
    marker_icon,
    paint_shape,
    shape_points,
    supersampled,
)
from render.kit.style import RGB
from render.kit.text import font
from render.origin.colours import (
    HUNT_BACK,
    LAND,
    PAWN_EDGE,
    PAWN_FILL,
    TERRITORY_COLOURS,
    TOKEN_BACK,
    TOKEN_FACE,
)
from render.origin.layout import RING, map_layout

PAWN_HEIGHT = {1: 16, 2: 24, 3: 33}
PAWN_WIDTH = {1: 10, 2: 16, 3: 22}


def paint_pawn(
    draw: ImageDraw.ImageDraw,
    cx: float,
    base: float,
    size: int,
    strength: int,
    colour: str,
    k: float,
) -> None:
    """The pawn glyph standing on ``base`` (a head on a tapered body), scale ``k``."""
    height, width = PAWN_HEIGHT[size] * k, PAWN_WIDTH[strength] * k
    head = width * 0.36
    top = base - height
    fill, edge = PAWN_FILL[colour], PAWN_EDGE[colour]
    line = max(1, round(1.3 * k))
    shoulder = top + head * 1.7
    body = [
        (cx - width * 0.28, shoulder),
        (cx + width * 0.28, shoulder),
        (cx + width * 0.5, base),
        (cx - width * 0.5, base),
    ]
    draw.polygon(body, fill=fill, outline=edge, width=line)
    circle(draw, cx, top + head, head, fill=fill, outline=edge, width=line)


def _badge_text(pawn_size: int, strength: int) -> str:
    return f"{pawn_size}·{strength}"


def occupied_disc(colour: str, pawn: tuple[int, int, str], owner: int | None) -> Image.Image:
    """A territory disc of ``colour`` holding ``pawn`` (size, strength, colour) of ``owner``."""
    return SPRITES.get(("disc", colour, pawn, owner), lambda: _paint_disc(colour, pawn, owner))


def disc_half() -> int:
    """Half the side of a disc sprite (its centre is the territory centre)."""
    return map_layout().radius + RING + 10


def _paint_disc(colour: str, pawn: tuple[int, int, str], owner: int | None) -> Image.Image:
    r = map_layout().radius
    half = disc_half()

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = half * k
        ink = style.INK
        if owner is not None:
            ring = style.player_colour(owner)
            circle(draw, c, c, (r + RING) * k, fill=ring, outline=ink, width=k)
        circle(draw, c, c, r * k, fill=TERRITORY_COLOURS[colour], outline=ink, width=k)
        circle(draw, c, c, (r - 7) * k, fill=style.PANEL, outline=ink, width=k)
        size, strength, pawn_colour = pawn
        paint_pawn(draw, c, c + 16 * k, size, strength, pawn_colour, k)
        badge_fill = style.player_colour(owner) if owner is not None else style.INK_SOFT
        text_fill = style.WHITE if style.is_dark(badge_fill) else style.INK
        bw, bh = 19 * k, 9 * k
        by = c + (r + 1) * k
        draw.rounded_rectangle(
            (c - bw, by - bh, c + bw, by + bh), radius=5 * k, fill=badge_fill, outline=ink, width=k
        )
        draw.text(
            (c, by + k),
            _badge_text(size, strength),
            font=font(14 * k, bold=True),
            fill=text_fill,
            anchor="mm",
        )
        if owner is not None:
            mx = my = c - (r + 2) * 0.72 * k
            paint_shape(
                draw,
                style.player_shape(owner),
                c + (c - mx),
                my,
                7 * k,
                style.player_colour(owner),
                style.WHITE,
                max(1, round(1.5 * k)),
            )

    return supersampled((2 * half, 2 * half), paint)


def empty_disc(colour: str, origin: bool = False) -> Image.Image:
    """An unoccupied territory disc, as the static map draws it (to redraw over an arrow)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        r = map_layout().radius
        c = (r + 2) * k
        fill = TERRITORY_COLOURS[colour]
        circle(draw, c, c, r * k, fill=fill, outline=style.INK, width=k)
        if origin:
            circle(draw, c, c, (r - 6) * k, outline=style.INK_SOFT, width=2 * k)
        paint_symbol(draw, colour, c, c, 10 * k, style.mix(fill, style.INK, 0.45))

    side = 2 * (map_layout().radius + 2)
    return SPRITES.get(("empty", colour, origin), lambda: supersampled((side, side), paint))


def strait_token(value: int | None, *, radius: int = 13) -> Image.Image:
    """A Strait token marker: face down (waves, no value) or showing ``value``."""
    return SPRITES.get(("strait", value, radius), lambda: _paint_token(value, radius, "strait"))


def hunting_token(value: int | None, *, radius: int = 12) -> Image.Image:
    """A Hunting token marker: face down (a spearhead, no value) or showing ``value``."""
    return SPRITES.get(("hunt", value, radius), lambda: _paint_token(value, radius, "hunt"))


def _paint_token(value: int | None, radius: int, kind: str) -> Image.Image:
    back = TOKEN_BACK if kind == "strait" else HUNT_BACK
    side = 2 * radius + 4

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        r = radius * k
        if value is None:
            circle(draw, c, c, r, fill=back, outline=style.WHITE, width=2 * k)
            light = style.mix(back, style.WHITE, 0.75)
            if kind == "strait":
                for dy in (-0.3, 0.25):
                    y = c + dy * r
                    points = [
                        (c - 0.55 * r + i * 0.11 * r, y + math.sin(i * 1.2) * 0.12 * r)
                        for i in range(11)
                    ]
                    draw.line(points, fill=light, width=max(1, round(0.16 * r)))
            else:
                draw.polygon(
                    [
                        (c, c - 0.6 * r),
                        (c + 0.33 * r, c + 0.1 * r),
                        (c, c + 0.55 * r),
                        (c - 0.33 * r, c + 0.1 * r),
                    ],
                    fill=light,
                )
        else:
            circle(draw, c, c, r, fill=TOKEN_FACE, outline=back, width=3 * k)
            draw.text(
                (c, c + k),
                str(value),
                font=font(round(r * 1.15), bold=True),
                fill=style.INK,
                anchor="mm",
            )

    return supersampled((side, side), paint)


def card_icon(colour: str, count: int | None, *, height: int = 30) -> Image.Image:
    """A card of ``colour`` with ``count`` written on it (``None``: no number)."""
    return SPRITES.get(("card", colour, count, height), lambda: _paint_card(colour, count, height))


def _paint_card(colour: str, count: int | None, height: int) -> Image.Image:
    width = round(height * 0.72)
    fill = TERRITORY_COLOURS[colour]

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        draw.rounded_rectangle(
            (k, k, (width + 1) * k, (height + 1) * k),
            radius=4 * k,
            fill=fill,
            outline=style.INK,
            width=max(1, round(1.3 * k)),
        )
        if count is not None:
            text_fill = style.WHITE if style.is_dark(fill) else style.INK
            draw.text(
                ((width + 2) * k / 2, (height + 2) * k / 2 + k),
                str(count),
                font=font(round(height * 0.55) * k, bold=True),
                fill=text_fill,
                anchor="mm",
            )
        else:
            paint_symbol(
                draw,
                colour,
                (width + 2) * k / 2,
                (height + 2) * k / 2,
                height * 0.22 * k,
                style.mix(fill, style.INK, 0.55),
            )

    return supersampled((width + 2, height + 2), paint)


def paint_symbol(
    draw: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float, fill: RGB
) -> None:
    """The symbol that doubles a territory colour (so colour is never the only cue)."""
    if colour == "yellow":
        draw.polygon(shape_points("triangle", cx, cy + r * 0.1, r), fill=fill)
    elif colour == "orange":
        draw.polygon(shape_points("square", cx, cy, r * 0.9), fill=fill)
    elif colour == "violet":
        draw.polygon(shape_points("diamond", cx, cy, r), fill=fill)
    elif colour == "brown":
        d = r * 0.55
        for dx in (-d * 1.1, d * 1.1):
            draw.rectangle((cx + dx - d, cy - d, cx + dx + d, cy + d), fill=fill)
    elif colour == "green":
        draw.polygon(
            [
                (cx, cy - r * 1.1),
                (cx + r * 0.6, cy + r * 0.2),
                (cx, cy + r),
                (cx - r * 0.6, cy + r * 0.2),
            ],
            fill=fill,
        )
    else:
        draw.polygon(shape_points("star", cx, cy, r * 1.2), fill=fill)


def tile_icon(level: int | None, *, side: int = 24) -> Image.Image:
    """An Innovation tile: face down (no level) or showing ``level`` as a number."""
    return SPRITES.get(("tile", level, side), lambda: _paint_tile(level, side))


def _paint_tile(level: int | None, side: int) -> Image.Image:
    brown = TERRITORY_COLOURS["brown"]

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        face = style.mix(brown, style.WHITE, 0.8) if level is not None else brown
        draw.rounded_rectangle(
            (k, k, (side + 1) * k, (side + 1) * k),
            radius=3 * k,
            fill=face,
            outline=style.INK,
            width=max(1, round(1.3 * k)),
        )
        c = (side + 2) * k / 2
        if level is None:
            draw.line(
                [
                    (c - side * 0.25 * k, c + side * 0.22 * k),
                    (c + side * 0.25 * k, c - side * 0.22 * k),
                ],
                fill=style.mix(brown, style.WHITE, 0.45),
                width=max(1, round(side * 0.12 * k)),
            )
        else:
            draw.text(
                (c, c + k),
                str(level),
                font=font(round(side * 0.62) * k, bold=True),
                fill=style.INK,
                anchor="mm",
            )

    return supersampled((side + 2, side + 2), paint)


def pawn_icon(size: int, strength: int, colour: str, *, scale: float = 1.0) -> Image.Image:
    """A lone pawn glyph (supply and legend), standing on the bottom of its sprite."""
    return SPRITES.get(
        ("pawn", size, strength, colour, scale),
        lambda: supersampled(
            (round(24 * scale), round(37 * scale)),
            lambda d, k: paint_pawn(
                d, 12 * scale * k, 35.5 * scale * k, size, strength, colour, k * scale
            ),
        ),
    )


def village_icon(index: int, *, side: int = 22) -> Image.Image:
    """A small house in the seat's colour with its shape on the front (villages left)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        colour = style.player_colour(index)
        draw.polygon(
            [
                (0.5 * s, 0.08 * s),
                (0.95 * s, 0.48 * s),
                (0.82 * s, 0.48 * s),
                (0.82 * s, 0.92 * s),
                (0.18 * s, 0.92 * s),
                (0.18 * s, 0.48 * s),
                (0.05 * s, 0.48 * s),
            ],
            fill=colour,
            outline=style.INK,
            width=k,
        )
        seatmark.paint_seat_emblem(draw, index, 0.5 * s, 0.68 * s, 0.17 * s, k)

    return SPRITES.get(("village", index, side), lambda: supersampled((side, side), paint))


def sprite_sheet() -> Image.Image:
    """Every kind of sprite on its usual ground (seeds the palette with their edge shades)."""
    discs = [
        occupied_disc(colour, (size, size, "wbk"[(size + i) % 3]), owner)
        for i, colour in enumerate(TERRITORY_COLOURS)
        for owner in (None, 0, 1, 2, 3)
        for size in (1, 2, 3)
    ]
    small = [strait_token(v) for v in (None, 3, 4, 5)] + [hunting_token(v) for v in (None, 4, 8)]
    small += [card_icon(c, n) for c in ("yellow", "orange", "violet") for n in (0, 7)]
    small += [tile_icon(level, side=22) for level in (None, 1, 2, 3, 4, 5)]
    small += [marker_icon(i) for i in range(4)] + [village_icon(i) for i in range(4)]
    small += [pawn_icon(s, t, c) for s in (1, 2, 3) for t in (1, 2, 3) for c in "wbk"]
    half = disc_half() * 2
    per_row = 1280 // half
    rows = -(-len(discs) // per_row) + 2
    sheet = Image.new("RGB", (1280, rows * half), LAND)
    for i, sprite in enumerate(discs):
        row, col = divmod(i, per_row)
        sheet.paste(sprite, (col * half, row * half), sprite)
    y = (rows - 2) * half
    sheet.paste(style.PANEL, (0, y, 1280, y + 2 * half))
    x = 4
    for sprite in small:
        if x + sprite.width > 1280:
            x, y = 4, y + half
        sheet.paste(sprite, (x, y + 4), sprite)
        x += sprite.width + 4
    return sheet
