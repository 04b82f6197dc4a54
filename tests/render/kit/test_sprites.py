"""render.kit.sprites: cached, smooth sprites; seat markers; rings and arrows."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import sprites, style


def test_sprites_are_drawn_once_per_key() -> None:
    calls: list[int] = []

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        calls.append(k)
        draw.rectangle((0, 0, 5 * k, 5 * k), fill=style.INK)

    first = sprites.cached(("test.square",), (10, 10), paint)
    again = sprites.cached(("test.square",), (10, 10), paint)
    assert first is again and calls == [sprites.SS]
    assert first.size == (10, 10) and first.mode == "RGBA"


def test_seat_markers_differ_by_colour_and_shape() -> None:
    markers = [sprites.marker_icon(i, radius=9) for i in range(4)]
    assert all(m.size == (24, 24) for m in markers)
    assert len({m.tobytes() for m in markers}) == 4
    centre = markers[0].getpixel((12, 12))
    assert centre[:3] == style.player_colour(0)  # type: ignore[index]
    # The shape is a cue of its own: the same colour with two shapes differs.
    alphas = [m.getchannel("A").tobytes() for m in markers]
    assert len(set(alphas)) == 4


def test_shape_points_stay_within_their_radius() -> None:
    for shape in style.PLAYER_SHAPES:
        points = sprites.shape_points(shape, 50, 50, 10)
        assert len(points) >= 3
        assert all(abs(x - 50) <= 11 and abs(y - 50) <= 11.1 for x, y in points)


def test_rings_are_hollow_and_sized_by_their_radius() -> None:
    ring = sprites.highlight_ring(30)
    assert ring.size == (64, 64)
    assert ring.getpixel((32, 32))[3] == 0  # type: ignore[index]
    assert ring.getpixel((32, 2))[3] > 0  # type: ignore[index]
    dashed = sprites.dashed_ring(30)
    assert dashed.size == (66, 66) and dashed.getpixel((33, 33))[3] == 0  # type: ignore[index]


def test_an_arrow_starts_and_ends_outside_what_it_links() -> None:
    a, b = (100, 100), (300, 100)
    sprite, (left, top) = sprites.arrow(a, b, trim=20)
    assert (left, top) == (84, 84)
    alpha = sprite.getchannel("A")
    row = [alpha.getpixel((x - left, 100 - top)) for x in range(a[0], b[0] + 1)]
    assert row[0] == 0 and row[-1] == 0  # nothing drawn over the ends' centres
    assert row[100] > 0  # the shaft between them
    both, _ = sprites.arrow(a, b, trim=20, head_start=True)
    assert both.tobytes() != sprite.tobytes()


def test_sheet_lays_sprites_in_rows_on_a_ground() -> None:
    dots = [Image.new("RGBA", (300, 20), style.INK + (255,)) for _ in range(9)]
    sheet = sprites.sheet(dots, style.PANEL, width=1000)
    assert sheet.width == 1000 and sheet.height == 3 * 28
    assert sheet.getpixel((0, 0)) == style.PANEL and sheet.getpixel((10, 10)) == style.INK
