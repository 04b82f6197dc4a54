"""Orbis invariants checked after every move of the random games (pieces conserved)."""

from __future__ import annotations

from rules.base import State
from rules.orbis import pyramid as pm
from rules.orbis.components import COLOURS, GODS, SETUP, TILES
from rules.orbis.state import data


def check_orbis(state: State) -> str | None:
    """The first broken invariant, or ``None``: every tile of the player count is in
    exactly one place, the display holds 9 tiles between turns, pyramids obey the
    placement rules' geometry, cube counts are never negative, each god is in one place."""
    orbis = data(state)
    players = len(state.seats)
    places: list[str] = [t for pile in orbis["piles"].values() for t in pile]
    places += [t for t in orbis["display"] if t is not None]
    act = orbis["act"]
    for board in orbis["boards"]:
        cells = pm.cells(board["pyramid"])
        places += [c.tile for c in cells]
        if any(n < 0 for n in board["domain"]):
            return "negative domain"
        for cell in cells:
            if cell.row > 0 and len(pm.below(board["pyramid"], cell.row, cell.x)) != 2:
                return f"tile {cell.tile} does not rest on two tiles"
        xs = [c.x for c in cells if c.row == 0]
        if xs != list(range(len(xs))) or len(xs) > pm.BOTTOM:
            return "bottom row broken"
    if act is not None and act["kind"] == "region" and act.get("cell") is None:
        places.append(act["tile"])
    expected = sorted(t.id for t in TILES.values() if t.used_at(players))
    if sorted(places) != expected:
        return "tiles not conserved"
    cubes = orbis["cubes"]
    if len(cubes) != len(COLOURS) * SETUP.display_slots or any(n < 0 for n in cubes):
        return "negative cubes on the display"
    if (
        act is None
        and not state.out
        and len([t for t in orbis["display"] if t])
        != min(
            SETUP.display_slots, SETUP.display_slots + sum(len(p) for p in orbis["piles"].values())
        )
    ):
        return "display not full between turns"
    gods = list(orbis["gods"]) + [b["god"] for b in orbis["boards"] if b["god"]]
    if len(set(gods)) != len(gods) or not set(gods) <= set(GODS):
        return "gods not conserved"
    return None
