"""The game contract every Campfire game satisfies (see ../shared/design.md, rules/).

A game is a pure function of ``(seed, options, moves)``. This module holds the values
that cross the contract (``State``, ``Move``, ``ScoreSheet``, ``Outcome``), the error
tree (``MoveError`` and friends carry message keys, never sentences), the abstract
``Game`` with the copy-then-apply discipline, and ``parse_move`` which turns what a
player typed into one of the legal moves.
"""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Seat = str
"""An opaque player id (a Discord user id, a console name). Order in a game = turn order."""

JSON = Any
SCHEMA_VERSION = 1
MAX_CODE_LENGTH = 90
CODE_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._:+#-]*$")


# --------------------------------------------------------------------------- errors


class CampfireError(Exception):
    """Base of every error that carries a message key and parameters for the user."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params: dict[str, Any] = params

    def __str__(self) -> str:
        if not self.params:
            return self.key
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.key}({inner})"


class MoveError(CampfireError, ValueError):
    """A decision that cannot be applied. Never changes the state."""


class InvalidMove(MoveError):
    """The text is not a move at all (empty, malformed, unknown words)."""


class IllegalMove(MoveError):
    """The move is well formed but the rules forbid it now."""


class AmbiguousMove(MoveError):
    """The text matches several legal moves; ``params['candidates']`` lists their codes."""


class InvalidOptions(CampfireError, ValueError):
    """The options of a new game are unknown or out of range."""


class CorruptState(CampfireError, RuntimeError):
    """A stored state or log does not satisfy the game's invariants."""


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Text:
    """A message key with parameters, translated by ``rules.i18n.translate``."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True)
class Move:
    """One legal decision.

    ``code`` is the canonical short text that is stored, typed and put in button ids;
    ``label`` is the human text; ``group`` clusters moves in menus (e.g. ``evolve``).
    """

    code: str
    label: Text
    group: str = ""

    def __post_init__(self) -> None:
        if len(self.code) > MAX_CODE_LENGTH or not CODE_PATTERN.match(self.code):
            raise ValueError(f"bad move code {self.code!r}")


@dataclass(frozen=True)
class OptionSpec:
    """A documented variant switch of a game.

    ``choices`` lists the allowed values; an empty tuple with an ``int`` default means
    any integer in ``[minimum, maximum]``.
    """

    name: str
    default: str | int | bool
    choices: tuple[str | int | bool, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    description: Text = field(default_factory=lambda: Text("option.none"))

    def validate(self, value: Any) -> str | int | bool:
        if self.choices:
            if value not in self.choices:
                raise InvalidOptions(
                    "options.bad_choice",
                    option=self.name,
                    value=str(value),
                    choices=", ".join(str(c) for c in self.choices),
                )
            return value  # type: ignore[no-any-return]
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise InvalidOptions("options.bad_type", option=self.name, value=str(value))
            return value
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOptions("options.bad_type", option=self.name, value=str(value))
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptions(
                    "options.out_of_range",
                    option=self.name,
                    value=value,
                    minimum=self.minimum,
                    maximum=self.maximum,
                )
            return value
        if not isinstance(value, str):
            raise InvalidOptions("options.bad_type", option=self.name, value=str(value))
        return value


@dataclass(frozen=True)
class GameSpec:
    """What a game is: id, seat range, options, rules version, display name key."""

    id: str
    name: Text
    min_seats: int
    max_seats: int
    rules_version: int = 1
    options: tuple[OptionSpec, ...] = ()
    summary: Text = field(default_factory=lambda: Text("game.no_summary"))

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return the full option dict (defaults filled in) or raise ``InvalidOptions``."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                raise InvalidOptions("options.unknown", option=name)
        return {o.name: o.validate(given.get(o.name, o.default)) for o in self.options}

    def validate_seats(self, seats: Sequence[Seat]) -> None:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise InvalidOptions(
                "options.seat_count", count=len(seats), min=self.min_seats, max=self.max_seats
            )
        if len(set(seats)) != len(seats):
            raise InvalidOptions("options.duplicate_seat")


@dataclass
class State:
    """A game in progress: plain JSON-able data.

    ``data`` belongs to the game; ``rng`` is the counter of the seeded generator
    (``rules.rng``); ``log`` is the applied moves as ``[seat, code]`` pairs, so a state
    carries the proof of how it was reached.
    """

    game: str
    rules_version: int
    seats: list[Seat]
    seed: str
    options: dict[str, Any]
    data: dict[str, Any]
    rng: int = 0
    log: list[list[str]] = field(default_factory=list)

    @property
    def version(self) -> int:
        """How many moves were applied: the optimistic-concurrency version."""
        return len(self.log)

    def copy(self) -> State:
        return State(
            game=self.game,
            rules_version=self.rules_version,
            seats=list(self.seats),
            seed=self.seed,
            options=dict(self.options),
            data=copy_json(self.data),
            rng=self.rng,
            log=list(self.log),  # the [seat, code] pairs are never changed in place
        )

    def to_dict(self) -> JSON:
        return {
            "schema": SCHEMA_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng,
            "log": [list(m) for m in self.log],
            "data": self.data,
        }


_ATOMS = (str, int, float, bool, type(None))


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, atoms), several times faster than
    ``copy.deepcopy``; anything else is handed to ``copy.deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else copy_json(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else copy_json(v) for v in value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


def to_json(state: State) -> str:
    """Serialise a state; ``from_json(to_json(s)) == s`` always holds."""
    return json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> State:
    """Parse a state serialised by ``to_json``; raise ``CorruptState`` if it is not one."""
    try:
        raw = json.loads(text)
        if raw.get("schema") != SCHEMA_VERSION:
            raise CorruptState("state.schema", found=raw.get("schema"))
        return State(
            game=str(raw["game"]),
            rules_version=int(raw["rules_version"]),
            seats=[str(s) for s in raw["seats"]],
            seed=str(raw["seed"]),
            options=dict(raw["options"]),
            data=dict(raw["data"]),
            rng=int(raw["rng"]),
            log=[[str(a), str(b)] for a, b in raw["log"]],
        )
    except CorruptState:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CorruptState("state.unreadable", detail=str(exc)) from exc


@dataclass(frozen=True)
class ScoreSheet:
    """Scores per seat broken down by category (category ids are message keys).

    ``final`` is true once the game is over. ``hidden`` names the categories whose
    values the viewer may not see (counted as 0 in the rows): a public sheet of a game
    with hidden tokens shows them as hidden, never leaks them.
    """

    categories: tuple[str, ...]
    rows: Mapping[Seat, Mapping[str, int]]
    final: bool = False
    hidden: Mapping[Seat, frozenset[str]] = field(default_factory=dict)

    def total(self, seat: Seat) -> int:
        return sum(self.rows[seat].values())

    def totals(self) -> dict[Seat, int]:
        return {seat: self.total(seat) for seat in self.rows}

    def to_json(self) -> JSON:
        return {
            "categories": list(self.categories),
            "rows": {s: dict(r) for s, r in self.rows.items()},
            "totals": self.totals(),
            "final": self.final,
            "hidden": {s: sorted(h) for s, h in self.hidden.items()},
        }


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``ranking`` lists groups of seats, best first (ties share a group)."""

    ranking: tuple[tuple[Seat, ...], ...]
    scores: Mapping[Seat, int]
    termination: Text

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> JSON:
        return {
            "ranking": [list(g) for g in self.ranking],
            "scores": dict(self.scores),
            "termination": self.termination.to_json(),
        }


def rank_by(
    seats: Iterable[Seat], keys: Mapping[Seat, tuple[int, ...]]
) -> tuple[tuple[Seat, ...], ...]:
    """Group seats by descending key tuples (score first, then tie-breaks)."""
    ordered = sorted(seats, key=lambda s: keys[s], reverse=True)
    groups: list[list[Seat]] = []
    for seat in ordered:
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return tuple(tuple(g) for g in groups)


# --------------------------------------------------------------------------- the contract


class Game(ABC):
    """One game's rules. Subclasses implement the ``_`` hooks; the public methods
    enforce the contract (turn checks, copy-on-apply, parsing, logging)."""

    spec: GameSpec

    # -- to implement ---------------------------------------------------------------

    @abstractmethod
    def _setup(self, state: State) -> None:
        """Fill ``state.data`` for a new game (options and seats already validated)."""

    @abstractmethod
    def to_act(self, state: State) -> frozenset[Seat]:
        """Who must decide now; empty once the game is over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every legal decision of ``seat`` now (empty if it is not to act)."""

    @abstractmethod
    def _apply(self, state: State, seat: Seat, move: Move) -> None:
        """Apply a legal move to ``state`` (a private copy) in place."""

    @abstractmethod
    def view(self, state: State, seat: Seat | None) -> JSON:
        """What ``seat`` may see; ``None`` is the public view (what the table shows)."""

    @abstractmethod
    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        """Scores as ``seat`` may see them (``None``: public); exact once the game is over."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs; the final ranking once it is over."""

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError:
        """Why a well-formed ``code`` is not legal now, in the player's terms.

        Games override this to give specific reasons; the default is generic.
        """
        return IllegalMove("move.not_legal", move=code)

    def public_label(self, label: Text) -> Text:
        """What the whole table may read of a move whose player's label is ``label``.

        A label is written for the player who moves, so it may name something hidden
        (a card of their hand); games whose labels do override this and return a
        neutral text. The default: the label itself.
        """
        return label

    def is_well_formed(self, code: str) -> bool:
        """Whether ``code`` has this game's move syntax (legal or not). Games override."""
        return bool(CODE_PATTERN.match(code))

    def check_game_invariants(self, state: State) -> None:  # noqa: B027 - optional hook
        """Raise ``CorruptState`` if the game-specific invariants fail. Games override."""

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
        )
        self._setup(state)
        return state

    def apply(self, state: State, seat: Seat, move: Move | str) -> State:
        """Validate and apply one decision; return the new state, never touching ``state``.

        Raises ``IllegalMove`` (not your turn, game over, forbidden move),
        ``InvalidMove`` or ``AmbiguousMove`` (unreadable text).
        """
        if self.outcome(state) is not None:
            raise IllegalMove("move.game_over")
        if seat not in state.seats:
            raise IllegalMove("move.not_a_player")
        if seat not in self.to_act(state):
            raise IllegalMove("move.not_your_turn")
        text = move.code if isinstance(move, Move) else move
        resolved = parse_move(self, state, seat, text)
        new = state.copy()
        self._apply(new, seat, resolved)
        new.log.append([seat, resolved.code])
        return new

    def replay(
        self,
        seats: Sequence[Seat],
        seed: str,
        options: Mapping[str, Any] | None,
        moves: Iterable[Sequence[str]],
    ) -> State:
        """Rebuild a game from its log; raises ``CorruptState`` if a move does not apply."""
        state = self.setup(seats, seed, options)
        for index, (seat, code) in enumerate(moves):
            try:
                state = self.apply(state, seat, code)
            except MoveError as exc:
                raise CorruptState("state.replay_failed", index=index, move=code) from exc
        return state

    def check_invariants(self, state: State) -> None:
        """The checks every game meets after every move (raise ``CorruptState``)."""
        if from_json(to_json(state)) != state:
            raise CorruptState("state.json_roundtrip")
        replayed = self.replay(state.seats, state.seed, state.options, state.log)
        if replayed != state:
            raise CorruptState("state.replay_mismatch")
        running = self.outcome(state) is None
        actors = self.to_act(state)
        if running and not actors:
            raise CorruptState("state.nobody_to_act")
        for seat in actors:
            if not self.legal_moves(state, seat):
                raise CorruptState("state.no_legal_move", seat=seat)
        self.check_game_invariants(state)


# --------------------------------------------------------------------------- parsing


def normalise(text: str) -> str:
    """Lowercase, strip accents and punctuation noise, collapse spaces: for forgiving matches."""
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_text = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    ascii_text = re.sub(r"[^a-z0-9#:+.-]+", " ", ascii_text)
    return " ".join(ascii_text.split())


def parse_move(game: Game, state: State, seat: Seat, text: str) -> Move:
    """Resolve what a player typed to exactly one legal move.

    Accepts the canonical code, or (forgivingly) a label in English or French, or an
    unambiguous part of either. Raises ``InvalidMove`` (empty or malformed),
    ``AmbiguousMove`` (several candidates) or ``IllegalMove`` (well formed, not legal,
    with the game's reason).
    """
    from rules.i18n import translate  # local: i18n imports this module

    raw = (text or "").strip()
    if not raw:
        raise InvalidMove("move.empty")
    if len(raw) > 200:
        raise InvalidMove("move.too_long")
    legal = game.legal_moves(state, seat)
    code = raw.lower()
    for move in legal:
        if move.code == code:
            return move
    if CODE_PATTERN.match(code) and len(code) <= MAX_CODE_LENGTH and game.is_well_formed(code):
        # A move code that is not legal now is refused with its reason; it must not
        # fall through to label matching (typing "back" must not pick "put 2 back").
        raise game.explain_illegal(state, seat, code)
    wanted = normalise(raw)
    if not wanted:
        raise InvalidMove("move.unreadable", text=raw[:40])
    labelled = [
        (
            move,
            {normalise(move.code)}
            | {normalise(translate(move.label, lang)) for lang in ("en", "fr")},
        )
        for move in legal
    ]
    exact = [m for m, names in labelled if wanted in names]
    if len(exact) == 1:
        return exact[0]
    words = wanted.split()
    partial = [m for m, names in labelled if any(all(w in n for w in words) for n in names)]
    if len(partial) == 1:
        return partial[0]
    if len(partial) > 1 or len(exact) > 1:
        found = exact or partial
        raise AmbiguousMove(
            "move.ambiguous", candidates=[m.code for m in found[:10]], count=len(found)
        )
    if CODE_PATTERN.match(code) and len(code) <= MAX_CODE_LENGTH and game.is_well_formed(code):
        raise game.explain_illegal(state, seat, code)
    raise InvalidMove("move.unreadable", text=raw[:40])
