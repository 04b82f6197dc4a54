"""The work a restart finds undone (a table's catch-up, the AI seats' turns) is claimed
game by game with a lease, on both backends: two processes on one database never get
the same game, a lease that ran out can be claimed again, and a released job is claimed
again only while it is still due."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.service import GameInfo, GameService, is_ai_seat, jobs
from bot.service.jobs import LEASE, worker_name
from bot.shards import Shards, shard_of
from bot.store import AI_TURNS, SqlStore, behind_job, epoch, open_store
from tests.bot.conftest import ALICE, BOB, seeds
from tests.bot.days import Clock, running

BEHIND = behind_job("announced")
GUILDS = [str((n << 22) + 5) for n in range(8)]  # shards 0..7 of 8


async def behind_games(service: GameService, count: int) -> list[int]:
    """``count`` running games whose table is behind (spread over the eight shards)."""
    games = []
    for n in range(count):
        game_id = await running(service, ALICE, BOB, guild_id=GUILDS[n % 8])
        await service.set_message(game_id, "announced", "stale")
        games.append(game_id)
    return games


async def ai_waiting(service: GameService, guild_id: str = "g1") -> int:
    """A running Nim game of Alice and an AI seat, the AI to act (its turn left undone)."""
    lobby = await service.create_lobby(
        rules="nim", options={"stones": 9}, guild_id=guild_id, channel_id="c1", creator=ALICE, ai=1
    )
    await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)
    await service.play(lobby.id, ALICE.user_id, "take1")
    assert any(is_ai_seat(s) for s in (await service.game(lobby.id)).to_act)
    return lobby.id


async def claim_all(store: SqlStore, worker: str, now: int = 100) -> list[int]:
    """Claim ``BEHIND`` five games at a time until nothing is left for ``worker``."""
    got: list[int] = []
    after = 0
    while rows := await store.claim_games(BEHIND, worker, now, now + 600, after=after, limit=5):
        got += [r.id for r in rows]
        after = rows[-1].id
        await asyncio.sleep(0)
    return got


async def test_two_stores_claiming_at_once_get_disjoint_games(database: str, nim: None) -> None:
    first, second = await open_store(database), await open_store(database)
    try:
        games = await behind_games(GameService(first, seed_source=seeds(), clock=Clock()), 40)
        # eight claims at once, four through each store, then each store claims the rest
        at_once = await asyncio.gather(
            *(
                (first, second)[n % 2].claim_games(BEHIND, f"w{n}", 100, 700, limit=3)
                for n in range(8)
            )
        )
        assert all(len(rows) == 3 for rows in at_once)  # none came up short
        rest = await asyncio.gather(claim_all(first, "one"), claim_all(second, "two"))
        claimed = [r.id for rows in at_once for r in rows] + rest[0] + rest[1]
        assert sorted(claimed) == games  # each game to one claim
        # held: nobody gets them again before the leases run out
        assert await first.claim_games(BEHIND, "three", 200, 800) == []
    finally:
        await first.close()
        await second.close()


async def test_a_lease_that_ran_out_is_claimed_again(store: SqlStore, nim: None) -> None:
    service = GameService(store, seed_source=seeds(), clock=Clock())
    games = await behind_games(service, 3)
    assert [r.id for r in await store.claim_games(BEHIND, "dead", 100, 200)] == games
    assert await store.claim_games(BEHIND, "next", 200, 800) == []  # the lease holds at 200
    assert [r.id for r in await store.claim_games(BEHIND, "next", 201, 800)] == games
    assert not await store.renew_game(BEHIND, "dead", games[0], 900)  # it lost them
    assert await store.release_games(BEHIND, "dead", games) == 0
    assert await store.renew_game(BEHIND, "next", games[0], 900)
    assert await store.release_games(BEHIND, "next", games) == 3


async def test_a_released_job_is_claimed_again_only_while_it_is_due(
    store: SqlStore, nim: None
) -> None:
    service = GameService(store, seed_source=seeds(), clock=Clock())
    first, second = await behind_games(service, 2)
    claimed = await store.claim_games(BEHIND, "w", 100, 700)
    assert [r.id for r in claimed] == [first, second]
    await service.set_message(first, "announced", str(claimed[0].version))  # caught up
    assert await store.release_games(BEHIND, "w", [first, second]) == 2
    assert [r.id for r in await store.claim_games(BEHIND, "w", 101, 701)] == [second]
    assert await store.claim_games(BEHIND, "w", 101, 701, after=second) == []
    ai = await ai_waiting(service)
    assert [r.id for r in await store.claim_games(AI_TURNS, "w", 101, 701)] == [ai]


async def test_the_rows_a_dead_holder_left_go_once_their_games_are_no_longer_due(
    store: SqlStore, nim: None
) -> None:
    service = GameService(store, seed_source=seeds(), clock=Clock())
    first, second, third = await behind_games(service, 3)
    claimed = await store.claim_games(BEHIND, "dead", 100, 200)
    assert [r.id for r in claimed] == [first, second, third]
    # the holder dies; meanwhile the first table is caught up and the second game ends
    await service.set_message(first, "announced", str(claimed[0].version))
    await service.abort(second, ALICE.user_id)
    rows = "SELECT game_id, claimed_by FROM game_jobs ORDER BY game_id"
    assert await store.claim_games(BEHIND, "next", 150, 750) == []  # still held
    assert len(await store._fetchall(rows)) == 3  # not before the lease runs out
    assert [r.id for r in await store.claim_games(BEHIND, "next", 201, 801)] == [third]
    assert [tuple(r) for r in await store._fetchall(rows)] == [(third, "next")]


async def test_a_claim_takes_only_the_games_of_the_shards(store: SqlStore, nim: None) -> None:
    games = await behind_games(GameService(store, seed_source=seeds(), clock=Clock()), 8)
    mine = Shards.parse("1,6", 8)
    claimed = await store.claim_games(BEHIND, "w", 100, 700, shards=mine)
    assert [r.id for r in claimed] == [games[1], games[6]]
    assert {shard_of(r.guild_id, 8) for r in claimed} == {1, 6}


async def test_services_with_overlapping_shards_catch_up_and_play_each_game_once(
    database: str, nim: None
) -> None:
    """Two services on one database (as two processes), serving overlapping shard
    ranges, run the restart work at once: each game's catch-up and AI turns are done by
    one of them."""
    first, second = await open_store(database), await open_store(database)
    try:
        setup = GameService(first, seed_source=seeds(), clock=Clock())
        behind = await behind_games(setup, 16)
        ais = [await ai_waiting(setup, GUILDS[n % 8]) for n in range(8)]
        caught: Counter[int] = Counter()
        played: Counter[int] = Counter()

        def service_on(store: SqlStore, shards: str) -> GameService:
            return GameService(store, clock=Clock(), shards=Shards.parse(shards, 8))

        async def restart(service: GameService, worker: str) -> None:
            async def catch_up(game: GameInfo) -> bool:
                caught[game.id] += 1
                await asyncio.sleep(0.01)  # posting takes a while
                await service.set_message(game.id, "announced", str(game.version))
                return True

            async def play(game: GameInfo) -> bool:
                played[game.id] += 1
                while await service.robots.move(game.id) is not None:
                    await asyncio.sleep(0)
                return True

            await service.jobs.catch_up("announced", worker, catch_up)
            await service.jobs.ai_turns(worker, play)

        low, high = service_on(first, "0-5"), service_on(second, "2-7")
        await asyncio.gather(restart(low, "low"), restart(high, "high"))
        assert caught == Counter(behind)
        assert played == Counter(ais)
        for game_id in ais:
            assert (await low.game(game_id)).to_act == (ALICE.user_id,)
        assert await first._fetchall("SELECT * FROM game_jobs") == []  # all released
        for service in (setup, low, high):
            service.close()
    finally:
        await first.close()
        await second.close()


async def test_a_game_whose_lease_ran_out_and_was_taken_is_skipped(
    store: SqlStore, nim: None
) -> None:
    """A batch's work outlasts the lease: before each game's turn the lease is renewed
    (past half of it); a game another process took meanwhile is skipped, not done twice."""
    clock = Clock()
    service = GameService(store, seed_source=seeds(), clock=clock)
    first, second, third = await behind_games(service, 3)
    worked: list[int] = []

    async def slow(game: GameInfo) -> bool:
        worked.append(game.id)
        if game.id == first:
            clock.advance(minutes=LEASE / 60 + 1)  # the leases of the batch run out
            now = epoch(clock.now)
            taken = await store.claim_games(BEHIND, "other", now, now + LEASE, after=first, limit=1)
            assert [r.id for r in taken] == [second]  # another process takes one of them
        await service.set_message(game.id, "announced", str(game.version))
        return True

    done = await service.jobs.catch_up("announced", "slow", slow)
    assert worked == [first, third] and done == [first, third]
    row = await store._fetchall("SELECT game_id, claimed_by FROM game_jobs")
    assert [tuple(r) for r in row] == [(second, "other")]  # still the other's
    service.close()


async def test_a_restart_takes_back_at_once_what_its_dead_predecessor_held(
    database: str, nim: None
) -> None:
    """A worker named ``<identity>#<instance>`` takes back, whatever the lease, the jobs
    another instance of its identity holds (its predecessor, dead); a worker of another
    identity still waits for the lease to run out."""
    store = await open_store(database)
    try:
        games = await behind_games(GameService(store, seed_source=seeds(), clock=Clock()), 4)
        held = await store.claim_games(BEHIND, "host/0-3 of 8#dead", 100, 700, limit=3)
        assert [r.id for r in held] == games[:3]
        assert [r.id for r in await store.claim_games(BEHIND, "elsewhere#x", 101, 701)] == [
            games[3]
        ]
        assert await store.claim_games(BEHIND, "host/0-3 of 8,9#y", 101, 701) == []
        back = await store.claim_games(BEHIND, "host/0-3 of 8#next", 101, 701)
        assert [r.id for r in back] == games[:3]  # at once, not at 700
        assert not await store.renew_game(BEHIND, "host/0-3 of 8#dead", games[0], 900)
        assert await store.claim_games(BEHIND, "host/0-3 of 8#next", 102, 702) == []  # its own
    finally:
        await store.close()


async def test_a_sweep_takes_only_the_claims_a_dead_holder_left(store: SqlStore, nim: None) -> None:
    """``fresh=False`` makes no job: it claims the rows whose holder's lease ran out, or
    that a claimer made and never claimed (it died before that batch)."""
    service = GameService(store, seed_source=seeds(), clock=Clock())
    first, second, third = await behind_games(service, 3)
    assert await store.claim_games(BEHIND, "w#1", 100, 700, fresh=False) == []  # none yet
    assert [r.id for r in await store.claim_games(BEHIND, "dead#1", 100, 200, limit=2)] == [
        first,
        second,
    ]
    swept = await store.claim_games(BEHIND, "w#1", 150, 750, fresh=False)
    assert [r.id for r in swept] == [third]  # the two others are still held
    swept = await store.claim_games(BEHIND, "w#1", 201, 801, fresh=False)
    assert [r.id for r in swept] == [first, second]


async def test_a_process_dead_part_way_is_resumed_at_once_by_its_restart(
    database: str, nim: None
) -> None:
    """A process claims the AI turns of six games, plays two, and dies; restarted at
    once under the same identity (host and shard range), it plays the other four."""
    first, second = await open_store(database), await open_store(database)
    try:
        setup = GameService(first, seed_source=seeds(), clock=Clock())
        ais = [await ai_waiting(setup, GUILDS[n % 8]) for n in range(6)]
        dead = GameService(first, clock=Clock())
        claimed = await dead.jobs.claim(AI_TURNS, worker_name("host/all"))
        assert [g.id for g in claimed] == ais
        for game in claimed[:2]:
            while await dead.robots.move(game.id) is not None:
                pass
        # the process is killed here: nothing released
        restarted = GameService(second, clock=Clock())

        async def play(game: GameInfo) -> bool:
            return await restarted.robots.move(game.id) is not None

        resumed = await restarted.jobs.ai_turns(worker_name("host/all"), play)
        assert resumed == ais[2:]
        for game_id in ais:
            assert (await restarted.game(game_id)).to_act == (ALICE.user_id,)
        for service in (setup, dead, restarted):
            service.close()
    finally:
        await first.close()
        await second.close()


async def test_a_claim_that_ran_out_is_taken_up_by_a_running_process(
    database: str, nim: None
) -> None:
    """A process on another host claimed the AI turns of three games and died; a process
    already running takes them up by its sweep once the lease has run out (not before),
    without waiting for a start."""
    first, second = await open_store(database), await open_store(database)
    try:
        setup = GameService(first, seed_source=seeds(), clock=Clock())
        ais = [await ai_waiting(setup, GUILDS[n]) for n in range(3)]
        assert len(await GameService(first, clock=Clock()).jobs.claim(AI_TURNS, "h1#a")) == 3
        clock = Clock()
        running_one = GameService(second, clock=clock)

        async def play(game: GameInfo) -> bool:
            return await running_one.robots.move(game.id) is not None

        assert await running_one.jobs.ai_turns("h2#b", play, sweep=True) == []
        clock.advance(minutes=LEASE / 60 + 1)
        assert await running_one.jobs.ai_turns("h2#b", play, sweep=True) == ais
        for game_id in ais:
            assert (await running_one.game(game_id)).to_act == (ALICE.user_id,)
        assert await first._fetchall("SELECT * FROM game_jobs") == []
        setup.close()
        running_one.close()
    finally:
        await first.close()
        await second.close()


async def test_a_game_whose_work_goes_on_keeps_its_lease(
    store: SqlStore, nim: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's work outlasting the lease (a long AI turn) has its lease renewed while it
    goes on: another process's sweep does not take the game from a living holder."""
    monkeypatch.setattr(jobs, "RENEW", 0.01)
    clock = Clock()
    service = GameService(store, seed_source=seeds(), clock=clock)
    (game_id,) = await behind_games(service, 1)
    swept: list[list[int]] = []

    async def long_work(game: GameInfo) -> bool:
        for _ in range(3):
            clock.advance(minutes=LEASE / 60 / 2 + 1)  # more than a lease in all
            await asyncio.sleep(0.05)  # the renewal runs meanwhile
            now = epoch(clock.now)
            taken = await store.claim_games(BEHIND, "other#1", now, now + LEASE, fresh=False)
            swept.append([r.id for r in taken])
        return True

    assert await service.jobs.catch_up("announced", "me#1", long_work) == [game_id]
    assert swept == [[], [], []]
    service.close()
