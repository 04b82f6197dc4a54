"""The Origin Classic picture: the Origin map and pieces plus the Classic parts.

``draw(view, lang=..., names=...)`` renders the public view of an Origin Classic game
(``rules.origin.classic.view``; game id ``origin``) as PNG bytes: a ``render.kit``
picture sharing Origin's map, pieces, supply and palette, with the reward board in a
band under the map (``board``), taller seat panels (hand counts, tokens with values,
Innovation stacks, Permanent cards, objectives done: ``tableau``), the reserve and
discard piles and the Classic legend in the footer, and header lines for the set-up
choice, the pending decision and the last round (``words``). Pure: it never reads
``me`` (a seat's private part) and never mutates the view.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render import origin
from render.kit.compose import Picture
from render.kit.frame import header_line
from render.origin import map_pieces
from render.origin.ending import classic_ending
from render.origin.layout import FOOTER_HEIGHT, map_layout
from render.origin.panels import View
from render.origin_classic import board, footer, tableau, words
from render.origin_classic.layout import BAND_HEIGHT, PANEL_HEIGHT

__all__ = ["CLASSIC", "draw", "render"]

CLASSIC = Picture(
    name="origin-classic",
    title="render.origin.title.classic",
    board_height=map_layout().height,
    board_bleed=True,
    band_height=BAND_HEIGHT,
    panel_height=PANEL_HEIGHT,
    footer_height=FOOTER_HEIGHT,
    paint_board=map_pieces.paint_map,
    draw_board=map_pieces.draw_map,
    paint_band=board.paint_band,
    draw_band=board.draw_band,
    paint_panel=tableau.paint_panel,
    draw_panel=tableau.draw_body,
    paint_footer=footer.paint_footer,
    draw_footer=footer.draw_footer,
    describe=lambda turn: header_line(
        turn.view, turn.lang, [words.describe(turn.view, turn.lang, turn.names)]
    ),
    ending=classic_ending,
    notice=lambda turn: words.notice(turn.view, turn.lang, turn.names),
    palette=origin.palette,
)


def draw(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> bytes:
    """The Origin Classic board of a public ``view`` as PNG bytes."""
    return CLASSIC.draw(view, lang=lang, names=names)


def render(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> Image.Image:
    """The composed Classic picture as a palette image (before PNG encoding)."""
    return CLASSIC.render(view, lang=lang, names=names)
