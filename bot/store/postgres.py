"""The PostgreSQL backend: an asyncpg pool, a connection per transaction, row locks.

Chosen by a ``postgresql://`` URL in ``CAMPFIRE_DB`` or ``--db`` (``bot.store.backend``).
Several bot processes may share one database: each change of a game is one transaction
whose first write is the conditional ``UPDATE games ... WHERE version = ?`` (or status),
which takes the game's row lock, so of two writers the second waits and then finds the
condition false (READ COMMITTED re-reads the row it waited for). Changes whose condition
reads other tables (a lobby's seats) lock the game's row first. Due reminders and the
games' jobs after a start (``game_jobs``) are claimed with ``FOR UPDATE SKIP LOCKED``:
two processes claiming at once get different rows.
Migrations run under an advisory lock, so processes starting together migrate once.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store.database import Dialect, Session, SqlStore
from bot.store.errors import StoreError, reason
from bot.store.schema_postgres import POSTGRES_MIGRATIONS

log = logging.getLogger("campfire.store")

POSTGRES = Dialect(
    json_list="json_agg(json_build_array({}))",
    clock_index="",
    claim_lock=" FOR UPDATE SKIP LOCKED",
    lock_game="SELECT 1 FROM games WHERE id = ? FOR UPDATE",
    guild_number="(CASE WHEN {0} ~ '^[0-9]{{1,19}}$' THEN {0}::bigint ELSE 0 END)",
)
MIGRATION_LOCK = 0x43616D70  # the advisory lock key held while migrating ("Camp")
URL_SCHEMES = ("postgresql://", "postgres://")

_UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    # The client's own protocol state after a connection broke under it: "cannot switch
    # to state 15; another operation is in progress", "not connected".
    asyncpg.exceptions.InternalClientError,
    # The server gave up on the statement for now: a deadlock or a serialization
    # failure, a lock or statement timeout, a cancelled query.
    asyncpg.exceptions.TransactionRollbackError,
    asyncpg.exceptions.LockNotAvailableError,
    asyncpg.exceptions.QueryCanceledError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.InsufficientResourcesError,
    asyncpg.exceptions.ReadOnlySQLTransactionError,
)
_DAMAGED: tuple[type[BaseException], ...] = (
    asyncpg.exceptions.DataCorruptedError,
    asyncpg.exceptions.IndexCorruptedError,
)


class Outage(logging.Filter):
    """The database's outages as this process sees them, so that each is one line.

    The first failure of an outage is logged with its cause (one line, no traceback);
    the next ones only at debug level, until a call succeeds again (logged once too,
    with how many calls failed). As a filter of the driver's pool logger, it folds the
    pool's own warnings into that line: while the server is away the pool tries to
    restore its connections again and again (at 1, 2, 4, ... 60 seconds), each time
    with a warning and a traceback. The first of them opens the outage when no call
    has failed yet (an idle bot), and none of them reaches the log."""

    RESTORE = "Failed to restore the pool connection"
    """The start of the pool's warning when it cannot reconnect (asyncpg's ``pool``)."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False
        self.failures = 0
        self.path = ""
        self.hidden: Callable[[str], str] = str

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.getMessage().startswith(self.RESTORE):
            return True  # anything else of the pool (a slow close) is logged as it is
        error = record.exc_info[1] if record.exc_info else None
        cause = reason(error) if error is not None else record.getMessage()
        self.failed(self.path, self.hidden(cause), call=False)
        return False

    def failed(self, path: str, cause: str, *, call: bool = True) -> None:
        """A call failed (``call``), or the pool could not reconnect: logged if it is
        the outage's first."""
        if not self.down:
            log.error("database %s failed: %s", path, cause)
            self.down = True
        else:
            log.debug("database %s failed again: %s", path, cause)
        self.failures += call

    def answered(self, path: str) -> None:
        """A call succeeded: the outage, if any, is over."""
        if self.down:
            log.warning("database %s answers again (%d calls failed)", path, self.failures)
        self.down = False
        self.failures = 0


OUTAGE = Outage()
"""This process's view of the database's outages (one filter on the pool's logger)."""
POOL_LOGGER = "asyncpg.pool"


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` (a ``--db`` or ``CAMPFIRE_DB`` value) names a PostgreSQL server."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def shown_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (no query of ours has a ``?``
    inside a string literal)."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def _count(status: str) -> int:
    """The rows a command changed, from its status (``UPDATE 1``, ``INSERT 0 3``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresSession:
    """A ``Session`` over one pooled connection."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def rows(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        return cast(list[Sequence[Any]], await self.connection.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        return _count(await self.connection.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(row) for row in rows]
        if batch:
            await self.connection.executemany(numbered(sql), batch)


class PostgresStore(SqlStore):
    """A PostgreSQL database at ``url``. Open with ``await PostgresStore.open(url)`` (or
    ``async with``); close it. ``pool_size``: the most connections this process holds."""

    dialect = POSTGRES

    def __init__(
        self,
        url: str,
        migrations: Sequence[str] = POSTGRES_MIGRATIONS,
        *,
        pool_size: int = 10,
    ) -> None:
        super().__init__(shown_url(url), migrations)
        self.url = url
        self._pool_size = pool_size
        self._pool: Any = None

    async def connect(self) -> None:
        """Open the pool and migrate. A server that cannot be reached or refuses us
        raises ``store.unreachable`` (check the address, is the server running?); a
        schema it cannot migrate ``store.unreadable``; a newer schema
        ``store.newer_schema``."""
        if self._pool is not None:
            return
        logging.getLogger(POOL_LOGGER).addFilter(OUTAGE)  # once: the same filter
        OUTAGE.path, OUTAGE.hidden = self.path, self._hidden  # the pool's warnings do
        # not say whose pool failed (a process has one store)
        try:
            pool = await asyncpg.create_pool(
                self.url,
                min_size=1,
                max_size=self._pool_size,
                server_settings={"application_name": "campfire"},
            )
        except (asyncpg.PostgresError, *_UNAVAILABLE) as exc:
            raise self._error("store.unreachable", exc) from exc
        self._pool = pool
        try:
            await self._migrate()
        except BaseException as exc:
            self._pool = None
            await pool.close()
            if isinstance(exc, StoreError) and exc.key == "store.newer_schema":
                raise
            if isinstance(exc, asyncpg.PostgresError | StoreError | OSError):
                cause = exc.__cause__ if isinstance(exc, StoreError) and exc.__cause__ else exc
                key = "store.unreachable" if isinstance(cause, _UNAVAILABLE) else "store.unreadable"
                raise self._error(key, cause) from exc
            raise

    def _error(self, key: str, cause: BaseException) -> StoreError:
        """``key`` with the database's address and ``cause``, never the URL's password."""
        return StoreError(key, path=self.path, reason=self._hidden(reason(cause)))

    def _hidden(self, text: str) -> str:
        """``text`` without the URL's password, should a message of the server or the
        driver quote it."""
        password = urlsplit(self.url).password
        return text.replace(password, "***") if password else text

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> Any:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    @contextmanager
    def _server_errors(self) -> Iterator[None]:
        """A server gone, a connection lost, a full disk: ``store.unavailable``; damaged
        data: ``store.damaged``. The code's own mistakes (constraints) stay as they are."""
        try:
            yield
        except _DAMAGED as exc:
            log.error("database %s failed: %s", self.path, reason(exc))
            raise StoreError("store.damaged", path=self.path) from exc
        except _UNAVAILABLE as exc:
            OUTAGE.failed(self.path, self._hidden(reason(exc)))
            raise self._error("store.unavailable", exc) from exc
        if OUTAGE.down:
            OUTAGE.answered(self.path)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Session]:
        with self._server_errors():
            async with self.pool.acquire() as connection, connection.transaction():
                yield PostgresSession(connection)

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[Session]:
        with self._server_errors():
            async with self.pool.acquire() as connection:
                yield PostgresSession(connection)

    async def _apply_migrations(self, db: Session) -> None:
        await db.rows("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
        await super()._apply_migrations(db)
