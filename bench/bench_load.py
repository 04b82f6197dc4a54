"""Load and scale: many games played at once through the Discord layer, and a big store.

Run: ``.venv/bin/python -m bench load`` (about 4 minutes), or ``--quick`` for a reduced
run (50 games for 10 s, 2,000 stored games: about a minute). Both parts drive the real
``CampfireClient`` and ``GameService`` through the recording fake HTTP of
``campfire_testing/harness.py``: only the network is fake (and answers at once, so the
figures are the bot's own time). Pictures are drawn in threads, as ``campfire run``
draws them; the same run with render processes (``CAMPFIRE_RENDER=processes``) is
reported beside it (``--render threads`` or ``processes`` for one of them).

**Load.** 200 running Origin Classic games; ``/campfire move`` commands arrive at a
steady rate (35 a second) for 60 s, each typed by a player to act in the game's thread,
never two at once in one game, each followed by its pictures drawn by the real renderer
and sent to Discord, in a new turn message or in an edit of the live one (most moves
are edits: the same seats go on deciding). ``--pictures`` sets the server's choice
(``both``: a new turn message gets the turn card and the full board, drawn in one
pass); ``--cold`` starts the warm-up as the first moves arrive, as players may come
just after ``campfire run`` started. Reported: moves/s, p50/p99 from the interaction's
arrival to the pictures sent to Discord (over the whole run, in its first 2 s, and
after them), the CPU the process tree spent per move, the event loop's worst lag (a 10
ms ticker), RSS before and after (the bot's process, and its render processes apart),
errors (a warning or error logged, a move never pictured, a game whose stored revision
is not the one expected). A move is not sent when every game still waits for its
picture (saturated). Targets: 0 errors, p99 <= 150 ms, lag <= 50 ms.

**Scale.** 10,000 stored games (60 % running Origin Classic and Junior, 30 % finished,
10 % lobbies; copies of a few dozen random games), ten of them with a move stored but
never announced. A fresh process opens the store, sets the client up and runs the
catch-up scan: the time from launching it to ready (scan done), and its RSS once the
catch-up (``on_ready``) has posted those ten tables and the warm-up has drawn every
game's opening (which, with render processes, waits for them to start, reported apart),
and the PSS of its process tree. Both parts run in processes set up as ``campfire run``
sets its own: glibc's malloc limited to ``MALLOC_ARENAS`` heap arenas unless
``MALLOC_ARENA_MAX`` is in the environment (``bot.frontends.serving``).
Targets: start <= 5 s, RSS <= 150 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bench_discord import _store_game
from bench.bench_service import percentile
from bot.frontends.serving import tune_malloc
from bot.service import GameService
from bot.store import GuildSettings, Store
from campfire_testing.harness import APP_ID, GUILD_ID, Harness, User, fake_webhooks
from campfire_testing.payloads import command_options
from rules import registry
from rules.base import State

TARGET_P99_MS = 150.0
TARGET_LAG_MS = 50.0
TARGET_RSS_MB = 150.0
TARGET_TREE_MB = 300.0
"""The whole process tree under load (PSS sum: shared pages counted once)."""
TARGET_START_S = 5.0
FIRST_USER_ID = 520000000000000001
FIRST_CHANNEL_ID = 720000000000000001
THREAD_BASE = 730000000000000000
"""Thread id of stored game ``n``: ``THREAD_BASE + n`` (the scale part)."""
CHANNELS = 20
BEHIND = 10
"""Stored games of the scale part whose last move never reached their table."""
SETTLE_S = 10.0
FIRST_S = 2.0
"""The first seconds of the load, reported apart (a start's first pictures)."""
RENDERS = ("threads", "processes")

log = logging.getLogger("campfire.bench.load")


# --------------------------------------------------------------------------- measuring


def rss_mb(pid: int | None = None) -> tuple[float, float]:
    """Resident memory of a process (default: this one) and of its children (the
    render workers), in MB."""
    pid = os.getpid() if pid is None else pid
    own = children = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                own = int(line.split()[1]) / 1024
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                children += sum(rss_mb(int(child)))
    return own, children


def tree_mb(pid: int | None = None) -> tuple[float, float, float]:
    """The whole process tree under ``pid`` (default: this one; the bot, its render
    workers and multiprocessing's resource tracker): the sum of the RSS, the sum of the
    PSS (a page shared by several processes counted once, split between them: what the
    tree really holds),
    and the peak, over the run so far, of the biggest RSS a process of the tree reached
    (``VmHWM``), in MB."""
    pid = os.getpid() if pid is None else pid
    rss = pss = peak = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                child_rss, child_pss, child_peak = tree_mb(int(child))
                rss, pss, peak = rss + child_rss, pss + child_pss, max(peak, child_peak)
    return rss, pss, peak


def tree_cpu_s(pid: int | None = None) -> float:
    """The CPU time (user and system) spent so far by the process tree under ``pid``
    (default: this one), in seconds, its living processes only."""
    pid = os.getpid() if pid is None else pid
    total = 0.0
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                total += tree_cpu_s(int(child))
    return total


class Problems(logging.Handler):
    """Counts the warnings and errors the bot logs (each is an error of the run)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(f"{record.name}: {record.getMessage()}"[:200])


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    """How late a 10 ms sleep wakes up, over and over: the event loop's lag in ms."""
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(max(0.0, (time.perf_counter() - started - 0.01) * 1000))


async def sample_tree(figures: LoadFigures, stop: asyncio.Event) -> None:
    """Every 2 s (read in a thread, off the loop), the tree's largest sums so far."""
    while not stop.is_set():
        rss, pss, _ = await asyncio.to_thread(tree_mb)
        most_rss, most_pss = figures.tree_most
        figures.tree_most = (max(most_rss, rss), max(most_pss, pss))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 2.0)


# --------------------------------------------------------------------------- load


@dataclass
class Table:
    """One game being played by the driver, with its own copy of the state."""

    id: int
    thread_id: int
    state: State
    sent_at: float | None = None


@dataclass
class LoadFigures:
    games: int
    seconds: float
    rate: float
    render: str = "threads"
    sent: int = 0
    skipped: int = 0
    pictured: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    rss_before: tuple[float, float] = (0.0, 0.0)
    rss_after: tuple[float, float] = (0.0, 0.0)
    tree_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    tree_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    tree_most: tuple[float, float] = (0.0, 0.0)
    """The largest RSS sum and PSS sum of the tree seen during the load (sampled)."""
    errors: list[str] = field(default_factory=list)
    started: float = 0.0
    """When the first move was sent (``perf_counter``)."""
    cpu_s: float = 0.0
    """CPU time of the process tree from the first move sent to the last picture."""


async def _tables(
    store: Store, harness: Harness, count: int, chooser: random.Random
) -> list[Table]:
    """``count`` running Classic games of three players, a few random moves in."""
    game = registry.get("origin")
    users = [FIRST_USER_ID + n for n in range(count * 3)]
    tables = []
    for n in range(count):
        seated = users[3 * n : 3 * n + 3]
        channel_id = FIRST_CHANNEL_ID + n % CHANNELS
        game_id, _ = await _store_game(
            store,
            "origin",
            f"load-{n}",
            seated,
            channel_id,
            chooser.randrange(0, 30),
            chooser,
            start=True,
        )
        thread = harness.fake.thread(channel_id, f"game {game_id}")
        harness.fake.channels[int(thread["id"])] = thread
        await store.set_thread(game_id, thread["id"])
        row = await store.game(game_id)
        assert row is not None and row.snapshot is not None
        state = game.replay(
            [s.user_id for s in row.seats],
            row.seed,
            row.options,
            [(m.seat, m.code) for m in await store.moves(game_id)],
        )
        tables.append(Table(game_id, int(thread["id"]), state))
    return tables


MESSAGES = "/channels/{channel_id}/messages"
EDIT = "/channels/{channel_id}/messages/{message_id}"


def _watch_pictures(harness: Harness, tables: list[Table], figures: LoadFigures) -> None:
    """Time each move when its pictures reach Discord: a new turn message with files, or
    an edit of the live one with files (most moves: the same seats go on deciding)."""
    by_thread = {t.thread_id: t for t in tables}
    rest = harness.fake.rest

    async def recording(route: Any, **kwargs: Any) -> Any:
        answer = await rest(route, **kwargs)
        table = by_thread.get(int(route.channel_id or 0))
        pictured = (route.method, route.path) in (("POST", MESSAGES), ("PATCH", EDIT))
        if table is not None and table.sent_at is not None and pictured and kwargs.get("files"):
            figures.pictured.append((time.perf_counter() - table.sent_at) * 1000)
            figures.when.append(table.sent_at)
            table.sent_at = None
        return answer

    harness.client.http.request = recording  # type: ignore[method-assign]


async def drive(harness: Harness, tables: list[Table], figures: LoadFigures) -> None:
    """Send moves at ``figures.rate`` a second for ``figures.seconds``."""
    chooser = random.Random("campfire-load-moves")
    game = registry.get("origin")
    interval = 1 / figures.rate
    started = figures.started = time.perf_counter()
    n = 0
    while (due := started + n * interval) < started + figures.seconds:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        n += 1
        idle = [t for t in tables if t.sent_at is None and game.outcome(t.state) is None]
        if not idle:  # every game waits for its picture: the bot is saturated
            figures.skipped += 1
            continue
        table = chooser.choice(idle)
        seat = chooser.choice(sorted(game.to_act(table.state)))
        move = chooser.choice(game.legal_moves(table.state, seat))
        payload = harness._base(
            2,
            User(int(seat), f"User {seat}"),
            table.thread_id,
            {
                "id": str(APP_ID + 7),
                "name": "campfire",
                "type": 1,
                "options": [command_options("move", {"move": move.code})],
            },
        )
        table.sent_at = time.perf_counter()
        harness.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        table.state = game.apply(table.state, seat, move)
        figures.sent += 1
        if n % 50 == 0:  # the fake keeps every call and message: not the bot's memory
            harness.fake.calls.clear()
            harness.fake.messages.clear()


def bot_service(store: Store, processes: bool) -> tuple[GameService, list[Future[list[bytes]]]]:
    """The service as ``CampfireClient.setup_hook`` builds it for ``campfire run``, and
    its render workers' warm-up."""
    service = GameService(store, render_processes=processes)
    return service, service.boards.warm_up()


async def run_load(
    folder: Path,
    games: int,
    seconds: float,
    rate: float,
    *,
    processes: bool = False,
    pictures: str | None = None,
    cold: bool = False,
) -> LoadFigures:
    figures = LoadFigures(games, seconds, rate, "processes" if processes else "threads")
    problems = Problems()
    async with Store(folder / f"load-{figures.render}.sqlite3") as store:
        warming: list[Future[list[bytes]]] = []
        if cold:  # warmed up later, as the first moves arrive
            service = GameService(store, render_processes=processes)
        else:
            service, warming = bot_service(store, processes)
        if pictures is not None:  # the server's choice (default: the service's)
            await service.timing.save_guild_settings(
                str(GUILD_ID), GuildSettings(pictures=pictures)
            )
        harness = Harness(service)
        for n in range(CHANNELS):
            channel_id = FIRST_CHANNEL_ID + n
            harness.fake.channels[channel_id] = harness.fake.text_channel(channel_id, f"t{n}")
        with fake_webhooks(harness):
            await harness.setup()
            await harness.client.on_ready()  # as after connecting: catch-up, then ready
            started = time.perf_counter()
            tables = await _tables(store, harness, games, random.Random("campfire-load"))
            print(
                f"load: {games} games stored in {time.perf_counter() - started:.1f} s", flush=True
            )
            if cold:  # a bot just started: its first players do not wait for the warm-up
                warming = service.boards.warm_up()
            else:  # a bot up a while
                await asyncio.gather(*map(asyncio.wrap_future, warming))
            _watch_pictures(harness, tables, figures)
            figures.rss_before = rss_mb()
            figures.tree_before = tree_mb()
            logging.getLogger().addHandler(problems)
            stop = asyncio.Event()
            ticking = asyncio.create_task(ticker(figures.lags, stop))
            sampling = asyncio.create_task(sample_tree(figures, stop))
            cpu = tree_cpu_s()
            try:
                await drive(harness, tables, figures)
                deadline = time.perf_counter() + SETTLE_S
                while any(t.sent_at is not None for t in tables) and time.perf_counter() < deadline:
                    await asyncio.sleep(0.05)
                figures.cpu_s = tree_cpu_s() - cpu
            finally:
                stop.set()
                await ticking
                await sampling
                logging.getLogger().removeHandler(problems)
            figures.rss_after = rss_mb()
            figures.tree_after = tree_mb()
            await harness.settle()
            figures.errors += [f"game {t.id}: no picture" for t in tables if t.sent_at is not None]
            for table in tables:
                row = await store.game(table.id)
                if row is None or row.version != table.state.revision:
                    figures.errors.append(f"game {table.id}: not at v{table.state.revision}")
            figures.errors += problems.seen
            harness.client._connection.clear()
            service.close()
    return figures


# --------------------------------------------------------------------------- scale


async def _templates(folder: Path, count: int) -> Path:
    """A few dozen random games written through the store API, to be copied."""
    path = folder / "templates.sqlite3"
    chooser = random.Random("campfire-scale")
    async with Store(path) as store:
        for n in range(count):
            rules = "origin" if n % 2 else "origin-junior"
            users = [FIRST_USER_ID + 4 * n + k for k in range(3)]
            kind = n % 10
            await _store_game(
                store,
                rules,
                f"scale-{n}",
                users,
                FIRST_CHANNEL_ID,
                10_000 if kind < 3 else chooser.randrange(0, 140 if rules == "origin" else 60),
                chooser,
                start=kind != 9,
            )
    return path


async def build_store(folder: Path, games: int) -> tuple[Path, list[tuple[int, int, int]]]:
    """``games`` games copied round-robin from the templates (10 % lobbies, about 30 %
    finished, the rest running); returns the database and the ``(game, thread,
    channel)`` of the games left unannounced."""
    templates = await _templates(folder, 40)
    path = folder / "scale.sqlite3"
    async with Store(path):
        pass  # the schema
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("ATTACH ? AS t", (str(templates),))
    columns = [r[1] for r in db.execute("PRAGMA table_info(games)") if r[1] != "id"]
    names = ", ".join(columns)
    source = ", ".join("?" if c in ("channel_id", "thread_id") else c for c in columns)
    seat_cols = "position, user_id, name, joined_at"
    move_cols = ", ".join(r[1] for r in db.execute("PRAGMA table_info(moves)") if r[1] != "game_id")
    count = db.execute("SELECT COUNT(*) FROM t.games").fetchone()[0]
    behind: list[tuple[int, int, int]] = []
    db.execute("BEGIN")
    for n in range(1, games + 1):
        template = (n - 1) % count + 1
        channel = FIRST_CHANNEL_ID + n % CHANNELS
        thread = THREAD_BASE + n
        db.execute(
            f"INSERT INTO games (id, {names}) SELECT ?, {source} FROM t.games WHERE id = ?",
            (
                n,
                *[
                    channel if c == "channel_id" else thread
                    for c in columns
                    if c in ("channel_id", "thread_id")
                ],
                template,
            ),
        )
        db.execute(
            f"INSERT INTO seats (game_id, {seat_cols}) SELECT ?, {seat_cols} FROM t.seats "
            "WHERE game_id = ?",
            (n, template),
        )
        db.execute(
            f"INSERT INTO moves (game_id, {move_cols}) SELECT ?, {move_cols} FROM t.moves "
            "WHERE game_id = ?",
            (n, template),
        )
        status, version = db.execute(
            "SELECT status, version FROM games WHERE id = ?", (n,)
        ).fetchone()
        if status != "running":
            continue
        announced = version
        if len(behind) < BEHIND and n % 97 == 0 and version > 0:
            announced = version - 1
            behind.append((n, thread, channel))
        db.execute(
            "INSERT INTO messages (game_id, kind, message_id) VALUES (?, 'announced', ?)",
            (n, str(announced)),
        )
    db.execute("COMMIT")
    db.execute("DETACH t")
    db.close()
    return path, behind


async def _start(db_path: str, behind: list[list[int]], render: str) -> dict[str, float]:
    """In a fresh process: open, set the client up, catch up; timings and RSS."""
    opened = time.perf_counter()
    store = await Store.open(db_path)
    service, warming = bot_service(store, render == "processes")
    harness = Harness(service)
    for _, thread, channel in behind:
        harness.fake.channels[channel] = harness.fake.text_channel(channel, "games")
        harness.fake.channels[thread] = harness.fake.thread(channel, "game")
        harness.fake.channels[thread]["id"] = str(thread)
    with fake_webhooks(harness):
        await harness.setup()
        set_up = time.perf_counter()
        behind_now = await service.running_games_behind("announced")
        scanned = time.perf_counter()
        scanned_at = time.time()
        await harness.client.on_ready()
        await harness.settle()
    ready = time.perf_counter()
    posted = sum(1 for c in harness.fake.calls if c.files)
    await asyncio.gather(*map(asyncio.wrap_future, warming))  # every game's opening drawn
    service.close()
    await store.close()
    own, workers = rss_mb()
    _, own_pss, _ = tree_mb()
    return {
        "open_to_ready_s": ready - opened,
        "open_s": set_up - opened,
        "scan_s": scanned - set_up,
        "scanned": len(behind_now),
        "scanned_at": scanned_at,
        "rss_mb": own,
        "workers_mb": workers,
        "tree_pss_mb": own_pss,
        "pictures": posted,
    }


def start_child(db_path: str, behind_file: str, render: str = "threads") -> None:
    """``--start-child``: the measured start (prints one JSON line), its process set up
    as ``campfire run`` sets its own (``tune_malloc``)."""
    logging.basicConfig(level=logging.ERROR)
    tune_malloc()
    behind = json.loads(Path(behind_file).read_text())
    result = asyncio.run(_start(db_path, behind, render))
    print(json.dumps(result), flush=True)


_CHILD = "import sys; from bench.bench_load import start_child; start_child(*sys.argv[1:])"


def run_scale(folder: Path, games: int, renders: Sequence[str]) -> list[dict[str, Any]]:
    """The store of ``games`` games built once, then one measured start per way of
    drawing (``renders``)."""
    started = time.perf_counter()
    path, behind = asyncio.run(build_store(folder, games))
    print(
        f"scale: {games} games stored in {time.perf_counter() - started:.1f} s "
        f"({path.stat().st_size / 1e6:.0f} MB)",
        flush=True,
    )
    behind_file = folder / "behind.json"
    behind_file.write_text(json.dumps(behind))
    results = []
    for render in renders:
        copy = folder / f"scale-{render}.sqlite3"  # each start catches up the same ten
        with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        launched, launched_at = time.perf_counter(), time.time()
        out = subprocess.run(
            # -c, not -m: the render processes would import this module again (as the
            # bot's own ``campfire`` script is imported again: bot.frontends.cli, light)
            [sys.executable, "-c", _CHILD, str(copy), str(behind_file), render],
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - launched
        result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
        result["launch_to_ready_s"] = result["scanned_at"] - launched_at
        result["launch_to_caught_up_s"] = wall
        result["behind"] = len(behind)
        result["stored"] = games
        result["render"] = render
        results.append(result)
    return results


# --------------------------------------------------------------------------- report


def _pct(values: Sequence[float], fraction: float) -> float:
    return percentile(list(values), fraction) if values else float("nan")


def report_load(load: LoadFigures) -> list[str]:
    """The lines of one load run (``load.render``: threads or processes)."""
    p50, p99 = _pct(load.pictured, 0.5), _pct(load.pictured, 0.99)
    first = [
        ms for ms, at in zip(load.pictured, load.when, strict=True) if at - load.started < FIRST_S
    ]
    later = [
        ms for ms, at in zip(load.pictured, load.when, strict=True) if at - load.started >= FIRST_S
    ]
    worst = max(load.lags, default=0.0)
    cpu_ms = load.cpu_s * 1000 / max(1, len(load.pictured))
    return [
        f"load ({load.render}): {load.games} games, {load.sent} moves in {load.seconds:.0f} s = "
        f"{load.sent / load.seconds:.1f} moves/s, {len(load.pictured)} pictured, "
        f"{load.skipped} not sent (every game still waiting for its picture)",
        f"interaction -> pictures sent: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max "
        f"{max(load.pictured, default=0):.1f} ms = {p99 / TARGET_P99_MS:.2f} of the "
        f"{TARGET_P99_MS:.0f} ms target [{'OK' if p99 <= TARGET_P99_MS else 'SLOW'}]",
        f"  first {FIRST_S:.0f} s: {len(first)} moves, p99 {_pct(first, 0.99):.1f} ms, max "
        f"{max(first, default=0):.1f} ms; "
        f"after: p50 {_pct(later, 0.5):.1f} ms, p99 {_pct(later, 0.99):.1f} ms",
        f"CPU of the process tree per move pictured: {cpu_ms:.1f} ms ({load.cpu_s:.1f} s in all)",
        f"event loop lag: worst {worst:.1f} ms, p99 {_pct(load.lags, 0.99):.1f} ms "
        f"= {worst / TARGET_LAG_MS:.2f} of the {TARGET_LAG_MS:.0f} ms target "
        f"[{'OK' if worst <= TARGET_LAG_MS else 'SLOW'}]",
        f"RSS of the bot's process: {load.rss_before[0]:.0f} MB before, "
        f"{load.rss_after[0]:.0f} MB after; render workers: {load.rss_before[1]:.0f} MB "
        f"before, {load.rss_after[1]:.0f} MB after",
        f"whole process tree (bot, render workers, resource tracker): RSS sum "
        f"{load.tree_before[0]:.0f} MB before, {load.tree_after[0]:.0f} MB after, at most "
        f"{load.tree_most[0]:.0f} MB; PSS sum (shared pages once) "
        f"{load.tree_before[1]:.0f} MB before, {load.tree_after[1]:.0f} MB after, at most "
        f"{load.tree_most[1]:.0f} MB = {load.tree_most[1] / TARGET_TREE_MB:.2f} of the "
        f"{TARGET_TREE_MB:.0f} MB target "
        f"[{'OK' if load.tree_most[1] <= TARGET_TREE_MB else 'FAT'}]",
        f"errors: {len(load.errors)} [{'OK' if not load.errors else 'FAIL'}]",
        *(f"  {e}" for e in load.errors[:10]),
    ]


def report_scale(scale: dict[str, Any]) -> list[str]:
    """The lines of one measured start (``scale["render"]``: threads or processes)."""
    start, rss = scale["launch_to_ready_s"], scale["rss_mb"]
    return [
        f"scale ({scale['render']}): {scale['stored']:.0f} games; start to ready (imports, "
        f"open, set-up, catch-up scan {scale['scan_s'] * 1000:.0f} ms) {start:.2f} s = "
        f"{start / TARGET_START_S:.2f} of the {TARGET_START_S:.0f} s target "
        f"[{'OK' if start <= TARGET_START_S else 'SLOW'}]; the {scale['pictures']:.0f} of "
        f"{scale['behind']:.0f} unannounced games posted at "
        f"{scale['launch_to_caught_up_s']:.2f} s",
        f"scale ({scale['render']}): RSS of the bot's process when ready and every "
        f"game's opening drawn {rss:.0f} MB = {rss / TARGET_RSS_MB:.2f} of the "
        f"{TARGET_RSS_MB:.0f} MB target [{'OK' if rss <= TARGET_RSS_MB else 'FAT'}]; "
        f"render workers {scale['workers_mb']:.0f} MB; PSS of the whole tree "
        f"{scale['tree_pss_mb']:.0f} MB",
    ]


def report(loads: Sequence[LoadFigures], scales: Sequence[dict[str, Any]]) -> list[str]:
    lines = []
    for load in loads:
        lines += report_load(load)
    for scale in scales:
        lines += report_scale(scale)
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_load")
    parser.add_argument("--quick", action="store_true", help="50 games for 10 s, 2000 stored")
    parser.add_argument("--games", type=int, help="running games (default 200)")
    parser.add_argument("--seconds", type=float, help="length of the load (default 60)")
    parser.add_argument("--rate", type=float, default=35.0, help="moves a second")
    parser.add_argument("--stored", type=int, help="games of the scale part (default 10000)")
    parser.add_argument("--only", choices=("load", "scale"))
    parser.add_argument(
        "--render",
        choices=(*RENDERS, "both"),
        default="both",
        help="draw in threads (as campfire run), render processes, or both in turn",
    )
    parser.add_argument(
        "--pictures",
        choices=("card", "full", "both"),
        help="the server's pictures setting (default: none chosen, the turn card)",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="start the warm-up as the first moves arrive (a bot just started)",
    )
    parser.add_argument("--start-child", nargs="+", help=argparse.SUPPRESS)
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if args.start_child:
        start_child(*args.start_child)
        return
    tune_malloc()  # the load runs in this process, set up as campfire run's
    games = args.games or (50 if args.quick else 200)
    seconds = args.seconds or (10.0 if args.quick else 60.0)
    stored = args.stored or (2000 if args.quick else 10_000)
    renders = RENDERS if args.render == "both" else (args.render,)
    logging.getLogger("discord").setLevel(logging.ERROR)
    loads: list[LoadFigures] = []
    scales: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="campfire-load-") as scratch:
        if args.only != "scale":
            # render processes first: the threads' run leaves the renderers' caches in
            # this process, which would count as the bot's own memory in theirs
            for render in [r for r in ("processes", "threads") if r in renders]:
                load = asyncio.run(
                    run_load(
                        Path(scratch),
                        games,
                        seconds,
                        args.rate,
                        processes=render == "processes",
                        pictures=args.pictures,
                        cold=args.cold,
                    )
                )
                loads.append(load)
                print("\n".join(report_load(load)), flush=True)
        if args.only != "load":
            scales = run_scale(Path(scratch), stored, renders)
    if scales:  # the load's lines came as each run ended
        print("\n".join(report((), scales)), flush=True)
    print(f"machine load (uptime): {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
