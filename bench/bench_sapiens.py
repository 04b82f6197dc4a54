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
import sys
from collections.abc import Sequence

from bench.random_game import apply_line, timed_games
from rules.sapiens import SAPIENS

TARGET_GAME_MS = 50.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_sapiens")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    for players in (2, 3, 4):
        applies: list[float] = []
        line = timed_games(
            SAPIENS, f"sapiens {players}p", args.games, players, TARGET_GAME_MS, applies
        )
        print(f"{line}; {apply_line(applies)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
