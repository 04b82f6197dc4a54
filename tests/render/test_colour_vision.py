"""Colour is never the only sign: the marks a player must tell apart, seen through
simulated protanopia, deuteranopia and tritanopia.

The simulation is Machado, Oliveira and Fernandes (2009) at full severity, from
colour-science; two colours "collapse" when their CIEDE2000 difference after the
simulation is under ``THRESHOLD``. The seat colours must stay apart under every
simulation; and every piece drawn in a seat's colour carries the seat's shape, so that
two seats' pieces differ in more than colour. In each game's own colour-coded families
(Orbis's cube and tile colours, Origin's territories, L'Aube des Tribus' terrains and
its action values, reduced or boosted, Sapiens' scenes), two colours that collapse must
differ by a drawn sign: the pixels of a piece that are not its colour (a symbol, a
shape, a glyph) differ between the two.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render.kit import sprites, style
from render.kit.style import RGB
from render.kit.text import font
from render.orbis import pieces as orbis_pieces
from render.orbis.colours import TILE_COLOURS
from render.origin import pieces as origin_pieces
from render.origin.colours import TERRITORY_COLOURS
from render.sapiens import pieces as sapiens_pieces
from render.sapiens.pieces import SCENE_COLOURS
from render.tribes import advanced as tribes_advanced
from render.tribes import pieces as tribes_pieces
from render.tribes.pieces import TERRAIN_FILL

with warnings.catch_warnings():  # colour-science warns of optional packages it lacks
    warnings.simplefilter("ignore")
    import colour
    import numpy as np

THRESHOLD = 10.0
"""CIEDE2000 under which two marks are taken as one at a glance (about four times what
an eye notices side by side on a large patch: pieces are small and seen apart)."""
DEFICIENCIES = ("Protanomaly", "Deuteranomaly", "Tritanomaly")
SEATS = 4  # the most any game seats
SIGN_PIXELS = 24
"""How many pixels (a mark of about 5 by 5) must differ, besides colour, between two
pieces drawn at about their size on a board. Once anti-aliased edges are set aside
(``form``), two pieces that differ by colour alone differ by 0 pixels."""


def seen(rgb: RGB, deficiency: str | None) -> Any:
    """CIE L*a*b* of ``rgb`` as seen with ``deficiency`` (``None``: typical vision)."""
    linear = colour.cctf_decoding(np.array(rgb, dtype=float) / 255)
    if deficiency is not None:
        matrix = colour.matrix_cvd_Machado2009(deficiency, 1.0)
        linear = np.clip(matrix @ linear, 0, 1)
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(colour.cctf_encoding(linear)))


def difference(a: RGB, b: RGB, deficiency: str | None) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(colour.delta_E(seen(a, deficiency), seen(b, deficiency), method="CIE 2000"))


def collapsing(colours: Mapping[str, RGB]) -> list[tuple[str, str, str, float]]:
    """The pairs of ``colours`` that collapse under some simulation, with the worst one."""
    pairs = []
    for a, b in itertools.combinations(colours, 2):
        worst = min(DEFICIENCIES, key=lambda d: difference(colours[a], colours[b], d))
        value = difference(colours[a], colours[b], worst)
        if value < THRESHOLD:
            pairs.append((a, b, worst, value))
    return pairs


def form(sprite: Image.Image, fill: RGB) -> tuple[Image.Image, Image.Image]:
    """What a piece shows besides its colour: its silhouette (opaque pixels) and its sign
    (opaque pixels far from its colour ``fill``), each opened (eroded then dilated by a
    pixel) so that anti-aliased edges, whose shade follows the colour, do not count."""
    rgba = sprite.convert("RGBA")
    opaque = rgba.getchannel("A").point(lambda a: 255 if a > 160 else 0)
    red, green, blue = ImageChops.difference(
        rgba.convert("RGB"), Image.new("RGB", rgba.size, fill)
    ).split()
    distance = ImageChops.add(ImageChops.add(red, green), blue)  # clipped at 255
    far = ImageChops.multiply(opaque, distance.point(lambda d: 255 if d > 40 else 0))

    def opened(mask: Image.Image) -> Image.Image:
        return mask.filter(ImageFilter.MinFilter(3)).filter(ImageFilter.MaxFilter(3))

    return opened(opaque), opened(far)


def signs_differ(one: Image.Image, one_fill: RGB, two: Image.Image, two_fill: RGB) -> int:
    """How many pixels of the two pieces differ in silhouette or in sign (0: the two
    differ by colour alone)."""
    assert one.size == two.size
    (shape_one, sign_one), (shape_two, sign_two) = form(one, one_fill), form(two, two_fill)
    differ = sum(ImageChops.difference(shape_one, shape_two).histogram()[128:])
    return differ + sum(ImageChops.difference(sign_one, sign_two).histogram()[128:])


def test_the_seat_colours_stay_apart_under_every_simulation() -> None:
    seats = {str(i): style.player_colour(i) for i in range(SEATS)}
    for deficiency in (None, *DEFICIENCIES):
        for a, b in itertools.combinations(seats, 2):
            value = difference(seats[a], seats[b], deficiency)
            assert value >= THRESHOLD, (deficiency, a, b, value)
    assert len({style.player_shape(i) for i in range(SEATS)}) == SEATS


def _territory(name: str) -> Image.Image:
    fill = TERRITORY_COLOURS[name]
    ink = style.mix(fill, style.INK, 0.45)

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        draw.ellipse((0, 0, 40 * k - 1, 40 * k - 1), fill=fill)
        origin_pieces.paint_symbol(draw, name, 20 * k, 20 * k, 10 * k, ink)

    return sprites.supersampled((40, 40), paint)


def _tile(colour: str) -> dict[str, Any]:
    """A Region tile of ``colour`` (a level-1 Village worth 2, taken, not yet validated)."""
    return {"colour": colour, "effect": {"kind": "village", "value": 2}, "pc": 2, "level": 1}


def _strength(level: str) -> Image.Image:
    """A value on L'Aube des Tribus' action board as its side column draws it: the
    strength's mark, then the value in the strength's colour."""
    index = {"reduced": 0, "boosted": 2}[level]
    image = Image.new("RGBA", (48, 28), (*style.PANEL, 255))
    draw = ImageDraw.Draw(image)
    colour = STRENGTH[level]
    draw.polygon(tribes_pieces.strength_mark(index, 4, 14), fill=colour)
    draw.text(
        (4 + tribes_pieces.STRENGTH_MARK_WIDTH, 14),
        "3",
        font=font(18, bold=True),
        fill=colour,
        anchor="lm",
    )
    return image


STRENGTH = {"reduced": tribes_pieces.REDUCED, "boosted": tribes_pieces.BOOSTED}


SEAT_PIECES: dict[str, Callable[[int], Image.Image]] = {
    "score bars' marker": lambda i: sprites.marker_icon(i, radius=16),
    "Sapiens Baston token": lambda i: sapiens_pieces.baston_token(16, i),
    "Tribes members": lambda i: tribes_pieces.member_token(i, 3, 18),
    "Tribes village": lambda i: tribes_pieces.village_icon(i, 40),
    "Tribes tamed mammoth": lambda i: tribes_pieces.mammoth_icon(44, tamer=i),
    "Tribes Elder": lambda i: tribes_advanced.elder_icon(i, 40),
    "Origin village": lambda i: origin_pieces.village_icon(i, side=40),
}


@pytest.mark.parametrize("piece", sorted(SEAT_PIECES))
def test_every_seat_coloured_piece_carries_the_seat_shape(piece: str) -> None:
    draw = SEAT_PIECES[piece]
    for a, b in itertools.combinations(range(SEATS), 2):
        pixels = signs_differ(draw(a), style.player_colour(a), draw(b), style.player_colour(b))
        assert pixels >= SIGN_PIXELS, (piece, a, b, pixels)


FAMILIES: dict[str, tuple[Mapping[str, RGB], Callable[[str], Image.Image]]] = {
    "Orbis cubes": (TILE_COLOURS, lambda c: orbis_pieces.cube(c, 32)),
    "Orbis Region tiles": (TILE_COLOURS, lambda c: orbis_pieces.region_tile(_tile(c), 96)),
    "Origin territories": (TERRITORY_COLOURS, _territory),
    "Tribes terrains": (TERRAIN_FILL, lambda t: tribes_pieces.terrain_icon(t, 40)),
    "Tribes action values": (STRENGTH, _strength),
    "Sapiens scenes": (
        SCENE_COLOURS,
        lambda s: sapiens_pieces.tile(s, s, 40, vertical=False),
    ),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_colours_that_collapse_differ_by_a_drawn_sign(family: str) -> None:
    colours, draw = FAMILIES[family]
    for a, b, deficiency, value in collapsing(colours):
        pixels = signs_differ(draw(a), colours[a], draw(b), colours[b])
        assert pixels >= SIGN_PIXELS, (family, a, b, deficiency, round(value, 1), pixels)


def test_the_check_finds_a_collapse_and_a_missing_sign() -> None:
    """The measure is not blind: red and green collapse for a deuteranope, and two
    plain swatches of them carry no sign that tells them apart."""
    red, green = TILE_COLOURS["red"], TILE_COLOURS["green"]
    assert difference(red, green, None) >= THRESHOLD
    assert difference(red, green, "Deuteranomaly") < THRESHOLD
    plain_red = Image.new("RGBA", (20, 20), (*red, 255))
    plain_green = Image.new("RGBA", (20, 20), (*green, 255))
    assert signs_differ(plain_red, red, plain_green, green) == 0
