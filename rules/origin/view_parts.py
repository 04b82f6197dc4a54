"""View pieces shared by the Junior and Classic views: territories, tokens, JSON copies.

Pure functions of plain state data; each game's view module decides what is visible
(Junior hides token values until the end, Classic shows them) and passes that in.

The view is typed: the pieces here (``TerritoryView``, ``TokenView``, ...) and
``MapPart``, the keys both games' views share, which the shared parts of the renderer
(``render.origin``) read through ``map_view_of``. Each game's view module adds its own
part (``rules.origin.view.JuniorPart``, ``rules.origin.classic.view.ClassicPart``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict, cast

from rules.base import Seat
from rules.core.envelope import ViewEnvelope
from rules.origin.components import BOARD, TOKENS
from rules.origin.movement import NEUTRAL


class TerritoryView(TypedDict):
    """A territory: its pawn (base id) and the seat owning it (``None``: empty or neutral)."""

    pawn: str | None
    owner: Seat | None


class TokenView(TypedDict):
    """A green territory's or a strait's token place: a token still lies there, and its
    value (``None`` while face down)."""

    present: bool
    value: int | None


class HuntingWonView(TypedDict):
    """A Hunting token a player won, where; ``id`` and ``value`` ``None`` when hidden."""

    id: str | None
    territory: str
    value: int | None


class StraitWonView(TypedDict):
    """A Strait token a player won, on which strait; ``id`` and ``value`` as above."""

    id: str | None
    strait: str
    value: int | None


class PendingBase(TypedDict):
    """The decision under way: who, which action (``None``: not an action) and where."""

    seat: Seat
    action: str | None
    at: str | None


MoveBase = TypedDict(
    "MoveBase",
    {
        "seat": Seat,
        "action": str,
        "pawn": str | None,
        "from": str | None,
        "to": str | None,
    },
)
"""The last completed move, as both games show it (each adds its own keys)."""


class MapPart(TypedDict):
    """The keys of the view both games share: the map, its tokens and the supply (the
    round is the envelope's, from the kit's turn keys)."""

    territories: dict[str, TerritoryView]
    origin: str
    supply: dict[str, int]
    hunting: dict[str, TokenView]
    straits: dict[str, TokenView]


class MapPartMoves(MapPart):
    """``MapPart`` and the pending decision and last move, in their shared keys."""

    pending: PendingBase | None
    last_move: MoveBase | None


class MapView(ViewEnvelope, MapPartMoves):
    """What the renderer's shared parts read of either game's view."""


def map_view_of(view: Mapping[str, Any]) -> MapView:
    """A view of either Origin game, typed in the keys both share."""
    return cast(MapView, view)


def territories_view(
    seats: Sequence[Seat], pawn_at: Mapping[str, str], owners: Mapping[str, int]
) -> dict[str, TerritoryView]:
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
) -> dict[str, TokenView]:
    """Each of ``places`` (green territories or straits) -> whether a token still lies
    there and its value (``None`` unless ``reveal``)."""
    return {
        p: {
            "present": p in lying,
            "value": TOKENS.value(lying[p]) if reveal and p in lying else None,
        }
        for p in places
    }


def hunting_won_view(won: Iterable[Sequence[str]], visible: bool) -> list[HuntingWonView]:
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


def straits_won_view(won: Iterable[Sequence[str]], visible: bool) -> list[StraitWonView]:
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
    "HuntingWonView",
    "MapPart",
    "MapPartMoves",
    "MapView",
    "MoveBase",
    "PendingBase",
    "StraitWonView",
    "TerritoryView",
    "TokenView",
    "hunting_won_view",
    "map_view_of",
    "json_copy",
    "straits_won_view",
    "territories_view",
    "tokens_view",
]
