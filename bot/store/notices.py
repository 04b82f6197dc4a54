"""The notices outbox: the messages to players that wait (quiet hours, digests), each a
row sent once.

A row is stored once per ``dedupe`` key (``ON CONFLICT DO NOTHING``: two processes that
decide the same event store one row), claimed by a pass with a lease like the
reminders (``claimed_by``, ``claimed_until``: a process that dies between the claim and
the send leaves its rows to the next pass once the lease runs out, or at once to its
successor, as ``game_jobs``), and marked ``sent`` when delivered. A pass claims every
due row of the players it picks, so that what waited for one player comes as one
message. Sent rows are kept ``KEEP_SENT`` seconds (their keys still refuse the same
event), then dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import sql
from bot.store.jobs import claimable
from bot.store.rows import NewNotice, NoticeRow
from bot.store.session import Repository

KEEP_SENT = 7 * 24 * 3600
"""Seconds a sent notice is kept (its dedupe key with it)."""

CLAIM_NOTICES = (
    "WITH picked AS MATERIALIZED (SELECT id FROM notices WHERE due <= ? AND sent IS NULL "
    "AND {free} AND user_id IN (SELECT user_id FROM notices WHERE due <= ? "
    "AND sent IS NULL AND {free} ORDER BY due LIMIT ?){lock}) "
    "UPDATE notices SET claimed_by = ?, claimed_until = ? "
    "WHERE id IN (SELECT id FROM picked) "
    "RETURNING id, user_id, kind, game_id, due, payload"
)
"""The claim of the due notices of up to ``limit`` players (every due row of each, so
that a player gets one message), picked once in a materialized ``WITH`` as the
reminders' claim (``bot.store.clocks.CLAIM_DUE``)."""


class NoticesQueries(Repository):
    """The ``notices`` table."""

    async def add_notices(self, notices: Sequence[NewNotice]) -> int:
        """Store the notices whose ``dedupe`` key is new, in one transaction; how many."""
        if not notices:
            return 0
        added = 0
        async with self.db.transaction() as db:
            for n in notices:
                added += await db.execute(
                    "INSERT INTO notices (user_id, kind, game_id, due, payload, dedupe) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe) DO NOTHING",
                    (n.user_id, n.kind, n.game_id, n.due, n.payload, n.dedupe),
                )
        return added

    async def claim_notices(
        self, now: int, worker: str, lease_until: int, limit: int
    ) -> list[NoticeRow]:
        """Claim every due, unsent notice that nobody holds (or whose holder's lease ran
        out at ``now``; a worker ``<identity>#<instance>`` also takes back its
        predecessor's) of up to ``limit`` players, for ``worker`` until
        ``lease_until``: one conditional write, so two processes never claim one row."""
        free, free_params = claimable(worker)
        statement = CLAIM_NOTICES.format(free=free, lock=self.db.dialect.claim_lock)
        params = (
            now,
            now,
            *free_params,
            now,
            now,
            *free_params,
            limit,
            worker,
            lease_until,
        )
        async with self.db.transaction() as db:
            claimed = await sql.rows(db, statement, params)
        return sorted(
            (
                NoticeRow(int(i), str(u), str(k), None if g is None else int(g), int(d), str(p))
                for i, u, k, g, d, p in claimed
            ),
            key=lambda n: (n.user_id, n.due, n.id),
        )

    async def finish_notices(self, worker: str, ids: Sequence[int], at: int) -> int:
        """Mark sent the notices of ``ids`` that ``worker`` holds (how many), and drop
        those sent more than ``KEEP_SENT`` seconds before ``at``."""
        done = 0
        async with self.db.transaction() as db:
            for chunk in sql.chunks(sorted(set(ids))):
                marks = ",".join("?" * len(chunk))
                done += await db.execute(
                    f"UPDATE notices SET sent = ?, claimed_until = NULL WHERE claimed_by = ? "
                    f"AND sent IS NULL AND id IN ({marks})",
                    (at, worker, *chunk),
                )
            await db.execute(
                "DELETE FROM notices WHERE sent IS NOT NULL AND sent < ?", (at - KEEP_SENT,)
            )
        return done

    async def postpone_notices(self, worker: str, ids: Sequence[int], due: int) -> int:
        """Give back the notices of ``ids`` that ``worker`` holds, due again at ``due``
        (their player's quiet hours came meanwhile); how many."""
        postponed = 0
        async with self.db.transaction() as db:
            for chunk in sql.chunks(sorted(set(ids))):
                marks = ",".join("?" * len(chunk))
                postponed += await db.execute(
                    "UPDATE notices SET due = ?, claimed_by = NULL, claimed_until = NULL "
                    f"WHERE claimed_by = ? AND sent IS NULL AND id IN ({marks})",
                    (due, worker, *chunk),
                )
        return postponed

    async def drop_notices(self, user_id: str, kind: str) -> int:
        """Forget the unsent notices of ``kind`` of a player that nobody holds (a digest
        moved to another time); how many."""
        async with self.db.session() as db:
            return await db.execute(
                "DELETE FROM notices WHERE user_id = ? AND kind = ? AND sent IS NULL "
                "AND claimed_by IS NULL",
                (user_id, kind),
            )

    async def pending_notices(self, user_id: str) -> list[NoticeRow]:
        """The unsent notices of a player, soonest first."""
        rows = await self.db.fetchall(
            "SELECT id, user_id, kind, game_id, due, payload FROM notices "
            "WHERE user_id = ? AND sent IS NULL ORDER BY due, id",
            (user_id,),
        )
        return [
            NoticeRow(int(i), str(u), str(k), None if g is None else int(g), int(d), str(p))
            for i, u, k, g, d, p in rows
        ]
