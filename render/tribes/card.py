"""Rise of Tribes' turn card: the close-up shows the hexes the last move named (else the
hexes of the decision being made, else the map)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.card import Card, Region
from render.kit.geometry import Box, FrameLayout
from render.tribes import TRIBES, board, model
from render.tribes.layout import split_board


def hex_focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    table = model.read(view)
    art = board.map_art(view, table)
    map_box, _ = split_board(layout.board)
    if not art[0]:
        return [Region.of(map_box)]
    grid = board.grid_for(map_box, art)
    where = {cell.id: cell.at for cell in table.cells}
    named = [h for h in (*table.marked, *table.focus) if h in where]
    if not named:
        return [Region.of(map_box)]
    centres = [grid.centre(where[h]) for h in named]
    reach = grid.size * 1.1
    left = min(x for x, _ in centres) - reach
    top = min(y for _, y in centres) - reach
    right = max(x for x, _ in centres) + reach
    bottom = max(y for _, y in centres) + reach
    box = Box(round(left), round(top), round(right - left), round(bottom - top))
    return [Region.of(box, context=map_box, text=max(12, round(grid.size * 0.17)))]


CARD = Card(name="tribes", picture=lambda seats: TRIBES, focus=hex_focus)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Rise of Tribes' turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
