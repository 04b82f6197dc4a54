"""Build Origin Junior positions for tests: a real setup, then pawns placed by hand."""

from __future__ import annotations

from typing import Any

from rules.base import State
from rules.origin import JUNIOR
from rules.origin.components import BOARD
from rules.origin.junior_data import hunting_on_board, owner_at, straits_on_board
from rules.origin.movement import strait_claims

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
    old = data["pawn_at"][BOARD.origin]
    data["supply"][old] = data["supply"].get(old, 0) + 1
    _take(data, neutral)
    data["pawn_at"][BOARD.origin] = neutral
    for territory, (pawn, owner) in pawns.items():
        assert territory not in data["pawn_at"], territory
        _take(data, pawn)
        lying = hunting_on_board(data)
        data["pawn_at"][territory] = pawn
        data["villages_at"][owner].append(territory)
        if territory in lying:
            data["hunting_of"][owner].append(lying[territory])
    data["turn"] = turn
    laid = straits_on_board(data)
    for sid, owner in strait_claims(BOARD, laid, owner_at(data)):
        data["straits_of"][owner].append(laid[sid])
    JUNIOR.check_game_invariants(state)
    return state


def _take(data: dict[str, Any], pawn: str) -> None:
    supply = data["supply"]
    supply[pawn] -= 1
    if supply[pawn] == 0:
        del supply[pawn]


def codes(state: State, seat: str) -> list[str]:
    return [m.code for m in JUNIOR.legal_moves(state, seat)]


def owner(state: State, territory: str) -> int | None:
    """Index of the player whose village is on ``territory`` (-1 neutral, None empty)."""
    return owner_at(state.data).get(territory)
