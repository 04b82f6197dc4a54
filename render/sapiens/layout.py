"""Where Sapiens' parts go: the common pool strip, a seat panel's valley, pool and
counters, the legend. Every Sapiens coordinate is computed here.

A valley is drawn as a 10 x 7 grid of squares: its 8 x 5 cells (columns A-H, rows
1-5) and, around them, the rim where caves (on the edge they name, beside their one
valley cell) and waterfalls (at the corners) sit. Grid positions are ``(column, row)``
with the cells at ``0..7 x 0..4``, the rim at column ``-1`` or ``8`` and row ``-1``
or ``5``.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.kit.geometry import MARGIN, PANEL_BAR, WIDTH, Box

PANEL_COLUMNS = 2
PANEL_W = (WIDTH - 2 * MARGIN - 10) // PANEL_COLUMNS  # 619
CELL = 58  # a valley square's pitch
VALLEY_W = 10 * CELL
VALLEY_H = 7 * CELL
VALLEY_TOP = PANEL_BAR + 4
ROW_TOP = VALLEY_TOP + VALLEY_H + 6  # pool and counters under the valley
ROW_H = 66
PANEL_HEIGHT = ROW_TOP + ROW_H + 6
POOL_CELL = 40  # a pool tile is 2 x 1 of these
POOL_GAP = 8
POOL_X = 12
COUNTERS_X = POOL_X + 4 * (2 * POOL_CELL - 4) + 3 * POOL_GAP + 20

BOARD_HEIGHT = 84  # the common pool strip
COMMON_CELL = 46
FOOTER_HEIGHT = 206

COLUMNS = "ABCDEFGH"
Pos = tuple[int, int]  # (column, row) on the 10 x 7 grid, cells at 0..7 x 0..4


@dataclass(frozen=True)
class ValleyBox:
    """A valley's squares inside a seat panel."""

    x: int
    y: int

    def square(self, pos: Pos) -> Box:
        """The box of the square at grid ``pos``."""
        column, row = pos
        return Box(self.x + (column + 1) * CELL, self.y + (row + 1) * CELL, CELL, CELL)

    @property
    def cells(self) -> Box:
        """The 8 x 5 cells without the rim."""
        return Box(self.x + CELL, self.y + CELL, 8 * CELL, 5 * CELL)

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, VALLEY_W, VALLEY_H)


def valley_box(panel: Box) -> ValleyBox:
    """The valley of the seat panel ``panel``, centred under its name bar."""
    return ValleyBox(panel.x + (panel.w - VALLEY_W) // 2, panel.y + VALLEY_TOP)


def pool_slot(panel: Box, index: int) -> Box:
    """The box of personal pool tile ``index`` (0-3), under the valley."""
    w, h = 2 * POOL_CELL - 4, POOL_CELL - 4
    return Box(panel.x + POOL_X + index * (w + POOL_GAP), panel.y + ROW_TOP + 22, w, h)


def common_slot(board: Box, index: int) -> Box:
    """The box of common pool tile ``index`` (0-4) on the strip under the header."""
    w, h = 2 * COMMON_CELL - 4, COMMON_CELL - 4
    return Box(board.x + 186 + index * (w + 14), board.y + (BOARD_HEIGHT - h) // 2, w, h)


def cell_pos(cell: str) -> Pos:
    """``"C4"`` -> ``(2, 3)``."""
    return (ord(cell[0].upper()) - ord("A"), int(cell[1:]) - 1)


def cave_pos(edge: str, cell: str) -> Pos:
    """The rim square of a cave on ``edge`` (N, S, W, E) beside valley ``cell``."""
    column, row = cell_pos(cell)
    step = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}[edge.upper()]
    return (column + step[0], row + step[1])


def corner_pos(corner: str) -> Pos:
    """The rim square of a waterfall at corner NW, SW, NE or SE."""
    corner = corner.upper()
    return (-1 if "W" in corner else 8, -1 if "N" in corner else 5)
