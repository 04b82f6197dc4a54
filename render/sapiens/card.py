"""Sapiens' turn card: the close-up shows the valley cells around the tile just laid
(in the valley of the player who laid it), else the valley of the player to play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.card import Card
from render.kit.geometry import Box, FrameLayout
from render.sapiens import picture
from render.sapiens.layout import CELL, cell_pos, valley_box

CELL_KEYS = ("at_a", "at_b", "at", "cell")


def _cells(params: Mapping[str, Any]) -> list[str]:
    out = []
    for key in CELL_KEYS:
        value = params.get(key)
        if (
            isinstance(value, str)
            and 2 <= len(value) <= 3
            and value[0].upper() in "ABCDEFGH"
            and value[1:].isdigit()
        ):
            out.append(value)
    return out


def valley_focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    """The cells the last move named, one cell around them, in its player's valley;
    without such cells, the valley of the (first) player to play."""
    seats = frame.seats_of(view)
    seat = frame.last_seat(view)
    cells = _cells(frame.last_params(view))
    if seat in seats and cells:
        valley = valley_box(layout.panels[seats.index(seat)])
        squares = [valley.square(cell_pos(c)) for c in cells]
        left = min(b.x for b in squares) - CELL
        top = min(b.y for b in squares) - CELL
        right = max(b.right for b in squares) + CELL
        bottom = max(b.bottom for b in squares) + CELL
        return [Box(left, top, right - left, bottom - top)]
    acting = frame.acting(view) or ([seat] if seat in seats else [])
    if acting:
        return [valley_box(layout.panels[seats.index(str(acting[0]))]).box]
    return []


CARD = Card(name="sapiens", picture=picture, focus=valley_focus)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Sapiens' turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
