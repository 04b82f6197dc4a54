"""View pieces shared by the Junior and Classic views: territories, tokens, JSON copies.

Pure functions of plain state data; each game's view module decides what is visible
(Junior hides token values until the end, Classic shows them) and passes that in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.base import Seat
from rules.origin.components import BOARD, TOKENS
from rules.origin.movement import NEUTRAL


def territories_view(
    seats: Sequence[Seat], pawn_at: Mapping[str, str], owners: Mapping[str, int]
) -> dict[str, dict[str, Any]]:
    """Every territory (map order) -> its pawn and the seat owning it (``None``: empty or
    the neutral pawn)."""
    return {
        t: {
            "pawn": pawn_at.get(t),
            "owner": seats[owners[t]] if owners.get(t, NEUTRAL) != NEUTRAL else None,
        }
        for t in BOARD.order
    }


def tokens_view(
    lying: Mapping[str, str], places: Iterable[str], reveal: bool
) -> dict[str, dict[str, Any]]:
    """Each of ``places`` (green territories or straits) -> whether a token still lies
    there and its value (``None`` unless ``reveal``)."""
    return {
        p: {
            "present": p in lying,
            "value": TOKENS.value(lying[p]) if reveal and p in lying else None,
        }
        for p in places
    }


def hunting_won_view(won: Iterable[Sequence[str]], visible: bool) -> list[dict[str, Any]]:
    """The Hunting tokens a player won, from ``(token, territory)`` pairs. Unless
    ``visible``, the id is withheld with the value: ids map to values in the data files."""
    return [
        {
            "id": tok if visible else None,
            "territory": terr,
            "value": TOKENS.value(tok) if visible else None,
        }
        for tok, terr in won
    ]


def straits_won_view(won: Iterable[Sequence[str]], visible: bool) -> list[dict[str, Any]]:
    """The Strait tokens a player won, from ``(token, strait)`` pairs (id and value
    withheld unless ``visible``)."""
    return [
        {
            "id": tok if visible else None,
            "strait": sid,
            "value": TOKENS.value(tok) if visible else None,
        }
        for tok, sid in won
    ]


def json_copy(value: Any) -> Any:
    """A plain copy of JSON data (a view never shares lists or dicts with the state)."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


__all__ = [
    "hunting_won_view",
    "json_copy",
    "straits_won_view",
    "territories_view",
    "tokens_view",
]
