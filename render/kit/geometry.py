"""Where things go: boxes, square grids, hex grids and the frame's layout arithmetic.

Pure arithmetic on integers and floats (no Pillow): every coordinate of the frame
around a game's board is computed by ``frame_layout``; a game lays out its own board
with ``Box``, ``SquareGrid`` and ``HexGrid``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

Point = tuple[int, int]
FPoint = tuple[float, float]
Hex = tuple[int, int]  # axial coordinates (q, r)

WIDTH = 1280  # every picture: wide enough to read on a desktop, scaled down on a phone
MARGIN = 16
GAP = 10
HEADER_HEIGHT = 76
PANEL_HEIGHT = 144
PANEL_BAR = 36  # the coloured name bar at the top of a seat panel


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle ``[x, x + w) x [y, y + h)``."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centre(self) -> FPoint:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def xyxy(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.right, self.bottom)

    def inset(self, dx: int, dy: int | None = None) -> Box:
        """The box shrunk by ``dx`` on the left and right, ``dy`` (default ``dx``) at the
        top and bottom; negative values grow it."""
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def contains(self, point: FPoint) -> bool:
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def split(self, widths: Iterable[int | None], gap: int = GAP) -> tuple[Box, ...]:
        """Columns side by side, ``gap`` apart; one ``None`` width takes what is left."""
        wanted = list(widths)
        rest = self.w - gap * (len(wanted) - 1) - sum(w for w in wanted if w is not None)
        if wanted.count(None) > 1 or rest < 0:
            raise ValueError(f"cannot split {self.w} px into {wanted} with gaps of {gap}")
        out, x = [], self.x
        for width in wanted:
            real = rest if width is None else width
            out.append(Box(x, self.y, real, self.h))
            x += real + gap
        return tuple(out)


def toward(a: FPoint, b: FPoint, distance: float) -> FPoint:
    """The point ``distance`` pixels from ``a`` toward ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (a[0] + dx / length * distance, a[1] + dy / length * distance)


# ---------------------------------------------------------------- square grids


@dataclass(frozen=True)
class SquareGrid:
    """``rows`` x ``columns`` cells of ``cell_w`` x ``cell_h`` pixels, ``gap`` apart, whose
    top-left cell starts at ``(x, y)``. Cells are numbered row by row from 0."""

    x: int
    y: int
    columns: int
    rows: int
    cell_w: int
    cell_h: int
    gap: int = 0

    @property
    def width(self) -> int:
        return self.columns * self.cell_w + (self.columns - 1) * self.gap

    @property
    def height(self) -> int:
        return self.rows * self.cell_h + (self.rows - 1) * self.gap

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.width, self.height)

    def cell(self, row: int, column: int) -> Box:
        """The box of the cell at ``row``, ``column``."""
        return Box(
            self.x + column * (self.cell_w + self.gap),
            self.y + row * (self.cell_h + self.gap),
            self.cell_w,
            self.cell_h,
        )

    def at(self, index: int) -> Box:
        """The box of cell number ``index`` (row by row)."""
        row, column = divmod(index, self.columns)
        return self.cell(row, column)

    def cells(self) -> Iterator[Box]:
        for index in range(self.rows * self.columns):
            yield self.at(index)

    def locate(self, point: FPoint) -> tuple[int, int] | None:
        """The ``(row, column)`` of the cell under ``point`` (``None``: outside or in a gap)."""
        px, py = point[0] - self.x, point[1] - self.y
        column, dx = divmod(px, self.cell_w + self.gap)
        row, dy = divmod(py, self.cell_h + self.gap)
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            return None
        if dx >= self.cell_w or dy >= self.cell_h:
            return None
        return (int(row), int(column))

    @classmethod
    def fit(
        cls, box: Box, count: int, *, aspect: float = 1.0, gap: int = 0, largest: int = 0
    ) -> SquareGrid:
        """The grid of at least ``count`` cells (``aspect`` = width / height) with the
        largest cells that fit in ``box`` (at most ``largest`` wide if given), centred in
        it; among grids with cells that large, the one with the fewest rows."""
        best: tuple[int, int, int] | None = None  # cell width, columns, rows
        count = max(1, count)
        for columns in range(count, 0, -1):
            rows = math.ceil(count / columns)
            width = math.floor(
                min(
                    (box.w - (columns - 1) * gap) / columns,
                    (box.h - (rows - 1) * gap) / rows * aspect,
                )
            )
            if largest:
                width = min(width, largest)
            if width >= 1 and (best is None or width > best[0]):
                best = (width, columns, rows)
        if best is None:
            raise ValueError(f"{count} cells do not fit in {box}")
        width, columns, rows = best
        height = max(1, math.floor(width / aspect))
        shape = cls(0, 0, columns, rows, width, height, gap)
        left = box.x + (box.w - shape.width) // 2
        top = box.y + (box.h - shape.height) // 2
        return cls(left, top, columns, rows, width, height, gap)


# ---------------------------------------------------------------- hex grids


Orientation = Literal["pointy", "flat"]
_AXIAL_NEIGHBOURS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class HexGrid:
    """Hexagons of ``size`` pixels (centre to corner) in axial coordinates ``(q, r)``,
    hex ``(0, 0)`` centred on ``origin``; "pointy" (rows) or "flat" (columns) topped.

    The arithmetic is Amit Patel's (redblobgames.com/grids/hexagons): pixel to hex goes
    through fractional cube coordinates rounded to the nearest hex.
    """

    size: float
    origin: FPoint = (0.0, 0.0)
    orientation: Orientation = "pointy"

    def centre(self, cell: Hex) -> FPoint:
        q, r = cell
        if self.orientation == "pointy":
            x = self.size * math.sqrt(3) * (q + r / 2)
            y = self.size * 1.5 * r
        else:
            x = self.size * 1.5 * q
            y = self.size * math.sqrt(3) * (r + q / 2)
        return (self.origin[0] + x, self.origin[1] + y)

    def corners(self, cell: Hex, inset: float = 0.0) -> list[FPoint]:
        """The six corners of ``cell``, ``inset`` pixels toward its centre."""
        cx, cy = self.centre(cell)
        start = -30.0 if self.orientation == "pointy" else 0.0
        radius = self.size - inset
        return [
            (
                cx + radius * math.cos(math.radians(start + 60 * i)),
                cy + radius * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        ]

    def locate(self, point: FPoint) -> Hex:
        """The hex under ``point``."""
        x, y = point[0] - self.origin[0], point[1] - self.origin[1]
        if self.orientation == "pointy":
            q = (math.sqrt(3) / 3 * x - y / 3) / self.size
            r = (2 / 3 * y) / self.size
        else:
            q = (2 / 3 * x) / self.size
            r = (-x / 3 + math.sqrt(3) / 3 * y) / self.size
        return hex_round(q, r)

    @staticmethod
    def neighbours(cell: Hex) -> list[Hex]:
        q, r = cell
        return [(q + dq, r + dr) for dq, dr in _AXIAL_NEIGHBOURS]

    @staticmethod
    def distance(a: Hex, b: Hex) -> int:
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def bounds(self, cells: Iterable[Hex]) -> Box:
        """The smallest box around the hexagons of ``cells``."""
        points = [p for cell in cells for p in self.corners(cell)]
        if not points:
            return Box(round(self.origin[0]), round(self.origin[1]), 0, 0)
        left = math.floor(min(p[0] for p in points))
        top = math.floor(min(p[1] for p in points))
        right = math.ceil(max(p[0] for p in points))
        bottom = math.ceil(max(p[1] for p in points))
        return Box(left, top, right - left, bottom - top)


def hex_round(q: float, r: float) -> Hex:
    """The hex nearest fractional axial ``(q, r)`` (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


# ---------------------------------------------------------------- the frame


@dataclass(frozen=True)
class FrameLayout:
    """The whole picture: header, the game's board, an optional band under it, seat
    panels (in rows of ``columns``), and a footer."""

    width: int
    height: int
    header: Box
    board: Box
    band: Box | None
    panels: tuple[Box, ...]
    footer: Box | None


def frame_layout(
    seats: int,
    *,
    board_height: int,
    board_bleed: bool = False,
    band_height: int = 0,
    panel_height: int = PANEL_HEIGHT,
    columns: int = 2,
    footer_height: int = 0,
    width: int = WIDTH,
) -> FrameLayout:
    """Where each part of a picture for ``seats`` seats goes, top to bottom.

    ``board_bleed`` runs the board to both edges, right under the header (a map);
    otherwise it sits inside the margins like the panels.
    """
    header = Box(0, 0, width, HEADER_HEIGHT)
    if board_bleed:
        board = Box(0, header.bottom, width, board_height)
    else:
        board = Box(MARGIN, header.bottom + GAP, width - 2 * MARGIN, board_height)
    y = board.bottom
    band = None
    if band_height > 0:
        band = Box(MARGIN, y + GAP, width - 2 * MARGIN, band_height)
        y = band.bottom
    rows = math.ceil(seats / columns)
    panel_w = (width - 2 * MARGIN - (columns - 1) * GAP) // columns
    panels = []
    for index in range(seats):
        row, column = divmod(index, columns)
        panels.append(
            Box(
                MARGIN + column * (panel_w + GAP),
                y + GAP + row * (panel_height + GAP),
                panel_w,
                panel_height,
            )
        )
    y += GAP + rows * (panel_height + GAP)
    footer = None
    if footer_height > 0:
        footer = Box(MARGIN, y, width - 2 * MARGIN, footer_height)
        y = footer.bottom + GAP
    return FrameLayout(width, y - GAP + MARGIN, header, board, band, tuple(panels), footer)
