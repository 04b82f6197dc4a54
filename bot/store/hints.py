"""Hints taken: which seat asked for a hint at which revision of a game.

A seat that asks again at the same revision gets the same hint and is counted once
(the primary key), so a count is the number of decisions a seat took a hint for.
"""

from __future__ import annotations

from bot.store.session import Repository


class HintsQueries(Repository):
    """The ``hints`` table."""

    async def record_hint(self, game_id: int, seat: str, revision: int) -> int:
        """Count a hint of ``seat`` at ``revision`` (once per revision); how many the seat
        has taken in the game now."""
        async with self.db.transaction() as db:
            await db.execute(
                "INSERT INTO hints (game_id, seat, revision) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, seat, revision) DO NOTHING",
                (game_id, seat, revision),
            )
            rows = await db.rows(
                "SELECT COUNT(*) FROM hints WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
        return int(rows[0][0])

    async def hint_counts(self, game_id: int) -> dict[str, int]:
        """``{seat: hints taken}`` for the seats of a game that took any."""
        rows = await self.db.fetchall(
            "SELECT seat, COUNT(*) FROM hints WHERE game_id = ? GROUP BY seat", (game_id,)
        )
        return {str(seat): int(count) for seat, count in rows}

    async def hints_of_user(self, guild_id: str, user_id: str) -> tuple[int, int]:
        """The hints ``user_id`` took in the games of a server (``''``: outside one), and
        in how many games."""
        rows = await self.db.fetchall(
            "SELECT COUNT(*), COUNT(DISTINCT h.game_id) FROM hints h "
            "JOIN games g ON g.id = h.game_id "
            "WHERE h.seat = ? AND COALESCE(g.guild_id, '') = ?",
            (user_id, guild_id),
        )
        return (int(rows[0][0]), int(rows[0][1])) if rows else (0, 0)
