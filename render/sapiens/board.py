"""The strip under the header (common pool, draw pile, steak and bear supplies) and the
footer legend (the eight scenes with what they do; cells, caves, tokens, last tile)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static, Turn
from render.kit.frame import paint_box
from render.kit.geometry import Box
from render.kit.names import fit_name, seat_name, tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, font, text_width
from render.sapiens import pieces
from render.sapiens.layout import COMMON_CELL, FOOTER_HEIGHT, common_slot
from render.sapiens.model import Table
from render.sapiens.panel import draw_pool_tile, paint_slot

PANEL = style.PANEL
SUPPLY_X = 760  # the supplies, from the strip's left
FIRST_ROOM = 140  # the first player's name, under the common pool's title


def paint_board(image: Image.Image, board: Box, static: Static) -> None:
    """The strip's frame and captions."""
    paint_box(image, board)
    lang = static.lang
    draw_text(
        image,
        (board.x + 14, board.y + 16),
        tr("render.sapiens.common", lang),
        font(15, bold=True),
        style.INK,
    )
    draw_text(
        image,
        (board.x + 14, board.y + 42),
        tr("render.sapiens.first", lang),
        font(11, bold=True),
        style.INK_SOFT,
    )
    draw = ImageDraw.Draw(image)
    for i in range(5):
        paint_slot(draw, common_slot(board, i))
    label = font(12, bold=True)
    x = board.x + SUPPLY_X
    for i, key in enumerate(("pile", "steak_supply", "bear_supply")):
        draw_text(
            image,
            (x + i * 160, board.y + 12),
            tr(f"render.sapiens.{key}", lang),
            label,
            style.INK_SOFT,
        )
    sprites.paste_at(image, pieces.tile_back(30, vertical=False, gap=2), (x, board.y + 36))
    sprites.paste_at(image, pieces.steak(30), (x + 160, board.y + 36))
    sprites.paste_at(image, pieces.bear(32), (x + 320, board.y + 35))


def draw_board(canvas: Canvas, board: Box, turn: Turn, table: Table) -> None:
    """This turn's common pool and supplies, and who plays first (a round ends before
    that seat plays again: the last round ends there)."""
    seats = len(turn.seats)
    if table.first in turn.seats:
        index = turn.index(table.first)
        marker = sprites.marker_icon(index, radius=7)
        canvas.sprite(marker, (board.x + 22, board.y + 66), ground=PANEL)
        face, name = fit_name(seat_name(table.first, turn.names), FIRST_ROOM, 14, minimum=11)
        canvas.text((board.x + 34, board.y + 66), name, face, style.INK, anchor="lm", ground=PANEL)
    for i, tile in enumerate(table.common[:5]):
        draw_pool_tile(canvas, common_slot(board, i), tile, seats, COMMON_CELL)
    face = font(24, bold=True)
    x, y = board.x + SUPPLY_X, board.y + 52
    counts = (table.pile, table.steaks_left, table.bears_left)
    for i, value in enumerate(counts):
        text = "—" if value is None else f"×{value}"
        canvas.text(
            (x + 64 + i * 160 - (14 if i else 0), y),
            text,
            face,
            style.INK,
            anchor="lm",
            ground=PANEL,
        )


LEGEND_ROW = 20


def paint_footer(image: Image.Image, footer: Box, static: Static) -> None:
    """The legend: scenes in two columns at the left, the board's symbols at the right."""
    left_w = 760
    scenes_box = Box(footer.x, footer.y, left_w, footer.h)
    symbols_box = Box(footer.x + left_w + 10, footer.y, footer.w - left_w - 10, footer.h)
    paint_legend(image, scenes_box, symbols_box, static.lang, columns=2, pitch=36)


def paint_legend_slot(image: Image.Image, slot: Box, lang: str) -> None:
    """The legend stacked in a free panel slot (three players: the fourth place)."""
    scenes_box = Box(slot.x, slot.y, slot.w, 290)
    symbols_box = Box(slot.x, scenes_box.bottom + 10, slot.w, FOOTER_HEIGHT)
    paint_legend(image, scenes_box, symbols_box, lang, columns=1, pitch=30)


def paint_legend(
    image: Image.Image, scenes_box: Box, symbols_box: Box, lang: str, *, columns: int, pitch: int
) -> None:
    """The scenes with their effects in ``columns``, and the board's symbols."""
    paint_box(image, scenes_box)
    paint_box(image, symbols_box)
    title = font(14, bold=True)
    face = font(12)
    bold = font(12, bold=True)
    draw_text(
        image,
        (scenes_box.x + 12, scenes_box.y + 8),
        tr("render.sapiens.legend.scenes", lang),
        title,
        style.INK,
    )
    column_w = (scenes_box.w - 24) // columns
    rows = len(pieces.SCENES) // columns
    for i, scene in enumerate(pieces.SCENES):
        column, line = divmod(i, rows)
        x = scenes_box.x + 12 + column * column_w
        y = scenes_box.y + 38 + line * pitch
        sprites.paste_at(image, pieces.scene_square(scene, 26), (x, y - 2))
        name = tr(f"render.sapiens.scene.{scene}", lang)
        draw_text(image, (x + 34, y + 4), name, bold, style.INK)
        effect = tr(f"render.sapiens.effect.{scene}", lang)
        ex = x + 34 + round(text_width(name, bold)) + 8
        draw_text(
            image, (ex, y + 4), ellipsise(effect, face, x + column_w - 8 - ex), face, style.INK
        )
    draw_text(
        image,
        (symbols_box.x + 12, symbols_box.y + 8),
        tr("render.kit.legend", lang),
        title,
        style.INK,
    )
    x, y = symbols_box.x + 12, symbols_box.y + 32
    room = symbols_box.right - 12 - (x + 58)
    draw = ImageDraw.Draw(image)

    def row(key: str) -> None:
        nonlocal y
        text = ellipsise(tr(f"render.sapiens.legend.{key}", lang), face, room)
        draw_text(image, (x + 58, y + 3), text, face, style.INK)
        y += LEGEND_ROW + 4

    draw.rectangle((x, y, x + 22, y + 20), fill=pieces.FOREST, outline=pieces.CELL_LINE)
    draw_text(image, (x + 11, y + 10), "3", font(12, bold=True), style.WHITE, anchor="mm")
    draw.rectangle((x + 26, y, x + 48, y + 20), fill=pieces.PLAIN, outline=pieces.CELL_LINE)
    draw_text(image, (x + 37, y + 10), "2", font(12, bold=True), (120, 110, 70), anchor="mm")
    row("cells")
    draw.rounded_rectangle((x, y - 2, x + 24, y + 22), radius=5, fill=pieces.CAVE)
    draw_text(image, (x + 12, y + 18), "8/5", font(9, bold=True), style.WHITE, anchor="ms")
    sprites.paste_at(image, pieces.waterfall(24), (x + 28, y - 2))
    row("cave")
    sprites.paste_at(image, pieces.mountain_token("CH", 11, style.player_colour(0)), (x, y - 1))
    sprites.paste_at(image, pieces.mountain_token("FU", 9, style.player_colour(0)), (x + 28, y + 1))
    row("tokens")
    sprites.paste_at(image, pieces.baston_token(10, 1), (x - 2, y - 2))
    sprites.paste_at(image, pieces.steak(22), (x + 26, y - 1))
    row("baston")
    sprites.paste_at(image, pieces.bear(24), (x, y - 2))
    sprites.paste_at(image, pieces.tile_back(16, vertical=False, gap=1), (x + 26, y + 2))
    row("bear")
    draw.rectangle((x, y - 2, x + 48, y + 20), outline=style.ARROW, width=4)
    draw.rectangle((x + 2, y, x + 46, y + 18), outline=style.HIGHLIGHT, width=2)
    row("last")
    draw.rounded_rectangle(
        (x + 2, y - 1, x + 46, y + 19), radius=5, outline=style.HIGHLIGHT, width=3
    )
    row("choosing")
