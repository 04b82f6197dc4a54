"""Turn card benchmark: ``python -m bench render_card [--games N]`` (also run by
``python -m bench render``).

For every game with a renderer, plays seeded random games (2 and 4 players) and draws
each public view turn by turn as the bot does, once as the full board and once as the
turn card (names given, English), and prints for both the median and 90th percentile
wall-clock time and the median CPU time to compose and encode one picture, and the
largest picture, with the card's budget (15 ms median, 150 KB).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from campfire_testing.nim_views import random_nim_views
from render import registry
from rules.registry import get

BUDGET_MS = 15.0
BUDGET_BYTES = 150_000
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
AVOID = ("back", "wild", "cancel")
GAMES = ["origin-junior", "origin", "sapiens", "orbis", "tribes", "nim"]

View = dict[str, Any]


def game_views(game_id: str, players: int, seed: int) -> list[View]:
    """Every public view of one seeded random game, in order."""
    if game_id == "nim":
        return nim_game(players, seed)
    game = get(game_id)
    state = game.setup([f"s{i + 1}" for i in range(players)], f"bench-card-{seed}")
    chooser = random.Random(seed)
    views: list[View] = [game.view(state, None)]
    while game.to_act(state) and len(views) < 2000:
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code not in AVOID and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        views.append(game.view(state, None))
    return views


def nim_game(players: int, seed: int, start: int = 40) -> list[View]:
    """A random Nim game built by hand (Nim's rules live in the tests)."""
    return random_nim_views(players, seed, start)


def timed(fn: Callable[[], bytes]) -> tuple[float, float, bytes]:
    """Wall and CPU milliseconds of one call (CPU time hardly moves when other work
    shares the cores), and its result."""
    start, cpu = time.perf_counter(), time.process_time()
    data = fn()
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000, data


def figures(game_id: str, games: int) -> dict[str, tuple[float, float, float, int]]:
    """``{"full"|"card": (median ms, p90 ms, median CPU ms, largest bytes)}`` over every
    view drawn."""
    times: dict[str, list[float]] = {"full": [], "card": []}
    cpus: dict[str, list[float]] = {"full": [], "card": []}
    sizes: dict[str, list[int]] = {"full": [], "card": []}
    for players in (2, 4):
        for seed in range(games):
            views = game_views(game_id, players, seed)
            for layout in ("full", "card"):  # warm: static art, palette, fonts
                registry.draw(game_id, views[0], names=NAMES, layout=layout)
            for view in views:
                for layout in ("full", "card"):
                    ms, cpu, data = timed(
                        lambda v=view, lay=layout: registry.draw(  # type: ignore[misc]
                            game_id, v, names=NAMES, layout=lay
                        )
                    )
                    times[layout].append(ms)
                    cpus[layout].append(cpu)
                    sizes[layout].append(len(data))
    return {
        layout: (
            statistics.median(times[layout]),
            statistics.quantiles(times[layout], n=10)[-1],
            statistics.median(cpus[layout]),
            max(sizes[layout]),
        )
        for layout in ("full", "card")
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1, help="games per player count")
    args, _ = parser.parse_known_args()
    print("Turn card next to the full board, turn by turn (2 and 4 players)")
    header = (
        f"{'game':<15}{'full p50':>9}{'p90':>7}{'cpu':>7}{'KB':>6}"
        f"{'card p50':>9}{'p90':>7}{'cpu':>7}{'KB':>6}{'x time':>8}{'x bytes':>8}"
    )
    print(header)
    for game_id in GAMES:
        found = figures(game_id, args.games)
        full, card = found["full"], found["card"]
        print(
            f"{game_id:<15}{full[0]:>9.2f}{full[1]:>7.1f}{full[2]:>7.2f}{full[3] / 1000:>6.0f}"
            f"{card[0]:>9.2f}{card[1]:>7.1f}{card[2]:>7.2f}{card[3] / 1000:>6.0f}"
            f"{card[0] / BUDGET_MS:>8.2f}{card[3] / BUDGET_BYTES:>8.2f}",
            flush=True,
        )
    print(
        f"ms: wall clock (p50, p90) and CPU (median); card budget: median {BUDGET_MS:.0f} ms, "
        f"{BUDGET_BYTES // 1000} KB (x: share of it used)"
    )


if __name__ == "__main__":
    main()
