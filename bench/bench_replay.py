"""Animated replay build time: a whole 4-player Origin Classic game as one animated WebP.

Run: ``.venv/bin/python -m bench.bench_replay`` (``--games N`` to change the sample).
Each game is random (seeded, ``back`` avoided); the first build pays for the renderer's
static art, so it is reported apart. Reports frames, file size and the median build
time (replay + drawing the frames + encoding), what a player waits for at the end of a
game (the result message goes out with it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from bot.service.animation import build_animation
from render.kit.animate import MAX_BYTES
from rules.origin.classic import CLASSIC

SEATS = ["p0", "p1", "p2", "p3"]


def random_log(seed: str) -> list[list[str]]:
    chooser = random.Random(seed)
    state, log = CLASSIC.setup(SEATS, seed), []
    while CLASSIC.outcome(state) is None:
        seat = chooser.choice(sorted(CLASSIC.to_act(state)))
        code = chooser.choice(
            [m for m in CLASSIC.legal_moves(state, seat) if m.code != "back"]
        ).code
        state = CLASSIC.apply(state, seat, code)
        log.append([seat, code])
    return log


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_replay")
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    names = {s: f"Player {n}" for n, s in enumerate(SEATS, 1)}
    times, sizes, moves = [], [], []
    for n in range(args.games + 1):
        seed = f"replay-{n}"
        log = random_log(seed)
        started = time.perf_counter()
        webp = build_animation("origin", SEATS, seed, {}, log, names, "en")
        elapsed = time.perf_counter() - started
        if n == 0:
            print(f"first build (static art included): {elapsed:.2f} s", flush=True)
            continue
        times.append(elapsed)
        sizes.append(len(webp))
        moves.append(len(log))
    print(
        f"origin (classic), 4 players, {args.games} games: build median "
        f"{statistics.median(times):.2f} s (max {max(times):.2f} s), size median "
        f"{statistics.median(sizes) / 1e6:.2f} MB (max {max(sizes) / 1e6:.2f} MB, bound "
        f"{MAX_BYTES / 1e6:.1f} MB), {statistics.median(moves):.0f} moves",
        flush=True,
    )


if __name__ == "__main__":
    main()
