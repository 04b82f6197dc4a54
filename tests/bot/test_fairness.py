"""A fair table (``bot.service.fairness``) on a moving clock, on both backends: each way a
game ends for a player, the median time per turn, the window, the batch read in one
statement, a lobby's requirements refused at join, and the server's cap."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service import GameService
from bot.service.fairness import WINDOW, Reliability, Requirement, turn_seconds
from bot.service.values import ServiceError
from bot.store import GuildSettings, SeatEntry, SqlStore
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE
from tests.bot.days import Clock, running, service_on, tick

HOUR = 3600.0


async def finish(service: GameService, game_id: int, clock: Clock, hours: float = 1) -> None:
    """Play a two-seat Nim game to its end, ``hours`` apart, each taking one stone."""
    while (info := await service.game(game_id)).status == "running":
        clock.advance(hours=hours)
        await service.play(game_id, info.to_act[0], "take1")


async def every_ending(service: GameService, clock: Clock) -> None:
    """Alice and Bob on server g1: a game finished, one Alice resigns, one she loses on
    time, one she stops, one a moderator stops, one still running, a lobby closed; a
    game against the AI she finishes; and a game on another server."""
    finished = await running(service, ALICE, BOB, stones=3)
    await finish(service, finished, clock)
    resigned = await running(service, ALICE, BOB)
    clock.advance(hours=2)
    await service.resign(resigned, ALICE.user_id)
    late = await running(service, ALICE, BOB, clock_hours=12, policy="forfeit")
    clock.advance(hours=13)
    assert await tick(service) == [(late, "u1", "forfeit")]
    stopped = await running(service, ALICE, BOB)
    await service.abort(stopped, ALICE.user_id)
    moderated = await running(service, ALICE, BOB)
    await service.abort(moderated, CAROL.user_id, is_moderator=True)
    await running(service, ALICE, BOB)
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=ALICE
    )
    await service.join(lobby.id, BOB)
    await service.abort(lobby.id, ALICE.user_id)
    against_ai = await service.create_lobby(
        rules="nim", options={"stones": 3}, guild_id="g1", channel_id="c1", creator=ALICE, ai=1
    )
    await service.start(against_ai.id, ALICE.user_id, shuffle_seats=False)
    while (await service.game(against_ai.id)).status == "running":
        clock.advance(hours=1)
        result = await service.play(against_ai.id, ALICE.user_id, "take1")
        await service.advance(result.game)
    elsewhere = await running(service, ALICE, BOB, guild_id="g2")
    await service.resign(elsewhere, BOB.user_id)


async def test_completion_counts_each_way_a_game_ends_for_a_player(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    await every_ending(service, clock)
    found = await service.fairness.reliabilities("g1", ["u1", "u2", "u3"])
    alice, bob, carol = found["u1"], found["u2"], found["u3"]
    # Seven games started: finished, resigned, timed out, stopped by her, stopped by a
    # moderator, running, against the AI (finished). The lobby never started.
    assert (alice.started, alice.finished, alice.abandoned, alice.timed_out) == (7, 2, 2, 1)
    assert alice.completion == pytest.approx(2 / 5) and alice.percent == 40
    # Bob finished the three games that ended for him; the stopped ones are nobody's.
    assert (bob.started, bob.finished, bob.abandoned, bob.timed_out) == (6, 3, 0, 0)
    assert bob.completion == 1.0
    # Carol stopped a game she did not play: nothing of hers.
    assert carol == Reliability("u3")
    assert carol.completion is None and carol.percent is None
    # The other server keeps its own record: Bob resigned there.
    other = await service.fairness.reliability("g2", "u2")
    assert (other.started, other.abandoned, other.completion) == (1, 1, 0.0)
    assert (await service.fairness.reliability("g2", "u1")).finished == 1
    # The player's stats carry it.
    stats = await service.stats("g1", "u1")
    assert stats.reliability == alice


async def test_median_time_per_turn_counts_their_own_turns_only(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, stones=30)
    gaps = [1, 2, 3, 7, 5, 11, 2]  # hours before each move: Alice, Bob, Alice, ...
    for hours in gaps:
        clock.advance(hours=hours)
        info = await service.game(game_id)
        await service.play(game_id, info.to_act[0], "take1")
    found = await service.fairness.reliabilities("g1", ["u1", "u2"])
    # Alice's first move is the game's first entry: nothing before it to time.
    assert found["u1"].median_move_seconds == pytest.approx(median([3, 5, 2]) * HOUR)
    assert found["u1"].turns == 3
    assert found["u2"].median_move_seconds == pytest.approx(median([2, 7, 11]) * HOUR)
    assert (found["u1"].started, found["u1"].finished) == (1, 0)


async def test_turns_played_by_the_clock_are_not_the_players(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, clock_hours=12, policy="auto", stones=30)
    clock.advance(hours=1)
    await service.play(game_id, "u1", "take1")
    clock.advance(hours=13)  # Bob is late: the clock plays for him
    assert await tick(service) == [(game_id, "u2", "auto")]
    clock.advance(hours=4)
    await service.play(game_id, "u1", "take1")
    found = await service.fairness.reliabilities("g1", ["u1", "u2"])
    assert found["u2"].median_move_seconds is None and found["u2"].turns == 0
    assert found["u1"].median_move_seconds == pytest.approx(4 * HOUR)
    assert found["u2"].timed_out == 0  # not removed: the game goes on


async def test_a_claims_forfeit_is_a_timeout_and_the_others_play_on(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    game_id = await running(service, ALICE, BOB, CAROL, clock_hours=24, policy="claim")
    clock.advance(hours=25)
    assert await tick(service) == [(game_id, "u1", "claim")]
    await service.timing.claim(game_id, "u2", "forfeit", version=0)
    clock.advance(hours=2)
    await service.play(game_id, "u2", "take1")
    found = await service.fairness.reliabilities("g1", ["u1", "u2"])
    assert (found["u1"].started, found["u1"].timed_out, found["u1"].completion) == (1, 1, 0.0)
    # Bob's turn is timed from the removal before it; the game still runs for him.
    assert found["u2"].median_move_seconds == pytest.approx(2 * HOUR)
    assert (found["u2"].started, found["u2"].ended) == (1, 0)
    assert await service.fairness.playing("g1", ["u1", "u2"]) == {"u1": 0, "u2": 1}


async def test_a_move_taken_back_is_not_timed(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    lobby = await service.create_lobby(
        rules="nim", options={"stones": 30}, guild_id="g1", channel_id="c1", creator=ALICE, ai=1
    )
    await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)
    for hours in (1, 3):  # Alice at 1 h (the first entry), then at 4 h; the AI at once
        clock.advance(hours=hours)
        await service.advance((await service.play(lobby.id, "u1", "take1")).game)
    taken = await service.undos.request(lobby.id, "u1")  # her move and the AI's reply
    assert taken.status == "undone"
    clock.advance(hours=2)
    await service.play(lobby.id, "u1", "take2")
    alice = await service.fairness.reliability("g1", "u1")
    # Timed from the AI's reply at 1 h, not from the reply taken back at 4 h.
    assert (alice.turns, alice.median_move_seconds) == (1, pytest.approx(5 * HOUR))


async def test_the_window_keeps_the_last_months_only(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    old = await running(service, ALICE, BOB)
    await service.resign(old, ALICE.user_id)
    clock.advance(hours=24 * 100)
    recent = await running(service, ALICE, BOB, stones=3)
    await finish(service, recent, clock)
    alice = await service.fairness.reliability("g1", "u1")
    assert (alice.started, alice.finished, alice.abandoned) == (2, 1, 1)
    clock.advance(hours=24 * 81)  # the resignation is 181 days old, the finish 81
    alice = await service.fairness.reliability("g1", "u1")
    assert (alice.started, alice.finished, alice.abandoned) == (1, 1, 0)
    assert alice.median_move_seconds == pytest.approx(HOUR)
    clock.now += WINDOW  # everything is older than the window
    assert await service.fairness.reliability("g1", "u1") == Reliability("u1")


async def test_many_players_are_read_in_one_statement(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    await every_ending(service, clock)
    calls = []
    fetch = store.sessions.fetchall

    async def counted(statement: str, params: object = ()) -> list[object]:
        calls.append(statement)
        return await fetch(statement, params)  # type: ignore[arg-type]

    store.sessions.fetchall = counted  # type: ignore[method-assign]
    found = await service.fairness.reliabilities("g1", ["u1", "u2", "u3", "u4"])
    assert len(calls) == 1 and sorted(found) == ["u1", "u2", "u3", "u4"]
    assert found["u1"].finished == 2 and found["u2"].finished == 3


def entry(
    user: str, seq: int, at: float, before: str | None, before_at: float | None, **kw: object
) -> SeatEntry:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    return SeatEntry(
        user,
        1,
        seq,
        str(kw.get("code", "x")),
        start + timedelta(hours=at),
        before,
        None if before_at is None else start + timedelta(hours=before_at),
        bool(kw.get("by_clock", False)),
    )


def test_a_turn_of_several_decisions_counts_once() -> None:
    since = datetime(2025, 1, 1, tzinfo=UTC)
    entries = [
        entry("a", 0, 1, None, None),  # the first entry: nothing before it
        entry("a", 1, 1.1, "a", 1),  # ... and the rest of that turn
        entry("a", 3, 5, "b", 3),  # b played at 3; a's turn: 5, 5.5, 6
        entry("a", 4, 5.5, "a", 5),
        entry("a", 5, 6, "a", 5.5),
        entry("a", 7, 9, "b", 8, by_clock=True),  # the clock played for a
        entry("a", 9, 12, "b", 10),
        entry("a", 10, 12.5, "a", 12, code="!resign"),  # a turn ending in a removal
    ]
    assert turn_seconds(entries, since) == {"a": [3 * HOUR]}
    assert turn_seconds(entries, datetime(2026, 1, 2, tzinfo=UTC)) == {}


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


async def test_a_lobby_refuses_who_lacks_the_record_it_asks(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    await every_ending(service, clock)  # Alice: 40 %, 2 finished; Bob: 100 %, 3
    asked = Requirement(min_completion=0.5, min_finished=3)
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="g1", channel_id="c1", creator=CAROL, requirement=asked
    )
    assert await service.fairness.requirement(lobby.id) == asked
    with pytest.raises(ServiceError) as refused:
        await service.join(lobby.id, ALICE)
    assert refused.value.key == "service.fair.both"
    assert refused.value.params | {} == {
        "need": 50,
        "rate": 40,
        "need_finished": 3,
        "finished": 2,
        "abandoned": 2,
        "timed_out": 1,
        "days": 180,
    }
    with pytest.raises(ServiceError) as refused:
        await service.join(lobby.id, DAVE)  # no record at all
    assert refused.value.key == "service.fair.no_record_both"
    assert refused.value.params == {"need": 50, "need_finished": 3, "days": 180}
    assert (await service.join(lobby.id, BOB)).has_seat("u2")
    assert not (await service.game(lobby.id)).has_seat("u1")

    rate_only = await service.create_lobby(
        rules="nim",
        options={},
        guild_id="g1",
        channel_id="c1",
        creator=CAROL,
        requirement=Requirement(min_completion=0.5),
    )
    for player, key in ((ALICE, "service.fair.completion"), (DAVE, "service.fair.no_record")):
        with pytest.raises(ServiceError) as refused:
            await service.join(rate_only.id, player)
        assert refused.value.key == key
    count_only = await service.create_lobby(
        rules="nim",
        options={},
        guild_id="g1",
        channel_id="c1",
        creator=CAROL,
        requirement=Requirement(min_finished=2),
    )
    assert (await service.join(count_only.id, ALICE)).has_seat("u1")
    with pytest.raises(ServiceError) as refused:
        await service.join(count_only.id, DAVE)
    assert refused.value.key == "service.fair.finished"
    assert refused.value.params["need"] == 2 and refused.value.params["finished"] == 0
    # The same record on another server is not this one's.
    elsewhere = await service.create_lobby(
        rules="nim",
        options={},
        guild_id="g2",
        channel_id="c9",
        creator=CAROL,
        requirement=Requirement(min_finished=2),
    )
    with pytest.raises(ServiceError, match="service.fair.finished"):
        await service.join(elsewhere.id, ALICE)


async def test_a_rematch_keeps_what_the_lobby_asked(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    asked = Requirement(min_finished=1)
    first = await service.create_lobby(
        rules="nim", options={"stones": 3}, guild_id="g1", channel_id="c1", creator=ALICE
    )
    await service.join(first.id, BOB)
    await service.start(first.id, ALICE.user_id, shuffle_seats=False)
    await finish(service, first.id, clock)
    await store.set_lobby_requirement(first.id, None, 1)
    again = await service.rematch(first.id, BOB)
    assert await service.fairness.requirement(again.game.id) == asked
    with pytest.raises(ServiceError, match="service.fair.finished"):
        await service.join(again.game.id, DAVE)


@pytest.mark.parametrize(
    ("asked", "key"),
    [
        (Requirement(min_completion=0), "service.fair.bad_completion"),
        (Requirement(min_completion=1.5), "service.fair.bad_completion"),
        (Requirement(min_finished=0), "service.fair.bad_finished"),
        (Requirement(min_finished=1001), "service.fair.bad_finished"),
    ],
)
async def test_a_requirement_out_of_range_opens_no_lobby(
    store: SqlStore, asked: Requirement, key: str
) -> None:
    service = service_on(store, Clock())
    with pytest.raises(ServiceError) as refused:
        await service.create_lobby(
            rules="nim",
            options={},
            guild_id="g1",
            channel_id="c1",
            creator=ALICE,
            requirement=asked,
        )
    assert refused.value.key == key
    assert await service.games_in_channel("c1") == []


async def test_the_cap_counts_running_games_at_create_join_and_start(store: SqlStore) -> None:
    clock = Clock()
    service = service_on(store, clock)
    with pytest.raises(ServiceError, match="service.bad_setting"):
        await service.timing.save_guild_settings("g1", GuildSettings(max_games=0))
    await service.timing.save_guild_settings("g1", GuildSettings(max_games=2))
    # Lobbies do not count: Alice sits in three.
    lobbies = []
    for creator in (ALICE, BOB, CAROL):
        lobby = await service.create_lobby(
            rules="nim", options={}, guild_id="g1", channel_id="c1", creator=creator
        )
        lobbies.append(lobby.id)
    await service.join(lobbies[1], ALICE)
    await service.join(lobbies[2], ALICE)
    await running(service, ALICE, DAVE)
    await service.join(lobbies[0], DAVE)
    await service.start(lobbies[0], ALICE.user_id)  # Alice plays two now
    assert (await service.fairness.playing("g1", ["u1", "u4"])) == {"u1": 2, "u4": 2}
    with pytest.raises(ServiceError) as refused:
        await service.start(lobbies[1], BOB.user_id)
    assert refused.value.key == "service.fair.cap"
    assert refused.value.params == {"player": "Alice", "count": 2, "max": 2}
    with pytest.raises(ServiceError, match="service.fair.cap"):
        await service.create_lobby(
            rules="nim", options={}, guild_id="g1", channel_id="c1", creator=DAVE
        )
    with pytest.raises(ServiceError, match="service.fair.cap"):
        await service.join(lobbies[1], DAVE)
    # Another server has no cap; AI seats have none.
    assert (await running(service, ALICE, BOB, guild_id="g2")) > 0
    assert (await service.fairness.playing("g2", ["u1"])) == {"u1": 1}
    # Leaving a game (a resignation while the others play on) frees a place.
    three = await service.create_lobby(
        rules="nim", options={"stones": 30}, guild_id="g1", channel_id="c1", creator=BOB
    )
    await service.join(three.id, CAROL)
    await service.timing.save_guild_settings("g1", GuildSettings(max_games=3))
    await service.join(three.id, ALICE)
    await service.start(three.id, BOB.user_id, shuffle_seats=False)
    await service.timing.save_guild_settings("g1", GuildSettings(max_games=2))
    with pytest.raises(ServiceError, match="service.fair.cap"):
        await service.start(lobbies[2], CAROL.user_id)
    await service.resign(three.id, ALICE.user_id)
    assert (await service.game(three.id)).status == "running"
    assert (await service.fairness.playing("g1", ["u1"])) == {"u1": 2}
    await service.start(lobbies[2], CAROL.user_id, capped=False)  # an event's table
    # No cap: nothing is checked.
    await service.timing.save_guild_settings("g1", GuildSettings())
    await service.start(lobbies[1], BOB.user_id)
