"""Jobs: the work a restart finds undone in a game (catch-up, AI turns), claimed game by
game with a lease (``game_jobs``).

A worker is named ``<identity>#<instance>``: the identity is what a restart of the same
process keeps (its host and shard range), the instance changes at every start. A claim
also takes the rows held by another instance of the same identity, whatever their lease
(``successor_prefix``): a process restarted at once takes back what its dead
predecessor held instead of waiting for the lease to run out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.shards import Shards
from bot.store import sql
from bot.store.rows import (
    GameRow,
)
from bot.store.session import Repository, on_shards

AI_TURNS = "ai"
"""The job of the AI seats left to play in a game (``SqlStore.claim_games``)."""


BEHIND = "behind:"
"""The prefix of the job of catching up a game's table: ``behind:<message kind>``."""


def behind_job(kind: str) -> str:
    """The job of the running games whose message ``kind`` records a revision other than
    theirs (``running_games_behind``): catching up their table."""
    return f"{BEHIND}{kind}"


INSTANCE = "#"
"""What separates a worker's identity from its instance (``<identity>#<instance>``)."""


def successor_prefix(worker: str) -> str | None:
    """The ``<identity>#`` of a worker named ``<identity>#<instance>``, whose other
    instances' claims it may take back (a predecessor that died); ``None`` for a worker
    named otherwise (it takes only free or run-out claims)."""
    identity, sep, instance = worker.rpartition(INSTANCE)
    return f"{identity}{sep}" if identity and instance else None


def claimable(worker: str, alias: str = "") -> tuple[str, tuple[Any, ...]]:
    """The condition on a ``game_jobs`` row (``alias``: its prefix, ``j.``) that
    ``worker`` may claim it at ``now`` (the first parameter, filled by the caller): nobody
    holds it, its lease ran out, or (``successor_prefix``) another instance of the
    worker's identity holds it; and the extra parameters after ``now``."""
    free = f"({alias}claimed_until IS NULL OR {alias}claimed_until < ?"
    prefix = successor_prefix(worker)
    if prefix is None:
        return f"{free})", ()
    return (
        f"{free} OR (substr({alias}claimed_by, 1, {len(prefix)}) = ? AND {alias}claimed_by <> ?))",
        (prefix, worker),
    )


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


class JobsQueries(Repository):
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
        fresh: bool = True,
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
        its rows behind; a game that ended leaves its unclaimed one).

        A worker named ``<identity>#<instance>`` also takes the rows another instance of
        its identity holds, whatever their lease (``successor_prefix``). ``fresh=False``
        (the periodic sweep of a running process) makes no row: it claims only the rows
        left by a holder whose lease ran out (or by a predecessor), so that a game whose
        holder died is taken up without waiting for the next start."""
        candidates, params = job_candidates(job)
        due = f"{candidates}{on_shards(self.db.dialect, shards, 'g.guild_id')}"
        free, free_params = claimable(worker)
        free_j, _ = claimable(worker, "j.")
        async with self.db.transaction() as db:
            if after == 0:
                await db.execute(
                    "DELETE FROM game_jobs WHERE job = ? "
                    "AND (claimed_until IS NULL OR claimed_until < ?) AND NOT EXISTS "
                    f"(SELECT 1 FROM games g WHERE g.id = game_jobs.game_id AND {candidates})",
                    (job, now, *params),
                )
            if fresh:
                await db.execute(
                    "INSERT INTO game_jobs (game_id, job) SELECT g.id, ? FROM games g "
                    f"WHERE {due} AND g.id > ? AND NOT EXISTS (SELECT 1 FROM game_jobs j "
                    "WHERE j.game_id = g.id AND j.job = ?) ORDER BY g.id "
                    "ON CONFLICT (game_id, job) DO NOTHING",
                    (job, *params, after, job),
                )
            claimed = await sql.rows(
                db,
                # Picked once (see ``CLAIM_DUE``): never more games than ``limit``.
                "WITH picked AS MATERIALIZED ("
                f"SELECT j.game_id FROM game_jobs j WHERE j.job = ? AND j.game_id > ? AND {free_j} "
                f"AND EXISTS (SELECT 1 FROM games g WHERE g.id = j.game_id AND {due}) "
                f"ORDER BY j.game_id LIMIT ?{self.db.dialect.claim_lock}) "
                f"UPDATE game_jobs SET claimed_by = ?, claimed_until = ? WHERE job = ? AND {free} "
                "AND game_id IN (SELECT game_id FROM picked) RETURNING game_id",
                (
                    job,
                    after,
                    now,
                    *free_params,
                    *params,
                    limit,
                    worker,
                    lease_until,
                    job,
                    now,
                    *free_params,
                ),
            )
        ids = sorted(int(r[0]) for r in claimed)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        return await self.db.read_games(f"FROM games g WHERE g.id IN ({marks}) ORDER BY g.id", ids)

    async def renew_game(self, job: str, worker: str, game_id: int, lease_until: int) -> bool:
        """Hold ``job`` in ``game_id`` until ``lease_until``, if ``worker`` still holds it
        (its lease may have run out, but nobody took it since)."""
        return await self.db.update(
            "UPDATE game_jobs SET claimed_until = ? WHERE game_id = ? AND job = ? "
            "AND claimed_by = ?",
            (lease_until, game_id, job, worker),
        )

    async def release_games(self, job: str, worker: str, game_ids: Sequence[int]) -> int:
        """End ``job`` in those of ``game_ids`` that ``worker`` holds (another process
        may claim it again when it is due again); how many it held."""
        released = 0
        for chunk in sql.chunks(sorted(set(game_ids))):
            marks = ",".join("?" * len(chunk))
            async with self.db.session() as db:  # one statement: its own transaction
                released += await db.execute(
                    f"DELETE FROM game_jobs WHERE job = ? AND claimed_by = ? "
                    f"AND game_id IN ({marks})",
                    (job, worker, *chunk),
                )
        return released
