"""render.kit basics: fonts, text fitting, palette PNG encoding, art cache, stamps."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from render.kit import style
from render.kit.cache import ArtCache
from render.kit.encode import build_palette, png_bytes
from render.kit.paint import Canvas, Palette
from render.kit.text import ellipsise, fit_font, font, glyph_mask, text_width, wrap
from tests.render.helpers import open_png

FONTS = Path(__file__).resolve().parents[3] / "render" / "fonts"
SEA = (176, 208, 226)


def test_fonts_come_from_the_package_and_are_loaded_once() -> None:
    regular, bold = font(14), font(14, bold=True)
    assert Path(str(regular.path)).resolve() == FONTS / "DejaVuSans.ttf"
    assert Path(str(bold.path)).resolve() == FONTS / "DejaVuSans-Bold.ttf"
    assert font(14) is regular


@pytest.mark.parametrize("text", ["Péninsule Antarctique", "Œuvre d'Élodie çà et là", "Ñandú"])
def test_french_accents_have_glyphs(text: str) -> None:
    face = font(16)
    # A missing glyph renders as the same box for every letter: accented and plain differ.
    plain = text.encode("ascii", "ignore").decode()
    assert face.getmask(text).getbbox() is not None
    assert face.getlength(text) != face.getlength(plain) or text == plain


def test_ellipsise_fits_and_keeps_short_text() -> None:
    face = font(14)
    assert ellipsise("Maghreb", face, 500) == "Maghreb"
    cut = ellipsise("Europe occidentale et méditerranéenne", face, 120)
    assert cut.endswith("…") and text_width(cut, face) <= 120


def test_wrap_respects_lines_and_width() -> None:
    face = font(12, bold=True)
    lines = wrap("Europe occidentale et méditerranéenne et encore plus loin", face, 110, 2)
    assert len(lines) == 2
    assert all(text_width(line, face) <= 110 for line in lines)
    assert wrap("Inde", face, 110, 2) == ["Inde"]


def test_fit_font_shrinks_until_it_fits() -> None:
    face = fit_font("A rather long player name", 150, 22, bold=True, minimum=10)
    assert text_width("A rather long player name", face) <= 150 or face.size == 10
    assert fit_font("Bob", 150, 22).size == 22


def test_palette_keeps_exact_colours_first() -> None:
    art = Image.new("RGB", (64, 64), (10, 200, 30))
    palette = build_palette(art, [style.INK, style.PAPER])
    colours = Palette(palette).colours()
    assert colours[0] == style.INK and colours[1] == style.PAPER
    assert (10, 200, 30) in colours
    assert Palette(palette).index(style.PAPER) == 1


def test_png_bytes_is_an_8_bit_palette_png() -> None:
    art = Image.new("RGB", (40, 30), SEA)
    palette = Palette(build_palette(art, [SEA, style.INK]))
    data = png_bytes(palette.quantize(art))
    image = open_png(data)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert image.mode == "P" and image.size == (40, 30)
    assert image.convert("RGB").getpixel((5, 5)) == SEA


def test_art_cache_builds_once_and_evicts_the_oldest() -> None:
    cache: ArtCache[int] = ArtCache("test", capacity=2)
    calls: list[str] = []

    def build(key: str) -> int:
        calls.append(key)
        return len(calls)

    assert cache.get("a", lambda: build("a")) == 1
    assert cache.get("a", lambda: build("a")) == 1
    cache.get("b", lambda: build("b"))
    cache.get("c", lambda: build("c"))
    assert len(cache) == 2
    cache.get("a", lambda: build("a"))
    assert calls == ["a", "b", "c", "a"]


def test_canvas_stamps_text_and_sprites_without_touching_the_static_art() -> None:
    rgb = Image.new("RGB", (80, 40), style.PANEL)
    palette = Palette(build_palette(rgb, [style.PANEL, style.INK, style.HIGHLIGHT]))
    static_p = palette.quantize(rgb)
    canvas = Canvas(rgb, static_p, palette, "test")
    canvas.text((4, 4), "Hé", font(20, bold=True), style.INK, ground=style.PANEL)
    dot = Image.new("RGBA", (10, 10), style.HIGHLIGHT + (255,))
    canvas.sprite(dot, (60, 20))
    out = canvas.image.convert("RGB")
    assert out.getpixel((60, 20)) == style.HIGHLIGHT
    assert style.INK in {c for _, c in out.getcolors(4096) or []}
    assert static_p.convert("RGB").getpixel((60, 20)) == style.PANEL


def test_player_colours_are_distinct_and_have_shapes() -> None:
    colours = [style.player_colour(i) for i in range(4)]
    shapes = [style.player_shape(i) for i in range(4)]
    assert len(set(colours)) == 4 and len(set(shapes)) == 4


def test_adler32_combine_matches_zlib() -> None:
    import zlib

    from render.kit.encode import adler32_combine

    a, b = b"campfire " * 1000, bytes(range(256)) * 300
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b""), 0) == zlib.adler32(a)


def test_band_cached_png_decodes_to_the_exact_picture() -> None:
    art = Image.new("RGB", (97, 70), SEA)
    palette = Palette(build_palette(art, [SEA, style.INK, style.HIGHLIGHT]))
    image = palette.quantize(art)
    first = png_bytes(image)
    assert png_bytes(image) == first
    changed = image.copy()
    changed.paste(palette.index(style.HIGHLIGHT), (10, 40, 30, 45))
    decoded = open_png(png_bytes(changed))
    assert decoded.tobytes() == changed.tobytes()
    assert decoded.convert("RGB").getpixel((12, 42)) == style.HIGHLIGHT
    assert open_png(first).tobytes() == image.tobytes()


def test_quick_png_decodes_to_the_exact_picture_and_differs_only_in_bytes() -> None:
    noisy = Image.effect_noise((120, 90), 60).convert("RGB")
    palette = Palette(build_palette(noisy, [SEA, style.INK]))
    image = palette.quantize(noisy)
    quick = png_bytes(image, quick=True)
    assert open_png(quick).tobytes() == image.tobytes()
    assert open_png(png_bytes(image)).tobytes() == image.tobytes()
    assert quick != png_bytes(image)  # another deflater, cached apart from zlib's bands
    changed = image.copy()
    changed.paste(palette.index(style.INK), (3, 20, 50, 37))  # bands 1 and 2 change
    assert open_png(png_bytes(changed, quick=True)).tobytes() == changed.tobytes()


def test_a_text_stamp_over_a_flat_ground_is_the_blended_text_mapped_on_the_palette() -> None:
    art = Image.effect_noise((180, 48), 90).convert("RGB")
    palette = Palette(build_palette(art, [style.PANEL, style.INK, style.HIGHLIGHT]))
    text, face = "Wég & 42 ½", font(23)
    mask, left, top = glyph_mask(text, face)
    for fill, ground in ((style.INK, style.PANEL), (style.INK, style.HIGHLIGHT)):
        canvas = Canvas(art, palette.quantize(art), palette, ("shades", fill, ground))
        canvas.text((3, 5), text, face, fill, ground=ground)
        blended = Image.new("RGBA", mask.size, ground + (255,))
        blended.paste(fill + (255,), (0, 0), mask)
        expected = palette.quantize(blended).tobytes()
        x, y = 3 + left, 5 + top
        drawn = canvas.image.crop((x, y, x + mask.width, y + mask.height)).tobytes()
        inked = [i for i, coverage in enumerate(mask.tobytes()) if coverage]
        assert len(inked) > 50
        assert [drawn[i] for i in inked] == [expected[i] for i in inked]
