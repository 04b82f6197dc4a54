"""A fair table: what the store keeps of how players end their games, a lobby's requirements,
and how many games a player is playing at once.

The facts only; what they mean (finished, abandoned, timed out, a player's time per turn)
is the service's (``bot.service.fairness``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.rows import iso, parse_time
from bot.store.session import Repository


@dataclass(frozen=True)
class SeatEnd:
    """How a started game stands for one person seated in it: its ``status``
    (``running``, ``over``, ``aborted``), whether they stopped it themselves
    (``stopped_by_them``: an abort) and the reason of their removal from it (``resign``,
    ``timeout``; ``None``: still seated)."""

    user_id: str
    game_id: int
    status: str
    stopped_by_them: bool
    removal: str | None = None


@dataclass(frozen=True)
class SeatEntry:
    """One live entry of a person's seat in a game's log, with the one before it
    (``before_seat``/``before_at``; ``None`` for a game's first entry): what a
    player's time per turn is read from."""

    user_id: str
    game_id: int
    seq: int
    code: str
    at: datetime
    before_seat: str | None
    before_at: datetime | None
    by_clock: bool


@dataclass(frozen=True)
class PlayRecord:
    """What the store answers of many players at once (``FairnessQueries.play_records``)."""

    ends: tuple[SeatEnd, ...]
    entries: tuple[SeatEntry, ...]


MAX_USERS = 400
"""Players read by one statement (each id is two of its parameters)."""


class FairnessQueries(Repository):
    """The ``lobby_requirements`` table, and what a fair table reads of the games
    (seats, log entries, who stopped a game)."""

    async def play_records(
        self, guild_id: str, user_ids: Sequence[str], since: datetime
    ) -> PlayRecord:
        """Of each of ``user_ids`` (persons) in the games of server ``guild_id`` (``''``:
        outside one) that started and changed at ``since`` or later: how each stands
        for them, and their live entries in its log, each with the entry before it. One
        statement (up to ``MAX_USERS`` players; more are read ``MAX_USERS`` at a time)."""
        ends: list[SeatEnd] = []
        entries: list[SeatEntry] = []
        users = list(dict.fromkeys(user_ids))
        for start in range(0, len(users), MAX_USERS):
            chunk = users[start : start + MAX_USERS]
            marks = ",".join("?" * len(chunk))
            rows = await self.db.fetchall(
                "WITH mine AS ("
                " SELECT s.user_id, g.id AS game_id, g.status, g.aborted_by"
                " FROM seats s JOIN games g ON g.id = s.game_id"
                f" WHERE s.user_id IN ({marks}) AND s.ai_level IS NULL"
                " AND COALESCE(g.guild_id, '') = ? AND g.status <> 'lobby'"
                " AND g.snapshot IS NOT NULL AND g.updated_at >= ?"
                "), timeline AS ("
                " SELECT m.game_id, m.seq, m.seat, m.code, m.at, m.by_clock,"
                " LAG(m.seat) OVER (PARTITION BY m.game_id ORDER BY m.seq) AS before_seat,"
                " LAG(m.at) OVER (PARTITION BY m.game_id ORDER BY m.seq) AS before_at"
                " FROM moves m WHERE m.game_id IN (SELECT game_id FROM mine)"
                " AND NOT EXISTS (SELECT 1 FROM undone_moves u"
                " WHERE u.game_id = m.game_id AND u.seq = m.seq)"
                ") "
                "SELECT 'game', user_id, game_id, status, aborted_by, NULL, NULL, NULL, NULL"
                " FROM mine "
                "UNION ALL "
                "SELECT 'entry', t.seat, t.game_id, t.code, t.before_seat, t.before_at, t.at,"
                f" t.seq, t.by_clock FROM timeline t WHERE t.seat IN ({marks})",
                (*chunk, guild_id, iso(since), *chunk),
            )
            removals: dict[tuple[str, int], str] = {}
            games = []
            for kind, user, game, text, other, before_at, at, seq, by_clock in rows:
                if kind == "game":
                    games.append((str(user), int(game), str(text), other == user))
                    continue
                if str(text).startswith("!"):
                    removals.setdefault((str(user), int(game)), str(text)[1:])
                at_time = parse_time(at)
                assert at_time is not None
                entries.append(
                    SeatEntry(
                        str(user),
                        int(game),
                        int(seq),
                        str(text),
                        at_time,
                        None if other is None else str(other),
                        parse_time(before_at),
                        bool(by_clock),
                    )
                )
            ends += [
                SeatEnd(user, game, status, stopped, removals.get((user, game)))
                for user, game, status, stopped in games
            ]
        return PlayRecord(tuple(ends), tuple(entries))

    async def playing_counts(self, guild_id: str, user_ids: Sequence[str]) -> dict[str, int]:
        """``{user id: running games of server guild_id where they hold a seat}`` for
        those of ``user_ids`` who play any (a person's seat they have not left: no
        removal of theirs in the log)."""
        users = list(dict.fromkeys(user_ids))
        if not users:
            return {}
        marks = ",".join("?" * len(users))
        rows = await self.db.fetchall(
            "SELECT s.user_id, COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id "
            f"WHERE s.user_id IN ({marks}) AND s.ai_level IS NULL AND g.status = 'running' "
            "AND COALESCE(g.guild_id, '') = ? AND NOT EXISTS (SELECT 1 FROM moves m "
            "WHERE m.game_id = g.id AND m.seat = s.user_id AND m.code LIKE '!%') "
            "GROUP BY s.user_id",
            (*users, guild_id),
        )
        return {str(user): int(count) for user, count in rows}

    async def lobby_requirement(self, game_id: int) -> tuple[int | None, int | None]:
        """What a lobby asks of those who join: ``(completion in percent, finished
        games)``, ``(None, None)`` when nothing."""
        rows = await self.db.fetchall(
            "SELECT min_completion, min_finished FROM lobby_requirements WHERE game_id = ?",
            (game_id,),
        )
        if not rows:
            return None, None
        completion, finished = rows[0]
        return (
            None if completion is None else int(completion),
            None if finished is None else int(finished),
        )

    async def set_lobby_requirement(
        self, game_id: int, min_completion: int | None, min_finished: int | None
    ) -> None:
        """Set (or, both ``None``, drop) what a lobby asks of those who join."""
        async with self.db.transaction() as db:
            if min_completion is None and min_finished is None:
                await db.execute("DELETE FROM lobby_requirements WHERE game_id = ?", (game_id,))
                return
            await db.execute(
                "INSERT INTO lobby_requirements (game_id, min_completion, min_finished) "
                "VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
                "min_completion = excluded.min_completion, min_finished = excluded.min_finished",
                (game_id, min_completion, min_finished),
            )
