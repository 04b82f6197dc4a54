"""Tournaments: a server's events, their places and entries, rounds, tables and news.

Every change is one conditional statement or one transaction that first locks the
tournament's row (``UPDATE tournaments ... WHERE id = ? AND status = ?``: PostgreSQL
holds the row until the commit, SQLite has one writer), so two processes serving the
same server never both register the last place, open a round or record a table. The
work of a tournament (its start at the closing date, its rounds, their deadlines) is
done by the process that holds its lease (``claim_tournament``); the news the front end
posts (a round opened, the final standings) are claimed like reminders
(``claim_news``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.shards import Shards
from bot.store import sql
from bot.store.jobs import claimable
from bot.store.rows import iso, parse_time
from bot.store.session import Repository, on_shards
from bot.store.tournament_rows import (
    TABLE_COLUMNS,
    TOURNAMENT_COLUMNS,
    EntryRow,
    NewsRow,
    NewTournament,
    RoundRow,
    TableRow,
    TournamentRow,
    int_or_none,
    table_row,
    tournament_row,
)

__all__ = [
    "EntryRow",
    "NewTournament",
    "NewsRow",
    "RoundRow",
    "TableRow",
    "TournamentRow",
    "TournamentsQueries",
    "add_news",
]


async def add_news(db: sql.Session, tournament_id: int, kind: str, round: int) -> None:
    """Store something to announce (in the caller's transaction), once."""
    await db.execute(
        "INSERT INTO tournament_news (tournament_id, kind, round) VALUES (?, ?, ?) "
        "ON CONFLICT (tournament_id, kind, round) DO NOTHING",
        (tournament_id, kind, round),
    )


class TournamentsQueries(Repository):
    """The ``tournaments``, ``tournament_entries``, ``tournament_rounds``,
    ``tournament_tables`` and ``tournament_news`` tables."""

    # -- tournaments ---------------------------------------------------------------------

    async def create_tournament(self, new: NewTournament) -> int:
        """Store an open tournament; its id."""
        when = iso(new.at)
        async with self.db.transaction() as db:
            rows = await db.rows(
                "INSERT INTO tournaments (guild_id, channel_id, organiser, title, rules, "
                "options, clock_hours, timeout_policy, format, rounds, table_size, cap, "
                "closes_at, round_hours, min_completion, min_finished, status, "
                "created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?) "
                "RETURNING id",
                (
                    new.guild_id,
                    new.channel_id,
                    new.organiser,
                    new.title,
                    new.rules,
                    json.dumps(new.options, sort_keys=True),
                    new.clock_hours,
                    new.timeout_policy,
                    new.format,
                    new.rounds,
                    new.table_size,
                    new.cap,
                    new.closes_at,
                    new.round_hours,
                    new.min_completion,
                    new.min_finished,
                    when,
                    when,
                ),
            )
        return int(rows[0][0])

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        rows = await self.db.fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return tournament_row(rows[0]) if rows else None

    async def tournaments_in(
        self, guild_id: str | None, channel_id: str | None = None, *, active_only: bool = True
    ) -> list[TournamentRow]:
        """A server's tournaments (``channel_id``: only those opened there), newest
        first; ``active_only``: open or running."""
        where = ["COALESCE(guild_id, '') = ?"]
        params: list[Any] = [guild_id or ""]
        if channel_id is not None:
            where.append("channel_id = ?")
            params.append(channel_id)
        if active_only:
            where.append("status IN ('open', 'running')")
        rows = await self.db.fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE {' AND '.join(where)} "
            "ORDER BY id DESC",
            params,
        )
        return [tournament_row(r) for r in rows]

    async def set_tournament_status(
        self, tournament_id: int, status: str, at: datetime, *, when_in: Sequence[str]
    ) -> bool:
        """Change the status if it is one of ``when_in``."""
        marks = ",".join("?" * len(when_in))
        return await self.db.update(
            f"UPDATE tournaments SET status = ?, updated_at = ? WHERE id = ? "
            f"AND status IN ({marks})",
            (status, iso(at), tournament_id, *when_in),
        )

    async def start_tournament(self, tournament_id: int, rounds: int, at: datetime) -> bool:
        """Open → running with ``rounds`` planned; every registered entry becomes active."""
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                "UPDATE tournaments SET status = 'running', rounds = ?, updated_at = ? "
                "WHERE id = ? AND status = 'open'",
                (rounds, iso(at), tournament_id),
            ):
                return False
            await db.execute(
                "UPDATE tournament_entries SET status = 'active' "
                "WHERE tournament_id = ? AND status = 'registered'",
                (tournament_id,),
            )
        return True

    async def claim_tournament(self, tournament_id: int, worker: str, now: int, until: int) -> bool:
        """Hold the tournament's work for ``worker`` until ``until``, if nobody else holds
        it at ``now``, ``worker`` already does, or another instance of its identity (a
        predecessor that died: ``bot.store.jobs.successor_prefix``) does."""
        free, params = claimable(worker)
        return await self.db.update(
            "UPDATE tournaments SET claimed_by = ?, claimed_until = ? WHERE id = ? AND "
            f"({free} OR claimed_by = ?)",
            (worker, until, tournament_id, now, *params, worker),
        )

    async def release_tournament(self, tournament_id: int, worker: str) -> bool:
        """Give the tournament's work back (if ``worker`` holds it)."""
        return await self.db.update(
            "UPDATE tournaments SET claimed_by = NULL, claimed_until = NULL "
            "WHERE id = ? AND claimed_by = ?",
            (tournament_id, worker),
        )

    async def release_worker(self, worker: str) -> int:
        """Give back everything ``worker`` holds (a process that stops cleanly): the
        tournaments' work and the news not posted; how many."""
        async with self.db.transaction() as db:
            held = await db.execute(
                "UPDATE tournaments SET claimed_by = NULL, claimed_until = NULL "
                "WHERE claimed_by = ?",
                (worker,),
            )
            held += await db.execute(
                "UPDATE tournament_news SET claimed_by = NULL, claimed_until = NULL "
                "WHERE claimed_by = ? AND posted = 0",
                (worker,),
            )
        return held

    async def due_tournaments(
        self, now: int, shards: Shards | None = None, *, only: int | None = None
    ) -> list[int]:
        """The tournaments on ``shards`` (``only``: that one) with work to do at
        ``now``: open ones whose closing date passed; running ones whose current round is
        still opening, whose deadline passed, that have a table whose game ended
        unrecorded, or whose tables all ended; ended ones without a final table (they
        ended before final tables were kept: ``bot.store.tournament_standings``)."""
        here = on_shards(self.db.dialect, shards, "t.guild_id")
        params: tuple[int, ...] = (now, now)
        if only is not None:
            here += " AND t.id = ?"
            params = (now, now, only)
        rows = await self.db.fetchall(
            "SELECT t.id FROM tournaments t WHERE ("
            "(t.status = 'open' AND t.closes_at IS NOT NULL AND t.closes_at <= ?) OR "
            "(t.status = 'running' AND EXISTS (SELECT 1 FROM tournament_rounds r "
            "WHERE r.tournament_id = t.id AND r.number = t.current_round AND ("
            "r.status = 'opening' OR (r.deadline IS NOT NULL AND r.deadline <= ?) OR "
            "NOT EXISTS (SELECT 1 FROM tournament_tables x WHERE x.tournament_id = t.id "
            "AND x.round = r.number AND x.result IS NULL) OR "
            "EXISTS (SELECT 1 FROM tournament_tables x JOIN games g ON g.id = x.game_id "
            "WHERE x.tournament_id = t.id AND x.round = r.number AND x.result IS NULL "
            "AND g.status IN ('over', 'aborted'))))) OR "
            "(t.status = 'running' AND t.current_round = 0) OR "
            "(t.status = 'over' AND NOT EXISTS (SELECT 1 FROM tournament_standings s "
            "WHERE s.tournament_id = t.id) AND EXISTS (SELECT 1 FROM tournament_entries e "
            "WHERE e.tournament_id = t.id))"
            f"){here} ORDER BY t.id",
            params,
        )
        return [int(r[0]) for r in rows]

    # -- entries -------------------------------------------------------------------------

    async def entries(self, tournament_id: int) -> list[EntryRow]:
        """Every entry, in the order of their places then of their arrival."""
        rows = await self.db.fetchall(
            "SELECT place, user_id, name, status, joined_at, from_round "
            "FROM tournament_entries WHERE tournament_id = ? "
            "ORDER BY CAST(substr(place, 2) AS INTEGER), from_round, joined_at",
            (tournament_id,),
        )
        out = []
        for place, user, name, status, joined, since in rows:
            at = parse_time(joined)
            assert at is not None
            out.append(EntryRow(str(place), str(user), str(name), str(status), at, int(since)))
        return out

    async def add_entry(
        self, tournament_id: int, user_id: str, name: str, at: datetime
    ) -> str | None:
        """Register ``user_id`` at a new place of an open tournament below its cap, unless
        they hold a place; the place (``p<n>``), or ``None`` (nothing written)."""
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                "UPDATE tournaments SET updated_at = ? WHERE id = ? AND status = 'open'",
                (iso(at), tournament_id),
            ):
                return None
            rows = await db.rows(
                "SELECT t.cap, (SELECT COUNT(*) FROM tournament_entries e "
                "WHERE e.tournament_id = t.id), (SELECT COUNT(*) FROM tournament_entries e "
                "WHERE e.tournament_id = t.id AND e.user_id = ?) "
                "FROM tournaments t WHERE t.id = ?",
                (user_id, tournament_id),
            )
            cap, count, mine = rows[0]
            if int(mine) or (cap is not None and int(count) >= int(cap)):
                return None
            numbers = await db.rows(
                "SELECT COALESCE(MAX(CAST(substr(place, 2) AS INTEGER)), 0) "
                "FROM tournament_entries WHERE tournament_id = ?",
                (tournament_id,),
            )
            place = f"p{int(numbers[0][0]) + 1}"
            await db.execute(
                "INSERT INTO tournament_entries (tournament_id, place, user_id, name, status, "
                "joined_at) VALUES (?, ?, ?, ?, 'registered', ?)",
                (tournament_id, place, user_id, name, iso(at)),
            )
        return place

    async def remove_entry(self, tournament_id: int, user_id: str) -> bool:
        """Take ``user_id``'s registration back while the tournament is open."""
        async with self.db.transaction() as db:
            return await sql.changed(
                db,
                "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ? "
                "AND status = 'registered' AND EXISTS (SELECT 1 FROM tournaments t "
                "WHERE t.id = ? AND t.status = 'open')",
                (tournament_id, user_id, tournament_id),
            )

    async def set_entry_status(
        self, tournament_id: int, place: str, user_id: str, status: str, *, when_in: Sequence[str]
    ) -> bool:
        """Change an entry's status if it is one of ``when_in``."""
        marks = ",".join("?" * len(when_in))
        return await self.db.update(
            "UPDATE tournament_entries SET status = ? WHERE tournament_id = ? AND place = ? "
            f"AND user_id = ? AND status IN ({marks})",
            (status, tournament_id, place, user_id, *when_in),
        )

    async def substitute(
        self,
        tournament_id: int,
        place: str,
        user_id: str,
        name: str,
        from_round: int,
        at: datetime,
    ) -> bool:
        """``user_id`` takes ``place`` from round ``from_round`` on: the entry holding it
        (active or withdrawn) becomes ``substituted`` and theirs ``active``, in one
        transaction; ``False`` (nothing written) when the tournament is not running at a
        round before ``from_round``, the place has no such entry, or ``user_id`` holds
        a place."""
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                "UPDATE tournaments SET updated_at = ? WHERE id = ? AND status = 'running' "
                "AND current_round < ?",
                (iso(at), tournament_id, from_round),
            ):
                return False
            taken = await db.rows(
                "SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            if taken:
                return False
            if not await sql.changed(
                db,
                "UPDATE tournament_entries SET status = 'substituted' WHERE tournament_id = ? "
                "AND place = ? AND status IN ('active', 'withdrawn')",
                (tournament_id, place),
            ):
                return False
            await db.execute(
                "INSERT INTO tournament_entries (tournament_id, place, user_id, name, status, "
                "joined_at, from_round) VALUES (?, ?, ?, ?, 'active', ?, ?)",
                (tournament_id, place, user_id, name, iso(at), from_round),
            )
        return True

    async def tournaments_of_user(self, user_id: str) -> list[int]:
        """The open or running tournaments where ``user_id`` holds a place."""
        rows = await self.db.fetchall(
            "SELECT DISTINCT e.tournament_id FROM tournament_entries e "
            "JOIN tournaments t ON t.id = e.tournament_id WHERE e.user_id = ? "
            "AND e.status IN ('registered', 'active') AND t.status IN ('open', 'running') "
            "ORDER BY e.tournament_id",
            (user_id,),
        )
        return [int(r[0]) for r in rows]

    # -- rounds and tables ---------------------------------------------------------------

    async def add_round(
        self,
        tournament_id: int,
        number: int,
        tables: Sequence[tuple[Sequence[str], Sequence[str], str | None]],
        deadline: int | None,
        at: datetime,
    ) -> bool:
        """Store round ``number`` (``opening``) with its tables (places in seat order,
        their players, and the result of a table decided without a game, a bye), as the
        tournament's current round, and its news, in one transaction; ``False``
        (nothing written) unless the tournament is running at round ``number - 1``."""
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                "UPDATE tournaments SET current_round = ?, updated_at = ? WHERE id = ? "
                "AND status = 'running' AND current_round = ?",
                (number, iso(at), tournament_id, number - 1),
            ):
                return False
            await db.execute(
                "INSERT INTO tournament_rounds (tournament_id, number, status, opened_at, "
                "deadline) VALUES (?, ?, 'opening', ?, ?)",
                (tournament_id, number, iso(at), deadline),
            )
            await db.executemany(
                f"INSERT INTO tournament_tables ({TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, NULL, ?)",
                [
                    (tournament_id, number, n, json.dumps(list(p)), json.dumps(list(u)), result)
                    for n, (p, u, result) in enumerate(tables, start=1)
                ],
            )
        return True

    async def set_round_status(
        self, tournament_id: int, number: int, status: str, *, when_in: Sequence[str]
    ) -> bool:
        """Change a round's status if it is one of ``when_in``; a round that starts
        running is announced (its news)."""
        marks = ",".join("?" * len(when_in))
        async with self.db.transaction() as db:
            if not await sql.changed(
                db,
                f"UPDATE tournament_rounds SET status = ? WHERE tournament_id = ? AND number = ? "
                f"AND status IN ({marks})",
                (status, tournament_id, number, *when_in),
            ):
                return False
            if status == "running":
                await add_news(db, tournament_id, "round", number)
        return True

    async def rounds(self, tournament_id: int) -> list[RoundRow]:
        rows = await self.db.fetchall(
            "SELECT number, status, opened_at, deadline FROM tournament_rounds "
            "WHERE tournament_id = ? ORDER BY number",
            (tournament_id,),
        )
        out = []
        for number, status, opened, deadline in rows:
            at = parse_time(opened)
            assert at is not None
            out.append(RoundRow(int(number), str(status), at, int_or_none(deadline)))
        return out

    async def tables(self, tournament_id: int, round: int | None = None) -> list[TableRow]:
        """The tables of a tournament (``round``: of that round), in order."""
        extra = "" if round is None else " AND round = ?"
        params = (tournament_id,) if round is None else (tournament_id, round)
        rows = await self.db.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM tournament_tables WHERE tournament_id = ?{extra} "
            "ORDER BY round, number",
            params,
        )
        return [table_row(r) for r in rows]

    async def table_of_game(self, game_id: int) -> TableRow | None:
        """The tournament table whose game is ``game_id``, if any."""
        rows = await self.db.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM tournament_tables WHERE game_id = ?", (game_id,)
        )
        return table_row(rows[0]) if rows else None

    async def set_table_game(
        self, tournament_id: int, round: int, number: int, game_id: int
    ) -> bool:
        """Link the game opened for a table (if none is yet)."""
        return await self.db.update(
            "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? "
            "AND number = ? AND game_id IS NULL",
            (game_id, tournament_id, round, number),
        )

    async def record_table(self, tournament_id: int, round: int, number: int, result: str) -> bool:
        """Store a table's result (JSON text), once."""
        return await self.db.update(
            "UPDATE tournament_tables SET result = ? WHERE tournament_id = ? AND round = ? "
            "AND number = ? AND result IS NULL",
            (result, tournament_id, round, number),
        )

    # -- news ----------------------------------------------------------------------------

    async def claim_news(
        self, worker: str, now: int, until: int, shards: Shards | None = None
    ) -> list[NewsRow]:
        """Claim the news not posted yet of the tournaments on ``shards`` that nobody
        holds (or whose holder's lease ran out at ``now``, or that another instance of
        ``worker``'s identity holds: a predecessor that died) for ``worker`` until
        ``until``, oldest first."""
        here = on_shards(self.db.dialect, shards, "t.guild_id")
        free, free_params = claimable(worker)
        free_n, _ = claimable(worker, "n.")
        # PostgreSQL locks the news rows picked (not their tournaments'), skipping those
        # another claim holds; SQLite has one writer.
        lock = " FOR UPDATE OF n SKIP LOCKED" if self.db.dialect.claim_lock else ""
        async with self.db.transaction() as db:
            picked = await db.rows(
                "SELECT n.id FROM tournament_news n JOIN tournaments t "
                "ON t.id = n.tournament_id WHERE n.posted = 0 AND "
                f"{free_n}{here} ORDER BY n.id{lock}",
                (now, *free_params),
            )
            ids = [int(r[0]) for r in picked]
            if not ids:
                return []
            marks = ",".join("?" * len(ids))
            rows = await db.rows(
                "UPDATE tournament_news SET claimed_by = ?, claimed_until = ? "
                f"WHERE id IN ({marks}) AND posted = 0 AND {free} "
                "RETURNING id, tournament_id, kind, round",
                (worker, until, *ids, now, *free_params),
            )
        return sorted(
            (NewsRow(int(r[0]), int(r[1]), str(r[2]), int(r[3])) for r in rows),
            key=lambda n: n.id,
        )

    async def finish_news(self, worker: str, ids: Sequence[int], *, posted: bool) -> int:
        """Mark the news ``worker`` holds as posted, or (``posted=False``) give them back."""
        if not ids:
            return 0
        marks = ",".join("?" * len(ids))
        change = "posted = 1" if posted else "claimed_by = NULL, claimed_until = NULL"
        async with self.db.session() as db:
            return await db.execute(
                f"UPDATE tournament_news SET {change} WHERE claimed_by = ? AND id IN ({marks})",
                (worker, *ids),
            )
