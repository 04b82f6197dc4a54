"""Service move pipeline speed (validate, apply, commit; no image) over 1000 stored games.

Run: ``.venv/bin/python -m bench.bench_service`` (``--games N --moves M --rules a,b`` to
change the sizes and games; default ``origin-junior`` and ``nim``, a near-zero-rules
baseline; ``--backend sqlite|postgresql|both``, default both: see ``bench.databases``).
For each game it stores N three-seat games, plays 0-29 random moves in each, then times
M ``GameService.play`` calls on games picked at random: "hot" when the game's state is
in the LRU cache, "cold" when it must be replayed from the log first (1000 games > 256
cached). Targets: p50 <= 5 ms, p99 <= 20 ms over the whole mix.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.databases import add_backend_argument, chosen, databases
from bot.service import GameService, Player
from bot.store import open_store
from rules import registry

TARGET_P50_MS = 5.0
TARGET_P99_MS = 20.0
OPTIONS: dict[str, dict[str, object]] = {"nim": {"stones": 60}}  # long enough to stay running


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank."""
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def _prepare(
    service: GameService, rules: str, games: int, players: int, chooser: random.Random
) -> list[int]:
    seats = [Player(f"u{n}", f"Player {n}") for n in range(1, players + 1)]
    ids = []
    for _ in range(games):
        lobby = await service.create_lobby(
            rules=rules,
            options=OPTIONS.get(rules),
            guild_id="g",
            channel_id="c",
            creator=seats[0],
        )
        for seat in seats[1:]:
            await service.join(lobby.id, seat)
        await service.start(lobby.id, seats[0].user_id)
        ids.append(lobby.id)
        for _ in range(chooser.randrange(0, 30)):
            if not await _random_move(service, lobby.id, chooser):
                break
    return ids


async def _random_move(service: GameService, game_id: int, chooser: random.Random) -> bool:
    info = await service.game(game_id)
    if info.status != "running":
        return False
    seat = info.to_act[0]
    legal = await service.legal_moves(game_id, seat)
    await service.play(game_id, seat, chooser.choice(legal).code, expected_version=info.version)
    return True


async def _measure(
    rules: str, players: int, games: int, moves: int, target: str
) -> dict[str, float]:
    store = await open_store(target)
    # The oracle picks seats and moves (untimed) with its own cache, so the measured
    # service's LRU (256 states) behaves as in the bot: a game it has not seen lately
    # is replayed from its log inside the timed call.
    oracle = GameService(store, seed_source=_seeds(rules), cache_size=4 * games)
    measured = GameService(store)
    try:
        chooser = random.Random(f"{rules}-bench")
        ids = await _prepare(oracle, rules, games, players, chooser)
        hot: list[float] = []
        cold: list[float] = []
        while len(hot) + len(cold) < moves:
            index = chooser.randrange(len(ids))
            info = await oracle.game(ids[index])
            if info.status != "running":
                (ids[index],) = await _prepare(oracle, rules, 1, players, chooser)
                continue
            seat = info.to_act[0]
            code = chooser.choice(await oracle.legal_moves(info.id, seat)).code
            cached = measured._cache.get(info.id, info.version) is not None
            started = time.perf_counter()
            await measured.play(info.id, seat, code, expected_version=info.version)
            elapsed = (time.perf_counter() - started) * 1000
            (hot if cached else cold).append(elapsed)
        both = hot + cold
        return {
            "games": float(await store.count_games()),
            "p50": percentile(both, 0.5),
            "p99": percentile(both, 0.99),
            "hot_p50": percentile(hot, 0.5) if hot else 0.0,
            "hot_p99": percentile(hot, 0.99) if hot else 0.0,
            "cold_p50": percentile(cold, 0.5) if cold else 0.0,
            "cold_p99": percentile(cold, 0.99) if cold else 0.0,
            "hot_share": len(hot) / len(both),
            "mean": statistics.fmean(both),
        }
    finally:
        oracle.close()
        measured.close()
        await store.close()


def _seeds(prefix: str) -> Callable[[], str]:
    counter = iter(range(10**9))
    return lambda: f"{prefix}-{next(counter)}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_service")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument(
        "--rules", default="origin-junior,nim", help="comma-separated game ids (3 seats each)"
    )
    add_backend_argument(parser)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    from rules.nim import NIM

    if "nim" not in registry.ids():
        registry.register(NIM)
    backends = chosen(args.backend)
    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as scratch, databases() as dbs:
        for rules, backend in [(r, b) for r in args.rules.split(",") for b in backends]:
            try:
                registry.get(rules)
            except Exception as exc:  # a game not ready yet must not hide the others
                print(f"{rules}: skipped ({exc})")
                continue

            async def measure(rules: str = rules, backend: str = backend) -> dict[str, float]:
                async with dbs.database(backend, Path(scratch), rules) as target:
                    return await _measure(rules, 3, args.games, args.moves, target)

            result = asyncio.run(measure())
            verdict = (
                "OK"
                if result["p50"] <= TARGET_P50_MS and result["p99"] <= TARGET_P99_MS
                else "SLOW"
            )
            print(
                f"{rules:14} {backend:10} play over {int(result['games'])} games: "
                f"p50 {result['p50']:.2f} ms ({result['p50'] / TARGET_P50_MS:.2f} of target), "
                f"p99 {result['p99']:.2f} ms ({result['p99'] / TARGET_P99_MS:.2f} of target) "
                f"[{verdict}]; hot {result['hot_share']:.0%}: p50 {result['hot_p50']:.2f} / "
                f"p99 {result['hot_p99']:.2f} ms; cold (replayed): p50 {result['cold_p50']:.2f} "
                f"/ p99 {result['cold_p99']:.2f} ms",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
