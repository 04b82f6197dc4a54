"""The notices a player gets (``bot.service.notices``): their preferences, the one
routing decision (now, later, digest, never) and the outbox, sent once, across a
restart and with two processes."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.service import GameService, ServiceError
from bot.service.notices import DIGEST, LATER, NEVER, NOW
from bot.service.prefs import (
    Digest,
    Quiet,
    before_quiet,
    next_digest,
    parse_digest,
    parse_quiet,
    prefs_of,
    quiet_end,
)
from bot.store import GuildSettings, SqlStore, UserSettings
from tests.bot.conftest import ALICE, BOB
from tests.bot.days import Clock, running, service_on, tick

pytestmark = pytest.mark.usefixtures("nim")

# 2026-03-02 09:00 UTC is 10:00 in Paris: Alice (Paris) keeps 22:00-08:00 quiet.
PARIS_QUIET = UserSettings(timezone="Europe/Paris", quiet="22:00-08:00")


def at(hour: int, minute: int = 0, day: int = 2) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def test_quiet_hours_cross_midnight_on_the_players_wall_clock() -> None:
    assert parse_quiet("22:00-08:00") == Quiet(22 * 60, 8 * 60)
    assert parse_quiet("22h30 - 7h15") == Quiet(22 * 60 + 30, 7 * 60 + 15)
    assert parse_quiet("off") is None
    prefs = prefs_of(PARIS_QUIET)
    # 21:30 UTC is 22:30 in Paris: quiet until 08:00 Paris, 07:00 UTC the next day
    assert quiet_end(prefs, int(at(21, 30).timestamp())) == int(at(7, day=3).timestamp())
    assert quiet_end(prefs, int(at(20, 30).timestamp())) is None  # 21:30 in Paris
    assert quiet_end(prefs, int(at(7, 0).timestamp())) is None  # 08:00: the end is out
    # summer time (29 March): 08:00 in Paris is 06:00 UTC
    assert quiet_end(prefs, int(at(3, day=30).timestamp())) == int(at(6, day=30).timestamp())


@pytest.mark.parametrize("text", ["22:00", "25:00-08:00", "22:00-22:00", "soon", "22-8"])
def test_bad_quiet_hours_are_refused_with_a_key(text: str) -> None:
    with pytest.raises(ServiceError) as refused:
        parse_quiet(text)
    assert refused.value.key == "service.bad_quiet"


def test_a_digest_comes_at_its_hour_or_every_n_hours_out_of_quiet_hours() -> None:
    assert parse_digest("18:00") == Digest(at=18 * 60)
    assert parse_digest("every 6h") == parse_digest("6h") == Digest(every=6)
    for bad in ("0h", "25h", "later"):
        with pytest.raises(ServiceError):
            parse_digest(bad)
    paris = prefs_of(UserSettings(timezone="Europe/Paris", digest="18:00"))
    assert next_digest(paris, int(at(9).timestamp())) == int(at(17).timestamp())
    assert next_digest(paris, int(at(17).timestamp())) == int(at(17, day=3).timestamp())
    every = prefs_of(UserSettings(timezone="Europe/Paris", quiet="22:00-08:00", digest="6h"))
    # Paris 10:00 -> 12:00 (11:00 UTC); from Paris 19:00 the 00:00 and 06:00 slots are quiet
    assert next_digest(every, int(at(9).timestamp())) == int(at(11).timestamp())
    assert next_digest(every, int(at(18).timestamp())) == int(at(7, day=3).timestamp())


def test_a_reminder_in_quiet_hours_comes_before_they_start() -> None:
    prefs = prefs_of(PARIS_QUIET)
    now, deadline = int(at(9).timestamp()), int(at(9, day=3).timestamp())
    reminders = (("half", int(at(21).timestamp())), ("hour", int(at(8, day=3).timestamp())))
    moved = dict(before_quiet(prefs, reminders, now, deadline))
    assert moved["half"] == int(at(20, 45).timestamp())  # 21:45 Paris, before 22:00
    assert moved["hour"] == int(at(8, day=3).timestamp())  # 09:00 Paris: not quiet
    # a turn that began in quiet hours: its reminder comes when they end
    late = int(at(22).timestamp())
    moved = dict(before_quiet(prefs, (("half", int(at(3, day=3).timestamp())),), late, deadline))
    assert moved["half"] == int(at(7, day=3).timestamp())


async def test_route_decides_now_later_digest_or_never(store: SqlStore) -> None:
    clock = Clock(at(21, 30))  # 22:30 in Paris
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB)
    game = await service.game(game_id)
    route = service.notices.route
    assert (await route(ALICE.user_id, game, "turn", clock.now)).how == NOW
    await store.save_user_settings(ALICE.user_id, PARIS_QUIET)
    later = await route(ALICE.user_id, game, "turn", clock.now)
    assert (later.how, later.at) == (LATER, at(7, day=3))
    await service.notices.set_preferences(ALICE.user_id, frequency="digest", digest="18:00")
    digest = await route(ALICE.user_id, game, "turn", clock.now)
    assert (digest.how, digest.at) == (DIGEST, at(17, day=3))
    assert (await route(ALICE.user_id, game, "ended", clock.now)).how == NEVER
    assert (await route(ALICE.user_id, game, "reminder", clock.now)).how == LATER
    await service.notices.set_preferences(ALICE.user_id, frequency="reminders")
    assert (await route(ALICE.user_id, game, "turn", clock.now)).how == NEVER
    assert (await route("ai-1-greedy", game, "turn", clock.now)).how == NEVER
    # a server's default applies to a player who chose nothing
    await service.timing.save_guild_settings("g1", GuildSettings(frequency="reminders"))
    assert (await route(BOB.user_id, game, "turn", clock.now)).how == NEVER


async def test_bad_preferences_are_refused_and_change_nothing(service: GameService) -> None:
    for field, value, key in (
        ("timezone", "Mars/Olympus", "service.bad_timezone"),
        ("quiet", "all night", "service.bad_quiet"),
        ("frequency", "hourly", "service.bad_frequency"),
        ("digest", "sometimes", "service.bad_digest"),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.notices.set_preferences(ALICE.user_id, **{field: value})
        assert refused.value.key == key
    assert await service.notices.preferences(ALICE.user_id) == UserSettings()
    chosen = await service.notices.set_preferences(
        ALICE.user_id, timezone="America/New_York", quiet="23:00-07:00", frequency="digest"
    )
    assert (chosen.timezone, chosen.quiet, chosen.frequency) == (
        "America/New_York",
        "23:00-07:00",
        "digest",
    )
    assert (await service.notices.set_preferences(ALICE.user_id, quiet="off")).quiet is None


async def test_what_waited_in_quiet_hours_comes_once_when_they_end(store: SqlStore) -> None:
    clock = Clock(at(21, 30))
    service = service_on(store, clock)
    await store.save_user_settings(ALICE.user_id, PARIS_QUIET)
    first, second = await running(service, ALICE, BOB), await running(service, ALICE, BOB)
    for game_id in (first, second):
        game = await service.game(game_id)
        told = await service.notices.tell(game, [ALICE.user_id, BOB.user_id], "turn", "en")
        assert told.ping == (BOB.user_id,)  # Alice is named, not pinged
        again = await service.notices.tell(game, [ALICE.user_id], "turn", "en")
        assert again.ping == ()  # decided twice, stored once
    assert len(await store.pending_notices(ALICE.user_id)) == 2
    assert await service.notices.drain("w1") == []  # not before quiet hours end
    clock.now = at(7, day=3)
    # Alice played the second game meanwhile (she is not to act there any more)
    await service.play(second, ALICE.user_id, "take1")
    # a restart: a new service over the same store finds what waited
    fresh = service_on(store, clock)
    (delivery,) = await fresh.notices.drain("w1")
    assert delivery.user_id == ALICE.user_id
    assert [w.game.id for w in delivery.waited] == [first]
    assert delivery.digest is None
    await fresh.notices.delivered(delivery)
    assert await fresh.notices.drain("w1") == []
    assert await store.pending_notices(ALICE.user_id) == []


async def test_two_processes_send_each_notice_once(store: SqlStore) -> None:
    clock = Clock(at(21, 30))
    services = [service_on(store, clock), service_on(store, clock)]
    await store.save_user_settings(ALICE.user_id, PARIS_QUIET)
    await store.save_user_settings(BOB.user_id, PARIS_QUIET)
    for _ in range(3):
        game = await services[0].game(await running(services[0], ALICE, BOB))
        await services[0].notices.tell(game, [ALICE.user_id, BOB.user_id], "turn", "en")
    clock.now = at(7, day=3)
    batches = await asyncio.gather(*(s.notices.drain(f"w{n}#1") for n, s in enumerate(services)))
    claimed = [i for batch in batches for d in batch for i in d.claimed]
    assert len(claimed) == len(set(claimed))
    # Alice's game turns are hers, Bob's only where he is to act (the second seat: none)
    users = sorted(d.user_id for batch in batches for d in batch)
    assert users == [ALICE.user_id]
    for n, batch in enumerate(batches):
        for delivery in batch:
            assert len(delivery.waited) == 3
            await services[n].notices.delivered(delivery)
    again = await asyncio.gather(*(s.notices.drain(f"w{n}#1") for n, s in enumerate(services)))
    assert again == [[], []]


async def test_a_digest_lists_each_waiting_game_once_and_none_when_nothing_waits(
    store: SqlStore,
) -> None:
    clock = Clock(at(9))
    service = service_on(store, clock)
    await service.notices.set_preferences(
        ALICE.user_id, timezone="Europe/Paris", frequency="digest", digest="18:00"
    )
    games = [await running(service, ALICE, BOB, clock_hours=48) for _ in range(2)]
    for game_id in games:
        told = await service.notices.tell(
            await service.game(game_id), [ALICE.user_id], "turn", "en"
        )
        assert told == type(told)()  # no ping, no DM: the digest says it
    clock.now = at(17)
    (delivery,) = await service.notices.drain("w1")
    assert delivery.digest is not None
    assert [g.id for g in delivery.digest] == games
    await service.notices.delivered(delivery)
    # the games still wait: the next day's digest lists them again; once played, nothing
    for game_id in games:
        await service.play(game_id, ALICE.user_id, "take1")
    clock.now = at(17, day=3)
    assert await service.notices.drain("w1") == []
    assert await store.pending_notices(ALICE.user_id) == []


async def test_a_deadline_reminder_in_quiet_hours_comes_before_they_start(
    store: SqlStore,
) -> None:
    clock = Clock(at(9))  # 10:00 in Paris; a 24-hour clock for Alice, deadline 09:00 UTC
    service = service_on(store, clock)
    quiet = UserSettings(timezone="Europe/Paris", quiet="21:00-10:30")
    await store.save_user_settings(ALICE.user_id, quiet)
    game_id = await running(service, ALICE, BOB, clock_hours=24)
    seen = []
    for _ in range(24 * 4):
        clock.advance(minutes=15)
        found = await tick(service)
        seen += [(clock.now, kind) for _, seat, kind in found if seat == ALICE.user_id]
    # half time (21:00 UTC) and one hour left (08:00 UTC) both fall in 21:00-10:30 Paris
    # (20:00-09:30 UTC): they come once at 19:45 UTC, 15 minutes before, saying the
    # deadline; the deadline itself is said at its time, its ping waiting (``route``)
    assert seen == [(at(19, 45), "early"), (at(9, day=3), "late")]
    game = await service.game(game_id)
    route = await service.notices.route(ALICE.user_id, game, "reminder", clock.now)
    assert (route.how, route.at) == (LATER, at(9, 30, day=3))


async def test_a_clock_resumed_after_time_away_moves_its_reminders_too(store: SqlStore) -> None:
    clock = Clock(at(9))
    service = service_on(store, clock)
    quiet = UserSettings(timezone="Europe/Paris", quiet="21:00-10:30")
    await store.save_user_settings(ALICE.user_id, quiet)
    await running(service, ALICE, BOB, clock_hours=24)
    await service.timing.go_away(ALICE.user_id, at(9, day=3), max_days=None)
    clock.now = at(10)
    await service.timing.come_back(ALICE.user_id)  # the deadline moves by an hour
    seen = []
    for _ in range(24 * 4):
        clock.advance(minutes=15)
        found = await tick(service)
        seen += [(clock.now, kind) for _, seat, kind in found if seat == ALICE.user_id]
    assert seen == [(at(19, 45), "early"), (at(10, day=3), "late")]


async def test_a_digest_speaks_its_players_language(store: SqlStore) -> None:
    """A player whose Discord speaks French gets their digest in French, though the
    tables speak English and the digest was set from an English server; the next day's
    digest keeps the language."""
    clock = Clock(at(9))
    service = service_on(store, clock)
    await service.notices.languages.seen(ALICE.user_id, "fr")
    game = await running(service, ALICE, BOB, clock_hours=48)
    await service.notices.tell(await service.game(game), [ALICE.user_id], "turn", "en")
    await service.notices.set_preferences(
        ALICE.user_id,
        timezone="Europe/Paris",
        quiet="10:00-17:00",
        frequency="digest",
        digest="18:00",
        lang="en",
    )
    other = await running(service, ALICE, BOB, clock_hours=48)
    await service.notices.tell(await service.game(other), [ALICE.user_id], "turn", "en")
    clock.now = at(17)
    (delivery,) = await service.notices.drain("w1")
    assert delivery.digest is not None and delivery.lang == "fr"
    await service.notices.delivered(delivery)
    clock.now = at(17, day=3)
    (delivery,) = await service.notices.drain("w1")
    assert delivery.digest is not None and delivery.lang == "fr"
