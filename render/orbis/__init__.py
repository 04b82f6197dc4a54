"""The Orbis picture: the display, the gods on offer and every player's pyramid.

``draw(view, lang=..., names=...)`` renders the public view of an Orbis game
(``rules.orbis``; game id ``orbis``) as PNG bytes, on ``render.kit``: the board under
the header holds the 3 x 3 display (each tile with its cost and the cubes lying on it),
the draw piles by level, the Temple tokens and the gods on offer (``board``); a panel
per player holds the pyramid and the god, cubes, Reduction tokens and temples
(``panel``); the legend is the footer (``footer``), the final score table once over.
The view is read through ``model`` (defaults everywhere, so a sparse view still
draws), sizes come from ``layout``, the header's line from ``words``; ``pieces``
holds the cached sprites, drawn with the painters of ``icons`` in the colours of
``colours``. Pure: it never mutates the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.kit import style
from render.kit.compose import Picture
from render.orbis import board, colours, ending, footer, layout, panel, pieces, words
from rules import i18n

i18n.register_package("render.orbis")
i18n.register_package("rules.orbis")

__all__ = ["ORBIS", "draw", "render"]

ORBIS = Picture(
    name="orbis",
    title="render.orbis.title",
    board_height=layout.BOARD_HEIGHT,
    panel_height=layout.PANEL_HEIGHT,
    footer_height=layout.FOOTER_HEIGHT,
    paint_board=board.paint_board,
    draw_board=board.draw_board,
    paint_panel=panel.paint_panel,
    draw_panel=panel.draw_panel,
    paint_footer=footer.paint_footer,
    draw_footer=footer.draw_footer,
    describe=words.describe,
    ending=ending.ending,
    notice=words.notice,
    colours=(
        *colours.TILE_COLOURS.values(),
        *colours.CUBE_EDGE.values(),
        colours.MEDALLION,
        colours.WASTE,
        colours.CANCEL,
        colours.VALID,
        colours.GOD,
        colours.GOD_LIGHT,
        colours.TOKEN,
        colours.BACK,
        *style.ramp(colours.GOD_LIGHT, style.INK, 6)[1:-1],
        *style.ramp(colours.GOD_LIGHT, colours.GOD, 5)[1:-1],
        *style.ramp(style.PAPER, style.INK, 6)[1:-1],
    ),
    samples=lambda: [style_sheet()],
)


def style_sheet() -> Image.Image:
    from render.kit import sprites

    return sprites.sheet(list(pieces.sample_sprites()), style.PANEL)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """The Orbis table of a public ``view`` as PNG bytes."""
    return ORBIS.draw(view, lang=lang, names=names)


def render(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> Image.Image:
    """The composed Orbis picture as a palette image (before PNG encoding)."""
    return ORBIS.render(view, lang=lang, names=names)
