"""Origin Classic engine speed: whole random games and single ``apply`` calls.

Run: ``.venv/bin/python -m bench.bench_classic`` (``--games N`` to change the sample).
Plays N random games (2 to 4 players, seeded, ``back`` avoided) through the public
contract (``legal_moves`` + ``apply``, which validates and copies the state) and
reports the median time of a whole game (target <= 50 ms) and the median time of one
``apply`` call, plus CPU time (the wall clock suffers on a busy machine).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bench.random_game import apply_line, timed_games
from rules.origin.classic import CLASSIC

TARGET_GAME_MS = 50.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_classic")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    applies: list[float] = []
    line = timed_games(
        CLASSIC, "origin (classic)", args.games, lambda n: 2 + n % 3, TARGET_GAME_MS, applies
    )
    print(f"{line}; {apply_line(applies)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
