"""PNG encoding of palette pictures, with deflate work cached per band of rows.

Turn after turn most of a board picture is unchanged, and deflate dominates the cost of
a picture. So the pixel rows are cut into bands of ``BAND_ROWS`` rows; each band is
deflated on its own (ending on a byte boundary, as pigz does) and the result is cached
under the band's length, Adler-32 and CRC-32. A turn only deflates the bands that
changed; the bands are then joined into one valid zlib stream (a final empty block,
and the Adler-32 of the whole combined from the bands').

A picture one reader waits for alone (the private phone view) can be deflated by
ISA-L instead of zlib (``quick=True``): its level 1 gives about the bytes of zlib's
level 3 in well under half the time. Either stream is plain deflate; only the bytes of
the file differ, never its pixels.

The palette is built once per static artwork: the exact design colours first, then the
commonest colours of the art (median cut).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from functools import partial

from isal import isal_zlib
from PIL import Image

from render.kit.cache import MB, ArtCache
from render.kit.style import RGB

PALETTE_SIZE = 256
COMPRESS_LEVEL = 6
QUICK_LEVEL = 1
"""ISA-L's level for ``quick`` pictures (its levels run from 0 to 3; 1 and 2 cost and
weigh about the same here, 3 is several times slower for no fewer bytes)."""
BAND_ROWS = 16
_ADLER_BASE = 65521
_FINAL_EMPTY_BLOCK = b"\x03\x00"  # BFINAL=1, fixed Huffman, end-of-block
_ZLIB_HEADER = b"\x78\x9c"

_bands: ArtCache[bytes] = ArtCache("png.bands", budget=4 * MB)


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
    colours = (fixed + [c for c in learnt if c not in seen])[:PALETTE_SIZE]
    flat = [channel for colour in colours for channel in colour]
    flat += [0] * (PALETTE_SIZE * 3 - len(flat))
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of ``A + B`` from those of ``A`` and ``B`` (zlib's adler32_combine)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = isal_zlib.crc32(body, isal_zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def _deflate_band(band: memoryview, level: int, quick: bool) -> bytes:
    """One band as raw deflate blocks ending on a byte boundary (a sync flush)."""
    if quick:
        fast = isal_zlib.compressobj(QUICK_LEVEL, isal_zlib.DEFLATED, -15)
        return fast.compress(band) + fast.flush(isal_zlib.Z_SYNC_FLUSH)
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    return compressor.compress(band) + compressor.flush(zlib.Z_SYNC_FLUSH)


def png_bytes(image: Image.Image, *, level: int = COMPRESS_LEVEL, quick: bool = False) -> bytes:
    """``image`` as PNG bytes: 8-bit palette for ``P`` images (band-cached), else Pillow's.

    ``quick``: a palette image's bands deflated by ISA-L (``QUICK_LEVEL``) rather than by
    zlib at ``level``."""
    if image.mode != "P":
        import io

        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=level)
        return out.getvalue()
    width, height = image.size
    # One more column on the left, index 0: PNG's per-row filter byte ("none").
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    raw = memoryview(framed.tobytes())
    stride = width + 1
    segments = [_ZLIB_HEADER]
    adler = 1
    for top in range(0, height, BAND_ROWS):
        band = raw[top * stride : min(height, top + BAND_ROWS) * stride]
        # ISA-L's checksums: the same values as zlib's, several times quicker
        band_adler = isal_zlib.adler32(band)
        adler = adler32_combine(adler, band_adler, len(band))
        key = ("quick" if quick else level, len(band), band_adler, isal_zlib.crc32(band))
        make = partial(_deflate_band, band, level, quick)
        segments.append(_bands.get(key, make))
    segments.append(_FINAL_EMPTY_BLOCK)
    segments.append(struct.pack(">I", adler))
    palette = bytes((image.getpalette() or [0, 0, 0])[: PALETTE_SIZE * 3])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", b"".join(segments)),
            _chunk(b"IEND", b""),
        )
    )
