"""The rows the store returns (games with their seats, log entries) and their conversions."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple

from rules.base import REMOVAL_PREFIX, Text


def iso(moment: datetime | None) -> str | None:
    """A timestamp as stored: ISO 8601 in UTC."""
    return None if moment is None else moment.astimezone(UTC).isoformat()


def parse_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def epoch(moment: datetime) -> int:
    """A moment as the clock tables store it: whole Unix seconds (UTC)."""
    return int(moment.timestamp())


def from_epoch(seconds: int | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(int(seconds), UTC)


@dataclass(frozen=True)
class ClockRow:
    """The clock of a seat to act: since when (``started``), until when (``deadline``,
    ``None`` without a turn clock), paused since ``paused`` while its player is away
    (until ``away_until``). ``revision`` is the game's revision when this turn began."""

    seat: str
    revision: int
    started: datetime
    deadline: datetime | None = None
    paused: datetime | None = None
    away_until: datetime | None = None


@dataclass(frozen=True)
class SeatClock:
    """A seat's clock as the service writes it, with its reminders ``(kind, due)``
    (times in Unix seconds)."""

    seat: str
    revision: int
    started: int
    deadline: int | None = None
    paused: int | None = None
    reminders: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ClockChange:
    """What one change of a game does to its clocks: the seats no longer to act lose
    theirs (and their reminders); the seats newly to act get one."""

    stopped: tuple[str, ...] = ()
    started: tuple[SeatClock, ...] = ()


class DueGame(NamedTuple):
    """What the reminder loop reads of a game with due reminders: where it is played,
    its rules, revision, timeout policy and its server's nudge interval (no seats, no
    snapshot). A tuple: a pass makes a thousand of them."""

    id: int
    rules: str
    guild_id: str | None
    channel_id: str
    thread_id: str | None
    status: str
    version: int
    timeout_policy: str
    clock_hours: int | None
    nudge_hours: int | None = None
    """The server's nudge interval (``None``: the default)."""


class DueReminder(NamedTuple):
    """A reminder row claimed by the loop, with its clock's start and deadline (as
    scheduled: a clock that changes replaces its rows, so a row that exists is current;
    ``clock_revision`` ``None`` would mark a row without a clock) and its game."""

    id: int
    game_id: int
    seat: str
    kind: str
    due: int
    revision: int
    clock_revision: int | None
    deadline: int | None
    paused: int | None
    started: int | None = None
    game: DueGame | None = None


@dataclass(frozen=True)
class GuildSettings:
    """A server's choices (``None``: the default): the language of public messages,
    the default turn clock (hours, 0 = none) and timeout policy, the nudge interval
    (hours, 0 = off), the longest time away (days), the one channel for new games, and
    whether players may ask for hints (``None``: yes)."""

    language: str | None = None
    clock_hours: int | None = None
    timeout_policy: str | None = None
    nudge_hours: int | None = None
    max_away_days: int | None = None
    games_channel: str | None = None
    hints: bool | None = None
    pictures: str | None = None
    """What the game threads show: ``full`` board, turn ``card``, or ``both`` (``None``)."""
    web_links: bool | None = None
    """Whether messages carry a **Web** link to the web companion (``None``: yes)."""
    organiser_role: str | None = None
    """The role whose members may organise tournaments besides Manage Server (``None``:
    none)."""
    max_games: int | None = None
    """The most games one player may play at once on the server (``None``: no cap;
    ``bot.service.fairness``)."""
    frequency: str | None = None
    """How often its members are told by default (``turn``, ``digest``, ``reminders``)."""
    digest: str | None = None
    """When their digest comes by default (``18:00`` in each player's zone, or ``6h``)."""


@dataclass(frozen=True)
class UserSettings:
    """A player's choices: a direct message on their turn (``notify_dm``), whether
    Discord refused the last one (``dm_closed``: not tried again until they opt in), and
    the layout of their private views (``layout``: ``phone`` or ``full``; ``None``: the
    default, ``phone``)."""

    notify_dm: bool = False
    dm_closed: bool = False
    layout: str | None = None
    timezone: str | None = None
    """An IANA time zone name (``Europe/Paris``); ``None``: UTC."""
    quiet: str | None = None
    """Quiet hours on their wall clock (``22:00-08:00``); ``None``: none."""
    frequency: str | None = None
    """``turn``, ``digest`` or ``reminders``; ``None``: the server's default."""
    digest: str | None = None
    """When the digest comes (``18:00``, or ``6h``: every six hours); ``None``: the
    server's, else 18:00."""
    language: str | None = None
    """The language their direct messages speak, chosen (``en``, ``fr``); ``None``:
    automatic (their Discord's, else the server's)."""
    client_language: str | None = None
    """The language of the Discord client they last used with Campfire (``en``,
    ``fr``); ``None``: unknown, or one Campfire does not speak."""


@dataclass(frozen=True)
class NewNotice:
    """A message to a player that waits in the outbox (``notices``): its ``kind``
    (``turn``, ``reminder``, ``ended``, ``digest``), its game, when it is due (Unix
    seconds), a JSON ``payload`` and a ``dedupe`` key: a second row with the same key is
    not stored."""

    user_id: str
    kind: str
    game_id: int | None
    due: int
    payload: str
    dedupe: str


@dataclass(frozen=True)
class NoticeRow:
    """A row of the outbox, as a pass claimed it."""

    id: int
    user_id: str
    kind: str
    game_id: int | None
    due: int
    payload: str


@dataclass(frozen=True)
class SeatRow:
    """A seat: ``position`` is join order in a lobby, turn order once started;
    ``ai_level`` is the level of an AI seat (``None``: a person)."""

    user_id: str
    name: str
    position: int
    ai_level: str | None = None


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
    clock_hours: int | None = None
    timeout_policy: str = "remind"
    clocks: tuple[ClockRow, ...] = ()


@dataclass(frozen=True)
class MoveRow:
    """One entry of the append-only move log (``seq`` counts from 0)."""

    seq: int
    seat: str
    code: str
    label: Text
    at: datetime
    public_label: Text | None = None
    notes: tuple[Text, ...] = ()
    undoable: bool = False
    by_clock: bool = False


@dataclass(frozen=True)
class ResultRow:
    """A seat's place (1 = won; ties share it) and final score in a finished game."""

    seat: str
    rank: int
    score: int


RESIGN = REMOVAL_PREFIX + "resign"
"""The code of the log entry of a seat resigning."""


@dataclass(frozen=True)
class NewEntry:
    """One entry for the log of a running game (a move, or ``!reason`` for a seat
    leaving), with everything its transaction stores (``GameStore.append_move``): what
    the table reads of it, the new snapshot, the final ``results`` when it ends the game
    (``over``; every clock then stops) and the change of the clocks. It is written only
    if the game is still at revision ``expected_version``, the seq the entry takes."""

    game_id: int
    expected_version: int
    seat: str
    code: str
    label: Text
    at: datetime
    snapshot: str
    over: bool
    turn_started: bool
    """The seats to act changed: the turn's start is ``at``."""
    public_label: Text | None = None
    """What the table reads of a hidden move (``None``: the label itself)."""
    notes: tuple[Text, ...] = ()
    undoable: bool = False
    results: tuple[ResultRow, ...] = ()
    by_clock: bool = False
    """The clock made the entry for its seat (a timeout)."""
    clocks: ClockChange | None = None

    @property
    def resigns(self) -> bool:
        """Whether the entry is its seat resigning (the game then records who)."""
        return self.code == RESIGN


@dataclass(frozen=True)
class RatingRow:
    """A player's rating on a server for one rule set, with the games it counts."""

    rules: str
    user_id: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True)
class FinishedRow:
    """A finished game's places, for the ratings (in the order the games ended)."""

    game_id: int
    places: tuple[ResultRow, ...]


GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, rules, rules_version, options, seed, status, "
    "version, creator, min_seats, max_seats, created_at, updated_at, turn_started_at, "
    "resigned, snapshot, clock_hours, timeout_policy"
)


def text_from_json(raw: str) -> Text:
    return Text.from_json(json.loads(raw))


def text_to_json(text: Text) -> str:
    return json.dumps(text.to_json(), sort_keys=True)


def game_row(
    r: Sequence[Any], seats: tuple[SeatRow, ...], clocks: tuple[ClockRow, ...] = ()
) -> GameRow:
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
        created_at=parse_time(r[13]) or datetime.now(UTC),
        updated_at=parse_time(r[14]) or datetime.now(UTC),
        turn_started_at=parse_time(r[15]),
        resigned=r[16],
        snapshot=r[17],
        seats=seats,
        clock_hours=None if r[18] is None else int(r[18]),
        timeout_policy=str(r[19]),
        clocks=clocks,
    )


def seat_rows(raw: str | None) -> tuple[SeatRow, ...]:
    """The seats of a game from their JSON array
    ``[[position, user_id, name, ai_level], ...]``."""
    found = sorted(json.loads(raw or "[]"), key=lambda s: int(s[0]))
    return tuple(
        SeatRow(str(user_id), str(name), int(position), None if level is None else str(level))
        for position, user_id, name, level in found
    )


def clock_rows(raw: str | None) -> tuple[ClockRow, ...]:
    """The clocks of a game from their JSON array
    ``[[seat, revision, started, deadline, paused, away_until], ...]``."""
    found = sorted(json.loads(raw or "[]"), key=lambda c: str(c[0]))
    return tuple(
        ClockRow(
            str(seat),
            int(revision),
            from_epoch(started) or datetime.now(UTC),
            from_epoch(deadline),
            from_epoch(paused),
            from_epoch(until),
        )
        for seat, revision, started, deadline, paused, until in found
    )


@dataclass(frozen=True)
class SeasonRow:
    """A season of a server (``bot.store.seasons``): ``ended_at`` ``None`` while it runs."""

    id: int
    guild_id: str
    name: str
    started_at: datetime
    ended_at: datetime | None = None


@dataclass(frozen=True)
class EndedGame:
    """A finished game's rule set, places and the time of its last entry (when it ended)."""

    rules: str
    game: FinishedRow
    ended_at: datetime
