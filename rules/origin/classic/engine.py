"""The Origin Classic engine (``origin``): set-up, turns as small decisions, end of game.

Rulebook: ``seeds/003_709d4bd76fa04f11.txt`` with the rulings of
``docs/contributors/components/origin.md`` section 4. A turn is free (no frame pending) or inside a
frame (``data["frames"]``, last = current). In the free state the player may start the
action (``evolve:<terr>``, ``migrate:<terr>``, ``swap:<terr>``; ``pass`` only if no
action exists), play a card (``play:<card>``), or, once the action is done, ``end``
the turn. Frames: ``act`` (``pawn:``/``to:``), ``extra`` and ``target`` (cards, see
``play``), and the reward frames (see ``rewards``). ``back`` undoes an uncommitted
step. Set-up opens a simultaneous phase: every seat keeps one of three Objective cards
(``keep:<card>``).

End (rulebook "Fin du jeu", R10, R17): checked after every move while no frame is
pending: a deck empty, no tile on the board, no pawn in the supply, or every village
placed. The triggering player finishes the turn, every other player plays one more.

Built on ``rules.kit``: the frames are a ``kit.stack`` (``frames``), ``play:<card>`` is
a ``kit.offers`` offer (``play.OFFERS``), turns, passes and the final round are
``kit.turns``, and every pile is drawn through ``kit.decks``.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules.base import (
    JSON,
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
    rank_by,
)
from rules.core.hints import Effects
from rules.kit import decks
from rules.kit.end import finish, new_end
from rules.kit.turns import Turns, new_turns
from rules.origin import movement as mv
from rules.origin import moves as om
from rules.origin import notes, setup
from rules.origin.classic import actions as ac
from rules.origin.classic import classic_data as cd
from rules.origin.classic import frames as fr
from rules.origin.classic import play as pl
from rules.origin.classic import rewards as rw
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, DECK_CARDS, DECKS, REWARD_BOARD
from rules.origin.classic.classic_data import ActFrame, ClassicData, ClassicFrame, ExtraFrame
from rules.origin.classic.explain import explain
from rules.origin.classic.heuristic import classic_value
from rules.origin.classic.hidden import determinize_classic
from rules.origin.classic.hidden import hidden_zones as classic_zones
from rules.origin.classic.hints import classic_effects
from rules.origin.classic.invariants import check_classic
from rules.origin.classic.present import classic_sections
from rules.origin.classic.scoring import CATEGORIES, classic_row
from rules.origin.classic.view import classic_view, view_of
from rules.origin.components import BOARD, RULES
from rules.origin.options import DECK_END, SHARED
from rules.origin.present import GROUPS, own_entry

log = logging.getLogger(__name__)

TERR_CODES = {t.lower(): t for t in BOARD.order}
CARD_CODES = {c.lower(): c for c in CARDS}
_CODE = re.compile(
    r"^(?:(evolve|migrate|swap|to):([a-z]+[0-9]+)|pawn:(z[1-3]s[1-3][wbk])"
    r"|(play|keep|putback|discard):([a-z]+[0-9]+)|tile:in[0-9]{2}|token:sr[0-9]{2}"
    r"|reward:(tile|card|draw|brown|any)|from:p[1-9]|deck:(action|permanent|objective)"
    r"|column:(yellow|orange|violet)|back|end|pass)$"
)
ENDS = ("deck", "board", "supply", "villages")
REWARD_KINDS = ("reward", "tile", "putback", "limit")
HIDDEN_LABELS = {
    # Labels that name a card of a hidden hand (R18), and what the table is told instead.
    "origin.classic.move.keep": "origin.classic.public.keep",
    "origin.classic.move.putback": "origin.classic.public.putback",
    "origin.classic.move.discard": "origin.classic.public.discard",
}


class OriginClassic(Game):
    """Origin with the Classic rules: cards, innovation stacks, objectives; 2-4 players."""

    spec = GameSpec(
        id="origin",
        name=Text("origin.classic.name"),
        min_seats=2,
        max_seats=4,
        summary=Text("origin.classic.summary"),
        rules_version=2,
        options=(*SHARED, DECK_END),
        tips=(Text("origin.classic.tips"),),
        groups=GROUPS,
        state_form=2,
    )
    continues_without_a_seat = True
    has_hidden_information = True

    def determinize(self, state: State, seat: Seat, rng: random.Random) -> State:
        """Other hands, objectives dealt, decks, discard and reserve resampled (``hidden``)."""
        return determinize_classic(state, seat, rng)

    def hidden_zones(self, state: State, seat: Seat) -> list[Zone]:
        """What ``determinize`` resamples, by place (``hidden``)."""
        return classic_zones(state, seat)

    def evaluate(self, state: State, seat: Seat) -> float:
        """Points plus progress toward points, against the best other seat (``heuristic``)."""
        return classic_value(state, seat)

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """The score row, villages, Permanents, objectives met, open straits (``hints``)."""
        sheets = (self.scores(before, seat), self.scores(after, seat))
        return classic_effects(sheets, before, after, seat)

    def upgrade_options(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Version 1 read R10 after the reward: such games keep that reading."""
        if version == 1:
            return {**options, "deck_end": "after_reward"}
        return super().upgrade_options(version, options)

    # -- setup ------------------------------------------------------------------------

    def _setup(self, state: State) -> None:
        """Rulebook "Mise en place" (Classic)."""
        players = len(state.seats)
        neutral = setup.neutral_pawn(state, state.options["neutral_pawn"])
        piles = {d: list(DECK_CARDS[d]) for d in DECKS}
        for d in DECKS:
            decks.shuffle(state, piles[d])
        dealt = [
            decks.draw(piles["objective"], REWARD_BOARD.objectives_dealt) for _ in range(players)
        ]
        hunting, straits = setup.shuffled_tokens(state)
        greens = BOARD.by_colour("green")
        first = setup.first_player(state, players, state.options["first_player"])
        board, reserve = tl.deal_board(state)
        classic: ClassicData = {
            "players": players,
            **new_turns(first),
            **new_end(),
            "phase": "choose",
            "pawn_at": {BOARD.origin: neutral},
            "owner_at": {BOARD.origin: mv.NEUTRAL},
            "supply": setup.pawn_supply(players, neutral),
            "villages": [RULES.villages_per_player] * players,
            "decks": piles,
            "dealt": dealt,
            "discard": [],
            "hands": [{d: [] for d in DECKS} for _ in range(players)],
            "permanents": [[] for _ in range(players)],
            "objectives_done": [[] for _ in range(players)],
            "stacks": [[] for _ in range(players)],
            "hunting": dict(zip(greens, hunting, strict=False)),
            "hunting_unused": hunting[len(greens) :],
            "hunting_of": [[] for _ in range(players)],
            "straits": dict(zip(BOARD.straits, straits, strict=True)),
            "straits_of": [[] for _ in range(players)],
            "frames": [],
            "acted": False,
            "played": dict.fromkeys(DECKS, 0),
            "played_now": [],
            "deck_emptied": False,
            "board": board,
            "reserve": reserve,
            "last": None,
        }
        state.data = cast(dict[str, Any], classic)

    # -- who and what -----------------------------------------------------------------

    def _to_act(self, state: State) -> frozenset[Seat]:
        data = cd.data(state)
        if data["over"] is not None:
            return frozenset()
        if data["phase"] == "choose":
            return frozenset(s for i, s in enumerate(state.seats) if data["dealt"][i])
        return frozenset({state.seats[data["turn"]]})

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """The moves of ``_moves_now``, an opponent named by its seat (``player``: the
        front ends show the seat's display name, never a number to count)."""
        return [_seat_named(move, state.seats) for move in self._moves_now(state, seat)]

    def _moves_now(self, state: State, seat: Seat) -> list[Move]:
        data = cd.data(state)
        if data["over"] is not None or seat not in state.seats:
            return []
        me = state.seats.index(seat)
        if data["phase"] == "choose":
            return [
                ac.mk(f"keep:{c.lower()}", "origin.classic.move.keep", "keep", card=rw.card_name(c))
                for c in sorted(data["dealt"][me])
            ]
        if data["turn"] != me:
            return []
        frame = fr.stack(data).top
        if frame is None:
            return self._free_moves(state, me)
        return frame_moves(data, me, frame)

    def _free_moves(self, state: State, me: int) -> list[Move]:
        data = cd.data(state)
        moves: list[Move] = []
        if not data["acted"]:
            for mode in ("evolve", "migrate", "swap"):
                moves += ac.start_moves(data, me, mode)
            if not moves:
                moves.append(om.pass_turn())
        moves += pl.OFFERS.moves(state, me)
        if data["acted"]:
            moves.append(ac.mk("end", "origin.classic.move.end", "end"))
        return moves

    # -- apply ------------------------------------------------------------------------

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        hidden = HIDDEN_LABELS.get(move.label.key)
        if hidden is not None:
            # Keeping a dealt objective, putting a card back or under the deck name a
            # card of a hidden hand: the table only learns the kind of move (R18).
            record.hide(Text(hidden))
        before = tally(cd.data(state))
        hidden_before = _unseen(cd.data(state))
        self._play(state, seat, move)
        notes.gains(record, state.seats, before, tally(cd.data(state)))
        if any(a < b for a, b in zip(_unseen(cd.data(state)), hidden_before, strict=True)):
            # A card drawn from a deck shuffled at set-up, or a token taken from the
            # board, was seen by someone: the generator did not move, yet it cannot
            # be taken back (undo with consent).
            record.learned = True

    def _play(self, state: State, seat: Seat, move: Move) -> None:
        data = cd.data(state)
        me = state.seats.index(seat)
        kind, _, arg = move.code.partition(":")
        if kind == "keep":
            self._keep(state, me, CARD_CODES[arg])
            return
        frames = fr.stack(data)
        frame = frames.top
        if frame is None:
            if not pl.OFFERS.route(state, me, move.code):
                self._free(state, me, kind, arg)
        elif kind == "back":
            frames.back(pl.undo_hooks(data, me))
        elif frame["kind"] == "act" or frame["kind"] == "extra":
            self._act(state, me, frame, kind, arg)
        elif frame["kind"] == "target":
            pl.apply_target(state, me, frame, kind, arg)
        else:
            card_arg = CARD_CODES.get(arg, arg.upper())
            rw.apply(data, me, frame, kind, arg if kind == "reward" else card_arg)
        self._settle(state, me)

    def _keep(self, state: State, me: int, card_id: str) -> None:
        """Set-up: keep one dealt Objective card; the others go back; shuffle when all chose."""
        data = cd.data(state)
        dealt = data["dealt"][me]
        data["hands"][me]["objective"].append(card_id)
        data["decks"]["objective"].extend(c for c in dealt if c != card_id)
        data["dealt"][me] = []
        self._close_choice(state)

    def _close_choice(self, state: State) -> None:
        """Once nobody is still choosing an objective, shuffle and play (R22: never on
        the turn of a seat that left)."""
        data = cd.data(state)
        if any(data["dealt"]):
            return
        decks.shuffle(state, data["decks"]["objective"])
        data["phase"] = "play"
        if state.seats[data["turn"]] in state.out:
            Turns(state).advance()

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        """A player who leaves (ruling R22): their villages and pawns stay on the map,
        their cards, tokens and tiles leave with them. While choosing objectives their
        three go back under the deck; on their turn the pending decisions are dropped (a
        card played but not yet used returns to their hand) and the turn passes on,
        the final round included; the end trigger "every village placed" counts only
        the players still in."""
        data = cd.data(state)
        me = state.seats.index(seat)
        if data["phase"] == "choose":
            if data["dealt"][me]:
                data["decks"]["objective"].extend(data["dealt"][me])
                data["dealt"][me] = []
                self._close_choice(state)
            return
        if data["turn"] != me:
            return
        fr.stack(data).abandon(pl.undo_hooks(data, me))
        extra = rw.over_limit(data, me)
        if extra:  # a hand-limit choice left pending: the newest go under the deck (R9)
            hand = data["hands"][me]["objective"]
            data["decks"]["objective"][0:0] = hand[-extra:]
            del hand[-extra:]
        self._end_turn(state)

    def _free(self, state: State, me: int, kind: str, arg: str) -> None:
        data = cd.data(state)
        if kind in ("evolve", "migrate", "swap"):
            fr.stack(data).add({"kind": "act", "mode": kind, "at": TERR_CODES[arg], "card": None})
        elif kind == "pass":
            data["acted"] = True
            Turns(state).passed()
            data["last"] = {
                "seat": state.seats[me],
                "seat_index": me,
                "action": "pass",
                "card": None,
                "pawn": None,
                "from": None,
                "to": None,
                "swapped": None,
                "gains": ac.no_gains(),
            }
        elif kind == "end":
            self._end_turn(state)

    def _act(
        self, state: State, me: int, frame: ActFrame | ExtraFrame, kind: str, arg: str
    ) -> None:
        data = cd.data(state)
        frames = fr.stack(data)
        if frame["kind"] == "extra":
            frames.add(
                {"kind": "act", "mode": frame["mode"], "at": TERR_CODES[arg], "card": frame["card"]}
            )
            return
        frames.pop()
        card = frame["card"]
        if card is not None:
            frames.pop()
            pl.commit(data, me, card)
        else:
            data["acted"] = True
        # A pawn placed or moved (a card's action too) may open actions for the players
        # who passed: the run of passes that ends a blocked game starts over.
        Turns(state).acted()
        target = TERR_CODES[arg] if kind == "to" else arg
        last = ac.perform(state, me, frame, target)
        data["last"] = last
        if frame["mode"] != "exodus":
            rw.push_reward(data, BOARD.colour(target if kind == "to" else frame["at"]))

    def _settle(self, state: State, me: int) -> None:
        """Drop void frames, run automatic draws, then check the end triggers."""
        data = cd.data(state)
        frames = fr.stack(data)

        def needs_no_decision(top: ClassicFrame) -> bool:
            return top["kind"] == "draw" or _is_void(data, me, top)

        def resolve(top: ClassicFrame) -> None:
            if top["kind"] == "draw":
                rw.run_draw(data, me, top)

        frames.settle(needs_no_decision, resolve)
        turns = Turns(state)
        if not frames and data["phase"] == "play" and not turns.is_final_round:
            reason = end_trigger(
                data,
                at_once=state.options["deck_end"] == "at_once",
                out=[state.seats.index(s) for s in state.out],
            )
            if reason is not None:
                turns.start_final_round(reason)
        if not frames and data["acted"] and data["over"] is None and not pl.OFFERS.moves(state, me):
            # Action done and no card can be played: ``end`` would be the only choice,
            # so the turn ends by itself (one click less per turn, nothing to decide).
            self._end_turn(state)

    def _end_turn(self, state: State) -> None:
        data = cd.data(state)
        data["acted"] = False
        data["played"] = dict.fromkeys(DECKS, 0)
        data["played_now"] = []
        reason = Turns(state).end_turn()
        if reason is not None:
            finish(data, reason)

    # -- information --------------------------------------------------------------------

    def _view(self, state: State, seat: Seat | None) -> JSON:
        """``classic_view``; the contract adds the envelope (``winners`` once over)."""
        breakdown = self.full_scores(state) if self.outcome_is_known(state) else None
        return cast(dict[str, Any], classic_view(state, seat, breakdown))

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        """The objectives dealt, the hand by deck (playable cards marked), the
        Permanent cards in play, the stacks and the score."""
        view = view_of(self.view(state, seat))
        me = view.get("me")
        if not isinstance(me, dict) or me.get("seat") != seat:
            return []
        playable = frozenset(
            m.code[5:].upper() for m in self.legal_moves(state, seat) if m.code.startswith("play:")
        )
        total = self.scores(state, seat).total(seat)
        return classic_sections(me, own_entry(view.get("players"), seat), playable, total)

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        """Classic scoring (rulebook "Décompte"): every category is public."""
        data = cd.data(state)
        rows = {s: classic_row(data, i) for i, s in enumerate(state.seats)}
        return ScoreSheet(CATEGORIES, rows, final=data["over"] is not None)

    def _outcome(self, state: State) -> Outcome | None:
        """Highest total wins; tie: most cards in hand; still tied: shared (R16)."""
        data = cd.data(state)
        if data["over"] is None:
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s), pl.hand_size(data, i)) for i, s in enumerate(state.seats)}
        return Outcome(
            rank_by(state.seats, keys), sheet.totals(), Text(f"origin.classic.end.{data['over']}")
        )

    # -- errors -------------------------------------------------------------------------

    def is_well_formed(self, code: str) -> bool:
        match = _CODE.match(code)
        if match is None:
            return False
        if match.group(2) is not None and match.group(2) not in TERR_CODES:
            return False
        return match.group(5) is None or match.group(5) in CARD_CODES

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        return explain(state, seat, code)

    def check_game_invariants(self, state: State) -> None:
        problem = check_classic(state)
        if problem:
            log.error("origin state %s fails: %s", state.seed, problem)
            raise CorruptState("origin.state.corrupt", detail=problem)


def frame_moves(data: ClassicData, me: int, frame: ClassicFrame) -> list[Move]:
    """The choices of the current frame."""
    if frame["kind"] == "act":
        return fr.stack(data).with_back(ac.finish_moves(data, me, frame))
    if frame["kind"] == "extra" or frame["kind"] == "target":
        return fr.stack(data).with_back(pl.frame_moves(data, me, frame))
    return rw.moves(data, me, frame)


def _is_void(data: ClassicData, me: int, frame: ClassicFrame) -> bool:
    """A reward frame or a committed card frame that offers nothing is dropped."""
    if frame["kind"] in REWARD_KINDS:
        return rw.is_void(data, me, frame)
    if frame["kind"] == "target" and frame.get("committed"):
        return not pl.target_moves(data, me, frame["card"])
    return False


def end_trigger(data: ClassicData, *, at_once: bool = True, out: Sequence[int] = ()) -> str | None:
    """Which end condition holds now, if any (R17), in the rulebook's order. ``at_once``
    (option ``deck_end``, R10): a deck emptied by a draw during this turn counts even if
    cards went back under it since. ``out``: players who left (R22), whose villages do
    not count."""
    if any(not data["decks"][d] for d in DECKS) or (at_once and data["deck_emptied"]):
        return "deck"
    if tl.board_is_empty(data):
        return "board"
    if not data["supply"]:
        return "supply"
    if not any(v for i, v in enumerate(data["villages"]) if i not in out):
        return "villages"
    return None


CLASSIC = OriginClassic()


def tally(data: ClassicData) -> notes.Tally:
    """Per seat: cards in hand by deck, tiles in stacks, tokens, objectives done (the
    public counts whose changes a move's notes tell, ``notes.gains``)."""
    return [
        {
            **{f"card.{d}": len(data["hands"][i][d]) for d in DECKS},
            "tiles": sum(len(stack) for stack in data["stacks"][i]),
            "hunting": len(data["hunting_of"][i]),
            "straits": len(data["straits_of"][i]),
            "objectives": len(data["objectives_done"][i]),
        }
        for i in range(data["players"])
    ]


def _unseen(data: ClassicData) -> tuple[int, ...]:
    """How many cards are left in each deck and tokens on the board: what nobody has
    seen yet (a draw or a token taken makes one of them shrink)."""
    return (
        *(len(data["decks"][d]) for d in DECKS),
        len(data["hunting"]),
        len(data["straits"]),
    )


__all__ = ["CLASSIC", "ENDS", "OriginClassic", "end_trigger", "frame_moves"]


def _seat_named(move: Move, seats: list[Seat]) -> Move:
    """``move`` with an opponent's number (``player``, counted from 1) as its seat id."""
    player = move.label.params.get("player")
    if not isinstance(player, int) or not 0 < player <= len(seats):
        return move
    return Move(
        move.code,
        Text(move.label.key, {**move.label.params, "player": seats[player - 1]}),
        move.group,
    )
