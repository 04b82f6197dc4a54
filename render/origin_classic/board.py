"""The Classic reward board (a band under the map) and the reserve/discard piles.

Four columns: yellow, orange and violet with three face-up Innovation tiles each and
the count of their deck (Action, Permanent, Objective), brown with six tiles. A tile
shows its level as a big numeral doubled by as many spearheads; an empty slot is a
dashed outline. The column of a reward being chosen is outlined.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static, Turn
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, fit_font, font, text_width
from render.origin import pieces
from render.origin.colours import TERRITORY_COLOURS
from render.origin.words import View
from render.origin_classic.layout import DECK_OF, TILE, columns
from render.origin_classic.words import view_of

BROWN = TERRITORY_COLOURS["brown"]
TILE_FACE = style.mix(BROWN, style.WHITE, 0.8)


# ---------------------------------------------------------------- sprites


def paint_spear(
    draw: ImageDraw.ImageDraw, cx: float, top: float, h: float, fill: style.RGB
) -> None:
    """A small spearhead (the level pips of a tile), ``h`` tall from ``top``."""
    w = h * 0.42
    draw.polygon(
        [(cx, top), (cx + w, top + h * 0.62), (cx, top + h), (cx - w, top + h * 0.62)], fill=fill
    )


def level_tile(level: int | None, side: int = TILE, *, free: bool = False) -> Image.Image:
    """An Innovation tile face: the level as a big numeral (over as many spearheads when
    the tile is large enough for them to read).

    ``free`` draws the thick yellow-edged frame of a stack's free (top) tile.
    """

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        edge = 3 if free else 2
        outer = (k, k, (side - 1) * k, (side - 1) * k)
        if free:
            draw.rounded_rectangle(outer, radius=6 * k, fill=style.HIGHLIGHT)
            m = 4 if side >= 30 else 3
            inner = (m * k, m * k, (side - m) * k, (side - m) * k)
            draw.rounded_rectangle(
                inner, radius=4 * k, fill=TILE_FACE, outline=style.INK, width=k * edge
            )
        else:
            draw.rounded_rectangle(
                outer, radius=5 * k, fill=TILE_FACE, outline=style.INK, width=k * edge
            )
        if level is None:
            return
        c = side * k / 2
        pips = side >= 48
        draw.text(
            (c, c - (side * 0.1 * k if pips else -k)),
            str(level),
            font=font(round(side * (0.56 if pips else 0.6 if not free else 0.52)) * k, bold=True),
            fill=style.INK,
            anchor="mm",
        )
        if not pips:
            return
        h = side * 0.17 * k
        step = side * 0.15 * k
        first = c - step * (level - 1) / 2
        for i in range(level):
            paint_spear(draw, first + i * step, side * 0.72 * k, h, BROWN)

    key = ("classic.tile", level, side, free)
    return sprites.SPRITES.get(key, lambda: sprites.supersampled((side, side), paint))


def empty_slot(side: int = TILE) -> Image.Image:
    """A dashed outline where a tile is missing."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        m, s = 3 * k, (side - 3) * k
        dash = 6 * k
        colour = style.INK_SOFT
        for start in range(m, s, 2 * dash):
            end = min(s, start + dash)
            for a, b in (((start, m), (end, m)), ((start, s), (end, s))):
                draw.line([a, b], fill=colour, width=2 * k)
            for a, b in (((m, start), (m, end)), ((s, start), (s, end))):
                draw.line([a, b], fill=colour, width=2 * k)

    return sprites.SPRITES.get(
        ("classic.empty", side), lambda: sprites.supersampled((side, side), paint)
    )


# ---------------------------------------------------------------- static band


def paint_band(image: Image.Image, band: Box, static: Static) -> None:
    """The board's unchanging art: title, column frames, coloured strips and their names."""
    lang = static.lang
    draw = ImageDraw.Draw(image)
    draw_text(
        image,
        (band.x + 4, band.y + 2),
        tr("render.origin.classic.board", lang),
        font(16, bold=True),
        style.INK,
    )
    paint_rewards_key(image, band, lang)
    for column in columns(band):
        fill = TERRITORY_COLOURS[column.colour]
        draw.rounded_rectangle(
            column.box.xyxy(), radius=10, fill=style.PANEL, outline=style.RULE, width=2
        )
        strip = column.strip
        draw.rounded_rectangle(strip.xyxy(), radius=10, fill=fill)
        draw.rectangle((strip.x, strip.y + 12, strip.right, strip.bottom), fill=fill)
        ink = style.WHITE if style.is_dark(fill) else style.INK
        symbol = style.mix(fill, style.INK, 0.45)

        def mark(
            d: ImageDraw.ImageDraw, k: int, colour: str = column.colour, ink: style.RGB = symbol
        ) -> None:
            pieces.paint_symbol(d, colour, 9 * k, 9 * k, 6 * k, ink)

        sprite = sprites.supersampled((18, 18), mark)
        sprites.paste_at(image, sprite, (strip.x + 10, strip.y + 6))
        label = tr(f"render.origin.classic.column.{column.colour}", lang)
        room = strip.w - 44 - (54 if column.colour in DECK_OF else 0)
        face = fit_font(label, room, 15, bold=True, minimum=11)
        draw_text(
            image,
            (strip.x + 34, strip.y + STRIP_MID),
            ellipsise(label, face, room),
            face,
            ink,
            anchor="lm",
        )


STRIP_MID = 15


def paint_rewards_key(image: Image.Image, band: Box, lang: str) -> None:
    """Right of the band title: what a territory of each colour gives (right-aligned)."""
    face = font(12)
    items = []
    for colour in ("yellow", "orange", "violet", "brown", "green", "neutral"):
        label = tr(f"render.origin.classic.legend.terr.{colour}", lang)
        items.append((colour, label, 18 + round(text_width(label, face)) + 12))
    x = band.right - 4 - sum(w for _, _, w in items) + 12
    for colour, label, width in items:
        sprites.paste_at(image, swatch(colour), (x, band.y + 3))
        draw_text(image, (x + 18, band.y + 4), label, face, style.INK)
        x += width


def draw_band(canvas: Canvas, band: Box, turn: Turn) -> None:
    """This turn's board: the tiles in their slots, deck counts, the column being rewarded."""
    view, lang = view_of(turn.view), turn.lang
    board = view.get("reward_board") or {}
    decks = view.get("decks") or {}
    pending = view.get("pending")
    rewarded = pending.get("colour") if pending and pending.get("kind") == "reward" else None
    title_w = round(text_width(tr("render.origin.classic.board", lang), font(16, bold=True)))
    canvas.text(
        (band.x + 4 + title_w + 14, band.y + 3),
        tr("render.origin.classic.reserve_line", lang, count=view.get("reserve") or 0),
        font(14),
        style.INK_SOFT,
        ground=style.PAPER,
    )
    empty_face = font(12)
    for column in columns(band):
        fill = TERRITORY_COLOURS[column.colour]
        deck = DECK_OF.get(column.colour)
        if deck is not None:
            ink = style.WHITE if style.is_dark(fill) else style.INK
            count = f"× {decks.get(deck, 0)}"
            face = font(17, bold=True)
            right = column.strip.right - 10
            canvas.text(
                (right, column.strip.y + STRIP_MID), count, face, ink, anchor="rm", ground=fill
            )
        slots = list(board.get(column.colour) or [])
        for i, slot in enumerate(column.slots):
            tile = slots[i] if i < len(slots) else None
            if tile is None:
                canvas.sprite(empty_slot(), (slot.x, slot.y), centre=False, ground=style.PANEL)
                canvas.text(
                    (slot.x + slot.w / 2, slot.y + slot.h / 2),
                    tr("render.origin.classic.empty", lang),
                    empty_face,
                    style.INK_SOFT,
                    anchor="mm",
                    ground=style.PANEL,
                )
            else:
                sprite = level_tile(tile.get("level"))
                canvas.sprite(sprite, (slot.x, slot.y), centre=False, ground=style.PANEL)
        if rewarded == column.colour:
            canvas.rectangle(
                column.box.inset(-4).xyxy(), radius=13, outline=style.HIGHLIGHT, width=5
            )


# ---------------------------------------------------------------- piles (footer)


def paint_piles(image: Image.Image, box: Box, lang: str) -> None:
    """Captions of the reserve and discard piles (right part of the supply box)."""
    x = box.x
    title = tr("render.origin.classic.piles", lang)
    face = fit_font(title, box.w - 16, 14, bold=True, minimum=11)
    draw_text(image, (x, box.y + 8), title, face, style.INK)
    small = font(12)
    for y, key in ((box.y + 74, "reserve"), (box.y + 146, "discard")):
        caption = ellipsise(tr(f"render.origin.classic.{key}", lang), small, box.w - 16)
        draw_text(image, (x, y), caption, small, style.INK_SOFT)


def draw_piles(canvas: Canvas, box: Box, view: View, lang: str) -> None:
    """Tiles left in the reserve and cards in the discard pile."""
    x = box.x
    big = font(22, bold=True)
    canvas.sprite(
        pieces.tile_icon(None, side=30), (x, box.y + 36), centre=False, ground=style.PANEL
    )
    canvas.text(
        (x + 40, box.y + 52),
        f"× {view_of(view).get('reserve') or 0}",
        big,
        style.INK,
        anchor="lm",
        ground=style.PANEL,
    )
    canvas.sprite(
        pieces.card_icon("neutral", None, height=36),
        (x + 2, box.y + 102),
        centre=False,
        ground=style.PANEL,
    )
    canvas.text(
        (x + 40, box.y + 122),
        f"× {view_of(view).get('discard') or 0}",
        big,
        style.INK,
        anchor="lm",
        ground=style.PANEL,
    )


def swatch(colour: str) -> Image.Image:
    """A small territory disc with its symbol (what a territory of that colour gives)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        fill = TERRITORY_COLOURS[colour]
        draw.ellipse((k, k, 15 * k, 15 * k), fill=fill, outline=style.INK, width=k)
        pieces.paint_symbol(draw, colour, 8 * k, 8 * k, 4 * k, style.mix(fill, style.INK, 0.45))

    return sprites.SPRITES.get(
        ("classic.swatch", colour), lambda: sprites.supersampled((16, 16), paint)
    )


__all__ = [
    "draw_band",
    "draw_piles",
    "empty_slot",
    "level_tile",
    "paint_band",
    "paint_piles",
    "swatch",
]
