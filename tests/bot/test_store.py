"""The store on both backends: migrations on fresh and existing databases, foreign keys,
the append-only log; SQLite's WAL."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, NewEntry, SqlStore, Store, StoreError, default_path
from rules.base import Text
from tests.bot.conftest import DATABASE_ERRORS, execute, store_on

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def _new_game(store: SqlStore) -> int:
    return await store.create_game(
        guild_id="g",
        channel_id="c",
        rules="nim",
        rules_version=1,
        options={"stones": 5},
        seed="s",
        creator="u1",
        creator_name="Alice",
        min_seats=2,
        max_seats=4,
        at=AT,
    )


async def test_fresh_database_gets_every_migration(db_path: Path) -> None:
    async with Store(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        cursor = await store.db.execute("PRAGMA journal_mode")
        assert (await cursor.fetchone())[0] == "wal"  # type: ignore[index]
        cursor = await store.db.execute("PRAGMA foreign_keys")
        assert (await cursor.fetchone())[0] == 1  # type: ignore[index]
    tables = {
        r[0]
        for r in sqlite3.connect(db_path).execute(
            "SELECT name FROM sqlite_master WHERE type='table'"
        )
    }
    assert {"schema_version", "guild_settings", "games", "seats", "moves", "messages"} <= tables


async def test_existing_database_is_migrated_and_keeps_its_data(empty_database: str) -> None:
    database = empty_database
    async with store_on(database, migrations=1) as old:
        assert await old.schema_version() == 1
        game_id = await _new_game(old)
    async with store_on(database) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        row = await store.game(game_id)
        assert row is not None and row.options == {"stones": 5} and row.seats[0].name == "Alice"
    async with store_on(database) as again:  # re-opening applies nothing twice
        assert await again.schema_version() == len(MIGRATIONS)
        versions = await again._fetchall("SELECT version FROM schema_version ORDER BY version")
    assert [v for (v,) in versions] == list(range(1, len(MIGRATIONS) + 1))


async def test_newer_database_is_refused(empty_database: str) -> None:
    database = empty_database
    async with store_on(database):
        pass
    with pytest.raises(StoreError, match="store.newer_schema"):
        await store_on(database, migrations=1).connect()


async def test_move_log_is_append_only_and_version_checked(store: SqlStore) -> None:
    game_id = await _new_game(store)
    assert await store.start_game(game_id, ["u1"], "{}", AT)
    entry = NewEntry(
        game_id,
        expected_version=0,
        seat="u1",
        code="take1",
        label=Text("nim.take", {"n": 1}),
        at=AT,
        snapshot="{1}",
        over=False,
        turn_started=True,
    )
    assert await store.append_move(entry)
    assert await store.append_move(replace(entry, snapshot="{x}")) is None
    moves = await store.moves(game_id)
    assert [(m.seq, m.code, m.label) for m in moves] == [(0, "take1", Text("nim.take", {"n": 1}))]
    row = await store.game(game_id)
    assert row is not None and row.version == 1 and row.snapshot == "{1}"
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await execute(store, "DELETE FROM moves")
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await execute(store, "UPDATE moves SET code = 'take3'")


async def test_foreign_keys_are_enforced(store: SqlStore) -> None:
    with pytest.raises(DATABASE_ERRORS):
        await store.set_message(999, "turn", "m1")


def test_default_path_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CAMPFIRE_DB", raising=False)
    assert default_path() == "campfire.sqlite3"
    monkeypatch.setenv("CAMPFIRE_DB", "/tmp/elsewhere.sqlite3")
    assert default_path() == "/tmp/elsewhere.sqlite3"


async def test_the_layout_migration_keeps_stored_notify_preferences(empty_database: str) -> None:
    """Migration 8 adds the layout of a player's private views (``/campfire me``): a
    direct-message choice stored before it (``/campfire notify``) is kept, and the layout
    is the default until chosen; choosing one keeps the DM choice."""
    from bot.store import UserSettings

    async with store_on(empty_database, migrations=7) as old:
        await execute(
            old,
            "INSERT INTO user_settings (user_id, notify_dm, dm_closed) VALUES (?, ?, ?)",
            ("u1", 1, 0),
        )
    async with store_on(empty_database) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        found = await store.user_settings(["u1"])
        assert found["u1"] == UserSettings(notify_dm=True, dm_closed=False, layout=None)
        await store.save_user_settings("u1", UserSettings(True, False, "full"))
        assert (await store.user_settings(["u1"]))["u1"].layout == "full"
        assert (await store.user_settings(["u1"]))["u1"].notify_dm
