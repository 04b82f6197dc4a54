"""The Origin footer: the pawn supply with the piles beside it, and the Junior legend;
the final score table once the game is over.

Classic replaces the piles (reserve and discard) and the legend, and keeps the supply.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static, Turn
from render.kit.frame import Icon, Legend, paint_box, paint_legend_arrow
from render.kit.geometry import Box, SquareGrid
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.scoreboard import draw_final_table
from render.kit.text import draw_text, font
from render.origin import pieces
from render.origin.colours import TERRITORY_COLOURS
from render.origin.panels import CARD_ORDER, PANEL, View
from rules.origin.view import view_of
from rules.origin.view_parts import map_view_of

SUPPLY_WIDTH = 600
PilesStatic = Callable[[Image.Image, Box, str], None]
PilesPainter = Callable[[Canvas, Box, View, str], None]


def footer_boxes(footer: Box) -> tuple[Box, Box]:
    """The footer's two parts: the supply (left) and the legend (right)."""
    supply, legend = footer.split([SUPPLY_WIDTH, None])
    return supply, legend


def paint_footer(image: Image.Image, footer: Box, static: Static) -> None:
    """The Junior footer's static art: supply frame and captions, the legend."""
    supply, legend = footer_boxes(footer)
    paint_supply_static(image, supply, static.lang)
    paint_legend(image, legend, static.lang)


def draw_footer(canvas: Canvas, footer: Box, turn: Turn) -> None:
    """The Junior footer this turn: pawns left in the supply, decks and tiles; once the
    game is over, the final score table instead."""
    if draw_final(canvas, footer, turn):
        return
    draw_supply(canvas, footer_boxes(footer)[0], turn.view, turn.lang)


def draw_final(canvas: Canvas, footer: Box, turn: Turn) -> bool:
    """The final score table over the whole footer once the game is over (Junior and
    Classic); ``False`` while it runs."""
    return draw_final_table(canvas, footer, turn)


def paint_legend(image: Image.Image, box: Box, lang: str) -> None:
    """The Junior legend (static: depends on the language only), right of the supply."""
    legend = Legend(image, box, tr("render.origin.legend", lang))
    pawns = [
        Icon(pieces.pawn_icon(size, strength, "wbk"[i]), (i * 22, 0))
        for i, (size, strength) in enumerate(((1, 1), (2, 2), (3, 3)))
    ]
    words = [tr(f"render.origin.legend.{key}", lang) for key in ("pawn", "badge")]
    legend.row(words, pawns, text_x=72, height=40)
    markers = [Icon(sprites.marker_icon(i, radius=8), (10 + 22 * i, 9), True) for i in (0, 1)]
    legend.row(tr("render.origin.legend.owner", lang), markers)
    tokens = [
        Icon(pieces.strait_token(None, radius=9), (10, 9), True),
        Icon(pieces.hunting_token(None, radius=9), (32, 9), True),
    ]
    legend.row(tr("render.origin.legend.tokens", lang), tokens)
    legend.row(tr("render.origin.legend.last", lang), paint=paint_legend_arrow, height=26)
    colours = ("yellow", "orange", "violet", "brown", "green", "neutral")
    legend.flow([(_swatch(c), tr(f"render.origin.legend.terr.{c}", lang)) for c in colours])


def _swatch(colour: str) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        fill = TERRITORY_COLOURS[colour]
        draw.ellipse((k, k, 17 * k, 17 * k), fill=fill, outline=style.INK, width=k)
        pieces.paint_symbol(draw, colour, 9 * k, 9 * k, 5 * k, style.mix(fill, style.INK, 0.45))

    return sprites.SPRITES.get(("swatch", colour), lambda: sprites.supersampled((18, 18), paint))


SUPPLY_CELL = (44, 41)
PILES_X = 12 + 9 * SUPPLY_CELL[0] + 18


def piles_box(box: Box) -> Box:
    """The right part of the supply box (decks and tiles), right of its rule."""
    return Box(box.x + PILES_X, box.y, box.w - PILES_X, box.h)


def paint_supply_static(
    image: Image.Image, box: Box, lang: str, piles: PilesStatic | None = None
) -> None:
    """The supply box: frame, titles, the grid's empty marks and the piles' captions.

    ``piles`` replaces the Junior captions of the piles part (``piles_box``).
    """
    paint_box(image, box)
    draw = ImageDraw.Draw(image)
    title = font(14, bold=True)
    draw_text(image, (box.x + 12, box.y + 8), tr("render.origin.supply", lang), title, style.INK)
    head = font(11, bold=True)
    for col in range(9):
        x, _ = _supply_cell(box, 0, col)
        draw_text(
            image,
            (x + 12, box.y + 30),
            f"{col // 3 + 1}·{col % 3 + 1}",
            head,
            style.INK_SOFT,
            anchor="ma",
        )
    for row in range(3):
        for col in range(9):
            x, y = _supply_cell(box, row, col)
            draw.line([(x + 5, y + 30), (x + 19, y + 30)], fill=style.RULE, width=2)
    x = box.x + PILES_X
    draw.line([(x - 10, box.y + 10), (x - 10, box.bottom - 10)], fill=style.RULE, width=2)
    if piles is not None:
        piles(image, piles_box(box), lang)
        return
    draw_text(image, (x, box.y + 8), tr("render.origin.piles", lang), title, style.INK)
    draw_text(
        image, (x, box.y + 136), tr("render.origin.tiles_left", lang), font(12), style.INK_SOFT
    )


def supply_grid(box: Box) -> SquareGrid:
    """The 27 pawns of the supply: a row per colour (white, brown, black), a column per
    size·strength."""
    return SquareGrid(box.x + 12, box.y + 44, 9, 3, *SUPPLY_CELL)


def _supply_cell(box: Box, row: int, col: int) -> tuple[int, int]:
    cell = supply_grid(box).cell(row, col)
    return cell.x, cell.y


def draw_supply(
    canvas: Canvas, box: Box, view: View, lang: str, piles: PilesPainter | None = None
) -> None:
    """Copies left of each of the 27 pawns, and the piles (decks, face-down tiles).

    ``piles`` replaces the Junior piles (drawn in ``piles_box``).
    """
    supply = map_view_of(view).get("supply") or {}
    count_face = font(13, bold=True)
    for row, colour in enumerate("wbk"):
        for col in range(9):
            size, strength = col // 3 + 1, col % 3 + 1
            left = supply.get(f"z{size}s{strength}{colour}", 0)
            if not left:
                continue
            x, y = _supply_cell(box, row, col)
            canvas.rectangle((x + 2, y + 26, x + 22, y + 34), fill=PANEL)
            canvas.sprite(
                pieces.pawn_icon(size, strength, colour), (x, y + 2), centre=False, ground=PANEL
            )
            if left > 1:
                canvas.text(
                    (x + 22, y + 34), f"×{left}", count_face, style.INK, anchor="ls", ground=PANEL
                )
    if piles is not None:
        piles(canvas, piles_box(box), view, lang)
        return
    x = box.x + PILES_X
    junior = view_of(view)
    decks = junior.get("decks") or {}
    for i, colour in enumerate(c for c in CARD_ORDER if c in decks):
        canvas.sprite(
            pieces.card_icon(colour, decks[colour], height=44),
            (x + i * 40, box.y + 34),
            centre=False,
            ground=PANEL,
        )
    ty = box.y + 96
    canvas.sprite(pieces.tile_icon(None, side=28), (x, ty), centre=False, ground=PANEL)
    canvas.text(
        (x + 36, ty + 15),
        f"× {junior.get('tiles_left') or 0}",
        font(20, bold=True),
        style.INK,
        anchor="lm",
        ground=PANEL,
    )
