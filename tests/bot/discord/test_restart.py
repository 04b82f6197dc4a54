"""Buttons survive a restart: a new client and service on the same database file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.discord.conftest import ALICE, BOB, make_harness
from tests.bot.discord.harness import CHANNEL_ID, Harness


async def restart(old: Harness, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """Close ``old`` (client and store) and start a fresh one that remembers nothing but
    the database; the Discord side (messages, threads) carries over."""
    await old.close()
    await old.service.store.close()
    new, _ = await make_harness(db_path, monkeypatch)
    new.fake.messages = old.fake.messages
    new.fake.channels = old.fake.channels
    new.fake._ids = old.fake._ids
    return new


async def test_lobby_and_play_buttons_work_after_restarts(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    await first.command(ALICE, "new", rules="nim", options="stones=5")
    lobby = first.find(CHANNEL_ID, "cf:lobby:")

    second = await restart(first, db_path, monkeypatch)
    calls = await second.press(BOB, lobby, "cf:lobby:join:1")
    assert [c.callback_type for c in calls] == [7]
    assert (await second.service.game(1)).has_seat(BOB.key)
    await second.press(ALICE, second.message(lobby["id"]), "cf:lobby:start:1")
    game = await second.service.game(1)
    thread = int(game.thread_id or 0)
    turn = second.find(thread, "cf:play:")

    third = await restart(second, db_path, monkeypatch)
    player = ALICE if game.to_act[0] == ALICE.key else BOB
    calls = await third.press(player, turn, "cf:play:1:0")
    assert len(calls) == 1 and calls[0].ephemeral
    assert calls[0].custom_ids() == ["cf:move:1:0"]
    menu = third.message(max(third.fake.messages))

    fourth = await restart(third, db_path, monkeypatch)  # a menu opened before a restart
    await fourth.press(player, menu, "cf:move:1:0", values=["take1"])
    assert (await fourth.service.game(1)).version == 1
    assert fourth.find(thread, "cf:play:1:1")  # the next turn was posted in the thread
