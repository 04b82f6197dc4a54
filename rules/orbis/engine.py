"""The Orbis engine (``orbis``): set-up, whose turn, moves, scores and the end.

Rulebook ``seeds/002_cb0e934b6ef689a1.txt`` with the rulings of
``docs/contributors/components/orbis.md`` section 4 (listed in the package docstring). A turn is one
``take:<slot>`` or ``god:<id>`` followed by the small decisions of ``turn``; trades
(``trade:<c>``) are offered wherever they can matter. Each player plays 15 turns: 14
Region tiles and the god, in any order (O9); the game ends when everyone still in has.
The turns go round with the kit's ``Turns``; the end is the kit's ``over`` key
(``rules.kit.end``: ``normal``). The kit's final round (one player triggers the end,
the others play once more) is not Orbis' end: no event triggers it, every player plays
a fixed number of turns, so the game ends after the last of them.
"""

from __future__ import annotations

import random
import re
from typing import Any, cast

from rules import rng
from rules.base import (
    JSON,
    CorruptState,
    Game,
    GameSpec,
    Move,
    MoveError,
    OptionSpec,
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
from rules.kit import decks
from rules.kit.end import finish, is_over, new_end
from rules.kit.turns import Turns, new_turns
from rules.orbis import domain as dm
from rules.orbis import moves as mv
from rules.orbis import pyramid as pm
from rules.orbis import scoring
from rules.orbis import turn as tn
from rules.orbis.components import COLOURS, GODS, LETTERS, SETUP, TILES
from rules.orbis.explain import explain
from rules.orbis.heuristic import orbis_value
from rules.orbis.hints import orbis_effects
from rules.orbis.invariants import check_orbis
from rules.orbis.state import BoardData, OrbisData, data
from rules.orbis.view import orbis_sections, orbis_view

_CODE = re.compile(
    r"^(?:take:[1-9]|god:gd(?:0[1-9]|10)|(?:trade|get|gain|lose):[ygbrw]|pay(?::[ygbrw]{1,5})?"
    r"|place:(?:start|left|right|r[2-4]s[1-4])|burn:[1-9]"
    r"|wild|validate|cancel|erupt|sacrifice|back)$"
)

TEMPLE_COUNT = OptionSpec(
    "temple_count",
    "icons",
    choices=("icons", "tiles"),
    description=Text("orbis.option.temple_count"),
    label=Text("orbis.option.temple_count.label"),
)
"""O7: the Temple ranking counts temple icons (a tile may show two) or Temple tiles."""


class Orbis(Game):
    """Orbis: build a pyramid of 14 Region tiles and take one god; 2-4 players."""

    spec = GameSpec(
        id="orbis",
        name=Text("orbis.name"),
        min_seats=2,
        max_seats=4,
        options=(TEMPLE_COUNT,),
        state_form=2,
        summary=Text("orbis.summary"),
        tips=(Text("orbis.tips"),),
        groups={
            "region": Text("orbis.group.region"),
            "god": Text("orbis.group.god"),
            "trade": Text("orbis.group.trade"),
            "pay": Text("orbis.group.pay"),
            "place": Text("orbis.group.place"),
            "choose": Text("orbis.group.choose"),
            "effect": Text("orbis.group.effect"),
            "discard": Text("orbis.group.discard"),
            "back": Text("orbis.group.back"),
        },
    )
    continues_without_a_seat = True

    # -- set-up -----------------------------------------------------------------------

    def _setup(self, state: State) -> None:
        """Rulebook "Mise en place" and "Partie à 3 / 2 joueurs": the tiles of the
        player count in three shuffled piles, nine level-1 tiles face up, players + 1
        gods face up, the Temple tokens of the count, a random first player."""
        players = len(state.seats)
        count = SETUP.by_players[players]
        piles: dict[str, list[str]] = {}
        for level in (1, 2, 3):
            ids = sorted(t.id for t in TILES.values() if t.level == level and t.used_at(players))
            piles[str(level)] = decks.shuffled(state, ids)
        display: list[str | None] = [*decks.draw(piles["1"], SETUP.display_slots)]
        gods = decks.shuffled(state, sorted(GODS))[: count.gods]
        first = rng.randbelow(state, players)
        boards: list[BoardData] = [
            {
                "pyramid": pm.new_pyramid(),
                "domain": dm.no_cubes(),
                "reductions": [],
                "god": None,
                "god_cancelled": False,
                "turns": 0,
            }
            for _ in state.seats
        ]
        orbis: OrbisData = {
            **new_turns(first),
            **new_end(),
            "piles": piles,
            "display": display,
            "cubes": dm.no_cubes() * len(display),
            "gods": sorted(gods),
            "temple_tokens": sorted(count.temple_tokens, reverse=True),
            "boards": boards,
            "frames": [],
            "act": None,
            "last": None,
        }
        state.data = cast(dict[str, Any], orbis)

    # -- who and what -----------------------------------------------------------------

    def _to_act(self, state: State) -> frozenset[Seat]:
        if is_over(data(state)):
            return frozenset()
        return frozenset({Turns(state).seat})

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        orbis = data(state)
        me = state.seats.index(seat)
        if is_over(orbis) or orbis["turn"] != me:
            return []
        frame = mv.stack(orbis).top
        if frame is None:
            return mv.free_moves(orbis, me)
        return mv.frame_moves(orbis, me, frame)

    def is_well_formed(self, code: str) -> bool:
        return bool(_CODE.match(code))

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        return explain(state, seat, code)

    # -- apply ------------------------------------------------------------------------

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        orbis = data(state)
        me = state.seats.index(seat)
        turn = tn.Turn(state, me, record)
        kind, _, arg = move.code.partition(":")
        frames = mv.stack(orbis)
        frame = frames.top
        if kind == "back":
            frames.back(tn.undo_hooks(orbis, me))
        elif kind == "trade":
            turn.trade_open(LETTERS[arg])
        elif frame is None:
            if kind == "take":
                turn.take(int(arg) - 1)
            else:
                turn.god(arg.upper())
        elif kind == "get" and frame["kind"] == "trade":
            turn.trade_get(frame, LETTERS[arg])
        elif kind == "pay":
            turn.pay(arg)
        elif kind == "wild":
            turn.decline()
        elif kind == "place" and frame["kind"] == "place":
            turn.place(frame, arg)
        elif kind == "gain" and (frame["kind"] == "pick" or frame["kind"] == "love"):
            turn.gain(frame, LETTERS[arg])
        elif kind in ("validate", "cancel") and frame["kind"] == "village":
            turn.village(kind == "validate")
        elif kind in ("erupt", "cancel") and frame["kind"] == "volcano":
            turn.volcano(kind == "erupt")
        elif kind in ("sacrifice", "cancel"):
            turn.death(kind == "sacrifice")
        elif kind == "burn" and frame["kind"] == "burn":
            turn.burn(frame, int(arg) - 1)
        elif kind == "lose" and frame["kind"] == "lose":
            turn.lose(frame, LETTERS[arg])
        if turn.ended:
            self._end_turn(state)

    def _end_turn(self, state: State) -> None:
        """The turn is over: the game ends once every player still in has played 15."""
        orbis = data(state)
        playing = [i for i, s in enumerate(state.seats) if s not in state.out]
        if all(orbis["boards"][i]["turns"] >= SETUP.turns for i in playing):
            finish(orbis, "normal")
            return
        Turns(state).advance()

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        """A player who leaves: their universe stays as it is (it no longer competes);
        on their turn, whatever can be taken back is (a tile not yet placed returns to
        the display), a placed tile's turn is closed (the display is refilled)."""
        orbis = data(state)
        me = state.seats.index(seat)
        if orbis["turn"] != me or is_over(orbis):
            if not is_over(orbis):
                self._check_over(state)
            return
        mv.stack(orbis).abandon(tn.undo_hooks(orbis, me))
        act = orbis["act"]
        if act is not None:
            if act["kind"] == "region" and orbis["display"][act["slot"]] is None:
                tn.refill(state, act["slot"], record)
            orbis["act"] = None
        self._end_turn(state)

    def _check_over(self, state: State) -> None:
        orbis = data(state)
        playing = [i for i, s in enumerate(state.seats) if s not in state.out]
        if all(orbis["boards"][i]["turns"] >= SETUP.turns for i in playing):
            finish(orbis, "normal")

    # -- hidden information (for AI seats) -------------------------------------------

    has_hidden_information = True

    def determinize(self, state: State, seat: Seat, rng: random.Random) -> State:
        """The face-down piles are the only secret (besides the generator's future):
        each is sorted (what the seat can work out) then shuffled by ``rng``."""
        new = determinize_base(state, rng)
        for pile in data(new)["piles"].values():
            pile.sort()
            rng.shuffle(pile)
        return new

    def hidden_zones(self, state: State, seat: Seat) -> list[Zone]:
        """What ``determinize`` shuffles: the order of each face-down pile (each its own
        kind: a pile's cards never trade places with another's)."""
        return [Zone(f"{name}/pile", name, pile) for name, pile in data(state)["piles"].items()]

    # -- information ------------------------------------------------------------------

    def _view(self, state: State, seat: Seat | None) -> JSON:
        """``orbis_view``; once over, ``breakdown`` is the final score sheet (the
        picture's table); the contract adds the envelope."""
        breakdown = self.full_scores(state).to_json() if self.outcome_is_known(state) else None
        return cast(JSON, orbis_view(state, self._rows(state), breakdown))

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        return orbis_sections(state, seat)

    def evaluate(self, state: State, seat: Seat) -> float:
        """Points plus progress toward points, against the best other seat (``heuristic``)."""
        return orbis_value(state, seat)

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """The score row, the god, tiles, cubes and waiting Forests (``hints``)."""
        sheets = (self.scores(before, seat), self.scores(after, seat))
        return orbis_effects(sheets, before, after, seat)

    def round_of(self, state: State) -> int | None:
        return data(state)["round"]

    def _rows(self, state: State) -> list[dict[str, int]]:
        playing = [i for i, s in enumerate(state.seats) if s not in state.out]
        return scoring.rows(data(state), playing, state.options["temple_count"])

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        """Rulebook "Fin de partie": everything is public, a running estimate mid-game."""
        rows = dict(zip(state.seats, self._rows(state), strict=True))
        return ScoreSheet(scoring.CATEGORIES, rows, final=is_over(data(state)))

    def _outcome(self, state: State) -> Outcome | None:
        """Most PC; a tie goes to the most cubes left; still tied, shared (O12)."""
        orbis = data(state)
        if not is_over(orbis):
            return None
        sheet = self.scores(state)
        keys = {
            s: (sheet.total(s), dm.total(orbis["boards"][i]["domain"]))
            for i, s in enumerate(state.seats)
        }
        return Outcome(rank_by(state.seats, keys), sheet.totals(), Text("orbis.end.normal"))

    def check_game_invariants(self, state: State) -> None:
        problem = check_orbis(state)
        if problem:
            raise CorruptState("orbis.state.corrupt", detail=problem)


ORBIS = Orbis()

__all__ = ["COLOURS", "ORBIS", "Orbis"]
