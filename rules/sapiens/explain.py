"""Why a well-formed Sapiens move is refused now, in the player's terms."""

from __future__ import annotations

from collections.abc import Callable

from rules.base import IllegalMove, Move, MoveError, Seat, State
from rules.sapiens import laying
from rules.sapiens import moves as mv
from rules.sapiens import state as st
from rules.sapiens.board import NEW_TRIBE, PLAY, Ground
from rules.sapiens.components import CELLS, COLUMNS, CORNERS, ROWS, SCENE_IDS, TILES

LegalMoves = Callable[[State, Seat], list[Move]]
"""The game's ``legal_moves`` (the engine passes its own: explain does not import it)."""

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


def explain(legal_moves: LegalMoves, state: State, seat: Seat, code: str) -> MoveError:
    data = st.data(state)
    me = state.seats.index(seat) if seat in state.seats else -1
    kind, _, arg = code.partition(":")
    frames = data["frames"]
    top = frames[-1] if frames else None
    if me < 0 or data["over"] is not None or data["turn"] != me:
        return IllegalMove("move.not_your_turn")
    player = data["players"][me]
    step = data["step"]
    unknown = unknown_name(kind, arg)
    if unknown is not None:
        return unknown
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
            return IllegalMove("sapiens.why.first", what=f"@sapiens.first.{step_kind(state)}")
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
    now = {m.code.partition(":")[0] for m in legal_moves(state, seat)}
    if kind not in now:
        return IllegalMove("sapiens.why.first", what=f"@sapiens.first.{step_kind(state)}")
    return wrong_choice(state, me, kind, arg)


SQUARES = frozenset(
    {
        *CELLS,
        *CORNERS,
        *(f"N{c}1" for c in COLUMNS),
        *(f"S{c}{ROWS}" for c in COLUMNS),
        *(f"W{COLUMNS[0]}{r}" for r in range(1, ROWS + 1)),
        *(f"E{COLUMNS[-1]}{r}" for r in range(1, ROWS + 1)),
    }
)
"""Every square a code may name: the cells, the caves' places on the rim (an edge and
the cell beside it) and the waterfalls' corners."""


def unknown_name(kind: str, arg: str) -> MoveError | None:
    """A code naming a tile, scene or square the game does not have."""
    if kind in TILE_KINDS | {"tile"} and mv.tile_of_code(arg) not in TILES:
        return IllegalMove("sapiens.why.no_such_tile")
    if kind in ("token", "do", "rite") and arg.upper() not in SCENE_IDS:
        return IllegalMove("sapiens.why.no_such_scene")
    squares = arg.split(":") if kind in ("at", "lay", "den", "unbear") else []
    if any(mv.sq_of(square) not in SQUARES for square in squares):
        return IllegalMove("sapiens.why.no_such_square")
    return None


STEP_KINDS = frozenset(
    {
        "tile",
        "cell",
        "orient",
        "pay",
        "newtribe",
        "effects",
        "gather",
        "feast",
        "ritual",
        "fight",
        "fightfrom",
        "water",
        "watergive",
        "hunt",
        "fire",
        "den",
        "refill",
        "discard",
    }
)
"""The decisions a turn waits on (``rules.sapiens.view.step_view``): each has a
``sapiens.first.<kind>`` text saying what to do first."""


def step_kind(state: State) -> str:
    """The kind of decision the turn waits on now (the picture's "step")."""
    frames = st.data(state)["frames"]
    if frames:
        kind = str(frames[-1]["kind"])
        return kind if kind in STEP_KINDS else "effects"
    step = st.data(state)["step"]
    if not step["laid"]:
        return "tile"
    return "refill" if not step["refilled"] else "discard"


TILE_KINDS = frozenset({"mark", "from", "get", "give", "recall", "take", "discard"})


def wrong_choice(state: State, me: int, kind: str, arg: str) -> MoveError:
    """A move of the kind the step waits on, with a choice it does not offer."""
    data = st.data(state)
    if kind == "tile":
        tile = mv.tile_of_code(arg)
        if tile not in data["players"][me]["pool"]:
            return IllegalMove("sapiens.why.not_in_pool", **mv.tile_params(tile))
        return IllegalMove("sapiens.why.cannot_lay", **mv.tile_params(tile))
    if kind in TILE_KINDS:
        tile = mv.tile_of_code(arg)
        params = mv.tile_params(tile, data["baston"].get(tile, ()))
        if kind in ("take", "discard") and tile not in data["common"]:
            return IllegalMove("sapiens.why.not_in_common", **params)
        if kind == "recall":
            return IllegalMove("sapiens.why.no_fist_there", **params)
        return IllegalMove("sapiens.why.not_offered", **params)
    if kind == "rite":
        return IllegalMove("sapiens.why.no_rite", scene=mv.scene_ref(arg.upper()))
    if kind == "do":
        return IllegalMove("sapiens.why.no_effect", scene=mv.scene_ref(arg.upper()))
    if kind == "den":
        return IllegalMove("sapiens.why.no_den", cell=mv.square_ref(mv.sq_of(arg)))
    if kind == "unbear":
        return IllegalMove("sapiens.why.no_bear_there", cell=mv.square_ref(mv.sq_of(arg)))
    if kind == "bear":
        return IllegalMove("sapiens.why.no_bear_valley")
    if kind == "pay":
        return IllegalMove("sapiens.why.no_pay")
    return IllegalMove("sapiens.why.first", what=f"@sapiens.first.{step_kind(state)}")


def beside_abandoned_only(state: State, me: int, tile: str, mode: str) -> bool:
    """Whether ``tile`` could be laid in ``mode`` if the active tribe might touch an
    abandoned one: then that rule alone refuses it."""
    here = laying.ground(state, me)
    if not here.apart:
        return False
    player = st.data(state)["players"][me]
    loose = Ground.of(player, plain_ok=here.plain_ok, apart=False)
    return loose.can_lay(tile, mode)


__all__ = ["STEP_KINDS", "beside_abandoned_only", "explain", "step_kind", "wrong_choice"]
