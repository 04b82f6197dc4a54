"""The abstract ``Game``: what every game implements, and what the contract enforces.

A game implements the ``_`` hooks (``_setup``, ``_to_act``, ``_legal_moves``,
``_apply``, ``_view``, ``scores``, ``_outcome``) and may override the presentation and
seat-removal hooks. The public methods enforce the contract for every game alike:
turn checks, copy-then-apply, one parse per move, the growing revision, the log, the
standard view envelope, and what happens when a seat leaves.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.envelope import LastPlay, SeatScore, ViewEnvelope
from rules.core.errors import CorruptState, IllegalMove, MoveError, RulesChanged
from rules.core.hints import Effects, score_effects
from rules.core.options import GameSpec, refuse_version
from rules.core.parsing import parse_move
from rules.core.scores import Outcome, ScoreSheet, rank_by
from rules.core.state import REMOVAL_PREFIX, State, copy_json, from_json, to_json
from rules.core.values import CODE_PATTERN, JSON, Move, Seat, Section, Text, table_label
from rules.core.zones import Zone, exchanges, shows_hidden

REVEAL_SAMPLES = 16
"""How many states the undo judgement plays a move in, for the mover and for the public
view, that they cannot tell from the real one (``Game._reveals``)."""
ONLOOKER = ""
"""The name ``determinize`` is given for the public view's sake: no seat's, so every
seat's secrets are drawn again."""
REMOVAL_REASONS = ("resign", "timeout", "out")
"""Why a seat leaves a running game: it gave up, its clock ran out, it cannot go on."""
TERMINATIONS = {
    "resign": "termination.resigned",
    "timeout": "termination.timeout",
    "out": "termination.out",
}


class Record:
    """What ``_apply`` tells the table besides changing the state.

    ``note`` adds a public note (a die rolled, a card gained, an event triggered), in the
    third person (a seat is named by a ``seat``/``owner``/``player`` parameter);
    ``hide`` replaces the label the table's voice is made from (the player's own label
    may name a hidden card): its key too has a ``.table`` twin (``table_label``);
    ``learned`` marks that a seat saw something new (a card drawn, a tile
    turned), so the move can never be undone. A move that moves the seeded generator is
    never undoable either; the contract sees that by itself.
    """

    __slots__ = ("label", "learned", "notes")

    def __init__(self, label: Text) -> None:
        self.label = label
        self.notes: list[Text] = []
        self.learned = False

    def note(self, key: str, /, **params: Any) -> None:
        self.notes.append(Text(key, params))

    def hide(self, label: Text) -> None:
        self.label = label


@dataclass(frozen=True)
class Applied:
    """One applied log entry: the new state and what the table should read of it.

    ``move`` is the resolved move (code and the player's own label); ``label`` is the
    label the table's voice is made from (the player's, or the one ``Record.hide`` gave:
    what the store keeps); ``table`` is what everyone reads, in the third person with
    the mover named; ``notes`` are the public notes; ``undoable`` says whether an undo
    could take it back without revealing or re-rolling anything.
    """

    state: State
    seat: Seat
    move: Move
    label: Text
    notes: tuple[Text, ...]
    undoable: bool

    @property
    def hidden(self) -> bool:
        """Whether the table reads something else than the player's label."""
        return self.label != self.move.label

    @property
    def table(self) -> Text:
        """The table's label: ``label`` in the third person, the mover as ``seat``."""
        return table_label(self.label, self.seat)


class Game(ABC):
    """One game's rules. Subclasses implement the ``_`` hooks; the public methods
    enforce the contract (turn checks, copy-on-apply, parsing, logging)."""

    spec: GameSpec
    continues_without_a_seat: bool = False
    """Whether the others play on when a seat leaves (``_remove_seat`` then takes it out
    of the turn order); otherwise the game ends there, ranked by the current scores."""
    has_hidden_information: bool = False
    """Whether some seat cannot see part of the state besides the seeded generator (other
    hands, hidden tokens, the order of a pile). Such a game must override ``determinize``;
    a generic test checks it does."""

    # -- to implement ---------------------------------------------------------------

    @abstractmethod
    def _setup(self, state: State) -> None:
        """Fill ``state.data`` for a new game (options and seats already validated)."""

    @abstractmethod
    def _to_act(self, state: State) -> frozenset[Seat]:
        """Who must decide now; empty once the game is over."""

    @abstractmethod
    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every legal decision of ``seat``, who is to act."""

    @abstractmethod
    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        """Apply a legal move to ``state`` (a private copy) in place; tell ``record``
        what the table should read (notes, a hidden label, something learned)."""

    @abstractmethod
    def _view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """The game's own part of what ``seat`` may see (``None``: the public view)."""

    @abstractmethod
    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        """Scores as ``seat`` may see them (``None``: public); exact once the game is over."""

    @abstractmethod
    def _outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs; the final ranking once its rules end it."""

    # -- optional hooks -------------------------------------------------------------------

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        """Why a well-formed ``code`` is not legal now, in the player's terms."""
        return IllegalMove("move.not_legal", move=code)

    def is_well_formed(self, code: str) -> bool:
        """Whether ``code`` has this game's move syntax (legal or not). Games override."""
        return bool(CODE_PATTERN.match(code))

    def check_game_invariants(self, state: State) -> None:  # noqa: B027 - optional hook
        """Raise ``CorruptState`` if the game-specific invariants fail. Games override."""

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        """What only ``seat`` may see, as titled sections (a hand, hidden tokens).
        Empty: the seat has nothing hidden. Games with hidden information override."""
        return []

    def _copy_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """A copy of ``state.data`` for a move to change in place, sharing no container
        with ``data``. Default ``copy_json``; a game whose data has a known shape may
        override it with a faster copy (the copy of every applied move)."""
        copied: dict[str, Any] = copy_json(data)
        return copied

    def round_of(self, state: State) -> int | None:
        """The game's round, for the view envelope (``None``: no rounds)."""
        value = state.data.get("round")
        return value if isinstance(value, int) else None

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:  # noqa: B027
        """Take ``seat`` (already in ``state.out``) out of the turn order of a game that
        continues without it. Only called when ``continues_without_a_seat``."""

    def hidden_zones(self, state: State, seat: Seat) -> list[Zone] | None:
        """The places of ``state`` that ``seat`` (``ONLOOKER``: the public view) cannot
        see, each with the state's own list of items: exactly what ``determinize`` draws
        again (``rules.core.zones``). ``None`` (the default): the game names none, and
        the undo judgement only samples ``determinize``."""
        return None

    def determinize(self, state: State, seat: Seat, rng: random.Random) -> State:
        """A new state that ``seat`` cannot tell from ``state`` (same ``view``), with
        everything ``seat`` cannot see drawn from ``rng`` alone, never read from the hidden
        parts of ``state``: what an AI may search without cheating.

        The default serves games whose only secret is the future (dice, draws): the
        generator gets a new seed from ``rng`` and counter 0. The log is replaced by
        placeholders (its codes may name hidden cards); only its length and the removals
        stay, which is all the envelope shows. A game with hidden information overrides
        this, calling ``determinize_base`` first, then resampling what is hidden.
        """
        return determinize_base(state, rng)

    def evaluate(self, state: State, seat: Seat) -> float:
        """How well ``seat`` stands, higher is better: the heuristic ``greedy`` follows.
        Default: its total minus the best other total, as the score sheet ``seat`` sees
        shows them. Games whose score sheet alone plays badly override it."""
        sheet = self.scores(state, seat)
        totals = sheet.totals()
        own = totals.get(seat, 0)
        others = [v for s, v in totals.items() if s != seat and s not in state.out]
        return float(own - max(others, default=0))

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """What the line of ``seat``'s turn from ``before`` to ``after`` did for it, in
        plain words (``rules.core.hints``): what a hint's "why" compares between the
        advised move and the next best. Both states are the seat's determinized ones.
        Default: the categories of its score sheet that changed. Games override it to
        name what their ``evaluate`` weighs besides points (pieces, resources, position)."""
        return Effects(
            tuple(score_effects(self.scores(before, seat), self.scores(after, seat), seat))
        )

    def upgrade_options(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options that make a game stored under rules ``version`` play on exactly as
        it did under the current rules; raise ``RulesChanged`` when that is impossible.
        Games that change their rules override this for the versions they can carry."""
        if version == self.spec.rules_version:
            return dict(options)
        raise refuse_version(self.spec, version)

    # -- the contract -------------------------------------------------------------------

    def setup(
        self, seats: Sequence[Seat], seed: str, options: Mapping[str, Any] | None = None
    ) -> State:
        """A new game. Raises ``InvalidOptions`` for bad seats or options."""
        self.spec.validate_seats(seats)
        state = State(
            game=self.spec.id,
            rules_version=self.spec.rules_version,
            seats=[str(s) for s in seats],
            seed=str(seed),
            options=self.spec.validate_options(options),
            data={},
            form=self.spec.state_form,
        )
        self._setup(state)
        return state

    def to_act(self, state: State) -> frozenset[Seat]:
        """Who must decide now; empty once the game is over (by its rules or a removal)."""
        if state.ended is not None:
            return frozenset()
        acting = self._to_act(state)
        return acting - set(state.out) if state.out else acting

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every legal decision of ``seat`` now (empty if it is not to act)."""
        if seat not in self.to_act(state):
            return []
        return self._legal_moves(state, seat)

    def play(self, state: State, seat: Seat, move: Move | str, *, judge: bool = True) -> Applied:
        """Validate and apply one decision, parsed once; the input state is untouched.

        ``move`` is a legal ``Move`` (from ``legal_moves``) or what the player typed.
        Raises ``IllegalMove`` (not your turn, game over, forbidden move),
        ``InvalidMove`` or ``AmbiguousMove`` (unreadable text).

        ``undoable`` is the contract's judgement, which no game can loosen: nothing was
        learned (``Record.learned``: a game's veto), the seeded generator did not move,
        the game is not over, what every other seat sees privately (its view beyond the
        public one) did not change, and neither the mover's view nor the public view
        shows anything that was hidden before the move (``_reveals``). ``judge=False``
        skips the last two, which cost views and trial moves (a replay of a log that
        only needs the labels); ``undoable`` is then an upper bound only.
        """
        return self._play_entry(state, seat, move, judge=judge)

    def _play_entry(self, state: State, seat: Seat, move: Move | str, *, judge: bool) -> Applied:
        if self.outcome(state) is not None:
            raise IllegalMove("move.game_over")
        if seat not in state.seats:
            raise IllegalMove("move.not_a_player")
        if seat not in self.to_act(state):
            raise IllegalMove("move.not_your_turn")
        resolved = parse_move(self, state, seat, move.code if isinstance(move, Move) else move)
        new = state.copy(self._copy_data)
        record = Record(resolved.label)
        self._apply(new, seat, resolved, record)
        new.log.append([seat, resolved.code])
        applied = self._close(state, new, seat, resolved, record)
        if (
            judge
            and applied.undoable
            and (self._others_saw(state, new, seat) or self._reveals(state, new, seat, resolved))
        ):
            return Applied(new, seat, resolved, applied.label, applied.notes, False)
        return applied

    def apply(self, state: State, seat: Seat, move: Move | str) -> State:
        """``play`` when only the new state matters (tests, replay: no judgement of
        ``undoable``, which costs every seat's view twice)."""
        return self._play_entry(state, seat, move, judge=False).state

    def apply_legal(self, state: State, seat: Seat, move: Move) -> State:
        """``apply`` for a ``move`` taken unchanged from ``legal_moves(state, seat)`` of a
        running game: the search of an AI. It skips the checks and the parsing ``apply``
        repeats for typed input; anything else is a programming error (undefined)."""
        new = state.copy()
        record = Record(move.label)
        self._apply(new, seat, move, record)
        new.log.append([seat, move.code])
        new.revision = state.revision + 1
        new.last = {
            "seat": seat,
            "label": record.label.to_json(),
            "notes": [n.to_json() for n in record.notes],
        }
        return new

    def remove_seat(self, state: State, seat: Seat, reason: str = "resign") -> Applied:
        """``seat`` leaves a running game (``reason`` in ``REMOVAL_REASONS``).

        The game goes on without it when ``continues_without_a_seat`` and at least
        ``spec.min_seats`` seats stay (never fewer than two); otherwise it ends, and the
        others are ranked by their current scores. The log records ``[seat, "!reason"]``
        so a replay is exact. Raises ``IllegalMove`` (game over, not a player, already out).
        """
        if reason not in REMOVAL_REASONS:
            raise ValueError(f"unknown removal reason {reason!r}")
        if self.outcome(state) is not None:
            raise IllegalMove("move.game_over")
        if seat not in state.seats or seat in state.out:
            raise IllegalMove("move.not_a_player")
        new = state.copy(self._copy_data)
        new.out.append(seat)
        record = Record(Text(f"seat.{reason}", {"seat": seat}))
        staying = len(new.playing)
        if self.continues_without_a_seat and staying >= max(2, self.spec.min_seats):
            self._remove_seat(new, seat, record)
            if self._outcome(new) is None and not self.to_act(new):
                new.ended = TERMINATIONS[reason]  # the game could not go on after all
        else:
            new.ended = TERMINATIONS[reason]
        new.log.append([seat, REMOVAL_PREFIX + reason])
        move = Move("out", record.label)
        return self._close(state, new, seat, move, record, undoable=False)

    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs; the final ranking once it is over. Seats that
        left rank below every seat still playing, the first to leave last."""
        if state.ended is not None:
            sheet = self.full_scores(state)
            playing = state.playing
            ranking = rank_by(playing, {s: (sheet.total(s),) for s in playing})
            ranking += tuple((s,) for s in reversed(state.out))
            reason = state.out[-1] if state.out else ""
            return Outcome(ranking, sheet.totals(), Text(state.ended, {"seat": reason}))
        found = self._outcome(state)
        if found is None or not state.out:
            return found
        kept = tuple(
            g
            for g in (tuple(s for s in group if s not in state.out) for group in found.ranking)
            if g
        )
        return Outcome(
            kept + tuple((s,) for s in reversed(state.out)), found.scores, found.termination
        )

    def full_scores(self, state: State) -> ScoreSheet:
        """Every seat's row as that seat sees it (nothing hidden): the sheet shown at the
        end, and the one a game ended by a removal is ranked by."""
        public = self.scores(state, None)
        own = {seat: self.scores(state, seat) for seat in state.seats}
        rows = {seat: dict(own[seat].rows[seat]) for seat in state.seats}
        given = {seat: own[seat].total(seat) for seat in state.seats}
        categories = list(public.categories)
        for row in rows.values():
            categories.extend(c for c in row if c not in categories)
        over = public.final or self.outcome_is_known(state)
        return ScoreSheet(tuple(categories), rows, final=over, given=given)

    def outcome_is_known(self, state: State) -> bool:
        return state.ended is not None or self._outcome(state) is not None

    def view(self, state: State, seat: Seat | None) -> JSON:
        """What ``seat`` may see (``None``: the public view): the game's own keys plus
        the standard envelope (``rules.core.envelope.ViewEnvelope``)."""
        own = self._view(state, seat)
        # A game ended by a seat leaving shows every seat's complete score, as at the end.
        sheet = self.scores(state, seat) if state.ended is None else self.full_scores(state)
        outcome = self.outcome(state)
        acting = self.to_act(state)
        envelope: ViewEnvelope = {
            "game": self.spec.id,
            "seats": list(state.seats),
            "out": list(state.out),
            "to_act": [s for s in state.seats if s in acting],
            "turn": state.version,
            "round": own.get("round", self.round_of(state)),
            "over": outcome is not None,
            "last": _last_play(state.last),
            "scores": {
                s: SeatScore(total=sheet.total(s), partial=sheet.has_hidden(s))
                for s in state.seats
                if s in sheet.rows
            },
            "winners": list(outcome.winners) if outcome is not None else [],
        }
        return {**own, **envelope}

    def replay(
        self,
        seats: Sequence[Seat],
        seed: str,
        options: Mapping[str, Any] | None,
        moves: Iterable[Sequence[str]],
    ) -> State:
        """Rebuild a game from its log; raises ``CorruptState`` if an entry does not apply."""
        state = self.setup(seats, seed, options)
        for applied in self.replay_steps(state, moves):
            state = applied.state
        return state

    def replay_steps(
        self, state: State, moves: Iterable[Sequence[str]], *, judge: bool = False
    ) -> Iterator[Applied]:
        """Play the log entries ``moves`` on from ``state``, yielding each one applied.

        The one way through a log: a removal entry (``[seat, "!reason"]``) is
        ``remove_seat``, any other entry is ``play`` of its code. Each ``Applied`` holds
        the state after the entry and what the table read of it (``table``, ``notes``).
        ``judge`` is ``play``'s: off, ``undoable`` is only the cheap upper bound (a
        removal is never undoable). Lazy: an entry is applied when the next one is asked
        for, so a caller may stop, keep checkpoints or compare as it goes. Raises
        ``CorruptState`` (``state.replay_failed``, ``index``: the entry's place in the
        whole log, counted from the opening) when an entry does not apply.
        """
        for seat, code in moves:
            index = len(state.log)
            try:
                if code.startswith(REMOVAL_PREFIX):
                    applied = self.remove_seat(state, seat, code[len(REMOVAL_PREFIX) :])
                else:
                    applied = self._play_entry(state, seat, code, judge=judge)
            except (MoveError, ValueError) as exc:
                raise CorruptState("state.replay_failed", index=index, move=code) from exc
            yield applied
            state = applied.state

    def check_invariants(self, state: State) -> None:
        """The checks every game meets after every move (raise ``CorruptState``)."""
        if from_json(to_json(state)) != state:
            raise CorruptState("state.json_roundtrip")
        replayed = self.replay(state.seats, state.seed, state.options, state.log)
        if replayed != state:
            raise CorruptState("state.replay_mismatch")
        self.check_step_invariants(state)

    def check_step_invariants(self, state: State) -> None:
        """The cheap checks (no replay): someone acts while the game runs, every actor
        has a legal move, the revision counts the log, the game's own invariants."""
        running = self.outcome(state) is None
        actors = self.to_act(state)
        if running and not actors:
            raise CorruptState("state.nobody_to_act")
        for seat in actors:
            if not self.legal_moves(state, seat):
                raise CorruptState("state.no_legal_move", seat=seat)
        if state.revision < state.version:
            raise CorruptState("state.revision_behind", revision=state.revision)
        self.check_game_invariants(state)

    def check_rules_version(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options to replay a stored game under the current rules (see
        ``upgrade_options``); raises ``RulesChanged`` when it cannot be replayed exactly."""
        upgraded = self.upgrade_options(version, options)
        return self.spec.validate_options(upgraded)

    # -- internals ----------------------------------------------------------------------

    def _others_saw(self, before: State, after: State, seat: Seat) -> bool:
        """Whether the private view of a seat other than ``seat`` changed: the move
        showed it something (a card passed, a hand revealed)."""
        public_before = self._view(before, None)
        public_after = self._view(after, None)
        for other in after.seats:
            if other == seat or other in after.out:
                continue
            was = _private(self._view(before, other), public_before)
            now = _private(self._view(after, other), public_after)
            if was != now:
                return True
        return False

    def _reveals(
        self,
        before: State,
        after: State,
        seat: Seat,
        move: Move,
        *,
        samples: int = 0,
        sights: Sequence[Seat | None] | None = None,
        salt: str = "reveal",
    ) -> bool:
        """Whether ``after`` shows anything that was hidden in ``before``: what a seat
        sees after a move that reveals nothing follows from what it saw before and from
        the move alone.

        Where the game names its hidden zones (``hidden_zones``), the judgement first
        compares them, exactly (``_zones_show``): an item hidden before and in sight
        after, or a move that shows something else once an item of the mover's hidden
        holdings is exchanged with another it could be. The sampling below stays as a
        second net.

        Two sights are tried: the mover's own view, and the public view (``ONLOOKER``,
        who sits at no seat). For each, ``samples`` states that it cannot tell from
        ``before`` (``determinize``: everything it cannot see drawn again from a
        generator seeded by the state) take the same move; if its view afterwards
        differs from the real one in any of them, the move showed something that was
        hidden (a token's value, a tile turned from a face-down stack, a card from a
        hand). A move that cannot be played in such a state depends on something hidden
        from that sight, and counts as revealing. Another seat's own view is covered by
        ``_others_saw`` (any change of what it sees beyond the public view), and by the
        public view for the rest. Pure: the same states give the same answer.

        ``samples`` (default ``REVEAL_SAMPLES``), ``sights`` (default the mover and the
        public view) and ``salt`` (which draws) let a test ask again independently.
        """
        if type(self).determinize is Game.determinize:
            # Nothing is hidden but the generator's future, and the move did not draw
            # from it (the caller checked): every draw would play exactly the same.
            return False
        count = samples or REVEAL_SAMPLES
        for viewer in (seat, None) if sights is None else sights:
            sight = ONLOOKER if viewer is None else viewer
            seen = self.view(after, viewer)
            if self._zones_show(before, after, seat, move, viewer, seen):
                return True
            for sample in range(count):
                rng = random.Random(f"{salt}/{before.seed}/{before.revision}/{sight}/{sample}")
                other = self.determinize(before, sight, rng)
                try:
                    alternative = self._play_entry(other, seat, move, judge=False).state
                except MoveError:
                    return True
                if self.view(alternative, viewer) != seen:
                    return True
        return False

    def _zones_show(
        self,
        before: State,
        after: State,
        seat: Seat,
        move: Move,
        viewer: Seat | None,
        seen: JSON,
    ) -> bool:
        """The exact part of ``_reveals`` for a game that names its hidden zones: an
        item of a zone hidden from ``viewer`` came into its sight, or the move shows
        ``viewer`` something else once one item of the mover's hidden holdings is
        exchanged with another it could be (``rules.core.zones``)."""
        sight = ONLOOKER if viewer is None else viewer

        def zones_of(state: State) -> list[Zone]:
            return self.hidden_zones(state, sight) or []

        hidden = self.hidden_zones(before, sight)
        if hidden is None:
            return False
        if shows_hidden(hidden, zones_of(after)):
            return True
        for world in exchanges(before, zones_of, seat):
            try:
                alternative = self._play_entry(world, seat, move, judge=False).state
            except MoveError:
                return True
            if self.view(alternative, viewer) != seen:
                return True
        return False

    def _close(
        self,
        before: State,
        new: State,
        seat: Seat,
        move: Move,
        record: Record,
        *,
        undoable: bool = True,
    ) -> Applied:
        new.revision = before.revision + 1
        notes = tuple(record.notes)
        new.last = {
            "seat": seat,
            "label": record.label.to_json(),
            "notes": [n.to_json() for n in notes],
        }
        undoable = (
            undoable and not record.learned and new.rng == before.rng and self.outcome(new) is None
        )
        return Applied(new, seat, move, record.label, notes, undoable)


def determinize_base(state: State, rng: random.Random) -> State:
    """A copy of ``state`` with a fresh generator (seed from ``rng``, counter 0) and a log
    of placeholders (same length, removals kept): the part of ``Game.determinize`` that
    every game shares."""
    new = state.copy()
    new.seed = f"ai-{rng.getrandbits(64):016x}"
    new.rng = 0
    new.log = [[seat, code if code.startswith(REMOVAL_PREFIX) else "?"] for seat, code in state.log]
    return new


def _private(own: Any, public: Any, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """What a seat's own view holds beyond the public one, leaf by leaf (dict keys are
    followed; any other value differing is one leaf)."""
    if isinstance(own, Mapping) and isinstance(public, Mapping):
        found: dict[tuple[str, ...], Any] = {}
        for key, value in own.items():
            if key not in public:
                found[(*path, str(key))] = value
            else:
                found.update(_private(value, public[key], (*path, str(key))))
        return found
    return {} if own == public else {path: own}


def _last_play(raw: Mapping[str, Any] | None) -> LastPlay | None:
    """The envelope's ``last``: the stored label turned to the table's voice (the state
    keeps the label the move was made with, so stored snapshots stay as they were)."""
    if raw is None:
        return None
    seat = raw["seat"]
    label = table_label(Text.from_json(raw["label"]), seat).to_json()
    return LastPlay(seat=seat, label=label, notes=list(raw["notes"]))


__all__ = [
    "REMOVAL_REASONS",
    "Applied",
    "Game",
    "Record",
    "RulesChanged",
    "determinize_base",
]
