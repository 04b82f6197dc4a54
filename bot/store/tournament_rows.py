"""The rows of the tournaments' tables as the store returns them, and their reading."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.rows import parse_time

__all__ = [
    "TABLE_COLUMNS",
    "TOURNAMENT_COLUMNS",
    "EntryRow",
    "FinalStandingRow",
    "NewTournament",
    "NewsRow",
    "RoundRow",
    "TableRow",
    "TournamentRow",
    "int_or_none",
    "table_row",
    "tournament_row",
]


@dataclass(frozen=True)
class NewTournament:
    """What opening a tournament stores (``closes_at``: epoch seconds; ``None``: the
    organiser starts it)."""

    guild_id: str | None
    channel_id: str
    organiser: str
    title: str
    rules: str
    options: dict[str, Any]
    clock_hours: int | None
    timeout_policy: str
    format: str
    rounds: int
    table_size: int
    cap: int | None
    closes_at: int | None
    round_hours: int | None
    min_completion: int | None
    min_finished: int | None
    at: datetime


@dataclass(frozen=True)
class TournamentRow:
    """A stored tournament (``closes_at`` epoch seconds)."""

    id: int
    guild_id: str | None
    channel_id: str
    organiser: str
    title: str
    rules: str
    options: dict[str, Any]
    clock_hours: int | None
    timeout_policy: str
    format: str
    rounds: int
    table_size: int
    cap: int | None
    closes_at: int | None
    round_hours: int | None
    min_completion: int | None
    min_finished: int | None
    status: str
    current_round: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class EntryRow:
    """One player's entry at a place: ``registered`` before the start, ``active`` while
    playing, ``withdrawn`` (left the next rounds) or ``substituted`` (another entry holds
    the place since ``from_round``)."""

    place: str
    user_id: str
    name: str
    status: str
    joined_at: datetime
    from_round: int


@dataclass(frozen=True)
class RoundRow:
    """A round: ``opening`` (its tables stored, their games being opened), ``running``,
    ``over``; ``deadline`` in epoch seconds (``None``: none)."""

    number: int
    status: str
    opened_at: datetime
    deadline: int | None


@dataclass(frozen=True)
class TableRow:
    """A table of a round: its places in seat order, who held them then, its game
    (``None``: not opened yet, or a bye) and its result (JSON text, ``None`` until it
    ended)."""

    tournament_id: int
    round: int
    number: int
    places: tuple[str, ...]
    players: tuple[str, ...]
    game_id: int | None
    result: str | None


@dataclass(frozen=True)
class NewsRow:
    """Something to announce: ``kind`` ``round`` (round ``round`` opened) or ``over``."""

    id: int
    tournament_id: int
    kind: str
    round: int


@dataclass(frozen=True)
class FinalStandingRow:
    """A line of a tournament's final standings as it was announced (``line``: its
    position, 1 first; ``points`` and ``opponents`` fractions as text, ``3/2``;
    ``rating`` ``None``: unrated; ``separated_by`` ``None``: first or tied)."""

    line: int
    place: str
    rank: int
    user_id: str
    name: str
    status: str
    points: str
    opponents: str
    scored: float
    rating: float | None
    played: int
    byes: int
    separated_by: str | None


TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, organiser, title, rules, options, clock_hours, "
    "timeout_policy, format, rounds, table_size, cap, closes_at, round_hours, "
    "min_completion, min_finished, status, current_round, created_at, updated_at"
)


def int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def tournament_row(r: Sequence[Any]) -> TournamentRow:
    created, updated = parse_time(r[19]), parse_time(r[20])
    assert created is not None and updated is not None
    return TournamentRow(
        id=int(r[0]),
        guild_id=r[1],
        channel_id=str(r[2]),
        organiser=str(r[3]),
        title=str(r[4]),
        rules=str(r[5]),
        options=json.loads(r[6]),
        clock_hours=int_or_none(r[7]),
        timeout_policy=str(r[8]),
        format=str(r[9]),
        rounds=int(r[10]),
        table_size=int(r[11]),
        cap=int_or_none(r[12]),
        closes_at=int_or_none(r[13]),
        round_hours=int_or_none(r[14]),
        min_completion=int_or_none(r[15]),
        min_finished=int_or_none(r[16]),
        status=str(r[17]),
        current_round=int(r[18]),
        created_at=created,
        updated_at=updated,
    )


def table_row(r: Sequence[Any]) -> TableRow:
    return TableRow(
        int(r[0]),
        int(r[1]),
        int(r[2]),
        tuple(json.loads(r[3])),
        tuple(json.loads(r[4])),
        int_or_none(r[5]),
        r[6],
    )


TABLE_COLUMNS = "tournament_id, round, number, places, players, game_id, result"
