"""The leases of a tournament's work and news after a restart: a process of the same
identity (host and shards) takes back at once what its dead predecessor held; a lease
another live process holds is respected until it runs out; a process that stops
cleanly gives back what it holds. On both backends, on a fake clock."""

from __future__ import annotations

from datetime import timedelta

from bot.service import GameService
from bot.service.tournaments import TournamentInfo
from bot.service.tournaments.rounds import LEASE
from bot.store import epoch, open_store
from campfire_testing.clock import FakeClock, seeds
from tests.bot.test_tournaments import finish_game, started_four

DEAD = "host/all#0001"
"""The process that died (its identity ``host/all``)."""
RESTARTED = "host/all#0002"
"""Its restart: the same host and shards, a new instance."""
ELSEWHERE = "elsewhere/all#0003"
"""Another process, alive, of another identity."""


async def three(database: str, clock: FakeClock) -> tuple[GameService, ...]:
    """The dead process, its restart and another process, each on its own store."""
    services = []
    for worker in (DEAD, RESTARTED, ELSEWHERE):
        store = await open_store(database)
        services.append(GameService(store, seed_source=seeds(worker), clock=clock, worker=worker))
    return tuple(services)


async def close(*services: GameService) -> None:
    for service in services:
        service.close()
        await service.store.close()


async def test_the_round_news_a_dead_process_claimed_is_taken_back_by_its_restart_at_once(
    database: str, nim: None
) -> None:
    clock = FakeClock()
    dead, restarted, elsewhere = await three(database, clock)
    await started_four(dead)
    (news,) = await dead.tournaments.news()  # claimed, then the process dies
    assert news.kind == "round" and news.worker == DEAD
    clock.now += timedelta(seconds=5)
    assert await elsewhere.tournaments.news() == []  # another process waits its lease out
    (taken,) = await restarted.tournaments.news()  # the restart does not
    assert (taken.id, taken.kind, taken.worker) == (news.id, "round", RESTARTED)
    assert taken.round is not None and len(taken.round.tables) == 2
    await restarted.tournaments.posted([taken])
    await dead.tournaments.posted([news], done=False)  # a late word of the dead: nothing
    clock.now += timedelta(seconds=LEASE + 1)
    assert await elsewhere.tournaments.news() == []  # posted once
    await close(dead, restarted, elsewhere)


async def test_a_lease_of_another_live_process_is_respected_until_it_runs_out(
    database: str, nim: None
) -> None:
    clock = FakeClock()
    dead, restarted, elsewhere = await three(database, clock)
    await started_four(elsewhere)
    (news,) = await elsewhere.tournaments.news()  # alive, posting
    assert await restarted.tournaments.news() == []
    assert await dead.tournaments.news() == []
    clock.now += timedelta(seconds=LEASE + 1)  # it died after all: its lease ran out
    (taken,) = await restarted.tournaments.news()
    assert taken.id == news.id
    await close(dead, restarted, elsewhere)


async def round_one_over_under_a_dead_lease(
    dead: GameService, elsewhere: GameService
) -> TournamentInfo:
    """Round 1 of a Swiss of four whose games ended while the dead process held the
    tournament's work (it died in the middle of it): round 2 is not paired yet."""
    info = await started_four(dead)
    now = epoch(dead.now())
    assert await dead.store.claim_tournament(info.id, DEAD, now, now + LEASE)
    for table in (await dead.tournaments.round_list(info.id))[0].tables:
        assert table.game_id is not None
        await finish_game(elsewhere, table.game_id)  # its hook cannot take the work
    assert len(await dead.tournaments.round_list(info.id)) == 1
    return info


async def test_the_work_a_dead_process_held_is_done_by_its_restart_at_once(
    database: str, nim: None
) -> None:
    clock = FakeClock()
    dead, restarted, elsewhere = await three(database, clock)
    info = await round_one_over_under_a_dead_lease(dead, elsewhere)
    assert await elsewhere.tournaments.tick() == []  # held: another process waits
    (progress,) = await restarted.tournaments.tick()  # the restart's first pass
    assert progress.round == 2 and len(progress.opened) == 2
    assert len(await restarted.tournaments.round_list(info.id)) == 2
    await close(dead, restarted, elsewhere)


async def test_a_process_that_stops_cleanly_gives_its_leases_back(database: str, nim: None) -> None:
    clock = FakeClock()
    dead, restarted, elsewhere = await three(database, clock)
    info = await round_one_over_under_a_dead_lease(dead, elsewhere)
    await started_four(dead)  # a second tournament
    claimed = await dead.tournaments.news()  # the round 1 news of both, being posted
    assert sorted(n.tournament.id for n in claimed) == [info.id, info.id + 1]
    assert await dead.tournaments.release() == 3  # the work of one, the two news
    assert await dead.tournaments.release() == 0
    (progress,) = await elsewhere.tournaments.tick()  # at once, whoever it is
    assert progress.tournament.id == info.id and progress.round == 2
    found = {n.id for n in await elsewhere.tournaments.news()}
    assert {n.id for n in claimed} < found  # and the new round 2 news
    await close(dead, restarted, elsewhere)
