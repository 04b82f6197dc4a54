"""The games waiting on one player, wherever they are: what ``/campfire games all:True``
and the web companion's personal page list, the most pressing first.

A game waits on a player when it runs and their seat is to act. The order is the time
left: the nearest deadline first, then the games without a deadline (no turn clock, or
the player away, their clock paused), the longest waiting first, then by number, so the
list reads the same on every reading.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.service.values import GameInfo


@dataclass(frozen=True)
class Waiting:
    """One game waiting on a player: since when, until when (``None``: no deadline),
    and until when they are away (their clock paused), if they are."""

    game: GameInfo
    since: datetime | None
    deadline: datetime | None
    away_until: datetime | None = None

    def order(self) -> tuple[int, float, float, int]:
        """The sort key: a deadline first (nearest first), then the longest waiting."""
        running = self.deadline if self.away_until is None else None
        return (
            running is None,
            running.timestamp() if running is not None else 0.0,
            self.since.timestamp() if self.since is not None else 0.0,
            self.game.id,
        )


def waiting_on(games: Iterable[GameInfo], user_id: str) -> list[Waiting]:
    """Of ``games``, those running with ``user_id`` to act, by time left (see above)."""
    found: dict[int, Waiting] = {}
    for game in games:
        if game.status != "running" or user_id not in game.to_act or game.id in found:
            continue
        clock = game.clock_of(user_id)
        if clock is None:
            found[game.id] = Waiting(game, game.turn_started_at, None)
        else:
            found[game.id] = Waiting(game, clock.started, clock.deadline, clock.away_until)
    return sorted(found.values(), key=Waiting.order)


__all__ = ["Waiting", "waiting_on"]
