"""Origin Junior's turn card: the close-up shows the territories the last move named
(where a pawn went and where it came from)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.card import MIN_CLOSE_TEXT, Card, Region, card_layout, fit_regions
from render.kit.geometry import Box, FrameLayout
from render.origin import JUNIOR, words
from render.origin.layout import LABEL_SIZE, map_layout
from rules.origin.view_parts import map_view_of

REACH = 70  # around a territory's disc: its name and badges


def territory_boxes(view: Mapping[str, Any], layout: FrameLayout) -> list[Box]:
    """The regions around the territories of the view's ``last_move`` (picture
    coordinates; ``[]`` when it names none): whole territories with their names and
    badges, the map around them as context. One region holds both ends of a move
    when their names stay at least ``MIN_CLOSE_TEXT`` once fitted; a move across the
    map shows each end in a region of its own (the full board shows the way)."""
    places = map_layout()
    last = map_view_of(view).get("last_move")
    if not isinstance(last, Mapping):
        return []
    found = [last.get("from"), last.get("to")]
    points = [places.centre(t) for t in found if isinstance(t, str) and t in places.places]
    if not points:
        return []
    ox, oy = layout.board.x, layout.board.y
    joint = around([(x + ox, y + oy) for x, y in points], layout)
    close = card_layout(len(layout.panels)).close
    if len(points) < 2 or fit_regions(close, [joint], layout.board)[0].scale * LABEL_SIZE >= (
        MIN_CLOSE_TEXT
    ):
        return [joint]
    return [around([(x + ox, y + oy)], layout) for x, y in points]


def around(points: Sequence[tuple[float, float]], layout: FrameLayout) -> Region:
    """The region holding the territories centred on ``points`` (picture coordinates)."""
    left = round(min(x for x, _ in points) - REACH)
    top = round(min(y for _, y in points) - REACH)
    right = round(max(x for x, _ in points) + REACH)
    bottom = round(max(y for _, y in points) + REACH)
    box = Box(left, top, right - left, bottom - top)
    return Region.of(box, context=layout.board, text=LABEL_SIZE)


CARD = Card(
    name="origin-junior",
    picture=lambda seats: JUNIOR,
    focus=territory_boxes,
    describe=lambda turn: words.describe_turn(turn.view, turn.lang, turn.names),
)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Origin Junior's turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)
