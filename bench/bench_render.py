"""Render benchmark: ``.venv/bin/python -m bench.bench_render [--repeat N]``.

Draws real Origin Junior and Origin Classic views (seeded random games, 2 to 4
players) and Nim views (random games built by hand), and prints the median time to
compose and encode one board, its size in bytes, and the ratios to the budget (15 ms,
200 KB) and to a plain RGB PNG of the same picture. "turn by turn" draws every view of
a game once, in order, as the bot does (static art warm, new pieces met as they come);
"same view" redraws one view (everything cached).
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from typing import Any

from campfire_testing.junior_games import seats
from campfire_testing.nim_views import random_nim_views
from campfire_testing.showcase import showcase_view
from render import nim, origin_classic
from render.kit.encode import png_bytes
from render.origin import draw, render
from rules.registry import get

BUDGET_MS = 15.0
BUDGET_BYTES = 200_000


def game_views(players: int, seed: int, game_id: str = "origin-junior") -> list[dict[str, Any]]:
    """Every public view of one seeded random game, in order."""
    import random

    game = get(game_id)
    state = game.setup(seats(players), f"bench-{seed}")
    chooser = random.Random(seed)
    views = [game.view(state, None)]
    while game.to_act(state):
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        forward = [m for m in legal if m.code != "back" and not m.code.startswith("unplay")]
        state = game.apply(state, seat, chooser.choice(forward or legal))
        views.append(game.view(state, None))
    return views


def classic_figures(games: int, repeat: int) -> None:
    """The same figures for Origin Classic (reward board, taller panels)."""
    print()
    print("Origin Classic")
    print(f"{'case':<26}{'median ms':>10}{'p90 ms':>8}{'max KB':>8}{'x time':>8}{'x bytes':>8}")
    all_turns: list[float] = []
    worst = 0
    last_view: dict[str, Any] = {}
    for players in (2, 3, 4):
        times: list[float] = []
        sizes: list[int] = []
        for seed in range(games):
            views = game_views(players, seed, "origin")
            origin_classic.draw(views[0])
            for view in views:
                ms, data = timed(lambda v=view: origin_classic.draw(v))
                times.append(ms)
                sizes.append(len(data))
            last_view = views[-1]
        all_turns += times
        worst = max(worst, *sizes)
        median = statistics.median(times)
        print(
            f"{f'{players} players, turn by turn':<26}{median:>10.2f}"
            f"{statistics.quantiles(times, n=10)[-1]:>8.2f}{max(sizes) / 1000:>8.0f}"
            f"{median / BUDGET_MS:>8.2f}{max(sizes) / BUDGET_BYTES:>8.2f}"
        )
    same = [timed(lambda: origin_classic.draw(last_view))[0] for _ in range(repeat)]
    data = origin_classic.draw(last_view)
    print(
        f"{'4p game over, same view':<26}{statistics.median(same):>10.2f}"
        f"{statistics.quantiles(same, n=10)[-1]:>8.2f}{len(data) / 1000:>8.0f}"
        f"{statistics.median(same) / BUDGET_MS:>8.2f}{len(data) / BUDGET_BYTES:>8.2f}"
    )
    print(
        f"all Classic turns: median {statistics.median(all_turns):.2f} ms over "
        f"{len(all_turns)} draws; largest picture {worst / 1000:.0f} KB (budget 200 KB)"
    )


def nim_views(players: int, seed: int, start: int = 62) -> list[dict[str, Any]]:
    """Every view of one random Nim game, built by hand (Nim's rules live in the tests)."""
    return random_nim_views(players, seed, start)


def nim_figures(games: int) -> None:
    """Nim (the smallest picture on render.kit), turn by turn."""
    times: list[float] = []
    sizes: list[int] = []
    for players in (2, 3, 4):
        for seed in range(games):
            views = nim_views(players, seed)
            nim.draw(views[0])
            for view in views:
                ms, data = timed(lambda v=view: nim.draw(v))
                times.append(ms)
                sizes.append(len(data))
    median = statistics.median(times)
    print()
    print(
        f"Nim, turn by turn: median {median:.2f} ms over {len(times)} draws "
        f"({median / BUDGET_MS:.2f} of budget); largest picture {max(sizes) / 1000:.0f} KB"
    )


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return (time.perf_counter() - start) * 1000, result


def rgb_png_size(view: dict[str, Any]) -> int:
    out = io.BytesIO()
    render(view).convert("RGB").save(out, format="PNG")
    return len(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="draws of the same view")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    args = parser.parse_args()

    warm_ms, _ = timed(lambda: draw(showcase_view()))
    print(f"first draw (builds palette, static art, sprites): {warm_ms:.0f} ms")
    print()
    print(f"{'case':<26}{'median ms':>10}{'p90 ms':>8}{'max KB':>8}{'x time':>8}{'x bytes':>8}")
    worst_bytes = 0
    all_turns: list[float] = []
    for players in (2, 3, 4):
        times: list[float] = []
        sizes: list[int] = []
        for seed in range(args.games):
            views = game_views(players, seed)
            draw(views[0])  # static art of this player count
            for view in views:
                ms, data = timed(lambda v=view: draw(v))
                times.append(ms)
                sizes.append(len(data))
        all_turns += times
        worst_bytes = max(worst_bytes, *sizes)
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1]
        print(
            f"{f'{players} players, turn by turn':<26}{median:>10.2f}{p90:>8.2f}"
            f"{max(sizes) / 1000:>8.0f}{median / BUDGET_MS:>8.2f}{max(sizes) / BUDGET_BYTES:>8.2f}"
        )
    view = showcase_view()
    same = [timed(lambda: draw(view))[0] for _ in range(args.repeat)]
    compose = [timed(lambda: render(view))[0] for _ in range(args.repeat)]
    image = render(view)
    encode = [timed(lambda: png_bytes(image))[0] for _ in range(args.repeat)]
    data = draw(view)
    print(
        f"{'full board, same view':<26}{statistics.median(same):>10.2f}"
        f"{statistics.quantiles(same, n=10)[-1]:>8.2f}{len(data) / 1000:>8.0f}"
        f"{statistics.median(same) / BUDGET_MS:>8.2f}{len(data) / BUDGET_BYTES:>8.2f}"
    )
    print(f"{'  of which compose':<26}{statistics.median(compose):>10.2f}")
    print(f"{'  of which PNG encode':<26}{statistics.median(encode):>10.2f}")
    rgb = rgb_png_size(view)
    print()
    print(f"all turns: median {statistics.median(all_turns):.2f} ms over {len(all_turns)} draws")
    print(f"largest picture {max(worst_bytes, len(data)) / 1000:.0f} KB (budget 200 KB)")
    print(
        f"palette PNG {len(data) / 1000:.0f} KB vs RGB PNG {rgb / 1000:.0f} KB: "
        f"{rgb / len(data):.1f}x smaller"
    )
    classic_figures(args.games, args.repeat)
    nim_figures(args.games)


if __name__ == "__main__":
    main()
