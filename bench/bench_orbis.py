"""Orbis engine speed: whole random games per player count and single ``apply`` calls.

Run: ``.venv/bin/python -m bench.bench_orbis`` (``--games N`` to change the sample).
Plays N random games at 2, 3 and 4 players through the public contract
(``legal_moves`` to choose, ``apply`` to validate, copy and play, as the service does;
``back`` avoided) and reports per player count the median time of a whole game
(target <= 50 ms on the 2-core reference machine), of one ``apply`` and of one
``legal_moves``, with the median number of moves, plus CPU time (the wall clock
suffers on a busy machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from rules.orbis import ORBIS

TARGET_GAME_MS = 50.0


def play_one(
    seed: int, players: int, applies: list[float], legals: list[float]
) -> tuple[float, float, int]:
    """One random game; returns (wall ms, cpu ms, moves) and appends per-call times (ms)."""
    chooser = random.Random(seed)
    start, cpu = time.perf_counter(), time.process_time()
    state = ORBIS.setup([f"p{i}" for i in range(players)], f"bench-{seed}")
    while ORBIS.outcome(state) is None:
        seat = next(iter(ORBIS.to_act(state)))
        t0 = time.perf_counter()
        moves = [m for m in ORBIS.legal_moves(state, seat) if m.code != "back"]
        t1 = time.perf_counter()
        state = ORBIS.apply(state, seat, chooser.choice(moves).code)
        t2 = time.perf_counter()
        legals.append((t1 - t0) * 1000)
        applies.append((t2 - t1) * 1000)
    wall = (time.perf_counter() - start) * 1000
    return wall, (time.process_time() - cpu) * 1000, state.version


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_orbis")
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    for players in (2, 3, 4):
        applies: list[float] = []
        legals: list[float] = []
        walls, cpus, lengths = [], [], []
        for n in range(args.games):
            wall, cpu, moves = play_one(n, players, applies, legals)
            walls.append(wall)
            cpus.append(cpu)
            lengths.append(moves)
        game, cpu = statistics.median(walls), statistics.median(cpus)
        verdict = "/".join("ok" if t <= TARGET_GAME_MS else "SLOW" for t in (game, cpu))
        print(
            f"orbis x{players}: game {game:6.2f} ms (cpu {cpu:6.2f} ms,"
            f" {statistics.median(lengths):.0f} moves; target {TARGET_GAME_MS:.0f} ms"
            f" wall/cpu: {verdict})"
            f"  apply {statistics.median(applies) * 1000:6.1f} us"
            f"  legal {statistics.median(legals) * 1000:6.1f} us"
        )


if __name__ == "__main__":
    main()
