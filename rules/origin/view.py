"""What a seat may see of an Origin Junior game (format agreed in docs/contributors/origin-view.md).

Hidden information: Hunting and Strait token values and Innovation tile levels belong
to their owner (ruling R20); the tokens still on the board are face down for everyone.
The public view (``seat=None``) and other seats' views show them as ``None`` until the
game is over, when everything is revealed; so are their ids, which the data files map to
values and levels. Pure functions of the state: no rules here.

Typed: ``JuniorPart`` is what ``junior_view`` gives (the envelope's keys come from the
contract), ``JuniorView`` the whole view front ends and the renderer read, through
``view_of``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from rules.base import JSON, ScoreSheet, Seat, State
from rules.core.envelope import ViewEnvelope
from rules.kit.turns import Turns
from rules.origin.components import BOARD, CARD_COLOURS, TILES
from rules.origin.junior_data import (
    GREENS,
    STRAITS,
    Gains,
    JuniorLast,
    Swapped,
    data,
    hunting_on_board,
    hunting_won,
    owner_at,
    pending,
    straits_on_board,
    straits_won,
    tile_stack,
    villages_left,
)
from rules.origin.view_parts import (
    HuntingWonView,
    MapPart,
    PendingBase,
    StraitWonView,
    hunting_won_view,
    straits_won_view,
    territories_view,
    tokens_view,
)


class TileView(TypedDict):
    """An Innovation tile a player took; ``id`` and ``level`` ``None`` when hidden."""

    id: str | None
    level: int | None


class JuniorPlayerView(TypedDict):
    """A player's entry of the view."""

    index: int
    villages_left: int
    cards: dict[str, int]
    hunting: list[HuntingWonView]
    straits: list[StraitWonView]
    tiles: list[TileView]


class JuniorPart(MapPart):
    """What ``junior_view`` gives: the shared map keys and Junior's own."""

    pending: PendingBase | None
    last_move: JuniorLast | None
    decks: dict[str, int]
    tiles_left: int
    players: dict[Seat, JuniorPlayerView]
    breakdown: JSON | None


class JuniorView(ViewEnvelope, JuniorPart):
    """A whole view of Origin Junior: the contract's envelope and Junior's part."""


def view_of(view: Mapping[str, Any]) -> JuniorView:
    """A view of Origin Junior (from ``Game.view``), typed."""
    return cast(JuniorView, view)


def _copy_last(last: JuniorLast | None) -> JuniorLast | None:
    """The last move, copied (a view never shares lists or dicts with the state)."""
    if last is None:
        return None
    swapped = last["swapped"]
    gains = last["gains"]
    copied_swapped: Swapped | None = (
        None
        if swapped is None
        else {
            "pawn": swapped["pawn"],
            "owner": swapped["owner"],
            "to": swapped["to"],
            "hunting": list(swapped["hunting"]),
            "straits": list(swapped["straits"]),
        }
    )
    copied_gains: Gains = {
        "cards": dict(gains["cards"]),
        "tiles": gains["tiles"],
        "hunting": list(gains["hunting"]),
        "straits": list(gains["straits"]),
    }
    return {
        "seat": last["seat"],
        "action": last["action"],
        "pawn": last["pawn"],
        "from": last["from"],
        "to": last["to"],
        "swapped": copied_swapped,
        "gains": copied_gains,
    }


def junior_view(state: State, seat: Seat | None, breakdown: ScoreSheet | None) -> JuniorPart:
    """Junior's part of the view of ``seat`` (``None``: public); ``breakdown`` is the
    full score sheet once the outcome is known (shown to everyone then)."""
    junior = data(state)
    seats = state.seats
    over = junior["over"] is not None
    me = seats.index(seat) if seat in seats else None

    def sees(owner: int) -> bool:
        return over or owner == me

    territories = territories_view(seats, junior["pawn_at"], owner_at(junior))
    hunting = tokens_view(hunting_on_board(junior), GREENS, over)
    straits = tokens_view(straits_on_board(junior), STRAITS, over)
    players: dict[Seat, JuniorPlayerView] = {}
    for i, s in enumerate(seats):
        visible = sees(i)
        players[s] = {
            "index": i,
            "villages_left": villages_left(junior, i),
            "cards": dict(zip(CARD_COLOURS, junior["cards"][i], strict=True)),
            "hunting": hunting_won_view(hunting_won(junior, i), visible),
            "straits": straits_won_view(straits_won(junior, i), visible),
            "tiles": [
                {"id": tile if visible else None, "level": TILES.level(tile) if visible else None}
                for tile in junior["tiles_of"][i]
            ],
        }
    frame = pending(junior)
    last = junior["last"]
    return {
        "pending": (
            None
            if frame is None
            else {"seat": Turns(state).seat, "action": frame["kind"], "at": frame["at"]}
        ),
        "last_move": _copy_last(last),
        "territories": territories,
        "origin": BOARD.origin,
        "supply": {p: n for p, n in sorted(junior["supply"].items()) if n > 0},
        "hunting": hunting,
        "straits": straits,
        "decks": dict(zip(CARD_COLOURS, junior["decks"], strict=True)),
        "tiles_left": len(tile_stack(junior)),
        "players": players,
        "breakdown": None if breakdown is None else breakdown.to_json(),
    }
