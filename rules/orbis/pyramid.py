"""A player's universe: the pyramid of 5, 4, 3 and 2 tiles and its placement rules.

Rulebook "L'univers" and "Règles de placement"; ruling O3. A placed tile is a cell
``{"row": r, "x": x, "tile": id, "wild": bool, "status": ...}``; row 0 is the bottom.
The tile at ``(r, x)`` rests on ``(r-1, x)`` and ``(r-1, x+1)``. The bottom row is one
unbroken line whose leftmost tile has ``x = 0``: placing a tile at its left end shifts
every cell one step right, so coordinates always run 0..4 (row r: 0..4-r).

Placement spots (move codes ``place:<spot>``): ``start`` (the first tile), ``left`` and
``right`` (the ends of the bottom row, while it holds fewer than 5 tiles), and
``r<row>s<slot>`` for an upper row, both counted from 1 as a player reads them
(``r2s1`` is the leftmost place of the second row).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rules.orbis.components import SETUP, TILES

Cell = dict[str, Any]
ROWS = len(SETUP.pyramid_rows)
BOTTOM = SETUP.pyramid_rows[0]


def cell_at(cells: Sequence[Cell], row: int, x: int) -> Cell | None:
    for cell in cells:
        if cell["row"] == row and cell["x"] == x:
            return cell
    return None


def colours_of(cell: Cell) -> frozenset[str]:
    """A Wasteland counts as every colour, in every circumstance (rulebook box; O2)."""
    if cell["wild"]:
        return frozenset(("yellow", "green", "blue", "red", "white"))
    return frozenset((TILES[cell["tile"]].colour,))


def bottom_width(cells: Sequence[Cell]) -> int:
    return sum(1 for c in cells if c["row"] == 0)


def below(cells: Sequence[Cell], row: int, x: int) -> list[Cell]:
    """The two tiles a tile at ``(row, x)`` rests on (fewer if missing; none at row 0)."""
    if row == 0:
        return []
    found = [cell_at(cells, row - 1, x), cell_at(cells, row - 1, x + 1)]
    return [c for c in found if c is not None]


def spots(cells: Sequence[Cell], colour: str | None) -> list[str]:
    """Every legal spot for a tile of ``colour`` (``None``: a Wasteland, which ignores
    rule 3), in reading order: the bottom row, then the rows above."""
    if len(cells) >= SETUP.pyramid_size:
        return []
    width = bottom_width(cells)
    out: list[str] = []
    if width == 0:
        out.append("start")
    elif width < BOTTOM:
        out += ["left", "right"]
    for row in range(1, ROWS):
        for x in range(0, BOTTOM - row):
            if cell_at(cells, row, x) is not None:
                continue
            under = below(cells, row, x)
            if len(under) < 2:
                continue  # rule 2: on two tiles of the row below
            if colour is not None and not any(colour in colours_of(c) for c in under):
                continue  # rule 3: one of them of the same colour
            out.append(f"r{row + 1}s{x + 1}")
    return out


def spot_position(cells: Sequence[Cell], spot: str) -> tuple[int, int]:
    """``(row, x)`` where ``spot`` puts a tile (``left``: x = -1 before the shift)."""
    if spot == "start":
        return 0, 0
    if spot == "left":
        return 0, -1
    if spot == "right":
        return 0, bottom_width(cells)
    row, _, slot = spot[1:].partition("s")
    return int(row) - 1, int(slot) - 1


def place(cells: list[Cell], spot: str, tile: str, *, wild: bool) -> Cell:
    """Put ``tile`` at ``spot`` (already checked legal); return its new cell."""
    row, x = spot_position(cells, spot)
    if x < 0:
        for other in cells:
            other["x"] += 1
        x = 0
    new: Cell = {"row": row, "x": x, "tile": tile, "wild": wild, "status": None}
    cells.append(new)
    cells.sort(key=lambda c: (c["row"], c["x"]))
    return new


def touching(cells: Sequence[Cell], row: int, x: int) -> Iterator[Cell]:
    """The tiles touching ``(row, x)`` (ruling O4): the same-row neighbours, the two it
    rests on, and the two resting on it. The god on top never counts."""
    for r, dx in ((row, x - 1), (row, x + 1), (row - 1, x), (row - 1, x + 1)):
        found = cell_at(cells, r, dx)
        if found is not None:
            yield found
    for r, dx in ((row + 1, x - 1), (row + 1, x)):
        found = cell_at(cells, r, dx)
        if found is not None:
            yield found


def spot_supports(cells: Sequence[Cell], spot: str) -> list[Cell]:
    """The tiles a tile put at ``spot`` would rest on (none on the bottom row)."""
    row, x = spot_position(cells, spot)
    return below(cells, row, x)
