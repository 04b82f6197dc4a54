"""The Tribes engine (``tribes``): the contract hooks over the turn, frames and steps.

A decision is either the top frame of ``data["frames"]`` (``rules.tribes.frames``) or,
with no frame pending, a move of the current step (``turn.step_moves``). ``back`` takes
back an uncommitted frame. After every move ``turn.advance`` runs what needs no
decision. A seat that leaves takes its tribe off the map (members and villages back to
the supplies) and the others play on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
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
from rules.kit.end import is_over
from rules.kit.turns import Turns
from rules.tribes import actions as ac
from rules.tribes import ancients as an
from rules.tribes import board as bd
from rules.tribes import build as bu
from rules.tribes import chief_frames as chf
from rules.tribes import chiefs as ch
from rules.tribes import conflicts as cf
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes import turn as tn
from rules.tribes.components import DICE, MEMBERS, VILLAGE_PAWNS
from rules.tribes.data_copy import check_shape, copy_data
from rules.tribes.event_cards import EVENTS
from rules.tribes.event_state import REVIEWED
from rules.tribes.explain import explain, is_well_formed
from rules.tribes.heuristic import tribes_value
from rules.tribes.hints import tribes_effects
from rules.tribes.options import CONFLICTS_REVIEWED, OPTIONS
from rules.tribes.players import VP_CATEGORIES, active, player, vp_in, vp_total
from rules.tribes.setup import apply_placement, new_game, placer
from rules.tribes.view import private_sections, public_view

BACK = fr.BACK
SCORE_KEYS = tuple(f"tribes.score.{c}" for c in VP_CATEGORIES)


class Tribes(Game):
    """L'Aube des Tribus / Rise of Tribes: base rules, 2-4 players."""

    spec = GameSpec(
        id="tribes",
        name=Text("tribes.name"),
        min_seats=2,
        max_seats=4,
        options=OPTIONS,
        summary=Text("tribes.summary"),
        tips=(
            Text("tribes.tips"),
            Text("tribes.help.events"),
            *(
                Text("tribes.help.item", {"name": f"@{card.name_key}", "text": f"@{card.text_key}"})
                for card in EVENTS.cards.values()
            ),
            Text("tribes.help.chiefs"),
            *(
                Text(
                    "tribes.help.item",
                    {"name": f"@tribes.chief.{p}", "text": f"@tribes.chief.{p}.text"},
                )
                for p in ch.POWERS
            ),
        ),
        groups={
            g: Text(f"tribes.group.{g}")
            for g in (
                "place",
                "take",
                "action",
                "grow",
                "travel",
                "gather",
                "lead",
                "done",
                "conflict",
                "village",
                "goal",
                "end",
                "pottery",
                "event",
                "back",
                "chief",
                "elder",
            )
        },
        rules_version=3,
        state_form=2,
    )
    continues_without_a_seat = True
    has_hidden_information = True

    def determinize(self, state: State, seat: Seat, rng: random.Random) -> State:
        """The order of every goal deck is the only secret besides the generator's future
        (events are drawn at random from a deck kept sorted): each deck is sorted (what
        any seat can work out) then shuffled by ``rng``."""
        new = determinize_base(state, rng)
        for mine in new.data["players"]:
            mine["deck"].sort()
            rng.shuffle(mine["deck"])
        ch.determinize(new, seat, rng)  # chiefs: unrevealed picks, Prémonition's cards
        return new

    def hidden_zones(self, state: State, seat: Seat) -> list[Zone]:
        """The order of every goal deck (each its own kind), then the chiefs' secrets:
        the picks not revealed, what Prémonition saw, the card being peeked at
        (``chiefs.hidden_zones``)."""
        zones = [
            Zone(f"goals/{p}", f"goals/{p}", mine["deck"])
            for p, mine in enumerate(state.data["players"])
        ]
        return zones + ch.hidden_zones(state, seat)

    def upgrade_options(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Version 1 played the events as first written (before their review against the
        rulebook), and asked a Lead with villages which goals to put back even when the
        deck could not give other cards (``actions.discards_matter``): such games keep
        both readings (``events_reviewed`` off, ``lead_discards`` always). Versions 1 and
        2 applied the Fortifications for their owner and gave an Elder's point to the
        active player whoever fought (``conflicts_reviewed`` off)."""
        if version == 1:
            return {
                **options,
                REVIEWED.name: False,
                "lead_discards": "always",
                CONFLICTS_REVIEWED.name: False,
            }
        if version == 2:
            return {**options, CONFLICTS_REVIEWED.name: False}
        return super().upgrade_options(version, options)

    def evaluate(self, state: State, seat: Seat) -> float:
        return tribes_value(state, seat)  # rules/tribes/heuristic.py

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """VP, villages, members, resources and goals ready (``hints``)."""
        sheets = (self.scores(before, seat), self.scores(after, seat))
        return tribes_effects(sheets, before, after, seat)

    def _setup(self, state: State) -> None:
        new_game(state)
        ch.setup(state)  # chiefs: the pick step comes first

    def _copy_data(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy_data(data)

    def _decider(self, state: State) -> int | None:
        data = st.data(state)
        if is_over(data):
            return None
        frame = fr.top(state)
        if frame is not None:
            return int(frame["player"])
        if data["step"] == "place":
            return placer(state)
        return active(state)

    def _to_act(self, state: State) -> frozenset[Seat]:
        if ch.is_on(state) and ch.picking(state):  # chiefs: everyone picks at once (T20)
            return frozenset(state.seats[p] for p in ch.pickers(state))
        who = self._decider(state)
        return frozenset() if who is None else frozenset({state.seats[who]})

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        me = state.seats.index(seat)
        if ch.is_on(state) and ch.picking(state):
            return ch.pick_moves(state, me)
        frame = fr.top(state)
        if frame is None:
            return [*tn.step_moves(state), *chf.anytime_moves(state, me)]
        kind = fr.kind_of(frame)
        return fr.with_back(state, [*kind.moves(state, frame), *chf.anytime_moves(state, me)])

    def is_well_formed(self, code: str) -> bool:
        return is_well_formed(code) or ch.is_well_formed(code)

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        return ch.explain(state, code) or explain(state, code)

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        code = move.code
        frame = fr.top(state)
        me = state.seats.index(seat)
        if ch.is_on(state) and ch.picking(state):  # chiefs: the pick
            ch.apply_pick(state, me, code, record)
        elif ch.owns_anytime(state, code):  # chiefs: Marchands, Voyageurs, Village caché
            chf.apply_anytime(state, me, code, record)
        elif frame is not None:
            if code == BACK.code:
                fr.back(state)
            else:
                fr.kind_of(frame).apply(state, frame, code, record)
        else:
            self._apply_step(state, code, record)
        tn.advance(state, record)

    @staticmethod
    def _apply_step(state: State, code: str, record: Record) -> None:
        step = st.data(state)["step"]
        if step == "place":
            apply_placement(state, code, record)
        elif code == "pottery":
            bu.apply_pottery(state, record)
        elif events.owns_turn_move(code):
            events.apply_turn_move(state, active(state), code, record)
        elif an.owns_turn_move(code):
            an.apply_turn_move(state, active(state), code, record)
        elif step == "actions":
            ac.apply_action(state, code, record)
        elif code == "end":
            tn.end_turn(state, record)
        else:
            bu.apply_build(state, code, record)

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        """The tribe leaves the map; if it was its turn (or its starting placement), the
        turn passes on at once."""
        data = st.data(state)
        index = state.seats.index(seat)
        if ch.is_on(state) and ch.picking(state):  # chiefs: nobody's turn yet
            chf.seat_left(state, index, record)
            tn.advance(state, record)
            return
        placing = data["step"] == "place"
        its_turn = placer(state) == index if placing else active(state) == index
        for hex_id in data["hexes"]:
            here = bd.count(data, hex_id, index)
            player(state, index)["supply"] += here
            bd.add(data, hex_id, index, -here)
            if bd.village(data, hex_id) == index:
                bd.set_village(data, hex_id, None)
                data["village_supply"] += 1
        an.seat_left(state, index)
        chf.seat_left(state, index, record)  # chiefs: board members, hidden village, questions
        if not its_turn:
            cf.seat_left(state, index, record)  # a Fortifications question lapses
            events.seat_left(state, index, record)
        elif not placing:
            events.roller_left(state, index, record)
        if is_over(data) or not its_turn:
            return
        fr.clear(state)
        if not placing:
            data["pushed"] += data["hand"]
            data["hand"] = []
            Turns(state).advance()
            tn.begin_turn(state, record)
        tn.advance(state, record)

    def _view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return cast(dict[str, Any], public_view(state))

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        return private_sections(state, state.seats.index(seat))

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        rows = {
            s: {f"tribes.score.{c}": vp_in(state, i, c) for c in VP_CATEGORIES}
            for i, s in enumerate(state.seats)
        }
        return ScoreSheet(SCORE_KEYS, rows, final=is_over(st.data(state)))

    def _outcome(self, state: State) -> Outcome | None:
        data = st.data(state)
        winner = data["winner"]
        if not is_over(data) or winner is None:
            return None
        totals = {s: vp_total(state, i) for i, s in enumerate(state.seats)}
        keys = {s: (1 if i == winner else 0, totals[s]) for i, s in enumerate(state.seats)}
        return Outcome(rank_by(state.seats, keys), totals, Text("tribes.end.victory"))

    def check_game_invariants(self, state: State) -> None:
        data = st.data(state)
        check_shape(st.as_json(data))
        for i in range(len(state.seats)):
            mine = player(state, i)
            placed = bd.on_map(data, i)
            if placed + mine["supply"] + ch.off_map(state, i) != MEMBERS:  # chiefs: Embuscade
                raise CorruptState("tribes.members_lost", player=i)
            if any(v < 0 for v in mine["resources"].values()):
                raise CorruptState("tribes.negative_resources", player=i)
            cards = len(mine["deck"]) + len(mine["goals"]) + len(mine["done"])
            if cards != (15 if len(state.seats) > 2 else 14):
                raise CorruptState("tribes.goal_cards_lost", player=i)
        villages = len(data["villages"])
        villages += events.pawns_held(state) + ch.pawns_held(state)  # chiefs: hidden villages
        events.check_invariants(state)
        ch.check_invariants(state)
        problem = an.check_invariants(state) or tr.check_invariants(state)
        if problem:
            raise CorruptState("tribes.advanced", problem=problem)
        if villages + data["village_supply"] + data["village_aside"] != VILLAGE_PAWNS:
            raise CorruptState("tribes.village_pawns")
        on_board = len(data["board"])
        if on_board != 12 or on_board + len(data["hand"]) + len(data["pushed"]) != DICE.count:
            raise CorruptState("tribes.dice")


TRIBES_GAME = Tribes()
