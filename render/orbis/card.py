"""Orbis' turn card: the close-up shows one player's whole universe, and the display
slot the last move took from when both fit.

On a new turn message it is the universe of the seat now to act (the winner's at the
end); within a turn, the universe of the player deciding, which the last decision
changed. The universe is the panel under the name bar: the pyramid, the god, the
worshippers, reductions and temples, and the tile being placed. The display slot
joins it when the last move's player took a tile or a god from it, unless the
universe would then be drawn smaller than ``SLOT_SCALE`` of its full-picture size.
The caption names whose universe it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.card import CAPTION_H, Card, Region, card_layout, fit_regions, turn_seat
from render.kit.compose import Turn
from render.kit.geometry import PANEL_BAR, Box, FrameLayout
from render.kit.names import seat_name, tr
from render.orbis import ORBIS, model, words
from render.orbis.layout import display_cell

PC_TEXT = 18  # creation points on a tile and a god, the universe's main words
SLOT_SCALE = 0.95


def shown_seat(view: Mapping[str, Any]) -> str | None:
    """Whose universe the close-up shows."""
    seat = turn_seat(view)
    if seat is not None:
        return seat
    acting = frame.acting(view)
    pending = model.pending(view)
    if pending is not None:
        return pending.seat
    return frame.last_seat(view) or (acting[0] if acting else None)


def orbis_focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    seats = frame.seats_of(view)
    who = shown_seat(view)
    if who not in seats:
        return []
    panel = layout.panels[seats.index(str(who))]
    universe = Region(panel.x, panel.y + PANEL_BAR, panel.w, panel.h - PANEL_BAR, text=PC_TEXT)
    taken = model.last_taken(view)
    if taken is None or taken.slot is None or not 0 <= taken.slot < 9:
        return [universe]
    if taken.seat != frame.last_seat(view):
        return [universe]
    cell = display_cell(layout.board, taken.slot)  # with its number badge, up and left
    slot = Region(cell.x - 9, cell.y - 9, cell.w + 11, cell.h + 11, text=PC_TEXT)
    close = card_layout(len(seats)).close
    close = Box(close.x, close.y + CAPTION_H, close.w, close.h - CAPTION_H)
    bounds = Box(0, layout.header.bottom, layout.width, layout.height - layout.header.bottom)
    both = [slot, universe]
    fitted = fit_regions(close, both, bounds)
    return both if fitted and fitted[0].scale >= SLOT_SCALE else [universe]


def universe_caption(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    seat = shown_seat(view)
    if seat not in frame.seats_of(view):
        return ""
    return tr("render.orbis.card.universe", lang, name=seat_name(str(seat), names))


def last_words(turn: Turn) -> str:
    """The last move and every note of it, cubes as colour words (the card wraps it)."""
    parts = frame.last_parts(turn.view, turn.lang, turn.names)
    return " · ".join(words.without_squares(p, turn.lang) for p in parts)


CARD = Card(
    name="orbis",
    picture=lambda seats: ORBIS,
    focus=orbis_focus,
    caption=universe_caption,
    describe=last_words,
)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Orbis' turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
