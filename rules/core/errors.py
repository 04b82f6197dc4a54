"""The error tree of the contract: every error carries a message key and parameters."""

from __future__ import annotations

from typing import Any


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


class RulesChanged(CampfireError, RuntimeError):
    """A stored game was made under another ``rules_version`` that the code cannot migrate."""
