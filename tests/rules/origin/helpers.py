"""Build Origin Junior positions for tests: a real setup, then pawns placed by hand."""

from __future__ import annotations

from typing import Any

from rules.base import State
from rules.origin import JUNIOR
from rules.origin.components import BOARD
from rules.origin.movement import NEUTRAL, strait_claims

SEATS3 = ["ana", "ben", "cy"]


def position(
    pawns: dict[str, tuple[str, int]],
    seats: list[str] | None = None,
    seed: str = "test",
    turn: int = 0,
    neutral: str = "z1s1w",
) -> State:
    """A fresh game with ``pawns`` (territory -> (pawn id, owner index)) on the map.

    The neutral pawn is set to ``neutral``; pieces stay conserved (supply and villages
    are updated, tokens under placed pawns are given to their owner as the game would)
    so the state passes the game invariants.
    """
    state = JUNIOR.setup(seats or SEATS3, seed)
    data = state.data
    old = data["pawn_at"]["A1"]
    data["supply"][old] = data["supply"].get(old, 0) + 1
    _take(data, neutral)
    data["pawn_at"]["A1"] = neutral
    for territory, (pawn, owner) in pawns.items():
        assert territory not in data["pawn_at"], territory
        _take(data, pawn)
        data["pawn_at"][territory] = pawn
        data["owner_at"][territory] = owner
        data["villages"][owner] -= 1
        hunting = data["hunting"]
        if territory in hunting:
            data["hunting_of"][owner].append([hunting.pop(territory), territory])
    data["turn"] = turn
    data["owner_at"]["A1"] = NEUTRAL
    for sid, owner in strait_claims(BOARD, data["straits"], data["owner_at"]):
        data["straits_of"][owner].append([data["straits"].pop(sid), sid])
    JUNIOR.check_game_invariants(state)
    return state


def _take(data: dict[str, Any], pawn: str) -> None:
    supply = data["supply"]
    supply[pawn] -= 1
    if supply[pawn] == 0:
        del supply[pawn]


def codes(state: State, seat: str) -> list[str]:
    return [m.code for m in JUNIOR.legal_moves(state, seat)]
