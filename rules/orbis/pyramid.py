"""A player's universe: the pyramid of 5, 4, 3 and 2 tiles and its placement rules.

Rulebook "L'univers" and "Règles de placement"; ruling O3. In the state a pyramid is
one flat list of four rows of five entries (index ``5 * row + x``; row 0 is the
bottom; row r uses x = 0..4-r), each ``None`` or a tile id with a mark: ``"L2-05"``
(placed), ``"L2-05+"`` (its effect validated), ``"L2-05-"`` (cancelled: a Cancellation
token on it), ``"L2-05~"`` (a Wasteland). A compact form, because the state is copied
at every move; ``Cell`` reads an entry.

The tile at ``(r, x)`` rests on ``(r-1, x)`` and ``(r-1, x+1)``. The bottom row is one
unbroken line whose leftmost tile has ``x = 0``: placing a tile at its left end shifts
every tile one step right, so coordinates always run 0..4-r.

Placement spots (move codes ``place:<spot>``): ``start`` (the first tile), ``left`` and
``right`` (the ends of the bottom row, while it holds fewer than 5 tiles), and
``r<row>s<slot>`` for an upper row, both counted from 1 as a player reads them
(``r2s1`` is the leftmost place of the second row).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from rules.orbis.components import COLOURS, SETUP, TILES

Pyramid = list[str | None]
ROWS = len(SETUP.pyramid_rows)
BOTTOM = SETUP.pyramid_rows[0]
MARKS = {"+": "valid", "-": "cancelled", "~": "wild"}
MARK_OF = {"valid": "+", "cancelled": "-"}
EVERY_COLOUR = frozenset(COLOURS)


class Cell(NamedTuple):
    """One placed tile as the rules read it."""

    row: int
    x: int
    tile: str
    wild: bool
    status: str | None
    """``valid`` / ``cancelled`` once a Village, Volcano or Irrigation is resolved."""


def new_pyramid() -> Pyramid:
    return [None] * (BOTTOM * ROWS)


def read(row: int, x: int, entry: str) -> Cell:
    mark = MARKS.get(entry[-1])
    if mark is None:
        return Cell(row, x, entry, False, None)
    return Cell(row, x, entry[:-1], mark == "wild", None if mark == "wild" else mark)


def cell_at(pyramid: Pyramid, row: int, x: int) -> Cell | None:
    if not (0 <= row < ROWS and 0 <= x < BOTTOM - row):
        return None
    entry = pyramid[BOTTOM * row + x]
    return None if entry is None else read(row, x, entry)


def cells(pyramid: Pyramid) -> list[Cell]:
    """Every placed tile, bottom row first, left to right."""
    return [
        read(i // BOTTOM, i % BOTTOM, entry) for i, entry in enumerate(pyramid) if entry is not None
    ]


def size(pyramid: Pyramid) -> int:
    return sum(1 for entry in pyramid if entry is not None)


def set_status(pyramid: Pyramid, row: int, x: int, status: str) -> None:
    """Mark a placed tile validated or cancelled (a Cancellation token on it)."""
    entry = pyramid[BOTTOM * row + x]
    assert entry is not None
    pyramid[BOTTOM * row + x] = read(row, x, entry).tile + MARK_OF[status]


def colours_of(cell: Cell) -> frozenset[str]:
    """A Wasteland counts as every colour, in every circumstance (rulebook box; O2)."""
    if cell.wild:
        return EVERY_COLOUR
    return frozenset((TILES[cell.tile].colour,))


def bottom_width(pyramid: Pyramid) -> int:
    return sum(1 for entry in pyramid[:BOTTOM] if entry is not None)


def below(pyramid: Pyramid, row: int, x: int) -> list[Cell]:
    """The tiles a tile at ``(row, x)`` rests on (fewer than two if missing; none on
    the bottom row)."""
    if row == 0:
        return []
    found = (cell_at(pyramid, row - 1, x), cell_at(pyramid, row - 1, x + 1))
    return [c for c in found if c is not None]


def spots(pyramid: Pyramid, colour: str | None) -> list[str]:
    """Every legal spot for a tile of ``colour`` (``None``: a Wasteland, which ignores
    rule 3), in reading order: the bottom row, then the rows above."""
    if size(pyramid) >= SETUP.pyramid_size:
        return []
    width = bottom_width(pyramid)
    out: list[str] = []
    if width == 0:
        out.append("start")
    elif width < BOTTOM:
        out += ["left", "right"]
    for row in range(1, ROWS):
        for x in range(0, BOTTOM - row):
            if pyramid[BOTTOM * row + x] is not None:
                continue
            under = below(pyramid, row, x)
            if len(under) < 2:
                continue  # rule 2: on two tiles of the row below
            if colour is not None and not any(colour in colours_of(c) for c in under):
                continue  # rule 3: one of them of the same colour
            out.append(f"r{row + 1}s{x + 1}")
    return out


def spot_position(pyramid: Pyramid, spot: str) -> tuple[int, int]:
    """``(row, x)`` where ``spot`` puts a tile (``left``: x = -1 before the shift)."""
    if spot == "start":
        return 0, 0
    if spot == "left":
        return 0, -1
    if spot == "right":
        return 0, bottom_width(pyramid)
    row, _, slot = spot[1:].partition("s")
    return int(row) - 1, int(slot) - 1


def place(pyramid: Pyramid, spot: str, tile: str, *, wild: bool) -> Cell:
    """Put ``tile`` at ``spot`` (already checked legal); return its cell."""
    row, x = spot_position(pyramid, spot)
    if x < 0:
        for r in range(ROWS):
            line = pyramid[BOTTOM * r : BOTTOM * (r + 1)]
            pyramid[BOTTOM * r : BOTTOM * (r + 1)] = [None, *line[:-1]]
        x = 0
    pyramid[BOTTOM * row + x] = tile + "~" if wild else tile
    return Cell(row, x, tile, wild, None)


def touching(pyramid: Pyramid, row: int, x: int) -> Iterator[Cell]:
    """The tiles touching ``(row, x)`` (ruling O4): the same-row neighbours, the two it
    rests on, and the two resting on it. The god on top never counts."""
    around = (
        (row, x - 1),
        (row, x + 1),
        (row - 1, x),
        (row - 1, x + 1),
        (row + 1, x - 1),
        (row + 1, x),
    )
    for r, dx in around:
        found = cell_at(pyramid, r, dx)
        if found is not None:
            yield found


def spot_supports(pyramid: Pyramid, spot: str) -> list[Cell]:
    """The tiles a tile put at ``spot`` would rest on (none on the bottom row)."""
    row, x = spot_position(pyramid, spot)
    return below(pyramid, row, x)
