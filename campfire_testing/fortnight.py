"""A fortnight of notices on a moving clock, through the service: what each player is sent.

Three servers (one telling every turn by default, one by digest at 19:00, one the
reminders only), six players in six time zones with their own quiet hours, frequencies
and digest times, twelve Nim games with turn clocks (none, 12, 24 or 48 hours), AI
seats among the people. The clock moves in steps of ``STEP`` seconds for 14 days; at
each step the front end does what the Discord layer does, through the service only,
as two processes over one database (each with its reminder loop and its drain of the
outbox, at once), both restarted at the middle of the fortnight:

- after every change, each ``TurnStarted``'s new seats and each ``GameOver``'s players
  are told (``GameService.notices.tell``): who is pinged, who gets a direct message;
- one pass of the reminder loop (``Timing.clock_pass``): each reminder, claim and
  timeout told the same way;
- the outbox drained (``Notices.drain``): one direct message per player (what waited,
  a digest), then ``delivered``.

A player reads a ping, a direct message or a digest at once and plays in that game
``delay`` later, but never in their quiet hours: a notice read shortly before they
start is played before (a player goes to sleep after answering). ``check`` then says,
for each player, every broken promise: a message or ping inside quiet hours, a digest
that misses a waiting game or lists one twice, a notice of the outbox sent twice, a
deadline whose turn reached half time without a reminder read outside quiet hours
before it, a timeout. ``table`` gives the messages (direct messages) and pings per day
per player.

Used by ``bench/bench_notifications.py`` (the table) and
``tests/bot/test_fortnight.py`` (the checks).
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.service import GameInfo, GameOver, GameService, Player, PlayResult, TurnStarted
from bot.service.prefs import Prefs, in_quiet, next_quiet, prefs_of, quiet_end
from bot.store import GuildSettings, Store, UserSettings, epoch

START = datetime(2026, 3, 9, 0, 0, tzinfo=UTC)
"""A Monday; Europe's and North America's clocks change in the fortnight (8 and 29
March), so summer time is crossed."""
DAYS = 14
STEP = 15 * 60
SERVERS = {
    "s1": GuildSettings(),
    "s2": GuildSettings(frequency="digest", digest="19:00"),
    "s3": GuildSettings(frequency="reminders"),
}


@dataclass(frozen=True)
class Person:
    """A player: their stored choices and how long they take to play once they know."""

    id: str
    name: str
    settings: UserSettings
    delay: timedelta


PEOPLE = (
    Person(
        "1001",
        "Ana",
        UserSettings(True, False, None, "Europe/Paris", "22:00-08:00", "turn"),
        timedelta(hours=1),
    ),
    Person(
        "1002",
        "Ben",
        UserSettings(False, False, None, "America/New_York", "23:00-07:00", "digest", "18:00"),
        timedelta(hours=2),
    ),
    Person(
        "1003",
        "Chiyo",
        UserSettings(False, False, None, "Asia/Tokyo", "00:00-09:00", "digest", "6h"),
        timedelta(minutes=30),
    ),
    Person(
        "1004",
        "Dev",
        UserSettings(False, False, None, "America/Los_Angeles", None, "reminders"),
        timedelta(hours=4),
    ),
    Person(
        "1005",
        "Emma",
        UserSettings(False, False, None, "Australia/Sydney", "21:00-07:30", "turn"),
        timedelta(hours=3),
    ),
    Person(
        "1006",
        "Femi",
        UserSettings(True, False, None, "Africa/Lagos", "13:00-14:00"),
        timedelta(minutes=90),
    ),
)
BY_ID = {p.id: p for p in PEOPLE}
GAMES: tuple[tuple[str, tuple[str, ...], int, int, str], ...] = (
    # server, people seated (in order), AI seats, clock hours, policy
    ("s1", ("1001", "1002"), 0, 24, "auto"),
    ("s1", ("1003", "1004", "1005"), 0, 48, "remind"),
    ("s1", ("1006", "1001"), 1, 12, "forfeit"),
    ("s1", ("1004", "1006"), 0, 0, "remind"),
    ("s2", ("1002", "1003"), 0, 24, "auto"),
    ("s2", ("1005", "1006"), 1, 48, "auto"),
    ("s2", ("1001", "1004", "1003"), 0, 12, "remind"),
    ("s2", ("1006", "1002"), 0, 0, "remind"),
    ("s3", ("1001", "1005"), 0, 24, "auto"),
    ("s3", ("1002", "1004"), 1, 48, "remind"),
    ("s3", ("1003", "1006"), 0, 12, "auto"),
    ("s3", ("1005", "1002", "1001"), 0, 24, "remind"),
)


class MovingClock:
    """The service's clock, moved by the simulation."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Turn:
    """One person's turn in one game: when it began, its deadline, when it ended."""

    game: int
    seat: str
    started: datetime
    deadline: datetime | None
    ended: datetime | None = None
    reminded: list[datetime] = field(default_factory=list)


@dataclass
class Record:
    """Everything the players were sent, and what happened to the games."""

    pings: list[tuple[str, datetime, int, str]] = field(default_factory=list)
    dms: list[tuple[str, datetime, str]] = field(default_factory=list)
    digests: list[tuple[str, datetime, tuple[int, ...], frozenset[int]]] = field(
        default_factory=list
    )
    turns: list[Turn] = field(default_factory=list)
    timeouts: list[tuple[str, int, datetime]] = field(default_factory=list)
    delivered: list[tuple[str, datetime, tuple[int, ...]]] = field(default_factory=list)
    """Each direct message of the outbox: its player, when, and the notices it carried."""
    moves: int = 0
    finished: int = 0
    end: datetime = START


def prefs(person: Person, game: GameInfo) -> Prefs:
    return prefs_of(person.settings, SERVERS[game.guild_id or "s1"])


class Fortnight:
    """The simulation: a service over a fresh SQLite database in ``folder``."""

    def __init__(self, folder: Path, *, seed: int = 7) -> None:
        self.folder = folder
        self.clock = MovingClock()
        self.random = random.Random(seed)
        self.record = Record()
        self.plans: dict[tuple[str, int], datetime] = {}
        self.open: dict[tuple[int, str], Turn] = {}
        self.games: list[int] = []

    async def run(self, days: int = DAYS) -> Record:
        """Play ``days`` days: two processes (two services over one database, each
        with its reminder loop and outbox drain), restarted both at the middle."""
        async with Store(self.folder / "fortnight.sqlite3") as store:
            services = self._processes(store)
            try:
                await self._setup(services[0], store)
                end = START + timedelta(days=days)
                restart: datetime | None = START + timedelta(days=days / 2)
                while self.clock.now < end:
                    self.clock.now += timedelta(seconds=STEP)
                    if restart is not None and self.clock.now >= restart:
                        for service in services:  # a restart: nothing kept in memory
                            service.close()
                        services, restart = self._processes(store), None
                    await self._step(services)
                self.record.end = self.clock.now
            finally:
                for service in services:
                    service.close()
        return self.record

    def _processes(self, store: Store) -> list[GameService]:
        return [GameService(store, clock=self.clock, seed_source=self._seed) for _ in range(2)]

    def _seed(self) -> str:
        return f"{self.random.getrandbits(32):08x}"

    async def _setup(self, service: GameService, store: Store) -> None:
        for guild, chosen in SERVERS.items():
            await service.timing.save_guild_settings(guild, chosen)
        for person in PEOPLE:
            await store.save_user_settings(person.id, person.settings)
        for n, (guild, seated, ai, hours, policy) in enumerate(GAMES):
            creator = BY_ID[seated[0]]
            lobby = await service.create_lobby(
                rules="nim",
                options={"stones": 40 + 5 * (n % 5)},
                guild_id=guild,
                channel_id=f"c-{guild}",
                creator=Player(creator.id, creator.name),
                clock_hours=hours,
                timeout_policy=policy,
                ai=ai,
                ai_level="random",
            )
            for other in seated[1:]:
                await service.join(lobby.id, Player(other, BY_ID[other].name))
            self.games.append(lobby.id)
            result = await service.start(lobby.id, creator.id, shuffle_seats=False)
            await self._changed(service, result)
            self.clock.now += timedelta(minutes=47)  # the games start through the first day

    # -- the front end -------------------------------------------------------------------

    async def _changed(self, service: GameService, result: PlayResult) -> None:
        """What the Discord layer does after a change: the AI seats play on, then every
        new turn and end is told."""
        merged = await service.advance(result.game, after=result) or result
        for event in merged.events:
            if isinstance(event, TurnStarted) and event.new_seats:
                game = await service.game(event.game_id)
                told = await service.notices.tell(game, event.new_seats, "turn", "en")
                self._sent(game, told.ping, told.dm, "turn")
            elif isinstance(event, GameOver):
                game = await service.game(event.game_id)
                seats = [p.user_id for p in game.seats]
                told = await service.notices.tell(game, seats, "ended", "en")
                self._sent(game, told.ping, (), "ended")
                self.record.finished += 1

    def _sent(self, game: GameInfo, ping: Sequence[str], dm: Sequence[str], kind: str) -> None:
        now = self.clock.now
        for user in ping:
            self.record.pings.append((user, now, game.id, kind))
            self._read(user, game.id, kind)
        for user in dm:
            self.record.dms.append((user, now, kind))
            self._read(user, game.id, kind)

    def _read(self, user: str, game_id: int, kind: str) -> None:
        """``user`` learns that ``game_id`` waits on them: they plan their move."""
        if kind == "reminder":
            turn = self.open.get((game_id, user))
            if turn is not None:
                turn.reminded.append(self.clock.now)
        if kind == "ended" or (user, game_id) in self.plans:
            return
        person = BY_ID[user]
        when = self.clock.now + person.delay
        moment = epoch(self.clock.now)
        chosen = prefs_of(person.settings)
        sleep = next_quiet(chosen, moment)
        if sleep is not None and epoch(when) >= sleep:  # answer before going to sleep
            when = max(self.clock.now, datetime.fromtimestamp(sleep - 60, UTC))
        end = quiet_end(chosen, moment)
        if end is not None:  # read in quiet hours (never sent then): played once awake
            when = datetime.fromtimestamp(end, UTC) + person.delay
        self.plans[(user, game_id)] = when

    async def _step(self, services: list[GameService]) -> None:
        """The players play, then each process runs its loop's pass at once."""
        service = services[0]
        now = self.clock.now
        # the players play what they planned
        for (user, game_id), when in sorted(self.plans.items(), key=lambda kv: kv[1]):
            if when > now:
                continue
            del self.plans[(user, game_id)]
            game = await service.game(game_id)
            if game.status != "running" or user not in game.to_act:
                continue
            result = await service.play(game_id, user, "take1")
            self.record.moves += 1
            await self._changed(service, result)
        await self._turns(service)
        await asyncio.gather(*(self._pass(s, f"process{n}#1") for n, s in enumerate(services)))
        await self._turns(service)

    async def _pass(self, service: GameService, worker: str) -> None:
        """One pass of a process's reminder loop, then its drain of the outbox."""
        now = self.clock.now
        done = await service.timing.clock_pass(worker)
        for report in done.reports:
            game = report.game
            for reminder in report.reminders:
                told = await service.notices.tell(
                    game,
                    [reminder.seat],
                    "reminder",
                    "en",
                    detail=reminder.kind,
                    deadline=reminder.deadline,
                )
                self._sent(game, told.ping, told.dm, "reminder")
            for seat, _ in report.timed_out:
                self.record.timeouts.append((seat, game.id, now))
            if report.result is not None:
                await self._changed(service, report.result)
        await service.timing.finish_clock_pass(done)
        for delivery in await service.notices.drain(worker):
            user = delivery.user_id
            self.record.dms.append((user, now, "waited" if delivery.waited else "digest"))
            self.record.delivered.append((user, now, delivery.claimed))
            for waited in delivery.waited:
                self._read(user, waited.game.id, waited.kind)
            if delivery.digest is not None:
                listed = tuple(g.id for g in delivery.digest)
                self.record.digests.append((user, now, listed, await self._expected(service, user)))
                for game_id in listed:
                    self._read(user, game_id, "digest")
            await service.notices.delivered(delivery)

    async def _expected(self, service: GameService, user: str) -> frozenset[int]:
        """The games a digest of ``user`` must list now, from the simulation's own
        reading: running, ``user`` to act, their frequency there ``digest``."""
        found = set()
        for game_id in self.games:
            game = await service.game(game_id)
            waits = game.status == "running" and user in game.to_act
            if waits and prefs(BY_ID[user], game).frequency == "digest":
                found.add(game_id)
        return frozenset(found)

    async def _turns(self, service: GameService) -> None:
        """Follow each person's turns: when they begin, their deadline, when they end."""
        now = self.clock.now
        acting: set[tuple[int, str]] = set()
        for game_id in self.games:
            game = await service.game(game_id)
            if game.status != "running":
                continue
            for seat in game.to_act:
                if seat not in BY_ID:
                    continue
                acting.add((game_id, seat))
                if (game_id, seat) not in self.open:
                    clock = game.clock_of(seat)
                    turn = Turn(
                        game_id,
                        seat,
                        clock.started if clock is not None else now,
                        clock.deadline if clock is not None else None,
                    )
                    self.open[(game_id, seat)] = turn
                    self.record.turns.append(turn)
        for key in list(self.open):
            if key not in acting:
                self.open.pop(key).ended = now


# --------------------------------------------------------------------------- the checks


def check(record: Record) -> dict[str, list[str]]:
    """Every broken promise, by player name (an empty list: none)."""
    broken: dict[str, list[str]] = {p.name: [] for p in PEOPLE}

    def said(user: str, text: str) -> None:
        broken[BY_ID[user].name].append(text)

    for user, when, game_id, kind in record.pings:
        if in_quiet(prefs_of(BY_ID[user].settings), epoch(when)):
            said(user, f"pinged in quiet hours at {when:%d %H:%M} UTC ({kind}, game {game_id})")
    for user, when, kind in record.dms:
        if in_quiet(prefs_of(BY_ID[user].settings), epoch(when)):
            said(user, f"direct message in quiet hours at {when:%d %H:%M} UTC ({kind})")
    seen: dict[int, datetime] = {}
    for user, when, ids in record.delivered:
        for notice in ids:
            if notice in seen:
                said(user, f"notice {notice} sent at {seen[notice]:%d %H:%M} and {when:%d %H:%M}")
            seen[notice] = when
    for user, when, listed, expected in record.digests:
        if len(listed) != len(set(listed)):
            said(user, f"a game twice in the digest of {when:%d %H:%M}")
        if set(listed) != expected:
            said(
                user,
                f"digest of {when:%d %H:%M} lists {sorted(listed)}, waiting {sorted(expected)}",
            )
    for turn in record.turns:
        if turn.deadline is None or turn.deadline > record.end:
            continue  # no clock, or its deadline after the fortnight
        half = turn.started + (turn.deadline - turn.started) / 2
        lasted = turn.ended or turn.deadline
        if lasted <= half:
            continue  # played before any reminder was due
        chosen = prefs_of(BY_ID[turn.seat].settings)
        good = [r for r in turn.reminded if r < turn.deadline and not in_quiet(chosen, epoch(r))]
        if not good:
            said(
                turn.seat,
                f"game {turn.game}: no reminder before the deadline {turn.deadline:%d %H:%M}",
            )
    for user, game_id, when in record.timeouts:
        said(user, f"timed out in game {game_id} at {when:%d %H:%M}")
    return broken


def table(record: Record, days: int = DAYS) -> str:
    """Messages (direct messages) and pings per UTC day per player, as a Markdown table
    (``m/p``), with each player's totals."""
    messages: Counter[tuple[str, int]] = Counter()
    pings: Counter[tuple[str, int]] = Counter()
    for user, when, _ in record.dms:
        messages[(user, (when - START).days)] += 1
    for user, when, _, _ in record.pings:
        pings[(user, (when - START).days)] += 1
    head = "| player | zone, quiet hours, frequency | " + " | ".join(
        f"d{d + 1}" for d in range(days)
    )
    lines = [head + " | total |", "|" + " --- |" * (days + 3)]
    for p in PEOPLE:
        s = p.settings
        who = f"{s.timezone}, {s.quiet or 'none'}, {s.frequency or 'server'}" + (
            f" {s.digest}" if s.frequency == "digest" else ""
        )
        cells = [f"{messages[(p.id, d)]}/{pings[(p.id, d)]}" for d in range(days)]
        sent = sum(messages[(p.id, d)] for d in range(days))
        total = f"{sent}/{sum(pings[(p.id, d)] for d in range(days))}"
        lines.append(f"| {p.name} | {who} | " + " | ".join(cells) + f" | {total} |")
    return "\n".join(lines)


def past_half(turn: Turn) -> bool:
    """Whether a turn with a deadline was still running at its half time."""
    if turn.deadline is None:
        return False
    half = turn.started + (turn.deadline - turn.started) / 2
    return (turn.ended or turn.deadline) > half


def summary(record: Record) -> str:
    turns = [t for t in record.turns if t.deadline is not None]
    reached = sum(1 for t in turns if past_half(t))
    by_kind = Counter(kind for _, _, kind in record.dms)
    return (
        f"{record.moves} moves by people, {record.finished} games ended, "
        f"{len(record.turns)} turns of people ({len(turns)} with a clock, {reached} past half "
        f"time), {len(record.pings)} pings, {len(record.dms)} direct messages "
        f"({', '.join(f'{k} {v}' for k, v in sorted(by_kind.items()))}), "
        f"{len(record.digests)} digests, {len(record.timeouts)} timeouts"
    )


async def fortnight(days: int = DAYS, seed: int = 7) -> Record:
    """Play the fortnight in a temporary folder; what the players were sent."""
    with tempfile.TemporaryDirectory() as folder:
        return await Fortnight(Path(folder), seed=seed).run(days)
