"""Sapiens' turn card: the close-up shows a whole valley, or whole rows of it.

On a new turn message (and at the end) it is the valley of the seat now to act (of
the winner), with its personal pool, food and shelter: what that player plans the
turn on. Within a turn it is what the last decision changed: the whole rows of the
valley around the squares it named (the bear's owner's valley for a bear), else the
valley of the player deciding. The caption names whose valley it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.card import Card, Region, new_turn, turn_seat
from render.kit.geometry import PANEL_BAR, Box, FrameLayout
from render.kit.names import seat_name, tr
from render.sapiens import picture
from render.sapiens.layout import Pos, valley_box
from render.sapiens.model import square_pos

SQUARE_KEYS = ("at_a", "at_b", "square", "cell")
FOOD_TEXT = 22  # a square's food value, the valley's main words (render.sapiens.valley)


def _squares(params: Mapping[str, Any]) -> list[Pos]:
    """Grid positions of the squares a label names (cells, caves, waterfalls)."""
    found = [square_pos(str(params[k])) for k in SQUARE_KEYS if params.get(k) is not None]
    return [pos for pos in found if pos is not None]


def shown_seat(view: Mapping[str, Any]) -> str | None:
    """Whose valley the close-up shows: the seat to act on a new turn (the first
    winner at the end), else the valley the last decision changed."""
    seats = frame.seats_of(view)
    seat = turn_seat(view)
    if seat is not None:
        return seat
    acting = frame.acting(view)
    owner = frame.last_params(view).get("owner")  # a bear put in another player's valley
    if owner is not None and str(owner) in seats:
        return str(owner)
    return frame.last_seat(view) or (acting[0] if acting else None)


def valley_focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    """The region of the close-up (see the module's docstring)."""
    seats = frame.seats_of(view)
    seat = shown_seat(view)
    if seat not in seats:
        return []
    panel = layout.panels[seats.index(seat)]
    valley = valley_box(panel)
    positions = _squares(frame.last_params(view))
    if positions and not new_turn(view):
        rows = [pos[1] for pos in positions]
        top = valley.square((0, max(-1, min(rows) - 1))).y
        bottom = valley.square((0, min(5, max(rows) + 1))).bottom
        return [Region(valley.x, top, valley.box.w, bottom - top, text=FOOD_TEXT)]
    body = Box(panel.x + 2, panel.y + PANEL_BAR + 2, panel.w - 4, panel.h - PANEL_BAR - 4)
    return [Region.of(body, text=FOOD_TEXT)]


def valley_caption(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    seat = shown_seat(view)
    if seat not in frame.seats_of(view):
        return ""
    return tr("render.sapiens.card.valley", lang, name=seat_name(str(seat), names))


CARD = Card(name="sapiens", picture=picture, focus=valley_focus, caption=valley_caption)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Sapiens' turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
