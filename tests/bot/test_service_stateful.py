"""Random sequences of lobby and game actions by several users, through two services
on one database file (two processes, in effect), with the invariants checked after
every step (Hypothesis stateful testing).

Actions: create, join, leave, start, a typed move, a button move (current or stale
version), the same button clicked on both services at once, resign, abort. After each
step, for every stored game: the log replays to the stored snapshot at its revision
and the status agrees (``bot.service.audit``); revisions only grow; statuses only
move forward; the log holds exactly the entries the model says were accepted (no
move applied twice, none lost); and every refused action left the database
byte-for-byte as it was. ``CAMPFIRE_STATEFUL_EXAMPLES`` raises the number of runs
(default: a few seconds' worth).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.service import GameService, Player, ServiceError
from bot.service.audit import audit_game
from bot.store import Store
from rules import registry
from rules.base import CampfireError
from rules.nim import NIM
from tests.bot.conftest import FakeClock, seeds

EXAMPLES = int(os.environ.get("CAMPFIRE_STATEFUL_EXAMPLES", "12"))
STEPS = int(os.environ.get("CAMPFIRE_STATEFUL_STEPS", "30"))

USERS = tuple(Player(f"u{n}", name) for n, name in enumerate(("Ada", "Bo", "Cy", "Di"), 1))
FORWARD = {
    "lobby": {"lobby", "running", "aborted"},
    "running": {"running", "over", "aborted"},
    "over": {"over"},
    "aborted": {"aborted"},
}
TABLES = ("games", "seats", "moves", "results", "undos", "undone_moves", "messages")

T = TypeVar("T")


@dataclass
class ModelGame:
    """What the test expects of one stored game."""

    creator: str
    max_seats: int
    seats: list[str]
    status: str = "lobby"
    entries: int = 0
    out: set[str] = field(default_factory=set)


class Refused(Exception):
    """What ``act`` returns for a refused action (the key of the error)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class ServiceMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        if "nim" not in registry.ids():
            registry.register(NIM)
        self.loop = asyncio.new_event_loop()
        self.folder = Path(tempfile.mkdtemp(prefix="campfire-stateful-"))
        path = self.folder / "campfire.sqlite3"
        self.stores = [self.run(Store.open(path)) for _ in range(2)]
        self.services = [
            GameService(store, seed_source=seeds(f"s{n}-"), clock=FakeClock(), cache_size=4)
            for n, store in enumerate(self.stores)
        ]
        self.reader = sqlite3.connect(path)
        self.model: dict[int, ModelGame] = {}
        self.seen: dict[int, tuple[str, int]] = {}

    def teardown(self) -> None:
        self.reader.close()
        for store in self.stores:
            self.run(store.close())
        self.loop.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- helpers --------------------------------------------------------------------------

    def run(self, awaitable: Awaitable[T]) -> T:
        return self.loop.run_until_complete(awaitable)  # type: ignore[arg-type]

    def fingerprint(self) -> list[list[Any]]:
        return [
            self.reader.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in TABLES
        ]

    def act(self, awaitable: Awaitable[T]) -> T | Refused:
        """Run one action; a refusal must leave every table exactly as it was."""
        before = self.fingerprint()
        try:
            return self.run(awaitable)
        except CampfireError as exc:
            assert self.fingerprint() == before, f"refused ({exc.key}) but changed the database"
            return Refused(exc.key)

    def pick(self, index: int, status: str | None = None) -> int:
        """A game: the ``index``-th (cycling), among those in ``status`` if any are."""
        ids = sorted(self.model)
        wanted = [i for i in ids if self.model[i].status == status]
        return (wanted or ids)[index % len(wanted or ids)]

    def player(self, game_id: int, user: Player, lead: bool) -> Player:
        """``user``, or (``lead``) the one who can act: the first seat to act in a
        running game, else the lobby's creator. So that games start and move on."""
        if not lead:
            return user
        game = self.model[game_id]
        wanted = game.creator
        if game.status == "running":
            to_act = self.state_of(game_id).to_act
            wanted = to_act[0] if to_act else wanted
        return next(p for p in USERS if p.user_id == wanted)

    def state_of(self, game_id: int) -> Any:
        return self.run(self.services[0].game(game_id))

    def running_seat(self, game_id: int, user: Player) -> bool:
        game = self.model[game_id]
        return game.status == "running" and user.user_id in game.seats

    def after_entry(self, game_id: int, result: Any) -> None:
        """A log entry was accepted: count it, and follow the status the service reports."""
        game = self.model[game_id]
        game.entries += 1
        game.status = result.game.status

    # -- lobby ----------------------------------------------------------------------------

    @initialize(
        user=st.sampled_from(USERS),
        other=st.sampled_from(USERS),
        stones=st.integers(3, 12),
        seats=st.integers(2, 4),
    )
    def first_game(self, user: Player, other: Player, stones: int, seats: int) -> None:
        """A game under way from the first step (the rules open more)."""
        self.create(0, user, stones, seats)
        game_id = max(self.model)
        self.join(1, game_id, other)
        self.start(0, game_id, user, shuffle=True, lead=True)

    @rule(
        svc=st.integers(0, 1),
        user=st.sampled_from(USERS),
        stones=st.integers(3, 9),
        seats=st.integers(2, 4),
    )
    def create(self, svc: int, user: Player, stones: int, seats: int) -> None:
        info = self.act(
            self.services[svc].create_lobby(
                rules="nim",
                options={"stones": stones},
                guild_id="g",
                channel_id="c",
                creator=user,
                max_seats=seats,
            )
        )
        assert not isinstance(info, Refused), info
        self.model[info.id] = ModelGame(user.user_id, seats, [user.user_id])

    @rule(svc=st.integers(0, 1), index=st.integers(0), user=st.sampled_from(USERS))
    def join(self, svc: int, index: int, user: Player) -> None:
        game_id = self.pick(index, "lobby")
        game = self.model[game_id]
        expected = (
            game.status == "lobby"
            and user.user_id not in game.seats
            and len(game.seats) < game.max_seats
        )
        result = self.act(self.services[svc].join(game_id, user))
        assert isinstance(result, Refused) != expected, result
        if expected:
            game.seats.append(user.user_id)

    @rule(svc=st.integers(0, 1), index=st.integers(0), user=st.sampled_from(USERS))
    def leave(self, svc: int, index: int, user: Player) -> None:
        game_id = self.pick(index)
        game = self.model[game_id]
        expected = game.status == "lobby" and user.user_id in game.seats
        result = self.act(self.services[svc].leave(game_id, user.user_id))
        assert isinstance(result, Refused) != expected, result
        if not expected:
            return
        if user.user_id == game.creator and len(game.seats) == 1:
            game.status = "aborted"  # the last one out closes the lobby
            return
        game.seats.remove(user.user_id)
        if user.user_id == game.creator:
            game.creator = game.seats[0]  # handed over to the earliest to join

    @rule(
        svc=st.integers(0, 1),
        index=st.integers(0),
        user=st.sampled_from(USERS),
        shuffle=st.booleans(),
        lead=st.booleans(),
    )
    def start(self, svc: int, index: int, user: Player, shuffle: bool, lead: bool) -> None:
        game_id = self.pick(index, "lobby")
        user = self.player(game_id, user, lead)
        game = self.model[game_id]
        expected = game.status == "lobby" and user.user_id == game.creator and len(game.seats) >= 2
        result = self.act(self.services[svc].start(game_id, user.user_id, shuffle_seats=shuffle))
        assert isinstance(result, Refused) != expected, result
        if expected:
            game.status = "running"

    # -- playing --------------------------------------------------------------------------

    def choose(self, svc: int, game_id: int, user: Player, pick: int) -> tuple[str, bool]:
        """A move for ``user``: one of their legal moves if they have any (then it must
        apply), else (or for ``pick`` 7) a plausible code that must be refused."""
        moves = self.run(self.services[svc].legal_moves(game_id, user.user_id))
        if moves and pick < 7:
            return moves[pick % len(moves)].code, True
        return f"take{pick % 4 + 1}", False

    @rule(
        svc=st.integers(0, 1),
        index=st.integers(0),
        user=st.sampled_from(USERS),
        pick=st.integers(0, 7),
        lead=st.booleans(),
    )
    def typed_move(self, svc: int, index: int, user: Player, pick: int, lead: bool) -> None:
        game_id = self.pick(index, "running")
        user = self.player(game_id, user, lead)
        code, legal = self.choose(svc, game_id, user, pick)
        expected = legal and self.running_seat(game_id, user)
        result = self.act(self.services[svc].play(game_id, user.user_id, code))
        assert isinstance(result, Refused) != expected, (code, result)
        if expected:
            self.after_entry(game_id, result)

    @rule(
        svc=st.integers(0, 1),
        index=st.integers(0),
        user=st.sampled_from(USERS),
        pick=st.integers(0, 7),
        lag=st.integers(0, 2),
        lead=st.booleans(),
    )
    def button_move(
        self, svc: int, index: int, user: Player, pick: int, lag: int, lead: bool
    ) -> None:
        """A move from a menu made ``lag`` revisions ago (``lag > 0``: stale, refused)."""
        game_id = self.pick(index, "running")
        user = self.player(game_id, user, lead)
        version = self.state_of(game_id).version
        lag = min(lag, version)
        code, legal = self.choose(svc, game_id, user, pick)
        expected = legal and lag == 0 and self.running_seat(game_id, user)
        result = self.act(
            self.services[svc].play(game_id, user.user_id, code, expected_version=version - lag)
        )
        assert isinstance(result, Refused) != expected, result
        if expected:
            self.after_entry(game_id, result)
        elif lag and self.running_seat(game_id, user):
            assert isinstance(result, Refused) and result.key == "service.stale", result

    @rule(index=st.integers(0), pick=st.integers(0, 7))
    def double_click(self, index: int, pick: int) -> None:
        """The seat to act clicks one button twice, each click reaching a different
        service at the same moment: exactly one applies."""
        game_id = self.pick(index, "running")
        info = self.state_of(game_id)
        if info.status != "running" or not info.to_act:
            return
        user = next(p for p in USERS if p.user_id == info.to_act[0])
        code, legal = self.choose(0, game_id, user, pick % 7)
        assert legal
        before = self.fingerprint()

        async def both() -> list[Any]:
            return await asyncio.gather(
                *(
                    s.play(game_id, user.user_id, code, expected_version=info.version)
                    for s in self.services
                ),
                return_exceptions=True,
            )

        results = self.run(both())
        applied = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(applied) == 1, results
        loser = refused[0]
        assert isinstance(loser, ServiceError), loser
        over = applied[0].game.status == "over"
        assert loser.key == "service.stale" or (over and loser.key == "service.not_running"), (
            loser.key,
            loser.params,
            over,
        )
        assert self.fingerprint() != before
        self.after_entry(game_id, applied[0])

    @rule(svc=st.integers(0, 1), index=st.integers(0), user=st.sampled_from(USERS))
    def resign(self, svc: int, index: int, user: Player) -> None:
        game_id = self.pick(index, "running")
        game = self.model[game_id]
        expected = self.running_seat(game_id, user) and user.user_id not in game.out
        result = self.act(self.services[svc].resign(game_id, user.user_id))
        assert isinstance(result, Refused) != expected, result
        if expected:
            game.out.add(user.user_id)
            self.after_entry(game_id, result)

    @rule(
        svc=st.integers(0, 1),
        index=st.integers(0),
        user=st.sampled_from(USERS),
        moderator=st.booleans(),
    )
    def abort(self, svc: int, index: int, user: Player, moderator: bool) -> None:
        game_id = self.pick(index)
        game = self.model[game_id]
        expected = game.status in ("lobby", "running") and (
            moderator or user.user_id == game.creator
        )
        result = self.act(self.services[svc].abort(game_id, user.user_id, is_moderator=moderator))
        assert isinstance(result, Refused) != expected, result
        if expected:
            game.status = "aborted"

    # -- invariants -----------------------------------------------------------------------

    @invariant()
    def every_game_is_sound(self) -> None:
        store = self.stores[1]
        for game_id, game in self.model.items():
            row = self.run(store.game(game_id))
            assert row is not None
            verdict = self.run(audit_game(store, game_id))
            assert verdict.problems == (), (game_id, verdict.problems)
            status, version = self.seen.get(game_id, ("lobby", 0))
            assert row.status in FORWARD[status], (game_id, status, row.status)
            assert row.version >= version, (game_id, version, row.version)
            self.seen[game_id] = (row.status, row.version)
            assert row.status == game.status, (game_id, row.status, game.status)
            assert row.creator == game.creator
            seats = [s.user_id for s in row.seats]
            if row.snapshot is None:  # a lobby (perhaps closed): join order
                assert seats == game.seats, (game_id, seats, game.seats)
            else:  # started: turn order, shuffled or not
                assert sorted(seats) == sorted(game.seats)
            moves = self.run(store.moves(game_id))
            assert [m.seq for m in moves] == list(range(game.entries))
            assert row.version == game.entries
            results = self.run(store.results(game_id))
            assert bool(results) == (row.status == "over")


ServiceMachine.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestServiceStateful = ServiceMachine.TestCase
