"""Rise of Tribes' private views (``render.kit.phone``): a legal target is the hex a move
names (where to place, grow, travel, gather, build a village, send the tiger)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.geometry import Box, FrameLayout
from render.kit.phone import Phone, Target, label_params
from render.tribes import board, model
from render.tribes.card import CARD
from render.tribes.layout import split_board


def hex_targets(
    view: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    layout: FrameLayout,
    seat: str,
    lang: str,
) -> list[Target]:
    """The hex of each move that names one, labelled with its id (``H03``), as the
    menu and the map name it."""
    table = model.read(view)
    art = board.map_art(view, table)
    if not art[0]:
        return []
    map_box, _ = split_board(layout.board)
    grid = board.grid_for(map_box, art)
    where = {cell.id: cell.at for cell in table.cells}
    reach = round(grid.size * 0.8)
    out = []
    for move in moves:
        hex_id = str(label_params(move).get("hex") or "")
        if hex_id not in where:
            continue
        x, y = grid.centre(where[hex_id])
        box = Box(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach)
        out.append(Target(box, hex_id))
    return out


PHONE = Phone(card=CARD, targets=hex_targets)
