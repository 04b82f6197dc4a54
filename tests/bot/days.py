"""Helpers for the "playing over days" tests: a clock the test moves, and Nim tables."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service import GameService, Player
from bot.store import Store
from tests.bot.conftest import ALICE, seeds

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class Clock:
    """The service's injected clock: it stands still until the test moves it."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, *, hours: float = 0, minutes: float = 0) -> datetime:
        self.now += timedelta(hours=hours, minutes=minutes)
        return self.now


def service_on(store: Store, clock: Clock) -> GameService:
    return GameService(store, seed_source=seeds(), clock=clock)


async def running(
    service: GameService,
    *players: Player,
    clock_hours: int = 0,
    policy: str = "remind",
    stones: int = 30,
    guild_id: str = "g1",
) -> int:
    """A started Nim game (seats in the order given) with a turn clock; its id."""
    info = await service.create_lobby(
        rules="nim",
        options={"stones": stones},
        guild_id=guild_id,
        channel_id="c1",
        creator=players[0] if players else ALICE,
        clock_hours=clock_hours,
        timeout_policy=policy,
    )
    for player in players[1:]:
        await service.join(info.id, player)
    await service.start(info.id, players[0].user_id, shuffle_seats=False)
    return info.id


async def tick(service: GameService, worker: str = "w1") -> list[tuple[int, str, str]]:
    """One pass of the reminder loop, as ``(game, seat, what)`` rows: ``half``,
    ``hour``, ``nudge``, ``late`` reminders, ``claim``, ``auto``/``forfeit`` timeouts,
    ``back`` (time away over)."""
    done = await service.timing.clock_pass(worker)
    found = []
    for report in done.reports:
        found += [(report.game.id, r.seat, r.kind) for r in report.reminders]
        found += [(report.game.id, s, "claim") for s in report.claims]
        found += [(report.game.id, s, p) for s, p in report.timed_out]
        found += [(report.game.id, s, "back") for s in report.resumed]
    await service.timing.finish_clock_pass(done)
    return sorted(found)
