"""Tribes picture benchmark: ``.venv/bin/python -m bench tribes_render``.

Plays seeded random L'Aube des Tribus games (2 to 4 players) and draws every public
view in order, as the bot does (static art warm, new pieces met as they come), then
redraws the largest picture of the 4-player games; prints the median time to compose
and encode one picture and its size, with the ratios to the budget (15 ms, 200 KB).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from render import tribes
from render.kit.encode import png_bytes
from rules.registry import get

BUDGET_MS = 15.0
BUDGET_BYTES = 200_000


def game_views(players: int, seed: int, *, limit: int = 3000) -> list[dict[str, Any]]:
    """Every public view of one seeded random Tribes game, in order."""
    game = get("tribes")
    state = game.setup([f"s{i + 1}" for i in range(players)], f"bench-{seed}")
    chooser = random.Random(seed)
    views = [game.view(state, None)]
    while game.to_act(state) and len(views) < limit:
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code != "back"] or legal
        state = game.apply(state, seat, chooser.choice(forward))
        views.append(game.view(state, None))
    return views


def timed(view: dict[str, Any]) -> tuple[float, int]:
    start = time.perf_counter()
    data = tribes.draw(view)
    return (time.perf_counter() - start) * 1000, len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--repeat", type=int, default=30, help="redraws of the largest view")
    args, _ = parser.parse_known_args()
    print(f"{'case':<26}{'median ms':>10}{'p90 ms':>8}{'max KB':>8}{'x time':>8}{'x bytes':>8}")
    everything: list[float] = []
    largest: tuple[int, dict[str, Any]] = (0, {})
    for players in (2, 3, 4):
        times: list[float] = []
        sizes: list[int] = []
        for seed in range(args.games):
            views = game_views(players, seed)
            tribes.draw(views[0])
            for view in views:
                ms, size = timed(view)
                times.append(ms)
                sizes.append(size)
                if players == 4 and size > largest[0]:
                    largest = (size, view)
        everything += times
        median = statistics.median(times)
        print(
            f"{f'{players} players, turn by turn':<26}{median:>10.2f}"
            f"{statistics.quantiles(times, n=10)[-1]:>8.2f}{max(sizes) / 1000:>8.0f}"
            f"{median / BUDGET_MS:>8.2f}{max(sizes) / BUDGET_BYTES:>8.2f}"
        )
    view = largest[1]
    same = [timed(view)[0] for _ in range(args.repeat)]
    compose, encode = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        image = tribes.render(view)
        middle = time.perf_counter()
        png_bytes(image)
        compose.append((middle - start) * 1000)
        encode.append((time.perf_counter() - middle) * 1000)
    print(
        f"{'4p largest, same view':<26}{statistics.median(same):>10.2f}"
        f"{statistics.quantiles(same, n=10)[-1]:>8.2f}{largest[0] / 1000:>8.0f}"
        f"{statistics.median(same) / BUDGET_MS:>8.2f}{largest[0] / BUDGET_BYTES:>8.2f}"
    )
    print(f"{'  of which compose':<26}{statistics.median(compose):>10.2f}")
    print(f"{'  of which PNG encode':<26}{statistics.median(encode):>10.2f}")
    print(
        f"all Tribes turns: median {statistics.median(everything):.2f} ms over "
        f"{len(everything)} draws; largest picture {largest[0] / 1000:.0f} KB (budget 200 KB)"
    )


if __name__ == "__main__":
    main()
