"""The Origin Junior engine (``origin-junior``): setup, turns, actions, rewards and end.

Rulebook: the first half of ``seeds/000_da4109cbc6d56b0c.txt`` (Junior), with the
rulings of ``docs/contributors/components/origin.md`` section 4. A turn is two small
decisions: choose the action and its territory (``evolve:a3``, ``migrate:a7``, ``swap:a7``), then
complete it (``pawn:z2s1w`` after an Evolve, ``to:a5`` after a Migrate or Swap), or
``back`` to choose again.

Decisions where the rulebook is silent (documented in the package docstring too):

- A seat with no action at all plays ``pass``; when every seat passes in a row the
  game cannot progress and ends (termination ``origin.end.blocked``).
- The first player is the first seat of the lobby (ruling R15, switch
  ``first_player``); the neutral start pawn is drawn at random (R14, ``neutral_pawn``).
- Tokens are checked as soon as pawns stand in place, then the territory's card or
  tiles are taken; if that card empties a deck the game ends at once (R20), so a Strait
  token completed by the same move is still won.
- Tiles are drawn one by one at random (seeded generator) from the face-down stack.

Turns, passes in a row and the blocked end use ``rules.kit.turns``; the end is the
kit's ``over`` (``rules.kit.end``: ``"deck"`` or ``"blocked"``); the first step of a
turn waits on the kit's decision stack (``rules.kit.stack``: one ``JuniorFrame``); tiles
are drawn from a ``rules.kit.decks`` bag. The state is typed (``junior_data.JuniorData``,
form 2 of its layout).
"""

from __future__ import annotations

import logging
import random
import re
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
from rules.origin.components import BOARD, CARD_COLOURS, PAWNS, RULES
from rules.origin.explain import explain
from rules.origin.heuristic import junior_value
from rules.origin.hidden import determinize_junior
from rules.origin.hidden import hidden_zones as junior_zones
from rules.origin.hints import junior_effects
from rules.origin.invariants import check_junior
from rules.origin.junior_data import (
    GREENS,
    NEUTRAL,
    Action,
    Gains,
    JuniorData,
    Swapped,
    data,
    hunting_on_board,
    owner_at,
    pending,
    stack,
    straits_on_board,
    tile_stack,
    villages_left,
)
from rules.origin.options import SHARED
from rules.origin.present import GROUPS, junior_sections, own_entry
from rules.origin.scoring import HIDDEN_CATEGORIES, JUNIOR_CATEGORIES, junior_row
from rules.origin.view import junior_view, view_of

log = logging.getLogger(__name__)

ACTIONS: tuple[Action, ...] = ("evolve", "migrate", "swap")
_TERR_CODES = {t.lower(): t for t in BOARD.order}
_CODE = re.compile(r"^(evolve|migrate|swap|to):([a-z]+[0-9]+)$|^pawn:(z[1-3]s[1-3][wbk])$")


class OriginJunior(Game):
    """Origin with the Junior rules: 2-4 players, card backs, hidden tokens and tiles."""

    spec = GameSpec(
        id="origin-junior",
        name=Text("origin.junior.name"),
        min_seats=2,
        max_seats=4,
        summary=Text("origin.junior.summary"),
        options=SHARED,
        tips=(Text("origin.junior.tips"),),
        groups=GROUPS,
        state_form=2,
    )
    continues_without_a_seat = True
    has_hidden_information = True

    def determinize(self, state: State, seat: Seat, rng: random.Random) -> State:
        """Token values, other players' tiles and the stack resampled (``hidden``)."""
        return determinize_junior(state, seat, rng)

    def hidden_zones(self, state: State, seat: Seat) -> list[Zone]:
        """The Innovation tiles others took and the face-down stack, the Hunting and
        Strait tokens others won or still face down, the token left out (``hidden``)."""
        return junior_zones(state, seat)

    def evaluate(self, state: State, seat: Seat) -> float:
        """Points plus progress toward points, against the best other seat (``heuristic``)."""
        return junior_value(state, seat)

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """The score row, villages, pawn colours and open straits (``hints``)."""
        sheets = (self.scores(before, seat), self.scores(after, seat))
        return junior_effects(sheets, before, after, seat)

    # -- setup ------------------------------------------------------------------------

    def _setup(self, state: State) -> None:
        """Rulebook, Junior "Mise en place"."""
        players = len(state.seats)
        neutral = setup.neutral_pawn(state, state.options["neutral_pawn"])
        hunting, straits = setup.shuffled_tokens(state)
        first = setup.first_player(state, players, state.options["first_player"])
        junior: JuniorData = {
            **new_turns(first),
            **new_end(),
            "frames": [],
            "players": players,
            "pawn_at": {BOARD.origin: neutral},
            "villages_at": [[] for _ in range(players)],
            "supply": setup.pawn_supply(players, neutral),
            "decks": [RULES.junior.decks[c] for c in CARD_COLOURS],
            "cards": [[0, 0, 0] for _ in range(players)],
            "tiles_of": [[] for _ in range(players)],
            "hunting": hunting[: len(GREENS)],
            "hunting_of": [[] for _ in range(players)],
            "straits": straits,
            "straits_of": [[] for _ in range(players)],
            "last": None,
        }
        state.data = cast(dict[str, Any], junior)

    # -- turn -------------------------------------------------------------------------

    def _to_act(self, state: State) -> frozenset[Seat]:
        if data(state)["over"] is not None:
            return frozenset()
        return frozenset({Turns(state).seat})

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        junior = data(state)
        if junior["over"] is not None or Turns(state).seat != seat:
            return []
        frame = pending(junior)
        if frame is None:
            return self._first_step(junior)
        action, at = frame["kind"], frame["at"]
        pawn_at = junior["pawn_at"]
        if action == "evolve":
            moves = [om.place_pawn(p) for p in self._fitting(junior, at)]
        elif action == "migrate":
            size = PAWNS.pawns[pawn_at[at]].size
            moves = [om.migrate_to(t) for t in mv.migrate_destinations(BOARD, pawn_at, at, size)]
        else:
            moves = [
                om.swap_with(t, pawn_at[t])
                for t in self._swap_targets(junior, owner_at(junior), at)
            ]
        moves.append(om.back())
        return moves

    def _first_step(self, data: JuniorData) -> list[Move]:
        me = data["turn"]
        pawn_at, owners = data["pawn_at"], owner_at(data)
        moves: list[Move] = []
        if villages_left(data, me) > 0 and data["supply"]:
            options = mv.evolve_targets(BOARD, pawn_at, data["supply"])
            moves += [om.evolve_at(t) for t in BOARD.order if t in options]
        mine = data["villages_at"][me]
        for t in mine:
            size = PAWNS.pawns[pawn_at[t]].size
            if mv.migrate_destinations(BOARD, pawn_at, t, size):
                moves.append(om.start_from("migrate", t, pawn_at[t]))
        for t in mine:
            if self._swap_targets(data, owners, t):
                moves.append(om.start_from("swap", t, pawn_at[t]))
        if not moves:
            moves.append(om.pass_turn())
        return moves

    @staticmethod
    def _fitting(data: JuniorData, at: str) -> list[str]:
        fits = mv.fitting_pawns(BOARD, data["pawn_at"], at)
        return sorted(p for p in fits if data["supply"].get(p, 0) > 0)

    @staticmethod
    def _swap_targets(data: JuniorData, owners: dict[str, int], at: str) -> list[str]:
        size = PAWNS.pawns[data["pawn_at"][at]].size
        return mv.swap_targets(BOARD, data["pawn_at"], owners, at, size)

    # -- apply ------------------------------------------------------------------------

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        before = notes.tally_junior(data(state))
        self._play(state, seat, move)
        notes.gains(record, state.seats, before, notes.tally_junior(data(state)))

    def _play(self, state: State, seat: Seat, move: Move) -> None:
        junior = data(state)
        me = Turns(state).current
        kind, _, arg = move.code.partition(":")
        if kind in ACTIONS:
            stack(junior).add({"kind": kind, "at": _TERR_CODES[arg]})
            return
        if kind == "back":
            stack(junior).pop()
            return
        if kind == "pass":
            turns = Turns(state)
            turns.passed()
            junior["last"] = {
                "seat": seat,
                "action": "pass",
                "pawn": None,
                "from": None,
                "to": None,
                "swapped": None,
                "gains": _no_gains(),
            }
            reason = turns.end_turn()  # everyone passed in a row: "blocked"
            if reason is not None:
                finish(junior, reason)
            return
        frame = stack(junior).pop()
        action, at = frame["kind"], frame["at"]
        Turns(state).acted()
        pawn_at, villages_at = junior["pawn_at"], junior["villages_at"]
        swapped: Swapped | None = None
        start: str | None = None
        if kind == "pawn":
            self._evolve(junior, me, at, arg)
            pawn, dest, changed = arg, at, [at]
        else:
            dest = _TERR_CODES[arg]
            # The displaced player is read before any village moves: once the mover's
            # village stands on ``dest`` too, ``owner_at`` could name the mover.
            other = owner_at(junior)[dest] if action == "swap" else NEUTRAL
            pawn = pawn_at.pop(at)
            mine = villages_at[me]
            mine[mine.index(at)] = dest
            if action == "swap":
                theirs = villages_at[other]
                theirs[theirs.index(dest)] = at
                pawn_at[at] = pawn_at[dest]
                swapped = {
                    "pawn": pawn_at[at],
                    "owner": state.seats[other],
                    "to": at,
                    "hunting": [],
                    "straits": [],
                }
                if self._take_hunting(junior, other, at):
                    swapped["hunting"].append(at)
            pawn_at[dest] = pawn
            start, changed = at, [at, dest]
        gains = self._reward(state, me, dest, changed, swapped)
        junior["last"] = {
            "seat": seat,
            "action": action,
            "pawn": pawn,
            "from": start,
            "to": dest,
            "swapped": swapped,
            "gains": gains,
        }
        if junior["over"] is None:
            Turns(state).advance()

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        """A player who leaves (ruling R22): their villages and pawns stay on the map as
        they stand, their cards, tokens and tiles leave with them, and on their turn the
        pending choice is dropped and the turn passes on."""
        junior = data(state)
        turns = Turns(state)
        if turns.seat != seat:
            return
        junior["frames"].clear()
        reason = turns.end_turn()
        if reason is not None:
            finish(junior, reason)

    @staticmethod
    def _evolve(data: JuniorData, me: int, at: str, pawn: str) -> None:
        """Place ``pawn`` from the supply and one village of ``me`` on ``at``."""
        data["pawn_at"][at] = pawn
        data["villages_at"][me].append(at)
        data["supply"][pawn] -= 1
        if data["supply"][pawn] == 0:
            del data["supply"][pawn]

    @staticmethod
    def _take_hunting(data: JuniorData, player: int, territory: str) -> bool:
        """Give ``player`` the Hunting token lying on ``territory``, if any (never lost)."""
        token = mv.hunting_claim(BOARD, hunting_on_board(data), territory)
        if token is None:
            return False
        data["hunting_of"][player].append(token)
        return True

    def _reward(
        self, state: State, me: int, dest: str, changed: list[str], swapped: Swapped | None
    ) -> Gains:
        """Tokens for every player (R5; the displaced player's go to ``swapped``), then the
        destination's colour reward (R2, R20)."""
        junior = data(state)
        gains = _no_gains()
        if self._take_hunting(junior, me, dest):
            gains["hunting"].append(dest)
        present = straits_on_board(junior)
        for sid, owner in mv.strait_claims(BOARD, present, owner_at(junior), changed):
            junior["straits_of"][owner].append(present[sid])
            if owner == me:
                gains["straits"].append(sid)
            elif swapped is not None:
                swapped["straits"].append(sid)
        colour = BOARD.colour(dest)
        if colour in CARD_COLOURS:
            i = CARD_COLOURS.index(colour)
            if junior["decks"][i] > 0:
                junior["decks"][i] -= 1
                junior["cards"][me][i] += 1
                gains["cards"][colour] = 1
                if junior["decks"][i] == 0:
                    finish(junior, "deck")
        elif colour == "brown":
            stack = tile_stack(junior)
            for _ in range(min(RULES.junior.brown_tiles, len(stack))):
                junior["tiles_of"][me].append(decks.draw_from_bag(state, stack))
                gains["tiles"] += 1
        return gains

    # -- information --------------------------------------------------------------------

    def _view(self, state: State, seat: Seat | None) -> JSON:
        """``junior_view``; the contract adds the envelope (``winners`` once over)."""
        breakdown = self.full_scores(state) if self.outcome_is_known(state) else None
        return cast(dict[str, Any], junior_view(state, seat, breakdown))

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        """The seat's token values, tile levels, cards and score with them counted."""
        own = own_entry(view_of(self.view(state, seat)).get("players"), seat)
        return junior_sections(own, self.scores(state, seat).total(seat))

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        """Junior scoring; other seats' token and tile points are hidden until the end."""
        junior = data(state)
        over = junior["over"] is not None
        rows: dict[Seat, dict[str, int]] = {}
        hidden: dict[Seat, frozenset[str]] = {}
        for i, s in enumerate(state.seats):
            row = junior_row(
                junior["cards"][i],
                [junior["pawn_at"][t] for t in junior["villages_at"][i]],
                junior["hunting_of"][i],
                junior["straits_of"][i],
                junior["tiles_of"][i],
            )
            if not over and s != seat:
                hidden[s] = HIDDEN_CATEGORIES
                for cat in HIDDEN_CATEGORIES:
                    row[cat] = 0
            rows[s] = row
        return ScoreSheet(JUNIOR_CATEGORIES, rows, final=over, hidden=hidden)

    def _outcome(self, state: State) -> Outcome | None:
        """Highest score wins; tie: most cards held; still tied: shared (R16, R20)."""
        junior = data(state)
        if junior["over"] is None:
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s), sum(junior["cards"][i])) for i, s in enumerate(state.seats)}
        return Outcome(
            rank_by(state.seats, keys), sheet.totals(), Text(f"origin.end.{junior['over']}")
        )

    # -- errors -----------------------------------------------------------------------

    def is_well_formed(self, code: str) -> bool:
        if code in ("pass", "back"):
            return True
        match = _CODE.match(code)
        if match is None:
            return False
        return match.group(2) is None or match.group(2) in _TERR_CODES

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        """A specific, player-facing reason why a well-formed ``code`` is refused now."""
        return explain(state, seat, code)

    # -- invariants -------------------------------------------------------------------

    def check_game_invariants(self, state: State) -> None:
        problem = check_junior(state)
        if problem:
            log.error("origin-junior state %s fails: %s", state.seed, problem)
            raise CorruptState("origin.state.corrupt", detail=problem)


def _no_gains() -> Gains:
    return {"cards": {}, "tiles": 0, "hunting": [], "straits": []}


JUNIOR = OriginJunior()


__all__ = ["JUNIOR", "OriginJunior"]
