"""Build Orbis positions for tests: a real set-up, then tiles and cubes put by hand.

Every helper keeps the pieces conserved (a tile put somewhere is taken from where it
was, and what it replaces goes there), so positions pass the game invariants.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.base import State
from rules.orbis import ORBIS, scoring
from rules.orbis import domain as dm
from rules.orbis import pyramid as pm

SEATS = ["ana", "ben", "cy", "dee"]


def game(players: int = 4, seed: str = "test", first: int = 0) -> State:
    """A fresh game whose first player is seat ``first``."""
    state = ORBIS.setup(SEATS[:players], seed)
    state.data["first"] = state.data["turn"] = first
    return state


def _locate(state: State, tile: str) -> tuple[list[str | None], int]:
    data = state.data
    if tile in data["display"]:
        return data["display"], data["display"].index(tile)
    for pile in data["piles"].values():
        if tile in pile:
            return pile, pile.index(tile)
    for board in data["boards"]:
        for i, entry in enumerate(board["pyramid"]):
            if entry is not None and pm.read(0, 0, entry).tile == tile:
                return board["pyramid"], i
    raise AssertionError(f"{tile} is not in this game")


def put_display(state: State, slot: int, tile: str, **cubes: int) -> None:
    """Put ``tile`` on display ``slot`` (1-9) with ``cubes`` on it (swapping it with
    the tile that was there)."""
    display = state.data["display"]
    where, at = _locate(state, tile)
    old = display[slot - 1]
    where[at] = old
    display[slot - 1] = tile
    put_cubes(state, slot - 1, cubes_of(**cubes))


def put_cubes(state: State, index: int, cubes: list[int]) -> None:
    """Set the cubes lying on display slot ``index`` (0-8)."""
    state.data["cubes"][5 * index : 5 * index + 5] = cubes


def cubes_at(state: State, index: int) -> list[int]:
    """The cubes lying on display slot ``index`` (0-8)."""
    return dm.on_slot(state.data["cubes"], index)


def cubes_of(**counts: int) -> list[int]:
    out = dm.no_cubes()
    for colour, n in counts.items():
        dm.change(out, colour, n)
    return out


def set_domain(state: State, player: int, **counts: int) -> None:
    state.data["boards"][player]["domain"] = cubes_of(**counts)


def domain(state: State, player: int) -> dict[str, int]:
    return {c: n for c, n in dm.as_dict(state.data["boards"][player]["domain"]).items() if n}


def build(state: State, player: int, rows: Mapping[tuple[int, int], str]) -> None:
    """Set ``player``'s pyramid: ``(row, x) -> "L2-05"`` (``"~"`` suffix: Wasteland,
    ``"+"``/``"-"``: validated/cancelled). Tiles come out of the piles; a tile taken
    from the display is replaced by one from a pile."""
    data = state.data
    pyramid = data["boards"][player]["pyramid"]
    for (row, x), entry in rows.items():
        tile = pm.read(row, x, entry).tile
        where, at = _locate(state, tile)
        if where is data["display"]:
            spare = next(p for p in data["piles"].values() if p)
            where[at] = spare.pop(0)
        else:
            where.pop(at)
        pyramid[pm.BOTTOM * row + x] = entry


def codes(state: State, seat: str | None = None) -> list[str]:
    who = seat or next(iter(ORBIS.to_act(state)))
    return [m.code for m in ORBIS.legal_moves(state, who)]


def play(state: State, *moves: str) -> State:
    """Apply ``moves`` in turn, each by whoever is to act."""
    for code in moves:
        seat = next(iter(ORBIS.to_act(state)))
        state = ORBIS.apply(state, seat, code)
        ORBIS.check_game_invariants(state)
    return state


def row(state: State, player: int) -> dict[str, int]:
    playing = list(range(len(state.seats)))
    return scoring.rows(state.data, playing, state.options["temple_count"])[player]


def cell(state: State, player: int, r: int, x: int) -> pm.Cell:
    found = pm.cell_at(state.data["boards"][player]["pyramid"], r, x)
    assert found is not None
    return found
