"""Several bot processes on one PostgreSQL database (real OS processes running the
service layer, ``campfire_testing/shard_worker.py``): nothing lost, nothing done twice.

Discord sends a game's interactions to the process of its server's shard only, but two
processes must stay safe if they race on a game all the same (a button pressed twice,
two processes configured with overlapping ranges); their scheduled work is claimed per
row (``FOR UPDATE SKIP LOCKED``) and filtered to their shards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.service import GameService
from bot.shards import shard_of
from bot.store import SqlStore, epoch, open_store
from campfire_testing.pgcluster import Cluster, fresh_database
from campfire_testing.shard_worker import run_workers
from tests.bot.conftest import ALICE, BOB, seeds
from tests.bot.days import START, Clock, running

pytestmark = pytest.mark.usefixtures("nim")

COUNT = 8
GUILDS = [str((n << 22) + 777) for n in range(COUNT)]  # shards 0..7
GAMES = 32


@pytest.fixture
async def pg_url(pg_cluster: Cluster) -> AsyncIterator[str]:
    async with fresh_database(pg_cluster) as url:
        yield url


async def tables(store: SqlStore) -> dict[int, str]:
    """``GAMES`` running Nim games of Alice and Bob (Alice to act) with a one-day clock,
    spread over the servers of the eight shards; every fourth one's clock plays for a
    late player (``auto``), the others remind. ``{game id: policy}``."""
    service = GameService(store, seed_source=seeds(), clock=Clock())
    found = {}
    for n in range(GAMES):
        policy = "auto" if n % 4 == 3 else "remind"
        game_id = await running(
            service, ALICE, BOB, clock_hours=24, policy=policy, stones=15, guild_id=GUILDS[n % 8]
        )
        found[game_id] = policy
    service.close()
    return found


async def test_two_processes_on_two_shard_ranges_lose_and_double_nothing(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        games = await tables(store)
        guild_of = {g: GUILDS[n % 8] for n, g in enumerate(sorted(games))}

        # Half time: each process reminds the players of its own shards' games, once.
        half = epoch(START + timedelta(hours=12))
        low, high = run_workers(pg_url, ["0-3", "4-7"], COUNT, half, "reminders")
        for found, mine in ((low, range(4)), (high, range(4, 8))):
            assert {shard_of(guild_of[g], COUNT) for g, _, _ in found["sent"]} <= set(mine)
        sent = Counter(tuple(r) for r in low["sent"] + high["sent"])
        assert sent == Counter({(g, "u1", "half"): 1 for g in games})

        # Deadline, with two processes serving every shard (overlapping ranges): the
        # per-row claim alone keeps each reminder and each timeout to one process. (A
        # pass claims few rows, so the one-hour reminders, due first, are mostly claimed
        # by other passes than the deadlines: past the deadline they are never sent.)
        late = epoch(START + timedelta(hours=24, minutes=1))
        first, second = run_workers(pg_url, ["0-7", "0-7"], COUNT, late, "reminders")
        sent = Counter(tuple(r) for r in first["sent"] + second["sent"])
        assert set(sent.values()) == {1}
        assert {r for r in sent if r[2] == "late"} == {
            (g, "u1", "late") for g, p in games.items() if p == "remind"
        }
        assert {r[2] for r in sent} == {"late"}  # never "one hour left" after "time is up"
        timed_out = Counter(tuple(r) for r in first["timed_out"] + second["timed_out"])
        assert timed_out == Counter({(g, "u1", "auto"): 1 for g, p in games.items() if p == "auto"})
        for game_id, policy in games.items():
            log = await store.moves(game_id)
            assert [m.by_clock for m in log] == ([True] if policy == "auto" else [])

        # Moves: both processes press every game's Play button in the same order, so
        # they race; each revision is applied by exactly one of them.
        order = sorted(games)
        one, two = run_workers(pg_url, ["0-3", "4-7"], COUNT, epoch(START), "moves", order)
        applied = [tuple(a) for a in one["applied"] + two["applied"]]
        assert len(set((g, v) for g, v, _ in applied)) == len(applied)  # none twice
        assert one["stale"] + two["stale"] > 0  # they did race
        service = GameService(store, clock=Clock())
        for game_id in games:
            info = await service.game(game_id)  # the log replays to the stored state
            assert info.status == "over"
            log = [m for m in await store.moves(game_id) if not m.by_clock]
            mine = sorted((v, c) for g, v, c in applied if g == game_id)
            assert [c for _, c in mine] == [m.code for m in log]  # none lost
            assert info.version == len(log) + (games[game_id] == "auto")
        service.close()
    finally:
        await store.close()


async def test_two_processes_with_overlapping_shards_restart_each_game_once(pg_url: str) -> None:
    """Both processes start at once, serving overlapping shard ranges: each game's table
    is caught up by one of them, and each game's AI turns left undone are played by
    one of them, once."""
    store = await open_store(pg_url)
    try:
        service = GameService(store, seed_source=seeds(), clock=Clock())
        behind = []
        for n in range(GAMES):
            game_id = await running(service, ALICE, BOB, guild_id=GUILDS[n % 8])
            await service.set_message(game_id, "announced", "stale")
            behind.append(game_id)
        ais = []
        for n in range(GAMES // 2):
            lobby = await service.create_lobby(
                rules="nim",
                options={"stones": 9},
                guild_id=GUILDS[n % 8],
                channel_id="c1",
                creator=ALICE,
                ai=2,
            )
            await service.start(lobby.id, ALICE.user_id, shuffle_seats=False)
            await service.play(lobby.id, ALICE.user_id, "take1")  # the AI seats' turns next
            ais.append(lobby.id)
        one, two = run_workers(pg_url, ["0-5", "2-7"], COUNT, epoch(START), "restart")
        assert Counter(one["caught"] + two["caught"]) == Counter(behind)
        assert Counter(one["ai_games"] + two["ai_games"]) == Counter(ais)
        moves = [tuple(m) for m in one["ai_moves"] + two["ai_moves"]]
        assert sorted(moves) == sorted((g, v) for g in ais for v in (2, 3))  # two AI seats
        for game_id in ais:
            info = await service.game(game_id)
            assert info.to_act == (ALICE.user_id,) and info.version == 3
        assert await store._fetchall("SELECT * FROM game_jobs") == []
        service.close()
    finally:
        await store.close()
