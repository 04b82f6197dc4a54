"""Rules engine speed: validate + apply one move, and whole random games (no I/O, no image).

Run: ``.venv/bin/python -m bench.bench_rules`` (``--games N`` to change the sample).
For ``origin-junior`` at 2, 3 and 4 players it plays N random games through the public
contract (``legal_moves`` to choose, ``apply`` to validate and play, as the service
does) and reports medians: one ``apply`` (parse + validate + copy + apply), one
``legal_moves``, and one whole game. Ratios compare with the target (a whole game
<= 50 ms median on the 2-core reference machine) and with Nim, a near-zero-rules
baseline that shows the fixed cost of the contract itself.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rules import registry
from rules.base import Game
from rules.nim import NIM

TARGET_GAME_MS = 50.0


@dataclass(frozen=True)
class Sample:
    """Median timings (milliseconds) of one game at one player count."""

    label: str
    apply_ms: float
    legal_ms: float
    game_ms: float
    moves: float


def measure(game: Game, players: int, games: int, seed: str) -> Sample:
    """Play ``games`` random games; time every ``apply``/``legal_moves`` and each game."""
    applies: list[float] = []
    legals: list[float] = []
    totals: list[float] = []
    lengths: list[int] = []
    clock = time.perf_counter
    for n in range(games):
        chooser = random.Random(f"{seed}-{n}")
        started = clock()
        state = game.setup([f"s{i}" for i in range(players)], f"{seed}-{n}")
        count = 0
        while game.outcome(state) is None:
            seat = next(iter(game.to_act(state)))
            t0 = clock()
            legal = game.legal_moves(state, seat)
            t1 = clock()
            state = game.apply(state, seat, chooser.choice(legal).code)
            t2 = clock()
            legals.append(t1 - t0)
            applies.append(t2 - t1)
            count += 1
        totals.append(clock() - started)
        lengths.append(count)
    return Sample(
        label=f"{game.spec.id} x{players}",
        apply_ms=statistics.median(applies) * 1000,
        legal_ms=statistics.median(legals) * 1000,
        game_ms=statistics.median(totals) * 1000,
        moves=statistics.median(lengths),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_rules")
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    args = parser.parse_args(argv)
    baseline = measure(NIM, 2, args.games, "nim")
    print(
        f"{baseline.label:<18} apply {baseline.apply_ms * 1000:7.1f} us"
        f"  legal {baseline.legal_ms * 1000:6.1f} us  game {baseline.game_ms:6.2f} ms"
        f"  ({baseline.moves:.0f} moves)"
    )
    junior = registry.get("origin-junior")
    worst = 0.0
    for players in (2, 3, 4):
        s = measure(junior, players, args.games, f"bench-{players}")
        worst = max(worst, s.game_ms / TARGET_GAME_MS)
        print(
            f"{s.label:<18} apply {s.apply_ms * 1000:7.1f} us  legal {s.legal_ms * 1000:6.1f} us"
            f"  game {s.game_ms:6.2f} ms ({s.moves:.0f} moves)"
            f"  game/target {s.game_ms / TARGET_GAME_MS:4.2f}"
            f"  apply/nim {s.apply_ms / baseline.apply_ms:5.1f}x"
        )
    verdict = "OK" if worst <= 1.0 else "TOO SLOW"
    print(
        f"origin-junior: worst median game {worst:.2f} x target ({TARGET_GAME_MS:.0f} ms) {verdict}"
    )


if __name__ == "__main__":
    main()
