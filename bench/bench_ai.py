"""AI decision speed and strength per game: ``python -m bench.bench_ai``.

For every registered game, two-player arenas (``bot.frontends.arena``, rotated seats): ``greedy``
against ``random`` and ``strong`` against ``greedy``, reporting win rates and decision
times (p50 / p99 wall ms; targets: greedy p99 <= 50 ms, strong p99 <= 1.2 s with the
default 1 s budget). ``--games N`` (default 20) per pairing, ``--budget-moves N`` to give
``strong`` a machine-independent budget instead of its default 1 s, ``--games-strong N``
(default 4: a 1 s budget makes a game last minutes), ``--only GAME`` for one game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot.frontends.arena import run_arena
from rules import registry

GREEDY_P99_MS = 50.0
STRONG_P99_MS = 1200.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_ai")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--games-strong", type=int, default=4)
    parser.add_argument("--budget-moves", type=int)
    parser.add_argument("--only")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    games = [args.only] if args.only else registry.ids()
    for game in games:
        weak = run_arena(game, 2, args.games, ["greedy", "random"], seed="bench")
        print("\n".join(weak.lines()))
        p99 = weak.stats["greedy"].summary()["p99_ms"]
        print(f"greedy p99 {p99:.1f} ms (target <= {GREEDY_P99_MS:.0f} ms)")
        strong = run_arena(
            game,
            2,
            args.games_strong,
            ["strong", "greedy"],
            seed="bench",
            budget_moves=args.budget_moves,
        )
        print("\n".join(strong.lines()))
        p99 = strong.stats["strong"].summary()["p99_ms"]
        budget = f"{args.budget_moves} moves" if args.budget_moves else "1 s"
        print(f"strong p99 {p99:.1f} ms with a budget of {budget}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
