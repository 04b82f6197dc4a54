"""The Orbis legend: the marks of a tile and of each colour, then one icon per kind of
effect; once the game is over, the final score table (``render.kit.scoreboard``) takes
its place."""

from __future__ import annotations

from typing import Any, Final

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static, Turn
from render.kit.frame import Legend
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.scoreboard import draw_final_table
from render.kit.text import font
from render.orbis import colours, icons, pieces
from rules.orbis.components import EFFECT_KINDS

MARKS = ("pc", "validated", "cancelled", "level", "mystic", "wasteland")


def paint_footer(image: Image.Image, footer: Box, static: Static) -> None:
    lang = static.lang
    legend = Legend(image, footer, tr("render.kit.legend", lang))
    marks = [(legend_symbol(k), tr(f"render.orbis.legend.{k}", lang)) for k in MARKS]
    # each colour with the mark its cubes and tiles carry (colour is never the only sign)
    marks += [(pieces.cube(c, 18), tr(f"orbis.colour.{c}", lang)) for c in colours.COLOURS]
    legend.flow(marks)
    legend.flow([(legend_symbol(k), tr(f"render.orbis.effect.{k}", lang)) for k in EFFECT_KINDS])
    lines = [tr("render.orbis.legend.read", lang), tr("render.orbis.legend.volcano", lang)]
    legend.row(lines, text_x=0, height=40)


def draw_footer(canvas: Canvas, footer: Box, turn: Turn) -> None:
    """The final score table over the legend once the game is over."""
    draw_final_table(canvas, footer, turn)


# ---------------------------------------------------------------- legend symbols


def legend_symbol(kind: str, side: int = 20) -> Image.Image:
    """A small symbol for a legend row: an effect icon on its medallion, or one of the
    marks of a tile (``pc``, ``cancelled``, ``validated``, ``level``, ``mystic``)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        c, r = s / 2, s / 2 - k
        if kind == "pc":
            icons.paint_pc(d, c, c, r, 3, "plain", k)
        elif kind == "cancelled":
            icons.paint_pc(d, c, c, r, 3, "cancelled", k)
        elif kind == "validated":
            icons.paint_check(d, c, c, r, k)
        elif kind == "level":
            for i in range(3):
                x = c + (i - 1) * r * 0.6
                d.ellipse((x - r * 0.2, c - r * 0.2, x + r * 0.2, c + r * 0.2), fill=style.INK)
        elif kind == "mystic":
            d.polygon(
                [(c, c - r), (c + r, c), (c, c + r), (c - r, c)],
                fill=colours.TEMPLE,
                outline=style.INK,
                width=k,
            )
            d.text(
                (c, c + k), "9", font=font(round(r * 1.1), bold=True), fill=style.WHITE, anchor="mm"
            )
        elif kind == "wasteland":
            d.rounded_rectangle(
                (k, k, s - k, s - k), radius=3 * k, fill=colours.WASTE, outline=style.INK, width=k
            )
            d.text(
                (c, c + k),
                "-1",
                font=font(round(r * 1.0), bold=True),
                fill=style.WHITE,
                anchor="mm",
            )
        else:
            sprites.circle(d, c, c, r, fill=colours.MEDALLION, outline=style.INK_SOFT, width=k)
            icons.paint_effect(d, c, c, r * 0.85, LEGEND_EFFECTS.get(kind, {}), k)

    return sprites.cached(("orbis.legend", kind, side), (side, side), paint)


LEGEND_EFFECTS: Final[dict[str, dict[str, Any]]] = {
    "farm": {"kind": "farm", "colour": "blue"},
    "proselytism": {"kind": "proselytism", "colour": "red", "n": 1},
    "sacred_stone": {"kind": "sacred_stone"},
    "village": {"kind": "village", "discard": 2},
    "forest": {"kind": "forest", "min": 2, "colours": ["yellow"]},
    "irrigation": {"kind": "irrigation", "colour": "green"},
    "volcano": {"kind": "volcano", "cubes": {"white": 1}},
    "temple": {"kind": "temple", "icons": 1},
}
