"""Where everything of the Tribes picture goes: every coordinate is computed here.

The board (under the header) is the hex map on the left and a column on the right with
the action board, the event slots and the victory-point track. The map's hexes are as
large as the map box allows for the hexes in play (the volcano's spot included once it
is laid), so a small map draws large hexes. Seat panels come in two columns; the
footer is the legend.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from render.kit.geometry import GAP, Box, Hex, HexGrid

BOARD_HEIGHT = 512
SIDE_WIDTH = 372
PANEL_HEIGHT = 164
FOOTER_HEIGHT = 156

ACTIONS = ("grow", "travel", "gather", "lead")
ACTION_TITLE = 30
ACTION_ROW = 58
DIE = 30
DIE_GAP = 4
EVENT_TITLE = 26
EVENT_HEIGHT = 104
TRACK_TITLE = 24
VP_GOAL = 15

# Panel rows, relative to the panel's top-left corner.
ROW_A = 46  # resources, members in supply, villages, acquired tokens
ROW_B_LABEL, ROW_B = 86, 102  # goals in progress
ROW_C_LABEL, ROW_C = 126, 140  # goals completed
CHIP_HEIGHT = 20
CHIP_GAP = 5


@dataclass(frozen=True)
class Side:
    """The right-hand column: action board, event slots, VP track."""

    actions: Box
    rows: tuple[Box, ...]
    events: Box
    slots: tuple[Box, ...]
    track: Box
    cells: tuple[Box, ...]


def split_board(board: Box) -> tuple[Box, Box]:
    """The map box and the side column."""
    map_box, side = board.split([None, SIDE_WIDTH])
    return map_box, side


def side_layout(side: Box, slots: int = 3) -> Side:
    """The action board (a row per action), the event slots and the VP track."""
    actions = Box(side.x, side.y, side.w, ACTION_TITLE + len(ACTIONS) * ACTION_ROW + 8)
    rows = tuple(
        Box(actions.x + 8, actions.y + ACTION_TITLE + i * ACTION_ROW, actions.w - 16, ACTION_ROW)
        for i in range(len(ACTIONS))
    )
    events = Box(side.x, actions.bottom + GAP, side.w, EVENT_TITLE + EVENT_HEIGHT + 8)
    count = max(1, slots)
    inner = events.w - 16 - (count - 1) * 6
    width = inner // count
    event_boxes = tuple(
        Box(events.x + 8 + i * (width + 6), events.y + EVENT_TITLE, width, EVENT_HEIGHT)
        for i in range(count)
    )
    track = Box(side.x, events.bottom + GAP, side.w, side.bottom - events.bottom - GAP)
    cell_w = (track.w - 16) / (VP_GOAL + 1)
    top = track.y + TRACK_TITLE
    cells = tuple(
        Box(round(track.x + 8 + i * cell_w), top, math.floor(cell_w) - 2, track.bottom - top - 8)
        for i in range(VP_GOAL + 1)
    )
    return Side(actions, rows, events, event_boxes, track, cells)


def hex_grid(map_box: Box, cells: Iterable[Hex], *, largest: float = 96.0) -> HexGrid:
    """The pointy-topped grid whose ``cells`` fill ``map_box`` (centred), hexes at most
    ``largest`` px from centre to corner."""
    shown = list(cells) or [(0, 0)]
    unit = 100.0  # bounds are whole pixels: measure at a large size, then scale
    bounds = HexGrid(unit).bounds(shown)
    pad = 12
    size = unit * min((map_box.w - 2 * pad) / bounds.w, (map_box.h - 2 * pad) / bounds.h)
    size = min(size * 0.995, largest)
    probe = HexGrid(size)
    real = probe.bounds(shown)
    ox = map_box.x + (map_box.w - real.w) / 2 - real.x
    oy = map_box.y + (map_box.h - real.h) / 2 - real.y
    return HexGrid(size, (ox, oy))


def item_spots(count: int, centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """Centres for ``count`` pieces inside a hex of ``size``: one row of up to three
    across the middle, then two rows."""
    cx, cy = centre
    step = size * (0.7 if count == 2 else 0.56)
    if count <= 0:
        return []
    if count <= 3:
        first = cx - step * (count - 1) / 2
        return [(first + i * step, cy + size * 0.08) for i in range(count)]
    top = math.ceil(count / 2)
    bottom = count - top
    out = []
    for row, n, dy in ((0, top, -0.2), (1, bottom, 0.36)):
        first = cx - step * (n - 1) / 2
        out += [(first + i * step, cy + size * dy) for i in range(n)]
        del row
    return out


def token_radius(size: float, count: int) -> int:
    """How big a tribe's token is in a hex of ``size`` holding ``count`` pieces."""
    factor = 0.34 if count <= 1 else 0.3 if count <= 2 else 0.25 if count <= 3 else 0.23
    return max(12, round(size * factor))
