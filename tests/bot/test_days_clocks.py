"""Turn clocks: deadlines per seat to act, set at the start and on every move, stored."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import ServiceError
from bot.service.clocks import next_nudge, reminders_for
from bot.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.days import START, Clock, running, service_on, tick

pytestmark = pytest.mark.usefixtures("nim")


def test_reminders_of_a_clock_are_half_time_one_hour_before_and_the_deadline() -> None:
    assert reminders_for(0, 86400, 24, 0) == (
        ("half", 43200),
        ("hour", 82800),
        ("deadline", 86400),
    )
    # a one-hour clock: no "one hour left" before half time
    assert reminders_for(0, 3600, 24, 0) == (("half", 1800), ("deadline", 3600))
    assert reminders_for(0, None, 24, 0) == (("nudge", 86400),)
    assert reminders_for(0, None, 0, 0) == ()
    assert next_nudge(0, 24, 3 * 86400 + 5) == 4 * 86400


async def test_the_deadline_is_set_at_the_start_and_moves_with_the_turn(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=24)
    info = await service.game(game_id)
    assert info.clock_hours == 24 and info.to_act == ("u1",)
    alice = info.clock_of("u1")
    assert alice is not None and alice.deadline == START + timedelta(hours=24)
    assert info.clock_of("u2") is None
    clock.advance(hours=5)
    await service.play(game_id, "u1", "take1")
    info = await service.game(game_id)
    bob = info.clock_of("u2")
    assert info.clock_of("u1") is None
    assert bob is not None and bob.deadline == START + timedelta(hours=29)


async def test_no_clock_no_deadline_but_a_nudge_each_day(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB)
    info = await service.game(game_id)
    alice = info.clock_of("u1")
    assert alice is not None and alice.deadline is None
    clock.advance(hours=23)
    assert await tick(service) == []
    clock.advance(hours=1)
    assert await tick(service) == [(game_id, "u1", "nudge")]
    assert await tick(service) == []
    clock.advance(hours=24)
    assert await tick(service) == [(game_id, "u1", "nudge")]


async def test_a_clock_not_offered_is_refused(store: Store) -> None:
    service = service_on(store, Clock())
    with pytest.raises(ServiceError, match="service.bad_clock"):
        await running(service, ALICE, BOB, clock_hours=5)
    with pytest.raises(ServiceError, match="service.bad_policy"):
        await running(service, ALICE, BOB, policy="explode")


async def test_the_game_ending_stops_every_clock(store: Store) -> None:
    service = service_on(store, Clock())
    game_id = await running(service, ALICE, BOB, CAROL, clock_hours=24)
    await service.abort(game_id, "u1")
    assert (await service.game(game_id)).clocks == ()
    assert await store.due_count() == 0
