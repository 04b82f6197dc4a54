"""The work a restart finds undone in a game, claimed game by game (``GameService.jobs``).

After a restart a front end catches up the tables that missed posts and lets the AI
seats left to act play. Several processes may serve overlapping shards (a mistake, or a
range moving from one process to another), so each game's job is claimed by a lease
before it is done, as the reminders are (``SqlStore.claim_games``): one process does a
game's catch-up or its AI turns, the others skip it. The games are claimed a batch at a
time, in the order of their ids; once half the lease has passed, each game's lease is
renewed just before its work (a process that lost it, its lease run out and taken,
skips it), and the job is released right after.

A process that dies holding a job leaves it behind, and two things take it up:

- its successor, at once: a worker is named ``<identity>#<instance>`` (``worker_name``),
  the identity being what a restart of the same process keeps (its host and shard
  range), and a claim takes back what another instance of its identity holds, whatever
  the lease (``successor_prefix`` of the store's jobs);
- any running process on those shards, once the lease has run out: ``sweep`` (called
  by the front end's periodic loop) claims only the rows a holder left behind, so it
  costs a look at a small table when there is nothing to do.

While a game's work goes on, its lease is renewed every quarter of it (``RENEW``), so
a sweep never takes a game from a living holder however long its work.

Why an identity rather than short leases renewed while working: a lease short enough
to make a restart wait no longer than a few seconds would have to be renewed every few
seconds by every process while it works (an AI turn can take a while: search, pictures,
posts under Discord's rate limits), a write per game and second for nothing in the
common case; a process that comes back knows who it was.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable

from bot.service.guards import is_ai_seat
from bot.service.pipeline import Pipeline
from bot.service.values import GameInfo
from bot.store import AI_TURNS, INSTANCE, GameStore, behind_job, epoch

log = logging.getLogger("campfire.service.jobs")

LEASE = 600
"""Seconds a process holds a game's job before another may take it (renewed when the
game's turn in the batch comes)."""
BATCH = 50
"""How many games one claim takes."""
RENEW = LEASE / 4
"""Seconds (of the event loop's clock) between two renewals of the lease of a game whose
work is going on."""

__all__ = ["AI_TURNS", "BATCH", "LEASE", "Jobs", "behind_job", "worker_name"]


def worker_name(identity: str) -> str:
    """A worker of ``identity`` (what a restart keeps: host and shard range; ``#`` is
    not allowed in it and is replaced), with a fresh instance: ``<identity>#<instance>``."""
    return f"{identity.replace(INSTANCE, '_')}{INSTANCE}{secrets.token_hex(4)}"


class Jobs:
    """Claimed restart work of a ``GameService``, on its shards."""

    def __init__(self, pipeline: Pipeline, store: GameStore) -> None:
        self.pipeline = pipeline
        self.store = store

    def _lease(self) -> tuple[int, int]:
        now = epoch(self.pipeline.now())
        return now, now + LEASE

    async def claim(
        self, job: str, worker: str, *, after: int = 0, sweep: bool = False
    ) -> list[GameInfo]:
        """Claim ``job`` in up to ``BATCH`` games due for it with ids above ``after``, on
        this process's shards, for ``worker``: the games it got (oldest first).
        ``sweep``: only games whose job a holder left behind (``fresh=False``)."""
        now, until = self._lease()
        rows = await self.store.claim_games(
            job,
            worker,
            now,
            until,
            after=after,
            limit=BATCH,
            shards=self.pipeline.shards,
            fresh=not sweep,
        )
        return await self.pipeline.listed(rows)

    async def release(self, job: str, worker: str, game_ids: list[int]) -> None:
        """``worker`` is done with ``job`` in ``game_ids``."""
        await self.store.release_games(job, worker, game_ids)

    async def run(
        self,
        job: str,
        worker: str,
        work: Callable[[GameInfo], Awaitable[bool]],
        *,
        sweep: bool = False,
    ) -> list[int]:
        """Claim ``job`` batch after batch for ``worker`` and call ``work`` on each game
        claimed while its lease is still this worker's; release each game after its
        work. Returns the ids of the games where ``work`` returned true. A game whose
        work raises is logged and released (the others go on). ``sweep``: only the games
        whose job a dead holder left behind (see ``claim``)."""
        done: list[int] = []
        after = 0
        while True:
            claimed_at = self._lease()[0]
            games = await self.claim(job, worker, after=after, sweep=sweep)
            if not games:
                return done
            after = games[-1].id
            for game in games:
                try:
                    if not await self._still_held(job, worker, game.id, claimed_at):
                        log.info("game %d: %s was taken over by another process", game.id, job)
                        continue
                    if await self._renewing(job, worker, game.id, work(game)):
                        done.append(game.id)
                except Exception:
                    log.exception("game %d: %s failed", game.id, job)
                finally:
                    await self.release(job, worker, [game.id])

    async def _renewing(self, job: str, worker: str, game_id: int, work: Awaitable[bool]) -> bool:
        """``work`` on one game, its lease renewed every ``RENEW`` seconds meanwhile (a
        long AI turn under Discord's rate limits outlasts a lease: a running process's
        sweep must not take a game whose holder is alive and working)."""

        async def renew() -> None:
            while True:
                await asyncio.sleep(RENEW)
                try:
                    if not await self.store.renew_game(job, worker, game_id, self._lease()[1]):
                        return  # taken over meanwhile: the work goes on, harmless
                except Exception:
                    log.warning("game %d: renewing %s failed", game_id, job, exc_info=True)

        renewing = asyncio.create_task(renew())
        try:
            return await work
        finally:
            renewing.cancel()

    async def _still_held(self, job: str, worker: str, game_id: int, claimed_at: int) -> bool:
        """Whether ``worker`` still holds ``job`` in the game, with a whole lease ahead:
        renewed once half the lease claimed at ``claimed_at`` has passed."""
        now, until = self._lease()
        if now - claimed_at < LEASE // 2:
            return True
        return await self.store.renew_game(job, worker, game_id, until)

    async def catch_up(
        self,
        kind: str,
        worker: str,
        work: Callable[[GameInfo], Awaitable[bool]],
        *,
        sweep: bool = False,
    ) -> list[int]:
        """``run`` the catch-up of the running games whose message ``kind`` records a
        revision other than theirs (``GameService.running_games_behind``); ``sweep``:
        only those a dead holder left behind."""
        return await self.run(behind_job(kind), worker, work, sweep=sweep)

    async def ai_turns(
        self, worker: str, work: Callable[[GameInfo], Awaitable[bool]], *, sweep: bool = False
    ) -> list[int]:
        """``run`` ``work`` on the running games where an AI seat is to act (of the games
        with AI seats claimed, the others are released at once); ``sweep``: only those a
        dead holder left behind."""

        async def if_waiting(game: GameInfo) -> bool:
            return any(is_ai_seat(s) for s in game.to_act) and await work(game)

        return await self.run(AI_TURNS, worker, if_waiting, sweep=sweep)
