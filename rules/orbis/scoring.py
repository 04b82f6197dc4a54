"""Orbis scoring (rulebook "Fin de partie", the tile and god effects; rulings O4-O8, O12).

A player scores the PC of the tiles of their universe that count (cancelled Villages,
Volcanoes and Irrigations and Forests not surrounded enough score nothing), their god,
their Temple token, and loses 1 PC per Wasteland (not with the Goddess of Sloth).
Every part is public and is computed the same way mid-game (a running estimate: the
Forests and the Temple tokens as they would stand now) and at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.orbis import pyramid as pm
from rules.orbis.components import GODS, SETUP, TILES
from rules.orbis.state import BoardData, OrbisData

CATEGORIES = ("orbis.score.tiles", "orbis.score.god", "orbis.score.temple", "orbis.score.wastes")
MAJORITY_MIN = 1
"""O8: "among the players with the most" needs at least one such validated tile."""


def forest_ok(pyramid: pm.Pyramid, cell: pm.Cell) -> bool:
    """A Forest counts if at least ``min`` touching tiles show one of its colours
    (O4; a Wasteland shows every colour)."""
    effect = TILES[cell.tile].effect
    wanted = set(effect.colours)
    around = pm.touching(pyramid, cell.row, cell.x)
    return sum(1 for c in around if wanted & pm.colours_of(c)) >= effect.n


def is_validated(pyramid: pm.Pyramid, cell: pm.Cell) -> bool:
    """Whether a Village, Volcano, Irrigation or Forest is validated (O2: never a
    Wasteland)."""
    if cell.wild:
        return False
    if TILES[cell.tile].effect.kind == "forest":
        return forest_ok(pyramid, cell)
    return cell.status == "valid"


def tile_points(pyramid: pm.Pyramid, cell: pm.Cell) -> int:
    """The PC a cell scores now (0 for a Wasteland: its penalty is counted apart)."""
    if cell.wild:
        return 0
    tile = TILES[cell.tile]
    if tile.effect.kind in ("village", "volcano", "irrigation", "forest"):
        return tile.pc if is_validated(pyramid, cell) else 0
    return tile.pc


@dataclass(frozen=True)
class Tally:
    """What the gods and the Temple tokens look at, for one player."""

    validated: dict[str, int]
    wastes: int
    temples: int
    mystic: int


def tally(board: BoardData, temple_count: str) -> Tally:
    pyramid = board["pyramid"]
    validated = dict.fromkeys(("village", "volcano", "irrigation", "forest"), 0)
    temples = 0
    mystic = 0
    wastes = 0
    for cell in pm.cells(pyramid):
        if cell.wild:
            wastes += 1
            continue
        tile = TILES[cell.tile]
        kind = tile.effect.kind
        if kind in validated and is_validated(pyramid, cell):
            validated[kind] += 1
        if kind == "temple":
            temples += tile.effect.n if temple_count == "icons" else 1
        if tile.mystic is not None:
            mystic = max(mystic, tile.mystic)
    return Tally(validated, wastes, temples, mystic)


def temple_tokens(tallies: dict[int, Tally], tokens: list[int], order: list[int]) -> dict[int, int]:
    """Temple tokens by player (rulebook "Temple"; O7): most temples first; a tie goes
    to the highest mystic value on a white tile; each takes the highest token left; no
    Temple, no token. ``order`` (seat order) only settles what cannot tie in the data."""
    holders = [i for i in order if tallies[i].temples > 0]
    holders.sort(key=lambda i: (-tallies[i].temples, -tallies[i].mystic, order.index(i)))
    left = sorted(tokens, reverse=True)
    return {i: left[k] for k, i in enumerate(holders) if k < len(left)}


def god_points(board: BoardData, me: int, tallies: dict[int, Tally], playing: list[int]) -> int:
    """The PC of a player's god (rulebook "Description des tuiles Dieu"; O8)."""
    god_id = board["god"]
    if god_id is None:
        return 0
    god = GODS[god_id]
    mine = tallies[me]
    if god.kind in ("none", "on_take_gain", "wasteland_no_penalty"):
        return god.pc
    if god.kind == "on_take_discard":
        return 0 if board["god_cancelled"] else god.pc
    if god.kind == "most":
        kind = god.param("kind")
        best = max(tallies[i].validated[kind] for i in playing)
        ok = mine.validated[kind] >= MAJORITY_MIN and mine.validated[kind] == best
        return god.pc if ok else 0
    if god.kind == "fewest":
        return god.pc if mine.wastes == min(tallies[i].wastes for i in playing) else 0
    if god.kind == "has_all":
        ok = mine.validated["village"] > 0 and mine.temples > 0 and mine.validated["volcano"] > 0
        return god.pc if ok else 0
    raise ValueError(f"unknown god kind {god.kind}")


def rows(data: OrbisData, playing: list[int], temple_count: str) -> list[dict[str, int]]:
    """Every player's score row (categories ``CATEGORIES``), in seat order."""
    boards = data["boards"]
    tallies = {i: tally(b, temple_count) for i, b in enumerate(boards)}
    everyone = list(range(len(boards)))
    counted = playing or everyone
    tokens = temple_tokens(tallies, data["temple_tokens"], counted)
    out = []
    for i, board in enumerate(boards):
        pyramid = board["pyramid"]
        lazy = board["god"] is not None and GODS[board["god"]].kind == "wasteland_no_penalty"
        out.append(
            {
                "orbis.score.tiles": sum(tile_points(pyramid, c) for c in pm.cells(pyramid)),
                "orbis.score.god": god_points(board, i, tallies, counted),
                "orbis.score.temple": tokens.get(i, 0),
                "orbis.score.wastes": 0 if lazy else -SETUP.wasteland_penalty * tallies[i].wastes,
            }
        )
    return out


def temple_tokens_now(data: OrbisData, playing: list[int], temple_count: str) -> dict[int, int]:
    """The Temple token each player would get if the game ended now."""
    tallies = {i: tally(b, temple_count) for i, b in enumerate(data["boards"])}
    return temple_tokens(tallies, data["temple_tokens"], playing)
