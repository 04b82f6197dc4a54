"""render.kit.geometry: boxes, square grids, hex grids and the frame layout."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from render.kit.geometry import (
    GAP,
    HEADER_HEIGHT,
    MARGIN,
    WIDTH,
    Box,
    HexGrid,
    SquareGrid,
    frame_layout,
    hex_round,
    toward,
)


def test_box_edges_inset_and_overlap() -> None:
    box = Box(10, 20, 100, 50)
    assert (box.right, box.bottom, box.centre) == (110, 70, (60.0, 45.0))
    assert box.inset(5) == Box(15, 25, 90, 40)
    assert box.inset(-4, 2) == Box(6, 22, 108, 46)
    assert box.overlaps(Box(109, 69, 5, 5)) and not box.overlaps(Box(110, 20, 5, 5))
    assert box.contains((10, 20)) and not box.contains((110, 20))


def test_box_split_gives_the_rest_to_the_open_column() -> None:
    left, right = Box(16, 0, 1248, 100).split([600, None])
    assert left == Box(16, 0, 600, 100)
    assert right == Box(16 + 600 + GAP, 0, 1248 - 600 - GAP, 100)
    assert Box(0, 0, 100, 10).split([30, 30], gap=5)[1] == Box(35, 0, 30, 10)
    with pytest.raises(ValueError):
        Box(0, 0, 100, 10).split([None, None])
    with pytest.raises(ValueError):
        Box(0, 0, 100, 10).split([80, 30])


def test_toward_walks_along_the_segment() -> None:
    assert toward((0, 0), (10, 0), 3) == (3.0, 0.0)
    x, y = toward((0, 0), (3, 4), 5)
    assert (round(x, 9), round(y, 9)) == (3.0, 4.0)
    assert toward((2, 2), (2, 2), 5) == (2.0, 2.0)


def test_square_grid_cells_rows_first_and_locate_back() -> None:
    grid = SquareGrid(100, 50, columns=4, rows=3, cell_w=20, cell_h=30, gap=5)
    assert (grid.width, grid.height) == (95, 100)
    assert grid.cell(0, 0) == Box(100, 50, 20, 30)
    assert grid.cell(2, 3) == Box(175, 120, 20, 30)
    assert grid.at(5) == grid.cell(1, 1)
    assert len(list(grid.cells())) == 12
    for row, column in itertools.product(range(3), range(4)):
        cell = grid.cell(row, column)
        assert grid.locate(cell.centre) == (row, column)
        assert grid.locate((cell.x, cell.y)) == (row, column)
        assert grid.locate((cell.right - 0.5, cell.bottom - 0.5)) == (row, column)
    assert grid.locate((120, 60)) is None  # in the gap right of cell (0, 0)
    assert grid.locate((99, 60)) is None and grid.locate((100, 151)) is None


@pytest.mark.parametrize("count", [1, 3, 15, 17, 60, 63])
def test_square_grid_fit_holds_every_cell_inside_the_box(count: int) -> None:
    box = Box(16, 96, 1248, 220)
    grid = SquareGrid.fit(box, count, gap=8, largest=64)
    assert grid.columns * grid.rows >= count
    assert grid.cell_w <= 64 and grid.cell_w == grid.cell_h
    assert box.x <= grid.box.x and grid.box.right <= box.right
    assert box.y <= grid.box.y and grid.box.bottom <= box.bottom
    # No other shape of grid would give larger cells.
    for columns in range(1, count + 1):
        rows = -(-count // columns)
        side = min((box.w - (columns - 1) * 8) / columns, (box.h - (rows - 1) * 8) / rows, 64)
        assert int(side) <= grid.cell_w
        if int(side) == grid.cell_w:
            assert rows >= grid.rows  # ties go to the grid with the fewest rows


def test_square_grid_fit_prefers_one_long_row_when_it_can() -> None:
    grid = SquareGrid.fit(Box(0, 0, 1200, 300), 15, gap=10, largest=64)
    assert (grid.rows, grid.columns, grid.cell_w) == (1, 15, 64)
    assert grid.x == (1200 - grid.width) // 2 and grid.y == (300 - 64) // 2


hexes = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # shared, busy CI
@given(cell=hexes, size=st.floats(4, 80), dx=st.floats(-0.6, 0.6), dy=st.floats(-0.6, 0.6))
def test_hex_grid_centre_and_locate_round_trip(
    orientation: str, cell: tuple[int, int], size: float, dx: float, dy: float
) -> None:
    grid = HexGrid(size, (640.0, 400.0), orientation)  # type: ignore[arg-type]
    x, y = grid.centre(cell)
    assert grid.locate((x, y)) == cell
    # Any point well inside the inscribed circle is still that hex.
    inner = size * 3**0.5 / 2 * 0.95
    assert grid.locate((x + dx * inner, y + dy * inner)) == cell


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_hex_neighbours_touch_and_are_one_step_away(orientation: str) -> None:
    grid = HexGrid(20.0, (0.0, 0.0), orientation)  # type: ignore[arg-type]
    centre = (2, -1)
    near = HexGrid.neighbours(centre)
    assert len(set(near)) == 6
    for other in near:
        assert HexGrid.distance(centre, other) == 1
        (ax, ay), (bx, by) = grid.centre(centre), grid.centre(other)
        assert abs(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - 20 * 3**0.5) < 1e-9
        shared = {(round(x, 6), round(y, 6)) for x, y in grid.corners(centre)} & {
            (round(x, 6), round(y, 6)) for x, y in grid.corners(other)
        }
        assert len(shared) == 2
    assert HexGrid.distance((0, 0), (3, -1)) == 3


def test_hex_corners_and_bounds() -> None:
    grid = HexGrid(10.0, (100.0, 100.0), "pointy")
    corners = grid.corners((0, 0))
    assert len(corners) == 6
    assert min(y for _, y in corners) == pytest.approx(90.0)  # a pointy top
    assert grid.bounds([(0, 0)]) == Box(91, 90, 18, 20)
    flat = HexGrid(10.0, (0.0, 0.0), "flat").corners((0, 0))
    assert max(x for x, _ in flat) == pytest.approx(10.0)  # a flat side, corner on the right
    big = grid.bounds([(0, 0), (3, 0), (0, 2)])
    for cell in [(0, 0), (3, 0), (0, 2)]:
        assert all(
            big.x <= x <= big.right and big.y <= y <= big.bottom for x, y in grid.corners(cell)
        )


def test_hex_round_prefers_the_nearest_hex() -> None:
    assert hex_round(0.1, 0.1) == (0, 0)
    assert hex_round(0.9, -0.1) == (1, 0)
    assert hex_round(-0.4, 0.9) == (0, 1)


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("bleed", [True, False])
def test_frame_layout_stacks_its_parts_without_overlap(seats: int, bleed: bool) -> None:
    frame = frame_layout(
        seats, board_height=500, board_bleed=bleed, band_height=120, footer_height=178
    )
    assert frame.width == WIDTH and frame.header == Box(0, 0, WIDTH, HEADER_HEIGHT)
    assert frame.board.y == HEADER_HEIGHT + (0 if bleed else GAP)
    assert frame.board.w == (WIDTH if bleed else WIDTH - 2 * MARGIN)
    assert len(frame.panels) == seats
    assert frame.band is not None and frame.footer is not None
    parts = [frame.header, frame.board, frame.band, frame.footer, *frame.panels]
    for a, b in itertools.combinations(parts, 2):
        assert not a.overlaps(b), (a, b)
    for part in parts:
        assert part.x >= 0 and part.right <= frame.width and part.bottom <= frame.height
    assert frame.height == frame.footer.bottom + MARGIN


def test_frame_layout_without_band_or_footer_ends_under_the_panels() -> None:
    frame = frame_layout(3, board_height=200, panel_height=100, columns=3)
    assert frame.band is None and frame.footer is None
    assert len({p.y for p in frame.panels}) == 1
    assert frame.height == frame.panels[0].bottom + MARGIN


def test_frame_layout_without_seats_keeps_no_room_for_panels() -> None:
    empty = frame_layout(0, board_height=200, footer_height=100)
    assert empty.panels == () and empty.footer is not None
    assert empty.footer.y == empty.board.bottom + GAP
