"""The SQLite backend: one aiosqlite connection (WAL, foreign keys) guarded by a lock.

All statements go through one connection guarded by an ``asyncio.Lock`` so a
transaction is never interleaved with another coroutine's statements; ``BEGIN
IMMEDIATE`` takes SQLite's one write lock at the start of each transaction, so two
processes on one file write one after the other (the single-writer rule that makes the
conditional updates and the claims of due reminders safe across processes).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager, suppress
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.database import Dialect, Session, SqlStore
from bot.store.errors import StoreError, reason, runtime_error
from bot.store.schema import MIGRATIONS

log = logging.getLogger("campfire.store")

SQLITE = Dialect(
    json_list="json_group_array(json_array({}))",
    clock_index="INDEXED BY games_for_clocks",
    claim_lock="",
    lock_game=None,
    guild_number="(CASE WHEN {0} GLOB '[0-9]*' AND NOT {0} GLOB '*[^0-9]*' "
    "THEN CAST({0} AS INTEGER) ELSE 0 END)",
)


class SqliteSession:
    """A ``Session`` over the store's one connection (the caller holds its lock)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def rows(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        """Every row, in one trip to the database thread (not three: execute, fetch,
        close)."""
        return list(await self.db.execute_fetchall(sql, tuple(params)))

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        cursor = await self.db.execute(sql, tuple(params))
        return int(cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)


class Store(SqlStore):
    """The SQLite database. Open with ``await Store.open(path)`` (or ``async with``);
    close it."""

    dialect = SQLITE

    def __init__(self, path: str | Path, migrations: Sequence[str] = MIGRATIONS) -> None:
        super().__init__(str(path), migrations)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._opening = False

    # -- lifecycle -----------------------------------------------------------------------

    async def connect(self) -> None:
        """Open, configure and migrate the file. A file SQLite cannot use (not a
        database, truncated, read-only, malformed) raises ``store.unreadable`` and a newer
        schema ``store.newer_schema``, and a schema SQLite cannot even name (a name that is
        not UTF-8, which only damage writes) ``store.damaged``; either way the connection
        and its worker thread are closed, so the process can exit."""
        if self._db is not None:
            return
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise self._unreadable(exc) from exc
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA busy_timeout=5000")
            self._db = db
            self._opening = True  # a failure is the caller's one line, not a log too
            await self._migrate()
        except BaseException as exc:
            self._db = None
            with suppress(sqlite3.Error, ValueError):
                await db.close()
            if isinstance(exc, StoreError) and exc.key == "store.newer_schema":
                raise
            undecodable = exc if isinstance(exc, UnicodeDecodeError) else exc.__cause__
            if isinstance(undecodable, UnicodeDecodeError):
                raise StoreError("store.damaged", path=self.path) from undecodable
            if isinstance(exc, sqlite3.Error | OSError | StoreError):
                raise self._unreadable(exc) from exc
            raise
        finally:
            self._opening = False

    def _unreadable(self, exc: BaseException) -> StoreError:
        cause = exc.__cause__ if isinstance(exc, StoreError) and exc.__cause__ else exc
        return StoreError("store.unreadable", path=self.path, reason=reason(cause))

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        """Turn SQLite failing to serve us (damaged pages, disk full, read-only) into a
        ``StoreError``; the code's own mistakes (constraints) stay ``sqlite3`` errors."""
        try:
            yield
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            mapped = runtime_error(exc, self.path)
            if mapped is None:
                raise
            if not self._opening:
                log.error("database %s failed: %s", self.path, reason(exc))
            raise mapped from exc

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Session]:
        async with self._lock:
            with self._sqlite_errors():
                db = self.db
                await db.execute("BEGIN IMMEDIATE")
                try:
                    yield SqliteSession(db)
                    await db.execute("COMMIT")
                except BaseException:
                    with suppress(sqlite3.Error):  # already rolled back by SQLite
                        await db.execute("ROLLBACK")
                    raise

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[Session]:
        async with self._lock:
            with self._sqlite_errors():
                yield SqliteSession(self.db)

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await self._apply_migrations(db)
            # A write that changes nothing: a file SQLite may only read is refused now,
            # not at the first move.
            (version,) = (await db.rows("PRAGMA user_version"))[0]
            await db.execute(f"PRAGMA user_version = {int(version)}")
