"""What the round engine asks of the pure pairing and standings (``bot.service.events``):
the tables of a round, the rounds a format plans, and the standings, from the
tournament's stored places and tables.

A place (``p1``, ``p2``...) is the pairing's entry: a substitute inherits it. A table's
stored result becomes a ``TableResult`` (placings, game scores, and the seats that left
the game by resigning or timing out, which score nothing); a table still playing is
pending; a bye is a bye. The seed of every draw is the tournament's id, so pairing a
round again (a restart) gives the same tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.events import Table, TableResult, round_robin, standings, swiss_round
from bot.service.tournaments.values import Standing, TableInfo, TournamentInfo
from rules import registry

__all__ = ["pair", "planned_rounds", "ranking", "results"]


def _sizes(table_size: int) -> tuple[int, ...] | None:
    """The table sizes a round uses: the tournament's only (two seats: the default)."""
    return None if table_size == 2 else (table_size,)


def planned_rounds(format: str, count: int, table_size: int, asked: int) -> int:
    """The rounds of a tournament of ``count`` places: ``asked`` for a Swiss, the
    schedule's length for a round robin."""
    if format != "round_robin":
        return asked
    places = [f"p{n}" for n in range(1, count + 1)]
    return len(round_robin(places, table_size, 0, sizes=_sizes(table_size)))


def results(tables: Sequence[TableInfo]) -> list[TableResult]:
    """The stored tables as the pairing's ``TableResult``s (pending while unfinished)."""
    out: list[TableResult] = []
    for info in tables:
        table = Table(info.round, info.places)
        if info.bye:
            out.append(TableResult.bye(table))
        elif info.ranks is None:
            out.append(TableResult.pending(table))
        else:
            out.append(
                TableResult(
                    table,
                    dict(zip(info.places, info.ranks, strict=True)),
                    dict(zip(info.places, info.scores or (), strict=False)),
                    frozenset(info.forfeits),
                )
            )
    return out


def pair(
    info: TournamentInfo,
    number: int,
    history: Sequence[TableInfo],
    ratings: Mapping[str, float],
) -> list[tuple[str, ...]]:
    """The tables of round ``number`` (places in seat order; a table of one place is a
    bye) among the places still playing."""
    playing = [e.place for e in info.playing]
    if info.format == "round_robin":
        start = sorted({e.place for e in info.entries}, key=lambda p: int(p[1:]))
        schedule = round_robin(start, info.table_size, info.id, sizes=_sizes(info.table_size))
        if number > len(schedule):
            return []
        least = registry.get(info.rules).spec.min_seats
        return _kept(schedule[number - 1], set(playing), least)
    done = results(history)
    tables: Sequence[Table] = swiss_round(
        playing,
        ratings,
        done,
        number,
        info.table_size,
        info.id,
        sizes=_sizes(info.table_size),
    )
    return [t.seats for t in tables]


def _kept(tables: Sequence[Table], playing: set[str], least: int) -> list[tuple[str, ...]]:
    """A round robin's scheduled tables without the places that left: a table left with
    fewer seats than the game needs gives its remaining places a bye."""
    kept: list[tuple[str, ...]] = []
    byes: list[tuple[str, ...]] = []
    for table in tables:
        seats = tuple(s for s in table.seats if s in playing)
        if len(seats) >= max(2, least):
            kept.append(seats)
        else:
            byes += [(s,) for s in seats]
    return kept + byes


def ranking(
    info: TournamentInfo, tables: Sequence[TableInfo], ratings: Mapping[str, float]
) -> tuple[Standing, ...]:
    """The standings of every place over the tables so far, each line with whoever
    holds the place now."""
    places = [e.place for e in info.holders]
    lines = standings(places, ratings, results(tables))
    out = []
    for line in lines:
        holder = info.holder(line.entry)
        assert holder is not None
        out.append(
            Standing(
                rank=line.rank,
                place=line.entry,
                user_id=holder.user_id,
                name=holder.name,
                status=holder.status,
                points=line.points,
                opponents=line.opponents,
                scored=line.scored,
                rating=line.rating,
                played=line.played,
                byes=line.byes,
                separated_by=line.separated_by,
            )
        )
    return tuple(out)
