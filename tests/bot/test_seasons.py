"""Seasons of a server through the service, on a clock that moves: a season counts the
games that ended while it ran, with fresh ratings; its table is frozen when it ends; it
ends once with two services (processes) ending it at once; all of it survives a
restart (a new service over the same store)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.service import GameService, Player, ServiceError
from bot.service.ratings import recompute, standings
from bot.service.seasons import CURRENT, MAX_NAME, season_table
from bot.store import FinishedRow, ResultRow, SqlStore
from campfire_testing.clock import FakeClock, seeds
from tests.bot.conftest import ALICE, BOB, CAROL, running_nim


async def finish(service: GameService, *players: Player, stones: int = 5) -> FinishedRow:
    """A Nim game of ``players`` (in order) played to its end on server g1; its places."""
    game_id = await running_nim(service, *players, stones=stones)
    while (info := await service.game(game_id)).status == "running":
        await service.play(game_id, info.to_act[0], "take1")
    return FinishedRow(game_id, tuple(await service.store.results(game_id)))


def at(day: int) -> datetime:
    return datetime(2026, 3, day, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def seasons_service(store: SqlStore, nim: None, clock: FakeClock) -> GameService:
    return GameService(store, seed_source=seeds(), clock=clock)


async def test_a_season_counts_only_the_games_that_ended_in_it_with_fresh_ratings(
    seasons_service: GameService, clock: FakeClock
) -> None:
    service = seasons_service
    clock.now = at(1)
    before = await finish(service, ALICE, BOB)  # before any season
    clock.now = at(2)
    ended, spring = await service.seasons.start("g1", "  Spring   2026 ")
    assert ended is None and spring.name == "Spring 2026" and spring.ended_at is None
    clock.now = at(3)
    first = await finish(service, BOB, ALICE, stones=6)
    second = await finish(service, ALICE, BOB, CAROL)

    live = await service.seasons.standings(spring, "nim", BOB.user_id)
    fresh = recompute("nim", [first, second])
    assert [(s.user_id, s.games) for s in live.table.top] == [
        (s.user_id, s.games) for s in standings(fresh.values())
    ]
    assert live.table.mine is not None and live.table.mine.games == 2
    assert live.table.players == 3
    # all-time counts the game before the season too, and differs from the season's
    all_time = await service.standings("g1", "nim", BOB.user_id)
    assert all_time.mine is not None and all_time.mine.games == 3
    assert all_time.mine.rating != live.table.mine.rating
    assert before.game_id not in {
        g.game.game_id for g in await service.store.games_ended("g1", spring.started_at)
    }

    # the season ends: its table frozen; a game after it counts all-time only
    clock.now = at(10)
    done = await service.seasons.end("g1")
    assert done.id == spring.id and done.ended_at is not None
    frozen = await service.store.season_ratings(spring.id)
    assert {r.user_id: r for r in frozen} == fresh
    clock.now = at(11)
    await finish(service, CAROL, ALICE)
    past = await service.seasons.standings(done, "nim", CAROL.user_id)
    assert past.table.top == tuple(standings(fresh.values())) and past.table.players == 3
    assert past.table.mine is not None and past.table.mine.games == 1
    carol = (await service.standings("g1", "nim", CAROL.user_id)).mine
    assert carol is not None and carol.games == 2
    with pytest.raises(ServiceError) as none:
        await service.seasons.end("g1")
    assert none.value.key == "service.season_none"
    assert await service.seasons.lines_of("g1", ALICE.user_id) is None


async def test_starting_a_season_ends_the_running_one_and_names_are_checked(
    seasons_service: GameService, clock: FakeClock
) -> None:
    service = seasons_service
    clock.now = at(1)
    _, winter = await service.seasons.start("g1", "Winter")
    clock.now = at(2)
    game = await finish(service, ALICE, BOB)
    for name, key in (
        ("", "service.season_bad_name"),
        ("x" * (MAX_NAME + 1), "service.season_bad_name"),
        ("Winter", "service.season_name_taken"),
        (" winter", "service.season_name_taken"),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.seasons.start("g1", name)
        assert refused.value.key == key
    clock.now = at(5)
    ended, spring = await service.seasons.start("g1", "Spring")
    assert ended is not None and ended.id == winter.id and ended.ended_at == spring.started_at
    assert {r.user_id: r for r in await service.store.season_ratings(winter.id)} == recompute(
        "nim", [game]
    )
    assert [s.name for s in await service.seasons.all("g1")] == ["Spring", "Winter"]
    assert (await service.seasons.find("g1", CURRENT)).id == spring.id
    assert (await service.seasons.find("g1", str(winter.id))).name == "Winter"
    assert (await service.seasons.find("g1", "Winter")).id == winter.id
    assert (await service.seasons.find("g1", " WINTER ")).id == winter.id
    with pytest.raises(ServiceError) as unknown:
        await service.seasons.find("g1", "Autumn")
    assert unknown.value.key == "service.season_unknown"
    assert await service.seasons.all("g2") == []  # per server
    # the running season's line of a player, for their stats
    clock.now = at(6)
    await finish(service, BOB, CAROL)
    found = await service.seasons.lines_of("g1", CAROL.user_id)
    assert found is not None and found[0].id == spring.id
    assert [(line.rules, line.games) for line in found[1]] == [("nim", 1)]


async def test_a_season_ends_once_with_two_processes_and_survives_a_restart(
    store: SqlStore, nim: None, clock: FakeClock
) -> None:
    one = GameService(store, seed_source=seeds("a"), clock=clock)
    two = GameService(store, seed_source=seeds("b"), clock=clock)
    clock.now = at(1)
    _, season = await one.seasons.start("g1", "Cup")
    game = await finish(one, ALICE, BOB)
    outcomes = await asyncio.gather(
        one.seasons.end("g1"), two.seasons.end("g1"), return_exceptions=True
    )
    errors = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(errors) == 1 and errors[0].key == "service.season_none"
    frozen = await store.season_ratings(season.id)
    assert len(frozen) == 2 and {r.user_id: r for r in frozen} == recompute("nim", [game])
    # a restart: a new service reads the same seasons and the frozen table
    again = GameService(store, seed_source=seeds("c"), clock=clock)
    clock.now += timedelta(days=3)
    await finish(again, BOB, ALICE)
    [past] = await again.seasons.all("g1")
    assert past.ended_at is not None
    assert (await again.seasons.standings(past, None, ALICE.user_id)).table.players == 2
    assert await again.seasons.ratings(past) == frozen


def test_the_season_table_rates_each_rule_set_from_scratch() -> None:
    def won(game_id: int, winner: str, loser: str) -> FinishedRow:
        return FinishedRow(game_id, (ResultRow(winner, 1, 0), ResultRow(loser, 2, 0)))

    games = [("nim", won(1, "a", "b")), ("wide", won(2, "b", "a")), ("nim", won(3, "a", "c"))]
    table = season_table(games)
    assert {(r.rules, r.user_id) for r in table} == {
        ("nim", "a"),
        ("nim", "b"),
        ("nim", "c"),
        ("wide", "a"),
        ("wide", "b"),
    }
    nim = {r.user_id: r for r in table if r.rules == "nim"}
    assert nim == recompute("nim", [won(1, "a", "b"), won(3, "a", "c")])
