"""Why a well-formed Origin Junior move code is refused, in the player's terms.

Called by ``OriginJunior.explain_illegal`` (through ``rules.base.parse_move``) only for
codes that have the game's syntax but are not among the legal moves. Every branch
returns an ``IllegalMove`` with a specific message key of ``rules/origin/locales``.
"""

from __future__ import annotations

from typing import Any

from rules.base import IllegalMove, Seat, State
from rules.kit.turns import Turns
from rules.origin import movement as mv
from rules.origin.components import BOARD, PAWNS
from rules.origin.junior_data import data, owner_at, pending, villages_left

_TERR_CODES = {t.lower(): t for t in BOARD.order}


def _illegal(reason: mv.Reason | None, fallback: str, **params: Any) -> IllegalMove:
    if reason is None:
        return IllegalMove(fallback, **params)
    return IllegalMove(reason.key, **reason.params)


def explain(state: State, seat: Seat, code: str) -> IllegalMove:
    """The reason ``code`` cannot be played by ``seat`` now."""
    junior = data(state)
    if junior["over"] is not None:
        return IllegalMove("move.game_over")
    if seat not in state.seats:
        return IllegalMove("move.not_a_player")
    turns = Turns(state)
    if turns.seat != seat:
        return IllegalMove("move.not_your_turn")
    me = turns.current
    kind, _, arg = code.partition(":")
    frame = pending(junior)
    pawn_at, owners = junior["pawn_at"], owner_at(junior)
    if frame is None:
        if kind in ("pawn", "to", "back"):
            return IllegalMove("origin.illegal.choose_action_first")
        if kind == "pass":
            return IllegalMove("origin.illegal.pass_not_allowed")
        at = _TERR_CODES[arg]
        if kind == "evolve":
            if villages_left(junior, me) == 0:
                return IllegalMove("origin.illegal.no_village")
            if not junior["supply"]:
                return IllegalMove("origin.illegal.supply_empty")
            return _illegal(
                mv.why_not_evolve_into(BOARD, pawn_at, at),
                "origin.illegal.no_fitting_pawn",
                where=mv.where(at),
            )
        refusal = mv.why_not_move_from(pawn_at, owners, at, me)
        if refusal is not None:
            return _illegal(refusal, "move.not_legal", move=code)
        key = "origin.illegal.stuck" if kind == "migrate" else "origin.illegal.no_swap_target"
        return IllegalMove(key, where=mv.where(at), pawn=mv.pawn_name(pawn_at[at]))
    action, at = frame["kind"], frame["at"]
    if kind in ("evolve", "migrate", "swap", "pass"):
        return IllegalMove("origin.illegal.finish_action", action=f"@origin.action.{action}")
    if action == "evolve":
        if kind != "pawn":
            return IllegalMove("origin.illegal.expect_pawn")
        if junior["supply"].get(arg, 0) == 0:
            return IllegalMove("origin.illegal.pawn_not_in_supply", pawn=mv.pawn_name(arg))
        return _illegal(mv.why_not_this_pawn(BOARD, pawn_at, at, arg), "move.not_legal", move=code)
    if kind != "to":
        return IllegalMove("origin.illegal.expect_target")
    target = _TERR_CODES[arg]
    size = PAWNS.pawns[pawn_at[at]].size
    if action == "migrate":
        reason = mv.why_not_migrate_to(BOARD, pawn_at, at, target, size)
    else:
        reason = mv.why_not_swap_with(BOARD, pawn_at, owners, at, target, size)
    return IllegalMove(reason.key, **reason.params)
