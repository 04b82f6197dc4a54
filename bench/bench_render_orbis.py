"""Orbis render benchmark: ``.venv/bin/python -m bench render_orbis [--games N]``.

Draws every public view of seeded random Orbis games (2 to 4 players), in order, as the
bot does ("turn by turn": static art warm, new tiles met as they come), and prints the
median time to compose and encode one picture, its size, and the ratios to the budget
(15 ms, 200 KB). "same view" redraws the last view of a 4-player game (the largest
board: four full pyramids), split into compose and PNG encode.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from render.kit.encode import png_bytes
from render.orbis import draw, render
from tests.render.orbis_games import game_views

BUDGET_MS = 15.0
BUDGET_BYTES = 200_000


CPU: list[float] = []  # the process time of every timed draw, in order


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Wall time of ``fn()`` in ms (its process time is appended to ``CPU``: on a busy
    machine the wall time counts the waits for a core, the process time does not)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    CPU.append((time.process_time() - cpu) * 1000)
    return (time.perf_counter() - start) * 1000, result


def row(case: str, times: list[float], size: int) -> str:
    median = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1]
    cpu = statistics.median(CPU[-len(times) :])
    return (
        f"{case:<26}{median:>10.2f}{p90:>8.2f}{cpu:>8.2f}{size / 1000:>8.0f}"
        f"{median / BUDGET_MS:>8.2f}{size / BUDGET_BYTES:>8.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--repeat", type=int, default=40, help="draws of the same view")
    args, _ = parser.parse_known_args()

    first: list[dict[str, Any]] = game_views(4, 99)
    warm_ms, _ = timed(lambda: draw(first[0]))
    print(f"first draw (palette, static art, sprites): {warm_ms:.0f} ms")
    print(
        f"{'case':<26}{'median ms':>10}{'p90 ms':>8}{'cpu ms':>8}{'max KB':>8}"
        f"{'x time':>8}{'x bytes':>8}"
    )
    print(f"{'':<26}{'(wall)':>10}{'(wall)':>8}{'(median)':>8}")
    every: list[float] = []
    largest = 0
    last: dict[str, Any] = {}
    for players in (2, 3, 4):
        times: list[float] = []
        sizes: list[int] = []
        for seed in range(args.games):
            views = game_views(players, seed)
            draw(views[0])
            for view in views:
                ms, data = timed(lambda v=view: draw(v))  # noqa: B023
                times.append(ms)
                sizes.append(len(data))
            last = views[-1]
        every += times
        largest = max(largest, *sizes)
        print(row(f"{players} players, turn by turn", times, max(sizes)))
    same = [timed(lambda: draw(last))[0] for _ in range(args.repeat)]
    data = draw(last)
    print(row("4p game over, same view", same, len(data)))
    image = render(last)
    compose = [timed(lambda: render(last))[0] for _ in range(args.repeat)]
    encode = [timed(lambda: png_bytes(image))[0] for _ in range(args.repeat)]
    print(f"{'  of which compose':<26}{statistics.median(compose):>10.2f}")
    print(f"{'  of which PNG encode':<26}{statistics.median(encode):>10.2f}")
    print(
        f"all Orbis turns: median {statistics.median(every):.2f} ms over {len(every)} draws; "
        f"largest picture {max(largest, len(data)) / 1000:.0f} KB (budget 200 KB)"
    )


if __name__ == "__main__":
    main()
