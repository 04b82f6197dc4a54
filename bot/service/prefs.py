"""A player's notice preferences as plain arithmetic: time zone, quiet hours, frequency, digest.

Pure functions of Unix seconds (UTC, as the store keeps every date) and the player's
choices; the zone only turns an instant into the player's wall clock and back. The
service's notices (``bot.service.notices``) read the choices from the store and decide
with these; the clocks (``bot.service.clocks``) move the reminders that would fall in
quiet hours with ``before_quiet``.

Choices where the issue is silent (for players: docs/players/index.md):

- Quiet hours are a span of the player's wall clock, ``22:00-08:00`` (crossing midnight)
  or ``13:00-14:00``; the start is in, the end out. A day whose clock changes (summer
  time) keeps the wall-clock span: ``zoneinfo`` says where it falls.
- A reminder due in quiet hours comes ``QUIET_MARGIN`` before they start; when that has
  already passed (the turn began in quiet hours), it comes when they end, if that is
  still before the deadline (else it stays where it was, and waits like any notice).
- A digest at ``HH:MM`` comes once a day at that time of the player's wall clock; every
  ``N`` hours (``6h``) at the multiples of N hours after the player's midnight. A digest
  that would fall in quiet hours comes when they end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.service.languages import own_language
from bot.service.values import ServiceError
from bot.store import GuildSettings, UserSettings

__all__ = [
    "DEFAULT_DIGEST",
    "DEFAULT_FREQUENCY",
    "FREQUENCIES",
    "QUIET_MARGIN",
    "Digest",
    "Prefs",
    "Quiet",
    "before_quiet",
    "check_zone",
    "checked_notices",
    "next_digest",
    "next_quiet",
    "parse_digest",
    "parse_quiet",
    "prefs_of",
    "in_quiet",
    "quiet_end",
    "quiet_start",
    "zone_names",
]

FREQUENCIES = ("turn", "digest", "reminders")
"""How often a player is told: every turn (pings and, if asked, a DM), one digest at
chosen times, or the reminders only."""
DEFAULT_FREQUENCY = "turn"
DEFAULT_DIGEST = "18:00"
QUIET_MARGIN = 15 * 60
"""Seconds before quiet hours start when a reminder that would fall in them comes."""
MAX_DIGEST_HOURS = 24
TIME = re.compile(r"^\s*(\d{1,2})[:h.](\d{2})\s*$", re.IGNORECASE)
SPAN = re.compile(r"^\s*(\d{1,2}[:h.]\d{2})\s*[-–à]\s*(\d{1,2}[:h.]\d{2})\s*$", re.IGNORECASE)
EVERY = re.compile(r"^\s*(?:every\s+|toutes\s+les\s+)?(\d{1,2})\s*(?:h|hours?|heures?)\s*$", re.I)
OFF = ("off", "none", "no", "non", "aucune", "-")


def _minutes(text: str) -> int | None:
    found = TIME.match(text)
    if not found:
        return None
    hours, minutes = int(found.group(1)), int(found.group(2))
    if hours > 23 or minutes > 59:
        return None
    return hours * 60 + minutes


@dataclass(frozen=True)
class Quiet:
    """Quiet hours: minutes after midnight of the wall clock, ``start`` in, ``end`` out."""

    start: int
    end: int

    def __str__(self) -> str:
        return (
            f"{self.start // 60:02d}:{self.start % 60:02d}-{self.end // 60:02d}:{self.end % 60:02d}"
        )

    def covers(self, minute: int) -> bool:
        if self.start < self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end


@dataclass(frozen=True)
class Digest:
    """When a digest comes: at ``at`` (minutes after midnight) each day, or every
    ``every`` hours from midnight."""

    at: int | None = None
    every: int | None = None

    def __str__(self) -> str:
        if self.every is not None:
            return f"{self.every}h"
        at = self.at or 0
        return f"{at // 60:02d}:{at % 60:02d}"


def parse_quiet(text: str) -> Quiet | None:
    """``22:00-08:00`` (or ``22h00-8h00``); ``off``: none. Raises ``service.bad_quiet``."""
    if text.strip().lower() in OFF:
        return None
    found = SPAN.match(text)
    if found:
        start, end = _minutes(found.group(1)), _minutes(found.group(2))
        if start is not None and end is not None and start != end:
            return Quiet(start, end)
    raise ServiceError("service.bad_quiet", text=text[:40])


def parse_digest(text: str) -> Digest:
    """``18:00`` (each day then) or ``6h`` / ``every 6h`` (every six hours, 1 to 24).
    Raises ``service.bad_digest``."""
    at = _minutes(text)
    if at is not None:
        return Digest(at=at)
    found = EVERY.match(text)
    if found and 1 <= int(found.group(1)) <= MAX_DIGEST_HOURS:
        return Digest(every=int(found.group(1)))
    raise ServiceError("service.bad_digest", text=text[:40])


def checked_notices(settings: GuildSettings) -> GuildSettings:
    """A server's settings with its default frequency checked and its digest time
    written as stored (``18:00``, ``6h``). Raises ``service.bad_frequency``,
    ``service.bad_digest``."""
    if settings.frequency is not None and settings.frequency not in FREQUENCIES:
        raise ServiceError("service.bad_frequency", choices=", ".join(FREQUENCIES))
    if settings.digest is None:
        return settings
    return replace(settings, digest=str(parse_digest(settings.digest)))


def check_zone(name: str) -> str:
    """The IANA name of a time zone as the standard library knows it. Raises
    ``service.bad_timezone``."""
    cleaned = name.strip()
    if cleaned in zone_names():
        try:
            ZoneInfo(cleaned)
        except (ZoneInfoNotFoundError, ValueError):
            pass
        else:
            return cleaned
    raise ServiceError("service.bad_timezone", zone=name[:60])


_ZONES: tuple[str, ...] = ()


def zone_names() -> tuple[str, ...]:
    """Every zone the standard library's data knows (``zoneinfo.available_timezones``),
    sorted, read once."""
    global _ZONES
    if not _ZONES:
        _ZONES = tuple(sorted(available_timezones()))
    return _ZONES


@dataclass(frozen=True)
class Prefs:
    """A player's choices as they apply in one server: zone, quiet hours, frequency
    (theirs, else the server's, else every turn), digest times, whether a direct
    message may be sent now (asked for, not refused: ``dm``), and the language their
    direct messages speak (``lang``: ``None`` when unknown, the server's then)."""

    zone: ZoneInfo
    quiet: Quiet | None
    frequency: str
    digest: Digest
    dm: bool
    dm_closed: bool = False
    lang: str | None = None

    @property
    def zone_name(self) -> str:
        return self.zone.key


def _zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name) if name else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _quiet_or_none(text: str | None) -> Quiet | None:
    try:
        return parse_quiet(text) if text else None
    except ServiceError:  # stored before a rule changed: no quiet hours rather than none
        return None


def _digest_or_default(text: str | None) -> Digest:
    try:
        return parse_digest(text) if text else parse_digest(DEFAULT_DIGEST)
    except ServiceError:
        return parse_digest(DEFAULT_DIGEST)


def prefs_of(chosen: UserSettings, server: GuildSettings | None = None) -> Prefs:
    """What ``chosen`` (a player's stored choices) come to in a server (``server``: its
    settings, whose frequency and digest time are the default)."""
    server = server or GuildSettings()
    frequency = chosen.frequency or server.frequency or DEFAULT_FREQUENCY
    if frequency not in FREQUENCIES:
        frequency = DEFAULT_FREQUENCY
    return Prefs(
        _zone(chosen.timezone),
        _quiet_or_none(chosen.quiet),
        frequency,
        _digest_or_default(chosen.digest or server.digest),
        chosen.notify_dm and not chosen.dm_closed,
        chosen.dm_closed,
        own_language(chosen),
    )


# --------------------------------------------------------------------------- the wall clock


def _local(moment: int, zone: ZoneInfo) -> datetime:
    return datetime.fromtimestamp(moment, UTC).astimezone(zone)


def _epoch_at(day: datetime, minute: int, zone: ZoneInfo) -> int:
    """The instant of wall-clock ``minute`` on ``day``'s date in ``zone``."""
    wall = datetime(day.year, day.month, day.day, minute // 60, minute % 60, tzinfo=zone)
    return int(wall.timestamp())


def _next_wall(moment: int, minute: int, zone: ZoneInfo) -> int:
    """The first instant after ``moment`` whose wall clock reads ``minute``."""
    local = _local(moment, zone)
    for days in range(3):
        found = _epoch_at(local + timedelta(days=days), minute, zone)
        if found > moment:
            return found
    raise AssertionError("a wall-clock minute comes every day")


def _last_wall(moment: int, minute: int, zone: ZoneInfo) -> int:
    """The last instant at or before ``moment`` whose wall clock reads ``minute``."""
    local = _local(moment, zone)
    for days in range(3):
        found = _epoch_at(local - timedelta(days=days), minute, zone)
        if found <= moment:
            return found
    raise AssertionError("a wall-clock minute comes every day")


def in_quiet(prefs: Prefs, moment: int) -> bool:
    """Whether ``moment`` falls in the player's quiet hours."""
    if prefs.quiet is None:
        return False
    local = _local(moment, prefs.zone)
    return prefs.quiet.covers(local.hour * 60 + local.minute)


def quiet_end(prefs: Prefs, moment: int) -> int | None:
    """When the quiet hours ``moment`` falls in end (``None``: it falls in none)."""
    if prefs.quiet is None or not in_quiet(prefs, moment):
        return None
    return _next_wall(moment, prefs.quiet.end, prefs.zone)


def quiet_start(prefs: Prefs, moment: int) -> int | None:
    """When the quiet hours ``moment`` falls in began (``None``: it falls in none)."""
    if prefs.quiet is None or not in_quiet(prefs, moment):
        return None
    return _last_wall(moment, prefs.quiet.start, prefs.zone)


def next_quiet(prefs: Prefs, moment: int) -> int | None:
    """When the player's next quiet hours start after ``moment`` (``None``: none)."""
    if prefs.quiet is None:
        return None
    return _next_wall(moment, prefs.quiet.start, prefs.zone)


def next_digest(prefs: Prefs, after: int) -> int:
    """The first digest time after ``after`` (out of quiet hours)."""
    zone, digest = prefs.zone, prefs.digest
    if digest.every is None:
        slot = _next_wall(after, digest.at or 0, zone)
    else:
        step = digest.every * 60
        slot = min(_next_wall(after, minute, zone) for minute in range(0, 24 * 60, step))
    return quiet_end(prefs, slot) or slot


def before_quiet(
    prefs: Prefs | None, reminders: tuple[tuple[str, int], ...], now: int, deadline: int | None
) -> tuple[tuple[str, int], ...]:
    """The reminders of a turn (``(kind, due)``), those announcing the deadline (``half``,
    ``hour``) moved out of the player's quiet hours: ``QUIET_MARGIN`` before they start,
    or (already started) when they end if that is before the deadline."""
    if prefs is None or prefs.quiet is None or deadline is None:
        return reminders
    moved = []
    for kind, due in reminders:
        start = quiet_start(prefs, due) if kind in ("half", "hour") else None
        if start is not None:
            early = start - QUIET_MARGIN
            end = quiet_end(prefs, due) or due
            if early > now:
                due = early
            elif end < deadline:
                due = max(end, now)
        moved.append((kind, due))
    return tuple(moved)
