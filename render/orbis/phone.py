"""Orbis' private views (``render.kit.phone``): a legal target is the display slot a move
takes from (or burns a cube on), or the pyramid place a tile may go."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.geometry import FrameLayout
from render.kit.names import tr
from render.kit.phone import Phone, Target, label_params
from render.orbis import model
from render.orbis.card import CARD
from render.orbis.layout import PYRAMID_ROWS, display_cell, pyramid

SLOT_MOVES = ("take", "burn")


def orbis_targets(
    view: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    layout: FrameLayout,
    seat: str,
    lang: str,
) -> list[Target]:
    """Display slots (``take:5``, ``burn:5``: "slot 5") and, while the seat places a tile,
    the pyramid places its ``place:`` moves name ("row 2 · place 1", "left end")."""
    seats = frame.seats_of(view)
    pending = model.pending(view)
    spots = {s.code: s for s in pending.spots} if pending is not None else {}
    out = []
    for move in moves:
        code = str(move.get("code") or "")
        kind, _, rest = code.partition(":")
        slot = label_params(move).get("slot")
        if kind in SLOT_MOVES and isinstance(slot, int) and 1 <= slot <= 9:
            box = display_cell(layout.board, slot - 1)
            out.append(Target(box, tr("render.orbis.phone.slot", lang, slot=slot)))
        elif kind == "place" and rest in spots and seat in seats:
            spot = spots[rest]
            top = pyramid(layout.panels[seats.index(seat)])
            if spot.row == 0 and spot.x < 0:
                out.append(Target(top.place(0, 0), tr("render.orbis.spot.left", lang)))
                continue
            if not (0 <= spot.row < len(PYRAMID_ROWS) and 0 <= spot.x < PYRAMID_ROWS[spot.row]):
                continue
            place = top.place(spot.row, spot.x)
            if spot.row == 0:
                key = "start" if spot.code == "start" else "right"
                out.append(Target(place, tr(f"render.orbis.spot.{key}", lang)))
            else:
                row = tr("render.orbis.spot.row", lang, row=spot.row + 1)
                where = tr("render.orbis.spot.place", lang, place=spot.x + 1)
                out.append(Target(place, f"{row}, {where}"))
    return out


PHONE = Phone(card=CARD, targets=orbis_targets)
