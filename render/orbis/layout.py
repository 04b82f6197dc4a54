"""Where everything of the Orbis picture goes (pure arithmetic on the kit's boxes).

The board (under the header) holds the 3 x 3 display on the left (each cell: the tile,
and a column for the cubes lying on it), the draw piles and the Temple tokens top right,
the gods on offer under them. A seat panel holds the pyramid on the left (14 places in
rows of 5, 4, 3, 2, each tile resting on two below) and a column on the right: the god,
the domain's cubes, the Reduction tokens, the temples.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.kit.geometry import PANEL_BAR, Box

# The display.
DISPLAY_TILE = 104
CUBE_COLUMN = 56
CELL_W = DISPLAY_TILE + 4 + CUBE_COLUMN
CELL_GAP = 10
TITLE = 32  # the line of section titles on the board
PAD = 12
BOARD_HEIGHT = TITLE + 3 * DISPLAY_TILE + 2 * CELL_GAP + PAD + 6

# The right half of the board.
PILE_SIDE = 50
TOKEN_RADIUS = 19
GOD_W = 124
GOD_GAP = 10
GODS_TOP = 116

# A seat panel.
PYRAMID_TILE = 76
PYRAMID_GAP = 5
PYRAMID_ROWS = (5, 4, 3, 2)
PYRAMID_W = 5 * PYRAMID_TILE + 4 * PYRAMID_GAP
PYRAMID_H = 4 * PYRAMID_TILE + 3 * PYRAMID_GAP
PANEL_HEIGHT = PANEL_BAR + 10 + PYRAMID_H + 12
SIDE_X = 12 + PYRAMID_W + 16  # the right column of a panel, from the panel's left

FOOTER_HEIGHT = 132


def display_area(board: Box) -> Box:
    w = 3 * CELL_W + 2 * CELL_GAP
    return Box(board.x + PAD, board.y + TITLE, w, 3 * DISPLAY_TILE + 2 * CELL_GAP)


def display_cell(board: Box, slot: int) -> Box:
    """The cell of display slot ``slot`` (0-8, reading order): tile then cube column."""
    area = display_area(board)
    row, column = divmod(slot, 3)
    return Box(
        area.x + column * (CELL_W + CELL_GAP),
        area.y + row * (DISPLAY_TILE + CELL_GAP),
        CELL_W,
        DISPLAY_TILE,
    )


def display_tile(board: Box, slot: int) -> Box:
    cell = display_cell(board, slot)
    return Box(cell.x, cell.y, DISPLAY_TILE, DISPLAY_TILE)


def right_area(board: Box) -> Box:
    """The board's right half: piles, Temple tokens, gods."""
    left = display_area(board).right + 24
    return Box(left, board.y, board.right - PAD - left, board.h)


def pile_box(board: Box, level: int) -> Box:
    area = right_area(board)
    return Box(area.x + (level - 1) * 112, area.y + TITLE, PILE_SIDE, PILE_SIDE)


def token_centre(board: Box, index: int) -> tuple[int, int]:
    area = right_area(board)
    return (area.x + 380 + index * 2 * (TOKEN_RADIUS + 8), area.y + TITLE + PILE_SIDE // 2)


def god_box(board: Box, index: int) -> Box:
    area = right_area(board)
    return Box(
        area.x + index * (GOD_W + GOD_GAP),
        area.y + GODS_TOP,
        GOD_W,
        board.bottom - PAD - (area.y + GODS_TOP),
    )


@dataclass(frozen=True)
class Pyramid:
    """The places of a pyramid in a panel: row 0 is the bottom row; ``x`` counts from the
    left of each row (a tile at (r, x) rests on (r - 1, x) and (r - 1, x + 1))."""

    x: int
    y: int

    def place(self, row: int, x: int) -> Box:
        step = PYRAMID_TILE + PYRAMID_GAP
        left = self.x + round((x + row / 2) * step)
        top = self.y + (len(PYRAMID_ROWS) - 1 - row) * step
        return Box(left, top, PYRAMID_TILE, PYRAMID_TILE)

    def places(self) -> list[tuple[int, int]]:
        return [(row, x) for row, count in enumerate(PYRAMID_ROWS) for x in range(count)]


def pyramid(panel: Box) -> Pyramid:
    return Pyramid(panel.x + 12, panel.y + PANEL_BAR + 10)


def side(panel: Box) -> Box:
    """The panel's right column (god, cubes, tokens)."""
    top = panel.y + PANEL_BAR + 8
    return Box(
        panel.x + SIDE_X, top, panel.right - 12 - (panel.x + SIDE_X), panel.bottom - 10 - top
    )
