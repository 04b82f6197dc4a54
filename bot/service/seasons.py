"""Seasons: a server's standings over a span of time, beside the all-time ones.

A server runs at most one season at a time; a host starts one with a name (ending the
one that runs, if any) and ends it (``/campfire settings``). Decisions:

- **Fresh ratings.** A season has its own OpenSkill ratings, started fresh (mu 25,
  sigma 25/3, as a new player's) and counting the games that ended while it ran, in the
  order they ended, with the same model, places and rules as the all-time ratings
  (``bot.service.ratings.rate``: AI seats unrated, ties share a place). That is what
  board-game sites and ladders do with a season: everyone starts level, a newcomer can
  top it, and the table says who played well *this* season. Counting the all-time
  ratings' changes within the season's dates instead would carry every player's past
  into it: the season's table would mostly repeat the all-time one, and its order
  would depend on games played before it began.
- **Which games.** A game counts in the season that ran when it ended (the time of its
  last entry): started at or after the season's start, before its end.
- **Counted when read.** While a season runs, its table is rated from the stored
  results whenever it is asked for (nothing is kept up to date move by move, so a
  restart or a crash loses nothing); a thousand games rate in about 0.15 s.
- **Frozen at its end.** Ending a season rates its games one last time and stores every
  rule set's final table in the same transaction that marks it ended, guarded by
  ``ended_at IS NULL``: with several processes, one ends it, once; the others are told
  it ended. A past season's table is that stored one, never rated again. A season ends
  only by a host's command (there is no end date to watch).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from bot.service.ratings import Standing, rate, standings
from bot.service.standings import TOP, Standings
from bot.service.values import ServiceError
from bot.store import FinishedRow, GameStore, RatingRow, SeasonRow

log = logging.getLogger("campfire.service.seasons")

MAX_NAME = 40
"""The longest season name (characters)."""
CURRENT = "current"
"""How a front end names the running season (``Seasons.find``)."""

__all__ = ["CURRENT", "MAX_NAME", "SeasonRow", "SeasonStandings", "Seasons", "season_table"]


def season_table(games: Sequence[tuple[str, FinishedRow]]) -> list[RatingRow]:
    """Every rule set's ratings from scratch over ``games`` (rules, places; in the order
    they ended)."""
    by_rules: dict[str, list[FinishedRow]] = {}
    for rules, game in games:
        by_rules.setdefault(rules, []).append(game)
    return [row for rules, done in by_rules.items() for row in rate(rules, {}, done).values()]


@dataclass(frozen=True)
class SeasonStandings:
    """The standings of one rule set in one season."""

    season: SeasonRow
    table: Standings


class Seasons:
    """The seasons of the servers (one per service)."""

    def __init__(self, store: GameStore, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.clock = clock

    async def all(self, guild_id: str) -> list[SeasonRow]:
        """Every season of a server, the latest first."""
        return await self.store.seasons_of(guild_id)

    async def current(self, guild_id: str) -> SeasonRow | None:
        """The season running on a server, if any."""
        seasons = await self.store.seasons_of(guild_id)
        return next((s for s in seasons if s.ended_at is None), None)

    async def find(self, guild_id: str, key: str) -> SeasonRow:
        """The season ``key`` names: ``current`` or a season's id (what the front ends'
        choices carry), or its name (in any case). Raises ``service.season_none`` (no season
        runs) and ``service.season_unknown``."""
        seasons = await self.store.seasons_of(guild_id)
        if key == CURRENT:
            running = next((s for s in seasons if s.ended_at is None), None)
            if running is None:
                raise ServiceError("service.season_none")
            return running
        found = next((s for s in seasons if str(s.id) == key), None)
        wanted = key.strip().casefold()
        found = found or next((s for s in seasons if s.name.casefold() == wanted), None)
        if found is None:
            raise ServiceError("service.season_unknown", name=key[:MAX_NAME])
        return found

    async def start(self, guild_id: str, name: str) -> tuple[SeasonRow | None, SeasonRow]:
        """Start a season called ``name`` now, ending the running one first (its table
        frozen); the season ended (``None``: none ran) and the one started. Raises
        ``service.season_bad_name`` (max), ``service.season_name_taken`` (name: a
        name used before on the server, in any case)."""
        name = " ".join(name.split())
        if not 0 < len(name) <= MAX_NAME:
            raise ServiceError("service.season_bad_name", max=MAX_NAME)
        seasons = await self.store.seasons_of(guild_id)
        if any(s.name.casefold() == name.casefold() for s in seasons):
            raise ServiceError("service.season_name_taken", name=name)
        now = self.clock()
        running = next((s for s in seasons if s.ended_at is None), None)
        ended = None if running is None else await self._end(running, now)
        started = await self.store.start_season(guild_id, name, now)
        if started is None:  # another process started one, or took the name, meanwhile
            raise ServiceError("service.season_name_taken", name=name)
        log.info("server %s: season %r started", guild_id, name)
        return ended, started

    async def end(self, guild_id: str) -> SeasonRow:
        """End the running season now and freeze its final table; the season as ended.
        Raises ``service.season_none`` (no season runs, or another process ended it
        first)."""
        running = await self.current(guild_id)
        if running is None:
            raise ServiceError("service.season_none")
        return await self._end(running, self.clock())

    async def _end(self, running: SeasonRow, now: datetime) -> SeasonRow:
        games = await self.store.games_ended(running.guild_id, running.started_at, now)
        table = season_table([(g.rules, g.game) for g in games])
        if not await self.store.end_season(running.id, now, table):
            raise ServiceError("service.season_none")
        log.info(
            "server %s: season %r ended, %d game(s) counted",
            running.guild_id,
            running.name,
            len(games),
        )
        return replace(running, ended_at=now)

    async def ratings(self, season: SeasonRow) -> list[RatingRow]:
        """A season's ratings: rated now from its games while it runs, the frozen table
        once it ended."""
        if season.ended_at is not None:
            return await self.store.season_ratings(season.id)
        games = await self.store.games_ended(season.guild_id, season.started_at)
        return season_table([(g.rules, g.game) for g in games])

    async def standings(
        self, season: SeasonRow, rules: str | None, user_id: str, *, top: int = TOP
    ) -> SeasonStandings:
        """The standings of ``rules`` in ``season`` (default: the rule set with the most
        rated players in it)."""
        rows = await self.ratings(season)
        if rules is None:
            counts: dict[str, int] = {}
            for row in rows:
                counts[row.rules] = counts.get(row.rules, 0) + 1
            rules = min(counts, key=lambda r: (-counts[r], r)) if counts else None
        lines = standings(r for r in rows if r.rules == rules)
        mine = next((line for line in lines if line.user_id == user_id), None)
        return SeasonStandings(season, Standings(rules, tuple(lines[:top]), mine, len(lines)))

    async def boards(self, season: SeasonRow) -> list[tuple[str, list[Standing]]]:
        """Every rule set's standings in ``season``, by rule set id."""
        rows = await self.ratings(season)
        return [
            (rules, standings(r for r in rows if r.rules == rules))
            for rules in sorted({r.rules for r in rows})
        ]

    async def lines_of(
        self, guild_id: str, user_id: str
    ) -> tuple[SeasonRow, list[Standing]] | None:
        """The running season and ``user_id``'s line in each of its rule sets' standings
        (``None``: no season runs)."""
        running = await self.current(guild_id)
        if running is None:
            return None
        boards = await self.boards(running)
        return running, [line for _, lines in boards for line in lines if line.user_id == user_id]
