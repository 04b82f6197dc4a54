"""SQLite persistence of games (aiosqlite, WAL): schema migrations, rows, one transaction per move.

The move log is the truth; ``games.snapshot`` is a cache of the state after the last
move that the service checks against a replay of the log when it loads a game. A move
commits only if the game is still at the version the mover saw
(``UPDATE games ... WHERE version = ?``), so of two simultaneous moves exactly one
applies. All statements go through one connection guarded by an ``asyncio.Lock`` so a
transaction is never interleaved with another coroutine's statements.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from rules.base import Text

log = logging.getLogger("campfire.store")

DEFAULT_DB = "campfire.sqlite3"

MIGRATIONS: tuple[str, ...] = (
    # 1: the core tables
    """
    CREATE TABLE guild_settings (
        guild_id   TEXT PRIMARY KEY,
        language   TEXT,
        updated_at TEXT NOT NULL
    );
    CREATE TABLE games (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id        TEXT,
        channel_id      TEXT NOT NULL,
        thread_id       TEXT,
        rules           TEXT NOT NULL,
        rules_version   INTEGER NOT NULL,
        options         TEXT NOT NULL,
        seed            TEXT NOT NULL,
        status          TEXT NOT NULL
                        CHECK (status IN ('lobby', 'running', 'over', 'aborted')),
        version         INTEGER NOT NULL DEFAULT 0,
        creator         TEXT NOT NULL,
        min_seats       INTEGER NOT NULL,
        max_seats       INTEGER NOT NULL,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL,
        turn_started_at TEXT,
        resigned        TEXT,
        snapshot        TEXT
    );
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE INDEX games_by_thread ON games (thread_id);
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id),
        position  INTEGER NOT NULL,
        user_id   TEXT NOT NULL,
        name      TEXT NOT NULL,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL,
        seat    TEXT NOT NULL,
        code    TEXT NOT NULL,
        label   TEXT NOT NULL,
        at      TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE messages (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        kind       TEXT NOT NULL,
        message_id TEXT NOT NULL,
        PRIMARY KEY (game_id, kind)
    );
    """,
    # 2: the move log is append-only, enforced by the database itself
    """
    CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    """,
)


def default_path() -> str:
    """``$CAMPFIRE_DB`` or ``campfire.sqlite3``."""
    return os.environ.get("CAMPFIRE_DB") or DEFAULT_DB


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat()


def _dt(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


@dataclass(frozen=True)
class SeatRow:
    """A seat: ``position`` is join order in a lobby, turn order once started."""

    user_id: str
    name: str
    position: int


@dataclass(frozen=True)
class GameRow:
    """A ``games`` row with its seats (ordered by position)."""

    id: int
    guild_id: str | None
    channel_id: str
    thread_id: str | None
    rules: str
    rules_version: int
    options: dict[str, Any]
    seed: str
    status: str
    version: int
    creator: str
    min_seats: int
    max_seats: int
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    resigned: str | None
    snapshot: str | None
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class MoveRow:
    """One entry of the append-only move log (``seq`` counts from 0)."""

    seq: int
    seat: str
    code: str
    label: Text
    at: datetime


_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, rules, rules_version, options, seed, status, "
    "version, creator, min_seats, max_seats, created_at, updated_at, turn_started_at, "
    "resigned, snapshot"
)


class Store:
    """The database. Open with ``await Store.open(path)`` (or ``async with``); close it."""

    def __init__(self, path: str | Path, migrations: Sequence[str] = MIGRATIONS) -> None:
        self.path = str(path)
        self._migrations = tuple(migrations)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle -----------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path | None = None, **kwargs: Any) -> Store:
        """Connect, configure (WAL, foreign keys) and migrate ``path`` (default
        ``default_path()``)."""
        store = cls(path if path is not None else default_path(), **kwargs)
        await store.connect()
        return store

    async def connect(self) -> None:
        if self._db is not None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(self.path, isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA busy_timeout=5000")
        self._db = db
        try:
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    async def __aenter__(self) -> Store:
        await self.connect()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            db = self.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self._lock:
            cursor = await self.db.execute(sql, tuple(params))
            rows = await cursor.fetchall()
            await cursor.close()
            return list(rows)

    # -- schema --------------------------------------------------------------------------

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            cursor = await db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            row = await cursor.fetchone()
            current = int(row[0]) if row else 0
            if current > len(self._migrations):
                raise RuntimeError(
                    f"{self.path} has schema version {current}, newer than this code "
                    f"({len(self._migrations)})"
                )
            for number, script in enumerate(self._migrations, start=1):
                if number <= current:
                    continue
                for statement in _statements(script):
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                    (number, _iso(datetime.now(UTC))),
                )
                log.info("database %s migrated to schema version %d", self.path, number)

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    # -- games ---------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        rules: str,
        rules_version: int,
        options: dict[str, Any],
        seed: str,
        creator: str,
        creator_name: str,
        min_seats: int,
        max_seats: int,
        at: datetime,
    ) -> int:
        """Insert a lobby with its creator in seat 0; return the new game id."""
        when = _iso(at)
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO games (guild_id, channel_id, rules, rules_version, options, seed, "
                "status, version, creator, min_seats, max_seats, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    rules,
                    rules_version,
                    json.dumps(options, sort_keys=True),
                    seed,
                    creator,
                    min_seats,
                    max_seats,
                    when,
                    when,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, name, joined_at) "
                "VALUES (?, 0, ?, ?, ?)",
                (game_id, creator, creator_name, when),
            )
        return int(game_id)

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._games(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return rows[0] if rows else None

    async def _games(self, sql: str, params: Iterable[Any]) -> list[GameRow]:
        async with self._lock:
            cursor = await self.db.execute(sql, tuple(params))
            raw = list(await cursor.fetchall())
            await cursor.close()
            seats: dict[int, list[SeatRow]] = {int(r[0]): [] for r in raw}
            if seats:
                marks = ",".join("?" * len(seats))
                cursor = await self.db.execute(
                    f"SELECT game_id, user_id, name, position FROM seats "
                    f"WHERE game_id IN ({marks}) ORDER BY game_id, position",
                    tuple(seats),
                )
                for game_id, user_id, name, position in await cursor.fetchall():
                    seats[int(game_id)].append(SeatRow(str(user_id), str(name), int(position)))
                await cursor.close()
        return [_game_row(r, tuple(seats[int(r[0])])) for r in raw]

    async def games_in_channel(self, channel_id: str, *, active_only: bool) -> list[GameRow]:
        extra = " AND status IN ('lobby', 'running')" if active_only else ""
        return await self._games(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?{extra} ORDER BY id DESC",
            (channel_id,),
        )

    async def games_of_user(self, user_id: str, *, active_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'running')" if active_only else ""
        columns = ", ".join(f"g.{c.strip()}" for c in _GAME_COLUMNS.split(","))
        return await self._games(
            f"SELECT {columns} FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ?{extra} ORDER BY g.id DESC",
            (user_id,),
        )

    async def game_for_thread(self, thread_id: str) -> GameRow | None:
        rows = await self._games(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
            (thread_id,),
        )
        return rows[0] if rows else None

    async def count_games(self) -> int:
        rows = await self._fetchall("SELECT COUNT(*) FROM games")
        return int(rows[0][0])

    # -- lobby changes (each returns False when the game is no longer a lobby) -------------

    async def add_seat(self, game_id: int, user_id: str, name: str, at: datetime) -> bool:
        async with self._transaction() as db:
            if not await _touch(db, game_id, at, "lobby"):
                return False
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, name, joined_at) VALUES "
                "(?, (SELECT COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?), "
                "?, ?, ?)",
                (game_id, game_id, user_id, name, _iso(at)),
            )
        return True

    async def remove_seat(
        self, game_id: int, user_id: str, at: datetime, *, new_creator: str | None = None
    ) -> bool:
        """Free a lobby seat (positions renumbered); optionally hand the lobby over."""
        async with self._transaction() as db:
            if not await _touch(db, game_id, at, "lobby"):
                return False
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            await _renumber(db, game_id, None)
            if new_creator is not None:
                await db.execute(
                    "UPDATE games SET creator = ? WHERE id = ?", (new_creator, game_id)
                )
        return True

    async def start_game(
        self, game_id: int, seat_order: Sequence[str], snapshot: str, at: datetime
    ) -> bool:
        """Lobby -> running with seats in ``seat_order`` and the initial state snapshot."""
        when = _iso(at)
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = 'running', snapshot = ?, updated_at = ?, "
                "turn_started_at = ?, version = 0 WHERE id = ? AND status = 'lobby'",
                (snapshot, when, when, game_id),
            )
            if cursor.rowcount != 1:
                return False
            await _renumber(db, game_id, list(seat_order))
        return True

    async def set_status(
        self, game_id: int, status: str, at: datetime, *, when_in: Sequence[str]
    ) -> bool:
        """Move a game to ``status`` if it is currently in one of ``when_in``."""
        marks = ",".join("?" * len(when_in))
        async with self._transaction() as db:
            cursor = await db.execute(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, _iso(at), game_id, *when_in),
            )
            return cursor.rowcount == 1

    async def resign(self, game_id: int, seat: str, at: datetime) -> bool:
        """A running game ends by ``seat``'s resignation."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = 'over', resigned = ?, updated_at = ? "
                "WHERE id = ? AND status = 'running'",
                (seat, _iso(at), game_id),
            )
            return cursor.rowcount == 1

    # -- moves ---------------------------------------------------------------------------

    async def append_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: str,
        code: str,
        label: Text,
        at: datetime,
        snapshot: str,
        over: bool,
        turn_started: bool,
    ) -> bool:
        """Log one move and store the new snapshot, in one transaction, only if the game
        is running at ``expected_version``. Returns False (nothing written) otherwise."""
        when = _iso(at)
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET version = version + 1, snapshot = ?, updated_at = ?, "
                "status = ?, turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END "
                "WHERE id = ? AND version = ? AND status = 'running'",
                (
                    snapshot,
                    when,
                    "over" if over else "running",
                    turn_started,
                    when,
                    game_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                return False
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, code, label, at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    expected_version,
                    seat,
                    code,
                    json.dumps(label.to_json(), sort_keys=True),
                    when,
                ),
            )
        return True

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._fetchall(
            "SELECT seq, seat, code, label, at FROM moves WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            MoveRow(int(seq), str(seat), str(code), _text(label), _dt(at) or datetime.now(UTC))
            for seq, seat, code, label, at in rows
        ]

    async def repair_snapshot(self, game_id: int, version: int, snapshot: str) -> bool:
        """Replace the cached snapshot (after it disagreed with the log) at ``version``."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET snapshot = ? WHERE id = ? AND version = ?",
                (snapshot, game_id, version),
            )
            return cursor.rowcount == 1

    # -- front-end bookkeeping -----------------------------------------------------------

    async def set_thread(self, game_id: int, thread_id: str | None) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id)
            )
            return cursor.rowcount == 1

    async def set_message(self, game_id: int, kind: str, message_id: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO messages (game_id, kind, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id",
                (game_id, kind, message_id),
            )

    async def messages(self, game_id: int) -> dict[str, str]:
        rows = await self._fetchall(
            "SELECT kind, message_id FROM messages WHERE game_id = ? ORDER BY kind", (game_id,)
        )
        return {str(kind): str(message_id) for kind, message_id in rows}

    async def guild_language(self, guild_id: str) -> str | None:
        rows = await self._fetchall(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    async def set_guild_language(self, guild_id: str, language: str | None, at: datetime) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at",
                (guild_id, language, _iso(at)),
            )


# -- helpers -------------------------------------------------------------------------------


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (triggers keep their inner ``;``)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines():
        buffer += line + "\n"
        if line.rstrip().endswith(";") and _complete(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


def _complete(statement: str) -> bool:
    upper = statement.upper()
    if "CREATE TRIGGER" in upper:
        return upper.rstrip().endswith("END;")
    return True


async def _touch(db: aiosqlite.Connection, game_id: int, at: datetime, status: str) -> bool:
    cursor = await db.execute(
        "UPDATE games SET updated_at = ? WHERE id = ? AND status = ?",
        (_iso(at), game_id, status),
    )
    return cursor.rowcount == 1


async def _renumber(db: aiosqlite.Connection, game_id: int, order: list[str] | None) -> None:
    """Rewrite seat positions 0..n-1: in ``order`` if given, else keeping the current order."""
    if order is None:
        cursor = await db.execute(
            "SELECT user_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
        )
        order = [str(r[0]) for r in await cursor.fetchall()]
        await cursor.close()
    for position, user_id in enumerate(order):
        await db.execute(
            "UPDATE seats SET position = ? WHERE game_id = ? AND user_id = ?",
            (position, game_id, user_id),
        )


def _text(raw: str) -> Text:
    data = json.loads(raw)
    return Text(str(data["key"]), dict(data.get("params") or {}))


def _game_row(r: Sequence[Any], seats: tuple[SeatRow, ...]) -> GameRow:
    return GameRow(
        id=int(r[0]),
        guild_id=r[1],
        channel_id=str(r[2]),
        thread_id=r[3],
        rules=str(r[4]),
        rules_version=int(r[5]),
        options=dict(json.loads(r[6])),
        seed=str(r[7]),
        status=str(r[8]),
        version=int(r[9]),
        creator=str(r[10]),
        min_seats=int(r[11]),
        max_seats=int(r[12]),
        created_at=_dt(r[13]) or datetime.now(UTC),
        updated_at=_dt(r[14]) or datetime.now(UTC),
        turn_started_at=_dt(r[15]),
        resigned=r[16],
        snapshot=r[17],
        seats=seats,
    )
