"""Fonts (shipped DejaVu files, loaded once) and text helpers: measure, ellipsise, wrap, draw."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib import resources
from typing import Literal, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render.kit.cache import MB, ArtCache
from render.kit.style import RGB

Font = ImageFont.FreeTypeFont
Anchor = Literal["la", "ma", "ra", "lm", "mm", "rm", "ls", "ms", "rs", "lt", "mt", "rt"]

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"


class Drawn(NamedTuple):
    """One line of text a picture drew: the text and its face's size in pixels."""

    text: str
    size: int
    bold: bool


_drawn: ContextVar[list[Drawn] | None] = ContextVar("render_kit_drawn", default=None)


@contextmanager
def record_sizes() -> Iterator[list[Drawn]]:
    """Within the block, every line of text drawn through the kit is appended to the
    yielded list with its size (what tests check a card's minimum text size with).
    Recording never changes a pixel."""
    drawn: list[Drawn] = []
    token = _drawn.set(drawn)
    try:
        yield drawn
    finally:
        _drawn.reset(token)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Within the block nothing is recorded (a card's close-up is cut from a full board
    drawn in it: only the card's own texts count)."""
    token = _drawn.set(None)
    try:
        yield
    finally:
        _drawn.reset(token)


def _note(text: str, face: Font) -> None:
    drawn = _drawn.get()
    if drawn is not None and text:
        drawn.append(Drawn(text, int(face.size), is_bold(face)))


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> Font:
    """DejaVu Sans at ``size`` pixels from render/fonts (never a system font)."""
    path = resources.files("render").joinpath("fonts", _FONT_FILES[bold])
    with resources.as_file(path) as real:
        return ImageFont.truetype(str(real), size)


def is_bold(face: Font) -> bool:
    """Whether ``face`` is the bold DejaVu file."""
    return str(face.path).endswith("Bold.ttf")


_masks: ArtCache[tuple[Image.Image, int, int]] = ArtCache("text.masks", budget=8 * MB)


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool) -> float:
    # a float per line of text (under 1 MB in all): a count bounds it, and lru_cache is
    # several times quicker than an ArtCache for the thousands of calls a picture makes
    return font(size, bold=bold).getlength(text)


def text_width(text: str, face: Font) -> float:
    """Advance width of ``text`` in pixels (cached per text and face)."""
    return _width(text, int(face.size), is_bold(face))


def ellipsise(text: str, face: Font, max_width: float) -> str:
    """``text`` cut with an ellipsis so that it fits in ``max_width`` pixels."""
    if text_width(text, face) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, face) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap(text: str, face: Font, max_width: float, max_lines: int = 2) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last one is ellipsised."""
    words = text.split()
    lines: list[str] = []
    current = ""
    for index, word in enumerate(words):
        candidate = f"{current} {word}".strip()
        if not current or text_width(candidate, face) <= max_width:
            current = candidate
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[index:])
            break
    if current:
        lines.append(current)
    return [ellipsise(line, face, max_width) for line in lines[:max_lines]]


def fit_font(
    text: str, max_width: float, size: int, *, bold: bool = False, minimum: int = 9
) -> Font:
    """The largest face not above ``size`` (down to ``minimum``) that fits ``text``."""
    while size > minimum and _width(text, size, bold) > max_width:
        size -= 1
    return font(size, bold=bold)


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB,
    *,
    anchor: Anchor = "la",
    halo: RGB | None = None,
    halo_width: int = 2,
) -> None:
    """Draw one line of text, optionally with a halo that keeps it readable on any ground.

    Without a halo, the glyph mask is cached and pasted (several times faster than
    rasterising the same text again every turn).
    """
    if halo is None:
        paste_text(image, xy, text, face, fill, anchor=anchor)
        return
    _note(text, face)
    ImageDraw.Draw(image).text(
        xy, text, font=face, fill=fill, anchor=anchor, stroke_width=halo_width, stroke_fill=halo
    )


def glyph_mask(text: str, face: Font, anchor: Anchor = "la") -> tuple[Image.Image, int, int]:
    """An ``L`` mask of ``text`` and the offset of its top-left from the anchor (cached)."""
    _note(text, face)
    return _mask(text, int(face.size), is_bold(face), anchor)


def _mask(text: str, size: int, bold: bool, anchor: Anchor) -> tuple[Image.Image, int, int]:
    return _masks.get((text, size, bold, anchor), lambda: _draw_mask(text, size, bold, anchor))


def _draw_mask(text: str, size: int, bold: bool, anchor: Anchor) -> tuple[Image.Image, int, int]:
    face = font(size, bold=bold)
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, int(left), int(top)


def paste_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB,
    *,
    anchor: Anchor = "la",
) -> None:
    """Paint ``text`` in ``fill`` at ``xy`` through a cached glyph mask."""
    if not text:
        return
    mask, left, top = glyph_mask(text, face, anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


def draw_lines(
    image: Image.Image,
    xy: tuple[float, float],
    lines: list[str],
    face: Font,
    fill: RGB,
    *,
    align: Literal["l", "m", "r"] = "m",
    halo: RGB | None = None,
    leading: float = 1.15,
) -> None:
    """Draw lines top-down from ``xy`` (x is the left, middle or right edge per ``align``)."""
    x, y = xy
    step = round(int(face.size) * leading)
    anchor: Anchor = "la" if align == "l" else "ma" if align == "m" else "ra"
    for line in lines:
        draw_text(image, (x, y), line, face, fill, anchor=anchor, halo=halo)
        y += step
