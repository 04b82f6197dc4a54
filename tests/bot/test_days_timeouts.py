"""Timeout policies, claims, downtime, time away, settings and the due-reminder index."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

import ai
from bot.service import GuildSettings, ServiceError
from bot.service.record import build_record
from bot.store import Store, open_store
from bot.store.database import CLAIM_DUE
from rules import registry
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.days import START, Clock, running, service_on, tick

pytestmark = pytest.mark.usefixtures("nim")


async def test_remind_says_the_time_is_up_then_nudges_daily(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=12)
    clock.advance(hours=12)
    # half time and one hour left were missed: the deadline says it all, once
    assert await tick(service) == [(game_id, "u1", "late")]
    assert await tick(service) == []
    clock.advance(hours=24)
    assert await tick(service) == [(game_id, "u1", "nudge")]
    assert (await service.game(game_id)).version == 0  # nothing played for Alice


async def test_downtime_collapses_into_one_reminder_per_game(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    first = await running(service, ALICE, BOB)
    second = await running(service, BOB, CAROL)
    clock.advance(hours=24 * 5 + 1)  # the bot was down for five days
    assert await tick(service) == [(first, "u1", "nudge"), (second, "u2", "nudge")]
    clock.advance(hours=22)
    assert await tick(service) == []
    clock.advance(hours=1)  # the sixth full day of the turn
    assert await tick(service) == [(first, "u1", "nudge"), (second, "u2", "nudge")]


async def test_forfeit_removes_the_late_player_as_a_resignation(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, CAROL, clock_hours=24, policy="forfeit")
    clock.advance(hours=24)
    assert await tick(service) == [(game_id, "u1", "forfeit")]
    moves = await service.store.moves(game_id)
    assert [(m.seat, m.code) for m in moves] == [("u1", "!timeout")]
    info = await service.game(game_id)
    assert info.status == "running" and info.to_act == ("u2",)
    bob = info.clock_of("u2")
    assert bob is not None and bob.deadline == clock.now + timedelta(hours=24)


async def test_forfeit_of_one_of_two_ends_the_game(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=12, policy="forfeit")
    clock.advance(hours=13)
    assert await tick(service) == [(game_id, "u1", "forfeit")]
    assert (await service.game(game_id)).status == "over"
    assert [p.seat for p in await service.results(game_id)] == ["u2", "u1"]


async def test_auto_is_seeded_so_replay_is_exact(db_path: Path, tmp_path: Path) -> None:
    codes = []
    for run in range(2):
        clock = Clock()
        async with Store(tmp_path / f"run{run}.sqlite3") as store:
            service = service_on(store, clock)
            game_id = await running(service, ALICE, BOB, clock_hours=12, policy="auto")
            clock.advance(hours=12)
            await tick(service)
            moves = await store.moves(game_id)
            codes.append([(m.seat, m.code, m.by_clock) for m in moves])
            replayed = await service.public_view(game_id)
            assert replayed["turn"] == 1
    assert codes[0] == codes[1] and codes[0][0][0] == "u1" and codes[0][0][2]


async def test_auto_plays_the_greedy_ai_seeded_by_seed_and_revision(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=12, policy="auto")
    row = await store.game(game_id)
    assert row is not None
    game = registry.get(row.rules)
    state = game.setup([s.user_id for s in row.seats], row.seed, row.options)
    expected = ai.choose(game, state, "u1", "greedy", f"{row.seed}:clock:0")
    clock.advance(hours=12)
    await tick(service)
    first = (await store.moves(game_id))[0]
    assert (first.seat, first.code, first.by_clock) == ("u1", expected, True)


async def test_claim_lets_the_others_choose(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, CAROL, clock_hours=24, policy="claim")
    with pytest.raises(ServiceError, match="service.claim_nothing"):
        await service.timing.claim(game_id, "u2", "auto")
    clock.advance(hours=24)
    assert await tick(service) == [(game_id, "u1", "claim")]
    with pytest.raises(ServiceError, match="service.claim_late"):
        await service.timing.claim(game_id, "u1", "forfeit")
    extended = await service.timing.claim(game_id, "u2", "extend", version=0)
    assert extended.deadline == clock.now + timedelta(hours=24)
    assert extended.seats == ("u1",)
    with pytest.raises(ServiceError, match="service.claim_nothing"):
        await service.timing.claim(game_id, "u3", "auto")
    clock.advance(hours=24)
    assert await tick(service) == [(game_id, "u1", "claim")]  # over half time and the hour
    played = await service.timing.claim(game_id, "u3", "auto", version=0)
    assert played.seats == ("u1",)
    moves = await store.moves(game_id)
    assert len(moves) == 1 and moves[0].by_clock and moves[0].seat == "u1"
    with pytest.raises(ServiceError, match="service.stale"):
        await service.timing.claim(game_id, "u3", "forfeit", version=0)


async def test_away_pauses_and_resumes_the_deadline(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=24, policy="forfeit")
    clock.advance(hours=2)
    away = await service.timing.go_away("u1", clock.now + timedelta(days=3), max_days=14)
    assert [g.id for g in away.games] == [game_id]
    alice = (await service.game(game_id)).clock_of("u1")
    assert alice is not None and alice.away_until == clock.now + timedelta(days=3)
    clock.advance(hours=71)
    assert await tick(service) == []  # no reminder, no timeout while away
    clock.advance(hours=1)
    assert await tick(service) == [(game_id, "u1", "back")]
    alice = (await service.game(game_id)).clock_of("u1")
    # 22 hours were left when she went: they are left again now
    assert alice is not None and alice.away_until is None
    assert alice.deadline == clock.now + timedelta(hours=22)
    assert await service.timing.away_of("u1") is None


async def test_back_early_resumes_at_once_and_new_turns_while_away_wait(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=12)
    await service.timing.go_away("u2", clock.now + timedelta(days=2), max_days=None)
    clock.advance(hours=1)
    await service.play(game_id, "u1", "take1")  # Bob's turn begins while he is away
    bob = (await service.game(game_id)).clock_of("u2")
    assert bob is not None and bob.away_until is not None
    clock.advance(hours=30)
    assert await tick(service) == []
    await service.timing.come_back("u2")
    bob = (await service.game(game_id)).clock_of("u2")
    assert bob is not None and bob.deadline == clock.now + timedelta(hours=12)
    with pytest.raises(ServiceError, match="service.not_away"):
        await service.timing.come_back("u2")


async def test_time_away_is_limited(store: Store) -> None:
    service = service_on(store, Clock())
    with pytest.raises(ServiceError, match="service.away_too_long"):
        await service.timing.go_away("u1", START + timedelta(days=15), max_days=None)
    with pytest.raises(ServiceError, match="service.away_too_long"):
        await service.timing.go_away("u1", START + timedelta(days=4), max_days=3)
    with pytest.raises(ServiceError, match="service.away_past"):
        await service.timing.go_away("u1", START - timedelta(days=1), max_days=None)


async def test_server_settings_are_honoured(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    await service.timing.save_guild_settings(
        "g1",
        GuildSettings(clock_hours=48, timeout_policy="claim", nudge_hours=0, games_channel="c1"),
    )
    info = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE
    )
    assert (info.clock_hours, info.timeout_policy) == (48, "claim")
    with pytest.raises(ServiceError, match="service.wrong_channel"):
        await service.create_lobby(
            rules="nim", options={}, guild_id="g1", channel_id="c2", creator=ALICE
        )
    game_id = await running(service, ALICE, BOB)  # no clock: nudges are off here
    clock.advance(hours=24 * 3)
    assert await tick(service) == []
    assert (await service.game(game_id)).clock_of("u1") is not None
    with pytest.raises(ServiceError, match="service.bad_setting"):
        await service.timing.save_guild_settings("g1", GuildSettings(nudge_hours=500))


async def test_direct_messages_are_opt_in_and_a_closed_dm_is_remembered(store: Store) -> None:
    service = service_on(store, Clock())
    assert await service.timing.dm_targets(["u1", "u2"]) == []
    await service.timing.set_notify("u1", True)
    assert await service.timing.dm_targets(["u1", "u2"]) == ["u1"]
    await service.timing.dm_refused("u1")
    assert await service.timing.dm_targets(["u1"]) == []
    await service.timing.set_notify("u1", True)  # opting in again tries again
    assert await service.timing.dm_targets(["u1"]) == ["u1"]


async def test_the_due_reminder_query_uses_its_index(db_path: Path, store: Store) -> None:
    plan = sqlite3.connect(db_path).execute(
        f"EXPLAIN QUERY PLAN {CLAIM_DUE.format(lock='')}", (50, 50, 1000, "w", 100)
    )
    details = [str(row[-1]) for row in plan]
    assert any("USING INDEX reminders_due (due<?)" in d for d in details), details
    assert not any(d.startswith("SCAN reminders") for d in details), details


async def test_the_record_says_which_moves_the_clock_played(store: Store) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=12, policy="auto")
    clock.advance(hours=12)
    await tick(service)
    await service.play(game_id, "u2", "take1")
    record = await build_record(service, game_id, "en")
    assert [m.get("by_clock", False) for m in record["moves"]] == [True, False]


async def test_one_hour_left_is_never_said_once_the_time_is_up(database: str) -> None:
    """Two processes over one database pass at once after a deadline: one claims the
    seat's half-time and one-hour reminders, the other its deadline. The first says
    nothing (the time left is none), the second plays for the late seat and says so."""
    first, second = await open_store(database), await open_store(database)
    try:
        clock = Clock()
        one, other = service_on(first, clock), service_on(second, clock)
        game_id = await running(one, ALICE, BOB, clock_hours=12, policy="auto")
        clock.advance(hours=12, minutes=1)
        early = await one.timing.clock_pass("one#1", limit=2)  # half and hour, due first
        assert len(early.claimed) == 2
        late = await other.timing.clock_pass("other#1")
        assert [(r.game.id, r.timed_out) for r in late.reports] == [
            (game_id, ((ALICE.user_id, "auto"),))
        ]
        assert not any(r.reminders for r in early.reports)
        await one.timing.finish_clock_pass(early)
        await other.timing.finish_clock_pass(late)
        assert await tick(one) == []
        one.close()
        other.close()
    finally:
        await first.close()
        await second.close()


async def test_a_claim_is_offered_to_the_people_still_playing_only(store: Store) -> None:
    """Alice, an AI seat, Bob, Carol; Carol resigned: Bob alone may claim against late
    Alice (and the AI seat may not); with nobody to ask, the deadline is only said."""
    clock = Clock()
    service = service_on(store, clock)
    lobby = await service.create_lobby(
        rules="nim",
        options={"stones": 30},
        guild_id="g1",
        channel_id="c1",
        creator=ALICE,
        ai=1,
        clock_hours=12,
        timeout_policy="claim",
    )
    for player in (BOB, CAROL):
        await service.join(lobby.id, player)
    await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)
    await service.resign(lobby.id, CAROL.user_id)
    ai_seat = next(
        p.user_id
        for p in (await service.game(lobby.id)).seats
        if p.name != "Alice" and p.user_id not in (BOB.user_id, CAROL.user_id)
    )
    clock.advance(hours=12)
    done = await service.timing.clock_pass("w1")
    assert [(r.claims, r.claimers) for r in done.reports] == [((ALICE.user_id,), (BOB.user_id,))]
    await service.timing.finish_clock_pass(done)
    for refused in (CAROL.user_id, ai_seat):
        with pytest.raises(ServiceError) as caught:
            await service.timing.claim(lobby.id, refused, "extend")
        assert caught.value.key == "service.not_in_game"
    # Alice against an AI seat alone: nobody to ask, the deadline is only said
    alone = await service.create_lobby(
        rules="nim",
        options={"stones": 30},
        guild_id="g1",
        channel_id="c1",
        creator=ALICE,
        ai=1,
        clock_hours=12,
        timeout_policy="claim",
    )
    await service.start(alone.id, ALICE.user_id, shuffle_seats=False)
    clock.advance(hours=12)
    assert await tick(service) == [(alone.id, ALICE.user_id, "late")]
