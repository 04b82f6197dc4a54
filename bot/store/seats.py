"""Seats and lobbies: taking and freeing seats while a game is a lobby, and the start that
orders them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store import sql
from bot.store.clocks import change_clocks
from bot.store.rows import (
    ClockChange,
    iso,
)
from bot.store.session import Repository
from bot.store.sql import Session


async def _touch(db: Session, game_id: int, at: datetime, status: str) -> bool:
    return await sql.changed(
        db,
        "UPDATE games SET updated_at = ? WHERE id = ? AND status = ?",
        (iso(at), game_id, status),
    )


async def _renumber(db: Session, game_id: int, order: list[str] | None) -> None:
    """Rewrite seat positions 0..n-1: in ``order`` if given, else keeping the current order."""
    if order is None:
        rows = await sql.rows(
            db, "SELECT user_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
        )
        order = [str(r[0]) for r in rows]
    for position, user_id in enumerate(order):
        await db.execute(
            "UPDATE seats SET position = ? WHERE game_id = ? AND user_id = ?",
            (position, game_id, user_id),
        )


class SeatsQueries(Repository):
    """The ``seats`` table, and a lobby becoming a running game."""

    async def user_names(self, user_ids: Sequence[str]) -> dict[str, str]:
        """``{user id: the name they last joined a game with}`` for those of ``user_ids``
        who ever sat (the web companion's standings name players with it)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.db.fetchall(
            f"SELECT user_id, name, joined_at FROM seats WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        newest: dict[str, tuple[str, str]] = {}
        for user, name, joined in rows:
            if str(user) not in newest or str(joined) > newest[str(user)][0]:
                newest[str(user)] = (str(joined), str(name))
        return {user: name for user, (_, name) in newest.items()}

    async def add_seat(
        self, game_id: int, user_id: str, name: str, at: datetime, *, ai_level: str | None = None
    ) -> bool:
        """Seat ``user_id`` last, only if the game is a lobby with a free seat that the
        user does not already hold (checked in the transaction, so safe across processes).
        ``ai_level``: the seat is played by the AI at that level."""
        async with self.db.transaction() as db:
            await self.db.lock_game(db, game_id)
            if not await sql.changed(
                db,
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby' "
                "AND (SELECT COUNT(*) FROM seats WHERE game_id = ?) < max_seats "
                "AND NOT EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?)",
                (iso(at), game_id, game_id, game_id, user_id),
            ):
                return False
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, name, joined_at"
                f"{', ai_level' if ai_level else ''}) VALUES "
                "(?, (SELECT COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?), "
                f"?, ?, ?{', ?' if ai_level else ''})",
                (game_id, game_id, user_id, name, iso(at), *((ai_level,) if ai_level else ())),
            )
        return True

    async def remove_seat(
        self, game_id: int, user_id: str, at: datetime, *, new_creator: str | None = None
    ) -> bool:
        """Free a lobby seat (positions renumbered); optionally hand the lobby over."""
        async with self.db.transaction() as db:
            if not await _touch(db, game_id, at, "lobby"):
                return False
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            await _renumber(db, game_id, None)
            if new_creator is not None:
                await db.execute(
                    "UPDATE games SET creator = ? WHERE id = ?", (new_creator, game_id)
                )
        return True

    async def start_game(
        self,
        game_id: int,
        seat_order: Sequence[str],
        snapshot: str,
        at: datetime,
        clocks: ClockChange | None = None,
    ) -> bool:
        """Lobby -> running with seats in ``seat_order``, the initial state snapshot and
        the clocks of the seats to act."""
        when = iso(at)
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                "UPDATE games SET status = 'running', snapshot = ?, updated_at = ?, "
                "turn_started_at = ?, version = 0 WHERE id = ? AND status = 'lobby'",
                (snapshot, when, when, game_id),
            ):
                return False
            await _renumber(db, game_id, list(seat_order))
            await change_clocks(db, game_id, clocks)
        return True
