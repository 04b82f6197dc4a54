"""One pass of the reminder loop over 10,000 running games, 1,000 of them due.

Run: ``.venv/bin/python -m bench reminders`` (``--games N --due M --runs R`` to change
the sizes; ``--backend sqlite|postgresql|both``, default both: ``bench.databases``;
PostgreSQL's tables are analysed after each refill, as its autovacuum would). The games
are written straight into a fresh database (Nim, three seats, a one-day clock, their
half-time, one-hour and deadline reminders), then R times: the due reminders are made
due again and ``GameService.timing.clock_pass`` runs once, then ``finish_clock_pass``
(what the Discord loop does, without posting). Reported: the database part of a pass
(time spent awaiting the store, measured around every store call; and the CPU time the
process spent meanwhile, which other work on the machine does not inflate, and which
leaves out the PostgreSQL server's own) and the whole pass, p50 and max. Target:
database part p50 <= 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from bench.databases import add_backend_argument, chosen, databases
from bot.service import GameService
from bot.store import GameStore, SqlStore, epoch, is_postgres_url, open_store
from rules import registry
from rules.base import to_json

TARGET_DB_P50_MS = 20.0
LAST_CALLS: dict[str, float] = {}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = 86400


class TimedStore:
    """The store, with the time spent awaiting each of its coroutines added up."""

    def __init__(self, store: SqlStore) -> None:
        self._store = store
        self.spent = 0.0
        self.cpu = 0.0
        self.calls: dict[str, float] = {}

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if not asyncio.iscoroutinefunction(found):
            return found

        @functools.wraps(found)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            started, cpu = time.perf_counter(), time.process_time()
            try:
                return await found(*args, **kwargs)
            finally:
                took = time.perf_counter() - started
                self.spent += took
                self.cpu += time.process_time() - cpu
                self.calls[name] = self.calls.get(name, 0.0) + took

        return timed


async def fill(store: SqlStore, games: int) -> None:
    """``games`` running Nim games with a one-day clock whose turn began at ``START``."""
    nim = registry.get("nim")
    seats = ["u1", "u2", "u3"]
    state = nim.setup(seats, "bench", {"stones": 60})
    snapshot = to_json(state)
    began = epoch(START)
    when = START.isoformat()
    async with store._transaction() as db:
        await db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, thread_id, rules, rules_version, "
            "options, seed, status, version, creator, min_seats, max_seats, created_at, "
            "updated_at, turn_started_at, snapshot, clock_hours, timeout_policy) VALUES "
            "(?, 'g', 'c', ?, 'nim', ?, ?, 'bench', 'running', 0, 'u1', 2, 4, ?, ?, ?, ?, 24, "
            "'remind')",
            [
                (
                    n,
                    str(10_000_000 + n),
                    nim.spec.rules_version,
                    json.dumps(state.options),
                    when,
                    when,
                    when,
                    snapshot,
                )
                for n in range(1, games + 1)
            ],
        )
        await db.executemany(
            "INSERT INTO seats (game_id, position, user_id, name, joined_at) VALUES "
            "(?, ?, ?, ?, ?)",
            [(n, i, s, s, when) for n in range(1, games + 1) for i, s in enumerate(seats)],
        )
        await db.executemany(
            "INSERT INTO turn_clocks (game_id, seat, revision, started, deadline) "
            "VALUES (?, 'u1', 0, ?, ?)",
            [(n, began, began + DAY) for n in range(1, games + 1)],
        )


async def make_due(store: SqlStore, games: int, due: int) -> None:
    """Every game's reminders again; ``due`` games' half-time reminder due now."""
    began = epoch(START)
    rows = []
    for n in range(1, games + 1):
        half = began + DAY // 2 - (60 if n <= due else -3600)
        rows += [
            (n, "half", half, began, began + DAY),
            (n, "hour", began + DAY - 3600, began, began + DAY),
            (n, "deadline", began + DAY, began, began + DAY),
        ]
    async with store._transaction() as db:
        await db.execute("DELETE FROM reminders")
        await db.executemany(
            "INSERT INTO reminders (game_id, seat, kind, due, revision, started, deadline) "
            "VALUES (?, 'u1', ?, ?, 0, ?, ?)",
            rows,
        )
    if is_postgres_url(store.path):
        async with store._session() as db:
            await db.execute("ANALYZE reminders")  # fresh statistics, as autovacuum keeps


async def run(
    games: int, due: int, runs: int, target: str
) -> tuple[list[float], list[float], list[float], int]:
    store = await open_store(target)
    await fill(store, games)
    now = START.replace(hour=21)  # half a day in: 1,000 half-time reminders due
    timed = TimedStore(store)
    service = GameService(cast(GameStore, timed), clock=lambda: now)
    db_parts, cpus, wholes, reported = [], [], [], 0
    try:
        for _ in range(runs):
            await make_due(store, games, due)
            timed.spent = timed.cpu = 0.0
            started = time.perf_counter()
            done = await service.timing.clock_pass("bench", limit=due + 100)
            await service.timing.finish_clock_pass(done)
            wholes.append(time.perf_counter() - started)
            db_parts.append(timed.spent)
            cpus.append(timed.cpu)
            reported = len(done.reports)
        LAST_CALLS.update({k: round(v * 1000, 1) for k, v in timed.calls.items()})
    finally:
        service.close()
        await store.close()
    return db_parts, cpus, wholes, reported


def _ms(samples: Sequence[float]) -> str:
    return f"p50 {statistics.median(samples) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_reminders")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--due", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--verbose", action="store_true", help="time of each store call")
    add_backend_argument(parser)
    args = parser.parse_args(argv)
    runner: Callable[..., Awaitable[tuple[list[float], list[float], list[float], int]]] = run
    with tempfile.TemporaryDirectory() as scratch, databases() as dbs:
        for backend in chosen(args.backend):

            async def measure(
                backend: str = backend,
            ) -> tuple[list[float], list[float], list[float], int]:
                async with dbs.database(backend, Path(scratch), "bench") as target:
                    return await runner(args.games, args.due, args.runs, target)

            LAST_CALLS.clear()
            db_parts, cpus, wholes, reported = asyncio.run(measure())
            ratio = statistics.median(db_parts) * 1000 / TARGET_DB_P50_MS
            print(
                f"reminder pass on {backend}: {args.games} running games, {args.due} due, "
                f"{reported} reported"
            )
            print(
                f"  database part: {_ms(db_parts)} = {ratio:.2f} of target "
                f"(p50 <= {TARGET_DB_P50_MS:.0f} ms); CPU time of it: {_ms(cpus)}"
            )
            print(f"  whole pass (no Discord): {_ms(wholes)}")
            if args.verbose:
                print("  by store call (all runs):", LAST_CALLS)


if __name__ == "__main__":
    main()
