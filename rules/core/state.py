"""``State``: a game in progress as plain JSON-able data, and its exact JSON form."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import CorruptState
from rules.core.values import JSON, Seat

SCHEMA_VERSION = 2
"""2 added ``revision``, ``out``, ``ended`` and ``last``; a schema-1 state reads with
their defaults (a stored snapshot is only a cache: the replay of the log is the truth)."""

REMOVAL_PREFIX = "!"
"""Log entries whose code starts with this record a seat leaving (``!resign``), not a move."""


@dataclass
class State:
    """A game in progress: plain JSON-able data.

    ``data`` belongs to the game; ``rng`` is the counter of the seeded generator
    (``rules.rng``); ``log`` is the applied entries as ``[seat, code]`` pairs (moves, and
    ``!reason`` for a seat removed), so a state carries the proof of how it was reached.
    ``revision`` grows by one with every change and never goes back (an undo is a new
    revision), so anything made for an older revision is stale. ``out`` lists the seats
    removed, in order; ``ended`` is the termination key when a removal ended the game;
    ``last`` is what the table may read of the last entry (seat, public label, notes).
    ``form`` is the layout of ``data`` (``GameSpec.state_form``) the state was made in.
    """

    game: str
    rules_version: int
    seats: list[Seat]
    seed: str
    options: dict[str, Any]
    data: dict[str, Any]
    rng: int = 0
    log: list[list[str]] = field(default_factory=list)
    revision: int = 0
    out: list[Seat] = field(default_factory=list)
    ended: str | None = None
    last: dict[str, Any] | None = None
    form: int = 1

    @property
    def version(self) -> int:
        """How many entries the log holds (moves and removals)."""
        return len(self.log)

    @property
    def playing(self) -> list[Seat]:
        """The seats still in the game, in turn order."""
        return [s for s in self.seats if s not in self.out]

    def copy(self, copy_data: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> State:
        """A copy sharing nothing that a move changes in place. ``copy_data`` copies
        ``data`` (default ``copy_json``): a game that knows the shape of its data may
        pass a faster one (``Game._copy_data``)."""
        return State(
            game=self.game,
            rules_version=self.rules_version,
            seats=list(self.seats),
            seed=self.seed,
            options=copy_json(self.options),
            data=copy_json(self.data) if copy_data is None else copy_data(self.data),
            rng=self.rng,
            log=list(self.log),  # the [seat, code] pairs are never changed in place
            revision=self.revision,
            out=list(self.out),
            ended=self.ended,
            last=self.last,  # replaced, never changed in place
            form=self.form,
        )

    def to_dict(self) -> JSON:
        form = {} if self.form == 1 else {"form": self.form}  # absent: the first layout
        return {
            **form,
            "schema": SCHEMA_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng,
            "log": [list(m) for m in self.log],
            "data": self.data,
            "revision": self.revision,
            "out": list(self.out),
            "ended": self.ended,
            "last": self.last,
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
        schema = raw.get("schema")
        if schema not in (1, SCHEMA_VERSION):
            raise CorruptState("state.schema", found=schema)
        last = raw.get("last")
        return State(
            game=str(raw["game"]),
            rules_version=int(raw["rules_version"]),
            seats=[str(s) for s in raw["seats"]],
            seed=str(raw["seed"]),
            options=dict(raw["options"]),
            data=dict(raw["data"]),
            rng=int(raw["rng"]),
            log=[[str(a), str(b)] for a, b in raw["log"]],
            revision=int(raw.get("revision", len(raw["log"]))),
            out=[str(s) for s in raw.get("out", [])],
            ended=None if raw.get("ended") is None else str(raw["ended"]),
            last=dict(last) if isinstance(last, dict) else None,
            form=int(raw.get("form", 1)),
        )
    except CorruptState:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CorruptState("state.unreadable", detail=str(exc)) from exc
