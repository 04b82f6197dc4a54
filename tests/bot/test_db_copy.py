"""``campfire db copy --from FILE --to URL``: a SQLite database with a row in every table
arrives whole in PostgreSQL, its games replay and go on there; a non-empty target, a
missing source and a target that is not a URL are refused."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.frontends.cli import main
from bot.service import GameService
from bot.service.fairness import Requirement
from bot.store import GuildSettings, PostgresStore, Store, behind_job
from bot.store.transfer import GENERATED, TABLES
from campfire_testing.pgcluster import Cluster, fresh_database
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, running_nim
from tests.bot.days import Clock, running, service_on


async def _every_table(service: GameService, clock: Clock) -> None:
    """Games in every state, with a row in each table."""
    await service.seasons.start("g1", "Spring")  # a season
    over = await running_nim(service, ALICE, BOB, stones=5)
    while (info := await service.game(over)).status == "running":  # over: results
        await service.play(over, info.to_act[0], "take1")
    clock.advance(minutes=1)
    await service.seasons.end("g1")  # its final table
    await service.standings("g1", "nim", ALICE.user_id)  # ratings, rated games
    await service.rematch(over, BOB)  # a rematch lobby
    undone = await running_nim(service, ALICE, BOB, CAROL, stones=9)
    await service.play(undone, ALICE.user_id, "take2")
    await service.undos.request(undone, ALICE.user_id)
    await service.undos.answer(undone, BOB.user_id, True, version=1)
    await service.undos.answer(undone, CAROL.user_id, True, version=1)  # undos
    await service.create_lobby(  # a lobby's requirement
        rules="nim",
        options={},
        guild_id="g1",
        channel_id="c1",
        creator=CAROL,
        requirement=Requirement(min_completion=0.5, min_finished=1),
    )
    stopped = await running_nim(service, ALICE, BOB)
    await service.abort(stopped, ALICE.user_id)  # who stopped it
    cup = await service.tournaments.open(  # a tournament: places, a round, tables, news
        guild_id="g1", channel_id="c1", organiser=ALICE, rules="nim", rounds=1
    )
    for player in (CAROL, DAVE):
        await service.tournaments.register(cup.id, player)
    (table,) = (await service.tournaments.start(cup.id, ALICE.user_id)).opened
    await service.store.set_tournament_message(cup.id, "registration", "m0")  # its message
    while (game := await service.game(table.game.id)).status == "running":
        await service.play(game.id, game.to_act[0], "take1")
    assert (await service.tournaments.tournament(cup.id)).status == "over"  # its final table
    clocked = await running(service, ALICE, BOB, clock_hours=24)  # clocks, reminders
    await service.play(clocked, ALICE.user_id, "take1")
    await service.set_message(clocked, "board", "m1")
    await service.hints.hint(clocked, BOB.user_id)  # hints
    await service.set_message(clocked, "announced", "0")  # a catch-up held by a process
    assert await service.jobs.claim(behind_job("announced"), "crashed") != []  # that died
    await service.timing.save_guild_settings(
        "g1", GuildSettings(language="fr", nudge_hours=12, hints=False, max_games=3)
    )
    await service.timing.go_away(CAROL.user_id, clock.now + timedelta(days=2), max_days=None)
    await service.timing.set_notify(BOB.user_id, True)
    await service.notices.set_preferences(BOB.user_id, timezone="Europe/Paris", quiet="00:00-23:59")
    await service.notices.tell(await service.game(clocked), [BOB.user_id], "turn", "fr")  # notices
    await service.follows.choose(await service.game(clocked), CAROL.user_id, "turns")  # follows


def _sqlite_rows(path: Path, table: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        rows = db.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY rowid")
        return [tuple(r) for r in rows]


async def _postgres_rows(store: PostgresStore, path: Path, table: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    order = "rowid" if table in GENERATED else "1"
    if table == "undone_moves":
        order = "game_id, seq"
    rows = await store._fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")
    return [tuple(r) for r in rows]


@pytest.fixture
async def target(pg_cluster: Cluster) -> Any:
    async with fresh_database(pg_cluster) as url:
        yield url


async def test_copy_round_trip_every_table_and_every_game(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "old.sqlite3"
    clock = Clock()
    async with Store(source) as store:
        await _every_table(service_on(store, clock), clock)
    empty = [t for t in TABLES if not _sqlite_rows(source, t)]
    assert empty == []
    with sqlite3.connect(source) as db:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names - {"schema_version", "sqlite_sequence"} == set(TABLES)  # every table copied
    games = len(_sqlite_rows(source, "games"))
    started = sum(1 for r in _sqlite_rows(source, "games") if r[8] != "lobby")

    argv = ["db", "copy", "--from", str(source), "--to", target]
    assert await asyncio.to_thread(main, argv) == 0
    out = capsys.readouterr().out
    assert f"ok: {games} game(s) on the target, {started} replayed against their" in out, out

    async with PostgresStore(target) as copied:
        for table in TABLES:
            expected = _sqlite_rows(source, table)
            if table == "undone_moves":
                expected.sort()
            assert await _postgres_rows(copied, source, table) == expected, table
        async with Store(source) as original:
            for game_id in range(1, games + 1):
                assert await copied.game(game_id) == await original.game(game_id)
                assert await copied.moves(game_id) == await original.moves(game_id)
            assert await copied.ratings("g1") == await original.ratings("g1")
            assert await copied.finished_results("g1", "nim", unrated_only=False) == (
                await original.finished_results("g1", "nim", unrated_only=False)
            )
        service = service_on(copied, clock)
        played = await service.play(games, BOB.user_id, "take1")  # the last game goes on
        assert played.game.version == 2
        new = await running_nim(service, ALICE, BOB)  # ids go on after the copied ones
        assert new == games + 1

    # a second copy into the same database is refused, the target is left as it was
    assert await asyncio.to_thread(main, argv) == 2
    assert "is not empty" in capsys.readouterr().err


def test_copy_refuses_a_missing_source_and_a_target_that_is_no_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["db", "copy", "--from", str(missing), "--to", str(tmp_path / "x")]) == 2
    assert "--to must be a postgresql:// URL" in capsys.readouterr().err
    assert main(["db", "copy", "--from", str(missing), "--to", "postgresql://nowhere/x"]) == 2
    assert f"no database file at {missing}" in capsys.readouterr().err
