"""The Orbis legend: the marks of a tile, then one icon per kind of effect."""

from __future__ import annotations

from PIL import Image

from render.kit.compose import Static
from render.kit.frame import Legend
from render.kit.geometry import Box
from render.kit.names import tr
from render.orbis import pieces

MARKS = ("pc", "validated", "cancelled", "level", "mystic", "wasteland")
EFFECTS = (
    "farm",
    "proselytism",
    "sacred_stone",
    "village",
    "forest",
    "irrigation",
    "volcano",
    "temple",
)


def paint_footer(image: Image.Image, footer: Box, static: Static) -> None:
    lang = static.lang
    legend = Legend(image, footer, tr("render.kit.legend", lang))
    legend.flow([(pieces.legend_symbol(k), tr(f"render.orbis.legend.{k}", lang)) for k in MARKS])
    legend.flow([(pieces.legend_symbol(k), tr(f"render.orbis.effect.{k}", lang)) for k in EFFECTS])
    lines = [tr("render.orbis.legend.read", lang), tr("render.orbis.legend.volcano", lang)]
    legend.row(lines, text_x=0, height=40)
