"""The Sapiens picture: every player's valley with its tiles, tokens and bears, their
pools and counters, the common pool, and a legend of the eight scenes.

``draw(view, lang=..., names=...)`` renders the public view of a Sapiens game
(``rules.sapiens.view``) as PNG bytes on ``render.kit``: the common pool, draw pile
and supplies in a strip under the header (``board``); one seat panel per player, two
per row, each holding the valley (10 x 7 squares: cells, rim, caves, waterfalls) over
the personal pool and the counters (``panel``, ``valley``); the legend in the footer.
The valleys' faces are random per game: they are the static art's key, so a game's
valleys are drawn once and each turn only stamps pieces. Pure: it never mutates the
view and never reads a seat's private part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from PIL import Image

from render.kit import sprites, style
from render.kit.compose import Picture, Static, Turn
from render.kit.geometry import GAP, Box
from render.sapiens import board, ending, panel, pieces, words
from render.sapiens.layout import BOARD_HEIGHT, FOOTER_HEIGHT, PANEL_HEIGHT
from render.sapiens.model import Table, read
from rules import i18n

__all__ = ["SAPIENS", "SAPIENS_3", "draw", "picture", "render"]

i18n.register_package("render.sapiens")

_memo: list[tuple[object, Table]] = []


def table_for(view: Mapping[str, Any]) -> Table:
    """The table of ``view``, read once per picture (the last view read is kept)."""
    memo = _memo[0] if _memo else None
    if memo is not None and memo[0] is view:
        return memo[1]
    table = read(view)
    _memo[:] = [(view, table)]
    return table


def table_of(turn: Turn) -> Table:
    return table_for(turn.view)


def colours() -> list[style.RGB]:
    out = list(pieces.SCENE_COLOURS.values())
    out += [pieces.GLYPH_DARK, pieces.TILE_EDGE, pieces.BACK, pieces.BACK_LINE]
    out += [pieces.FOREST, pieces.PLAIN, pieces.ROCK, pieces.CAVE, pieces.WATER, pieces.BEAR]
    out += [pieces.FOREST_NAME, pieces.PLAIN_NAME, pieces.ROCK_NAME]
    return out


SAPIENS = Picture(
    name="sapiens",
    title="render.sapiens.title",
    board_height=BOARD_HEIGHT,
    panel_height=PANEL_HEIGHT,
    footer_height=FOOTER_HEIGHT,
    paint_board=board.paint_board,
    draw_board=lambda canvas, box, turn: board.draw_board(canvas, box, turn, table_of(turn)),
    paint_panel=panel.paint_panel,
    draw_panel=lambda canvas, box, seat, turn: panel.draw_body(
        canvas, box, seat, turn, table_of(turn)
    ),
    paint_footer=board.paint_footer,
    describe=lambda turn: words.describe(turn.view, turn.lang, turn.names),
    ending=ending.ending,
    notice=lambda turn: words.notice(table_of(turn), turn.lang),
    art=lambda view: tuple(seat.faces for seat in table_for(view).seats.values()),
    colours=colours(),
    samples=lambda: [sprites.sheet(pieces.legend_samples(), style.PANEL)],
)


def paint_panel_or_legend(image: Image.Image, box: Box, index: int, static: Static) -> None:
    """A seat panel; at three players the third panel's neighbour, the free fourth
    place, holds the legend (no footer: the picture is a footer shorter)."""
    panel.paint_panel(image, box, index, static)
    if static.seats == 3 and index == 2:
        slot = Box(box.right + GAP, box.y, box.w, box.h)
        board.paint_legend_slot(image, slot, static.lang)


SAPIENS_3 = replace(
    SAPIENS,
    name="sapiens-3",
    footer_height=0,
    paint_footer=None,
    paint_panel=paint_panel_or_legend,
    palette=lambda: SAPIENS.palette_of(),
)


def picture(seats: int) -> Picture:
    """The picture for ``seats`` players (three: the legend in the free panel place)."""
    return SAPIENS_3 if seats == 3 else SAPIENS


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """The Sapiens table of a public ``view`` as PNG bytes."""
    return picture(len(view.get("seats") or ())).draw(view, lang=lang, names=names)


def render(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> Image.Image:
    """The composed picture as a palette image (before PNG encoding)."""
    return picture(len(view.get("seats") or ())).render(view, lang=lang, names=names)
