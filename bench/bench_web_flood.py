"""``campfire web`` under a flood, in its own process on 127.0.0.1 only: memory after
random positions, then 1,000 event streams and 1,000 half-open connections at once.

Run: ``.venv/bin/python -m bench.bench_web_flood`` (``--games``, ``--positions``,
``--streams``, ``--half-open``, ``--seconds``, ``--files`` change the sizes;
``--code DIR`` runs the ``bot`` package found in DIR instead, for a before/after).

1. Six real games are played into a SQLite file and copied up to ``--games`` stored
   games (``bench_web``'s set-up); ``campfire web`` starts over it with its open-file
   soft limit set to ``--files`` (1,024, the usual default: what the process raises).
2. *Random positions*: ``--positions`` requests of a page at a random step of a random
   game, each followed by that position's board picture (drawn, then kept); the
   process's RSS and PSS before and after.
3. *Flood*, ``--seconds`` long: ``--streams`` clients asking for a running game's event
   stream (half from one address, half each naming another in ``X-Forwarded-For``),
   each asking again a second after a refusal; ``--half-open`` connections that send
   half a request and never finish it, each opened again once the server closes it.
   Meanwhile ``/healthz`` and a game page are asked twice a second on new connections:
   their answers and latency are what the flood must leave alone. The log's growth
   during the flood, the process's open files, RSS and PSS during it and 5 s after.
4. The process is stopped (SIGINT) with 200 event streams open: how long it takes.

Every connection goes to 127.0.0.1; the counts and the time are bounded by the options.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.bench_service import percentile
from bench.bench_web import SECRET, copy_games, play_templates
from bot.web.tokens import game_subject, make_token

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def memory(pid: int) -> tuple[float, float]:
    """RSS and PSS of ``pid`` in MB (PSS from ``smaps_rollup``; 0 where absent)."""
    rss = pss = 0.0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    with contextlib.suppress(OSError), open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    return rss, pss


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def ask(port: int, path: str, timeout: float = 10.0) -> tuple[int, bytes, float]:
    """One GET on a new connection: status, body, seconds (status 0: no answer)."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(HOST, port)
            try:
                writer.write(
                    f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
                )
                data = await reader.read()
            finally:
                writer.close()
    except (OSError, TimeoutError):
        return 0, b"", time.perf_counter() - started
    head, _, body = data.partition(b"\r\n\r\n")
    parts = head.split(b" ", 2)
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return status, body, time.perf_counter() - started


@dataclass
class Flood:
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    streams_open: int = 0
    streams_refused: int = 0
    streams_failed: int = 0
    half_open: int = 0
    half_open_closed: int = 0
    connect_failed: int = 0
    health: list[float] = field(default_factory=list)
    pages: list[float] = field(default_factory=list)
    missed: int = 0


async def stream_client(port: int, path: str, forwarded: str | None, flood: Flood) -> None:
    extra = f"X-Forwarded-For: {forwarded}\r\n" if forwarded else ""
    while not flood.stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            flood.connect_failed += 1
            await asyncio.sleep(1)
            continue
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n{extra}\r\n".encode())
            line = await reader.readline()
            if b" 200 " in line:
                flood.streams_open += 1
                try:
                    while await reader.read(4096):
                        pass  # the stream, until the server ends it
                finally:
                    flood.streams_open -= 1
            elif b" 503 " in line:
                flood.streams_refused += 1
                await asyncio.sleep(1)
            else:
                flood.streams_failed += 1
                await asyncio.sleep(1)
        except OSError:
            flood.streams_failed += 1
            await asyncio.sleep(1)
        finally:
            writer.close()


async def half_open_client(port: int, path: str, flood: Flood) -> None:
    while not flood.stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            flood.connect_failed += 1
            await asyncio.sleep(1)
            continue
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nX-Slow: ".encode())
            flood.half_open += 1
            try:
                await reader.read()  # until the server gives up on it
            finally:
                flood.half_open -= 1
            flood.half_open_closed += 1
        except OSError:
            pass
        finally:
            writer.close()


async def watch(port: int, page: str, flood: Flood) -> None:
    while not flood.stop.is_set():
        for path, into in (("/healthz", flood.health), (page, flood.pages)):
            status, _, seconds = await ask(port, path, timeout=5.0)
            if status == 200:
                into.append(seconds * 1000)
            else:
                flood.missed += 1
        await asyncio.sleep(0.5)


async def random_positions(
    port: int, steps: dict[int, int], count: int, now: float, seed: int = 3
) -> tuple[int, list[float]]:
    """``count`` pages at random positions, each with its picture; failures, times (ms)."""
    chooser = random.Random(seed)
    failures = 0
    times: list[float] = []
    ids = sorted(steps)
    queue: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    for _ in range(count):
        game_id = chooser.choice(ids)
        queue.put_nowait((game_id, chooser.randint(0, steps[game_id])))

    async def worker() -> None:
        nonlocal failures
        while not queue.empty():
            game_id, step = queue.get_nowait()
            token = make_token(SECRET, game_subject(game_id), now)
            status, body, seconds = await ask(port, f"/g/{token}?at={step}&lang=en", 60)
            times.append(seconds * 1000)
            text = body.decode(errors="replace")
            if status != 200:
                failures += 1
                continue
            if '<img id="board" src="' in text:
                src = text.split('<img id="board" src="', 1)[1].split('"', 1)[0]
                status, _, _ = await ask(port, f"/g/{src}", 60)
                failures += status != 200

    await asyncio.gather(*(worker() for _ in range(4)))
    return failures, times


def start(
    db: Path, log: Path, files: int, code: Path | None
) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "CAMPFIRE_WEB_SECRET": SECRET.decode(), "CAMPFIRE_DB": str(db)}
    env["CAMPFIRE_LOG_LEVEL"] = "INFO"
    if code is not None:
        env["PYTHONPATH"] = str(code)

    def limit() -> None:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(files, hard), hard))

    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bot.frontends.cli",
                "web",
                "--port",
                str(port),
                "--env",
                "none",
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=limit,
            cwd=code,
        )
    for _ in range(600):
        if b"serving on" in log.read_bytes():
            return process, port
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"campfire web did not start:\n{log.read_text()[-2000:]}")


def game_steps(db: Path) -> tuple[dict[int, int], int]:
    """Each stored game's number of log entries; a running game's id."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        steps = dict.fromkeys((r[0] for r in conn.execute("SELECT id FROM games")), 0)
        steps.update(conn.execute("SELECT game_id, COUNT(*) FROM moves GROUP BY game_id"))
        running = conn.execute("SELECT id FROM games WHERE status = 'running' LIMIT 1").fetchone()
    return steps, int(running[0])


async def run(args: argparse.Namespace, db: Path, log: Path) -> None:
    steps, running = game_steps(db)
    process, port = start(db, log, args.files, args.code)
    now = time.time()
    try:
        first = memory(process.pid)
        print(f"started: RSS {first[0]:.0f} MB, PSS {first[1]:.0f} MB", flush=True)
        started = time.perf_counter()
        failures, times = await random_positions(port, steps, args.positions, now)
        print(
            f"{args.positions} random positions (page + picture) in "
            f"{time.perf_counter() - started:.0f} s, {failures} failures; page p50 "
            f"{statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms",
            flush=True,
        )
        after = memory(process.pid)
        print(f"after the random positions: RSS {after[0]:.0f} MB, PSS {after[1]:.0f} MB")

        token = make_token(SECRET, game_subject(running), now)
        events, page = f"/g/{token}/events", f"/g/{token}"
        flood = Flood()
        size_before = log.stat().st_size
        tasks = [
            asyncio.create_task(
                stream_client(port, events, None if n % 2 else f"10.{n // 250}.{n % 250}.1", flood)
            )
            for n in range(args.streams)
        ]
        tasks += [
            asyncio.create_task(half_open_client(port, page, flood)) for _ in range(args.half_open)
        ]
        await asyncio.sleep(3)  # the flood builds up
        watcher = asyncio.create_task(watch(port, page, flood))
        peak_files = 0
        flood_started = time.perf_counter()
        while time.perf_counter() - flood_started < args.seconds:
            await asyncio.sleep(1)
            peak_files = max(peak_files, open_files(process.pid))
        elapsed = time.perf_counter() - flood_started
        grown = log.stat().st_size - size_before
        flooded = memory(process.pid)
        print(
            f"flood {elapsed:.0f} s: {flood.streams_open} streams open, "
            f"{flood.streams_refused} refusals (503), {flood.streams_failed} other failures, "
            f"{flood.half_open} half-open now, {flood.half_open_closed} closed by the server, "
            f"{flood.connect_failed} connections refused; the process's open files at most "
            f"{peak_files}",
            flush=True,
        )
        asked = len(flood.health) + len(flood.pages) + flood.missed
        for name, samples in (("/healthz", flood.health), ("game page", flood.pages)):
            if samples:
                print(
                    f"  {name} during the flood: p50 {statistics.median(samples):.0f} ms, "
                    f"p95 {percentile(samples, 0.95):.0f} ms, max {max(samples):.0f} ms "
                    f"({len(samples)} answers)"
                )
        print(f"  unanswered (5 s) or not 200: {flood.missed} of {asked}")
        print(f"  log growth: {grown / 1024:.1f} KB in {elapsed:.0f} s")
        print(f"during the flood: RSS {flooded[0]:.0f} MB, PSS {flooded[1]:.0f} MB", flush=True)
        flood.stop.set()
        watcher.cancel()
        for task in tasks:
            task.cancel()
        await asyncio.gather(watcher, *tasks, return_exceptions=True)
        await asyncio.sleep(5)
        calm = memory(process.pid)
        print(
            f"5 s after the flood: RSS {calm[0]:.0f} MB, PSS {calm[1]:.0f} MB, "
            f"{open_files(process.pid)} open files",
            flush=True,
        )
        readers = Flood()
        tasks = [
            asyncio.create_task(stream_client(port, events, f"10.9.{n}.1", readers))
            for n in range(min(args.streams, 200))
        ]
        await asyncio.sleep(3)
        stopping = time.perf_counter()
        process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=90)
        took = time.perf_counter() - stopping
        print(
            f"stop (SIGINT) with {readers.streams_open} event streams open: {took:.1f} s, "
            f"status {process.poll()}"
        )
        readers.stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    opened = [
        line for line in log.read_text(errors="replace").splitlines() if "open files: up to" in line
    ]
    if opened:
        print(opened[0].split(": ", 1)[-1])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_web_flood")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--half-open", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--files", type=int, default=1024)
    parser.add_argument("--code", type=Path, default=None)
    parser.add_argument("--keep-log", type=Path, default=None)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 2 * (args.streams + args.half_open) + 512))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    with tempfile.TemporaryDirectory(prefix="campfire-bench-flood-") as scratch:
        db = Path(scratch) / "web.sqlite3"
        started = time.perf_counter()
        asyncio.run(play_templates(db))
        copy_games(db, args.games)
        print(f"{args.games} stored games ready in {time.perf_counter() - started:.1f} s")
        log = args.keep_log or Path(scratch) / "web.log"
        asyncio.run(run(args, db, log))


if __name__ == "__main__":
    main()
