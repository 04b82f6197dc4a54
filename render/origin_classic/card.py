"""Origin Classic's turn card: the close-up shows the territories of the last pawn move
(the same map as Origin Junior's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.kit.card import Card
from render.origin.card import territory_boxes
from render.origin_classic import CLASSIC, words

CARD = Card(
    name="origin",
    picture=lambda seats: CLASSIC,
    focus=territory_boxes,
    describe=lambda turn: words.describe(turn.view, turn.lang, turn.names),
)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Origin Classic's turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
