"""Why a well-formed Orbis move is not legal now, in the player's terms."""

from __future__ import annotations

from rules.base import IllegalMove, MoveError, Seat, State
from rules.orbis import domain as dm
from rules.orbis import moves as mv
from rules.orbis import pyramid as pm
from rules.orbis.components import LETTERS, SETUP, TILES
from rules.orbis.state import BoardData, OrbisFrame, data


def explain(state: State, seat: Seat, code: str) -> MoveError:
    """The most precise reason we can give; otherwise ``orbis.illegal.not_now``: not
    now, first the decision pending (``orbis.first.<kind>``)."""
    orbis = data(state)
    me = state.seats.index(seat)
    board = orbis["boards"][me]
    frame = mv.stack(orbis).top
    kind, _, arg = code.partition(":")
    if kind == "trade":
        colour = LETTERS[arg]
        if not dm.can_trade(board["domain"], colour):
            return IllegalMove("orbis.illegal.trade_short", colour=f"@orbis.colour.{colour}")
    if kind == "take" and frame is None:
        if pm.size(board["pyramid"]) >= SETUP.pyramid_size:
            return IllegalMove("orbis.illegal.must_take_god")
        if orbis["display"][int(arg) - 1] is None:
            return IllegalMove("orbis.illegal.empty_slot")
    if kind == "god" and frame is None:
        if board["god"] is not None:
            return IllegalMove("orbis.illegal.god_once")
        return IllegalMove("orbis.illegal.god_gone")
    if kind == "pay" and frame is not None and frame["kind"] == "pay":
        return IllegalMove("orbis.illegal.cannot_pay")
    if kind == "place" and frame is not None and frame["kind"] == "place":
        tile = TILES[mv.region_tile(orbis)]
        return _explain_place(board, tile.colour, frame["wild"], arg)
    if kind == "lose" and frame is not None and frame["kind"] == "lose":
        return IllegalMove("orbis.illegal.no_cube", colour=f"@orbis.colour.{LETTERS[arg]}")
    if kind == "burn" and frame is not None and frame["kind"] == "burn":
        return IllegalMove("orbis.illegal.burn_here")
    if kind == "sacrifice" and frame is not None and frame["kind"] == "death":
        return IllegalMove("orbis.illegal.death_short")
    return not_now(frame)


def not_now(frame: OrbisFrame | None) -> MoveError:
    """``Not now: first place the tile in your pyramid.``: what the turn waits for."""
    return IllegalMove("orbis.illegal.not_now", first=f"@orbis.first.{frame_kind(frame)}")


def frame_kind(frame: OrbisFrame | None) -> str:
    if frame is None:
        return "take"
    if frame["kind"] == "lose" and frame["why"] == "limit":
        return "limit"
    return frame["kind"]


def _explain_place(board: BoardData, colour: str, wild: bool, spot: str) -> MoveError:
    cells = board["pyramid"]
    width = pm.bottom_width(cells)
    if spot == "start" and width:
        return IllegalMove("orbis.illegal.place_start")
    if spot in ("left", "right"):
        return IllegalMove("orbis.illegal.bottom_full" if width else "orbis.illegal.place_start")
    row, x = pm.spot_position(cells, spot)
    if not 0 <= x < pm.BOTTOM - row or pm.cell_at(cells, row, x) is not None:
        return IllegalMove("orbis.illegal.place_taken")
    if len(pm.below(cells, row, x)) < 2:
        return IllegalMove("orbis.illegal.place_two")
    if not wild:
        return IllegalMove("orbis.illegal.place_colour", colour=f"@orbis.colour.{colour}")
    return IllegalMove("orbis.illegal.place_taken")
