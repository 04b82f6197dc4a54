"""PNG encoding: map a composed RGB picture onto a fixed 256-colour palette, then deflate.

A palette PNG of our flat artwork is 3-5 times smaller than an RGB one and much faster
to compress. The palette is built once per static artwork: the exact design colours
(and anti-aliasing shades of the dynamic text) first, then the most common colours of
the static art; mapping a turn's picture onto it is a nearest-colour lookup without
dithering, so flat areas stay flat.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image

from render.style import RGB

PALETTE_SIZE = 256
COMPRESS_LEVEL = 3


def build_palette(static: Image.Image, exact: Iterable[RGB]) -> Image.Image:
    """A ``P`` image whose palette holds ``exact`` colours then the static art's commonest."""
    fixed: list[RGB] = list(dict.fromkeys(exact))
    if len(fixed) > PALETTE_SIZE - 32:
        raise ValueError(f"too many exact palette colours: {len(fixed)}")
    adaptive = static.convert("RGB").quantize(
        colors=PALETTE_SIZE - len(fixed),
        method=Image.Quantize.MEDIANCUT,
        dither=Image.Dither.NONE,
    )
    raw = adaptive.getpalette() or []
    learnt = [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]
    seen = set(fixed)
    colours = fixed + [c for c in learnt if c not in seen]
    colours = colours[:PALETTE_SIZE]
    flat = [channel for colour in colours for channel in colour]
    flat += [0] * (PALETTE_SIZE * 3 - len(flat))
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def png_bytes(image: Image.Image, *, level: int = COMPRESS_LEVEL) -> bytes:
    """``image`` encoded as PNG (palette images stay 8-bit)."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()
