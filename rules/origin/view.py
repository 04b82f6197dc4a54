"""What a seat may see of an Origin Junior game (format agreed in docs/contributors/origin-view.md).

Hidden information: Hunting and Strait token values and Innovation tile levels belong
to their owner (ruling R20); the tokens still on the board are face down for everyone.
The public view (``seat=None``) and other seats' views show them as ``None`` until the
game is over, when everything is revealed; so are their ids, which the data files map to
values and levels. Pure functions of the state: no rules here.
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON, ScoreSheet, Seat, State
from rules.kit.turns import Turns
from rules.origin.components import BOARD, CARD_COLOURS, TILES
from rules.origin.junior_data import (
    GREENS,
    STRAITS,
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
    hunting_won_view,
    json_copy,
    straits_won_view,
    territories_view,
    tokens_view,
)


def junior_view(state: State, seat: Seat | None, sheet: ScoreSheet, to_act: list[Seat]) -> JSON:
    """The view of ``seat`` (``None``: public) as a JSON-able dict."""
    junior = data(state)
    seats = state.seats
    over = junior["over"] is not None
    me = seats.index(seat) if seat in seats else None

    def sees(owner: int) -> bool:
        return over or owner == me

    territories = territories_view(seats, junior["pawn_at"], owner_at(junior))
    hunting = tokens_view(hunting_on_board(junior), GREENS, over)
    straits = tokens_view(straits_on_board(junior), STRAITS, over)
    players: dict[Seat, Any] = {}
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
        "game": state.game,
        "seats": list(seats),
        "to_act": list(to_act),
        "turn": state.version,
        "round": junior["round"],
        "over": over,
        "pending": (
            None
            if frame is None
            else {"seat": Turns(state).seat, "action": frame["kind"], "at": frame["at"]}
        ),
        "last_move": json_copy(last),
        "territories": territories,
        "origin": BOARD.origin,
        "supply": {p: n for p, n in sorted(junior["supply"].items()) if n > 0},
        "hunting": hunting,
        "straits": straits,
        "decks": dict(zip(CARD_COLOURS, junior["decks"], strict=True)),
        "tiles_left": len(tile_stack(junior)),
        "players": players,
        "scores": {
            s: {"total": sheet.total(s), "partial": bool(sheet.hidden.get(s))} for s in seats
        },
    }
