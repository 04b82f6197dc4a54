"""The legend under the panels (static art): pieces, map, action board, last move."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static
from render.kit.frame import Icon, Legend
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.text import draw_text, font
from render.tribes import pieces

ROW = 22
Painter = Callable[[Image.Image, int, int], None]
TEXT_X = 72


def paint_footer(image: Image.Image, footer: Box, static: Static) -> None:
    lang = static.lang
    boxes = _thirds(footer)
    first = Legend(image, boxes[0], tr("render.kit.legend", lang))
    second = Legend(image, boxes[1], tr("render.tribes.legend.map", lang))
    third = Legend(image, boxes[2], tr("render.tribes.legend.board", lang))

    def row(legend: Legend, key: str, icons: list[Icon], paint: Painter | None = None) -> None:
        caption = tr(f"render.tribes.legend.{key}", lang)
        legend.row(caption, icons, text_x=TEXT_X, text_y=3, height=ROW, paint=paint)

    row(
        first,
        "members",
        [
            Icon(pieces.member_token(0, 4, 10), (0, -3)),
            Icon(pieces.member_token(1, 2, 10), (26, -3)),
        ],
    )
    row(
        first,
        "villages",
        [Icon(pieces.village_icon(0, 18), (2, -1)), Icon(pieces.village_icon(None, 18), (28, -1))],
    )
    row(
        first,
        "beasts",
        [
            Icon(pieces.invader_token(3, 8), (0, -4)),
            Icon(pieces.mammoth_icon(18), (23, -1)),
            Icon(pieces.tiger_icon(18), (46, -1)),
        ],
    )
    terrains = [
        Icon(pieces.terrain_icon(t, 18), (i * 20, -1))
        for i, t in enumerate(("forest", "lake", "mountain"))
    ]
    row(second, "terrain", terrains)
    row(
        second,
        "volcano",
        [
            Icon(pieces.terrain_icon("volcano", 18), (0, -1)),
            Icon(pieces.resource_icon("stone", 18), (22, -1)),
        ],
    )
    row(
        second,
        "fire",
        [Icon(pieces.fire_icon(18), (0, -1))],
    )
    row(
        third,
        "dice",
        [
            Icon(pieces.die_face(f, 18), (i * 20, -1))
            for i, f in enumerate(("sun", "moon", "blank"))
        ],
    )
    row(third, "strength", [], paint=_paint_strength)
    row(third, "last", [], paint=_paint_last)
    row(first, "conflict", [], paint=_paint_conflict)
    row(second, "moves", [Icon(sprites.dashed_ring(9), (38, 9), centred=True)], paint=_paint_arrow)
    goals = [
        Icon(pieces.goal_chip("", development=True, vp=1, height=18), (0, -1)),
        Icon(pieces.goal_chip("", development=False, vp=3, ready=True, height=18), (30, -1)),
    ]
    row(third, "goals", goals)
    row(first, "member_cost", [Icon(pieces.pawn_icon(18), (2, -1))])
    bonus = [
        Icon(pieces.chip("+1", None, pieces.DEVELOPMENT, height=18), (0, -1)),
        Icon(pieces.fire_icon(16), (34, 0)),
    ]
    row(third, "bonus", bonus)


def _thirds(footer: Box) -> tuple[Box, Box, Box]:
    width = (footer.w - 20) // 3
    return (
        Box(footer.x, footer.y, width, footer.h),
        Box(footer.x + width + 10, footer.y, width, footer.h),
        Box(footer.x + 2 * (width + 10), footer.y, footer.w - 2 * (width + 10), footer.h),
    )


def _paint_strength(image: Image.Image, x: int, y: int) -> None:
    draw = ImageDraw.Draw(image)
    sprites.paste_at(image, pieces.die_face("moon", 16), (x, y))
    draw.polygon(pieces.strength_mark(0, x + 18, y + 8, 9), fill=pieces.REDUCED)
    sprites.paste_at(image, pieces.die_face("sun", 16), (x + 30, y))
    draw.polygon(pieces.strength_mark(2, x + 48, y + 8, 9), fill=pieces.BOOSTED)


def _paint_last(image: Image.Image, x: int, y: int) -> None:
    draw = ImageDraw.Draw(image)
    points = pieces.hex_points(x + 24, y + 9, 11)
    draw.polygon(points, fill=pieces.TERRAIN_FILL["forest"])
    draw.line([*points, points[0]], fill=style.HIGHLIGHT, width=4)


def _paint_conflict(image: Image.Image, x: int, y: int) -> None:
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((x, y - 1, x + 40, y + 17), radius=6, fill=pieces.REDUCED)
    draw_text(image, (x + 20, y + 8), "6/5", font(12, bold=True), style.WHITE, anchor="mm")


def _paint_arrow(image: Image.Image, x: int, y: int) -> None:
    draw = ImageDraw.Draw(image)
    draw.line([(x, y + 9), (x + 18, y + 9)], fill=style.ARROW, width=3)
    draw.polygon([(x + 24, y + 9), (x + 16, y + 4), (x + 16, y + 14)], fill=style.ARROW)
