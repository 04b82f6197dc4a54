"""The Origin Classic picture: the shared Origin map and panels plus the Classic parts.

``draw(view, lang=..., names=...)`` renders the public view of an Origin Classic game
(``rules.origin.classic.view``; game id ``origin``) as PNG bytes, through the Origin
renderer's ``Extras`` hooks: the reward board in a band under the map, taller player
panels (hand counts, tokens with values, Innovation stacks, Permanent cards, objectives
done), the reserve and discard piles, the Classic legend, and header lines for the
set-up choice, the pending decision and the last round. Pure: it never reads ``me``
(a seat's private part) and never mutates the view.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render import origin
from render.origin.panels import View
from render.origin_classic import board, legend, tableau, words
from render.origin_classic.layout import BAND_HEIGHT, PANEL_HEIGHT

__all__ = ["CLASSIC", "draw", "render"]

CLASSIC = origin.Extras(
    key="classic",
    band_height=BAND_HEIGHT,
    panel_height=PANEL_HEIGHT,
    paint_legend=legend.paint_legend,
    paint_band_static=board.paint_band,
    draw_band=board.draw_band,
    paint_panel=tableau.paint_panel,
    draw_panel_body=tableau.draw_body,
    paint_piles=board.paint_piles,
    draw_piles=board.draw_piles,
    describe=words.describe,
    notice=words.notice,
)


def draw(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> bytes:
    """The Origin Classic board of a public ``view`` as PNG bytes."""
    return origin.compose(view, lang=lang, names=names, extras=CLASSIC)


def render(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> Image.Image:
    """The composed Classic picture as a palette image (before PNG encoding)."""
    return origin.render(view, lang=lang, names=names, extras=CLASSIC)
