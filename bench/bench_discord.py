"""Discord-layer speed over 1000 stored games: move and game autocomplete, a whole move.

Run: ``.venv/bin/python -m bench.bench_discord`` (``--games N --users U --channels C``
to change the sizes). The real ``CampfireClient`` is driven through the recording fake
HTTP of ``campfire_testing/harness.py``: every interaction is a raw gateway payload
parsed by discord.py, so the command tree, the namespace, the autocomplete callbacks
and the response objects are the real ones; only the network is fake.

The store holds N games (default 1000): running Origin Junior and Origin Classic games
at random move counts (seeded random legal moves, written through the store API, each
with its thread), plus a few lobbies and finished games, seated from a pool of U users
in C channels. Timed:

- ``/campfire move`` autocomplete typed in a game's thread by a player to act, with a
  sequence of prefixes as they type ("", the first letter, a few letters, the whole
  code; plus one of "e", "evolve:a", "play", "keep", "swap"). Target: p99 <= 100 ms.
- ``game`` option autocomplete (``/campfire board`` in a channel): the caller's games
  and that channel's, each with whose turn it is.
- a whole ``/campfire move`` typed in the thread (defer, service play, follow-up, board
  and turn messages), with a tiny PNG in place of the board picture.

"cold" means some state the call needs is not in the service's LRU (256 states) and is
replayed from the log inside the timed call; "warm" means all of them are.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import random
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from discord.webhook.async_ import AsyncWebhookAdapter
from PIL import Image

from bench.bench_service import percentile
from bot.service import GameService
from bot.store import NewEntry, Store
from campfire_testing.harness import GUILD_ID, Harness, User
from rules import registry
from rules.base import to_json

TARGET_AUTOCOMPLETE_P99_MS = 100.0
RUNNING_RULES = ("origin-junior", "origin")
TYPED_WORDS = ("e", "evolve:a", "play", "keep", "swap")
LOBBY_SHARE = 0.05
FINISHED_SHARE = 0.05
FIRST_USER_ID = 500000000000000001
FIRST_CHANNEL_ID = 710000000000000001

log = logging.getLogger("campfire.bench.discord")


def _tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


TINY_PNG = _tiny_png()


def draw_tiny(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
    """The board picture stand-in: the pipeline without the drawing."""
    return TINY_PNG


@dataclass
class Timings:
    """Latencies in ms of one kind of call, split by cache state."""

    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)

    def add(self, ms: float, *, cached: bool) -> None:
        (self.warm if cached else self.cold).append(ms)

    @property
    def all(self) -> list[float]:
        return self.cold + self.warm


# --------------------------------------------------------------------------- the store


@dataclass(frozen=True)
class Stored:
    """One stored game: its id, thread, channel and seated users."""

    id: int
    channel_id: int
    thread_id: int | None
    users: tuple[int, ...]


async def _store_game(
    store: Store,
    rules: str,
    seed: str,
    users: Sequence[int],
    channel_id: int,
    moves: int,
    chooser: random.Random,
    *,
    start: bool,
) -> tuple[int, int]:
    """A game written through the store API: lobby, seats, start, then ``moves`` random
    legal moves (fewer if the game ends first), each with its snapshot. Returns the
    game id and the number of moves played."""
    game = registry.get(rules)
    spec = game.spec
    options = spec.validate_options(None)
    now = datetime.now(UTC)
    seats = [str(u) for u in users]
    game_id = await store.create_game(
        guild_id=str(GUILD_ID),
        channel_id=str(channel_id),
        rules=spec.id,
        rules_version=spec.rules_version,
        options=options,
        seed=seed,
        creator=seats[0],
        creator_name=f"User {users[0]}",
        min_seats=spec.min_seats,
        max_seats=spec.max_seats,
        at=now,
    )
    for seat, user in zip(seats[1:], users[1:], strict=True):
        await store.add_seat(game_id, seat, f"User {user}", now)
    if not start:
        return game_id, 0
    state = game.setup(seats, seed, options)
    await store.start_game(game_id, seats, to_json(state), now)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(game.to_act(state)))
        move = chooser.choice(game.legal_moves(state, seat))
        state = game.apply(state, seat, move)
        over = game.outcome(state) is not None
        await store.append_move(
            NewEntry(
                game_id,
                expected_version=state.version - 1,
                seat=seat,
                code=move.code,
                label=move.label,
                at=now,
                snapshot=to_json(state),
                over=over,
                turn_started=True,
            )
        )
    return game_id, state.version


async def fill_store(
    store: Store, harness: Harness, games: int, users: int, channels: int, chooser: random.Random
) -> tuple[list[Stored], int]:
    """``games`` games: mostly running Origin games with threads, some lobbies and some
    finished Junior games. Returns them and the number of moves stored."""
    channel_ids = [FIRST_CHANNEL_ID + n for n in range(channels)]
    user_ids = [FIRST_USER_ID + n for n in range(users)]
    stored = []
    moves = 0
    for index in range(games):
        roll = chooser.random()
        seated = tuple(chooser.sample(user_ids, chooser.randint(2, 4)))
        channel_id = chooser.choice(channel_ids)
        seed = f"discord-bench-{index}"
        if roll < LOBBY_SHARE:
            game_id, _ = await _store_game(
                store, "origin-junior", seed, seated, channel_id, 0, chooser, start=False
            )
            stored.append(Stored(game_id, channel_id, None, seated))
            continue
        finished = roll < LOBBY_SHARE + FINISHED_SHARE
        rules = "origin-junior" if finished else chooser.choice(RUNNING_RULES)
        length = 10_000 if finished else chooser.randrange(0, 140 if rules == "origin" else 70)
        game_id, played = await _store_game(
            store, rules, seed, seated, channel_id, length, chooser, start=True
        )
        moves += played
        thread = harness.fake.thread(channel_id, f"game {game_id}")
        harness.fake.channels[int(thread["id"])] = thread
        await store.set_thread(game_id, thread["id"])
        stored.append(Stored(game_id, channel_id, int(thread["id"]), seated))
    log.info("%d games stored with %d moves", len(stored), moves)
    return stored, moves


# --------------------------------------------------------------------------- the timings


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _user(user_id: int) -> User:
    return User(user_id, f"User {user_id}")


@dataclass(frozen=True)
class Turn:
    """A seat to act in a running game, at which version, and its legal move codes."""

    seat: str
    version: int
    codes: tuple[str, ...]


async def _turn(service: GameService, game: Stored, chooser: random.Random) -> Turn | None:
    """A random seat to act, worked out untimed and without touching the service's LRU
    (a cached state is read in place, else the log is replayed here); ``None`` if the
    game is not running."""
    row = await service.store.game(game.id)
    if row is None or row.status != "running":
        return None
    rules = registry.get(row.rules)
    state = service.pipeline.cache._states.get(game.id)
    if state is None or state.version != row.version:
        played = [(m.seat, m.code) for m in await service.store.moves(game.id)]
        state = rules.replay([s.user_id for s in row.seats], row.seed, row.options, played)
    seat = chooser.choice(sorted(rules.to_act(state)))
    return Turn(seat, row.version, tuple(m.code for m in rules.legal_moves(state, seat)))


def _prefixes(code: str, chooser: random.Random) -> list[str]:
    """What a player types, keystroke batch by keystroke batch, towards ``code``."""
    typed = ["", code[:1], code[: max(2, len(code) // 2)], code]
    typed.insert(chooser.randrange(1, len(typed) + 1), chooser.choice(TYPED_WORDS))
    return typed


async def time_move_autocomplete(
    harness: Harness, games: list[Stored], samples: int, chooser: random.Random
) -> tuple[Timings, int]:
    """``/campfire move`` autocomplete in threads; returns the timings and how many
    answers were empty for a typed word that matched nothing."""
    timings = Timings()
    service = harness.service
    running = [g for g in games if g.thread_id is not None]
    empty = 0
    while len(timings.all) < samples:
        game = chooser.choice(running)
        turn = await _turn(service, game, chooser)
        if turn is None:
            continue
        code = chooser.choice(turn.codes)
        for typed in _prefixes(code, chooser):
            cached = game.id in service.pipeline.cache
            started = time.perf_counter()
            choices = await harness.autocomplete(
                _user(int(turn.seat)), "move", "move", channel=game.thread_id or 0, move=typed
            )
            timings.add(_ms_since(started), cached=cached)
            harness.fake.calls.clear()
            if choices:
                continue
            if code.startswith(typed):  # the callback answers [] on any error: not timed right
                raise RuntimeError(f"game {game.id}: no move offered for {typed!r} ({code})")
            empty += 1
    return timings, empty


async def time_game_autocomplete(
    harness: Harness, games: list[Stored], samples: int, chooser: random.Random
) -> tuple[Timings, float]:
    """``/campfire board game:`` autocomplete in a channel, twice in a row per user
    (the second keystroke finds the states cached); returns the mean number offered."""
    timings = Timings()
    service = harness.service
    offered = []
    while len(timings.all) < samples:
        game = chooser.choice(games)
        user = chooser.choice(game.users)
        for typed in ("", "origin"):
            rows = await service.store.games_of_user(str(user), active_only=True)
            rows += await service.store.games_in_channel(str(game.channel_id), active_only=True)
            cached = all(r.id in service.pipeline.cache for r in rows if r.status == "running")
            started = time.perf_counter()
            choices = await harness.autocomplete(
                _user(user), "board", "game", channel=game.channel_id, game=typed
            )
            timings.add(_ms_since(started), cached=cached)
            harness.fake.calls.clear()
            if not typed and rows and not choices:
                raise RuntimeError(f"user {user}: none of their {len(rows)} games offered")
            offered.append(len(choices))
    return timings, sum(offered) / len(offered)


async def time_whole_moves(
    harness: Harness, games: list[Stored], samples: int, chooser: random.Random
) -> Timings:
    """Whole ``/campfire move`` commands typed in threads, two in a row per game."""
    timings = Timings()
    service = harness.service
    running = [g for g in games if g.thread_id is not None]
    while len(timings.all) < samples:
        game = chooser.choice(running)
        for _ in range(2):
            turn = await _turn(service, game, chooser)
            if turn is None:
                break
            code = chooser.choice(turn.codes)
            cached = game.id in service.pipeline.cache
            started = time.perf_counter()
            calls = await harness.command(
                _user(int(turn.seat)), "move", channel=game.thread_id or 0, move=code
            )
            elapsed = _ms_since(started)
            row = await service.store.game(game.id)
            if row is None or row.version != turn.version + 1:
                raise RuntimeError(f"game {game.id}: move {code} was not played: {calls}")
            timings.add(elapsed, cached=cached)
            harness.fake.calls.clear()
    return timings


# --------------------------------------------------------------------------- the run


async def run(
    games: int, users: int, channels: int, samples: int, folder: Path
) -> list[tuple[str, Timings, float | None]]:
    chooser = random.Random("campfire-discord-bench")
    async with Store(folder / "discord.sqlite3") as store:
        service = GameService(store, drawer=draw_tiny)
        harness = Harness(service)
        for n in range(channels):
            channel_id = FIRST_CHANNEL_ID + n
            harness.fake.channels[channel_id] = harness.fake.text_channel(channel_id, f"t{n}")
        original = AsyncWebhookAdapter.request

        async def webhook(
            self: AsyncWebhookAdapter, route: Any, session: Any = None, **kw: Any
        ) -> Any:
            return await harness.fake.webhook(route, session, **kw)

        AsyncWebhookAdapter.request = webhook  # type: ignore[method-assign]
        try:
            await harness.setup()
            started = time.perf_counter()
            stored, moves = await fill_store(store, harness, games, users, channels, chooser)
            total = await store.count_games()
            print(
                f"store: {total} games ({sum(g.thread_id is not None for g in stored)} started), "
                f"{moves} moves, {users} users, {channels} channels; "
                f"built in {time.perf_counter() - started:.1f} s",
                flush=True,
            )
            move_ac, empty = await time_move_autocomplete(harness, stored, samples, chooser)
            game_ac, offered = await time_game_autocomplete(
                harness, stored, max(40, samples // 5), chooser
            )
            whole = await time_whole_moves(harness, stored, max(40, samples // 4), chooser)
            print(
                f"move autocomplete: {empty} of {len(move_ac.all)} answers empty (typed words "
                f"that match no legal move); game autocomplete: {offered:.1f} games offered "
                f"on average",
                flush=True,
            )
        finally:
            await harness.close()
            AsyncWebhookAdapter.request = original  # type: ignore[method-assign]
    return [
        ("move autocomplete", move_ac, TARGET_AUTOCOMPLETE_P99_MS),
        ("game autocomplete", game_ac, TARGET_AUTOCOMPLETE_P99_MS),
        ("whole /move, no image", whole, None),
    ]


def table(rows: list[tuple[str, Timings, float | None]]) -> str:
    """A compact table: p50 / p95 / p99 per kind of call and cache state, and the p99
    as a share of the call's p99 target when it has one."""
    head = f"{'call':22} {'cache':5} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}"
    lines = [f"{head} {'p99/target':>10}"]
    for name, timings, target in rows:
        for cache, samples in (
            ("cold", timings.cold),
            ("warm", timings.warm),
            ("all", timings.all),
        ):
            if not samples:
                continue
            p99 = percentile(samples, 0.99)
            share = f"{p99 / target:10.2f}" if target else f"{'-':>10}"
            lines.append(
                f"{name:22} {cache:5} {len(samples):5} {percentile(samples, 0.5):8.2f} "
                f"{percentile(samples, 0.95):8.2f} {p99:8.2f} {share}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_discord")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--users", type=int, default=300)
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--samples", type=int, default=1500, help="move autocomplete calls")
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    logging.getLogger("discord").setLevel(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as scratch:
        rows = asyncio.run(run(args.games, args.users, args.channels, args.samples, Path(scratch)))
    print(table(rows))
    for name, timings, target in rows:
        if target is None:
            continue
        p99 = percentile(timings.all, 0.99)
        verdict = "OK" if p99 <= target else "SLOW"
        print(
            f"{name}: p99 {p99:.2f} ms = {p99 / target:.2f} of the {target:.0f} ms target "
            f"[{verdict}]; p50 {percentile(timings.all, 0.5):.2f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
