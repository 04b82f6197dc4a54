"""Small values that cross the contract: ``Text`` (a translatable message), ``Move`` and
``Section`` (a titled block of what one seat sees privately)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Seat = str
"""An opaque player id (a Discord user id, a console name). Order in a game = turn order."""

JSON = Any
MAX_CODE_LENGTH = 90
CODE_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._:+#-]*$")
"""Codes a player may type. Log entries outside it (``!resign``) are the table's, not moves."""


@dataclass(frozen=True)
class Text:
    """A message key with parameters, translated by ``rules.i18n.translate``."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        # Still frozen; filling ``__dict__`` skips the generated ``object.__setattr__``
        # calls (texts are made by the thousand for move labels).
        fields = self.__dict__
        fields["key"] = key
        fields["params"] = {} if params is None else params

    def to_json(self) -> JSON:
        """``{"key", "params"}`` in plain JSON (tuples become lists), so it round-trips."""
        return {
            "key": self.key,
            "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()},
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Text:
        return cls(str(raw["key"]), dict(raw.get("params") or {}))


@dataclass(frozen=True)
class Move:
    """One legal decision.

    ``code`` is the canonical short text that is stored, typed and put in button ids;
    ``label`` is the human text; ``group`` clusters moves in menus (e.g. ``evolve``).
    """

    code: str
    label: Text
    group: str = ""

    def table(self, seat: Seat) -> Text:
        """What the table reads of this move made by ``seat`` (``table_label``)."""
        return table_label(self.label, seat)

    def __init__(self, code: str, label: Text, group: str = "") -> None:
        # Still frozen; filling ``__dict__`` skips the generated ``object.__setattr__``
        # calls, and a code already checked is not matched again (legal moves are made
        # by the thousand).
        if code not in _CHECKED_CODES:
            if len(code) > MAX_CODE_LENGTH or not CODE_PATTERN.match(code):
                raise ValueError(f"bad move code {code!r}")
            if len(_CHECKED_CODES) < _CHECKED_CODES_MAX:
                _CHECKED_CODES.add(code)
        fields = self.__dict__
        fields["code"] = code
        fields["label"] = label
        fields["group"] = group


TABLE = ".table"
"""The suffix of a label's key in the table's voice: ``nim.take`` ("take {n}") is what
the mover reads, ``nim.take.table`` ("{seat} takes {n}") what everyone else reads."""
MOVER = "seat"
"""The parameter of a table label that holds the mover (a seat id; front ends show the
seat's display name there, ``rules.i18n.with_names``)."""


def table_label(label: Text, seat: Seat) -> Text:
    """The table's voice of a move's ``label`` made by ``seat``: the same parameters, the
    mover added as ``seat``, and the key with ``TABLE`` after it. The mover's label
    speaks to the mover ("abandon your tribe"); the table's names the mover in the third
    person ("{seat} abandons the tribe") and must say nothing the table may not read.
    Every key a move's label (or a ``Record.hide`` label) uses has its ``.table`` twin
    in both languages; a label already in the table's voice is returned as it is."""
    if label.key.endswith(TABLE):
        return label
    return Text(label.key + TABLE, {**label.params, MOVER: seat})


_CHECKED_CODES: set[str] = set()
"""Move codes already found well formed (a cache: it changes no result)."""
_CHECKED_CODES_MAX = 50_000


@dataclass(frozen=True)
class Section:
    """One titled block of what a seat sees privately (``Game.private_sections``): a title
    and a few lines, all translatable, so every front end shows them in its reader's
    language."""

    title: Text
    lines: tuple[Text, ...]
