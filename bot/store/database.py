"""The queries of the store, shared by its two backends: a transaction per move, every read.

The move log is the truth; ``games.snapshot`` is a cache of the state after the last
move that the service checks against a replay of the log when it loads a game. A move
commits only if the game is still at the version the mover saw (a conditional
``UPDATE games ... WHERE version = ?`` inside the move's transaction), so of two
simultaneous moves exactly one applies, on SQLite and on PostgreSQL alike.

``SqlStore`` holds every query, written once in the SQL both databases speak (``?``
placeholders, which the PostgreSQL backend numbers); a backend (``bot.store.sqlite``,
``bot.store.postgres``) supplies the connection, its transactions (``Session``), its
errors and the few fragments that differ (``Dialect``).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Protocol, Self

from bot.shards import Shards
from bot.store.rows import (
    GAME_COLUMNS,
    ClockChange,
    ClockRow,
    DueGame,
    DueReminder,
    FinishedRow,
    GameRow,
    GuildSettings,
    MoveRow,
    RatingRow,
    ResultRow,
    SeatClock,
    SeatRow,
    UserSettings,
    clock_rows,
    from_epoch,
    game_row,
    iso,
    parse_time,
    text_from_json,
    text_to_json,
)
from bot.store.schema import migrate
from rules.base import Text

log = logging.getLogger("campfire.store")

DEFAULT_DB = "campfire.sqlite3"
CLAIM_DUE = (
    "UPDATE reminders SET claimed_by = ?, claimed_until = ? WHERE id IN ("
    "SELECT id FROM reminders WHERE due <= ? "
    "AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY due LIMIT ?{lock}) "
    "RETURNING id, game_id, seat, kind, due, revision, started, deadline"
)
"""The claim of the due reminders: a range of the index ``reminders_due``, one write
(``{lock}``: the dialect's row lock of the rows it picks)."""
CLAIM_DUE_ON_SHARDS = (
    "UPDATE reminders SET claimed_by = ?, claimed_until = ? WHERE id IN ("
    "SELECT id FROM reminders WHERE due <= ? "
    "AND (claimed_until IS NULL OR claimed_until < ?) AND EXISTS (SELECT 1 FROM games g "
    "WHERE g.id = reminders.game_id{on_shards}) "
    "ORDER BY due LIMIT ?{lock}) "
    "RETURNING id, game_id, seat, kind, due, revision, started, deadline"
)
"""The same claim of one process's shards (``bot.shards``): the due range, each row's
game looked up by its key (a correlated ``EXISTS``, so PostgreSQL locks the reminders
only, never a game a move is changing)."""


AI_TURNS = "ai"
"""The job of the AI seats left to play in a game (``SqlStore.claim_games``)."""
BEHIND = "behind:"
"""The prefix of the job of catching up a game's table: ``behind:<message kind>``."""


def behind_job(kind: str) -> str:
    """The job of the running games whose message ``kind`` records a revision other than
    theirs (``running_games_behind``): catching up their table."""
    return f"{BEHIND}{kind}"


def job_candidates(job: str) -> tuple[str, tuple[Any, ...]]:
    """The condition on a game ``g`` that makes ``job`` due, and its parameters."""
    if job == AI_TURNS:
        return (
            "g.status = 'running' AND EXISTS (SELECT 1 FROM seats s "
            "WHERE s.game_id = g.id AND s.ai_level IS NOT NULL)",
            (),
        )
    if job.startswith(BEHIND) and len(job) > len(BEHIND):
        return (
            "g.status = 'running' AND EXISTS (SELECT 1 FROM messages m WHERE m.game_id = g.id "
            "AND m.kind = ? AND m.message_id <> CAST(g.version AS TEXT))",
            (job[len(BEHIND) :],),
        )
    raise ValueError(f"unknown job {job!r}")


def on_shards(dialect: Dialect, shards: Shards | None, column: str) -> str:
    """`` AND`` the condition that the server id in ``column`` is on ``shards`` (empty
    for ``None`` or every shard): validated integers, written into the statement."""
    if shards is None or shards.is_all:
        return ""
    key = dialect.guild_number.format(column)
    ids = ",".join(str(int(i)) for i in shards.ids)
    return f" AND ({key} >> 22) % {int(shards.count)} IN ({ids})"


def claim_statement(dialect: Dialect, shards: Shards | None) -> str:
    """The claim of due reminders in ``dialect``, of the games on ``shards`` (``None``:
    all); parameters: worker, lease end, now, now, limit."""
    if shards is None or shards.is_all:
        return CLAIM_DUE.format(lock=dialect.claim_lock)
    return CLAIM_DUE_ON_SHARDS.format(
        lock=dialect.claim_lock, on_shards=on_shards(dialect, shards, "g.guild_id")
    )


def default_path() -> str:
    """``$CAMPFIRE_DB`` (a file path or a ``postgresql://`` URL) or ``campfire.sqlite3``."""
    return os.environ.get("CAMPFIRE_DB") or DEFAULT_DB


class Session(Protocol):
    """One connection of a backend, in a transaction or for one statement."""

    async def rows(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        """Every row of one query."""
        ...

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


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


class SqlStore:
    """The queries of a store over a backend's ``Session``s. Open with ``await
    Cls.open(target)`` or ``async with``; close it."""

    dialect: Dialect

    def __init__(self, path: str, migrations: Sequence[str]) -> None:
        self.path = path
        self._migrations = tuple(migrations)

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

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self._session() as db:
            return await db.rows(sql, params)

    async def _update(self, sql: str, params: Iterable[Any]) -> bool:
        """One conditional ``UPDATE`` (a statement alone is its own transaction): whether
        it changed a row."""
        async with self._session() as db:
            return await _changed(db, sql, params)

    async def _lock_game(self, db: Session, game_id: int) -> None:
        """Hold the game's row until the transaction ends, so a condition on its seats
        or clocks read next cannot change under us (SQLite: its one writer does)."""
        if self.dialect.lock_game is not None:
            await db.rows(self.dialect.lock_game, (game_id,))

    # -- schema --------------------------------------------------------------------------

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await self._apply_migrations(db)

    async def _apply_migrations(self, db: Session) -> None:
        await migrate(db, self._migrations, self.path)

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
        clock_hours: int | None = None,
        timeout_policy: str = "remind",
    ) -> int:
        """Insert a lobby with its creator in seat 0; return the new game id.
        ``clock_hours``: the turn clock (``None``: none); ``timeout_policy``: what a
        passed deadline does."""
        when = iso(at)
        # The clock columns are named only when set, so the columns' defaults serve a
        # database of an older schema (tests of migrations build one).
        clock = clock_hours is not None or timeout_policy != "remind"
        extra = (", clock_hours, timeout_policy", ", ?, ?") if clock else ("", "")
        async with self._transaction() as db:
            inserted = await db.rows(
                "INSERT INTO games (guild_id, channel_id, rules, rules_version, options, seed, "
                f"status, version, creator, min_seats, max_seats, created_at, updated_at"
                f"{extra[0]}) VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?, ?, ?{extra[1]}) "
                "RETURNING id",
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
                    *((clock_hours, timeout_policy) if clock else ()),
                ),
            )
            game_id = int(inserted[0][0])
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, name, joined_at) "
                "VALUES (?, 0, ?, ?, ?)",
                (game_id, creator, creator_name, when),
            )
        return int(game_id)

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._games("FROM games g WHERE g.id = ?", (game_id,))
        return rows[0] if rows else None

    async def _games(self, tail: str, params: Iterable[Any]) -> list[GameRow]:
        """The games of ``SELECT ... {tail}`` (``tail`` names the table ``g``), each
        with its seats and clocks, in one query (as JSON arrays beside each row)."""
        columns = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        seats = self.dialect.json_list.format("st.position, st.user_id, st.name, st.ai_level")
        clocks = self.dialect.json_list.format(
            "c.seat, c.revision, c.started, c.deadline, c.paused, a.until"
        )
        raw = await self._fetchall(
            f"SELECT {columns}, (SELECT {seats} FROM seats st WHERE st.game_id = g.id), "
            f"(SELECT {clocks} FROM turn_clocks c "
            f"LEFT JOIN away a ON a.user_id = c.seat WHERE c.game_id = g.id) {tail}",
            params,
        )
        return [game_row(r, _seats(r[-2]), clock_rows(r[-1])) for r in raw]

    async def games_in_channel(self, channel_id: str, *, active_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'running')" if active_only else ""
        return await self._games(
            f"FROM games g WHERE g.channel_id = ?{extra} ORDER BY g.id DESC", (channel_id,)
        )

    async def games_of_user(self, user_id: str, *, active_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'running')" if active_only else ""
        return await self._games(
            "FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ?{extra} ORDER BY g.id DESC",
            (user_id,),
        )

    async def running_games(self) -> list[GameRow]:
        """Every game being played (oldest first)."""
        return await self._games("FROM games g WHERE g.status = 'running' ORDER BY g.id", ())

    async def running_games_behind(self, kind: str) -> list[GameRow]:
        """Running games whose message ``kind`` holds a revision other than theirs
        (oldest first); games without that message are left out. Only those rows are
        read, not every running game's snapshot."""
        return await self._games(
            "FROM messages m JOIN games g ON g.id = m.game_id "
            "WHERE m.kind = ? AND g.status = 'running' "
            "AND m.message_id <> CAST(g.version AS TEXT) ORDER BY g.id",
            (kind,),
        )

    async def game_for_thread(self, thread_id: str) -> GameRow | None:
        rows = await self._games(
            "FROM games g WHERE g.thread_id = ? ORDER BY g.id DESC LIMIT 1", (thread_id,)
        )
        return rows[0] if rows else None

    async def game_ids(self) -> list[int]:
        """Every stored game's id, in order (lobbies and finished games included)."""
        return [int(r[0]) for r in await self._fetchall("SELECT id FROM games ORDER BY id")]

    async def count_games(self) -> int:
        rows = await self._fetchall("SELECT COUNT(*) FROM games")
        return int(rows[0][0])

    # -- lobby changes (each returns False when the game is no longer a lobby) -------------

    async def add_seat(
        self, game_id: int, user_id: str, name: str, at: datetime, *, ai_level: str | None = None
    ) -> bool:
        """Seat ``user_id`` last, only if the game is a lobby with a free seat that the
        user does not already hold (checked in the transaction, so safe across processes).
        ``ai_level``: the seat is played by the AI at that level."""
        async with self._transaction() as db:
            await self._lock_game(db, game_id)
            if not await _changed(
                db,
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby' "
                "AND (SELECT COUNT(*) FROM seats WHERE game_id = ?) < max_seats "
                "AND NOT EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?)",
                (iso(at), game_id, game_id, game_id, user_id),
            ):
                return False
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, name, joined_at"
                f"{', ai_level' if ai_level else ''}) VALUES "
                "(?, (SELECT COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?), "
                f"?, ?, ?{', ?' if ai_level else ''})",
                (game_id, game_id, user_id, name, iso(at), *((ai_level,) if ai_level else ())),
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
        self,
        game_id: int,
        seat_order: Sequence[str],
        snapshot: str,
        at: datetime,
        clocks: ClockChange | None = None,
    ) -> bool:
        """Lobby -> running with seats in ``seat_order``, the initial state snapshot and
        the clocks of the seats to act."""
        when = iso(at)
        async with self._transaction() as db:
            if not await _changed(
                db,
                "UPDATE games SET status = 'running', snapshot = ?, updated_at = ?, "
                "turn_started_at = ?, version = 0 WHERE id = ? AND status = 'lobby'",
                (snapshot, when, when, game_id),
            ):
                return False
            await _renumber(db, game_id, list(seat_order))
            await _change_clocks(db, game_id, clocks)
        return True

    async def set_status(
        self, game_id: int, status: str, at: datetime, *, when_in: Sequence[str]
    ) -> bool:
        """Move a game to ``status`` if it is currently in one of ``when_in``."""
        marks = ",".join("?" * len(when_in))
        async with self._transaction() as db:
            if not await _changed(
                db,
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, iso(at), game_id, *when_in),
            ):
                return False
            if status not in ("lobby", "running"):  # no clock runs in a game that ended
                await _stop_clocks(db, game_id, None)
        return True

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
        public_label: Text | None = None,
        notes: Sequence[Text] = (),
        undoable: bool = False,
        results: Sequence[ResultRow] = (),
        by_clock: bool = False,
        clocks: ClockChange | None = None,
    ) -> bool:
        """Log one entry (a move, or ``!reason`` for a seat leaving) with what the table
        read of it, store the new snapshot and (``over``) the final ``results``, and
        change the clocks (``clocks``; every clock stops when the game is over), in one
        transaction, only if the game is running at revision ``expected_version``.
        ``by_clock``: the entry was made for its seat by the clock (a timeout).
        Returns False (nothing written) otherwise."""
        when = iso(at)
        async with self._transaction() as db:
            if not await _changed(
                db,
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
            ):
                return False
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, code, label, at, public_label, notes, "
                "undoable, by_clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    expected_version,
                    seat,
                    code,
                    text_to_json(label),
                    when,
                    None if public_label is None else text_to_json(public_label),
                    json.dumps([n.to_json() for n in notes], sort_keys=True),
                    undoable,
                    by_clock,
                ),
            )
            if over:
                await _stop_clocks(db, game_id, None)
            else:
                await _change_clocks(db, game_id, clocks)
            if code == "!resign":
                await db.execute("UPDATE games SET resigned = ? WHERE id = ?", (seat, game_id))
            await db.executemany(
                "INSERT INTO results (game_id, seat, rank, score) VALUES (?, ?, ?, ?)",
                [(game_id, r.seat, r.rank, r.score) for r in results],
            )
        return True

    async def undo(
        self,
        game_id: int,
        *,
        expected_version: int,
        count: int,
        by: str,
        at: datetime,
        snapshot: str,
        clocks: ClockChange | None = None,
    ) -> bool:
        """Take back the last ``count`` entries of the log: they are kept, marked undone
        by a new undo record, and the revision grows (a button made before stays stale);
        the clocks change with the seats to act (``clocks``).
        Only if the game is running at ``expected_version``; False otherwise."""
        when = iso(at)
        async with self._transaction() as db:
            if not await _changed(
                db,
                "UPDATE games SET version = version + 1, snapshot = ?, updated_at = ?, "
                "turn_started_at = ? WHERE id = ? AND version = ? AND status = 'running'",
                (snapshot, when, when, game_id, expected_version),
            ):
                return False
            inserted = await db.rows(
                "INSERT INTO undos (game_id, revision, by_seat, at) VALUES (?, ?, ?, ?) "
                "RETURNING id",
                (game_id, expected_version + 1, by, when),
            )
            undo_id = int(inserted[0][0])
            last = await _rows(
                db,
                "SELECT seq FROM moves WHERE game_id = ? AND seq NOT IN "
                "(SELECT seq FROM undone_moves WHERE game_id = ?) ORDER BY seq DESC LIMIT ?",
                (game_id, game_id, count),
            )
            await db.executemany(
                "INSERT INTO undone_moves (game_id, seq, undo_id) VALUES (?, ?, ?)",
                [(game_id, int(seq), undo_id) for (seq,) in last],
            )
            await _change_clocks(db, game_id, clocks)
        return True

    async def undone_moves(self, game_id: int) -> list[MoveRow]:
        """The entries taken back by undos, oldest first (kept for the record)."""
        return await self._moves(
            "AND seq IN (SELECT seq FROM undone_moves WHERE game_id = ?)", game_id
        )

    async def results(self, game_id: int) -> list[ResultRow]:
        """The final places of a finished game (empty while it runs or if aborted)."""
        rows = await self._fetchall(
            "SELECT seat, rank, score FROM results WHERE game_id = ? ORDER BY rank, seat",
            (game_id,),
        )
        return [ResultRow(str(s), int(r), int(p)) for s, r, p in rows]

    async def moves(self, game_id: int) -> list[MoveRow]:
        """The log: every entry not taken back by an undo, in order."""
        return await self._moves(
            "AND seq NOT IN (SELECT seq FROM undone_moves WHERE game_id = ?)", game_id
        )

    async def _moves(self, where: str, game_id: int) -> list[MoveRow]:
        rows = await self._fetchall(
            "SELECT seq, seat, code, label, at, public_label, notes, undoable, by_clock FROM moves "
            f"WHERE game_id = ? {where} ORDER BY seq",
            (game_id, game_id),
        )
        return [
            MoveRow(
                int(seq),
                str(seat),
                str(code),
                text_from_json(label),
                parse_time(at) or datetime.now(UTC),
                None if public is None else text_from_json(public),
                tuple(Text.from_json(n) for n in json.loads(notes)),
                bool(undoable),
                bool(by_clock),
            )
            for seq, seat, code, label, at, public, notes, undoable, by_clock in rows
        ]

    async def log_revision(self, game_id: int) -> int:
        """The revision the log accounts for: every entry ever appended plus every undo."""
        rows = await self._fetchall(
            "SELECT (SELECT COUNT(*) FROM moves WHERE game_id = ?) + "
            "(SELECT COUNT(*) FROM undos WHERE game_id = ?)",
            (game_id, game_id),
        )
        return int(rows[0][0])

    async def repair_snapshot(self, game_id: int, version: int, snapshot: str) -> bool:
        """Replace the cached snapshot (after it disagreed with the log) at ``version``."""
        return await self._update(
            "UPDATE games SET snapshot = ? WHERE id = ? AND version = ?",
            (snapshot, game_id, version),
        )

    # -- ratings -------------------------------------------------------------------------

    async def finished_results(
        self, guild_id: str, rules: str, *, unrated_only: bool
    ) -> list[FinishedRow]:
        """The places of every game of ``rules`` over on server ``guild_id`` ('' outside
        one), in the order the games ended (their results were written); aborted games
        have none. ``unrated_only``: those the ratings do not count yet."""
        extra = " AND r.game_id NOT IN (SELECT game_id FROM rated_games)" if unrated_only else ""
        rows = await self._fetchall(
            "SELECT r.game_id, r.seat, r.rank, r.score, "
            "MIN(r.rowid) OVER (PARTITION BY r.game_id) AS ended "
            "FROM results r JOIN games g ON g.id = r.game_id "
            "WHERE g.status = 'over' AND COALESCE(g.guild_id, '') = ? AND g.rules = ?"
            f"{extra} ORDER BY ended, r.rank, r.seat",
            (guild_id, rules),
        )
        found: dict[int, list[ResultRow]] = {}
        for game_id, seat, rank, score, _ in rows:
            found.setdefault(int(game_id), []).append(ResultRow(str(seat), int(rank), int(score)))
        return [FinishedRow(game_id, tuple(places)) for game_id, places in found.items()]

    async def ratings(self, guild_id: str, rules: str | None = None) -> list[RatingRow]:
        """The ratings on server ``guild_id`` ('' outside one), of one rule set or all."""
        extra, params = (
            ("", (guild_id,)) if rules is None else (" AND rules = ?", (guild_id, rules))
        )
        rows = await self._fetchall(
            "SELECT rules, user_id, mu, sigma, games, wins FROM ratings "
            f"WHERE guild_id = ?{extra} ORDER BY rules, user_id",
            params,
        )
        return [_rating_row(r) for r in rows]

    async def ratings_of_user(self, guild_id: str, user_id: str) -> list[RatingRow]:
        """``user_id``'s rating for each rule set played on server ``guild_id``."""
        rows = await self._fetchall(
            "SELECT rules, user_id, mu, sigma, games, wins FROM ratings "
            "WHERE guild_id = ? AND user_id = ? ORDER BY rules",
            (guild_id, user_id),
        )
        return [_rating_row(r) for r in rows]

    async def save_ratings(
        self, guild_id: str, rules: str, game_ids: Sequence[int], ratings: Sequence[RatingRow]
    ) -> bool:
        """Mark ``game_ids`` rated and store the ``ratings`` they led to, in one
        transaction; ``False`` (nothing written) if one of them was rated already."""
        try:
            async with self._transaction() as db:
                for chunk in _chunks(list(game_ids)):  # one rated meanwhile: all undone
                    marks = ", ".join(["(?)"] * len(chunk))
                    if await db.execute(
                        f"INSERT INTO rated_games (game_id) VALUES {marks} ON CONFLICT DO NOTHING",
                        chunk,
                    ) < len(chunk):
                        raise _Conflict
                await db.executemany(
                    "INSERT INTO ratings (guild_id, rules, user_id, mu, sigma, games, wins) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, rules, user_id) DO UPDATE "
                    "SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
                    "wins = excluded.wins",
                    [(guild_id, rules, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in ratings],
                )
        except _Conflict:
            return False
        return True

    # -- rematches -----------------------------------------------------------------------

    async def set_rematch(self, game_id: int, previous: int) -> bool:
        """Link the lobby ``game_id`` to the game it is a rematch of; ``False`` if
        ``previous`` already has one."""
        async with self._transaction() as db:
            return await _changed(
                db,
                "INSERT INTO rematches (game_id, previous) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (game_id, previous),
            )

    async def rematch_of(self, previous: int) -> int | None:
        """The game opened as the rematch of ``previous``, if any."""
        rows = await self._fetchall("SELECT game_id FROM rematches WHERE previous = ?", (previous,))
        return int(rows[0][0]) if rows else None

    async def previous_game(self, game_id: int) -> int | None:
        """The game ``game_id`` is a rematch of, if it is one."""
        rows = await self._fetchall("SELECT previous FROM rematches WHERE game_id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    # -- front-end bookkeeping -----------------------------------------------------------

    async def set_thread(self, game_id: int, thread_id: str | None) -> bool:
        return await self._update(
            "UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id)
        )

    async def set_message(self, game_id: int, kind: str, message_id: str) -> None:
        async with self._session() as db:  # one statement: its own transaction
            await db.execute(
                "INSERT INTO messages (game_id, kind, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id",
                (game_id, kind, message_id),
            )

    async def record_messages(
        self,
        game_id: int,
        messages: Mapping[str, str],
        *,
        revision: tuple[str, int] | None = None,
    ) -> None:
        """Remember several messages at once (``{kind: message_id}``, the latest wins)
        and (``revision``: ``(kind, version)``) that the table has seen ``version``,
        never going back: the message ``kind`` records the highest revision stored
        (an unreadable record is replaced). One transaction."""
        upsert = (
            "INSERT INTO messages (game_id, kind, message_id) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id"
        )
        async with self._transaction() as db:
            await db.executemany(upsert, [(game_id, k, m) for k, m in messages.items()])
            if revision is None:
                return
            kind, version = revision
            known = await db.rows(
                "SELECT message_id FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)
            )
            text = str(known[0][0]) if known else ""
            if not text.isdigit() or int(text) < version:
                await db.execute(upsert, (game_id, kind, str(version)))

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
                (guild_id, language, iso(at)),
            )

    # -- clocks and reminders ------------------------------------------------------------

    async def claim_reminders(
        self, now: int, worker: str, lease_until: int, limit: int, shards: Shards | None = None
    ) -> list[DueReminder]:
        """Claim up to ``limit`` reminders due at ``now`` (Unix seconds) that nobody holds
        (or whose holder's lease ran out) for ``worker`` until ``lease_until``, of the
        games on ``shards`` (``None``: all), in one conditional ``UPDATE`` (SQLite has one
        writer at a time: two processes never claim one row), and return them with their
        games (read through the covering index ``games_for_clocks``). The due rows are
        found through the index ``reminders_due``, never by a scan."""
        async with self._transaction() as db:
            claim = claim_statement(self.dialect, shards)
            claimed = await _rows(db, claim, (worker, lease_until, now, now, limit))
            games: dict[int, DueGame] = {}
            for chunk in _chunks(sorted({int(r[1]) for r in claimed})):
                marks = ",".join("?" * len(chunk))
                for g, *game in await _rows(
                    db,
                    "SELECT g.id, g.rules, g.guild_id, g.channel_id, g.thread_id, g.status, "
                    "g.version, g.timeout_policy, g.clock_hours, s.nudge_hours "
                    f"FROM games g {self.dialect.clock_index} "
                    "LEFT JOIN guild_settings s ON s.guild_id = g.guild_id "
                    f"WHERE g.id IN ({marks})",
                    chunk,
                ):
                    games[g] = DueGame(g, *game)
        # A row that exists is current: every change of a clock replaces its rows in the
        # same transaction (a paused clock has only its ``back`` row).
        return [
            DueReminder(i, g, seat, kind, due, rev, rev, deadline, None, started, games.get(g))
            for i, g, seat, kind, due, rev, started, deadline in sorted(
                claimed, key=lambda r: (r[1], r[4], r[0])
            )
        ]

    async def claim_games(
        self,
        job: str,
        worker: str,
        now: int,
        lease_until: int,
        *,
        after: int = 0,
        limit: int = 50,
        shards: Shards | None = None,
    ) -> list[GameRow]:
        """Claim ``job`` (``AI_TURNS`` or ``behind_job(kind)``) in up to ``limit`` games
        due for it, with ids above ``after``, on ``shards`` (``None``: all), that nobody
        holds (or whose holder's lease ran out at ``now``), for ``worker`` until
        ``lease_until``; return those games (oldest first), and only those. A game's job
        is a row of ``game_jobs``, made for every game due (all of them, in the order of
        their ids: a claimer that waited on another's new rows then claims the next
        ones, never none while some are free); the claim is one conditional
        ``UPDATE`` of those rows (PostgreSQL picks them ``FOR UPDATE SKIP LOCKED``; SQLite
        has one writer at a time), so two processes claiming at once get different
        games. ``release_games`` ends the job. The first batch (``after`` 0) also drops
        the rows nobody holds of games no longer due at all (a holder that died leaves
        its rows behind; a game that ended leaves its unclaimed one)."""
        candidates, params = job_candidates(job)
        due = f"{candidates}{on_shards(self.dialect, shards, 'g.guild_id')}"
        async with self._transaction() as db:
            if after == 0:
                await db.execute(
                    "DELETE FROM game_jobs WHERE job = ? "
                    "AND (claimed_until IS NULL OR claimed_until < ?) AND NOT EXISTS "
                    f"(SELECT 1 FROM games g WHERE g.id = game_jobs.game_id AND {candidates})",
                    (job, now, *params),
                )
            await db.execute(
                f"INSERT INTO game_jobs (game_id, job) SELECT g.id, ? FROM games g WHERE {due} "
                "AND g.id > ? AND NOT EXISTS (SELECT 1 FROM game_jobs j "
                "WHERE j.game_id = g.id AND j.job = ?) ORDER BY g.id "
                "ON CONFLICT (game_id, job) DO NOTHING",
                (job, *params, after, job),
            )
            claimed = await _rows(
                db,
                "UPDATE game_jobs SET claimed_by = ?, claimed_until = ? WHERE job = ? "
                "AND (claimed_until IS NULL OR claimed_until < ?) AND game_id IN ("
                "SELECT j.game_id FROM game_jobs j WHERE j.job = ? AND j.game_id > ? "
                "AND (j.claimed_until IS NULL OR j.claimed_until < ?) AND EXISTS "
                f"(SELECT 1 FROM games g WHERE g.id = j.game_id AND {due}) "
                f"ORDER BY j.game_id LIMIT ?{self.dialect.claim_lock}) RETURNING game_id",
                (worker, lease_until, job, now, job, after, now, *params, limit),
            )
        ids = sorted(int(r[0]) for r in claimed)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        return await self._games(f"FROM games g WHERE g.id IN ({marks}) ORDER BY g.id", ids)

    async def renew_game(self, job: str, worker: str, game_id: int, lease_until: int) -> bool:
        """Hold ``job`` in ``game_id`` until ``lease_until``, if ``worker`` still holds it
        (its lease may have run out, but nobody took it since)."""
        return await self._update(
            "UPDATE game_jobs SET claimed_until = ? WHERE game_id = ? AND job = ? "
            "AND claimed_by = ?",
            (lease_until, game_id, job, worker),
        )

    async def release_games(self, job: str, worker: str, game_ids: Sequence[int]) -> int:
        """End ``job`` in those of ``game_ids`` that ``worker`` holds (another process
        may claim it again when it is due again); how many it held."""
        released = 0
        for chunk in _chunks(sorted(set(game_ids))):
            marks = ",".join("?" * len(chunk))
            async with self._session() as db:  # one statement: its own transaction
                released += await db.execute(
                    f"DELETE FROM game_jobs WHERE job = ? AND claimed_by = ? "
                    f"AND game_id IN ({marks})",
                    (job, worker, *chunk),
                )
        return released

    async def finish_reminders(self, worker: str, ids: Sequence[int]) -> int:
        """Delete the reminders ``worker`` claimed and dealt with; how many were still its."""
        if not ids:
            return 0
        marks = ",".join("?" * len(ids))
        async with self._transaction() as db:
            return await db.execute(
                f"DELETE FROM reminders WHERE claimed_by = ? AND id IN ({marks})",
                (worker, *ids),
            )

    async def reschedule_clock(self, game_id: int, clock: SeatClock) -> bool:
        """Replace the clock of ``clock.seat`` (deadline, pause) and all its reminders,
        only if that seat's turn is still the one that began at ``clock.revision`` and
        the game runs; ``False`` (nothing written) otherwise."""
        return (await self.reschedule_clocks([(game_id, clock)]))[0]

    async def reschedule_clocks(self, changes: Sequence[tuple[int, SeatClock]]) -> list[bool]:
        """``reschedule_clock`` for many seats in one transaction; which applied."""
        done = []
        async with self._transaction() as db:
            for game_id, clock in changes:
                if not await _changed(
                    db,
                    "UPDATE turn_clocks SET deadline = ?, paused = ? WHERE game_id = ? "
                    "AND seat = ? AND revision = ? "
                    "AND game_id IN (SELECT id FROM games WHERE status = 'running')",
                    (clock.deadline, clock.paused, game_id, clock.seat, clock.revision),
                ):
                    done.append(False)
                    continue
                await db.execute(
                    "DELETE FROM reminders WHERE game_id = ? AND seat = ?", (game_id, clock.seat)
                )
                await _insert_reminders(db, game_id, clock)
                done.append(True)
        return done

    async def clocks_of_user(self, user_id: str) -> list[tuple[int, ClockRow]]:
        """The clocks of ``user_id``'s turns in running games, as ``(game id, clock)``."""
        rows = await self._fetchall(
            "SELECT c.game_id, c.seat, c.revision, c.started, c.deadline, c.paused FROM "
            "turn_clocks c JOIN games g ON g.id = c.game_id "
            "WHERE c.seat = ? AND g.status = 'running' ORDER BY c.game_id",
            (user_id,),
        )
        return [
            (
                int(g),
                ClockRow(
                    str(seat),
                    int(rev),
                    from_epoch(started) or datetime.now(UTC),
                    from_epoch(deadline),
                    from_epoch(paused),
                ),
            )
            for g, seat, rev, started, deadline, paused in rows
        ]

    async def away_until(self, user_ids: Sequence[str]) -> dict[str, int]:
        """``{user_id: until}`` (Unix seconds) of those of ``user_ids`` who are away."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetchall(
            f"SELECT user_id, until FROM away WHERE user_id IN ({marks})", tuple(user_ids)
        )
        return {str(u): int(until) for u, until in rows}

    async def set_away(self, user_id: str, since: int, until: int | None) -> None:
        """Record ``user_id`` away from ``since`` until ``until``; ``None``: back."""
        async with self._transaction() as db:
            if until is None:
                await db.execute("DELETE FROM away WHERE user_id = ?", (user_id,))
            else:
                await db.execute(
                    "INSERT INTO away (user_id, since, until) VALUES (?, ?, ?) ON CONFLICT "
                    "(user_id) DO UPDATE SET until = excluded.until",
                    (user_id, since, until),
                )

    async def due_count(self) -> int:
        """How many reminders are waiting (diagnostics and tests)."""
        rows = await self._fetchall("SELECT COUNT(*) FROM reminders")
        return int(rows[0][0])

    # -- settings ------------------------------------------------------------------------

    async def guild_settings(self, guild_id: str) -> GuildSettings:
        rows = await self._fetchall(
            "SELECT language, clock_hours, timeout_policy, nudge_hours, max_away_days, "
            "games_channel FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildSettings()
        language, clock, policy, nudge, away, channel = rows[0]
        return GuildSettings(language, _int(clock), policy, _int(nudge), _int(away), channel)

    async def save_guild_settings(
        self, guild_id: str, settings: GuildSettings, at: datetime
    ) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, language, updated_at, clock_hours, "
                "timeout_policy, nudge_hours, max_away_days, games_channel) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "language = excluded.language, updated_at = excluded.updated_at, "
                "clock_hours = excluded.clock_hours, timeout_policy = excluded.timeout_policy, "
                "nudge_hours = excluded.nudge_hours, max_away_days = excluded.max_away_days, "
                "games_channel = excluded.games_channel",
                (
                    guild_id,
                    settings.language,
                    iso(at),
                    settings.clock_hours,
                    settings.timeout_policy,
                    settings.nudge_hours,
                    settings.max_away_days,
                    settings.games_channel,
                ),
            )

    async def user_settings(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """The settings of those of ``user_ids`` who chose any."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetchall(
            f"SELECT user_id, notify_dm, dm_closed FROM user_settings WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        return {str(u): UserSettings(bool(n), bool(c)) for u, n, c in rows}

    async def save_user_settings(self, user_id: str, settings: UserSettings) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, notify_dm, dm_closed) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET notify_dm = excluded.notify_dm, "
                "dm_closed = excluded.dm_closed",
                (user_id, settings.notify_dm, settings.dm_closed),
            )


class _Conflict(Exception):
    """Raised inside a transaction to roll it back: another writer came first."""


async def _rows(db: Session, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    return await db.rows(sql, params)


def _rating_row(r: Sequence[Any]) -> RatingRow:
    return RatingRow(str(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4]), int(r[5]))


def _seats(raw: str | None) -> tuple[SeatRow, ...]:
    """The seats of a game from their JSON array
    ``[[position, user_id, name, ai_level], ...]``."""
    found = sorted(json.loads(raw or "[]"), key=lambda s: int(s[0]))
    return tuple(
        SeatRow(str(user_id), str(name), int(position), None if level is None else str(level))
        for position, user_id, name, level in found
    )


async def _changed(db: Session, sql: str, params: Iterable[Any]) -> bool:
    """Run a conditional ``UPDATE``: whether it changed exactly one row (else the game
    was not in the state the statement asks for, and nothing was written)."""
    return await db.execute(sql, params) == 1


async def _touch(db: Session, game_id: int, at: datetime, status: str) -> bool:
    return await _changed(
        db,
        "UPDATE games SET updated_at = ? WHERE id = ? AND status = ?",
        (iso(at), game_id, status),
    )


async def _renumber(db: Session, game_id: int, order: list[str] | None) -> None:
    """Rewrite seat positions 0..n-1: in ``order`` if given, else keeping the current order."""
    if order is None:
        rows = await _rows(
            db, "SELECT user_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
        )
        order = [str(r[0]) for r in rows]
    for position, user_id in enumerate(order):
        await db.execute(
            "UPDATE seats SET position = ? WHERE game_id = ? AND user_id = ?",
            (position, game_id, user_id),
        )


def _chunks(items: Sequence[int], size: int = 900) -> list[list[int]]:
    """``items`` in slices small enough for one statement's parameters."""
    return [list(items[n : n + size]) for n in range(0, len(items), size)]


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


async def _insert_reminders(db: Session, game_id: int, clock: SeatClock) -> None:
    await db.executemany(
        "INSERT INTO reminders (game_id, seat, kind, due, revision, started, deadline) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, clock.seat, kind, due, clock.revision, clock.started, clock.deadline)
            for kind, due in clock.reminders
        ],
    )


async def _stop_clocks(db: Session, game_id: int, seats: Sequence[str] | None) -> None:
    """Remove the clocks and reminders of ``seats`` (``None``: every seat) of a game."""
    if seats is None:
        await db.execute("DELETE FROM turn_clocks WHERE game_id = ?", (game_id,))
        await db.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
        return
    for table in ("turn_clocks", "reminders"):
        await db.executemany(
            f"DELETE FROM {table} WHERE game_id = ? AND seat = ?",
            [(game_id, seat) for seat in seats],
        )


async def _change_clocks(db: Session, game_id: int, change: ClockChange | None) -> None:
    """Apply one change of the seats to act to the clocks, in the caller's transaction."""
    if change is None:
        return
    await _stop_clocks(db, game_id, [*change.stopped, *(c.seat for c in change.started)])
    await db.executemany(
        "INSERT INTO turn_clocks (game_id, seat, revision, started, deadline, paused) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, c.seat, c.revision, c.started, c.deadline, c.paused) for c in change.started],
    )
    for clock in change.started:
        await _insert_reminders(db, game_id, clock)
