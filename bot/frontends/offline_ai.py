"""The ``--ai`` arguments of the offline front ends (``campfire demo``, ``campfire console``).

Which seats play by themselves and at which level; they play through the service's AI
driver (``Robots.turns``, from the state the service already holds), which reads the
game as the seat sees it (``ai.choose`` determinizes first) and seeds each decision from
the game's seed and revision: the same game replays the same decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import ai

if TYPE_CHECKING:  # the CLI parses ``--ai`` without loading the service
    from bot.service import GameInfo


class LevelError(ValueError):
    """An ``--ai`` argument that names no level or no seat."""


def parse_levels(text: str, players: int) -> list[str | None]:
    """``"greedy,random"`` -> one level per seat in order (``none``/``-`` a human seat);
    a single level applies to every seat. Raises ``LevelError``."""
    parts = [p.strip().lower() for p in text.split(",")]
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        raise LevelError(f"--ai needs 1 or {players} levels, not {len(parts)}")
    levels: list[str | None] = []
    for part in parts:
        if part in ("none", "-", "human"):
            levels.append(None)
        elif part in ai.LEVELS:
            levels.append(part)
        else:
            raise LevelError(f"unknown AI level {part!r}; choose from {', '.join(ai.LEVELS)}")
    return levels


def parse_seat_levels(pairs: Sequence[str], players: int) -> dict[int, str]:
    """``["2=greedy"]`` -> ``{2: "greedy"}`` (seats numbered from 1 in the lobby's order,
    as ``console_players`` names them: ``p2`` and ``2`` both mean the second)."""
    found: dict[int, str] = {}
    for pair in pairs:
        seat, sep, level = pair.partition("=")
        number = seat.strip().lower().removeprefix("p")
        if not sep or not number.isdigit() or not 1 <= int(number) <= players:
            raise LevelError(f"--ai needs SEAT=LEVEL with SEAT 1..{players}, not {pair!r}")
        if level.strip().lower() not in ai.LEVELS:
            raise LevelError(f"unknown AI level {level!r}; choose from {', '.join(ai.LEVELS)}")
        found[int(number)] = level.strip().lower()
    return found


def seat_levels(info: GameInfo, by_user: Mapping[str, str]) -> dict[str, str]:
    """The AI level of each seat id that has one."""
    return {p.user_id: by_user[p.user_id] for p in info.seats if p.user_id in by_user}
