"""Sharding: a game belongs to its server's shard, and a process only does the scheduled
work (reminders, timeouts, catch-up, AI seats) of the games on its shards."""

from __future__ import annotations

import sqlite3
import sys
import types
from pathlib import Path

import discord
import pytest

from bot.config import Settings
from bot.frontends import cli, serving
from bot.service import GameService
from bot.shards import Shards, guild_number, owns, shard_of
from bot.store import Store, open_store
from bot.store.database import claim_statement
from bot.store.sqlite import SQLITE
from tests.bot.conftest import ALICE, BOB, seeds
from tests.bot.days import Clock, running, tick

pytestmark = pytest.mark.usefixtures("nim")

# Real server ids (snowflakes): the shard is (id >> 22) % count.
GUILDS = [str((n << 22) + 12345) for n in range(8)]


def test_the_shard_of_a_server_is_its_id_shifted_by_22_modulo_the_count() -> None:
    assert shard_of(81384788765712384, 8) == (81384788765712384 >> 22) % 8
    assert [shard_of(g, 8) for g in GUILDS] == list(range(8))
    assert [shard_of(g, 3) for g in GUILDS] == [0, 1, 2, 0, 1, 2, 0, 1]
    assert shard_of(GUILDS[5], 1) == 0


def test_a_game_outside_a_server_is_on_shard_0_like_a_direct_message() -> None:
    assert shard_of(None, 8) == 0
    assert shard_of("g1", 8) == 0  # test and console ids are not numbers
    assert guild_number("١٢٣") == 0  # digits, but not ASCII ones
    assert guild_number("123") == 123


def test_shard_ranges_are_parsed_and_printed() -> None:
    assert Shards.parse("0-3", 8) == Shards((0, 1, 2, 3), 8)
    assert Shards.parse("5", 8) == Shards((5,), 8)
    assert Shards.parse(" 6-7, 0-1,3 ", 8) == Shards((0, 1, 3, 6, 7), 8)
    assert str(Shards.parse("0-3,5,6-7", 8)) == "0-3,5-7 of 8"
    assert str(Shards((2,), 4)) == "2 of 4"
    assert Shards.parse("0-7", 8).is_all and not Shards.parse("0-6", 8).is_all


@pytest.mark.parametrize(
    ("text", "count", "message"),
    [
        ("0-8", 8, "from 0 to 7"),
        ("3-1", 8, "backwards"),
        ("a-b", 8, "like 0-3"),
        ("", 8, "like 0-3"),
        ("0", 0, "count must be"),
        ("0-99999", 100000, "up to 65535"),
        ("0", 100000, "count must be"),
    ],
)
def test_a_bad_shard_range_is_refused_with_a_sentence(text: str, count: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Shards.parse(text, count)


def test_a_process_owns_the_games_of_its_shards() -> None:
    low, high = Shards.parse("0-3", 8), Shards.parse("4-7", 8)
    for guild in [*GUILDS, None, "g1"]:
        assert low.owns(guild) != high.owns(guild)
    assert owns(None, GUILDS[7])  # no shards given: one process serves them all
    assert low.owns(None) and not high.owns(None)


async def test_two_processes_split_the_due_reminders_by_shard(database: str) -> None:
    """Two stores on one database (two processes), shards 0-3 and 4-7 of 8: each pass
    claims only the reminders of its games, together all of them, none twice."""
    clock = Clock()
    first, second = await open_store(database), await open_store(database)
    try:
        low = GameService(first, seed_source=seeds("a"), clock=clock, shards=Shards.parse("0-3", 8))
        high = GameService(
            second, seed_source=seeds("b"), clock=clock, shards=Shards.parse("4-7", 8)
        )
        games = {g: await running(low, ALICE, BOB, clock_hours=24, guild_id=g) for g in GUILDS}
        clock.advance(hours=12)
        assert await tick(high, "high") == sorted(
            (games[g], "u1", "half") for g in GUILDS if shard_of(g, 8) >= 4
        )
        assert await tick(low, "low") == sorted(
            (games[g], "u1", "half") for g in GUILDS if shard_of(g, 8) < 4
        )
        assert await tick(low, "low") == [] and await tick(high, "high") == []
        clock.advance(hours=12)
        # the deadline: each process times out its own games and no other
        late = await tick(high, "high") + await tick(low, "low")
        assert sorted(late) == sorted((games[g], "u1", "late") for g in GUILDS)
    finally:
        await first.close()
        await second.close()


async def test_restart_work_is_limited_to_the_process_shards(database: str) -> None:
    """Catch-up after a restart and the AI seats left to play: a process lists only the
    running games of its shards."""
    store = await open_store(database)
    try:
        everyone = GameService(store, seed_source=seeds(), clock=Clock())
        games = {g: await running(everyone, ALICE, BOB, guild_id=g) for g in GUILDS}
        await running(everyone, ALICE, BOB, guild_id="g1")  # no number: shard 0
        for game_id in games.values():
            await everyone.set_message(game_id, "announced", "stale")
        mine = GameService(store, clock=Clock(), shards=Shards.parse("1,6", 8))
        assert [g.id for g in await mine.running_games()] == [games[GUILDS[1]], games[GUILDS[6]]]
        behind = await mine.running_games_behind("announced")
        assert [g.id for g in behind] == [games[GUILDS[1]], games[GUILDS[6]]]
        assert len(await everyone.running_games()) == len(GUILDS) + 1
    finally:
        await store.close()


def test_run_reads_its_shards_from_the_command_line() -> None:
    assert serving.run_shards("0-3", 8) == Shards((0, 1, 2, 3), 8)
    assert serving.run_shards(None, 4) == Shards((0, 1, 2, 3), 4)  # all four in this process
    assert serving.run_shards(None, None) is None  # discord.py asks Discord how many
    with pytest.raises(serving.UsageError, match="needs --shard-count"):
        serving.run_shards("0-3", None)
    with pytest.raises(serving.UsageError, match="from 0 to 7"):
        serving.run_shards("4-8", 8)


def test_run_passes_the_shards_to_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Settings, Shards | None]] = []
    runner = types.ModuleType("bot.discord.runner")
    runner.run_bot = lambda settings, shards=None: calls.append((settings, shards))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord.runner", runner)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["run", "--shards", "4-7", "--shard-count", "8"]) == 0
    assert cli.main(["run"]) == 0
    assert [shards for _, shards in calls] == [Shards((4, 5, 6, 7), 8), None]
    assert cli.main(["run", "--shards", "0-3"]) == 2
    err = capsys.readouterr().err
    assert err == "campfire: --shards needs --shard-count (how many shards the bot has in all)\n"


async def test_the_claim_of_some_shards_still_reads_the_due_index(db_path: Path) -> None:
    """Each due row's game is found by its key: no scan of the reminders or the games."""
    async with Store(db_path):
        pass  # the schema
    claim = claim_statement(SQLITE, Shards.parse("0-3", 8))
    plan = sqlite3.connect(db_path).execute(f"EXPLAIN QUERY PLAN {claim}", (2, 2, 3, "w", 1))
    details = [str(row[-1]) for row in plan]
    assert any("USING INDEX reminders_due (due<?)" in d for d in details), details
    assert not any(d.startswith(("SCAN reminders", "SCAN g")) for d in details), details


def test_run_bot_lets_discord_py_shard_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``campfire run`` without shard options is discord.py's ``AutoShardedClient``
    with no shard ids (it asks Discord how many); with them, those shards."""
    from bot.discord import runner
    from bot.discord.client import ShardedCampfireClient

    assert issubclass(ShardedCampfireClient, discord.AutoShardedClient)
    made: list[Shards | None] = []

    class Recorder:
        def __init__(self, **options: object) -> None:
            made.append(options["shards"])  # type: ignore[arg-type]

        def run(self, token: str, *, log_handler: object = None) -> None:
            assert token == "abc"

    monkeypatch.setattr(runner, "ShardedCampfireClient", Recorder)
    settings = Settings("abc", str(tmp_path / "bot.sqlite3"), None, "WARNING")
    runner.run_bot(settings)
    runner.run_bot(settings, shards=Shards((0, 1), 4))
    assert made == [None, Shards((0, 1), 4)]
