"""The private phone view alone: ``python -m bench phone [--views N] [--only GAME ...]
[--profile GAME]``.

What ``/campfire board``, ``hand`` and ``scores`` answer (``render.registry.
draw_private(..., layout="phone")``), for every game with a phone view: every public view
of one seeded random game at 2 and at 4 players (``bench_render_card.game_cases``),
thinned to ``--views`` each, in order as the game goes. Each view is drawn as a turn
serves it when it is asked for more than once: the seat to act's ``board``, ``hand`` and
``scores``, then ``board`` for a seat not to act (who sees the last move), each one
picture. *first* is the first of them (nothing of that position drawn before: what one
player asking once per turn costs), *all* every picture.

A running bot has drawn other games before (their pieces, fonts, frames and palettes
are in its caches), but never this position. So, for each game, *cold* first measures
the first pictures of another seeded game in a process that has drawn nothing of that
game but one picture (what a bot just restarted pays, once per game), then the pictures
of other games (seeds ``WARM_SEEDS``, 2 to 4 players) are drawn unmeasured, and *first*
and *all* measure the seeded game, new to the process. The budget applies to *first*.

It prints the CPU median (and the wall-clock median and p90) of one picture against the
15 ms budget, and the largest picture against 150 KB. ``--profile GAME`` prints the
functions that cost most (``cProfile``) over that game's first pictures instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from typing import Any

from bench.bench_render_card import BUDGET_BYTES, BUDGET_MS, NAMES, game_cases
from render import registry

GAMES = ["origin-junior", "origin", "sapiens", "orbis", "tribes", "nim"]
SEED = 0
"""The measured game."""
COLD_SEED = 3
"""The game measured in a process new to the game."""
WARM_SEEDS = (1, 2)
"""The other games drawn before the measured one (at 2, 3 and 4 players)."""
WARM_VIEWS = 20

View = dict[str, Any]
Case = tuple[View, View]


def cases(game_id: str, views: int, seed: int = SEED) -> list[Case]:
    """The views of one seeded game at 2 and at 4 players, thinned to ``views`` each."""
    out: list[Case] = []
    for players in (2, 4):
        every = game_cases(game_id, players, seed)
        step = max(1, len(every) // views)
        out += every[::step][:views]
    return out


def requests(view: View, mine: View, turn: bool) -> list[View]:
    """The private inputs one view is drawn for: the first seat to act's ``board``; for
    a whole turn also its ``hand`` and ``scores`` and a waiting seat's ``board``."""
    if not turn:
        return [mine]
    out = [{**mine, "focus": focus} for focus in ("board", "hand", "scores")]
    seats = [str(s) for s in view.get("seats") or []]
    waiting = [s for s in seats if s != mine.get("seat")]
    if waiting:
        out.append({"seat": waiting[-1], "focus": "board", "moves": [], "sections": []})
    return out


def draw(game_id: str, view: View, mine: View) -> bytes:
    return registry.draw_private(game_id, view, mine, names=NAMES, layout="phone")


Timing = tuple[float, float]
"""CPU and wall milliseconds of one picture."""


def measure(
    game_id: str, all_cases: list[Case], turn: bool
) -> tuple[list[Timing], list[Timing], int]:
    """The timings of the first picture of every view, of every picture, and the largest
    picture's bytes."""
    first: list[Timing] = []
    every: list[Timing] = []
    largest = 0
    for view, mine in all_cases:
        for n, one in enumerate(requests(view, mine, turn)):
            start, cpu = time.perf_counter(), time.process_time()
            data = draw(game_id, view, one)
            timing = ((time.process_time() - cpu) * 1000, (time.perf_counter() - start) * 1000)
            every.append(timing)
            if n == 0:
                first.append(timing)
            largest = max(largest, len(data))
    return first, every, largest


def warm_up(game_id: str) -> None:
    """Draw, unmeasured, the first pictures of other games of ``game_id`` (``WARM_SEEDS``
    at 2, 3 and 4 players, ``WARM_VIEWS`` views each): what a running bot has in its
    caches."""
    for seed in WARM_SEEDS:
        for players in (2, 3, 4):
            every = game_cases(game_id, players, seed)
            for view, mine in every[:: max(1, len(every) // WARM_VIEWS)]:
                draw(game_id, view, mine)


def profile(game_id: str, views: int) -> None:
    all_cases = cases(game_id, views)
    warm_up(game_id)
    profiler = cProfile.Profile()
    profiler.enable()
    measure(game_id, all_cases, False)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--views", type=int, default=30, help="views per player count")
    parser.add_argument("--only", nargs="*", default=None, help="games to measure")
    parser.add_argument("--profile", default=None, help="profile one game's first pass")
    args, _ = parser.parse_known_args()
    if args.profile:
        profile(args.profile, args.views)
        return
    print("The phone view, CPU median of one picture (wall p50 / p90), largest picture")
    print(
        f"{'game':<15}{'pass':<7}{'count':>9}{'cpu':>8}{'x 15 ms':>8}{'p50':>8}{'p90':>8}{'KB':>6}"
    )
    for game_id in args.only or GAMES:
        cold_cases = cases(game_id, args.views, COLD_SEED)
        draw(game_id, *cold_cases[0])  # static art, palette, fonts
        cold, _, _ = measure(game_id, cold_cases, False)
        warm_up(game_id)
        first, every, largest = measure(game_id, cases(game_id, args.views), True)
        for label, timings in (("cold", cold), ("first", first), ("all", every)):
            cpus, walls = [t[0] for t in timings], [t[1] for t in timings]
            cpu = statistics.median(cpus)
            print(
                f"{game_id if label == 'cold' else '':<15}{label:<7}"
                f"{len(cpus):>9}{cpu:>8.2f}{cpu / BUDGET_MS:>8.2f}"
                f"{statistics.median(walls):>8.2f}{statistics.quantiles(walls, n=10)[-1]:>8.1f}"
                f"{largest / 1000:>6.0f}",
                flush=True,
            )
    print(f"budget: median of first {BUDGET_MS:.0f} ms, {BUDGET_BYTES // 1000} KB")


if __name__ == "__main__":
    main()
