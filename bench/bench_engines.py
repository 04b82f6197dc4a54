"""Engine speed of every registered game: whole random games and single calls.

Run: ``.venv/bin/python -m bench.bench_engines`` (``--games N`` per player count,
``--only GAME``). Built from ``rules.registry``: a game registered later is measured
with no new file. For each game and each player count from its minimum to four, N
seeded random games are played through the public contract by the one random-game
driver of the tests (``campfire_testing.random_games``, checks off, nobody leaving):
``legal_moves`` for every seat to act, ``apply`` (which validates and copies the state)
for the one chosen. Reported: the median whole game against the target (50 ms on the
2-core reference machine) and its CPU time (the wall clock suffers on a busy machine),
the median length, the median and p99 of one ``apply`` and the median ``legal_moves``,
and how many games had not ended after ``MAX_MOVES`` entries (counted apart).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from campfire_testing.random_games import Timings, Unfinished, play_random_game
from rules import registry
from rules.base import Game

TARGET_GAME_MS = 50.0
MAX_PLAYERS = 4
MAX_MOVES = 3000
"""A game still running after this many entries is counted apart (a random walk can
wander: every tribe wiped out and no way back, say)."""


def measure(game: Game, players: int, games: int) -> str:
    """``games`` random games of ``game`` at ``players`` seats, summed up in one line."""
    timings = Timings()
    walls: list[float] = []
    cpus: list[float] = []
    lengths: list[int] = []
    unfinished = 0
    for seed in range(games):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            state = play_random_game(
                game,
                players,
                seed,
                checked=False,
                timings=timings,
                leaving=False,
                max_moves=MAX_MOVES,
            )
        except Unfinished:
            unfinished += 1
            continue
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        lengths.append(state.version)
    label = f"{game.spec.id} x{players}"
    if not walls:
        return f"{label}: no game ended in {MAX_MOVES} entries ({unfinished} games)"
    median = statistics.median(walls)
    applies = sorted(timings.applies)
    verdict = "OK" if median <= TARGET_GAME_MS else "SLOW"
    return (
        f"{label:<18} game {median:7.2f} ms ({median / TARGET_GAME_MS:.2f} of target)"
        f" [{verdict}], cpu {statistics.median(cpus):7.2f} ms,"
        f" {statistics.median(lengths):.0f} entries; apply {statistics.median(applies) * 1000:.0f}"
        f" us (p99 {applies[int(len(applies) * 0.99)] * 1000:.0f} us),"
        f" legal {statistics.median(timings.legals) * 1000:.0f} us"
        + (f"; {unfinished} unfinished" if unfinished else "")
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_engines")
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    for game_id in registry.ids():
        if args.only and game_id != args.only:
            continue
        game = registry.get(game_id)
        spec = game.spec
        for players in range(spec.min_seats, min(spec.max_seats, MAX_PLAYERS) + 1):
            print(measure(game, players, args.games), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
