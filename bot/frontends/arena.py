"""``campfire arena``: AI levels play seeded games against each other; who wins how often.

Game ``k`` seats the levels rotated by ``k`` (seat ``i`` plays ``levels[(i + k) % n]``),
so every level plays every position equally often over a multiple of ``n`` games. A win
shared by ``w`` seats counts ``1/w`` to each. Decision times are wall-clock
milliseconds of ``ai.choose`` and, beside them, the CPU milliseconds of the deciding
thread (what a decision costs without the waits of a busy machine; this is a front end:
the AI itself never reads a clock unless given ``budget_ms``). Runs the rules directly,
without the store.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ai
from rules import registry

MAX_MOVES = 20_000


@dataclass
class LevelStats:
    """What one level did over an arena run."""

    seats: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        return {
            "win_rate": round(self.wins / self.seats, 4) if self.seats else 0.0,
            "mean_score": round(statistics.fmean(self.scores), 2) if self.scores else 0.0,
            "p50_ms": round(percentile(self.times_ms, 0.50), 2),
            "p99_ms": round(percentile(self.times_ms, 0.99), 2),
            "cpu_p50_ms": round(percentile(self.cpu_ms, 0.50), 2),
            "cpu_p99_ms": round(percentile(self.cpu_ms, 0.99), 2),
        }


@dataclass
class ArenaResult:
    game: str
    players: int
    games: int
    levels: tuple[str, ...]
    unfinished: int
    stats: dict[str, LevelStats]

    def to_json(self) -> dict[str, dict[str, float]]:
        return {level: s.summary() for level, s in self.stats.items()}

    def lines(self) -> list[str]:
        head = (
            f"{self.game}, {self.players} players, {self.games} games, seats "
            f"{','.join(self.levels)} (rotated)"
        )
        title = (
            f"{'level':<8} {'win rate':>8} {'mean score':>10} {'p50 ms':>8} {'p99 ms':>8}"
            f" {'cpu p50':>8} {'cpu p99':>8}"
        )
        rows = [head, title]
        for level, s in self.stats.items():
            d = s.summary()
            rows.append(
                f"{level:<8} {d['win_rate'] * 100:>7.1f}% {d['mean_score']:>10.2f} "
                f"{d['p50_ms']:>8.2f} {d['p99_ms']:>8.2f} {d['cpu_p50_ms']:>8.2f} "
                f"{d['cpu_p99_ms']:>8.2f}"
            )
        if self.unfinished:
            rows.append(f"{self.unfinished} game(s) stopped after {MAX_MOVES} moves (no winner)")
        return rows


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = math.ceil(round(q * len(ordered), 9))
    return ordered[min(len(ordered), max(1, rank)) - 1]


def run_arena(
    game_id: str,
    players: int,
    games: int,
    levels: Sequence[str],
    *,
    seed: str = "arena",
    budget_ms: float | None = None,
    budget_moves: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``game_id``; ``levels`` has one level per seat (a shorter
    list is repeated). Raises ``InvalidOptions`` (unknown game, seats, options) and
    ``ValueError`` (unknown level)."""
    game = registry.get(game_id)
    cycle = [levels[i % len(levels)] for i in range(players)]
    for level in cycle:
        if level not in ai.LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(ai.LEVELS)}")
    stats = {level: LevelStats() for level in dict.fromkeys(cycle)}
    seats = [f"s{i + 1}" for i in range(players)]
    unfinished = 0
    for k in range(games):
        level_of = {s: cycle[(i + k) % players] for i, s in enumerate(seats)}
        state = game.setup(seats, f"{seed}-{k}", options)
        for n in range(MAX_MOVES):
            acting = sorted(game.to_act(state))
            if not acting:
                break
            seat = acting[0]
            start, cpu = time.perf_counter(), time.thread_time()
            code = ai.choose(
                game,
                state,
                seat,
                level_of[seat],
                f"{seed}-{k}-{n}",
                budget_ms=budget_ms,
                budget_moves=budget_moves,
            )
            stats[level_of[seat]].times_ms.append((time.perf_counter() - start) * 1000)
            stats[level_of[seat]].cpu_ms.append((time.thread_time() - cpu) * 1000)
            state = game.apply(state, seat, code)
        outcome = game.outcome(state)
        for seat in seats:
            stats[level_of[seat]].seats += 1
        if outcome is None:
            unfinished += 1
        else:
            for seat in outcome.winners:
                stats[level_of[seat]].wins += 1 / len(outcome.winners)
            for seat in seats:
                stats[level_of[seat]].scores.append(outcome.scores.get(seat, 0))
        if progress is not None:
            progress(k + 1)
    return ArenaResult(game_id, players, games, tuple(cycle), unfinished, stats)
