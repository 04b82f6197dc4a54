"""Sapiens' turn card: the close-up shows the valley cells around the tile just laid
(in the valley of the player who laid it), else the valley of the player to play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit import frame
from render.kit.card import Card
from render.kit.geometry import Box, FrameLayout
from render.sapiens import picture
from render.sapiens.layout import CELL, Pos, valley_box
from render.sapiens.model import square_pos
from rules.base import TABLE
from rules.sapiens.view import view_of

SQUARE_KEYS = ("at_a", "at_b", "square", "cell")
POOL_MOVES = {"take", "discard", "refill", "refill_one"}  # moves on the common pool


def _squares(params: Mapping[str, Any]) -> list[Pos]:
    """Grid positions of the squares a label names (cells, caves, waterfalls)."""
    found = [square_pos(str(params[k])) for k in SQUARE_KEYS if params.get(k) is not None]
    return [pos for pos in found if pos is not None]


def valley_focus(view: Mapping[str, Any], layout: FrameLayout) -> Sequence[Box]:
    """The squares the last move named, one square around them, in its player's valley
    (the bear's owner's for a bear); a move on the common pool: that strip; else the
    valley of that player (or of the first player to play)."""
    seats = frame.seats_of(view)
    params = frame.last_params(view)
    seat = frame.last_seat(view)
    owner = params.get("owner")  # a bear put in another player's valley
    valley_of = str(owner) if str(owner) in seats else seat
    positions = _squares(params)
    if valley_of in seats and positions:
        valley = valley_box(layout.panels[seats.index(valley_of)])
        squares = [valley.square(pos) for pos in positions]
        left = min(b.x for b in squares) - CELL
        top = min(b.y for b in squares) - CELL
        right = max(b.right for b in squares) + CELL
        bottom = max(b.bottom for b in squares) + CELL
        return [Box(left, top, right - left, bottom - top)]
    last = view_of(view).get("last")
    label = last.get("label") if isinstance(last, Mapping) else None
    key = str(label.get("key", "")) if isinstance(label, Mapping) else ""
    if key.removesuffix(TABLE).rsplit(".", 1)[-1] in POOL_MOVES:
        return [layout.board]
    who = [valley_of] if valley_of in seats else frame.acting(view)
    if who:
        return [valley_box(layout.panels[seats.index(str(who[0]))]).box]
    return []


CARD = Card(name="sapiens", picture=picture, focus=valley_focus)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Sapiens' turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
