"""AI seats for the offline front ends (``campfire demo --ai``, ``campfire console --ai``).

The AI reads the game as the seat sees it (``ai.choose`` determinizes first); here the
rules state is rebuilt from the stored log through the service's public methods, so the
offline tools need nothing of the service's insides. The AI's seed is derived from the
game's seed and version: the same game replays the same decisions.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import ai
from rules import registry

if TYPE_CHECKING:  # the CLI parses ``--ai`` without loading the service
    from bot.service import GameInfo, GameService


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


async def ai_move(
    service: GameService,
    info: GameInfo,
    seat: str,
    level: str,
    *,
    budget_ms: float | None = None,
    budget_moves: int | None = None,
) -> str:
    """The code ``level`` plays for ``seat`` now, decided off the event loop."""
    game = registry.get(info.rules)
    history = await service.history(info.id)
    state = game.replay(
        [p.user_id for p in info.seats],
        info.seed,
        info.options,
        [(entry.seat, entry.code) for entry in history],
    )
    seed = f"{info.seed}:{info.version}"
    return await asyncio.to_thread(
        ai.choose,
        game,
        state,
        seat,
        level,
        seed,
        budget_ms=budget_ms,
        budget_moves=budget_moves,
    )


def seat_levels(info: GameInfo, by_user: Mapping[str, str]) -> dict[str, str]:
    """The AI level of each seat id that has one."""
    return {p.user_id: by_user[p.user_id] for p in info.seats if p.user_id in by_user}
