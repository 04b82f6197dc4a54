"""Ten simulated days of one game driven by the injected clock: exactly the expected
reminders and timeouts, none twice, none missed; the same across a restart and with two
bot processes on one database."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.days import Clock, running, service_on, tick

pytestmark = pytest.mark.usefixtures("nim")

DAYS = 10
ROUND = 3 + 24 + 20
"""Alice plays 3 hours into her turn, Bob never (the clock plays for him after 24 hours),
Carol 20 hours into hers: a round lasts 47 hours."""


def expected() -> list[tuple[int, str, str]]:
    """``(hour, seat, what)`` the 24-hour clock with policy ``auto`` must produce."""
    found = []
    for start in range(0, DAYS * 24 + 1, ROUND):
        bob = start + 3
        found += [(bob + 12, "u2", "half"), (bob + 23, "u2", "hour"), (bob + 24, "u2", "auto")]
        carol = bob + 24
        found.append((carol + 12, "u3", "half"))
    return sorted(e for e in found if e[0] <= DAYS * 24)


async def simulate(
    services: list[GameService],
    clock: Clock,
    game_id: int,
    *,
    restart_at: int | None = None,
    reopen: Callable[[], Awaitable[list[GameService]]] | None = None,
) -> list[tuple[int, str, str]]:
    """Hour by hour: the players who play do, then every process runs one pass."""
    seen: list[tuple[int, str, str]] = []
    for hour in range(1, DAYS * 24 + 1):
        clock.advance(hours=1)
        if reopen is not None and hour == restart_at:
            services = await reopen()
        info = await services[0].game(game_id)
        for seat, wait in (("u1", 3), ("u3", 20)):
            mine = info.clock_of(seat)
            if mine is not None and clock.now - mine.started >= timedelta(hours=wait):
                await services[0].play(game_id, seat, "take1")
        passes = await asyncio.gather(*(tick(s, f"w{n}") for n, s in enumerate(services)))
        for found in passes:
            seen += [(hour, seat, what) for _, seat, what in found]
    return sorted(seen)


async def test_ten_days_of_reminders_and_timeouts(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, CAROL, clock_hours=24, policy="auto", stones=60)
    seen = await simulate([service], clock, game_id)
    assert len(expected()) == 4 * 5  # five whole rounds of 47 hours
    assert seen == expected()
    moves = await service.store.moves(game_id)
    by_clock = [m for m in moves if m.by_clock]
    assert len(by_clock) == len([e for e in expected() if e[2] == "auto"])
    assert all(m.seat == "u2" for m in by_clock)


async def test_a_restart_in_the_middle_keeps_every_schedule(db_path: Path) -> None:
    clock = Clock()
    stores = [await Store.open(db_path)]
    service = service_on(stores[0], clock)
    game_id = await running(service, ALICE, BOB, CAROL, clock_hours=24, policy="auto", stones=60)

    async def reopen() -> list[GameService]:
        await stores[-1].close()
        stores.append(await Store.open(db_path))
        return [service_on(stores[-1], clock)]

    try:
        seen = await simulate([service], clock, game_id, restart_at=100, reopen=reopen)
    finally:
        await stores[-1].close()
    assert seen == expected()


async def test_two_processes_on_one_database_never_send_one_reminder_twice(
    db_path: Path,
) -> None:
    clock = Clock()
    first, second = await Store.open(db_path), await Store.open(db_path)
    try:
        one, two = service_on(first, clock), service_on(second, clock)
        game_id = await running(one, ALICE, BOB, CAROL, clock_hours=24, policy="auto", stones=60)
        seen = await simulate([one, two], clock, game_id)
    finally:
        await first.close()
        await second.close()
    assert seen == expected()
