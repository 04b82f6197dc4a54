"""What a seat may see of an Origin Junior game (format agreed in docs/origin-view.md).

Hidden information: Hunting and Strait token values and Innovation tile levels belong
to their owner (ruling R20); the tokens still on the board are face down for everyone.
The public view (``seat=None``) and other seats' views show them as ``None`` until the
game is over, when everything is revealed. Pure functions of the state: no rules here.
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON, ScoreSheet, Seat, State
from rules.origin.components import BOARD, CARD_COLOURS, TILES, TOKENS
from rules.origin.junior_data import (
    GREENS,
    NEUTRAL,
    STRAITS,
    hunting_on_board,
    hunting_won,
    owner_at,
    straits_on_board,
    straits_won,
    tile_stack,
    villages_left,
)


def junior_view(state: State, seat: Seat | None, sheet: ScoreSheet, to_act: list[Seat]) -> JSON:
    """The view of ``seat`` (``None``: public) as a JSON-able dict."""
    data = state.data
    seats = state.seats
    over = bool(data["over"])
    me = seats.index(seat) if seat in seats else None

    def sees(owner: int) -> bool:
        return over or owner == me

    pawn_at, owners = data["pawn_at"], owner_at(data)
    territories = {
        t: {
            "pawn": pawn_at.get(t),
            "owner": seats[owners[t]] if owners.get(t, NEUTRAL) != NEUTRAL else None,
        }
        for t in BOARD.order
    }
    lying = hunting_on_board(data)
    hunting = {
        t: {"present": t in lying, "value": TOKENS.value(lying[t]) if over and t in lying else None}
        for t in GREENS
    }
    laid = straits_on_board(data)
    straits = {
        s: {"present": s in laid, "value": TOKENS.value(laid[s]) if over and s in laid else None}
        for s in STRAITS
    }
    players: dict[Seat, Any] = {}
    for i, s in enumerate(seats):
        visible = sees(i)
        players[s] = {
            "index": i,
            "villages_left": villages_left(data, i),
            "cards": dict(zip(CARD_COLOURS, data["cards"][i], strict=True)),
            "hunting": [
                {"id": tok, "territory": terr, "value": TOKENS.value(tok) if visible else None}
                for tok, terr in hunting_won(data, i)
            ],
            "straits": [
                {"id": tok, "strait": sid, "value": TOKENS.value(tok) if visible else None}
                for tok, sid in straits_won(data, i)
            ],
            "tiles": [
                {"id": tile, "level": TILES.level(tile) if visible else None}
                for tile in data["tiles_of"][i]
            ],
        }
    pending = data["pending"]
    last = data["last"]
    return {
        "game": state.game,
        "seats": list(seats),
        "to_act": list(to_act),
        "turn": state.version,
        "round": data["round"],
        "over": over,
        "pending": (
            None
            if pending is None
            else {"seat": seats[data["turn"]], "action": pending[0], "at": pending[1]}
        ),
        "last_move": _copy(last),
        "territories": territories,
        "origin": BOARD.origin,
        "supply": {p: n for p, n in sorted(data["supply"].items()) if n > 0},
        "hunting": hunting,
        "straits": straits,
        "decks": dict(zip(CARD_COLOURS, data["decks"], strict=True)),
        "tiles_left": len(tile_stack(data)),
        "players": players,
        "scores": {
            s: {"total": sheet.total(s), "partial": bool(sheet.hidden.get(s))} for s in seats
        },
    }


def _copy(value: Any) -> Any:
    """A plain copy of JSON data (the view never shares lists with the state)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
