"""The Origin Junior picture: world map with pawns and tokens, seat tableaux, supply, legend.

``draw(view, lang=..., names=...)`` renders the public view of an Origin Junior game
(format: docs/contributors/origin-view.md) as PNG bytes: a ``render.kit`` picture whose board is the
map (``map_pieces``, ``mapart``, ``pieces``), whose seat panels hold the Junior rows
(``panels``) and whose footer holds the pawn supply and the legend (``footer``); the
header's line comes from ``words``. Origin Classic (``render.origin_classic``) reuses
the map, the pieces, the supply and the palette. Pure: never imports bot or discord,
never mutates the view.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render.kit import style
from render.kit.compose import Picture, Static, palette_from, shared_palette
from render.kit.frame import header_line
from render.kit.paint import Palette
from render.origin import footer, map_pieces, panels, pieces, words
from render.origin.colours import (
    BRIDGE,
    HUNT_BACK,
    LAND,
    LAND_EDGE,
    OCEAN,
    OCEAN_DEEP,
    PAWN_EDGE,
    PAWN_FILL,
    TERRITORY_COLOURS,
    TOKEN_BACK,
    TOKEN_FACE,
)
from render.origin.ending import junior_ending
from render.origin.layout import FOOTER_HEIGHT, PANEL_HEIGHT, map_layout
from render.origin.panels import View

__all__ = ["JUNIOR", "draw", "palette", "render"]


def palette() -> Palette:
    """The fixed palette of both Origin pictures (built once from the art and sprites)."""
    return shared_palette("origin", _build_palette)


JUNIOR = Picture(
    name="origin-junior",
    title="render.origin.title.junior",
    board_height=map_layout().height,
    board_bleed=True,
    panel_height=PANEL_HEIGHT,
    footer_height=FOOTER_HEIGHT,
    paint_board=map_pieces.paint_map,
    draw_board=map_pieces.draw_map,
    paint_panel=panels.paint_panel_titles,
    draw_panel=panels.draw_panel_rows,
    paint_footer=footer.paint_footer,
    draw_footer=footer.draw_footer,
    describe=lambda turn: header_line(
        turn.view, turn.lang, [words.describe_turn(turn.view, turn.lang, turn.names)]
    ),
    ending=junior_ending,
    palette=palette,
)


def draw(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> bytes:
    """The Origin Junior board of a public ``view`` as PNG bytes."""
    return JUNIOR.draw(view, lang=lang, names=names)


def render(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> Image.Image:
    """The composed Junior picture as a palette image (before PNG encoding)."""
    return JUNIOR.render(view, lang=lang, names=names)


def _exact_colours() -> list[style.RGB]:
    colours: list[style.RGB] = [
        style.PAPER,
        style.PANEL,
        style.INK,
        style.INK_SOFT,
        style.RULE,
        style.WHITE,
        style.HIGHLIGHT,
        style.ARROW,
        OCEAN,
        OCEAN_DEEP,
        LAND,
        LAND_EDGE,
        BRIDGE,
        TOKEN_BACK,
        TOKEN_FACE,
        HUNT_BACK,
        style.HEADER_BG,
        style.HEADER_INK,
        style.HEADER_SOFT,
        (0, 0, 0),
    ]
    colours += list(TERRITORY_COLOURS.values())
    colours += list(PAWN_FILL.values()) + list(PAWN_EDGE.values())
    colours += [style.player_colour(i) for i in range(4)]
    for ground in (style.PANEL, style.HEADER_BG):
        for fg in (style.INK, style.INK_SOFT, style.HEADER_INK, style.HEADER_SOFT):
            if fg != ground:
                colours += style.ramp(ground, fg, 6)[1:-1]
    for i in range(4):
        colours += style.ramp(style.player_colour(i), style.WHITE, 5)[1:-1]
        colours += style.ramp(style.player_colour(i), style.INK, 4)[1:-1]
    return colours


def _build_palette() -> Palette:
    sample = JUNIOR.paint_static(Static("en", 4))
    return palette_from([sample, pieces.sprite_sheet()], _exact_colours())
