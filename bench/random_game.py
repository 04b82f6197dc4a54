"""One seeded random game through the public contract, timed: the engine benchmarks'
shared measure (``bench_classic``, ``bench_sapiens``, ``bench_tribes``)."""

from __future__ import annotations

import random
import time

from rules.base import Game


def play_one(
    game: Game, seed: int, players: int, applies: list[float], *, max_moves: int | None = None
) -> tuple[float, float, int]:
    """One random game (``back`` avoided); returns (wall ms, cpu ms, moves) and appends
    the time of each ``apply`` (ms). A game still running after ``max_moves`` entries
    returns ``(0.0, 0.0, 0)``."""
    chooser = random.Random(seed)
    start, cpu = time.perf_counter(), time.process_time()
    state = game.setup([f"p{i}" for i in range(players)], f"bench-{seed}")
    while game.outcome(state) is None:
        if max_moves is not None and state.version >= max_moves:
            return 0.0, 0.0, 0
        seat = chooser.choice(sorted(game.to_act(state)))
        moves = [m for m in game.legal_moves(state, seat) if m.code != "back"]
        code = chooser.choice(moves).code
        t0 = time.perf_counter()
        state = game.apply(state, seat, code)
        applies.append((time.perf_counter() - t0) * 1000)
    wall = (time.perf_counter() - start) * 1000
    return wall, (time.process_time() - cpu) * 1000, state.version
