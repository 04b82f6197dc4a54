"""Throughput of several bot processes on one database: 1, 2 and 4 processes, each
serving its range of 4 shards and playing its own games' moves as fast as it can.

Run: ``.venv/bin/python -m bench shards`` (``--games N --stones S --processes 1,2,4``;
``--backend``: see ``bench.databases``; SQLite is measured with one process only, the
rule for SQLite). For each number of processes a fresh database gets N running Nim games
of two seats (S stones, so about S/2 moves each) spread evenly over the servers of 4
shards; then that many processes (``campfire_testing/shard_worker.py``, mode ``own``: the
service layer, no Discord), started at once, press the Play button of their own games
until every game is over. Reported: moves per second in all (the moves stored over the
slowest process's time) and the time per move of one process (median over processes).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.databases import Databases, add_backend_argument, chosen, databases
from bot.service import GameService, Player
from bot.store import open_store
from campfire_testing.shard_worker import run_workers
from rules import registry
from rules.nim import NIM

SHARDS = 4
GUILDS = [str((n << 22) + 777) for n in range(SHARDS)]
RANGES = {1: ["0-3"], 2: ["0-1", "2-3"], 4: ["0", "1", "2", "3"]}
START = 1_772_442_000  # 2026-03-02 09:00 UTC: no clock in these games, any time will do


async def prepare(target: str, games: int, stones: int) -> list[int]:
    """``games`` running Nim games of two seats over the four shards' servers."""
    store = await open_store(target)
    service = GameService(store, render_workers=1)
    ids = []
    try:
        for n in range(games):
            alice, bob = Player(f"a{n}", "Alice"), Player(f"b{n}", "Bob")
            lobby = await service.create_lobby(
                rules="nim",
                options={"stones": stones},
                guild_id=GUILDS[n % SHARDS],
                channel_id=f"c{n % SHARDS}",
                creator=alice,
            )
            await service.join(lobby.id, bob)
            await service.start(lobby.id, alice.user_id)
            ids.append(lobby.id)
    finally:
        service.close()
        await store.close()
    return ids


async def measure(
    dbs: Databases, backend: str, folder: Path, processes: int, games: int, stones: int
) -> dict[str, float]:
    """One run on a fresh database: ``processes`` workers play ``games`` games."""
    async with dbs.database(backend, folder, f"shards-{processes}") as target:
        ids = await prepare(target, games, stones)
        found = await asyncio.to_thread(
            run_workers, target, RANGES[processes], SHARDS, START, "own", ids
        )
    moves = sum(len(f["applied"]) for f in found)
    slowest = max(float(f["seconds"]) for f in found)
    per_move = [float(f["seconds"]) / max(1, len(f["applied"])) for f in found]
    return {
        "moves": moves,
        "seconds": slowest,
        "throughput": moves / slowest,
        "per_move_ms": statistics.median(per_move) * 1000,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_shards")
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--stones", type=int, default=30)
    parser.add_argument("--processes", default="1,2,4", help="comma-separated: 1, 2 or 4")
    add_backend_argument(parser)
    args = parser.parse_args(argv)
    if "nim" not in registry.ids():
        registry.register(NIM)
    counts = [int(c) for c in args.processes.split(",")]
    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as scratch, databases() as dbs:
        for backend in chosen(args.backend):
            baseline = None
            for processes in counts if backend == "postgresql" else [1]:
                result = asyncio.run(
                    measure(dbs, backend, Path(scratch), processes, args.games, args.stones)
                )
                baseline = baseline or result["throughput"]
                print(
                    f"{backend:10} {processes} process(es): {int(result['moves'])} moves in "
                    f"{result['seconds']:.1f} s = {result['throughput']:.0f} moves/s "
                    f"({result['throughput'] / baseline:.2f}x one process); "
                    f"{result['per_move_ms']:.1f} ms a move in one process",
                    flush=True,
                )


if __name__ == "__main__":
    main()
