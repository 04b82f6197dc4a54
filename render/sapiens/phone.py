"""Sapiens' private views (``render.kit.phone``): a legal target is a square of the
seat's own valley a move names (where a tile may go, a cave, a den, a bear to chase)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.geometry import FrameLayout
from render.kit.phone import Phone, Target, label_params, param_text
from render.sapiens.card import CARD, SQUARE_KEYS
from render.sapiens.layout import valley_box
from render.sapiens.model import square_pos

PREFIX = "@sapiens.square."


def valley_targets(
    view: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    layout: FrameLayout,
    seat: str,
    lang: str,
) -> list[Target]:
    """Each square the seat's moves name in its valley: cells by their column and row
    (``D2``), caves and waterfalls by the words the menu uses."""
    seats = frame.seats_of(view)
    if seat not in seats:
        return []
    valley = valley_box(layout.panels[seats.index(seat)])
    out = []
    for move in moves:
        params = label_params(move)
        for key in SQUARE_KEYS:
            value = params.get(key)
            if value is None:
                continue
            name = str(value)
            pos = square_pos(name.removeprefix(PREFIX))
            if pos is None:
                continue
            out.append(Target(valley.square(pos), param_text(name, lang)))
    return out


PHONE = Phone(card=CARD, targets=valley_targets)
