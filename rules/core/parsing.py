"""``parse_move``: what a player typed -> exactly one legal move (or a precise error)."""

from __future__ import annotations

import re
import unicodedata
from typing import Protocol

from rules.core.errors import AmbiguousMove, InvalidMove, MoveError
from rules.core.state import State
from rules.core.values import CODE_PATTERN, MAX_CODE_LENGTH, Move, Seat
from rules.i18n import translate


class MoveSource(Protocol):
    """What ``parse_move`` asks of a game (``rules.core.game.Game`` has all three): the
    legal moves, the move syntax and the reason a well-formed move is refused."""

    def legal_moves(self, state: State, seat: Seat) -> list[Move]: ...

    def is_well_formed(self, code: str) -> bool: ...

    def explain_illegal(self, state: State, seat: Seat, code: str) -> MoveError: ...


def normalise(text: str) -> str:
    """Lowercase, strip accents and punctuation noise, collapse spaces: for forgiving matches.

    A middle dot reads as a full stop: ``pawn 2·1`` is typed ``pawn 2.1`` (and never
    matches ``pawn 1·2``, as ``2 1`` would)."""
    decomposed = unicodedata.normalize("NFKD", text.replace("·", "."))
    ascii_text = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    ascii_text = re.sub(r"[^a-z0-9#:+.-]+", " ", ascii_text)
    return " ".join(ascii_text.split())


def parse_move(game: MoveSource, state: State, seat: Seat, text: str) -> Move:
    """Resolve what a player typed to exactly one legal move.

    Accepts the canonical code, or (forgivingly) a label in English or French, or an
    unambiguous part of either. Raises ``InvalidMove`` (empty or malformed),
    ``AmbiguousMove`` (several candidates) or ``IllegalMove`` (well formed, not legal,
    with the game's reason).
    """
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
