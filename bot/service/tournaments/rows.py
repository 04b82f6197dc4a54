"""From the store's tournament rows to the values the front ends see, and a table's
result to and from its stored JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from bot.service.tournaments.values import (
    Entrant,
    RoundInfo,
    Standing,
    TableInfo,
    TournamentInfo,
)
from bot.store import (
    EntryRow,
    FinalStandingRow,
    ResultRow,
    RoundRow,
    TableRow,
    TournamentRow,
    from_epoch,
)

__all__ = [
    "bye_result",
    "final_rows",
    "result_of",
    "round_info",
    "standing_of",
    "table_info",
    "tournament_info",
]


def tournament_info(row: TournamentRow, entries: Sequence[EntryRow]) -> TournamentInfo:
    """A stored tournament with its entries."""
    return TournamentInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        organiser=row.organiser,
        title=row.title,
        rules=row.rules,
        options=dict(row.options),
        clock_hours=row.clock_hours,
        timeout_policy=row.timeout_policy,
        format=row.format,
        rounds=row.rounds,
        table_size=row.table_size,
        cap=row.cap,
        closes_at=from_epoch(row.closes_at),
        round_hours=row.round_hours,
        min_completion=row.min_completion,
        min_finished=row.min_finished,
        status=row.status,
        current_round=row.current_round,
        created_at=row.created_at,
        entries=tuple(Entrant(e.place, e.user_id, e.name, e.status, e.from_round) for e in entries),
    )


def bye_result() -> str:
    """The stored result of a bye."""
    return json.dumps({"bye": True})


def result_of(table: TableRow, results: Sequence[ResultRow], left: Sequence[str]) -> str:
    """The stored result of a table from its game's final places (``results``: empty
    for a game aborted without a result, where every place shares the first rank and
    scores nothing) and the seats that ``left`` it (resigned, timed out)."""
    by_seat = {r.seat: r for r in results}
    ranks = [by_seat[u].rank if u in by_seat else 1 for u in table.players]
    scores = [float(by_seat[u].score) if u in by_seat else 0.0 for u in table.players]
    forfeits = [p for p, u in zip(table.places, table.players, strict=True) if u in left]
    return json.dumps({"ranks": ranks, "scores": scores, "forfeits": forfeits})


def table_info(row: TableRow) -> TableInfo:
    """A stored table, its result read."""
    if row.result is None:
        return TableInfo(row.round, row.number, row.places, row.players, row.game_id)
    result = json.loads(row.result)
    if result.get("bye"):
        return TableInfo(
            row.round, row.number, row.places, row.players, None, (1,), (0.0,), bye=True
        )
    return TableInfo(
        row.round,
        row.number,
        row.places,
        row.players,
        row.game_id,
        tuple(int(r) for r in result["ranks"]),
        tuple(float(s) for s in result["scores"]),
        forfeits=tuple(result.get("forfeits", ())),
    )


def round_info(row: RoundRow, tables: Sequence[TableRow]) -> RoundInfo:
    """A stored round with its tables."""
    deadline = from_epoch(row.deadline)
    mine = tuple(table_info(t) for t in tables if t.round == row.number)
    return RoundInfo(row.number, row.status, row.opened_at, deadline, mine)


def final_rows(lines: Sequence[Standing]) -> list[FinalStandingRow]:
    """The standings as the store freezes them, in their order."""
    return [
        FinalStandingRow(
            line=n,
            place=s.place,
            rank=s.rank,
            user_id=s.user_id,
            name=s.name,
            status=s.status,
            points=str(s.points),
            opponents=str(s.opponents),
            scored=s.scored,
            rating=s.rating,
            played=s.played,
            byes=s.byes,
            separated_by=s.separated_by,
        )
        for n, s in enumerate(lines, start=1)
    ]


def standing_of(row: FinalStandingRow) -> Standing:
    """A line of a frozen final table."""
    return Standing(
        rank=row.rank,
        place=row.place,
        user_id=row.user_id,
        name=row.name,
        status=row.status,
        points=Fraction(row.points),
        opponents=Fraction(row.opponents),
        scored=row.scored,
        rating=row.rating,
        played=row.played,
        byes=row.byes,
        separated_by=row.separated_by,
    )
