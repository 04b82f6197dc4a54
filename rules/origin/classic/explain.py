"""Why a well-formed Origin Classic move code is refused, in the player's terms.

Called by ``OriginClassic.explain_illegal`` (through ``rules.base.parse_move``) only for
codes with the game's syntax that are not legal now. Every branch returns an
``IllegalMove`` whose key lives in ``rules/origin/locales`` (shared Evolve/Migrate/Swap
reasons) or ``rules/origin/classic/locales``.
"""

from __future__ import annotations

from typing import Any

from rules.base import IllegalMove, Seat, State
from rules.origin import movement as mv
from rules.origin.classic import actions as ac
from rules.origin.classic import classic_data as cd
from rules.origin.classic import play as pl
from rules.origin.classic import rewards as rw
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, COLUMNS
from rules.origin.classic.classic_data import ActFrame, ClassicData, ClassicFrame
from rules.origin.classic.perks import perks
from rules.origin.components import BOARD, PAWNS

_TERR = {t.lower(): t for t in BOARD.order}
_CARD = {c.lower(): c for c in CARDS}
STEP_KINDS = {
    "act": ("pawn", "to"),
    "extra": ("evolve", "migrate", "swap"),
    "reward": ("reward",),
    "tile": ("tile",),
    "putback": ("putback",),
    "limit": ("discard",),
}
TARGET_KINDS = {
    "steal_card": "from",
    "steal_token": "token",
    "steal_tile": "tile",
    "take_any_tile": "tile",
    "draw_any": "deck",
    "renew_column": "column",
}


def _no(key: str, **params: Any) -> IllegalMove:
    return IllegalMove(key, **params)


def explain(state: State, seat: Seat, code: str) -> IllegalMove:
    """The reason ``code`` cannot be played by ``seat`` now."""
    data = cd.data(state)
    if data["over"]:
        return _no("move.game_over")
    if seat not in state.seats:
        return _no("move.not_a_player")
    me = state.seats.index(seat)
    kind, _, arg = code.partition(":")
    if data["phase"] == "choose":
        if not data["dealt"][me]:
            return _no("origin.classic.illegal.wait_for_choices")
        if kind != "keep":
            return _no("origin.classic.illegal.choose_objective_first")
        return _no("origin.classic.illegal.not_dealt", card=rw.card_name(_CARD[arg]))
    if kind == "keep":
        return _no("origin.classic.illegal.setup_over")
    if data["turn"] != me:
        return _no("move.not_your_turn")
    frames = data["frames"]
    if not frames:
        return _free(data, me, kind, arg, code)
    frame = frames[-1]
    expected = _expected(frame)
    if kind == "back":
        return _no("origin.classic.illegal.cannot_go_back")
    if kind not in expected:
        return _no(
            "origin.classic.illegal.finish_step", step=f"@origin.classic.step.{frame['kind']}"
        )
    if frame["kind"] == "act":
        return _finish(data, me, frame, kind, arg, code)
    if frame["kind"] == "extra":
        return _start(data, me, frame["mode"], kind, arg, code)
    if kind == "reward":
        assert frame["kind"] == "reward"  # ``reward`` is only expected on its frame
        colour = frame["colour"]
        if arg == "card" and colour != "brown" and rw.placeable(data, me, (colour,)):
            return _no("origin.classic.illegal.take_the_tile", column=rw.colour_name(colour))
        if (
            arg in ("brown", "any")
            and colour != "brown"
            or arg in ("tile", "card", "draw")
            and colour == "brown"
        ):
            return _no("origin.classic.illegal.not_this_colour", column=rw.colour_name(colour))
        return _no("origin.classic.illegal.reward_option", option=f"@origin.classic.option.{arg}")
    if kind == "tile":
        return _tile(data, me, frame, arg.upper())
    if kind in ("putback", "discard"):
        return _no("origin.classic.illegal.not_in_hand", card=rw.card_name(_CARD[arg]))
    if kind == "from":
        victim = int(arg[1:]) - 1
        if victim == me or victim >= data["players"]:
            return _no("origin.classic.illegal.not_an_opponent", player=arg[1:])
        return _no("origin.classic.illegal.empty_hand", player=state.seats[victim])
    if kind == "token":
        return _no("origin.classic.illegal.token_not_held", token=arg.upper())
    if kind == "deck":
        return _no("origin.classic.illegal.deck_empty", deck=rw.deck_name(arg))
    return _no("origin.classic.illegal.column_empty", column=rw.colour_name(arg))


def _expected(frame: ClassicFrame) -> tuple[str, ...]:
    if frame["kind"] == "target":
        return (TARGET_KINDS[CARDS[frame["card"]].kind],)
    return STEP_KINDS.get(frame["kind"], ())


def _free(data: ClassicData, me: int, kind: str, arg: str, code: str) -> IllegalMove:
    if kind == "end":
        return _no("origin.classic.illegal.act_first")
    if kind == "pass":
        if data["acted"]:
            return _no("origin.classic.illegal.already_acted")
        return _no("origin.illegal.pass_not_allowed")
    if kind == "play":
        reason = pl.why_not_play(data, me, _CARD[arg])
        if reason is None:
            return _no("move.not_legal", move=code)
        return _no(reason[0], **reason[1])
    if kind in ("evolve", "migrate", "swap"):
        if data["acted"]:
            return _no("origin.classic.illegal.already_acted")
        return _start(data, me, kind, kind, arg, code)
    return _no("origin.classic.illegal.nothing_pending")


def _start(data: ClassicData, me: int, mode: str, kind: str, arg: str, code: str) -> IllegalMove:
    """Why an action may not start from territory ``arg`` in ``mode``."""
    if ac.START_CODE[mode] != kind:
        return _no(
            "origin.classic.illegal.card_action", action=f"@origin.action.{ac.ACTION_OF[mode]}"
        )
    at = _TERR[arg]
    pawn_at, owner_at = data["pawn_at"], data["owner_at"]
    if kind == "evolve":
        if data["villages"][me] == 0:
            return _no("origin.illegal.no_village")
        if not data["supply"]:
            return _no("origin.illegal.supply_empty")
        reach, _ = ac.evolve_rule(data, me, mode)
        reason = mv.why_not_evolve_into(BOARD, pawn_at, at, reach)
        if reason is None:
            return _no("origin.illegal.no_fitting_pawn", where=mv.where(at))
        return _no(reason.key, **reason.params)
    refusal = mv.why_not_move_from(pawn_at, owner_at, at, me)
    if refusal is not None:
        return _no(refusal.key, **refusal.params)
    key = "origin.illegal.stuck" if kind == "migrate" else "origin.illegal.no_swap_target"
    return _no(key, where=mv.where(at), pawn=mv.pawn_name(pawn_at[at]))


def _finish(
    data: ClassicData, me: int, frame: ActFrame, kind: str, arg: str, code: str
) -> IllegalMove:
    mode, at = frame["mode"], frame["at"]
    pawn_at, owner_at = data["pawn_at"], data["owner_at"]
    if mode in ("evolve", "adapt"):
        if kind != "pawn":
            return _no("origin.illegal.expect_pawn")
        if data["supply"].get(arg, 0) == 0:
            return _no("origin.illegal.pawn_not_in_supply", pawn=mv.pawn_name(arg))
        reach, table = ac.evolve_rule(data, me, mode)
        reason = mv.why_not_this_pawn(BOARD, pawn_at, at, arg, reach, table)
        if reason is None and mode == "adapt":
            # An ordinary evolution: ADAPTATION asks for exactly two features changed.
            return _no("origin.classic.illegal.adapt_two_features", pawn=mv.pawn_name(arg))
        if reason is None:
            return _no("move.not_legal", move=code)
        return _no(reason.key, **reason.params)
    if kind != "to":
        return _no("origin.illegal.expect_target")
    target = _TERR[arg]
    steps = ac.steps_of(data, me, at, mode)
    if mode in ("migrate", "exodus"):
        reason = mv.why_not_migrate_to(BOARD, pawn_at, at, target, steps)
        return _no(reason.key, **reason.params)
    other = owner_at.get(target)
    if (
        mode == "swap"
        and other is not None
        and other not in (me, mv.NEUTRAL)
        and perks(data, other).protection
        and PAWNS.pawns[pawn_at[at]].strength - PAWNS.pawns[pawn_at[target]].strength
        < perks(data, other).protection
        and BOARD.distance(at, target) <= steps
    ):
        return _no("origin.classic.illegal.protected", where=mv.where(target))
    lead, against = ac.swap_leads(data, me, mode)
    reason = mv.why_not_swap_with(BOARD, pawn_at, owner_at, at, target, steps, lead, against)
    return _no(reason.key, **reason.params)


def _tile(data: ClassicData, me: int, frame: ClassicFrame, tile: str) -> IllegalMove:
    column = tl.column_of(data, tile)
    if frame["kind"] == "target" and CARDS[frame["card"]].kind == "steal_tile":
        return _no("origin.classic.illegal.not_a_free_tile", tile=tile)
    if column is None:
        return _no("origin.classic.illegal.tile_not_on_board", tile=tile)
    columns = frame["columns"] if frame["kind"] == "tile" else list(COLUMNS)
    if column not in columns:
        return _no(
            "origin.classic.illegal.tile_wrong_column",
            tile=tile,
            column=rw.colour_name(columns[0]),
        )
    lv = tl.level(tile)
    return _no("origin.classic.illegal.tile_no_stack", tile=tile, level=lv, below=lv - 1)


__all__ = ["explain"]
