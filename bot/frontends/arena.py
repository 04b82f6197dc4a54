"""``campfire arena``: AI levels play seeded games against each other; who wins how often.

The games are played through the service as every front end plays them: each one a
table of AI seats in an in-memory store, carried forward by ``GameService.advance``
(the one AI driver, ``Robots.turns``) until it ends. Game ``k`` has the seed
``<seed>-<k>`` and seats the levels rotated by ``k`` (seat ``i``, in this order, plays
``levels[(i + k) % n]``, id ``ai-<i+1>-<level>``), so every level plays every position
equally often over a multiple of ``n`` games; each decision is seeded by the service
(``bot.service.robots.ai_seed``: the game's seed, ``:ai:`` and the revision). A win
shared by ``w`` seats counts ``1/w`` to each. Decision times are wall-clock
milliseconds of ``ai.choose`` and, beside them, the CPU milliseconds of the deciding
thread (what a decision costs without the waits of a busy machine; this is a front end:
the AI itself never reads a clock unless given ``budget_ms``): the arena gives the
service a chooser that times ``ai.choose``.
"""

from __future__ import annotations

import asyncio
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import ai
from bot.service import GameOver, GameService, MoveApplied, Player
from bot.service.robots import Chooser, ai_level_of, ai_seat_id
from bot.store import store_for
from rules.base import Game, Outcome, State

MAX_MOVES = 20_000
ARENA_CHANNEL = "arena"
"""The channel id of the arena's tables (in its own store, never a Discord channel)."""


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
    chooser: Chooser | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``game_id``; ``levels`` has one level per seat (a shorter
    list is repeated). ``chooser`` replaces ``ai.choose`` (its budget then is its own).
    Raises ``InvalidOptions`` (unknown game, seats, options) and ``ValueError``
    (unknown level)."""
    return asyncio.run(
        arena(
            game_id,
            players,
            games,
            levels,
            seed=seed,
            budget_ms=budget_ms,
            budget_moves=budget_moves,
            options=options,
            progress=progress,
            chooser=chooser,
        )
    )


async def arena(
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
    chooser: Chooser | None = None,
) -> ArenaResult:
    """``run_arena`` in a running event loop."""
    cycle = [levels[i % len(levels)] for i in range(players)]
    for level in cycle:
        if level not in ai.LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(ai.LEVELS)}")
    stats = {level: LevelStats() for level in dict.fromkeys(cycle)}

    def timed(game: Game, state: State, seat: str, level: str, seed: str) -> str:
        """The decision (``chooser`` or ``ai.choose``), timed in the deciding thread."""
        start, cpu = time.perf_counter(), time.thread_time()
        if chooser is not None:
            code = chooser(game, state, seat, level, seed)
        else:
            code = ai.choose(
                game, state, seat, level, seed, budget_ms=budget_ms, budget_moves=budget_moves
            )
        stats[level].times_ms.append((time.perf_counter() - start) * 1000)
        stats[level].cpu_ms.append((time.thread_time() - cpu) * 1000)
        return code

    seeds = _game_seeds(seed)
    unfinished = 0
    async with store_for(":memory:") as store:
        service = GameService(store, seed_source=lambda: next(seeds), chooser=timed)
        try:
            for k in range(games):
                seats = [ai_seat_id(i + 1, cycle[(i + k) % players]) for i in range(players)]
                outcome = await _play(service, game_id, seats, options)
                for seat in seats:
                    stats[_level(seat)].seats += 1
                if outcome is None:
                    unfinished += 1
                else:
                    for seat in outcome.winners:
                        stats[_level(seat)].wins += 1 / len(outcome.winners)
                    for seat in seats:
                        stats[_level(seat)].scores.append(outcome.scores.get(seat, 0))
                if progress is not None:
                    progress(k + 1)
        finally:
            service.close()
    return ArenaResult(game_id, players, games, tuple(cycle), unfinished, stats)


def _game_seeds(seed: str) -> Iterator[str]:
    """``<seed>-0``, ``<seed>-1``, ...: the seed of each game in turn."""
    k = 0
    while True:
        yield f"{seed}-{k}"
        k += 1


def _level(seat: str) -> str:
    level = ai_level_of(seat)
    assert level is not None, seat  # every seat of an arena table is an AI seat
    return level


async def _play(
    service: GameService, game_id: str, seats: Sequence[str], options: dict[str, Any] | None
) -> Outcome | None:
    """One table of AI seats in this order, carried forward by ``GameService.advance``
    until it ends; its outcome (``None``: stopped after ``MAX_MOVES`` decisions)."""
    lobby = await service.create_lobby(
        rules=game_id,
        options=dict(options or {}),
        guild_id=None,
        channel_id=ARENA_CHANNEL,
        creator=Player(seats[0], seats[0]),
    )
    for seat in seats[1:]:
        await service.robots.add(lobby.id, seats[0], _level(seat))
    started = await service.start(lobby.id, seats[0], shuffle_seats=False, allow_all_ai=True)
    info, moves = started.game, 0
    while info.status == "running" and moves < MAX_MOVES:
        result = await service.advance(info)
        if result is None:  # nothing played (logged by the service): stop here
            break
        moves += sum(isinstance(e, MoveApplied) for e in result.events)
        info = result.game
        over = next((e for e in result.events if isinstance(e, GameOver)), None)
        if over is not None:
            return over.outcome
    return None
