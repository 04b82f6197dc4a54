"""The Classic legend (static, per language): pawns, villages, tokens, tiles, hands, cards."""

from __future__ import annotations

from PIL import Image

from render.kit import sprites, style
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.text import draw_text, ellipsise, font
from render.origin import pieces
from render.origin.panels import draw_legend_arrow, paint_frame
from render.origin_classic.board import level_tile
from render.origin_classic.tableau import ORANGE, VIOLET, chip

ROW = 20
TEXT_X = 74


def paint_legend(image: Image.Image, box: Box, lang: str) -> None:
    """How to read the Classic board, right part of the footer."""
    paint_frame(image, box)
    small = font(12)
    x, y = box.x + 12, box.y + 8
    draw_text(
        image, (x, y), tr("render.origin.classic.legend", lang), font(14, bold=True), style.INK
    )
    width = box.w - 24 - TEXT_X

    def line(key: str, at: int) -> None:
        text = ellipsise(tr(key, lang), small, width)
        draw_text(image, (x + TEXT_X, at + 3), text, small, style.INK)

    y += 24
    for i, (size, strength) in enumerate(((1, 1), (2, 2), (3, 3))):
        sprites.paste_at(
            image, pieces.pawn_icon(size, strength, "wbk"[i], scale=0.6), (x + i * 18, y - 5)
        )
    line("render.origin.legend.pawn", y)
    y += ROW
    sprites.paste(image, sprites.marker_icon(0, radius=7), (x + 9, y + 9))
    sprites.paste(image, sprites.marker_icon(1, radius=7), (x + 29, y + 9))
    line("render.origin.legend.owner", y)
    y += ROW
    sprites.paste(image, pieces.strait_token(4, radius=9), (x + 9, y + 9))
    sprites.paste(image, pieces.hunting_token(6, radius=9), (x + 33, y + 9))
    line("render.origin.classic.legend.tokens", y)
    y += ROW
    sprites.paste_at(image, level_tile(3, 24, free=True), (x - 1, y - 3))
    sprites.paste_at(image, level_tile(2, 20), (x + 26, y - 1))
    line("render.origin.classic.legend.tiles", y)
    y += ROW
    for i, colour in enumerate(("yellow", "orange", "violet")):
        sprites.paste_at(image, pieces.card_icon(colour, 2, height=18), (x + i * 17, y))
    line("render.origin.classic.legend.hand", y)
    y += ROW
    sprites.paste_at(image, chip("A", None, ORANGE), (x, y))
    sprites.paste_at(image, chip("B", 3, VIOLET), (x + 26, y))
    line("render.origin.classic.legend.chips", y)
    y += ROW
    draw_legend_arrow(image, x, y)
    draw_text(image, (x + 52, y + 3), tr("render.origin.legend.last", lang), small, style.INK)
