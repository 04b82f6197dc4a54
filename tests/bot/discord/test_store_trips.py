"""How many times one Discord move goes to the store: a counting wrapper around the
store's methods, a Nim game in its thread, one typed ``/campfire move`` and one move
picked in the menu. The move's own transaction is one call; what else is read or
written is what the announcement needs (the game's thread, the messages remembered,
the opt-ins for direct messages), not what the service already knew."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.store import Store
from campfire_testing.harness import CHANNEL_ID, Harness
from tests.bot.discord.conftest import ALICE, BOB, make_harness

READS = {
    "game",
    "moves",
    "log_revision",
    "messages",
    "guild_language",
    "guild_settings",
    "user_settings",
    "away_until",
    "game_for_thread",
    "games_of_user",
    "games_in_channel",
}
"""The store's reads a move may make (anything else counted is a write)."""

TYPED_READS = 7
"""The game of the thread; the game's row (the move's check and load); the server's
nudge interval and who is away (the new clocks); the opt-ins for a direct message;
the server's language; the messages remembered (which turn message is live, to edit
it or post the next). Before the unit of work returned what the announcement needs:
13 reads. (A game with a turn card reads the server's ``pictures`` setting too.)"""
MENU_READS = 7
"""The game the custom id names (checked before anything); then as a typed move but
for the thread. Before: 13 reads."""
WRITES = 3
"""The move's own transaction, the claim of posting its revision (one conditional write
before posting, so that processes with overlapping shards post it once), and the
messages posted (the turn message, the revision seen) in one. Before: 4 writes (the
move and three messages one by one); 2 before the claim."""


@contextmanager
def counting(store: Store) -> Iterator[Counter[str]]:
    """Count every call of a public coroutine method of ``store`` while inside."""
    counts: Counter[str] = Counter()
    originals: dict[str, Callable[..., Awaitable[Any]]] = {}
    for name, method in inspect.getmembers(store, inspect.iscoroutinefunction):
        if name.startswith("_") or name == "close":
            continue

        def counted(*args: Any, _name: str = name, _method: Any = method, **kw: Any) -> Any:
            counts[_name] += 1
            return _method(*args, **kw)

        originals[name] = method
        setattr(store, name, counted)
    try:
        yield counts
    finally:
        for name in originals:
            delattr(store, name)


async def nim_in_thread(bot: Harness) -> int:
    """Alice and Bob play Nim (20 stones) in a thread; returns the thread id."""
    await bot.command(ALICE, "new", rules="nim", options="stones=20")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    await bot.press(BOB, lobby, "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.thread_id is not None
    return int(game.thread_id)


def report(counts: Counter[str]) -> str:
    reads = sum(n for k, n in counts.items() if k in READS)
    return f"{reads} reads, {sum(counts.values()) - reads} writes: {dict(sorted(counts.items()))}"


@pytest.fixture
async def table(db_path: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Harness, Store, int]:
    bot, store = await make_harness(db_path, monkeypatch)
    thread = await nim_in_thread(bot)
    return bot, store, thread


async def test_a_typed_move_costs_the_store_what_it_needs(
    table: tuple[Harness, Store, int],
) -> None:
    bot, store, thread = table
    mover = ALICE if ALICE.key in (await bot.service.game(1)).to_act else BOB
    with counting(store) as counts:
        calls = await bot.command(mover, "move", move="take1", channel=thread)
    assert any("You played" in c.content for c in calls)
    assert (await bot.service.game(1)).version == 1
    assert counts["append_move"] == 1, report(counts)
    reads = sum(n for k, n in counts.items() if k in READS)
    writes = sum(counts.values()) - reads
    print("typed move:", report(counts))
    assert reads <= TYPED_READS, report(counts)
    assert writes <= WRITES, report(counts)


async def test_a_move_picked_in_the_menu_costs_the_store_what_it_needs(
    table: tuple[Harness, Store, int],
) -> None:
    bot, store, thread = table
    game = await bot.service.game(1)
    mover = ALICE if ALICE.key in game.to_act else BOB
    await bot.press(mover, bot.find(thread, "cf:play:"), f"cf:play:1:{game.version}")
    menu = bot.message(max(bot.fake.messages))
    select = menu["components"][0]["components"][0]
    with counting(store) as counts:
        await bot.press(mover, menu, select["custom_id"], values=[select["options"][0]["value"]])
    assert (await bot.service.game(1)).version == 1
    assert counts["append_move"] == 1, report(counts)
    reads = sum(n for k, n in counts.items() if k in READS)
    writes = sum(counts.values()) - reads
    print("menu move:", report(counts))
    assert reads <= MENU_READS, report(counts)
    assert writes <= WRITES, report(counts)
