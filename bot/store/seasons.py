"""Seasons of a server: their names and dates, the finished games of a span of time, and
each season's final table, frozen when it ends.

At most one season runs on a server (the unique index ``seasons_running``), and a name
is used once there. Ending a season is one conditional write (``ended_at IS NULL``) in
the transaction that stores its final table, so of two processes ending it at once one
does, once; the other is told it came second.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.rows import EndedGame, FinishedRow, RatingRow, ResultRow, SeasonRow, iso, parse_time
from bot.store.session import Repository

_SEASON = "SELECT id, guild_id, name, started_at, ended_at FROM seasons"


def _season(r: Sequence[Any]) -> SeasonRow:
    started = parse_time(str(r[3]))
    assert started is not None
    return SeasonRow(int(r[0]), str(r[1]), str(r[2]), started, parse_time(r[4]))


class SeasonsQueries(Repository):
    """The ``seasons`` and ``season_ratings`` tables (and the games a season counts)."""

    async def seasons_of(self, guild_id: str) -> list[SeasonRow]:
        """Every season of a server, the latest first."""
        rows = await self.db.fetchall(
            f"{_SEASON} WHERE guild_id = ? ORDER BY started_at DESC, id DESC", (guild_id,)
        )
        return [_season(r) for r in rows]

    async def start_season(self, guild_id: str, name: str, at: datetime) -> SeasonRow | None:
        """A new season running from ``at``; ``None`` (nothing written) when one runs on
        the server already or the name was used there."""
        async with self.db.transaction() as db:
            rows = await db.rows(
                "INSERT INTO seasons (guild_id, name, started_at) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING RETURNING id",
                (guild_id, name, iso(at)),
            )
        return SeasonRow(int(rows[0][0]), guild_id, name, at) if rows else None

    async def end_season(self, season_id: int, at: datetime, table: Sequence[RatingRow]) -> bool:
        """End a running season at ``at`` and store its final ``table`` (every rule
        set's lines), in one transaction; ``False`` (nothing written) if it had ended."""
        async with self.db.transaction() as db:
            ended = await db.execute(
                "UPDATE seasons SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                (iso(at), season_id),
            )
            if not ended:
                return False
            await db.executemany(
                "INSERT INTO season_ratings (season_id, rules, user_id, mu, sigma, games, wins) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(season_id, r.rules, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in table],
            )
        return True

    async def season_ratings(self, season_id: int, rules: str | None = None) -> list[RatingRow]:
        """A season's frozen final table, of one rule set or all."""
        extra, params = (
            ("", (season_id,)) if rules is None else (" AND rules = ?", (season_id, rules))
        )
        rows = await self.db.fetchall(
            "SELECT rules, user_id, mu, sigma, games, wins FROM season_ratings "
            f"WHERE season_id = ?{extra} ORDER BY rules, user_id",
            params,
        )
        return [
            RatingRow(str(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4]), int(r[5]))
            for r in rows
        ]

    async def games_ended(
        self, guild_id: str, since: datetime, until: datetime | None = None
    ) -> list[EndedGame]:
        """The places of every game of a server that ended (its last entry) at ``since``
        or later and before ``until`` (``None``: up to now), in the order they ended."""
        params = [guild_id, iso(since)]
        if until is not None:
            params.append(iso(until))
        until_sql = "" if until is None else " AND e.at < ?"
        rows = await self.db.fetchall(
            "SELECT g.rules, r.game_id, r.seat, r.rank, r.score, e.at "
            "FROM results r JOIN games g ON g.id = r.game_id "
            "JOIN moves e ON e.game_id = g.id "
            "AND e.seq = (SELECT MAX(m.seq) FROM moves m WHERE m.game_id = g.id) "
            f"WHERE g.status = 'over' AND g.guild_id = ? AND e.at >= ?{until_sql} "
            "ORDER BY e.at, r.game_id, r.rank, r.seat",
            params,
        )
        found: dict[int, tuple[str, datetime, list[ResultRow]]] = {}
        for rules, game_id, seat, rank, score, at in rows:
            ended = parse_time(str(at))
            assert ended is not None
            entry = found.setdefault(int(game_id), (str(rules), ended, []))
            entry[2].append(ResultRow(str(seat), int(rank), int(score)))
        return [
            EndedGame(rules, FinishedRow(game_id, tuple(places)), ended)
            for game_id, (rules, ended, places) in found.items()
        ]
