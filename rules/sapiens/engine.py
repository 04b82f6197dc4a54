"""The Sapiens engine (``sapiens``): set-up, the starting round, turns, the end.

Rulebook ``seeds/001_7d304511fc25d0c1.txt`` with the rulings of
``docs/contributors/components/sapiens.md`` section 4 (listed in the package docstring).
A turn has three free points (no frame pending): before laying (``tile:``, ``token:``,
``abandon`` or ``stop``), after laying (``token:``, ``take:``/``refill``), and, with two players,
the discard (``discard:``). Everything in between is a frame (``laying``,
``effects``). Decisions with one option that lose nothing are taken at once; when
nothing is left to decide the turn ends by itself.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from typing import Any, cast

from rules.base import (
    CorruptState,
    Game,
    GameSpec,
    Move,
    MoveError,
    Outcome,
    Record,
    ScoreSheet,
    Seat,
    Section,
    State,
    Text,
    Zone,
    determinize_base,
    rank_by,
)
from rules.core.hints import Effects
from rules.kit.end import finish, is_over
from rules.kit.turns import Turns
from rules.sapiens import effects as fx
from rules.sapiens import laying
from rules.sapiens import moves as mv
from rules.sapiens import state as st
from rules.sapiens.board import NEW_TRIBE, PLAY, START
from rules.sapiens.components import CU, SUPPLY, TILES
from rules.sapiens.explain import explain
from rules.sapiens.heuristic import sapiens_value
from rules.sapiens.hints import sapiens_effects
from rules.sapiens.invariants import problems
from rules.sapiens.options import ABANDONED_APART, GATHERING_OPTIONAL, OPTIONS
from rules.sapiens.present import GROUPS, sections
from rules.sapiens.setup import new_step, setup_data
from rules.sapiens.view import sapiens_view

log = logging.getLogger(__name__)

CATEGORIES = ("sapiens.food", "sapiens.shelter")


class Sapiens(Game):
    """Sapiens: lead a tribe through a valley; score the lower of food and shelter."""

    spec = GameSpec(
        id="sapiens",
        name=Text("sapiens.name"),
        min_seats=2,
        max_seats=4,
        summary=Text("sapiens.summary"),
        options=OPTIONS,
        tips=(Text("sapiens.tips"),),
        groups=GROUPS,
        rules_version=3,
        state_form=3,
    )
    continues_without_a_seat = True
    has_hidden_information = True

    def determinize(self, state: State, seat: Seat, rng: random.Random) -> State:
        """The draw pile's order and the tiles removed unseen at set-up are the only
        secrets: the two are pooled (sorted: what the seat can work out), shuffled by
        ``rng`` and dealt back with the same sizes."""
        new = determinize_base(state, rng)
        data = st.data(new)
        pool = sorted([*data["pile"], *data["removed"]])
        rng.shuffle(pool)
        size = len(data["pile"])
        data["pile"], data["removed"] = pool[:size], pool[size:]
        return new

    def hidden_zones(self, state: State, seat: Seat) -> list[Zone]:
        """What ``determinize`` deals again: the draw pile and the tiles removed unseen,
        for every seat alike."""
        data = st.data(state)
        return [
            Zone("tile/pile", "tile", data["pile"]),
            Zone("tile/removed", "tile", data["removed"]),
        ]

    def upgrade_options(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Version 1 let a player out of moves play any mountain token before stopping
        (S7); versions 1 and 2 let an active tribe touch an abandoned one and gave
        Cueillette's food before Festin's extra tile (issue 23): such games keep those
        readings."""
        old = {ABANDONED_APART.name: False, GATHERING_OPTIONAL.name: False}
        if version == 1:
            return {**options, "tokens_when_out": "any", **old}
        if version == 2:
            return {**options, **old}
        return super().upgrade_options(version, options)

    # -- set-up and who acts -------------------------------------------------------------

    def _setup(self, state: State) -> None:
        """Rulebook "Mise en place" (see ``setup``)."""
        state.data = st.as_json(setup_data(state))

    def _to_act(self, state: State) -> frozenset[Seat]:
        if is_over(st.data(state)):
            return frozenset()
        return frozenset({Turns(state).seat})

    # -- legal moves ---------------------------------------------------------------------

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        data = st.data(state)
        me = state.seats.index(seat)
        if is_over(data) or data["turn"] != me:
            return []
        frames = st.stack(data)
        top = frames.top
        if top is None:
            return self._free_moves(state, me)
        if st.is_lay(top):
            moves = laying.frame_moves(state, me, top)
        elif top["kind"] == "newtribe":
            moves = laying.tile_moves(state, me, NEW_TRIBE)
        else:
            moves = fx.frame_moves(state, me, top)
        return frames.with_back(moves)

    def _free_moves(self, state: State, me: int) -> list[Move]:
        data = st.data(state)
        step = data["step"]
        if not step["laid"]:
            return self._before_laying(state, me) + fx.recall_moves(state, me)
        moves = self._token_moves(state, me)
        if not step["refilled"]:
            return moves + self._refill_moves(state, me) + fx.recall_moves(state, me)
        return moves + self._discard_moves(state) + fx.recall_moves(state, me)

    def _before_laying(self, state: State, me: int) -> list[Move]:
        data = st.data(state)
        if data["phase"] == "start":
            moves = laying.tile_moves(state, me, START)
            return moves or laying.tile_moves(state, me, NEW_TRIBE)
        moves = laying.tile_moves(state, me, PLAY)
        tokens = self._token_moves(state, me)
        if moves:
            return moves + tokens
        if laying.layable(state, me, NEW_TRIBE):
            return [*tokens, mv.mk("abandon", "sapiens.move.abandon", "abandon")]
        # S7: nothing can be laid, even as a new tribe: only a token that could make a
        # tile fit is still offered; the others would score for a player who is out
        if state.options.get("tokens_when_out") != "any":
            tokens = [
                m for m in tokens if fx.could_help(state, me, m.code.partition(":")[2].upper())
            ]
        return [*tokens, mv.mk("stop", "sapiens.move.stop", "abandon")]

    def _token_moves(self, state: State, me: int) -> list[Move]:
        """At most one mountain token a turn, before laying or after it but before the
        refill starts; never in the starting round; not one whose effect does nothing."""
        data = st.data(state)
        step = data["step"]
        if data["phase"] != "play" or step["token"] or step["refilled"] or step.get("took"):
            return []
        player = data["players"][me]
        out = []
        for scene in sorted(set(player["held"]), key=fx._scene_order):
            if fx.is_void(state, me, scene, "token"):
                continue
            out.append(
                mv.mk(
                    f"token:{scene.lower()}",
                    "sapiens.move.token",
                    "token",
                    scene=mv.scene_ref(scene),
                )
            )
        return out

    def _refill_moves(self, state: State, me: int) -> list[Move]:
        data = st.data(state)
        need = SUPPLY.personal_pool - len(data["players"][me]["pool"])
        kinds = mv.distinct_tiles(data["common"], data["baston"])
        if need <= 0 or not data["common"]:
            return [mv.mk("refill", "sapiens.move.refill_none", "refill")]
        if len(data["common"]) <= need or len(kinds) == 1:
            n = min(need, len(data["common"]))
            key = "sapiens.move.refill_one" if n == 1 else "sapiens.move.refill"
            return [mv.mk("refill", key, "refill", n=n)]
        return [
            Move(
                f"take:{mv.code_of_tile(t)}",
                Text("sapiens.move.take", mv.tile_params(t, data["baston"].get(t, ()))),
                "refill",
            )
            for t in kinds
        ]

    def _discard_moves(self, state: State) -> list[Move]:
        data = st.data(state)
        return [
            Move(
                f"discard:{mv.code_of_tile(t)}",
                Text("sapiens.move.discard", mv.tile_params(t, data["baston"].get(t, ()))),
                "discard",
            )
            for t in mv.distinct_tiles(data["common"], data["baston"])
        ]

    # -- apply ---------------------------------------------------------------------------

    def is_well_formed(self, code: str) -> bool:
        match = mv.CODE.match(code)
        if match is None:
            return False
        tile = match.group(2)
        return tile is None or mv.tile_of_code(tile) in TILES

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        data = st.data(state)
        me = state.seats.index(seat)
        pile_before = len(data["pile"])
        kind, _, arg = move.code.partition(":")
        frames = st.stack(data)
        top = frames.top
        if kind == "back":
            frames.back({k: self._undo_hook(state, me) for k in st.BACKABLE})
        elif top is None:
            self._free(state, me, kind, arg, record)
        elif st.is_lay(top):
            self._lay_step(state, me, kind, arg, record)
        elif top["kind"] == "newtribe":
            laying.start_cell(state, me, NEW_TRIBE, mv.tile_of_code(arg))
        else:
            fx.apply(state, me, kind, arg, record)
        self._settle(state, me, record)
        if len(data["pile"]) < pile_before:
            record.learned = True

    def _undo_hook(self, state: State, me: int) -> Callable[[st.SapiensFrame], None]:
        def hook(frame: st.SapiensFrame) -> None:
            if st.is_effect(frame):
                fx.undo(state, me, frame)

        return hook

    def _lay_step(self, state: State, me: int, kind: str, arg: str, record: Record) -> None:
        if kind == "at":
            laying.choose_cell(state, me, mv.sq_of(arg), record)
        elif kind == "lay":
            a, _, b = arg.partition(":")
            laying.choose_placement(state, me, (mv.sq_of(a), mv.sq_of(b)), record)
        elif kind == "pay":
            laying.choose_payment(state, me, int(arg), record)

    def _free(self, state: State, me: int, kind: str, arg: str, record: Record) -> None:
        data = st.data(state)
        player = data["players"][me]
        seat = state.seats[me]
        if kind == "tile":
            mode: st.Mode
            if data["phase"] == "start":
                mode = START if laying.layable(state, me, START) else NEW_TRIBE
            else:
                mode = PLAY
            laying.start_cell(state, me, mode, mv.tile_of_code(arg))
        elif kind == "token":
            scene = arg.upper()
            player["held"].remove(scene)
            player["used"].append(scene)
            data["step"]["token"] = True
            record.note("sapiens.note.token", seat=seat, scene=mv.scene_ref(scene))
            fx.open_effect(state, me, scene, "token", record, committed=False)
        elif kind == "abandon":
            st.stack(data).add({"kind": "newtribe"})
        elif kind == "recall":
            fx.recall(state, me, mv.tile_of_code(arg), record)
        elif kind == "stop":
            player["finished"] = True
            record.note("sapiens.note.finished", seat=seat)
            self._end_turn(state, record)
        elif kind == "take":
            tile = mv.tile_of_code(arg)
            data["common"].remove(tile)
            player["pool"].append(tile)
            data["step"]["took"] = data["step"].get("took", 0) + 1
            record.note("sapiens.note.take", seat=seat, **mv.tile_params(tile))
            if len(player["pool"]) >= SUPPLY.personal_pool or not data["common"]:
                data["step"]["refilled"] = True
        elif kind == "refill":
            need = SUPPLY.personal_pool - len(player["pool"])
            taken = data["common"][: max(0, need)]
            del data["common"][: len(taken)]
            player["pool"] += taken
            for tile in taken:
                record.note("sapiens.note.take", seat=seat, **mv.tile_params(tile))
            data["step"]["refilled"] = True
        elif kind == "discard":
            tile = mv.tile_of_code(arg)
            data["common"].remove(tile)
            data["discarded"].append(tile)
            for owner in data["baston"].pop(tile, []):
                data["players"][owner]["baston_home"] += 1
            data["step"]["discarded"] = True
            record.note("sapiens.note.discard", seat=seat, **mv.tile_params(tile))

    # -- settling: what needs no decision ---------------------------------------------

    def _settle(self, state: State, me: int, record: Record) -> None:
        data = st.data(state)
        frames = st.stack(data)
        for _ in range(200):
            if is_over(data) or data["turn"] != me:
                return
            top = frames.top
            if top is None:
                if not self._settle_free(state, me, record):
                    return
                continue
            if top["kind"] == "effects":
                top["pending"] = [
                    s for s in top["pending"] if not fx.is_void(state, me, s, "effect")
                ]
                if not top["pending"]:
                    frames.pop()
                    laying.settle_cave(state, me, top["cave"], PLAY, record)
                    continue
                pending = top["pending"]
                if len(pending) == 1:
                    scene = pending.pop()
                    fx.open_effect(state, me, scene, "effect", record, committed=True)
                    continue
                if CU in pending and not fx.gathering_order_matters(state, me, pending):
                    pending.remove(CU)  # the order changes nothing: Cueillette first
                    fx.open_effect(state, me, CU, "effect", record, committed=True)
                    continue
                return
            if st.is_effect(top) and fx.is_void(state, me, top["scene"], top["source"]):
                frames.pop()
                continue
            return
        raise CorruptState("sapiens.state.settle_loop")

    def _settle_free(self, state: State, me: int, record: Record) -> bool:
        """At a free point: take the one-option steps; ``True`` if something was done."""
        data = st.data(state)
        step = data["step"]
        if not step["laid"]:
            return False
        if self._token_moves(state, me):
            return False
        if not step["refilled"]:
            moves = self._refill_moves(state, me)
            if len(moves) == 1:
                self._free(state, me, "refill", "", record)
                return True
            return False
        if len(state.seats) == 2 and not step["discarded"] and data["common"]:
            moves = self._discard_moves(state)
            if len(moves) == 1:
                self._free(state, me, "discard", moves[0].code.partition(":")[2], record)
                return True
            return False
        self._end_turn(state, record)
        return True

    # -- end of turn, rounds, end of game ----------------------------------------------

    def _end_turn(self, state: State, record: Record) -> None:
        """Refill the common pool from the pile; the end (pile and common pool empty)
        lets the round finish; then the next player who can play."""
        data = st.data(state)
        while len(data["common"]) < SUPPLY.common_pool and data["pile"]:
            tile = data["pile"].pop()
            data["common"].append(tile)
            record.note("sapiens.note.reveal", **mv.tile_params(tile))
        turns = Turns(state)
        if not data["pile"] and not data["common"] and not turns.is_final_round:
            turns.start_final_round("normal", round_out=True)  # S12: the round is played out
            record.note("sapiens.note.ending")
        st.stack(data).clear()
        self._advance(state, record)

    def _advance(self, state: State, record: Record) -> None:
        """Seat by seat in turn order (out or not, ``Turns.step``): a new round ends the
        starting round, or the game in its final round; then the first seat that can
        play takes the turn (a seat with an empty pool passes, one out of moves is
        finished, S7)."""
        data = st.data(state)
        turns = Turns(state)
        count = len(state.seats)
        for _ in range(3 * count + 2):
            new_round = turns.step()
            data["step"] = new_step()
            if new_round:
                ending = data["ending"]
                if data["phase"] == "start":
                    data["phase"] = "play"
                elif ending is not None:
                    self._finish(state, ending["reason"])
                    return
            if not self._still_playing(state):
                self._finish(state, "stuck")
                return
            me = data["turn"]
            seat = state.seats[me]
            player = data["players"][me]
            if seat in state.out or player["finished"]:
                continue
            if data["phase"] == "start":
                if player["started"]:
                    continue
                return
            if not player["pool"]:
                record.note("sapiens.note.pass", seat=seat)
                continue
            if self._is_stuck(state, me):
                player["finished"] = True
                record.note("sapiens.note.finished", seat=seat)
                continue
            return
        self._finish(state, "stuck")

    def _is_stuck(self, state: State, me: int) -> bool:
        """S7: no tile can be laid, no new tribe can start, no token can help."""
        moves = self._before_laying(state, me)
        return len(moves) == 1 and moves[0].code == "stop"

    def _still_playing(self, state: State) -> bool:
        return any(
            not p["finished"] and s not in state.out
            for s, p in zip(state.seats, st.data(state)["players"], strict=True)
        )

    def _finish(self, state: State, reason: str) -> None:
        data = st.data(state)
        finish(data, reason)
        st.stack(data).clear()

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        """A player who leaves: his tiles stay; his Baston tokens go home; on his turn the
        pending steps are dropped and the next player plays."""
        data = st.data(state)
        me = state.seats.index(seat)
        for tile in list(data["baston"]):
            owners = [k for k in data["baston"][tile] if k != me]
            data["players"][me]["baston_home"] += len(data["baston"][tile]) - len(owners)
            if owners:
                data["baston"][tile] = owners
            else:
                del data["baston"][tile]
        if not is_over(data) and data["turn"] == me:
            self._end_turn(state, record)
        elif not is_over(data) and not self._still_playing(state):
            self._finish(state, "stuck")

    # -- information ----------------------------------------------------------------------

    def _view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return cast(dict[str, Any], sapiens_view(state, seat))

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        """Nothing is hidden in Sapiens; the seat's own summary (pool, tokens, points)."""
        if seat not in state.seats:
            return []
        return sections(state, state.seats.index(seat))

    def evaluate(self, state: State, seat: Seat) -> float:
        """The lower track first, plus what is in the making, against the best other
        seat (``heuristic``)."""
        return sapiens_value(state, seat)

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """Food and shelter, steaks, tokens, a new tribe, the tribe's room, and bears
        and dead ends for the others (``hints``)."""
        sheets = (self.scores(before, seat), self.scores(after, seat))
        return sapiens_effects(sheets, before, after, seat)

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        """Food and shelter; the total is the lower of the two (rulebook "Fin de partie")."""
        players = st.data(state)["players"]
        rows = {
            s: {"sapiens.food": p["food"], "sapiens.shelter": p["shelter"]}
            for s, p in zip(state.seats, players, strict=True)
        }
        given = {s: min(p["food"], p["shelter"]) for s, p in zip(state.seats, players, strict=True)}
        return ScoreSheet(CATEGORIES, rows, final=is_over(st.data(state)), given=given)

    def _outcome(self, state: State) -> Outcome | None:
        """The best lower track wins; ties share the win (no tie-break in the rulebook)."""
        over = st.data(state)["over"]
        if over is None:
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s),) for s in state.seats}
        return Outcome(rank_by(state.seats, keys), sheet.totals(), Text(f"sapiens.end.{over}"))

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        return explain(self.legal_moves, state, seat, code)

    def check_game_invariants(self, state: State) -> None:
        found = problems(state)
        if found:
            log.error("sapiens state %s fails: %s", state.seed, found)
            raise CorruptState("sapiens.state.corrupt", detail=found)


SAPIENS = Sapiens()

__all__ = ["CATEGORIES", "SAPIENS", "Sapiens"]
