"""Turn clocks as plain arithmetic: deadlines, reminder times, the clock's own move choice.

Pure functions of Unix seconds and the game's settings, so they are easy to test; the
service (``bot.service.timing``) reads and writes the rows they describe, and the
clocks of a game once a change is stored (``clocks_after``) and as the front ends see
them (``turn_clocks``) are computed here from its row, as are a seat's clock as the
store writes it (``seat_clock``) and a game as the reminder loop reads it
(``table_info``).

Choices where the issue is silent (for players: docs/players/index.md):

- A seat's clock starts when it becomes to act and runs until it is no longer to act;
  the several decisions of one turn share one deadline (a player who stays to act keeps
  the clock they had).
- With a clock, a seat is reminded at half time and one hour before its deadline (the
  one-hour reminder is left out when it would come before half time, as with a clock of
  less than two hours). Without a clock, it is nudged after each full ``nudge_hours`` of
  its turn (24 by default; 0 turns nudges off). After a deadline that does not end the
  turn (``remind``, ``claim``), nudges go on at the same interval.
- A seat away has no reminders: its clock is paused and resumes at its return date.
- A reminder announcing the deadline (half time, one hour left) that would fall in the
  player's quiet hours comes before they start (``bot.service.prefs.before_quiet``); it
  then says the deadline rather than the time left (``said_as``).
- The clock's move (policy ``auto``) is a uniformly chosen legal move, ``back`` left
  out, drawn from a generator seeded by the game's seed and revision, so the same game
  always gets the same move; it is stored as that seat's move, marked as played by the
  clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bot.service.prefs import Prefs, before_quiet
from bot.service.values import GameInfo, TurnClock
from bot.store import ClockChange, ClockRow, DueGame, GameRow, SeatClock, epoch, from_epoch

HOUR = 3600
DAY = 24 * HOUR
CLOCK_HOURS = (0, 12, 24, 48, 72, 168)
"""The turn clocks a game may have, in hours (0: none)."""
POLICIES = ("remind", "auto", "forfeit", "claim")
"""What a passed deadline does: nothing but say so, play for the seat, remove the seat,
or let the other players choose (play for it, remove it, or give one more day)."""
DEFAULT_POLICY = "remind"
DEFAULT_NUDGE_HOURS = 24
DEFAULT_MAX_AWAY_DAYS = 14
MAX_AWAY_DAYS = 60
MAX_NUDGE_HOURS = 24 * 7
EXTRA_TIME = DAY
"""What "one more day" gives a late player (from the moment it is given)."""
RANK = {"back": 0, "nudge": 1, "half": 2, "hour": 3, "deadline": 4}
"""Of several reminders due at once for one seat, the highest says it all."""
BACK = "back"
EARLY_SLACK = 5 * 60
"""A reminder this much before its own time still says what it says (the loop's pace)."""


@dataclass(frozen=True)
class ClockSettings:
    """What a game's clocks follow: its turn clock (hours, ``None``/0: none), the
    server's nudge interval (hours, 0: off), who is away until when, and the players'
    choices whose quiet hours move their reminders (``quiet``)."""

    clock_hours: int | None
    nudge_hours: int
    away: Mapping[str, int]
    quiet: Mapping[str, Prefs] = field(default_factory=dict)

    @property
    def seconds(self) -> int | None:
        return self.clock_hours * HOUR if self.clock_hours else None


def next_nudge(since: int, nudge_hours: int, now: int) -> int:
    """The first whole interval after ``since`` that is still to come at ``now``."""
    step = nudge_hours * HOUR
    passed = max(0, now - since) // step
    return since + (passed + 1) * step


def reminders_for(
    started: int, deadline: int | None, nudge_hours: int, now: int, quiet: Prefs | None = None
) -> tuple[tuple[str, int], ...]:
    """The reminders ``(kind, due)`` of a running turn that began at ``started`` (shifted
    by any time away), from ``now`` on; those announcing the deadline moved out of the
    player's quiet hours (``quiet``: their choices)."""
    if deadline is not None and quiet is not None:
        return before_quiet(
            quiet, reminders_for(started, deadline, nudge_hours, now), now, deadline
        )
    if deadline is not None:
        found: list[tuple[str, int]] = []
        half = started + (deadline - started) // 2
        if half > now:
            found.append(("half", half))
        hour = deadline - HOUR
        if hour > half and hour > now:
            found.append(("hour", hour))
        if deadline > now:
            found.append(("deadline", deadline))
            return tuple(found)
        # already late (a resumed clock): the deadline applies now
        return (*found, ("deadline", now))
    if nudge_hours > 0:
        return (("nudge", next_nudge(started, nudge_hours, now)),)
    return ()


def after_deadline(deadline: int, nudge_hours: int, now: int) -> tuple[tuple[str, int], ...]:
    """The nudges of a seat whose deadline passed and who may still play."""
    if nudge_hours <= 0:
        return ()
    return (("nudge", next_nudge(deadline, nudge_hours, now)),)


def new_clock(seat: str, revision: int, now: int, settings: ClockSettings) -> SeatClock:
    """The clock of a seat that has just become to act (paused if its player is away)."""
    seconds = settings.seconds
    deadline = None if seconds is None else now + seconds
    until = settings.away.get(seat)
    if until is not None and until > now:
        return SeatClock(seat, revision, now, deadline, now, ((BACK, until),))
    reminders = reminders_for(now, deadline, settings.nudge_hours, now, settings.quiet.get(seat))
    return SeatClock(seat, revision, now, deadline, None, reminders)


def clock_change(
    before: frozenset[str],
    after: frozenset[str],
    revision: int,
    now: int,
    settings: ClockSettings,
) -> ClockChange:
    """The clocks after a change of the seats to act from ``before`` to ``after``: those
    who stopped lose theirs, those who started get a new one, the others keep theirs."""
    return ClockChange(
        stopped=tuple(sorted(before - after)),
        started=tuple(new_clock(s, revision, now, settings) for s in sorted(after - before)),
    )


def said_as(kind: str, started: int, deadline: int | None, now: int) -> str:
    """What a reminder says: ``early`` (the deadline, no more) for a ``half`` or
    ``hour`` reminder sent well before its own time (moved before quiet hours)."""
    if deadline is None or kind not in ("half", "hour"):
        return kind
    own = started + (deadline - started) // 2 if kind == "half" else deadline - HOUR
    return "early" if now < own - EARLY_SLACK else kind


def most_pressing(kinds: Sequence[str]) -> str:
    """Of the reminders due at once for one seat, the one to send."""
    return max(kinds, key=lambda k: RANK.get(k, -1))


def clocks_after(
    clocks: Sequence[ClockRow], change: ClockChange, away: dict[str, int]
) -> tuple[ClockRow, ...]:
    """A game's clocks once ``change`` is stored, as the store reads them back (ordered
    by seat; a started clock carries its seat's return date when they are away)."""
    gone = {*change.stopped, *(c.seat for c in change.started)}
    kept = [c for c in clocks if c.seat not in gone]
    started = [
        ClockRow(
            c.seat,
            c.revision,
            from_epoch(c.started) or datetime.fromtimestamp(0, UTC),
            from_epoch(c.deadline),
            from_epoch(c.paused),
            from_epoch(away.get(c.seat)),
        )
        for c in change.started
    ]
    return tuple(sorted([*kept, *started], key=lambda c: c.seat))


def turn_clocks(row: GameRow) -> tuple[TurnClock, ...]:
    """The clocks of a running game's seats to act, as the front ends see them."""
    if row.status != "running":
        return ()
    return tuple(
        TurnClock(c.seat, c.started, c.deadline, c.away_until if c.paused is not None else None)
        for c in row.clocks
    )


def table_info(table: DueGame, to_act: tuple[str, ...]) -> GameInfo:
    """A game as the reminder loop read it (lean: where it is played, its rules and
    revision; no seats): enough to post reminders that name their seats themselves."""
    return GameInfo(
        id=table.id,
        rules=table.rules,
        options={},
        status="running",
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        thread_id=table.thread_id,
        creator="",
        seats=(),
        version=table.version,
        to_act=to_act,
        min_seats=0,
        max_seats=0,
        created_at=datetime.fromtimestamp(0, UTC),
        turn_started_at=None,
        clock_hours=table.clock_hours,
        timeout_policy=table.timeout_policy,
    )


def seat_clock(
    clock: ClockRow,
    *,
    deadline: int | None | bool = True,
    paused: int | None | bool = True,
    reminders: tuple[tuple[str, int], ...] = (),
) -> SeatClock:
    """``clock`` as the store writes it; ``True`` keeps the deadline or pause it has."""
    kept_deadline = None if clock.deadline is None else epoch(clock.deadline)
    kept_paused = None if clock.paused is None else epoch(clock.paused)
    return SeatClock(
        clock.seat,
        clock.revision,
        epoch(clock.started),
        kept_deadline if deadline is True else (None if deadline is False else deadline),
        kept_paused if paused is True else (None if paused is False else paused),
        reminders,
    )
