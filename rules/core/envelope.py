"""The standard keys every game's view carries at its top level (contract v2).

Front ends and the drawing kit read these without knowing the game; the game's own
keys sit beside them. ``Game.view`` fills them in, so a game's ``_view`` only has to
return its own part (it may also give ``round``).
"""

from __future__ import annotations

from typing import Any, TypedDict

from rules.core.values import Seat


class TextJSON(TypedDict):
    """A ``Text`` as JSON: translate with ``rules.i18n.translate(Text(key, params))``."""

    key: str
    params: dict[str, Any]


class LastPlay(TypedDict):
    """What the table may read of the last log entry: who, the public label, the notes."""

    seat: Seat
    label: TextJSON
    notes: list[TextJSON]


class SeatScore(TypedDict):
    """A seat's total as the viewer sees it; ``partial`` when part of it is hidden."""

    total: int
    partial: bool


class ViewEnvelope(TypedDict):
    """The standard part of every view (public or a seat's own)."""

    game: str
    seats: list[Seat]
    out: list[Seat]
    to_act: list[Seat]
    turn: int
    round: int | None
    over: bool
    last: LastPlay | None
    scores: dict[Seat, SeatScore]
    winners: list[Seat]


ENVELOPE_KEYS = frozenset(ViewEnvelope.__annotations__)
