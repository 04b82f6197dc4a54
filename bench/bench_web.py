"""The web companion's game page over 10,000 stored games, from a warm process.

Run: ``.venv/bin/python -m bench.bench_web`` (``--games N --requests M`` to change the
sizes). A few real games are played through the service (Nim to the end, Origin Junior,
Origin, Sapiens, Orbis and L'Aube des Tribus for 20-40 moves) into a SQLite file, then
copied row by row under new ids up to N stored games. ``campfire web``'s application
serves them on loopback and an aiohttp client asks for game pages (``/g/<token>``, the
whole HTML document, the game as it stands):

- *warm*: pages of the 50 games visited first, asked again in random order (what a
  spectator's reload or a live update costs: the game is read and its page built once
  per revision; each request still verifies its token and reads the game's revision);
- *first visit*: a page of a game the process has not served yet, picked at random among
  the N (its row and log read, its position replayed, its text twin and score sheet
  computed).

And a board picture, drawn (first) and from the cache (then, like an ``If-None-Match``
browser would not even ask). Target: a warm game page p50 <= 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from aiohttp import ClientSession
from aiohttp.test_utils import TestServer

from bench.bench_service import percentile
from bot.service import GameService, Player
from bot.store import open_store
from bot.web.app import create_app
from bot.web.tokens import game_subject, make_token

TARGET_P50_MS = 20.0
SECRET = b"bench-web-secret-0123456789"
PEOPLE = [Player("101", "Ann"), Player("202", "Bob"), Player("303", "Chloé")]
TEMPLATES = [
    ("nim", 2, None),
    ("origin-junior", 3, 40),
    ("origin", 3, 30),
    ("sapiens", 3, 30),
    ("orbis", 3, 30),
    ("tribes", 3, 20),
]


async def play_templates(path: Path) -> None:
    store = await open_store(str(path))
    service = GameService(store, seed_source=lambda: "bench-web")
    chooser = random.Random(5)
    try:
        for rules, seats, moves in TEMPLATES:
            lobby = await service.create_lobby(
                rules=rules, options=None, guild_id="9", channel_id="7", creator=PEOPLE[0]
            )
            for person in PEOPLE[1:seats]:
                await service.join(lobby.id, person)
            game = (await service.start(lobby.id, PEOPLE[0].user_id)).game
            count = 0
            while game.status == "running" and (moves is None or count < moves):
                seat = game.to_act[0]
                legal = await service.legal_moves(game.id, seat)
                code = chooser.choice([m for m in legal if m.code != "back"] or legal).code
                game = (await service.play(game.id, seat, code, expected_version=game.version)).game
                count += 1
    finally:
        service.close()
        await store.close()


def copy_games(path: Path, total: int) -> None:
    """Copy the stored games (their rows, seats and logs) under new ids up to ``total``."""
    db = sqlite3.connect(path)
    try:
        templates = [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]
        columns = {
            table: [r[1] for r in db.execute(f"PRAGMA table_info({table})") if r[1] != "id"]
            for table in ("games", "seats", "moves")
        }
        game_cols = ", ".join(columns["games"])
        next_id = max(templates) + 1
        with db:
            while next_id <= total:
                source = templates[next_id % len(templates)]
                db.execute(
                    f"INSERT INTO games (id, {game_cols}) SELECT ?, {game_cols} FROM games "
                    "WHERE id = ?",
                    (next_id, source),
                )
                for table in ("seats", "moves"):
                    rest = ", ".join(c for c in columns[table] if c != "game_id")
                    db.execute(
                        f"INSERT INTO {table} (game_id, {rest}) SELECT ?, {rest} FROM {table} "
                        "WHERE game_id = ?",
                        (next_id, source),
                    )
                next_id += 1
    finally:
        db.close()


async def measure(path: Path, games: int, requests: int) -> dict[str, list[float]]:
    store = await open_store(str(path))
    now = time.time()
    server = TestServer(create_app(store, SECRET, clock=lambda: now))
    await server.start_server()
    chooser = random.Random(11)
    times: dict[str, list[float]] = {"warm": [], "first": [], "drawn": [], "cached": []}

    def url(game_id: int) -> str:
        return str(server.make_url(f"/g/{make_token(SECRET, game_subject(game_id), now)}"))

    async def get(session: ClientSession, address: str) -> tuple[float, str]:
        started = time.perf_counter()
        async with session.get(address) as answer:
            body = await answer.read()
            assert answer.status == 200, (address, answer.status)
        elapsed = (time.perf_counter() - started) * 1000
        return elapsed, body.decode() if answer.content_type == "text/html" else ""

    try:
        async with ClientSession() as session:
            visited = chooser.sample(range(1, games + 1), 50 + requests)
            warm_set = visited[:50]
            for game_id in warm_set:  # the first visits of the warm set: not counted
                await get(session, url(game_id))
            for _ in range(requests):
                elapsed, _ = await get(session, url(chooser.choice(warm_set)))
                times["warm"].append(elapsed)
            for game_id in visited[50 : 50 + min(requests, 400)]:
                elapsed, _ = await get(session, url(game_id))
                times["first"].append(elapsed)
            for game_id in range(1, len(TEMPLATES) + 1):  # one picture of each game
                _, page = await get(session, url(game_id))
                src = page.split('<img id="board" src="', 1)[1].split('"', 1)[0]
                address = str(server.make_url(f"/g/{src}"))
                elapsed, _ = await get(session, address)
                times["drawn"].append(elapsed)
                for _ in range(20):
                    elapsed, _ = await get(session, address)
                    times["cached"].append(elapsed)
    finally:
        await server.close()
        await store.close()
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_web")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    with tempfile.TemporaryDirectory(prefix="campfire-bench-web-") as scratch:
        path = Path(scratch) / "web.sqlite3"
        started = time.perf_counter()
        asyncio.run(play_templates(path))
        copy_games(path, args.games)
        print(
            f"{args.games} stored games ready in {time.perf_counter() - started:.1f} s",
            flush=True,
        )
        times = asyncio.run(measure(path, args.games, args.requests))
    for name, label in (
        ("warm", "game page, warm (50 games asked again)"),
        ("first", "game page, first visit of a game"),
        ("drawn", "board picture, drawn"),
        ("cached", "board picture, from the cache"),
    ):
        samples = times[name]
        p50 = statistics.median(samples)
        line = (
            f"{label}: p50 {p50:.1f} ms, p95 {percentile(samples, 0.95):.1f} ms "
            f"({len(samples)} requests)"
        )
        if name == "warm":
            line += f"; target p50 <= {TARGET_P50_MS:.0f} ms: ratio {p50 / TARGET_P50_MS:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
