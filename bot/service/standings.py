"""The ratings the service keeps per server and rule set, and the standings read from them.

After a game ends (and before standings are read) ``Ratings.catch_up`` counts every
finished game of that server and rule set the ratings do not count yet, in the order the
games ended, and stores the new ratings with the games' ids in one transaction. So a
crash between the last move and the ratings only delays them, and two games ending at
once are counted once each. Outside a server the ratings are kept under ``''``.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from bot.service.fairness import Reliability
from bot.service.ratings import Standing, rate, standings
from bot.store import GameStore

log = logging.getLogger("campfire.service.standings")

TOP = 10


@dataclass(frozen=True)
class Standings:
    """The ``top`` lines of the standings of ``rules`` on a server, the asker's own line
    (``None`` if unrated) and how many players are rated."""

    rules: str | None
    top: tuple[Standing, ...]
    mine: Standing | None
    players: int


@dataclass(frozen=True)
class PlayerStats:
    """A player's line in the standings of each rule set played on a server, and the
    hints they took there."""

    user_id: str
    lines: tuple[Standing, ...]
    hints: int = 0
    """Hints the player took in the server's games (``bot.service.hints``)."""
    hinted_games: int = 0
    """In how many games."""
    reliability: Reliability | None = None
    """How they end their games on the server (``bot.service.fairness``)."""

    @property
    def games(self) -> int:
        return sum(line.games for line in self.lines)

    @property
    def wins(self) -> int:
        return sum(line.wins for line in self.lines)


def server_key(guild_id: str | None) -> str:
    return guild_id or ""


async def standings_as_read(store: GameStore, guild_id: str | None, rules: str) -> list[Standing]:
    """The standings of ``rules`` on a server as ``Ratings.standings`` gives them, without
    writing anything: the stored ratings, and the finished games they do not count yet
    rated in memory (a reader that may not write: the web companion)."""
    server = server_key(guild_id)
    current = {r.user_id: r for r in await store.ratings(server, rules)}
    waiting = await store.finished_results(server, rules, unrated_only=True)
    if waiting:
        current.update(rate(rules, current, waiting))
    return standings(current.values())


class Ratings:
    """Ratings kept up to date from the store's results (one per service)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._lock = asyncio.Lock()

    async def catch_up(self, guild_id: str | None, rules: str) -> int:
        """Count the finished games not counted yet; return how many were."""
        server = server_key(guild_id)
        async with self._lock:
            games = await self.store.finished_results(server, rules, unrated_only=True)
            if not games:
                return 0
            current = {r.user_id: r for r in await self.store.ratings(server, rules)}
            changed = rate(rules, current, games)
            ids = [g.game_id for g in games]
            if not await self.store.save_ratings(server, rules, ids, list(changed.values())):
                log.warning("ratings of %s on %r: games %s counted elsewhere", rules, server, ids)
                return 0
            log.info("ratings of %s on %r: %d game(s) counted", rules, server, len(ids))
            return len(ids)

    async def standings(
        self, guild_id: str | None, rules: str | None, user_id: str, *, top: int = TOP
    ) -> Standings:
        """The standings of ``rules`` (default: the rule set with the most rated
        players on the server)."""
        server = server_key(guild_id)
        if rules is None:
            counts: dict[str, int] = {}
            for row in await self.store.ratings(server):
                counts[row.rules] = counts.get(row.rules, 0) + 1
            if not counts:
                return Standings(None, (), None, 0)
            rules = min(counts, key=lambda r: (-counts[r], r))
        await self.catch_up(guild_id, rules)
        lines = standings(await self.store.ratings(server, rules))
        mine = next((line for line in lines if line.user_id == user_id), None)
        return Standings(rules, tuple(lines[:top]), mine, len(lines))

    async def stats(self, guild_id: str | None, user_id: str) -> PlayerStats:
        """``user_id``'s line in every rule set's standings on the server."""
        server = server_key(guild_id)
        by_rules: dict[str, list[Standing]] = {}
        mine = await self.store.ratings_of_user(server, user_id)
        for row in mine:
            await self.catch_up(guild_id, row.rules)
            by_rules[row.rules] = standings(await self.store.ratings(server, row.rules))
        lines = tuple(
            line
            for rules in sorted(by_rules)
            for line in by_rules[rules]
            if line.user_id == user_id
        )
        hints, hinted = await self.store.hints_of_user(server, user_id)
        return PlayerStats(user_id, lines, hints, hinted)


__all__ = ["TOP", "PlayerStats", "Ratings", "Standings", "server_key", "standings_as_read"]
