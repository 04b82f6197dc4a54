"""Ratings and results: the final places of finished games and the ratings counted from
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store import sql
from bot.store.rows import (
    FinishedRow,
    RatingRow,
    ResultRow,
)
from bot.store.session import Repository


class _Conflict(Exception):
    """Raised inside a transaction to roll it back: another writer came first."""


def _rating_row(r: Sequence[Any]) -> RatingRow:
    return RatingRow(str(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4]), int(r[5]))


class RatingsQueries(Repository):
    """The ``results`` and ``ratings`` tables (and what the ratings count of finished games)."""

    async def results(self, game_id: int) -> list[ResultRow]:
        """The final places of a finished game (empty while it runs or if aborted)."""
        rows = await self.db.fetchall(
            "SELECT seat, rank, score FROM results WHERE game_id = ? ORDER BY rank, seat",
            (game_id,),
        )
        return [ResultRow(str(s), int(r), int(p)) for s, r, p in rows]

    async def finished_results(
        self, guild_id: str, rules: str, *, unrated_only: bool
    ) -> list[FinishedRow]:
        """The places of every game of ``rules`` over on server ``guild_id`` ('' outside
        one), in the order the games ended (their results were written); aborted games
        have none. ``unrated_only``: those the ratings do not count yet."""
        extra = " AND r.game_id NOT IN (SELECT game_id FROM rated_games)" if unrated_only else ""
        rows = await self.db.fetchall(
            "SELECT r.game_id, r.seat, r.rank, r.score, "
            "MIN(r.rowid) OVER (PARTITION BY r.game_id) AS ended "
            "FROM results r JOIN games g ON g.id = r.game_id "
            "WHERE g.status = 'over' AND COALESCE(g.guild_id, '') = ? AND g.rules = ?"
            f"{extra} ORDER BY ended, r.rank, r.seat",
            (guild_id, rules),
        )
        found: dict[int, list[ResultRow]] = {}
        for game_id, seat, rank, score, _ in rows:
            found.setdefault(int(game_id), []).append(ResultRow(str(seat), int(rank), int(score)))
        return [FinishedRow(game_id, tuple(places)) for game_id, places in found.items()]

    async def ratings(self, guild_id: str, rules: str | None = None) -> list[RatingRow]:
        """The ratings on server ``guild_id`` ('' outside one), of one rule set or all."""
        extra, params = (
            ("", (guild_id,)) if rules is None else (" AND rules = ?", (guild_id, rules))
        )
        rows = await self.db.fetchall(
            "SELECT rules, user_id, mu, sigma, games, wins FROM ratings "
            f"WHERE guild_id = ?{extra} ORDER BY rules, user_id",
            params,
        )
        return [_rating_row(r) for r in rows]

    async def ratings_of_user(self, guild_id: str, user_id: str) -> list[RatingRow]:
        """``user_id``'s rating for each rule set played on server ``guild_id``."""
        rows = await self.db.fetchall(
            "SELECT rules, user_id, mu, sigma, games, wins FROM ratings "
            "WHERE guild_id = ? AND user_id = ? ORDER BY rules",
            (guild_id, user_id),
        )
        return [_rating_row(r) for r in rows]

    async def save_ratings(
        self, guild_id: str, rules: str, game_ids: Sequence[int], ratings: Sequence[RatingRow]
    ) -> bool:
        """Mark ``game_ids`` rated and store the ``ratings`` they led to, in one
        transaction; ``False`` (nothing written) if one of them was rated already."""
        try:
            async with self.db.transaction() as db:
                for chunk in sql.chunks(list(game_ids)):  # one rated meanwhile: all undone
                    marks = ", ".join(["(?)"] * len(chunk))
                    if await db.execute(
                        f"INSERT INTO rated_games (game_id) VALUES {marks} ON CONFLICT DO NOTHING",
                        chunk,
                    ) < len(chunk):
                        raise _Conflict
                await db.executemany(
                    "INSERT INTO ratings (guild_id, rules, user_id, mu, sigma, games, wins) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, rules, user_id) DO UPDATE "
                    "SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
                    "wins = excluded.wins",
                    [(guild_id, rules, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in ratings],
                )
        except _Conflict:
            return False
        return True
