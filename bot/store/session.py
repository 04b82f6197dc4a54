"""What the repositories of a store share beyond the helpers of ``sql``: the ``Dialect``
fragments; ``Sessions``, the one session object of a store (its backend's transactions,
its dialect, the reading of game rows) that every repository (``games``, ``seats``,
``clocks``, ``settings``, ``ratings``, ``jobs``, ``hints``) is built over, as a
``Repository``; and ``SqlBase``, a store's connection, schema and ``Sessions``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self

from bot.shards import Shards
from bot.store.rows import GAME_COLUMNS, GameRow, clock_rows, game_row, seat_rows
from bot.store.schema import migrate
from bot.store.sql import Session, changed

log = logging.getLogger("campfire.store")

DEFAULT_DB = "campfire.sqlite3"


def default_path() -> str:
    """``$CAMPFIRE_DB`` (a file path or a ``postgresql://`` URL) or ``campfire.sqlite3``."""
    return os.environ.get("CAMPFIRE_DB") or DEFAULT_DB


@dataclass(frozen=True)
class Dialect:
    """The fragments of SQL in which the backends differ."""

    json_list: str
    """An aggregate of one JSON array per row: ``{}`` holds the array's items."""
    clock_index: str
    """How the reminder pass reads the games (SQLite: through the covering index)."""
    claim_lock: str
    """What the claim of due reminders locks of the rows it picks."""
    lock_game: str | None
    """A statement that locks a game's row before a change reads other tables."""
    guild_number: str = "0"
    """The server id in column ``{}`` as an integer, 0 when it is not a number (its
    shard: ``bot.shards``)."""


def on_shards(dialect: Dialect, shards: Shards | None, column: str) -> str:
    """`` AND`` the condition that the server id in ``column`` is on ``shards`` (empty
    for ``None`` or every shard): validated integers, written into the statement."""
    if shards is None or shards.is_all:
        return ""
    key = dialect.guild_number.format(column)
    ids = ",".join(str(int(i)) for i in shards.ids)
    return f" AND ({key} >> 22) % {int(shards.count)} IN ({ids})"


class Sessions:
    """The one session object of a store, which all its repositories share: the
    backend's ``Session``s (one connection or pool, one transaction per change), its
    ``Dialect``, and the reading of game rows with their seats and clocks."""

    def __init__(
        self,
        transaction: Callable[[], AbstractAsyncContextManager[Session]],
        session: Callable[[], AbstractAsyncContextManager[Session]],
        dialect: Dialect,
    ) -> None:
        self.transaction = transaction
        """A ``Session`` in one transaction: committed when the block ends, rolled back
        when it raises."""
        self.session = session
        """A ``Session`` for statements that are each their own transaction."""
        self.dialect = dialect

    async def fetchall(self, statement: str, params: Iterable[Any] = ()) -> list[Any]:
        """Every row of one query, in a statement of its own."""
        async with self.session() as db:
            return await db.rows(statement, params)

    async def update(self, statement: str, params: Iterable[Any]) -> bool:
        """One conditional ``UPDATE`` (a statement alone is its own transaction): whether
        it changed a row."""
        async with self.session() as db:
            return await changed(db, statement, params)

    async def lock_game(self, db: Session, game_id: int) -> None:
        """Hold the game's row until the transaction ends, so a condition on its seats
        or clocks read next cannot change under us (SQLite: its one writer does)."""
        if self.dialect.lock_game is not None:
            await db.rows(self.dialect.lock_game, (game_id,))

    def seats_of(self, game: str) -> str:
        """A sub-select of the seats of the game whose id is ``game`` (a column), as one
        JSON array (``rows.seat_rows`` reads it)."""
        seats = self.dialect.json_list.format("st.position, st.user_id, st.name, st.ai_level")
        return f"(SELECT {seats} FROM seats st WHERE st.game_id = {game})"

    def clocks_of(self, game: str) -> str:
        """A sub-select of the clocks of the game whose id is ``game`` (a column or a
        placeholder), with their seats' return dates, as one JSON array
        (``rows.clock_rows`` reads it)."""
        clocks = self.dialect.json_list.format(
            "c.seat, c.revision, c.started, c.deadline, c.paused, a.until"
        )
        return (
            f"(SELECT {clocks} FROM turn_clocks c "
            f"LEFT JOIN away a ON a.user_id = c.seat WHERE c.game_id = {game})"
        )

    async def read_games(self, tail: str, params: Iterable[Any]) -> list[GameRow]:
        """The games of ``SELECT ... {tail}`` (``tail`` names the table ``g``), each
        with its seats and clocks, in one query (as JSON arrays beside each row)."""
        columns = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        raw = await self.fetchall(
            f"SELECT {columns}, {self.seats_of('g.id')}, {self.clocks_of('g.id')} {tail}",
            params,
        )
        return [game_row(r, seat_rows(r[-2]), clock_rows(r[-1])) for r in raw]


class Repository:
    """The queries of one concern of a store (the tables it owns), over the store's one
    ``Sessions``."""

    def __init__(self, db: Sessions) -> None:
        self.db = db


class SqlBase:
    """A store's connection and schema: the backend supplies its ``Session``s
    (``_transaction``, ``_session``), and ``sessions``, the ``Sessions`` its repositories
    share, hands them out. Open with ``await Cls.open(target)`` or ``async with``; close
    it."""

    dialect: Dialect

    def __init__(self, path: str, migrations: Sequence[str]) -> None:
        self.path = path
        self._migrations = tuple(migrations)
        self.sessions = Sessions(self._transaction, self._session, self.dialect)

    @classmethod
    async def open(cls, path: Any = None, **kwargs: Any) -> Self:
        """Connect to and migrate ``path`` (default ``default_path()``)."""
        store = cls(path if path is not None else default_path(), **kwargs)
        await store.connect()
        return store

    async def connect(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.connect()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _transaction(self) -> AbstractAsyncContextManager[Session]:
        """A ``Session`` in one transaction: committed when the block ends, rolled back
        when it raises."""
        raise NotImplementedError

    def _session(self) -> AbstractAsyncContextManager[Session]:
        """A ``Session`` for statements that are each their own transaction."""
        raise NotImplementedError

    async def _fetchall(self, statement: str, params: Iterable[Any] = ()) -> list[Any]:
        return await self.sessions.fetchall(statement, params)

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await self._apply_migrations(db)

    async def _apply_migrations(self, db: Session) -> None:
        await migrate(db, self._migrations, self.path)

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])
