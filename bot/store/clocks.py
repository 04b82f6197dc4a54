"""Clocks and reminders: the turn clocks of the seats to act, their reminders (claimed by
the reminder pass with a lease), and time away.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from bot.shards import Shards
from bot.store import sql
from bot.store.rows import (
    ClockChange,
    ClockRow,
    DueGame,
    DueReminder,
    SeatClock,
    from_epoch,
)
from bot.store.session import Dialect, Repository, on_shards
from bot.store.sql import Session

CLAIM_DUE = (
    "WITH picked AS MATERIALIZED (SELECT id FROM reminders WHERE due <= ? "
    "AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY due LIMIT ?{lock}) "
    "UPDATE reminders SET claimed_by = ?, claimed_until = ? "
    "WHERE id IN (SELECT id FROM picked) "
    "RETURNING id, game_id, seat, kind, due, revision, started, deadline"
)
"""The claim of the due reminders: a range of the index ``reminders_due``, one write
(``{lock}``: the dialect's row lock of the rows it picks). The rows are picked once, in
a materialized ``WITH``: a sub-select in the ``UPDATE``'s ``WHERE`` may be run again by
PostgreSQL when it re-checks a row another claim just changed, and with ``SKIP LOCKED``
that second run picks other rows, so one claim could take more than its limit."""


CLAIM_DUE_ON_SHARDS = (
    "WITH picked AS MATERIALIZED (SELECT id FROM reminders WHERE due <= ? "
    "AND (claimed_until IS NULL OR claimed_until < ?) AND EXISTS (SELECT 1 FROM games g "
    "WHERE g.id = reminders.game_id{on_shards}) "
    "ORDER BY due LIMIT ?{lock}) "
    "UPDATE reminders SET claimed_by = ?, claimed_until = ? "
    "WHERE id IN (SELECT id FROM picked) "
    "RETURNING id, game_id, seat, kind, due, revision, started, deadline"
)
"""The same claim of one process's shards (``bot.shards``): the due range, each row's
game looked up by its key (a correlated ``EXISTS``, so PostgreSQL locks the reminders
only, never a game a move is changing)."""


def claim_statement(dialect: Dialect, shards: Shards | None) -> str:
    """The claim of due reminders in ``dialect``, of the games on ``shards`` (``None``:
    all); parameters: now, now, limit, worker, lease end."""
    if shards is None or shards.is_all:
        return CLAIM_DUE.format(lock=dialect.claim_lock)
    return CLAIM_DUE_ON_SHARDS.format(
        lock=dialect.claim_lock, on_shards=on_shards(dialect, shards, "g.guild_id")
    )


async def _insert_reminders(db: Session, game_id: int, clock: SeatClock) -> None:
    await db.executemany(
        "INSERT INTO reminders (game_id, seat, kind, due, revision, started, deadline) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, clock.seat, kind, due, clock.revision, clock.started, clock.deadline)
            for kind, due in clock.reminders
        ],
    )


async def stop_clocks(db: Session, game_id: int, seats: Sequence[str] | None) -> None:
    """Remove the clocks and reminders of ``seats`` (``None``: every seat) of a game."""
    if seats is None:
        await db.execute("DELETE FROM turn_clocks WHERE game_id = ?", (game_id,))
        await db.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
        return
    for table in ("turn_clocks", "reminders"):
        await db.executemany(
            f"DELETE FROM {table} WHERE game_id = ? AND seat = ?",
            [(game_id, seat) for seat in seats],
        )


async def change_clocks(db: Session, game_id: int, change: ClockChange | None) -> None:
    """Apply one change of the seats to act to the clocks, in the caller's transaction."""
    if change is None:
        return
    await stop_clocks(db, game_id, [*change.stopped, *(c.seat for c in change.started)])
    await db.executemany(
        "INSERT INTO turn_clocks (game_id, seat, revision, started, deadline, paused) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, c.seat, c.revision, c.started, c.deadline, c.paused) for c in change.started],
    )
    for clock in change.started:
        await _insert_reminders(db, game_id, clock)


class ClocksQueries(Repository):
    """The ``turn_clocks``, ``reminders`` and ``away`` tables."""

    async def claim_reminders(
        self, now: int, worker: str, lease_until: int, limit: int, shards: Shards | None = None
    ) -> list[DueReminder]:
        """Claim up to ``limit`` reminders due at ``now`` (Unix seconds) that nobody holds
        (or whose holder's lease ran out) for ``worker`` until ``lease_until``, of the
        games on ``shards`` (``None``: all), in one conditional ``UPDATE`` (SQLite has one
        writer at a time: two processes never claim one row), and return them with their
        games (read through the covering index ``games_for_clocks``). The due rows are
        found through the index ``reminders_due``, never by a scan."""
        async with self.db.transaction() as db:
            claim = claim_statement(self.db.dialect, shards)
            claimed = await sql.rows(db, claim, (now, now, limit, worker, lease_until))
            games: dict[int, DueGame] = {}
            for chunk in sql.chunks(sorted({int(r[1]) for r in claimed})):
                marks = ",".join("?" * len(chunk))
                for g, *game in await sql.rows(
                    db,
                    "SELECT g.id, g.rules, g.guild_id, g.channel_id, g.thread_id, g.status, "
                    "g.version, g.timeout_policy, g.clock_hours, s.nudge_hours "
                    f"FROM games g {self.db.dialect.clock_index} "
                    "LEFT JOIN guild_settings s ON s.guild_id = g.guild_id "
                    f"WHERE g.id IN ({marks})",
                    chunk,
                ):
                    games[g] = DueGame(g, *game)
        # A row that exists is current: every change of a clock replaces its rows in the
        # same transaction (a paused clock has only its ``back`` row).
        return [
            DueReminder(i, g, seat, kind, due, rev, rev, deadline, None, started, games.get(g))
            for i, g, seat, kind, due, rev, started, deadline in sorted(
                claimed, key=lambda r: (r[1], r[4], r[0])
            )
        ]

    async def finish_reminders(self, worker: str, ids: Sequence[int]) -> int:
        """Delete the reminders ``worker`` claimed and dealt with; how many were still its."""
        if not ids:
            return 0
        marks = ",".join("?" * len(ids))
        async with self.db.transaction() as db:
            return await db.execute(
                f"DELETE FROM reminders WHERE claimed_by = ? AND id IN ({marks})",
                (worker, *ids),
            )

    async def reschedule_clock(self, game_id: int, clock: SeatClock) -> bool:
        """Replace the clock of ``clock.seat`` (deadline, pause) and all its reminders,
        only if that seat's turn is still the one that began at ``clock.revision`` and
        the game runs; ``False`` (nothing written) otherwise."""
        return (await self.reschedule_clocks([(game_id, clock)]))[0]

    async def reschedule_clocks(self, changes: Sequence[tuple[int, SeatClock]]) -> list[bool]:
        """``reschedule_clock`` for many seats in one transaction; which applied."""
        done = []
        async with self.db.transaction() as db:
            for game_id, clock in changes:
                if not await sql.changed(
                    db,
                    "UPDATE turn_clocks SET deadline = ?, paused = ? WHERE game_id = ? "
                    "AND seat = ? AND revision = ? "
                    "AND game_id IN (SELECT id FROM games WHERE status = 'running')",
                    (clock.deadline, clock.paused, game_id, clock.seat, clock.revision),
                ):
                    done.append(False)
                    continue
                await db.execute(
                    "DELETE FROM reminders WHERE game_id = ? AND seat = ?", (game_id, clock.seat)
                )
                await _insert_reminders(db, game_id, clock)
                done.append(True)
        return done

    async def clocks_of_user(self, user_id: str) -> list[tuple[int, ClockRow]]:
        """The clocks of ``user_id``'s turns in running games, as ``(game id, clock)``."""
        rows = await self.db.fetchall(
            "SELECT c.game_id, c.seat, c.revision, c.started, c.deadline, c.paused FROM "
            "turn_clocks c JOIN games g ON g.id = c.game_id "
            "WHERE c.seat = ? AND g.status = 'running' ORDER BY c.game_id",
            (user_id,),
        )
        return [
            (
                int(g),
                ClockRow(
                    str(seat),
                    int(rev),
                    from_epoch(started) or datetime.now(UTC),
                    from_epoch(deadline),
                    from_epoch(paused),
                ),
            )
            for g, seat, rev, started, deadline, paused in rows
        ]

    async def away_until(self, user_ids: Sequence[str]) -> dict[str, int]:
        """``{user_id: until}`` (Unix seconds) of those of ``user_ids`` who are away."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.db.fetchall(
            f"SELECT user_id, until FROM away WHERE user_id IN ({marks})", tuple(user_ids)
        )
        return {str(u): int(until) for u, until in rows}

    async def set_away(self, user_id: str, since: int, until: int | None) -> None:
        """Record ``user_id`` away from ``since`` until ``until``; ``None``: back."""
        async with self.db.transaction() as db:
            if until is None:
                await db.execute("DELETE FROM away WHERE user_id = ?", (user_id,))
            else:
                await db.execute(
                    "INSERT INTO away (user_id, since, until) VALUES (?, ?, ?) ON CONFLICT "
                    "(user_id) DO UPDATE SET until = excluded.until",
                    (user_id, since, until),
                )

    async def due_count(self) -> int:
        """How many reminders are waiting (diagnostics and tests)."""
        rows = await self.db.fetchall("SELECT COUNT(*) FROM reminders")
        return int(rows[0][0])
