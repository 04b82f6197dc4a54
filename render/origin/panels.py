"""An Origin seat panel under the kit's name bar: villages, cards, pawns, tokens, tiles.

Junior's rows (``paint_panel_titles``, ``draw_panel_rows``) and the row parts Classic
reuses (villages left, cards by colour, pawns on the map by colour).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.kit import style
from render.kit.compose import Static, Turn
from render.kit.geometry import PANEL_BAR, Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, font
from render.origin import pieces
from rules.origin.view import view_of
from rules.origin.view_parts import map_view_of

View = Mapping[str, Any]
PANEL = style.PANEL
CARD_ORDER = ("yellow", "orange", "violet")
TOKENS_X, TILES_X, CARDS_X, PAWNS_X = 12, 300, 104, 204


def _rows(box: Box) -> tuple[int, int, int, int]:
    """(label y, icon y) of the two body rows of a panel."""
    top = box.y + PANEL_BAR + 6
    row1 = top + 17
    top2 = row1 + 40
    return top, row1, top2, top2 + 16


def paint_panel_titles(image: Image.Image, box: Box, index: int, static: Static) -> None:
    """The Junior section titles of a seat panel (static)."""
    label = font(12, bold=True)
    top, _, top2, _ = _rows(box)
    for key, x, y in (
        ("villages", 12, top),
        ("cards", CARDS_X, top),
        ("pawns", PAWNS_X, top),
        ("tokens", TOKENS_X, top2),
        ("tiles", TILES_X, top2),
    ):
        text = tr(f"render.origin.{key}", static.lang)
        draw_text(image, (box.x + x, y), text, label, style.INK_SOFT)


def draw_villages_left(canvas: Canvas, xy: tuple[int, int], index: int, left: int) -> None:
    """A player's village icon at ``xy`` and how many villages are left beside it."""
    x, y = xy
    canvas.sprite(pieces.village_icon(index, side=26), (x, y + 2), centre=False, ground=PANEL)
    big = font(20, bold=True)
    canvas.text((x + 32, y + 15), str(left), big, style.INK, anchor="lm", ground=PANEL)


def draw_card_counts(canvas: Canvas, xy: tuple[int, int], held: Sequence[tuple[str, int]]) -> None:
    """One card icon per ``(colour, count)`` from ``xy`` rightwards, the count on it."""
    x, y = xy
    for i, (colour, count) in enumerate(held):
        canvas.sprite(
            pieces.card_icon(colour, count, height=30),
            (x + i * 28, y),
            centre=False,
            ground=PANEL,
        )


def draw_pawn_counts(canvas: Canvas, xy: tuple[int, int], counts: Mapping[str, int]) -> None:
    """A pawn of each colour (white, brown, black) from ``xy`` with how many stand on the map."""
    x, y = xy
    for i, pawn_colour in enumerate("wbk"):
        px = x + i * 46
        canvas.sprite(
            pieces.pawn_icon(2, 2, pawn_colour, scale=0.9),
            (px, y - 1),
            centre=False,
            ground=PANEL,
        )
        canvas.text(
            (px + 21, y + 16),
            str(counts[pawn_colour]),
            font(17, bold=True),
            style.INK,
            anchor="lm",
            ground=PANEL,
        )


def draw_panel_rows(canvas: Canvas, box: Box, seat: str, turn: Turn) -> None:
    """The Junior rows under the name bar: villages, cards, pawns, tokens, tiles."""
    view = turn.view
    index = turn.index(seat)
    player = (view_of(view).get("players") or {}).get(seat)
    _, row1, _, row2 = _rows(box)
    left = (player.get("villages_left") if player else None) or 0
    draw_villages_left(canvas, (box.x + 12, row1), index, left)
    cards = (player.get("cards") if player else None) or {}
    held = [(card, cards.get(card, 0)) for card in CARD_ORDER]
    draw_card_counts(canvas, (box.x + CARDS_X, row1), held)
    draw_pawn_counts(canvas, (box.x + PAWNS_X, row1), pawn_colours(view, seat))
    won = (player.get("hunting") if player else None) or []
    won_straits = (player.get("straits") if player else None) or []
    tokens = [("hunt", t.get("value")) for t in won]
    tokens += [("strait", t.get("value")) for t in won_straits]
    x = box.x + TOKENS_X
    if not tokens:
        canvas.text((x, row2 + 4), "—", font(14), style.INK_SOFT, ground=PANEL)
    step = min(25, (TILES_X - TOKENS_X - 34) // max(1, len(tokens)))
    for i, (kind, value) in enumerate(tokens):
        sprite = (
            pieces.hunting_token(value, radius=11)
            if kind == "hunt"
            else pieces.strait_token(value, radius=11)
        )
        canvas.sprite(sprite, (x + i * step, row2), centre=False, ground=PANEL)
    tiles = list((player.get("tiles") if player else None) or [])
    x = box.x + TILES_X
    if not tiles:
        canvas.text((x, row2 + 4), "—", font(14), style.INK_SOFT, ground=PANEL)
    elif all(t.get("level") is None for t in tiles):
        canvas.sprite(pieces.tile_icon(None, side=22), (x, row2), centre=False, ground=PANEL)
        canvas.text(
            (x + 30, row2 + 12),
            f"× {len(tiles)}",
            font(17, bold=True),
            style.INK,
            anchor="lm",
            ground=PANEL,
        )
    else:
        room = box.right - x - 12
        step = max(8, min(26, (room - 24) // max(1, len(tiles) - 1)))
        for i, tile in enumerate(sorted(tiles, key=lambda t: t.get("level") or 0)):
            canvas.sprite(
                pieces.tile_icon(tile.get("level"), side=22),
                (x + i * step, row2),
                centre=False,
                ground=PANEL,
            )


def pawn_colours(view: View, seat: str) -> dict[str, int]:
    """How many pawns of each colour ``seat`` has on the map."""
    counts = {"w": 0, "b": 0, "k": 0}
    for spot in (map_view_of(view).get("territories") or {}).values():
        pawn = spot.get("pawn")
        if spot.get("owner") == seat and pawn:
            colour = str(pawn).split("#", 1)[0][-1:]
            if colour in counts:
                counts[colour] += 1
    return counts
