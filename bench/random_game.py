"""One seeded random game through the public contract, timed: the engine benchmarks'
shared measure (``bench_classic``, ``bench_sapiens``, ``bench_tribes``)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

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


def timed_games(
    game: Game,
    label: str,
    games: int,
    players: int | Callable[[int], int],
    target_ms: float,
    applies: list[float],
    *,
    max_moves: int | None = None,
) -> str:
    """``games`` seeded random games (seed ``n`` with ``players`` seats, or
    ``players(n)``), summed
    up in one line: the median game against ``target_ms``, CPU time, moves, and games
    left unfinished after ``max_moves``. The time of each ``apply`` goes to ``applies``."""
    walls, cpus, lengths = [], [], []
    unfinished = 0
    for n in range(games):
        seats = players if isinstance(players, int) else players(n)
        wall, cpu, moves = play_one(game, n, seats, applies, max_moves=max_moves)
        if not moves:
            unfinished += 1
            continue
        walls.append(wall)
        cpus.append(cpu)
        lengths.append(moves)
    median = statistics.median(walls)
    verdict = "OK" if median <= target_ms else "SLOW"
    return (
        f"{label} over {games} random games: game median {median:.1f} ms "
        f"({median / target_ms:.2f} of target) [{verdict}], cpu median "
        f"{statistics.median(cpus):.1f} ms, {statistics.median(lengths):.0f} moves"
        + (f"; {unfinished} unfinished" if unfinished else "")
    )


def apply_line(applies: list[float]) -> str:
    """The median and p99 of the ``apply`` times (ms), in microseconds."""
    ordered = sorted(applies)
    return (
        f"apply median {statistics.median(ordered) * 1000:.0f} us, "
        f"p99 {ordered[int(len(ordered) * 0.99)] * 1000:.0f} us"
    )
