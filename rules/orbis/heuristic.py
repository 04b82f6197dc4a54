"""How well a seat stands in Orbis, for the AI (``Orbis.evaluate``).

Every part of Orbis a seat scores is public; the AI calls this on a determinized state
(only the piles' order differs). The value is a seat's points plus its progress toward
points, minus the best other seat's:

- points: the running score row (``scoring.rows``: tiles, god, Temple token as it would
  go now, Wastelands);
- a Forest not yet surrounded enough, while the game runs: part of its PC, growing with
  the touching tiles that already show one of its colours (tiles laid above and beside
  may still complete it);
- the cubes of the domain (they pay for the next tiles; at most ten are kept), a little
  more when they span several colours.
"""

from __future__ import annotations

from rules.base import Seat, State
from rules.kit.end import is_over
from rules.orbis import pyramid as pm
from rules.orbis import scoring
from rules.orbis.components import SETUP, TILES
from rules.orbis.state import data

CUBE = 0.3
"""Each cube of the domain, up to the domain limit."""
COLOUR = 0.15
"""Each colour present in the domain."""
FOREST = 0.5
"""Share of a waiting Forest's PC at most (times the share of touching tiles found)."""


def forest_hope(pyramid: pm.Pyramid) -> float:
    """Part of the PC of the Forests that do not count yet."""
    total = 0.0
    for cell in pm.cells(pyramid):
        if cell.wild:
            continue
        tile = TILES[cell.tile]
        if tile.effect.kind != "forest" or scoring.forest_ok(pyramid, cell):
            continue
        wanted = set(tile.effect.colours)
        around = pm.touching(pyramid, cell.row, cell.x)
        found = sum(1 for c in around if wanted & pm.colours_of(c))
        total += FOREST * tile.pc * found / max(1, tile.effect.n)
    return total


def orbis_value(state: State, seat: Seat) -> float:
    """Points plus progress of ``seat`` minus the best other seat's."""
    orbis = data(state)
    playing = [i for i, s in enumerate(state.seats) if s not in state.out]
    rows = scoring.rows(orbis, playing, state.options["temple_count"])
    running = not is_over(orbis)
    worth: dict[Seat, float] = {}
    for i in playing:
        board = orbis["boards"][i]
        total = float(sum(rows[i].values()))
        if running:
            domain = board["domain"]
            total += CUBE * min(sum(domain), SETUP.domain_limit)
            total += COLOUR * sum(1 for n in domain if n)
            total += forest_hope(board["pyramid"])
        worth[state.seats[i]] = total
    own = worth.get(seat, 0.0)
    return own - max((v for s, v in worth.items() if s != seat), default=0.0)


__all__ = ["forest_hope", "orbis_value"]
