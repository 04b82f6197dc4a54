"""Playing over days: the reminder loop's pass, timeouts, claims, time away, settings.

``GameService.timing`` is the one ``Timing`` of a service. Every schedule lives in the
database (``turn_clocks``, ``reminders``, ``away``): a pass of the loop claims the due
reminders through their index with a lease (two processes never hold one row), turns
them into one report per game, and the front end posts each report and then calls
``finish_clock_pass``. A process that stops between the claim and the finish leaves
its rows to the next pass once the lease runs out.

Choices where the issue is silent (see also ``bot.service.clocks`` and the README):

- Reminders missed while the bot was down collapse: a seat gets one reminder per pass,
  the most pressing of those due (a passed deadline over one hour left over half time
  over a nudge), and a game one message. Nudges go on from the next whole interval.
- ``forfeit`` removes the late seat as a resignation would (``!timeout`` in the log);
  ``auto`` plays the late seat's whole turn (every decision it still has to take, at
  most ``MAX_CLOCK_MOVES``), each decision a log entry marked as played by the clock,
  chosen by the ``greedy`` AI seeded from the game's seed and revision (replay exact).
- AI seats have no clock (they decide at once): their seats are left out of every
  clock change.
- A claim is open to every seated person still playing but the late ones (not an AI
  seat, not a player who left), and the prompt pings only them; with nobody to ask, the
  deadline is only said, as under ``remind``. "One more day" gives the late seats 24
  hours from the click, with their reminders.
- Away: the return date is checked against the server where the command is used (its
  maximum, default 14 days). Going away again moves the return date.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from bot.service.boards import PICTURES
from bot.service.clocks import (
    BACK,
    CLOCK_HOURS,
    DAY,
    DEFAULT_MAX_AWAY_DAYS,
    DEFAULT_NUDGE_HOURS,
    DEFAULT_POLICY,
    EXTRA_TIME,
    MAX_AWAY_DAYS,
    MAX_NUDGE_HOURS,
    POLICIES,
    after_deadline,
    most_pressing,
    reminders_for,
    seat_clock,
    table_info,
    turn_clocks,
)
from bot.service.fairness import MAX_CAP
from bot.service.guards import is_ai_seat
from bot.service.moves import Moves, merge_results
from bot.service.pipeline import Loaded, Pipeline
from bot.service.robots import Robots
from bot.service.values import (
    Away,
    ClaimResult,
    ClockPass,
    ClockReport,
    GameInfo,
    PlayResult,
    Reminder,
    ServiceError,
)
from bot.store import (
    ClockRow,
    DueReminder,
    GameRow,
    GameStore,
    GuildSettings,
    SeatClock,
    UserSettings,
    epoch,
    from_epoch,
)
from rules.base import Applied
from rules.i18n import LANGS

__all__ = [
    "CLAIM_ACTIONS",
    "EARLY",
    "LEASE",
    "MAX_CLOCK_MOVES",
    "Timing",
    "merge_results",
    "turn_clocks",
]

log = logging.getLogger("campfire.service.timing")

MAX_CLOCK_MOVES = 50
"""The most decisions the clock takes for one late seat in one go."""
LEASE = 600
"""Seconds a pass holds the reminders it claimed before another may take them."""
CLAIM_ACTIONS = ("auto", "forfeit", "extend")
EARLY = frozenset({"half", "hour"})
"""The reminders that announce a deadline to come: never sent once it has passed."""
LAYOUTS = ("phone", "full")
"""The layouts of a player's private views (`/campfire me layout:`)."""
DEFAULT_LAYOUT = "phone"


class Timing:
    """The time side of a ``GameService``: clocks, reminders, away, settings."""

    def __init__(self, pipeline: Pipeline, store: GameStore, robots: Robots, moves: Moves) -> None:
        """``robots`` decides for a late seat (policy ``auto``), ``moves`` removes it
        (``forfeit``)."""
        self.pipeline = pipeline
        self.store = store
        self.robots = robots
        self.moves = moves

    def _now(self) -> int:
        return epoch(self.pipeline.now())

    # -- settings ------------------------------------------------------------------------

    async def guild_settings(self, guild_id: str | None) -> GuildSettings:
        """A server's settings (all defaults outside a server)."""
        return await self.pipeline.guild_settings(guild_id)

    async def save_guild_settings(self, guild_id: str, settings: GuildSettings) -> GuildSettings:
        """Store a server's settings after checking each one. Raises
        ``service.bad_setting`` (setting), ``service.bad_clock``, ``service.bad_policy``."""
        if settings.language is not None and settings.language not in LANGS:
            raise ServiceError("service.bad_setting", setting="language")
        if settings.clock_hours is not None and settings.clock_hours not in CLOCK_HOURS:
            raise ServiceError("service.bad_clock", choices=", ".join(map(str, CLOCK_HOURS)))
        if settings.timeout_policy is not None and settings.timeout_policy not in POLICIES:
            raise ServiceError("service.bad_policy", choices=", ".join(POLICIES))
        if settings.nudge_hours is not None and not 0 <= settings.nudge_hours <= MAX_NUDGE_HOURS:
            raise ServiceError("service.bad_setting", setting="nudge")
        if settings.max_away_days is not None and not (
            1 <= settings.max_away_days <= MAX_AWAY_DAYS
        ):
            raise ServiceError("service.bad_setting", setting="away")
        if settings.pictures is not None and settings.pictures not in PICTURES:
            raise ServiceError("service.bad_setting", setting="pictures")
        if settings.max_games is not None and not 1 <= settings.max_games <= MAX_CAP:
            raise ServiceError("service.bad_setting", setting="max_games")
        await self.store.save_guild_settings(guild_id, settings, self.pipeline.now())
        self.pipeline.settings.put(guild_id, settings)
        return settings

    async def lobby_clock(
        self,
        guild_id: str | None,
        channel_id: str,
        clock_hours: int | None,
        policy: str | None,
        *,
        anywhere: bool = False,
    ) -> tuple[int | None, str]:
        """The clock (hours, ``None``: none) and timeout policy of a new lobby: those
        asked for, else the server's. Raises ``service.wrong_channel`` (the server opens
        games in one other channel, unless ``anywhere``), ``service.bad_clock``,
        ``service.bad_policy``."""
        chosen = await self.guild_settings(guild_id)
        if not anywhere and chosen.games_channel and chosen.games_channel != channel_id:
            raise ServiceError("service.wrong_channel", channel=chosen.games_channel)
        hours = (chosen.clock_hours or 0) if clock_hours is None else clock_hours
        if hours not in CLOCK_HOURS:
            raise ServiceError("service.bad_clock", choices=", ".join(map(str, CLOCK_HOURS)))
        policy = policy or chosen.timeout_policy or DEFAULT_POLICY
        if policy not in POLICIES:
            raise ServiceError("service.bad_policy", choices=", ".join(POLICIES))
        return hours or None, policy

    async def set_notify(self, user_id: str, on: bool) -> None:
        """Opt in to (or out of) a direct message on one's turn; opting in again tries
        a DM that was closed once more."""
        known = await self.notify_of(user_id)
        await self.store.save_user_settings(user_id, replace(known, notify_dm=on, dm_closed=False))

    async def set_layout(self, user_id: str, layout: str) -> None:
        """The layout of one's private views (``phone`` or ``full``); the direct-message
        choice is kept. Raises ``service.bad_layout``."""
        if layout not in LAYOUTS:
            raise ServiceError("service.bad_layout", choices=", ".join(LAYOUTS))
        known = await self.notify_of(user_id)
        await self.store.save_user_settings(user_id, replace(known, layout=layout))

    async def layout_of(self, user_id: str) -> str:
        """The layout of one's private views (``phone`` unless they chose ``full``)."""
        chosen = (await self.notify_of(user_id)).layout
        return chosen if chosen in LAYOUTS else DEFAULT_LAYOUT

    async def dm_targets(self, user_ids: Sequence[str]) -> list[str]:
        """Those of ``user_ids`` who want a direct message and whose DMs are open."""
        chosen = await self.store.user_settings(list(user_ids))
        return [
            u for u in user_ids if u in chosen and chosen[u].notify_dm and not chosen[u].dm_closed
        ]

    async def notify_of(self, user_id: str) -> UserSettings:
        return (await self.store.user_settings([user_id])).get(user_id, UserSettings())

    async def dm_refused(self, user_id: str) -> None:
        """Discord refused a direct message: remember it (the thread says it anyway)."""
        known = await self.notify_of(user_id)
        await self.store.save_user_settings(user_id, replace(known, dm_closed=True))

    async def _nudge_hours(self, guild_id: str | None) -> int:
        return await self.pipeline.nudge_hours(guild_id)

    # -- time away -----------------------------------------------------------------------

    async def away_of(self, user_id: str) -> datetime | None:
        return from_epoch((await self.store.away_until([user_id])).get(user_id))

    async def go_away(self, user_id: str, until: datetime, *, max_days: int | None) -> Away:
        """``user_id`` is away until ``until``: their clocks pause in every running game
        (deadlines move by the time away) and resume then. Raises ``service.away_past``,
        ``service.away_too_long`` (days)."""
        now, back = self._now(), epoch(until)
        days = DEFAULT_MAX_AWAY_DAYS if max_days is None else max_days
        if back <= now:
            raise ServiceError("service.away_past")
        if back - now > days * DAY:
            raise ServiceError("service.away_too_long", days=days)
        await self.store.set_away(user_id, now, back)
        for game_id, clock in await self.store.clocks_of_user(user_id):
            paused = now if clock.paused is None else epoch(clock.paused)
            await self.store.reschedule_clock(
                game_id, seat_clock(clock, paused=paused, reminders=((BACK, back),))
            )
        log.info("%s is away until %s", user_id, until.isoformat())
        return Away(user_id, from_epoch(back), await self._running_games(user_id))

    async def come_back(self, user_id: str) -> Away:
        """``user_id`` is back before the date: every paused clock resumes now. Raises
        ``service.not_away``."""
        if user_id not in await self.store.away_until([user_id]):
            raise ServiceError("service.not_away")
        now = self._now()
        await self.store.set_away(user_id, now, None)
        for game_id, clock in await self.store.clocks_of_user(user_id):
            await self._resume(game_id, clock, now)
        return Away(user_id, None, await self._running_games(user_id))

    async def _running_games(self, user_id: str) -> tuple[GameInfo, ...]:
        rows = await self.store.games_of_user(user_id, active_only=True)
        return tuple(g for g in await self.pipeline.listed(rows) if g.status == "running")

    async def _resume(self, game_id: int, clock: ClockRow, now: int) -> bool:
        """Restart a paused clock: its deadline moves by the time it was paused."""
        if clock.paused is None:
            return False
        row = await self.pipeline.row(game_id)
        shift = now - epoch(clock.paused)
        started = epoch(clock.started) + shift
        deadline = None if clock.deadline is None else epoch(clock.deadline) + shift
        reminders = reminders_for(started, deadline, await self._nudge_hours(row.guild_id), now)
        return await self.store.reschedule_clock(
            game_id, seat_clock(clock, deadline=deadline, paused=None, reminders=reminders)
        )

    # -- the reminder loop ---------------------------------------------------------------

    async def clock_pass(self, worker: str, *, limit: int = 1000) -> ClockPass:
        """Claim the due reminders (at most ``limit``) of the games on the service's
        shards for ``worker`` and act on them: one ``ClockReport`` per game to post.
        Call ``finish_clock_pass`` after posting.

        The database work is a handful of statements whatever the number of games: the
        claim (which reads the games concerned and their servers' nudge interval with
        it), one transaction for every reminder to schedule again (nudges), and the
        finish; only timeouts, claims and returns read or write one by one."""
        now = self._now()
        due = await self.store.claim_reminders(
            now, worker, now + LEASE, limit, self.pipeline.shards
        )
        by_game: dict[int, list[DueReminder]] = {}
        for reminder in due:
            by_game.setdefault(reminder.game_id, []).append(reminder)
        later: list[tuple[int, SeatClock]] = []
        reports = []
        for game_id, rows in by_game.items():
            try:
                report = await self._game_pass(rows, now, later)
            except Exception:
                log.exception("game %d: its reminders failed; retried after the lease", game_id)
                continue
            if report is not None:
                reports.append(report)
        if later:
            await self.store.reschedule_clocks(later)
        return ClockPass(tuple(reports), tuple(r.id for r in due), worker)

    async def finish_clock_pass(self, done: ClockPass) -> None:
        """Forget the reminders a pass dealt with (once its reports are posted)."""
        await self.store.finish_reminders(done.worker, list(done.claimed))

    async def _game_pass(
        self,
        due: list[DueReminder],
        now: int,
        later: list[tuple[int, SeatClock]],
    ) -> ClockReport | None:
        """What the due reminders of one game come to; the reminders to schedule again
        are added to ``later``."""
        table = due[0].game
        if table is None or table.status != "running":
            return None
        game_id = table.id
        live = [r for r in due if r.clock_revision == r.revision]
        resumed = []
        backs = [r for r in live if r.kind == BACK]
        if backs:
            row = await self.pipeline.row(game_id)
            for r in backs:
                if await self._back(row, r.seat, now):
                    resumed.append(r.seat)
        seats: dict[str, list[DueReminder]] = {}
        for r in live:
            if r.kind != BACK and r.paused is None and r.started is not None:
                seats.setdefault(r.seat, []).append(r)
        nudge = DEFAULT_NUDGE_HOURS if table.nudge_hours is None else table.nudge_hours
        reminders: list[Reminder] = []
        claims: list[str] = []
        unclaimed: dict[str, Reminder] = {}  # what a claim nobody can make falls back to
        timed_out: list[tuple[str, str]] = []
        results: list[PlayResult] = []
        for seat in sorted(seats):
            kind = most_pressing([r.kind for r in seats[seat]])
            clock = seats[seat][0]
            started, deadline = clock.started or 0, clock.deadline
            since = from_epoch(started) or datetime.fromtimestamp(0, UTC)
            revision = clock.clock_revision or 0
            if kind == "deadline":
                if deadline is None or deadline > now:
                    continue
                policy = table.timeout_policy
                if policy in ("auto", "forfeit"):
                    result = await self._time_out(game_id, seat, policy)
                    if result is not None:
                        results.append(result)
                        timed_out.append((seat, policy))
                    continue
                if policy == "claim":
                    claims.append(seat)
                    unclaimed[seat] = Reminder(seat, "late", since, from_epoch(deadline))
                else:
                    reminders.append(Reminder(seat, "late", since, from_epoch(deadline)))
                rest = after_deadline(deadline, nudge, now)
                later.append((game_id, SeatClock(seat, revision, started, deadline, None, rest)))
                continue
            if kind in EARLY and deadline is not None and deadline <= now:
                # Its deadline has passed: "time is up" is said by the deadline's own row
                # (claimed with these, or by another process), never "one hour left" after.
                continue
            reminders.append(Reminder(seat, kind, since, from_epoch(deadline)))
            if kind == "nudge":
                again = reminders_for(started, None, nudge, now)
                later.append((game_id, SeatClock(seat, revision, started, deadline, None, again)))
        claimers: tuple[str, ...] = ()
        if claims:
            claimers = await self._claimers(game_id, claims)
            if not claimers:  # nobody left to choose (AI seats, players gone): say it only
                reminders += [unclaimed[s] for s in claims]
                claims = []
        if not (reminders or claims or results or resumed):
            return None
        if results:
            info = merge_results(results).game
        elif claims or resumed:  # the seats are needed (and the clocks changed)
            info = await self.pipeline.info(await self.pipeline.row(game_id), listing=True)
        else:
            info = table_info(table, tuple(r.seat for r in reminders))
        merged = merge_results(results) if results else None
        return ClockReport(
            info,
            tuple(reminders),
            tuple(claims),
            merged,
            tuple(timed_out),
            tuple(resumed),
            claimers,
        )

    async def _claimers(self, game_id: int, late: Sequence[str]) -> tuple[str, ...]:
        """Who may act on the late seats of a ``claim`` game: the seated people still in
        the game (not an AI seat, not a player who left), but the late ones."""
        row = await self.pipeline.row(game_id)
        out = (await self.pipeline.state(row)).out
        return tuple(
            p.user_id
            for p in row.seats
            if p.user_id not in late and p.user_id not in out and not is_ai_seat(p.user_id)
        )

    async def _back(self, row: GameRow, seat: str, now: int) -> bool:
        """The return date of ``seat`` came: end its time away and resume its clock here."""
        until = (await self.store.away_until([seat])).get(seat)
        if until is not None and until > now:
            return False  # the date moved later since this reminder was made
        if until is not None:
            await self.store.set_away(seat, now, None)
        clock = next((c for c in row.clocks if c.seat == seat), None)
        return clock is not None and await self._resume(row.id, clock, now)

    async def _time_out(self, game_id: int, seat: str, policy: str) -> PlayResult | None:
        """Apply ``auto`` or ``forfeit`` to a late seat; ``None`` if the game moved on."""
        if policy == "forfeit":
            return await self.moves.forfeit(game_id, seat)
        return await self._auto(game_id, seat)

    async def _auto(self, game_id: int, seat: str) -> PlayResult | None:
        """The clock plays the late seat's decisions while its deadline is passed."""

        def late(row: GameRow) -> bool:
            clock = next((c for c in row.clocks if c.seat == seat), None)
            return not (
                row.status != "running"
                or clock is None
                or clock.paused is not None
                or clock.deadline is None
                or epoch(clock.deadline) > self._now()
            )

        async def decide(loaded: Loaded) -> Applied | None:
            if seat not in loaded.game.to_act(loaded.state):
                return None
            move = await self.robots.clock_move(loaded.game, loaded.state, seat)
            return await self.pipeline.apply(loaded, seat, move)

        results: list[PlayResult] = []
        for _ in range(MAX_CLOCK_MOVES):
            step = await self.pipeline.change(game_id, decide, check=late, by_clock=True)
            if step.applied is None or step.result is None:
                break  # nothing left to play, or the player moved in the meantime
            log.info("game %d: the clock played %s for %s", game_id, step.applied.move.code, seat)
            results.append(step.result)
        if not results:
            return None
        return merge_results(results)

    # -- claims --------------------------------------------------------------------------

    async def claim(
        self, game_id: int, user_id: str, action: str, version: int | None = None
    ) -> ClaimResult:
        """Another player acts on the late seats of a ``claim`` game: ``auto`` plays for
        them, ``forfeit`` removes them, ``extend`` gives them one more day. Raises
        ``service.not_running``, ``service.not_in_game``, ``service.stale``,
        ``service.claim_nothing``, ``service.claim_late``."""
        if action not in CLAIM_ACTIONS:
            raise ValueError(f"unknown claim action {action!r}")
        row = await self.pipeline.row(game_id)
        if row.status != "running":
            raise ServiceError("service.not_running", status=f"@service.status.{row.status}")
        if is_ai_seat(user_id) or not any(s.user_id == user_id for s in row.seats):
            raise ServiceError("service.not_in_game")
        if user_id in (await self.pipeline.state(row)).out:
            raise ServiceError("service.not_in_game")  # a player who left has no say
        if version is not None and row.version != version:
            raise ServiceError("service.stale", version=row.version)
        now = self._now()
        late = [
            c
            for c in row.clocks
            if c.deadline is not None and epoch(c.deadline) <= now and c.paused is None
        ]
        if not late:
            raise ServiceError("service.claim_nothing")
        if any(c.seat == user_id for c in late):
            raise ServiceError("service.claim_late")
        seats = tuple(c.seat for c in late)
        if action == "extend":
            deadline = now + EXTRA_TIME
            nudge = await self._nudge_hours(row.guild_id)
            for clock in late:
                await self.store.reschedule_clock(
                    game_id,
                    seat_clock(
                        clock, deadline=deadline, reminders=reminders_for(now, deadline, nudge, now)
                    ),
                )
            info = await self.pipeline.game(game_id)
            return ClaimResult(action, user_id, seats, PlayResult(info), from_epoch(deadline))
        results = []
        for seat in seats:
            result = await self._time_out(game_id, seat, action)
            if result is not None:
                results.append(result)
        if not results:
            raise ServiceError("service.claim_nothing")
        log.info("game %d: %s claimed %s against %s", game_id, user_id, action, seats)
        return ClaimResult(action, user_id, seats, merge_results(results))
