"""Mixed soak: every game at 2 to 4 seats at once, its memory followed over minutes.

Run: ``.venv/bin/python -m bench soak`` (3 minutes), ``--minutes M`` for another length,
``--every S`` for the sampling interval (default 10 s). One table per game and seat
count that the game allows between 2 and 4 (16 tables) plays random moves through the
real ``GameService`` on a SQLite store, as fast as its pictures allow; after every move
the table's turn card and full board are drawn in the render pool, in threads, as
``campfire run`` draws them (both languages, one per table), and every fifth move the
mover's private phone view (``board``, ``hand``, ``scores`` in turn) where the game has
one. A finished game is followed by a new one at the same table. The process is set up
as ``campfire run`` sets its own (glibc's malloc arenas limited and its mmap threshold fixed,
``bot.frontends.serving.tune_malloc``).

Reported every sample: the seconds since the start, the moves and pictures so far, the
process tree's PSS (``/proc/<pid>/smaps_rollup``, summed over this process and its
children: a page shared by several processes counted once) and RSS, and the bytes the
renderers' caches hold (``render.kit.cache``). At the end: the peak PSS, and its growth
after warm-up (from the first sample of the run's second half, once the caches have
filled up, to the last). Targets: peak PSS <= 300 MB, growth after
warm-up <= 15 MB (flat).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.frontends.serving import tune_malloc
from bot.service import GameService, Player
from bot.store import open_store
from render import registry as renderers
from render.kit import cache
from rules import registry

TARGET_PSS_MB = 300.0
TARGET_GROWTH_MB = 15.0
FOCUSES = ("board", "hand", "scores")
PRIVATE_EVERY = 5


def tree_memory(pid: int | None = None) -> tuple[float, float]:
    """The PSS and RSS (MB) of the process ``pid`` (default: this one) and of all its
    descendants, summed."""
    pid = os.getpid() if pid is None else pid
    pss = rss = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
            elif line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                child_pss, child_rss = tree_memory(int(child))
                pss, rss = pss + child_pss, rss + child_rss
    return pss, rss


@dataclass
class Sample:
    seconds: float
    moves: int
    pictures: int
    pss: float
    rss: float
    cached: float
    """MB held by the renderers' caches."""


@dataclass
class Soak:
    deadline: float
    moves: int = 0
    pictures: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)


def tables() -> list[tuple[str, int]]:
    """Every (game, seat count) with a picture, seat counts 2 to 4 as the game allows."""
    found = []
    for rules in registry.ids():
        if rules not in renderers.ids():
            continue
        spec = registry.get(rules).spec
        for seats in range(max(2, spec.min_seats), min(4, spec.max_seats) + 1):
            found.append((rules, seats))
    return found


async def table(service: GameService, rules: str, seats: int, lang: str, soak: Soak) -> None:
    """Play games of ``rules`` at ``seats`` seats one after the other until the deadline."""
    chooser = random.Random(f"soak/{rules}/{seats}")
    players = [Player(f"{rules}-{seats}-{n}", f"Player {n}") for n in range(1, seats + 1)]
    private = service.boards.has_private_picture(rules)
    while time.monotonic() < soak.deadline:
        lobby = await service.create_lobby(
            rules=rules, options=None, guild_id="g", channel_id="c", creator=players[0]
        )
        for player in players[1:]:
            await service.join(lobby.id, player)
        await service.start(lobby.id, players[0].user_id)
        soak.games += 1
        played = 0
        while time.monotonic() < soak.deadline:
            info = await service.game(lobby.id)
            if info.status != "running":
                break
            seat = info.to_act[0]
            legal = await service.legal_moves(lobby.id, seat)
            await service.play(
                lobby.id, seat, chooser.choice(legal).code, expected_version=info.version
            )
            played += 1
            soak.moves += 1
            for layout in ("card", "full"):
                await service.boards.draw(lobby.id, lang, layout)
                soak.pictures += 1
            if private and played % PRIVATE_EVERY == 0:
                focus = FOCUSES[(played // PRIVATE_EVERY) % len(FOCUSES)]
                await service.boards.draw_private(lobby.id, seat, lang, focus=focus)
                soak.pictures += 1


async def sampler(soak: Soak, started: float, every: float, samples: list[Sample]) -> None:
    while True:
        pss, rss = await asyncio.to_thread(tree_memory)
        cached = sum(cache.held().values()) / (1024 * 1024)
        sample = Sample(time.monotonic() - started, soak.moves, soak.pictures, pss, rss, cached)
        samples.append(sample)
        print(
            f"{sample.seconds:6.0f} s  {sample.moves:6d} moves  {sample.pictures:6d} pictures  "
            f"PSS {sample.pss:6.1f} MB  RSS {sample.rss:6.1f} MB  caches {sample.cached:5.1f} MB",
            flush=True,
        )
        if time.monotonic() >= soak.deadline:
            return
        await asyncio.sleep(min(every, max(0.1, soak.deadline - time.monotonic())))


async def soak_run(minutes: float, every: float, workers: int | None) -> list[Sample]:
    samples: list[Sample] = []
    with tempfile.TemporaryDirectory(prefix="campfire-soak-") as scratch:
        store = await open_store(str(Path(scratch) / "soak.db"))
        service = GameService(store, render_workers=workers)
        started = time.monotonic()
        soak = Soak(deadline=started + minutes * 60)
        try:
            every_table = tables()
            print(
                f"{len(every_table)} tables: "
                + ", ".join(f"{rules} x{seats}" for rules, seats in every_table),
                flush=True,
            )
            watcher = asyncio.create_task(sampler(soak, started, every, samples))
            results = await asyncio.gather(
                *(
                    table(service, rules, seats, ("en", "fr")[n % 2], soak)
                    for n, (rules, seats) in enumerate(every_table)
                ),
                return_exceptions=True,
            )
            soak.deadline = time.monotonic()
            await watcher
            for (rules, seats), result in zip(every_table, results, strict=True):
                if isinstance(result, BaseException):
                    soak.errors.append(f"{rules} x{seats}: {result!r}")
        finally:
            service.close()
            await store.close()
    print(f"{soak.games} games, {soak.moves} moves, {soak.pictures} pictures", flush=True)
    for error in soak.errors:
        print(f"error: {error}", flush=True)
    return samples


def verdict(samples: Sequence[Sample]) -> tuple[float, float]:
    """The peak PSS, and its growth from the first sample after the first half of the
    run (warm-up: every table's static art drawn, the caches filling up) to the last (MB)."""
    peak = max(s.pss for s in samples)
    end = samples[-1].seconds
    warm = next(s for s in samples if s.seconds >= end / 2)
    return peak, samples[-1].pss - warm.pss


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench soak")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--every", type=float, default=10.0, help="seconds between samples")
    parser.add_argument("--workers", type=int, default=None, help="render threads (default: cores)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    tune_malloc()  # as campfire run sets its process up
    samples = asyncio.run(soak_run(args.minutes, args.every, args.workers))
    peak, growth = verdict(samples)
    for held in cache.caches():
        print(
            f"  cache {held.name:20} {held.bytes / 1024 / 1024:6.1f} MB of "
            f"{held.budget / 1024 / 1024:5.1f} MB  ({len(held)} entries, "
            f"{held.evictions} evicted)"
        )
    print(f"  caches' budget: {cache.total_budget() / 1024 / 1024:.1f} MB in all")
    ok = peak <= TARGET_PSS_MB and growth <= TARGET_GROWTH_MB
    print(
        f"soak: peak PSS {peak:.1f} MB ({peak / TARGET_PSS_MB:.2f} of target), growth after "
        f"warm-up {growth:+.1f} MB (target <= {TARGET_GROWTH_MB:.0f}) [{'OK' if ok else 'OVER'}]",
        flush=True,
    )


if __name__ == "__main__":
    main()
