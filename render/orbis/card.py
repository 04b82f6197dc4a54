"""Orbis' turn card: the close-up shows the display slot the last tile (or god) was
taken from and the pyramid of the player who took it (else the player to play)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.card import Card
from render.kit.geometry import Box, FrameLayout
from render.orbis import ORBIS, model
from render.orbis.layout import PYRAMID_H, PYRAMID_W, display_cell, pyramid


def orbis_focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    seats = frame.seats_of(view)
    taken = model.last_taken(view)
    out: list[Box] = []
    if taken is not None and taken.slot is not None and 0 <= taken.slot < 9:
        out.append(display_cell(layout.board, taken.slot).inset(-6))
    pending = model.pending(view)
    who = pending.seat if pending is not None else taken.seat if taken is not None else None
    if who is None:
        who = frame.last_seat(view) or next(iter(frame.acting(view)), None)
    if who in seats:
        top = pyramid(layout.panels[seats.index(str(who))])
        out.append(Box(top.x, top.y, PYRAMID_W, PYRAMID_H).inset(-6))
    return out


CARD = Card(name="orbis", picture=lambda seats: ORBIS, focus=orbis_focus)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Orbis' turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
