"""Copy every row of a SQLite database into an empty PostgreSQL one (``campfire db copy``).

The source is opened read-only and must be at this code's schema version (start the bot
on it once to migrate it); the target is migrated by ``PostgresStore`` and must hold no
row yet. Every table is copied in one transaction with PostgreSQL's ``COPY``, in the
order of SQLite's rows (so ``results`` keeps the order in which games ended), values
converted to the target column's type; identity counters continue after the copied ids.
Replaying the games on the target is the caller's check (``bot.frontends.dbcommands``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.store.maintenance import MaintenanceError
from bot.store.postgres import PostgresStore
from bot.store.schema import MIGRATIONS

TABLES = (
    "guild_settings",
    "games",
    "seats",
    "moves",
    "messages",
    "results",
    "undos",
    "undone_moves",
    "ratings",
    "rated_games",
    "rematches",
    "turn_clocks",
    "reminders",
    "away",
    "user_settings",
    "game_jobs",
    "hints",
    "seasons",
    "season_ratings",
    "lobby_requirements",
    "notices",
    "game_follows",
    "tournaments",
    "tournament_entries",
    "tournament_rounds",
    "tournament_tables",
    "tournament_news",
    "tournament_messages",
    "tournament_standings",
)
"""Every table but ``schema_version``, parents before the rows that point to them."""
IDENTITIES = (
    ("games", "id"),
    ("undos", "id"),
    ("reminders", "id"),
    ("seasons", "id"),
    ("notices", "id"),
    ("tournaments", "id"),
    ("tournament_news", "id"),
)
GENERATED = {"results": {"rowid"}}
"""Columns PostgreSQL fills itself (SQLite's implicit rowid, made explicit there)."""
BATCH = 5_000

Convert = Callable[[Any], Any]
_CONVERTERS: dict[str, Convert] = {"bigint": int, "double precision": float, "text": str}


@contextmanager
def read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an existing SQLite file (never creates one)."""
    if not path.is_file():
        raise MaintenanceError(f"no database file at {path}")
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
    except sqlite3.Error as exc:
        raise MaintenanceError(f"{path} cannot be read by SQLite ({exc})") from exc
    try:
        yield connection
    finally:
        connection.close()


def _source_problem(db: sqlite3.Connection, path: Path) -> str | None:
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" not in tables:
        return f"{path} is not a Campfire database (no schema_version table)"
    (version,) = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
    if int(version) != len(MIGRATIONS):
        return (
            f"{path} is at schema version {version}, this code at {len(MIGRATIONS)}: "
            "run this version of Campfire on it once (or `campfire db check`) first"
        )
    missing = sorted(set(TABLES) - tables)
    return f"{path} lacks the tables {', '.join(missing)}" if missing else None


async def copy_into(source: Path, target: PostgresStore) -> dict[str, int]:
    """Copy every table of the SQLite file ``source`` into the open, migrated ``target``;
    how many rows each table received. Raises ``MaintenanceError`` (nothing written) when
    the source is not a Campfire database of this schema or the target holds any row."""
    with read_only(source) as db:
        try:
            problem = _source_problem(db, source)
            if problem:
                raise MaintenanceError(problem)
            return await _copy_tables(db, target)
        except sqlite3.Error as exc:
            raise MaintenanceError(f"{source} cannot be read by SQLite ({exc})") from exc


async def _copy_tables(db: sqlite3.Connection, target: PostgresStore) -> dict[str, int]:
    copied: dict[str, int] = {}
    async with target.pool.acquire() as connection, connection.transaction():
        for table in TABLES:
            if await connection.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                raise MaintenanceError(
                    f"{target.path} is not empty (its table {table} has rows): "
                    "copy into a new database"
                )
        for table in TABLES:
            types = {
                str(r[0]): str(r[1])
                for r in await connection.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = current_schema() AND table_name = $1",
                    table,
                )
            }
            columns = [str(r[1]) for r in db.execute(f"PRAGMA table_info({table})")]
            expected = set(types) - GENERATED.get(table, set())
            if set(columns) != expected:
                raise MaintenanceError(
                    f"the table {table} differs: SQLite has {sorted(columns)}, "
                    f"PostgreSQL {sorted(expected)}"
                )
            converters = [_CONVERTERS.get(types[c], _same) for c in columns]
            cursor = db.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY rowid")
            copied[table] = 0
            while batch := cursor.fetchmany(BATCH):
                records = [
                    tuple(None if v is None else f(v) for f, v in zip(converters, row, strict=True))
                    for row in batch
                ]
                await connection.copy_records_to_table(table, records=records, columns=columns)
                copied[table] += len(records)
        for table, column in IDENTITIES:
            await connection.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                f"COALESCE(MAX({column}), 0) + 1, false) FROM {table}"
            )
    return copied


def _same(value: Any) -> Any:
    return value
