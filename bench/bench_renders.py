"""Render speed of every game with a renderer, turn by turn as the bot draws.

Run: ``.venv/bin/python -m bench.bench_renders`` (``--games N`` per player count,
``--only GAME``). Built from ``render.registry``: a game given a renderer later is
measured with no new file. For each such game and each player count from its minimum
to four, N seeded random games (``campfire_testing.random_games``) give the public view
of every state; each game's first picture is drawn apart (its static art), then every
later view once, in order (new pieces met as they come). Reported: the median and p90
of one board and its processor time, against the budget (15 ms), the largest picture
against 200 KB, and the median first picture.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from campfire_testing.random_games import Unfinished, play_random_game
from render import registry as renderers
from rules import registry
from rules.base import Game, State

BUDGET_MS = 15.0
BUDGET_BYTES = 200_000
MAX_PLAYERS = 4
MAX_MOVES = 3000


def views_of(game: Game, players: int, seed: int) -> list[dict[str, Any]]:
    """The public view of every state of one seeded random game, in order."""
    views: list[dict[str, Any]] = []

    def keep(state: State) -> None:
        views.append(dict(game.view(state, None)))

    try:
        final = play_random_game(
            game, players, seed, checked=False, observe=keep, leaving=False, max_moves=MAX_MOVES
        )
        views.append(dict(game.view(final, None)))
    except Unfinished:
        pass
    return views


def measure(game_id: str, players: int, games: int) -> str:
    game = registry.get(game_id)
    walls: list[float] = []
    cpus: list[float] = []
    firsts: list[float] = []
    largest = 0
    for seed in range(games):
        views = views_of(game, players, seed)
        if not views:
            continue
        started = time.perf_counter()
        renderers.draw(game_id, views[0])
        firsts.append((time.perf_counter() - started) * 1000)
        for view in views[1:]:
            wall, cpu = time.perf_counter(), time.process_time()
            picture = renderers.draw(game_id, view)
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
            largest = max(largest, len(picture))
    label = f"{game_id} x{players}"
    if not walls:
        return f"{label}: nothing drawn"
    median = statistics.median(walls)
    verdict = "OK" if median <= BUDGET_MS and largest <= BUDGET_BYTES else "OVER"
    return (
        f"{label:<18} board {median:6.2f} ms (p90 {statistics.quantiles(walls, n=10)[-1]:.2f},"
        f" cpu {statistics.median(cpus):.2f}; {median / BUDGET_MS:.2f} of budget),"
        f" largest {largest / 1000:.0f} KB ({largest / BUDGET_BYTES:.2f} of budget) [{verdict}];"
        f" first picture {statistics.median(firsts):.0f} ms; {len(walls)} boards"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_renders")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    for game_id in registry.ids():
        if game_id not in renderers.ids() or (args.only and game_id != args.only):
            continue
        spec = registry.get(game_id).spec
        for players in range(spec.min_seats, min(spec.max_seats, MAX_PLAYERS) + 1):
            print(measure(game_id, players, args.games), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
