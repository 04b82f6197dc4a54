"""Jobs: the work a restart finds undone in a game (catch-up, AI turns), claimed game by
game with a lease (``game_jobs``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.shards import Shards
from bot.store.rows import (
    GameRow,
)
from bot.store.session import SqlBase, _chunks, _rows, on_shards

AI_TURNS = "ai"
"""The job of the AI seats left to play in a game (``SqlStore.claim_games``)."""


BEHIND = "behind:"
"""The prefix of the job of catching up a game's table: ``behind:<message kind>``."""


def behind_job(kind: str) -> str:
    """The job of the running games whose message ``kind`` records a revision other than
    theirs (``running_games_behind``): catching up their table."""
    return f"{BEHIND}{kind}"


def job_candidates(job: str) -> tuple[str, tuple[Any, ...]]:
    """The condition on a game ``g`` that makes ``job`` due, and its parameters."""
    if job == AI_TURNS:
        return (
            "g.status = 'running' AND EXISTS (SELECT 1 FROM seats s "
            "WHERE s.game_id = g.id AND s.ai_level IS NOT NULL)",
            (),
        )
    if job.startswith(BEHIND) and len(job) > len(BEHIND):
        return (
            "g.status = 'running' AND EXISTS (SELECT 1 FROM messages m WHERE m.game_id = g.id "
            "AND m.kind = ? AND m.message_id <> CAST(g.version AS TEXT))",
            (job[len(BEHIND) :],),
        )
    raise ValueError(f"unknown job {job!r}")


class JobsQueries(SqlBase):
    """The ``game_jobs`` table."""

    async def claim_games(
        self,
        job: str,
        worker: str,
        now: int,
        lease_until: int,
        *,
        after: int = 0,
        limit: int = 50,
        shards: Shards | None = None,
    ) -> list[GameRow]:
        """Claim ``job`` (``AI_TURNS`` or ``behind_job(kind)``) in up to ``limit`` games
        due for it, with ids above ``after``, on ``shards`` (``None``: all), that nobody
        holds (or whose holder's lease ran out at ``now``), for ``worker`` until
        ``lease_until``; return those games (oldest first), and only those. A game's job
        is a row of ``game_jobs``, made for every game due (all of them, in the order of
        their ids: a claimer that waited on another's new rows then claims the next
        ones, never none while some are free); the claim is one conditional
        ``UPDATE`` of those rows (PostgreSQL picks them ``FOR UPDATE SKIP LOCKED``; SQLite
        has one writer at a time), so two processes claiming at once get different
        games. ``release_games`` ends the job. The first batch (``after`` 0) also drops
        the rows nobody holds of games no longer due at all (a holder that died leaves
        its rows behind; a game that ended leaves its unclaimed one)."""
        candidates, params = job_candidates(job)
        due = f"{candidates}{on_shards(self.dialect, shards, 'g.guild_id')}"
        async with self._transaction() as db:
            if after == 0:
                await db.execute(
                    "DELETE FROM game_jobs WHERE job = ? "
                    "AND (claimed_until IS NULL OR claimed_until < ?) AND NOT EXISTS "
                    f"(SELECT 1 FROM games g WHERE g.id = game_jobs.game_id AND {candidates})",
                    (job, now, *params),
                )
            await db.execute(
                f"INSERT INTO game_jobs (game_id, job) SELECT g.id, ? FROM games g WHERE {due} "
                "AND g.id > ? AND NOT EXISTS (SELECT 1 FROM game_jobs j "
                "WHERE j.game_id = g.id AND j.job = ?) ORDER BY g.id "
                "ON CONFLICT (game_id, job) DO NOTHING",
                (job, *params, after, job),
            )
            claimed = await _rows(
                db,
                "UPDATE game_jobs SET claimed_by = ?, claimed_until = ? WHERE job = ? "
                "AND (claimed_until IS NULL OR claimed_until < ?) AND game_id IN ("
                "SELECT j.game_id FROM game_jobs j WHERE j.job = ? AND j.game_id > ? "
                "AND (j.claimed_until IS NULL OR j.claimed_until < ?) AND EXISTS "
                f"(SELECT 1 FROM games g WHERE g.id = j.game_id AND {due}) "
                f"ORDER BY j.game_id LIMIT ?{self.dialect.claim_lock}) RETURNING game_id",
                (worker, lease_until, job, now, job, after, now, *params, limit),
            )
        ids = sorted(int(r[0]) for r in claimed)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        return await self._games(f"FROM games g WHERE g.id IN ({marks}) ORDER BY g.id", ids)

    async def renew_game(self, job: str, worker: str, game_id: int, lease_until: int) -> bool:
        """Hold ``job`` in ``game_id`` until ``lease_until``, if ``worker`` still holds it
        (its lease may have run out, but nobody took it since)."""
        return await self._update(
            "UPDATE game_jobs SET claimed_until = ? WHERE game_id = ? AND job = ? "
            "AND claimed_by = ?",
            (lease_until, game_id, job, worker),
        )

    async def release_games(self, job: str, worker: str, game_ids: Sequence[int]) -> int:
        """End ``job`` in those of ``game_ids`` that ``worker`` holds (another process
        may claim it again when it is due again); how many it held."""
        released = 0
        for chunk in _chunks(sorted(set(game_ids))):
            marks = ",".join("?" * len(chunk))
            async with self._session() as db:  # one statement: its own transaction
                released += await db.execute(
                    f"DELETE FROM game_jobs WHERE job = ? AND claimed_by = ? "
                    f"AND game_id IN ({marks})",
                    (job, worker, *chunk),
                )
        return released
