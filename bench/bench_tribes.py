"""Tribes engine speed: whole random games per player count and single ``apply`` calls.

Run: ``.venv/bin/python -m bench.bench_tribes`` (``--games N`` per player count).
Plays N seeded random games for 2, 3 and 4 players through the public contract
(``legal_moves`` + ``apply``, which validates and copies the state; ``back`` avoided)
and reports, per player count, the median time of a whole game (target <= 50 ms) and
its CPU time and length, then the median and p99 of one ``apply`` call.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bench.random_game import apply_line, timed_games
from rules.tribes import TRIBES_GAME as GAME

TARGET_GAME_MS = 50.0
MAX_MOVES = 3000
"""A game still running after this many moves is counted apart (every tribe wiped out
and no way back: the elimination rule, T14, lives with the events)."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_tribes")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    applies: list[float] = []
    for players in (2, 3, 4):
        line = timed_games(
            GAME,
            f"tribes {players}p",
            args.games,
            players,
            TARGET_GAME_MS,
            applies,
            max_moves=MAX_MOVES,
        )
        print(line, flush=True)
    print(f"tribes {apply_line(applies)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
