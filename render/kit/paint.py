"""Per-turn painting straight onto a palette image, with smooth edges kept by cached stamps.

Encoding dominates a turn's cost, and mapping a whole RGB picture onto the palette
costs as much again. So a turn starts from a palette copy of the static art and only
ever pastes *stamps*: a sprite or a line of text composed once in RGB over what lies
under it (a flat colour, or the static art at that very spot), mapped onto the palette,
and cut out by a 0/255 mask. Pasting a stamp is exact, so anti-aliased edges survive;
stamps are cached, so a turn mostly copies bytes. Lines and polygons (the last-move
arrow) are drawn directly with palette indices.
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.kit.cache import MB, ArtCache, image_bytes
from render.kit.style import RGB
from render.kit.text import Anchor, Font, glyph_mask

Ground = RGB | None  # a flat colour, or None: the static art under the stamp

Stamp = tuple[Image.Image, Image.Image, "weakref.ref[Image.Image]"]
"""A stamp: the pixels in the palette, the 0/255 mask, and a weak reference to the
source (sprite or glyph mask) it was made from: its key holds the source's ``id``, which
a new image may reuse once the source is gone, so a stamp whose source is dead is made
again."""


_CUT = [0] + [255] * 255
"""The lookup table that makes a 0/255 mask of any coverage (a list: ``point`` with a
function calls it 256 times for every stamp)."""


def _stamp_bytes(stamp: Stamp) -> int:
    return image_bytes(stamp[0]) + image_bytes(stamp[1])


_stamps: ArtCache[Stamp] = ArtCache("stamps", budget=32 * MB, size=_stamp_bytes)


def _stamp(key: Hashable, source: Image.Image, make: Callable[[], Stamp]) -> Stamp:
    found = _stamps.get(key, make)
    if found[2]() is not source:  # the source died and its id was reused
        _stamps.discard(key)
        found = _stamps.get(key, make)
    return found


@dataclass(frozen=True)
class Palette:
    """A fixed 256-colour palette with a cached colour -> index lookup."""

    image: Image.Image
    _index: dict[RGB, int] = field(default_factory=dict, compare=False, repr=False)
    _shades: dict[tuple[RGB, RGB], list[int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Per ``(fill, ground)`` pair of design colours (a few dozen at most): the index of
    every coverage of ``fill`` over ``ground`` (``shades``)."""
    token: bytes = field(init=False, compare=False, repr=False)
    """A digest of the colours: stamps over a flat ground are shared by every canvas on
    this palette, whatever its static art."""

    def __post_init__(self) -> None:
        colours = bytes(self.image.getpalette() or [])
        object.__setattr__(self, "token", hashlib.blake2b(colours, digest_size=16).digest())

    def colours(self) -> list[RGB]:
        raw = self.image.getpalette() or []
        return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]

    def index(self, colour: RGB) -> int:
        """The palette index of ``colour`` (nearest if it is not in the palette)."""
        found = self._index.get(colour)
        if found is None:
            found = min(
                enumerate(self.colours()),
                key=lambda item: sum((a - b) ** 2 for a, b in zip(item[1], colour, strict=True)),
            )[0]
            self._index[colour] = found
        return found

    def shades(self, fill: RGB, ground: RGB) -> list[int]:
        """The palette index of ``fill`` laid over ``ground`` at each coverage 0 to 255:
        a 256-pixel strip blended and mapped exactly as a whole stamp would be, so a
        text stamp over a flat ground is its glyph mask looked up in this table, with
        the very same pixels."""
        found = self._shades.get((fill, ground))
        if found is None:
            strip = Image.new("RGBA", (256, 1), ground + (255,))
            strip.paste(fill + (255,), (0, 0), Image.frombytes("L", (256, 1), bytes(range(256))))
            found = list(self.quantize(strip).tobytes())
            self._shades[(fill, ground)] = found
        return found

    def quantize(self, image: Image.Image) -> Image.Image:
        """``image`` mapped onto this palette (nearest colour, no dithering)."""
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        return rgb.quantize(palette=self.image, dither=Image.Dither.NONE)


class Canvas:
    """A turn's picture: a palette copy of the static art, painted with stamps.

    ``static_key`` names the static art in stamp cache keys (stamps over the static art
    depend on where they sit and on which art lies under them).
    """

    def __init__(
        self, static_rgb: Image.Image, static_p: Image.Image, palette: Palette, static_key: Hashable
    ) -> None:
        self.ground = static_rgb
        self.image = static_p.copy()
        self.palette = palette
        self.static_key = static_key
        self._draw = ImageDraw.Draw(self.image)
        self.within: Sequence[tuple[int, int, int, int]] | None = None
        """When set, only the pixels inside these ``(left, top, right, bottom)`` boxes
        are wanted: a sprite or a line of text lying wholly outside them is skipped
        (the pixels inside are the same, the stamp is neither made nor pasted)."""

    def _unwanted(self, x: int, y: int, w: int, h: int) -> bool:
        within = self.within
        if within is None:
            return False
        right, bottom = x + w, y + h
        return not any(
            x < r and left < right and y < b and top < bottom for left, top, r, b in within
        )

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    # ------------------------------------------------------------ stamps

    def sprite(
        self,
        sprite: Image.Image,
        xy: tuple[float, float],
        *,
        ground: Ground = None,
        centre: bool = True,
    ) -> None:
        """Paste an RGBA ``sprite`` (centred on ``xy``, or with its top-left corner there)."""
        x = round(xy[0] - sprite.width / 2) if centre else round(xy[0])
        y = round(xy[1] - sprite.height / 2) if centre else round(xy[1])
        if self._unwanted(x, y, sprite.width, sprite.height):
            return
        key = ("sprite", id(sprite), ground, self._under_key((x, y), ground))
        stamp, mask, _ = _stamp(key, sprite, lambda: self._stamp_sprite(sprite, (x, y), ground))
        self.image.paste(stamp, (x, y), mask)

    def _stamp_sprite(self, sprite: Image.Image, xy: tuple[int, int], ground: Ground) -> Stamp:
        base = self._under(xy, sprite.size, ground)
        base.alpha_composite(sprite)
        mask = sprite.getchannel("A").point(_CUT)
        return self.palette.quantize(base), mask, weakref.ref(sprite)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        face: Font,
        fill: RGB,
        *,
        anchor: Anchor = "la",
        ground: Ground = None,
    ) -> None:
        """One line of anti-aliased text over a flat ``ground`` (or the static art)."""
        if not text:
            return
        mask, left, top = glyph_mask(text, face, anchor)
        x, y = round(xy[0]) + left, round(xy[1]) + top
        if self._unwanted(x, y, mask.width, mask.height):
            return
        key = (
            "text",
            text,
            face.size,
            face.path,
            anchor,
            fill,
            ground,
            self._under_key((x, y), ground),
        )
        stamp, cut, _ = _stamp(key, mask, lambda: self._stamp_text(mask, (x, y), fill, ground))
        self.image.paste(stamp, (x, y), cut)

    def _stamp_text(
        self, mask: Image.Image, xy: tuple[int, int], fill: RGB, ground: Ground
    ) -> Stamp:
        cut = mask.point(_CUT)
        if ground is not None:  # two colours blended: a lookup per coverage
            stamp = mask.point(self.palette.shades(fill, ground))
            stamp.putpalette(self.palette.image.getpalette() or [])  # L -> P, same bytes
            return stamp, cut, weakref.ref(mask)
        base = self._under(xy, mask.size, ground)
        base.paste(fill + (255,), (0, 0), mask)
        return self.palette.quantize(base), cut, weakref.ref(mask)

    def _under_key(self, xy: tuple[int, int], ground: Ground) -> Hashable:
        """What a stamp depends on besides its source: the static art under it and where
        (over the art), or only the palette (over a flat ground)."""
        return (self.static_key, xy) if ground is None else self.palette.token

    def _under(self, xy: tuple[int, int], size: tuple[int, int], ground: Ground) -> Image.Image:
        if ground is not None:
            return Image.new("RGBA", size, ground + (255,))
        x, y = xy
        return self.ground.crop((x, y, x + size[0], y + size[1])).convert("RGBA")

    # ------------------------------------------------------------ direct shapes

    def rectangle(
        self,
        box: Sequence[float],
        *,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
    ) -> None:
        fill_i = None if fill is None else self.palette.index(fill)
        line_i = None if outline is None else self.palette.index(outline)
        if radius:
            self._draw.rounded_rectangle(
                tuple(box),
                radius=radius,
                fill=fill_i,
                outline=line_i,
                width=width,
            )
        else:
            self._draw.rectangle(tuple(box), fill=fill_i, outline=line_i, width=width)

    def line(self, points: Sequence[tuple[float, float]], *, fill: RGB, width: int = 1) -> None:
        self._draw.line(list(points), fill=self.palette.index(fill), width=width)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill: RGB) -> None:
        self._draw.polygon(list(points), fill=self.palette.index(fill))
