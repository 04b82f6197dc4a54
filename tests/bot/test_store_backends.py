"""The two backends side by side: the same schema, the same guarantees under concurrent
writers (two stores on one database: two connections to a SQLite file, two connection
pools on PostgreSQL), and each backend's own way to refuse what it cannot serve."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.frontends.cli import main
from bot.store import (
    ClockChange,
    NewEntry,
    PostgresStore,
    RatingRow,
    ResultRow,
    SeatClock,
    SqlStore,
    Store,
    StoreError,
    is_postgres_url,
    store_for,
)
from bot.store.postgres import numbered, shown_url
from bot.store.protocol import GameStore
from campfire_testing.pgcluster import Cluster, fresh_database
from rules.base import Text
from rules.i18n import translate
from tests.bot.conftest import store_on

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def _lobby(store: SqlStore, max_seats: int = 4, guild: str = "g") -> int:
    return await store.create_game(
        guild_id=guild,
        channel_id="c",
        rules="nim",
        rules_version=1,
        options={},
        seed="s",
        creator="u0",
        creator_name="P0",
        min_seats=2,
        max_seats=max_seats,
        at=AT,
    )


def _move(game_id: int, version: int, n: int, seat: str = "u0", **more: object) -> NewEntry:
    return NewEntry(
        game_id,
        expected_version=version,
        seat=seat,
        code=f"take{n}",
        label=Text("nim.take", {"n": n}),
        at=AT,
        snapshot=f"{{{n}}}",
        over=False,
        turn_started=True,
        **more,  # type: ignore[arg-type]
    )


async def test_concurrent_moves_at_one_revision_apply_once(database: str) -> None:
    async with store_for(database) as one, store_for(database) as two:
        game_id = await _lobby(one)
        assert await one.start_game(game_id, ["u0"], "{}", AT)
        for version in range(5):
            applied = await asyncio.gather(
                *(
                    store.append_move(_move(game_id, version, n))
                    for n, store in enumerate((one, two, one, two), start=1)
                )
            )
            committed = [row for row in applied if row is not None]
            assert len(committed) == 1, (version, applied)
            assert committed[0].version == version + 1
        assert [m.seq for m in await two.moves(game_id)] == [0, 1, 2, 3, 4]
        assert (row := await one.game(game_id)) is not None and row.version == 5


async def test_the_committed_row_is_the_game_as_read_back(database: str) -> None:
    """``append_move`` answers the game as the database committed it: the same row a
    read gives after it, with the new revision, snapshot, turn start, clocks (and their
    seats' return dates), the seat that resigned and the status once over."""
    later = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    async with store_for(database) as store:
        game_id = await _lobby(store)
        assert await store.add_seat(game_id, "u1", "P1", AT)
        assert await store.start_game(game_id, ["u0", "u1"], "{}", AT)
        start = int(AT.timestamp())
        await store.set_away("u1", start, 1_800_000_000)
        clock = SeatClock("u1", 1, start, start + 3600, reminders=(("nudge", start + 60),))
        entry = replace(_move(game_id, 0, 2, clocks=ClockChange(("u0",), (clock,))), at=later)
        committed = await store.append_move(entry)
        assert committed is not None and committed == await store.game(game_id)
        assert (committed.version, committed.snapshot, committed.status) == (1, "{2}", "running")
        assert committed.turn_started_at == later == committed.updated_at
        assert [(c.seat, c.deadline, c.away_until) for c in committed.clocks] == [
            (
                "u1",
                datetime.fromtimestamp(start + 3600, UTC),
                datetime.fromtimestamp(1_800_000_000, UTC),
            )
        ]
        assert committed.resigned is None
        quiet = replace(_move(game_id, 1, 1, seat="u1"), turn_started=False, at=AT)
        unchanged = await store.append_move(quiet)
        assert unchanged is not None and unchanged == await store.game(game_id)
        assert unchanged.turn_started_at == later and unchanged.clocks == committed.clocks
        resign = replace(
            _move(game_id, 2, 1, seat="u1"),
            code="!resign",
            over=True,
            results=(ResultRow("u0", 1, 0), ResultRow("u1", 2, 0)),
        )
        assert resign.resigns and not entry.resigns
        over = await store.append_move(resign)
        assert over is not None and over == await store.game(game_id)
        assert (over.status, over.resigned, over.clocks, over.version) == ("over", "u1", (), 3)
        assert await store.append_move(replace(resign, expected_version=3)) is None


async def test_the_entry_at_a_revision_is_read_back_taken_back_or_not(database: str) -> None:
    """How a move whose commit had no answer is found out (``entry_at``)."""
    async with store_for(database) as store:
        game_id = await _lobby(store)
        assert await store.start_game(game_id, ["u0"], "{}", AT)
        for version in range(2):
            assert await store.append_move(_move(game_id, version, 1))
        assert await store.undo(game_id, expected_version=2, count=1, by="u0", at=AT, snapshot="{}")
        first, second = await store.entry_at(game_id, 0), await store.entry_at(game_id, 1)
        assert first is not None and (first.seq, first.seat, first.code) == (0, "u0", "take1")
        assert second is not None and second.seq == 1  # taken back, still the entry there
        assert await store.entry_at(game_id, 2) is None  # the undo's revision: no entry
        assert await store.entry_at(game_id, 3) is None


async def test_concurrent_joins_never_overfill_a_lobby(database: str) -> None:
    async with store_for(database) as one, store_for(database) as two:
        game_id = await _lobby(one, max_seats=3)
        joined = await asyncio.gather(
            *(
                store.add_seat(game_id, f"u{n}", f"P{n}", AT)
                for n, store in zip(range(1, 9), [one, two] * 4, strict=True)
            )
        )
        assert joined.count(True) == 2
        row = await two.game(game_id)
        assert row is not None and [s.position for s in row.seats] == [0, 1, 2]


async def test_two_stores_rate_the_same_games_once(database: str) -> None:
    async with store_for(database) as one, store_for(database) as two:
        games = [await _lobby(one) for _ in range(3)]
        rating = [RatingRow("nim", "u0", 26.0, 8.0, 3, 2)]
        saved = await asyncio.gather(
            one.save_ratings("g", "nim", games, rating),
            two.save_ratings("g", "nim", games[1:], rating),
        )
        assert sorted(saved) == [False, True]
        winner = games if saved[0] else games[1:]
        rated = await two._fetchall("SELECT game_id FROM rated_games ORDER BY game_id")
        assert [r[0] for r in rated] == winner  # the loser wrote nothing, not even a part
        assert await one.ratings("g") == rating
        assert not await two.save_ratings("g", "nim", games, rating)


async def test_two_stores_claim_each_due_reminder_once(database: str) -> None:
    async with store_for(database) as one, store_for(database) as two:
        clocks = []
        for _ in range(30):
            game_id = await _lobby(one)
            clock = SeatClock("u0", 0, 100, 200, None, (("half", 150), ("deadline", 200)))
            assert await one.start_game(game_id, ["u0"], "{}", AT)
            clocks.append((game_id, clock))
        await _add_clocks(one, clocks)
        claims = await asyncio.gather(
            *(store.claim_reminders(300, f"w{n}", 400, 7) for n, store in enumerate([one, two] * 6))
        )
        ids = [r.id for claim in claims for r in claim]
        # A claim racing another may come back short (PostgreSQL skips a row that was
        # claimed while it looked), never with a row twice: the next pass takes the rest.
        while later := await one.claim_reminders(300, "w-next", 400, 7):
            ids += [r.id for r in later]
        assert len(ids) == len(set(ids)) == 60


async def _add_clocks(store: SqlStore, clocks: list[tuple[int, SeatClock]]) -> None:
    async with store._transaction() as db:
        for game_id, clock in clocks:
            await db.execute(
                "INSERT INTO turn_clocks (game_id, seat, revision, started, deadline) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, clock.seat, clock.revision, clock.started, clock.deadline),
            )
    assert all(await store.reschedule_clocks(clocks))


async def _columns(store: SqlStore) -> dict[str, list[tuple[str, str, bool]]]:
    """Each table's columns as (name, affinity, nullable), in order."""
    if isinstance(store, PostgresStore):
        rows = await store._fetchall(
            "SELECT table_name, column_name, data_type, is_nullable = 'YES' "
            "FROM information_schema.columns WHERE table_schema = current_schema() "
            "ORDER BY table_name, ordinal_position"
        )
        kinds = {"bigint": "INTEGER", "integer": "INTEGER", "text": "TEXT"}
        kinds["double precision"] = "REAL"
        found: dict[str, list[tuple[str, str, bool]]] = {}
        for table, column, kind, nullable in rows:
            if (table, column) != ("results", "rowid"):
                found.setdefault(table, []).append((column, kinds[kind], bool(nullable)))
        return found
    found = {}
    for (table,) in await store._fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ):
        info = await store._fetchall(f"PRAGMA table_info({table})")
        found[table] = [(name, kind, not (notnull or pk)) for _, name, kind, notnull, _, pk in info]
    return dict(sorted(found.items()))


async def test_both_schemas_have_the_same_tables_columns_and_indexes(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    async with (
        fresh_database(pg_cluster) as url,
        Store(tmp_path / "a.sqlite3") as lite,
        PostgresStore(url) as post,
    ):
        assert await lite.schema_version() == await post.schema_version()
        assert await _columns(post) == await _columns(lite)
        lite_indexes = await lite._fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
        post_indexes = await post._fetchall(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
            "AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"
        )
        assert sorted(r[0] for r in post_indexes) == sorted(r[0] for r in lite_indexes)


def test_a_url_chooses_postgresql_and_a_path_sqlite(tmp_path: Path) -> None:
    url = "postgresql://campfire:secret@db.example:5432/games"
    assert isinstance(store_for(url), PostgresStore)
    assert isinstance(store_for(str(tmp_path / "x.sqlite3")), Store)
    assert is_postgres_url("postgres://h/d") and not is_postgres_url("postgresql.sqlite3")
    store: GameStore = store_for(url)
    assert store.path == "postgresql://campfire:***@db.example:5432/games" == shown_url(url)


def test_placeholders_are_numbered_for_postgresql() -> None:
    assert numbered("SELECT ? WHERE a = ? AND b IN (?, ?)") == (
        "SELECT $1 WHERE a = $2 AND b IN ($3, $4)"
    )


async def test_an_unreachable_server_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A server that cannot be reached: check its address and that it runs (not "check
    the file"), in one line, in English and French, without the URL's password."""
    url = "postgresql://nobody:s3cret@127.0.0.1:9/none"
    with pytest.raises(StoreError, match="store.unreachable") as refused:
        await PostgresStore(url).connect()
    english = translate(Text(refused.value.key, refused.value.params), "en")
    assert english.startswith("Cannot connect to the database server postgresql://nobody:***@")
    assert english.endswith("Check its address in the URL and that the server is running.")
    french = translate(Text(refused.value.key, refused.value.params), "fr")
    assert "Vérifiez son adresse dans l'URL et que le serveur est démarré." in french
    argv = ["console", "nim", "--players", "2", "--db", url]
    assert await asyncio.to_thread(main, argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("campfire: ") and len(err.strip().splitlines()) == 1, err
    assert "server is running" in err and "file" not in err
    assert "s3cret" not in english + french + err


async def test_a_password_quoted_by_the_server_is_hidden(pg_cluster: Cluster) -> None:
    store = PostgresStore(pg_cluster.url().replace("campfire@", "campfire:s3cret@"))
    error = store._error("store.unreachable", OSError("no route for s3cret"))
    assert "s3cret" not in translate(Text(error.key, error.params), "en")
    assert "no route for ***" in translate(Text(error.key, error.params), "en")


async def test_a_newer_postgresql_schema_is_refused(pg_cluster: Cluster) -> None:
    async with fresh_database(pg_cluster) as url:
        async with store_on(url):
            pass
        with pytest.raises(StoreError, match="store.newer_schema"):
            await store_on(url, migrations=2).connect()


async def test_demo_and_check_take_either_database(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo", "nim", "--players", "2", "--seed", "s1", "--out", str(tmp_path / "out")]
    assert await asyncio.to_thread(main, [*argv, "--db", database]) == 0
    assert await asyncio.to_thread(main, ["db", "check", "--db", database]) == 0
    assert "ok (1 game(s), 1 replayed against their snapshot)" in capsys.readouterr().out
