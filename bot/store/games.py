"""Games and their moves: creating and reading games, the move log (append, undo, read)
and rematches. The messages the front ends remember of a game are ``bot.store.messages``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from bot.store import sql
from bot.store.clocks import change_clocks, stop_clocks
from bot.store.rows import (
    GAME_COLUMNS,
    ClockChange,
    ClockRow,
    GameRow,
    MoveRow,
    NewEntry,
    clock_rows,
    game_row,
    iso,
    parse_time,
    seat_rows,
    text_from_json,
    text_to_json,
)
from bot.store.session import Repository
from rules.base import Text


class GamesQueries(Repository):
    """The ``games``, ``moves`` and ``undos``/``undone_moves`` tables."""

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
        async with self.db.transaction() as db:
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
        rows = await self.db.read_games("FROM games g WHERE g.id = ?", (game_id,))
        return rows[0] if rows else None

    async def games_in_channel(self, channel_id: str, *, active_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'running')" if active_only else ""
        return await self.db.read_games(
            f"FROM games g WHERE g.channel_id = ?{extra} ORDER BY g.id DESC", (channel_id,)
        )

    async def games_of_user(self, user_id: str, *, active_only: bool) -> list[GameRow]:
        extra = " AND g.status IN ('lobby', 'running')" if active_only else ""
        return await self.db.read_games(
            "FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ?{extra} ORDER BY g.id DESC",
            (user_id,),
        )

    async def running_games(self) -> list[GameRow]:
        """Every game being played (oldest first)."""
        return await self.db.read_games("FROM games g WHERE g.status = 'running' ORDER BY g.id", ())

    async def running_games_behind(self, kind: str) -> list[GameRow]:
        """Running games whose message ``kind`` holds a revision other than theirs
        (oldest first); games without that message are left out. Only those rows are
        read, not every running game's snapshot."""
        return await self.db.read_games(
            "FROM messages m JOIN games g ON g.id = m.game_id "
            "WHERE m.kind = ? AND g.status = 'running' "
            "AND m.message_id <> CAST(g.version AS TEXT) ORDER BY g.id",
            (kind,),
        )

    async def game_for_thread(self, thread_id: str) -> GameRow | None:
        rows = await self.db.read_games(
            "FROM games g WHERE g.thread_id = ? ORDER BY g.id DESC LIMIT 1", (thread_id,)
        )
        return rows[0] if rows else None

    async def game_ids(self) -> list[int]:
        """Every stored game's id, in order (lobbies and finished games included)."""
        return [int(r[0]) for r in await self.db.fetchall("SELECT id FROM games ORDER BY id")]

    async def revisions(self, game_ids: Sequence[int]) -> dict[int, tuple[int, str]]:
        """``{game id: (revision, status)}`` of the stored ones of ``game_ids``: one small
        read, what the web companion polls to follow running games."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        rows = await self.db.fetchall(
            f"SELECT id, version, status FROM games WHERE id IN ({marks})", tuple(game_ids)
        )
        return {int(i): (int(v), str(s)) for i, v, s in rows}

    async def count_games(self) -> int:
        rows = await self.db.fetchall("SELECT COUNT(*) FROM games")
        return int(rows[0][0])

    async def set_status(
        self,
        game_id: int,
        status: str,
        at: datetime,
        *,
        when_in: Sequence[str],
        by: str | None = None,
    ) -> bool:
        """Move a game to ``status`` if it is currently in one of ``when_in``; ``by``:
        who stopped it (an abort), kept as ``aborted_by``."""
        marks = ",".join("?" * len(when_in))
        stopper = ", aborted_by = ?" if by is not None else ""
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                f"UPDATE games SET status = ?, updated_at = ?{stopper} "
                f"WHERE id = ? AND status IN ({marks})",
                (status, iso(at), *((by,) if by is not None else ()), game_id, *when_in),
            ):
                return False
            if status not in ("lobby", "running"):  # no clock runs in a game that ended
                await stop_clocks(db, game_id, None)
        return True

    async def append_move(self, entry: NewEntry) -> GameRow | None:
        """Log ``entry`` with what the table reads of it, store the new snapshot and
        (``entry.over``) the final results, record a resigning seat, and change the
        clocks (every clock stops when the game is over), in one transaction, only if
        the game is running at revision ``entry.expected_version``. Returns the game as
        committed, as the database answered it (the row the guarded ``UPDATE`` returned,
        its clocks read after they changed), or ``None`` (nothing written) when another
        change came first."""
        when = iso(entry.at)
        game_id = entry.game_id
        async with self.db.transaction() as db:
            committed = await sql.rows(
                db,
                "UPDATE games SET version = version + 1, snapshot = ?, updated_at = ?, "
                "status = ?, turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END, "
                "resigned = CASE WHEN ? THEN ? ELSE resigned END "
                "WHERE id = ? AND version = ? AND status = 'running' "
                f"RETURNING {GAME_COLUMNS}, {self.db.seats_of('games.id')}",
                (
                    entry.snapshot,
                    when,
                    "over" if entry.over else "running",
                    entry.turn_started,
                    when,
                    entry.resigns,
                    entry.seat,
                    game_id,
                    entry.expected_version,
                ),
            )
            if len(committed) != 1:
                return None
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, code, label, at, public_label, notes, "
                "undoable, by_clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    entry.expected_version,
                    entry.seat,
                    entry.code,
                    text_to_json(entry.label),
                    when,
                    None if entry.public_label is None else text_to_json(entry.public_label),
                    json.dumps([n.to_json() for n in entry.notes], sort_keys=True),
                    entry.undoable,
                    entry.by_clock,
                ),
            )
            clocks: tuple[ClockRow, ...] = ()
            if entry.over:
                await stop_clocks(db, game_id, None)
            else:
                await change_clocks(db, game_id, entry.clocks)
                found = await sql.rows(db, f"SELECT {self.db.clocks_of('?')}", (game_id,))
                clocks = clock_rows(found[0][0])
            await db.executemany(
                "INSERT INTO results (game_id, seat, rank, score) VALUES (?, ?, ?, ?)",
                [(game_id, r.seat, r.rank, r.score) for r in entry.results],
            )
        row = committed[0]
        return game_row(row, seat_rows(row[-1]), clocks)

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
        async with self.db.transaction() as db:
            if not await sql.changed(
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
            last = await sql.rows(
                db,
                "SELECT seq FROM moves WHERE game_id = ? AND seq NOT IN "
                "(SELECT seq FROM undone_moves WHERE game_id = ?) ORDER BY seq DESC LIMIT ?",
                (game_id, game_id, count),
            )
            await db.executemany(
                "INSERT INTO undone_moves (game_id, seq, undo_id) VALUES (?, ?, ?)",
                [(game_id, int(seq), undo_id) for (seq,) in last],
            )
            await change_clocks(db, game_id, clocks)
        return True

    async def undone_moves(self, game_id: int) -> list[MoveRow]:
        """The entries taken back by undos, oldest first (kept for the record)."""
        return await self._moves(
            "AND seq IN (SELECT seq FROM undone_moves WHERE game_id = ?)", game_id
        )

    async def undo_sizes(self, game_id: int) -> list[int]:
        """How many entries each undo of the game took back, oldest undo first (each
        undo is one revision, and so is each entry it took back: a record states them
        so that its revision can be replayed)."""
        rows = await self.db.fetchall(
            "SELECT COUNT(m.seq) FROM undos u LEFT JOIN undone_moves m "
            "ON m.undo_id = u.id AND m.game_id = u.game_id "
            "WHERE u.game_id = ? GROUP BY u.id ORDER BY u.id",
            (game_id,),
        )
        return [int(n) for (n,) in rows]

    async def moves(self, game_id: int) -> list[MoveRow]:
        """The log: every entry not taken back by an undo, in order."""
        return await self._moves(
            "AND seq NOT IN (SELECT seq FROM undone_moves WHERE game_id = ?)", game_id
        )

    async def _moves(self, where: str, game_id: int) -> list[MoveRow]:
        rows = await self.db.fetchall(
            "SELECT seq, seat, code, label, at, public_label, notes, undoable, by_clock FROM moves "
            f"WHERE game_id = ? {where} ORDER BY seq",
            (game_id, game_id),
        )
        return _move_rows(rows)

    async def entry_at(self, game_id: int, seq: int) -> MoveRow | None:
        """The entry logged at ``seq`` (``append_move``'s ``expected_version``), taken
        back since or not; ``None``: no entry was stored there. How a move whose commit
        had no answer (the server went away) is found out: the game's row is locked
        first, so a change still in flight has finished and the answer is final."""
        async with self.db.transaction() as db:
            await self.db.lock_game(db, game_id)
            rows = await db.rows(
                "SELECT seq, seat, code, label, at, public_label, notes, undoable, by_clock "
                "FROM moves WHERE game_id = ? AND seq = ?",
                (game_id, seq),
            )
        return _move_rows(rows)[0] if rows else None

    async def log_revision(self, game_id: int) -> int:
        """The revision the log accounts for: every entry ever appended plus every undo."""
        rows = await self.db.fetchall(
            "SELECT (SELECT COUNT(*) FROM moves WHERE game_id = ?) + "
            "(SELECT COUNT(*) FROM undos WHERE game_id = ?)",
            (game_id, game_id),
        )
        return int(rows[0][0])

    async def repair_snapshot(self, game_id: int, version: int, snapshot: str) -> bool:
        """Replace the cached snapshot (after it disagreed with the log) at ``version``."""
        return await self.db.update(
            "UPDATE games SET snapshot = ? WHERE id = ? AND version = ?",
            (snapshot, game_id, version),
        )

    async def set_rematch(self, game_id: int, previous: int) -> bool:
        """Link the lobby ``game_id`` to the game it is a rematch of; ``False`` if
        ``previous`` already has one."""
        async with self.db.transaction() as db:
            return await sql.changed(
                db,
                "INSERT INTO rematches (game_id, previous) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (game_id, previous),
            )

    async def rematch_of(self, previous: int) -> int | None:
        """The game opened as the rematch of ``previous``, if any."""
        rows = await self.db.fetchall(
            "SELECT game_id FROM rematches WHERE previous = ?", (previous,)
        )
        return int(rows[0][0]) if rows else None

    async def previous_game(self, game_id: int) -> int | None:
        """The game ``game_id`` is a rematch of, if it is one."""
        rows = await self.db.fetchall(
            "SELECT previous FROM rematches WHERE game_id = ?", (game_id,)
        )
        return int(rows[0][0]) if rows else None

    async def set_thread(self, game_id: int, thread_id: str | None) -> bool:
        return await self.db.update(
            "UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id)
        )


def _move_rows(rows: Sequence[Sequence[Any]]) -> list[MoveRow]:
    """``MoveRow``s of rows read as ``seq, seat, code, label, at, public_label, notes,
    undoable, by_clock``."""
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
