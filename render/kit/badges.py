"""Badges that name a place on the picture the way move labels name it: a slot's
number on a dark disc, a place's words on a highlighted plate ("row 2 · place 1").

What a menu says must be findable on the picture without counting; these are the
marks that say it. Sprites are cached per text and size.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.style import RGB
from render.kit.text import draw_text, font, text_width


def number_badge(
    text: str, *, radius: int = 11, fill: RGB = style.INK, ink: RGB = style.WHITE
) -> Image.Image:
    """``text`` (a number, a letter) in bold on a disc with a light edge."""

    def build() -> Image.Image:
        face = font(round(radius * 1.25), bold=True)
        width = max(2 * radius, round(text_width(text, face)) + radius) + 4
        side = 2 * radius + 4
        big = Image.new("RGBA", (width * sprites.SS, side * sprites.SS), (0, 0, 0, 0))
        draw = ImageDraw.Draw(big)
        k = sprites.SS
        draw.rounded_rectangle(
            (k, k, (width - 1) * k, (side - 1) * k),
            radius=radius * k,
            fill=fill,
            outline=style.WHITE,
            width=2 * k,
        )
        image = big.reduce(k)
        draw_text(image, (width / 2, side / 2), text, face, ink, anchor="mm")
        return image

    return sprites.SPRITES.get(("kit.number_badge", text, radius, fill, ink), build)


def place_plate(lines: tuple[str, ...], width: int, *, fill: RGB = style.HIGHLIGHT) -> Image.Image:
    """Up to three short lines, centred on a rounded plate ``width`` pixels wide, or as
    wide as its widest line and a margin (the name of a place a pending decision may
    choose: a word never spills off its plate)."""
    face = font(12, bold=True)
    width = max(width, max((math.ceil(text_width(line, face)) for line in lines), default=0) + 8)

    def build() -> Image.Image:
        height = 8 + 15 * len(lines)
        image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        ImageDraw.Draw(image).rounded_rectangle(
            (0, 0, width - 1, height - 1), radius=6, fill=fill, outline=style.INK, width=1
        )
        ink = style.ink_on(fill)
        for i, line in enumerate(lines):
            draw_text(image, (width / 2, 4 + 15 * i + 7), line, face, ink, anchor="mm")
        return image

    return sprites.SPRITES.get(("kit.place_plate", lines, width, fill), build)


__all__ = ["number_badge", "place_plate"]
