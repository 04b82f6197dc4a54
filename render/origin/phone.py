"""Origin Junior's private views (``render.kit.phone``): a legal target is the territory
a move names (where a pawn may evolve, migrate or swap to)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.geometry import Box, FrameLayout
from render.kit.phone import Phone, Target, label_params, param_text
from render.origin.card import CARD
from render.origin.layout import map_layout

PREFIX = "@origin.terr."


def territory_targets(
    view: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    layout: FrameLayout,
    seat: str,
    lang: str,
) -> list[Target]:
    """The territory disc of each move that names one (``where``), named as the menu
    names it."""
    places = map_layout()
    r = places.radius + 4
    out = []
    for move in moves:
        where = str(label_params(move).get("where") or "")
        territory = where.removeprefix(PREFIX)
        if not where.startswith(PREFIX) or territory not in places.places:
            continue
        x, y = places.centre(territory)
        box = Box(layout.board.x + x - r, layout.board.y + y - r, 2 * r, 2 * r)
        out.append(Target(box, param_text(where, lang)))
    return out


PHONE = Phone(card=CARD, targets=territory_targets)
