"""A fair table: how reliably each player ends the games they start, what a lobby may ask of
those who join it, and a server's cap on the games one player plays at once.

``GameService.fairness`` is the one ``Fairness`` of a service. Everything is per server
(games outside one count under ``''``) and read from what the store keeps of every game:
its status, who stopped it, the removals in its log and the times of its entries.
Decisions where the issue is silent:

- **The window.** A player's record counts the games of the last ``WINDOW`` (180 days,
  by the service's clock) that started and saw a change since: a game counts while its
  last move, start or end is within the window, and its turns count when they ended
  within it.
- **How a game ends for a player** (each started game counts once, in ``started``):
  *finished* when it is over and they were still seated; *abandoned* when they resigned
  (``!resign`` in the log) or stopped it themselves (an abort by a person seated in it:
  its creator, or a moderator who plays in it; ``games.aborted_by``); *timed out* when
  the clock removed them (``!timeout``: the ``forfeit`` policy, or a claim's forfeit).
  Under the ``auto`` policy the clock plays a late turn and the game goes on: the
  player is not removed, and those turns are not theirs in the times below. A game
  stopped by a moderator who does not play in it, and a game still running, count for
  nobody but ``started``. Leaving a lobby is no game.
- **Completion** is finished ÷ (finished + abandoned + timed out); ``None`` before any
  game ended for the player.
- **Time per move** is the median time a player took per turn: from the entry before
  their turn to their turn's last decision, a run of decisions of their own counting
  once (a turn of five small decisions is one move). A game's first entry (nothing
  before it), turns the clock played, a removal and entries taken back are left out.
- **The cap** (``GuildSettings.max_games``) counts the running games of the server in
  which the player holds a seat they have not left; lobbies and AI seats do not count.
  It is checked when a player opens a lobby, joins one, and when a lobby starts (for
  every person seated: the cap may have been lowered, or another game started).
- **Requirements** (``Requirement``) are stored with a lobby and checked when a person
  joins (the creator opens it, AI seats have no record); a rematch keeps them.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.settings import ServerSettings
from bot.service.values import ServiceError
from bot.store import GameStore, SeatEnd, SeatEntry

__all__ = [
    "MAX_CAP",
    "MAX_FINISHED",
    "WINDOW",
    "Fairness",
    "Reliability",
    "Requirement",
    "reliability_of",
    "turn_seconds",
]

WINDOW = timedelta(days=180)
"""How far back a player's record reaches."""
MAX_FINISHED = 1000
"""The most finished games a lobby may ask for."""
MAX_CAP = 100
"""The highest cap a server may set (``GuildSettings.max_games``)."""


@dataclass(frozen=True)
class Reliability:
    """How a player ended the games they played on a server within ``WINDOW``."""

    user_id: str
    started: int = 0
    finished: int = 0
    abandoned: int = 0
    """Resigned, or stopped by them."""
    timed_out: int = 0
    """Removed by the clock."""
    median_move_seconds: float | None = None
    """The median time they took per turn (``None``: no turn counted)."""
    turns: int = 0
    """How many turns that median counts."""

    @property
    def ended(self) -> int:
        """Games that ended for them, one way or another."""
        return self.finished + self.abandoned + self.timed_out

    @property
    def completion(self) -> float | None:
        """finished ÷ (finished + abandoned + timed out); ``None`` when none ended."""
        return self.finished / self.ended if self.ended else None

    @property
    def percent(self) -> int | None:
        """``completion`` in whole percent, rounded down (99.6 % is not 100 %)."""
        return None if self.completion is None else int(self.completion * 100 + 1e-9)


@dataclass(frozen=True)
class Requirement:
    """What a lobby asks of a person who joins: a completion rate (a fraction, 0.8 for
    80 %) and a number of finished games on the server, within ``WINDOW``."""

    min_completion: float | None = None
    min_finished: int | None = None

    @property
    def asks(self) -> bool:
        """Whether it asks anything."""
        return self.min_completion is not None or self.min_finished is not None

    @property
    def percent(self) -> int | None:
        """``min_completion`` in whole percent (as stored)."""
        return None if self.min_completion is None else round(self.min_completion * 100)

    def validate(self) -> None:
        """Raises ``service.fair.bad_completion`` for a rate outside 1–100 %, or
        ``service.fair.bad_finished`` (max) for a count outside 1–``MAX_FINISHED``."""
        if self.min_completion is not None and not 0.01 <= self.min_completion <= 1:
            raise ServiceError("service.fair.bad_completion")
        if self.min_finished is not None and not 1 <= self.min_finished <= MAX_FINISHED:
            raise ServiceError("service.fair.bad_finished", max=MAX_FINISHED)

    def meets(self, record: Reliability) -> tuple[bool, bool]:
        """Whether ``record`` meets the rate asked, and the count asked."""
        rate = self.percent is None or (record.percent or 0) >= self.percent
        count = self.min_finished is None or record.finished >= self.min_finished
        return rate, count


def turn_seconds(entries: Iterable[SeatEntry], since: datetime) -> dict[str, list[float]]:
    """``{user id: seconds of each of their turns that ended at since or later}``: a run
    of their consecutive entries in a game is one turn, timed from the entry before it
    to its last; turns with nothing before them, played by the clock or ending in a
    removal are left out (see the module doc)."""
    found: dict[str, list[float]] = {}
    ordered = sorted(entries, key=lambda e: (e.user_id, e.game_id, e.seq))
    runs: list[list[SeatEntry]] = []
    for entry in ordered:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and (last.user_id, last.game_id) == (entry.user_id, entry.game_id)
            and entry.before_seat == entry.user_id
        ):
            runs[-1].append(entry)
        else:
            runs.append([entry])
    for run in runs:
        first, end = run[0], run[-1]
        if first.before_at is None or end.at < since:
            continue
        if any(e.by_clock or e.code.startswith("!") for e in run):
            continue
        seconds = max(0.0, (end.at - first.before_at).total_seconds())
        found.setdefault(first.user_id, []).append(seconds)
    return found


def reliability_of(
    user_id: str, ends: Iterable[SeatEnd], seconds: Sequence[float] = ()
) -> Reliability:
    """A player's record from how their games stand and the times of their turns."""
    started = finished = abandoned = timed_out = 0
    for end in ends:
        started += 1
        if end.removal == "timeout":
            timed_out += 1
        elif end.removal is not None or (end.status == "aborted" and end.stopped_by_them):
            abandoned += 1
        elif end.status == "over":
            finished += 1
    median = statistics.median(seconds) if seconds else None
    return Reliability(user_id, started, finished, abandoned, timed_out, median, len(seconds))


def _server(guild_id: str | None) -> str:
    return guild_id or ""


class Fairness:
    """The players' records, a lobby's requirements and the server's cap."""

    def __init__(
        self, store: GameStore, clock: Callable[[], datetime], settings: ServerSettings
    ) -> None:
        """``clock``: the service's (the window ends now); ``settings``: the servers'
        (their cap, read fresh: it decides a game)."""
        self.store = store
        self.clock = clock
        self.settings = settings

    async def reliability(self, guild_id: str | None, user_id: str) -> Reliability:
        """``user_id``'s record on a server (see the module doc)."""
        return (await self.reliabilities(guild_id, [user_id]))[user_id]

    async def reliabilities(
        self, guild_id: str | None, user_ids: Sequence[str]
    ) -> dict[str, Reliability]:
        """The records of many players at once (a lobby's seats, a tournament's
        entrants): one read of the store."""
        if not user_ids:
            return {}
        since = self.clock() - WINDOW
        record = await self.store.play_records(_server(guild_id), user_ids, since)
        times = turn_seconds(record.entries, since)
        ends: dict[str, list[SeatEnd]] = {}
        for end in record.ends:
            ends.setdefault(end.user_id, []).append(end)
        return {
            user: reliability_of(user, ends.get(user, ()), times.get(user, ())) for user in user_ids
        }

    async def check(self, guild_id: str | None, user_id: str, requirement: Requirement) -> None:
        """Nothing when ``user_id``'s record meets ``requirement``; else raises what is
        missing: ``service.fair.completion`` (need, rate, finished, abandoned,
        timed_out, days), ``service.fair.no_record`` (need, days), ``service.fair.finished``
        (need, finished, days), ``service.fair.both`` (the rate and the count) or
        ``service.fair.no_record_both`` (need, need_finished, days: neither, and no game
        of theirs ended)."""
        if not requirement.asks:
            return
        record = await self.reliability(guild_id, user_id)
        rate_ok, count_ok = requirement.meets(record)
        if rate_ok and count_ok:
            return
        days = WINDOW.days
        facts = {
            "finished": record.finished,
            "abandoned": record.abandoned,
            "timed_out": record.timed_out,
            "days": days,
        }
        if not rate_ok and not count_ok and record.percent is None:
            raise ServiceError(
                "service.fair.no_record_both",
                need=requirement.percent,
                need_finished=requirement.min_finished,
                days=days,
            )
        if not rate_ok and not count_ok:
            raise ServiceError(
                "service.fair.both",
                need=requirement.percent,
                rate=record.percent or 0,
                need_finished=requirement.min_finished,
                **facts,
            )
        if not count_ok:
            raise ServiceError("service.fair.finished", need=requirement.min_finished, **facts)
        if record.percent is None:
            raise ServiceError("service.fair.no_record", need=requirement.percent, days=days)
        raise ServiceError(
            "service.fair.completion", need=requirement.percent, rate=record.percent, **facts
        )

    async def requirement(self, game_id: int) -> Requirement:
        """What the lobby ``game_id`` asks of those who join (nothing when unset)."""
        completion, finished = await self.store.lobby_requirement(game_id)
        return Requirement(None if completion is None else completion / 100, finished)

    async def set_requirement(self, game_id: int, requirement: Requirement) -> None:
        """Store what a lobby asks (checked first: ``Requirement.validate``)."""
        requirement.validate()
        await self.store.set_lobby_requirement(
            game_id, requirement.percent, requirement.min_finished
        )

    async def cap(self, guild_id: str | None) -> int | None:
        """The server's cap on the games one player plays at once (``None``: none)."""
        if guild_id is None:
            return None
        return (await self.settings.read(guild_id)).max_games

    async def playing(self, guild_id: str | None, user_ids: Sequence[str]) -> dict[str, int]:
        """How many running games of the server each of ``user_ids`` plays (0 included)."""
        counts = await self.store.playing_counts(_server(guild_id), user_ids)
        return {user: counts.get(user, 0) for user in user_ids}

    async def check_cap(self, guild_id: str | None, players: Sequence[tuple[str, str]]) -> None:
        """Nothing when each of ``players`` (``(user id, name)``, persons) may take one
        more game on the server (a lobby about to start is not running yet: it is the
        one more); else raises ``service.fair.cap`` (player, count, max) naming the
        first at the cap."""
        cap = await self.cap(guild_id)
        if cap is None or not players:
            return
        counts = await self.playing(guild_id, [user for user, _ in players])
        for user, name in players:
            if counts[user] >= cap:
                raise ServiceError("service.fair.cap", player=name, count=counts[user], max=cap)
