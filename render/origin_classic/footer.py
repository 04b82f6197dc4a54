"""The Classic footer: Origin's pawn supply with the reserve and discard piles beside it,
and the Classic legend (pawns, villages, tokens, tiles, hands, cards)."""

from __future__ import annotations

from PIL import Image

from render.kit import sprites
from render.kit.compose import Static, Turn
from render.kit.frame import Icon, Legend, paint_legend_arrow
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.origin import pieces
from render.origin.footer import draw_final, draw_supply, footer_boxes, paint_supply_static
from render.origin_classic.board import draw_piles, level_tile, paint_piles
from render.origin_classic.tableau import ORANGE, VIOLET, chip

ROW = 20
TEXT_X = 74


def paint_footer(image: Image.Image, footer: Box, static: Static) -> None:
    """The footer's static art: supply frame with the piles' captions, the legend."""
    supply, legend = footer_boxes(footer)
    paint_supply_static(image, supply, static.lang, paint_piles)
    paint_legend(image, legend, static.lang)


def draw_footer(canvas: Canvas, footer: Box, turn: Turn) -> None:
    """This turn's supply, reserve and discard."""
    if draw_final(canvas, footer, turn):
        return
    draw_supply(canvas, footer_boxes(footer)[0], turn.view, turn.lang, draw_piles)


def paint_legend(image: Image.Image, box: Box, lang: str) -> None:
    """How to read the Classic board, right part of the footer."""
    legend = Legend(image, box, tr("render.origin.classic.legend", lang))

    def row(key: str, icons: list[Icon]) -> None:
        legend.row(tr(key, lang), icons, text_x=TEXT_X, text_y=3, height=ROW)

    pawns = [
        Icon(pieces.pawn_icon(size, strength, "wbk"[i], scale=0.6), (i * 18, -5))
        for i, (size, strength) in enumerate(((1, 1), (2, 2), (3, 3)))
    ]
    row("render.origin.legend.pawn", pawns)
    markers = [Icon(sprites.marker_icon(i, radius=7), (9 + 20 * i, 9), True) for i in (0, 1)]
    row("render.origin.legend.owner", markers)
    tokens = [
        Icon(pieces.strait_token(4, radius=9), (9, 9), True),
        Icon(pieces.hunting_token(6, radius=9), (33, 9), True),
    ]
    row("render.origin.classic.legend.tokens", tokens)
    tiles = [Icon(level_tile(3, 24, free=True), (-1, -3)), Icon(level_tile(2, 20), (26, -1))]
    row("render.origin.classic.legend.tiles", tiles)
    cards = [
        Icon(pieces.card_icon(colour, 2, height=18), (i * 17, 0))
        for i, colour in enumerate(("yellow", "orange", "violet"))
    ]
    row("render.origin.classic.legend.hand", cards)
    chips = [Icon(chip("A", None, ORANGE), (0, 0)), Icon(chip("B", 3, VIOLET), (26, 0))]
    row("render.origin.classic.legend.chips", chips)
    legend.row(
        tr("render.origin.legend.last", lang), paint=paint_legend_arrow, text_y=3, height=ROW
    )
