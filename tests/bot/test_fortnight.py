"""The fortnight of notices (``campfire_testing.fortnight``): three servers, six players
in six zones, twelve games with clocks and AI seats, 14 days on a moving clock through
the service. For each player: no message nor ping in quiet hours, every waiting game in
every digest exactly once, every deadline whose turn reached half time preceded by a
reminder outside quiet hours, no timeout. And the checks catch a service that ignores
the preferences."""

from __future__ import annotations

import pytest

from bot.service.notices import NOW, Notices, Route
from campfire_testing.fortnight import PEOPLE, check, fortnight


async def test_a_fortnight_keeps_every_promise_to_every_player() -> None:
    record = await fortnight()
    assert check(record) == {p.name: [] for p in PEOPLE}
    # what it covered: every player told, digests, what waited, reminders that mattered
    told = {u for u, *_ in record.pings} | {u for u, *_ in record.dms}
    assert told == {p.id for p in PEOPLE}
    assert len(record.digests) >= 14 and any(len(d[2]) > 1 for d in record.digests)
    assert any(kind == "waited" for _, _, kind in record.dms)
    assert sum(1 for t in record.turns if t.reminded) >= 20
    assert record.moves > 300 and not record.timeouts


async def test_the_checks_catch_a_service_that_ignores_quiet_hours_and_digests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def always_now(self: Notices, *args: object, **kwargs: object) -> Route:
        return Route(NOW)

    monkeypatch.setattr(Notices, "route", always_now)
    broken = check(await fortnight(days=3))
    assert any("in quiet hours" in p for p in broken["Ana"])
    assert any("in quiet hours" in p for p in broken["Emma"])
    assert not any(broken["Dev"])  # no quiet hours: nothing to break but his frequency


async def test_the_checks_catch_a_notice_sent_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    async def forgotten(self: Notices, delivery: object) -> None:
        return None  # sent, never marked sent: claimed again once the lease runs out

    monkeypatch.setattr(Notices, "delivered", forgotten)
    broken = check(await fortnight(days=2))
    assert any("sent at" in p for problems in broken.values() for p in problems)
