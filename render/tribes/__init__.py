"""The L'Aube des Tribus picture: the hex map, the action board, events, tribes.

``draw(view, lang=..., names=...)`` renders the public view of a Tribes game
(``rules.tribes.view``; game id ``tribes``) as PNG bytes, a ``render.kit`` picture:
the map with its terrain (static art per map) and each hex's pieces (a token per tribe
with its member count, invaders, mammoth, tiger, villages, fire), the action board
with its dice and what each die in hand would give the player to act on each action
(his improvements included), the event slots with their markers and prices, the VP
track (``board``, ``side``); a panel per player, its tribe after the player's name, with
resources, supply, villages, goals in progress and completed (``tableau``); the legend
(``footer``). Every view key is read in ``model``. Pure: never mutates the view.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from PIL import Image

from render.kit import style
from render.kit.compose import Picture, Static, Turn
from render.kit.geometry import Box
from render.kit.paint import Canvas
from render.tribes import board, ending, footer, model, pieces, side, tableau, words
from render.tribes.layout import BOARD_HEIGHT, FOOTER_HEIGHT, PANEL_HEIGHT

__all__ = ["TRIBES", "draw", "render"]

View = Mapping[str, Any]


def _table(turn: Turn) -> model.Table:
    return model.read(turn.view)


def _art(view: View) -> Hashable:
    return board.map_art(view, model.read(view))


def _paint_board(image: Image.Image, box: Box, static: Static) -> None:
    board.paint_map(image, box, static)
    side.paint_side(image, box, static)


def _draw_board(canvas: Canvas, box: Box, turn: Turn) -> None:
    table = _table(turn)
    art = board.map_art(turn.view, table)
    board.draw_map(canvas, box, turn, table, art)
    side.draw_side(canvas, box, turn, table)


def _subtitle(turn: Turn, seat: str) -> str:
    return tableau.subtitle(turn, seat, _table(turn))


def _draw_panel(canvas: Canvas, box: Box, seat: str, turn: Turn) -> None:
    tableau.draw_panel(canvas, box, seat, turn, _table(turn))


TRIBES = Picture(
    name="tribes",
    title="render.tribes.title",
    board_height=BOARD_HEIGHT,
    panel_height=PANEL_HEIGHT,
    footer_height=FOOTER_HEIGHT,
    paint_board=_paint_board,
    draw_board=_draw_board,
    paint_panel=tableau.paint_panel,
    draw_panel=_draw_panel,
    subtitle=_subtitle,
    paint_footer=footer.paint_footer,
    describe=lambda turn: words.describe(turn.view, turn.lang, turn.names),
    ending=ending.ending,
    notice=lambda turn: words.notice(turn.view, turn.lang, turn.names),
    art=_art,
    colours=(
        *pieces.COLOURS,
        pieces.DEVELOPMENT,
        pieces.ACHIEVEMENT,
        tableau.TOKEN,
        tableau.CHIEF,
        style.PAPER,
    ),
    samples=pieces.samples,
)


def draw(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> bytes:
    """The Tribes table of a public ``view`` as PNG bytes."""
    return TRIBES.draw(view, lang=lang, names=names)


def render(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> Image.Image:
    """The composed Tribes picture as a palette image (before PNG encoding)."""
    return TRIBES.render(view, lang=lang, names=names)
