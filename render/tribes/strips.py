"""Bands of the picture drawn once and pasted whole while what they show is unchanged.

A panel row or an action-board row holds a dozen small pieces (icons, counts, chips);
stamping each of them every turn costs more than pasting the whole band once. A band is
drawn by the same code as the turn's canvas would run (``Painter``: ``sprite`` and
``text``), on the panel colour, and kept in the sprite cache under a key naming all it
shows.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol

from PIL import Image

from render.kit import sprites, style
from render.kit.geometry import Box
from render.kit.paint import Canvas
from render.kit.text import Anchor, Font, draw_text


class Painter(Protocol):
    """What a row is drawn with: the turn's ``Canvas``, or a ``Strip`` cached whole."""

    def sprite(
        self,
        sprite: Image.Image,
        xy: tuple[float, float],
        *,
        ground: style.RGB | None = None,
        centre: bool = True,
    ) -> None: ...

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        face: Font,
        fill: style.RGB,
        *,
        anchor: Anchor = "la",
        ground: style.RGB | None = None,
    ) -> None: ...


class Strip:
    """A band of a panel drawn once on the panel's colour and kept: the turn pastes it
    whole (one stamp instead of a dozen) until what it shows changes."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.image = Image.new("RGBA", (box.w, box.h), style.PANEL + (255,))

    def sprite(
        self,
        sprite: Image.Image,
        xy: tuple[float, float],
        *,
        ground: style.RGB | None = None,
        centre: bool = True,
    ) -> None:
        x = round(xy[0] - sprite.width / 2) if centre else round(xy[0])
        y = round(xy[1] - sprite.height / 2) if centre else round(xy[1])
        self.image.paste(sprite, (x - self.box.x, y - self.box.y), sprite)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        face: Font,
        fill: style.RGB,
        *,
        anchor: Anchor = "la",
        ground: style.RGB | None = None,
    ) -> None:
        where = (xy[0] - self.box.x, xy[1] - self.box.y)
        draw_text(self.image, where, text, face, fill, anchor=anchor)


def strip(canvas: Canvas, box: Box, key: Hashable, paint: Callable[[Painter], None]) -> None:
    """Paste the band ``box`` of a panel, drawn by ``paint`` once per ``key``."""

    def build() -> Image.Image:
        strip = Strip(box)
        paint(strip)
        return strip.image

    image = sprites.SPRITES.get(("tribes.strip", box.w, box.h, key), build)
    canvas.sprite(image, (box.x, box.y), centre=False, ground=style.PANEL)
