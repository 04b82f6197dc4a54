"""Sapiens engine speed: whole random games per player count and single ``apply`` calls.

Run: ``.venv/bin/python -m bench.bench_sapiens`` (``--games N`` per player count).
Plays N random games for each of 2, 3 and 4 players (seeded, ``back`` avoided) through
the public contract (``legal_moves`` + ``apply``, which validates and copies the state)
and reports, per player count, the median time of a whole game (target <= 50 ms) and
the median time of one ``apply`` call, plus CPU time (the wall clock suffers on a busy
machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence

from bench.random_game import play_one
from rules.sapiens import SAPIENS

TARGET_GAME_MS = 50.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_sapiens")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    for players in (2, 3, 4):
        applies: list[float] = []
        walls, cpus, lengths = [], [], []
        for n in range(args.games):
            wall, cpu, moves = play_one(SAPIENS, n, players, applies)
            walls.append(wall)
            cpus.append(cpu)
            lengths.append(moves)
        game = statistics.median(walls)
        verdict = "OK" if game <= TARGET_GAME_MS else "SLOW"
        print(
            f"sapiens {players}p over {args.games} random games: game median {game:.1f} ms "
            f"({game / TARGET_GAME_MS:.2f} of target) [{verdict}], cpu median "
            f"{statistics.median(cpus):.1f} ms, {statistics.median(lengths):.0f} moves; "
            f"apply median {statistics.median(applies) * 1000:.0f} us, "
            f"p99 {sorted(applies)[int(len(applies) * 0.99)] * 1000:.0f} us",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
