"""Sapiens render benchmark: ``.venv/bin/python -m bench.bench_render_sapiens``.

Draws every public view of seeded random Sapiens games (2 to 4 players) turn by turn, as
the bot does (each game's valleys are static art, drawn at its first picture), and
prints the median time to compose and encode one picture, the largest PNG, and their
ratios to the budget (15 ms, 200 KB). "same view" redraws the last view of a 4-player
game (the largest board: four valleys full of tiles) with everything cached.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bench.bench_render import BUDGET_BYTES, BUDGET_MS, game_views, timed
from render import origin_classic, sapiens


def row(case: str, times: list[float], sizes: list[int]) -> str:
    median = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else median
    return (
        f"{case:<26}{median:>10.2f}{p90:>8.2f}{max(sizes) / 1000:>8.0f}"
        f"{median / BUDGET_MS:>8.2f}{max(sizes) / BUDGET_BYTES:>8.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="draws of the same view")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    args, _ = parser.parse_known_args()
    print("Sapiens")
    print(f"{'case':<26}{'median ms':>10}{'p90 ms':>8}{'max KB':>8}{'x time':>8}{'x bytes':>8}")
    first: list[float] = []
    cpu: list[float] = []  # processor time of each draw: what a busy machine inflates least
    everything: list[float] = []
    largest = 0
    last_view: dict[str, Any] = {}
    for players in (2, 3, 4):
        times: list[float] = []
        sizes: list[int] = []
        for seed in range(args.games):
            views = game_views(players, seed, "sapiens")
            first.append(timed(lambda v=views[0]: sapiens.draw(v))[0])
            for view in views[1:]:
                start = time.process_time()
                ms, data = timed(lambda v=view: sapiens.draw(v))
                cpu.append((time.process_time() - start) * 1000)
                times.append(ms)
                sizes.append(len(data))
            last_view = views[-1]
        everything += times
        largest = max(largest, *sizes)
        print(row(f"{players} players, turn by turn", times, sizes))
    same = [timed(lambda: sapiens.draw(last_view)) for _ in range(args.repeat)]
    print(row("4p game over, same view", [t for t, _ in same], [len(d) for _, d in same]))
    # Origin Classic, 4 players, measured now: how busy the machine is
    views = game_views(4, 0, "origin")
    origin_classic.draw(views[0])
    reference = [timed(lambda v=view: origin_classic.draw(v))[0] for view in views[1:]]
    print(
        f"all Sapiens turns: median {statistics.median(everything):.2f} ms over "
        f"{len(everything)} draws; largest picture {largest / 1000:.0f} KB (budget 200 KB); "
        f"a game's first picture (its valleys' static art): median "
        f"{statistics.median(first):.0f} ms; processor time of a turn: median "
        f"{statistics.median(cpu):.2f} ms"
    )
    print(
        f"the same machine now draws a 4-player Origin Classic game at a median of "
        f"{statistics.median(reference):.2f} ms a turn (Sapiens / Classic: "
        f"{statistics.median(everything) / statistics.median(reference):.2f})"
    )


if __name__ == "__main__":
    main()
