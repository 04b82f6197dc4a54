"""A tournament's end and its final standings, frozen (``tournament_standings``).

A tournament ends in one transaction: its status (``running`` → ``over``, once), its
rounds, its news (the final announcement) and its final table, every place's line as
the service computed it at that moment. Whatever shows an ended tournament afterwards
(the announcement itself, the standings command, the web page) reads that table, so
its last tie-break (the players' ratings, which move with every rated game of the
server) is the one of the end, for good.

A tournament that ended before this table existed has none: ``freeze_standings``
stores its table once, when the service first gets to it (``due_tournaments`` lists
it).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store import sql
from bot.store.rows import iso
from bot.store.session import Repository
from bot.store.tournament_rows import FinalStandingRow
from bot.store.tournaments import add_news

__all__ = ["FinalStandingsQueries", "insert_standings"]

_COLUMNS = (
    "line, place, rank, user_id, name, status, points, opponents, scored, rating, played, "
    "byes, separated_by"
)


async def insert_standings(
    db: sql.Session, tournament_id: int, table: Sequence[FinalStandingRow]
) -> None:
    """Store a tournament's final ``table`` (in the caller's transaction)."""
    if not table:
        return
    await db.executemany(
        f"INSERT INTO tournament_standings (tournament_id, {_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                tournament_id,
                s.line,
                s.place,
                s.rank,
                s.user_id,
                s.name,
                s.status,
                s.points,
                s.opponents,
                s.scored,
                s.rating,
                s.played,
                s.byes,
                s.separated_by,
            )
            for s in table
        ],
    )


def _row(r: Sequence[Any]) -> FinalStandingRow:
    return FinalStandingRow(
        line=int(r[0]),
        place=str(r[1]),
        rank=int(r[2]),
        user_id=str(r[3]),
        name=str(r[4]),
        status=str(r[5]),
        points=str(r[6]),
        opponents=str(r[7]),
        scored=float(r[8]),
        rating=None if r[9] is None else float(r[9]),
        played=int(r[10]),
        byes=int(r[11]),
        separated_by=None if r[12] is None else str(r[12]),
    )


class FinalStandingsQueries(Repository):
    """The end of a tournament and the ``tournament_standings`` table."""

    async def finish_tournament(
        self, tournament_id: int, at: datetime, table: Sequence[FinalStandingRow]
    ) -> bool:
        """Running → over, with its news and its final ``table``, once (``False``:
        nothing written, it was not running)."""
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                "UPDATE tournaments SET status = 'over', updated_at = ? WHERE id = ? "
                "AND status = 'running'",
                (iso(at), tournament_id),
            ):
                return False
            await db.execute(
                "UPDATE tournament_rounds SET status = 'over' WHERE tournament_id = ?",
                (tournament_id,),
            )
            await insert_standings(db, tournament_id, table)
            await add_news(db, tournament_id, "over", 0)
        return True

    async def final_standings(self, tournament_id: int) -> list[FinalStandingRow]:
        """The final table stored when the tournament ended, in its order (empty: it
        has not ended, or it ended before final tables were stored)."""
        rows = await self.db.fetchall(
            f"SELECT {_COLUMNS} FROM tournament_standings WHERE tournament_id = ? ORDER BY line",
            (tournament_id,),
        )
        return [_row(r) for r in rows]

    async def freeze_standings(self, tournament_id: int, table: Sequence[FinalStandingRow]) -> bool:
        """Store the final ``table`` of a tournament that is over and has none (one that
        ended before final tables were stored), once; whether it was stored now."""
        async with self.db.transaction() as db:
            # The conditional write first: it locks the tournament's row on PostgreSQL
            # (SQLite has one writer), so two processes never both store a table.
            if not await sql.changed(
                db,
                "UPDATE tournaments SET updated_at = updated_at WHERE id = ? AND status = 'over' "
                "AND NOT EXISTS (SELECT 1 FROM tournament_standings s "
                "WHERE s.tournament_id = tournaments.id)",
                (tournament_id,),
            ):
                return False
            await insert_standings(db, tournament_id, table)
        return True
