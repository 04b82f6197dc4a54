"""What a line of an Orbis turn does for a seat, in plain words (``Orbis.hint_effects``).

The hint compares the advised line with the next best one on what ``heuristic`` weighs:
the score row, the tiles laid in the universe, the worshipper cubes of the domain by
colour (they pay for the next tiles), the god taken, and the Forests still waiting for
their colours. Everything here is public.
"""

from __future__ import annotations

from rules.base import ScoreSheet, Seat, State, Text
from rules.core.hints import Effect, Effects, change, kept, score_effects
from rules.orbis import pyramid as pm
from rules.orbis import scoring
from rules.orbis.components import COLOURS, TILES
from rules.orbis.moves import tile_name
from rules.orbis.state import BoardData, data


def waiting_forests(board: BoardData) -> int:
    """Forests of the universe that do not score yet."""
    pyramid = board["pyramid"]
    return sum(
        1
        for cell in pm.cells(pyramid)
        if not cell.wild
        and TILES[cell.tile].effect.kind == "forest"
        and not scoring.forest_ok(pyramid, cell)
    )


def orbis_effects(
    sheets: tuple[ScoreSheet, ScoreSheet], before: State, after: State, seat: Seat
) -> Effects:
    me = before.seats.index(seat)
    was, now = data(before)["boards"][me], data(after)["boards"][me]
    found: list[Effect | None] = list(score_effects(*sheets, seat))
    if now["god"] is not None and now["god"] != was["god"]:
        found.append(
            Effect("god", Text("orbis.hint.god", {"god": f"@orbis.god.{now['god']}.name"}))
        )
    had = {c.tile for c in pm.cells(was["pyramid"])}
    for cell in pm.cells(now["pyramid"]):
        if cell.tile not in had:
            tile = Text("orbis.hint.tile", {"tile": tile_name(cell.tile)})
            found.append(Effect(f"tile:{cell.tile}", tile))
    for k, colour in enumerate(COLOURS):
        label = Text("orbis.hint.cubes", {"colour": f"@orbis.colour.{colour}"})
        found.append(change(f"cubes:{colour}", label, was["domain"][k], now["domain"][k]))
    found.append(
        change("forests", "orbis.hint.forests", waiting_forests(was), waiting_forests(now))
    )
    return Effects(kept(found))


__all__ = ["orbis_effects", "waiting_forests"]
