"""Why a well-formed Sapiens move is refused now, in the player's terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import IllegalMove, MoveError, Seat, State
from rules.sapiens import laying
from rules.sapiens import moves as mv
from rules.sapiens.board import NEW_TRIBE, PLAY, Ground

if TYPE_CHECKING:
    from rules.sapiens.engine import Sapiens


PRIORITY = (
    "sapiens.why.different",
    "sapiens.why.plain",
    "sapiens.why.token",
    "sapiens.why.abandoned",
    "sapiens.why.abandoned_cave",
    "sapiens.why.not_cave",
    "sapiens.why.unconnected",
    "sapiens.why.overlap",
    "sapiens.why.bear",
)
"""Which reason to give for a square when the ways to cover it fail differently: the
one about the square itself first (a square beside an abandoned tribe says so at once)."""


def explain(game: Sapiens, state: State, seat: Seat, code: str) -> MoveError:
    data = state.data
    me = state.seats.index(seat) if seat in state.seats else -1
    kind, _, arg = code.partition(":")
    frames = data["frames"]
    top = frames[-1] if frames else None
    if me < 0 or data["over"] is not None or data["turn"] != me:
        return IllegalMove("move.not_your_turn")
    player = data["players"][me]
    step = data["step"]
    if kind == "back":
        return IllegalMove("sapiens.why.no_back")
    if kind == "token":
        scene = arg.upper()
        if data["phase"] != "play":
            return IllegalMove("sapiens.why.token_start")
        if scene not in player["held"]:
            return IllegalMove("sapiens.why.no_token", scene=mv.scene_ref(scene))
        if step["token"]:
            return IllegalMove("sapiens.why.one_token")
        if step["refilled"] or step.get("took"):
            return IllegalMove("sapiens.why.token_late")
        if top is not None:
            return IllegalMove("sapiens.why.finish_step")
        return IllegalMove("sapiens.why.token_useless", scene=mv.scene_ref(scene))
    if kind in ("tile", "abandon", "stop") and top is None and step["laid"]:
        return IllegalMove("sapiens.why.laid_already")
    if kind == "tile" and top is None and not step["laid"]:
        tile = mv.tile_of_code(arg)
        if tile not in player["pool"]:
            return IllegalMove("sapiens.why.not_in_pool", **mv.tile_params(tile))
        if data["phase"] == "play" and beside_abandoned_only(state, me, tile, PLAY):
            return IllegalMove("sapiens.why.abandoned_tile", **mv.tile_params(tile))
        return IllegalMove("sapiens.why.cannot_lay", **mv.tile_params(tile))
    if kind == "lay" and top is not None and top["kind"] == "orient":
        a, _, b = arg.partition(":")
        at = (mv.sq_of(a), mv.sq_of(b))
        here = laying.ground(state, me)
        if at not in here.board.pairs:
            return IllegalMove("sapiens.why.not_adjacent")
        if top["cell"] not in at:
            return IllegalMove("sapiens.why.other_cell")
        reason = here.check(top["tile"], at, top["mode"])
        if reason is not None:
            return IllegalMove(reason)
    if kind == "at" and top is not None and top["kind"] == "cell":
        here = laying.ground(state, me)
        square = mv.sq_of(arg)
        pairs = here.board.pairs_of.get(square, ())
        if not pairs:
            return IllegalMove("sapiens.why.no_square", square=mv.square_ref(square))
        if square in here.occ:
            return IllegalMove("sapiens.why.overlap")
        if square in here.bears:
            return IllegalMove("sapiens.why.bear")
        if here.touches_abandoned((square,), top["mode"]):
            if top["mode"] == NEW_TRIBE:
                return IllegalMove("sapiens.why.abandoned_cave")
            return IllegalMove("sapiens.why.abandoned")
        reasons = {here.check(top["tile"], at, top["mode"]) for at in pairs}
        for reason in PRIORITY:
            if reason in reasons:
                return IllegalMove(reason)
    if kind == "abandon":
        if laying.layable(state, me, PLAY):
            return IllegalMove("sapiens.why.must_lay")
        if not laying.layable(state, me, NEW_TRIBE):
            if any(beside_abandoned_only(state, me, t, NEW_TRIBE) for t in player["pool"]):
                return IllegalMove("sapiens.why.no_cave_apart")
            return IllegalMove("sapiens.why.no_cave")
    if kind == "stop" and laying.layable(state, me, PLAY):
        return IllegalMove("sapiens.why.not_stuck")
    if kind == "stop" and laying.layable(state, me, NEW_TRIBE):
        return IllegalMove("sapiens.why.can_go_on")
    if kind in ("take", "refill", "discard") and not step["laid"]:
        return IllegalMove("sapiens.why.lay_first")
    if top is not None:
        return IllegalMove("sapiens.why.finish_step")
    return IllegalMove("sapiens.why.not_now")


def beside_abandoned_only(state: State, me: int, tile: str, mode: str) -> bool:
    """Whether ``tile`` could be laid in ``mode`` if the active tribe might touch an
    abandoned one: then that rule alone refuses it."""
    here = laying.ground(state, me)
    if not here.apart:
        return False
    player = state.data["players"][me]
    loose = Ground.of(player, plain_ok=here.plain_ok, apart=False)
    return loose.can_lay(tile, mode)


__all__ = ["beside_abandoned_only", "explain"]
