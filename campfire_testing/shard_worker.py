"""One bot process of the multi-process tests and benchmarks: the service layer (no
Discord) on a shared database, serving a range of shards.

Run as ``python -m campfire_testing.shard_worker URL SHARDS COUNT NOW MODE NAME``: it opens the
store at ``URL`` (a PostgreSQL URL, or a SQLite file), builds a ``GameService`` serving
``SHARDS`` of ``COUNT`` with its clock standing at ``NOW`` (Unix seconds), prints
``ready``, waits for a line on its standard input (so that every process starts at
once), does ``MODE`` and prints one JSON line:

- ``reminders``: reminder passes of at most ``PASS_LIMIT`` rows until one finds nothing
  due, as the Discord loop runs them (claim, act, finish): ``{"sent": [[game, seat,
  kind], ...], "timed_out": [[game, seat, policy], ...]}``;
- ``moves``: presses the Play button of every running game (the first legal move of the
  seat to act, at the revision it read) until every game is over, the games in the
  same order in every process so that they race: ``{"applied": [[game, version, code],
  ...], "stale": N, "seconds": S}``;
- ``own``: the same for the games on its own shards only (as Discord would route their
  buttons): what the throughput benchmark runs (``bench/bench_shards.py``);
- ``restart``: the work of a start (``bot.discord.publish``'s ``catch_up`` and
  ``resume_ai_turns``, without Discord): each game behind its table is caught up (its
  ``announced`` message set to its revision) and the AI seats left to act play:
  ``{"caught": [game, ...], "ai_games": [game, ...], "ai_moves": [[game, version],
  ...]}``.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.service import GameInfo, GameService, ServiceError
from bot.shards import Shards, owns
from bot.store import open_store
from rules import registry
from rules.nim import NIM

PASS_LIMIT = 5
"""Few rows a pass: two processes claiming at once interleave many passes."""
LOST = ("service.stale", "service.not_running", "service.not_your_turn")
ROOT = Path(__file__).resolve().parents[1]


def run_workers(
    url: str,
    ranges: Sequence[str],
    count: int,
    now: int,
    mode: str,
    order: Sequence[int] = (),
    *,
    timeout: float = 600,
) -> list[dict[str, Any]]:
    """Start one worker process per shard range in ``ranges``, let them go at once, and
    return what each printed (in the order of ``ranges``)."""
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "campfire_testing.shard_worker",
                url,
                shards,
                str(count),
                str(now),
            ]
            + [mode, f"worker{n}:{shards}"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n, shards in enumerate(ranges)
    ]
    try:
        for n, process in enumerate(processes):
            assert process.stdout is not None
            line = process.stdout.readline().strip()
            if line != "ready":  # its traceback went to stderr (captured by pytest)
                raise AssertionError(f"worker {n} ({ranges[n]}) did not start: {line!r}")
        for process in processes:
            assert process.stdin is not None
            process.stdin.write(json.dumps(list(order)) + "\n")
            process.stdin.flush()
        found = []
        for process in processes:
            out, _ = process.communicate(timeout=timeout)
            if process.returncode != 0:
                raise AssertionError(f"a worker exited with {process.returncode}: {out!r}")
            found.append(json.loads(out.strip().splitlines()[-1]))
        return found
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()


async def reminders(service: GameService, name: str) -> dict[str, object]:
    sent: list[tuple[int, str, str]] = []
    timed_out: list[tuple[int, str, str]] = []
    while True:
        done = await service.timing.clock_pass(name, limit=PASS_LIMIT)
        for report in done.reports:
            sent += [(report.game.id, r.seat, r.kind) for r in report.reminders]
            timed_out += [(report.game.id, s, p) for s, p in report.timed_out]
        await service.timing.finish_clock_pass(done)
        if not done.claimed:
            return {"sent": sent, "timed_out": timed_out}


async def moves(service: GameService, game_ids: list[int]) -> dict[str, object]:
    applied: list[tuple[int, int, str]] = []
    stale = 0
    running = list(game_ids)
    started = time.perf_counter()
    while running:
        for game_id in list(running):
            info = await service.game(game_id)
            if info.status != "running":
                running.remove(game_id)
                continue
            seat = info.to_act[0]
            legal = await service.legal_moves(game_id, seat)
            if not legal:  # the other process moved in between: no longer this seat's turn
                stale += 1
                continue
            try:
                await service.play(game_id, seat, legal[0].code, expected_version=info.version)
            except ServiceError as exc:
                if exc.key not in LOST:
                    raise
                stale += 1
                continue
            applied.append((game_id, info.version, legal[0].code))
    return {"applied": applied, "stale": stale, "seconds": time.perf_counter() - started}


async def restart(service: GameService, name: str) -> dict[str, object]:
    caught: list[int] = []
    ai_games: list[int] = []
    ai_moves: list[tuple[int, int]] = []

    async def catch_up(game: GameInfo) -> bool:
        caught.append(game.id)
        await asyncio.sleep(0.01)  # posting takes a while
        await service.set_message(game.id, "announced", str(game.version))
        return True

    async def play(game: GameInfo) -> bool:
        ai_games.append(game.id)
        while (result := await service.robots.move(game.id)) is not None:
            ai_moves.append((game.id, result.game.version))
        return True

    await service.jobs.catch_up("announced", name, catch_up)
    await service.jobs.ai_turns(name, play)
    return {"caught": caught, "ai_games": ai_games, "ai_moves": ai_moves}


async def main(argv: list[str]) -> int:
    url, shards_text, count, now, mode, name = argv
    if "nim" not in registry.ids():
        registry.register(NIM)
    at = datetime.fromtimestamp(int(now), UTC)
    store = await open_store(url)
    service = GameService(
        store, clock=lambda: at, shards=Shards.parse(shards_text, int(count)), render_workers=1
    )
    try:
        print("ready", flush=True)
        order = json.loads(await asyncio.to_thread(sys.stdin.readline) or "[]")
        if mode == "reminders":
            result = await reminders(service, name)
        elif mode == "restart":
            result = await restart(service, name)
        elif mode == "own":
            mine = [g for g in order if owns(service.shards, (await service.game(g)).guild_id)]
            result = await moves(service, mine)
        else:
            result = await moves(service, order)
        print(json.dumps(result), flush=True)
    finally:
        service.close()
        await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
