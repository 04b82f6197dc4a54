"""The game contract every Campfire game satisfies (docs/contributors/contract.md).

A game is a pure function of ``(seed, options, moves)``. The contract lives in
``rules.core`` split by concern; this module re-exports it, so games and front ends
import from one place: the values that cross the contract (``State``, ``Move``,
``Text``, ``Section``, ``ScoreSheet``, ``Outcome``, the view envelope), the error tree
(``MoveError`` and friends carry message keys, never sentences), the abstract ``Game``
with ``Record`` and ``Applied``, and ``parse_move``.
"""

from __future__ import annotations

from rules.core.envelope import ENVELOPE_KEYS, LastPlay, SeatScore, TextJSON, ViewEnvelope
from rules.core.errors import (
    AmbiguousMove,
    CampfireError,
    CorruptState,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    MoveError,
    RulesChanged,
)
from rules.core.game import REMOVAL_REASONS, Applied, Game, Record, determinize_base
from rules.core.options import GameSpec, OptionSpec, OptionValue
from rules.core.parsing import normalise, parse_move
from rules.core.scores import Outcome, ScoreSheet, rank_by
from rules.core.state import (
    REMOVAL_PREFIX,
    SCHEMA_VERSION,
    State,
    copy_json,
    from_json,
    to_json,
)
from rules.core.values import (
    CODE_PATTERN,
    JSON,
    MAX_CODE_LENGTH,
    TABLE,
    Move,
    Seat,
    Section,
    Text,
    table_label,
)
from rules.core.zones import Zone

__all__ = [
    "CODE_PATTERN",
    "ENVELOPE_KEYS",
    "JSON",
    "MAX_CODE_LENGTH",
    "REMOVAL_PREFIX",
    "REMOVAL_REASONS",
    "SCHEMA_VERSION",
    "AmbiguousMove",
    "Applied",
    "CampfireError",
    "CorruptState",
    "Game",
    "GameSpec",
    "IllegalMove",
    "InvalidMove",
    "InvalidOptions",
    "LastPlay",
    "Move",
    "MoveError",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "Record",
    "RulesChanged",
    "ScoreSheet",
    "SeatScore",
    "Section",
    "Seat",
    "State",
    "TABLE",
    "Text",
    "table_label",
    "TextJSON",
    "ViewEnvelope",
    "Zone",
    "copy_json",
    "determinize_base",
    "from_json",
    "normalise",
    "parse_move",
    "rank_by",
    "to_json",
]
