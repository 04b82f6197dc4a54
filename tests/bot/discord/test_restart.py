"""Buttons survive a restart: a new client and service on the same database file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord import publish
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


async def test_a_move_committed_but_never_posted_is_announced_after_a_restart(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process stops between storing a move and posting it: at the next start the
    thread gets the board and a turn message pinging the player to act, once."""
    first, _ = await make_harness(db_path, monkeypatch)
    await first.command(ALICE, "new", rules="nim", options="stones=5")
    lobby = first.find(CHANNEL_ID, "cf:lobby:")
    await first.press(BOB, lobby, "cf:lobby:join:1")
    await first.press(ALICE, first.message(lobby["id"]), "cf:lobby:start:1")
    game = await first.service.game(1)
    thread = int(game.thread_id or 0)
    assert await publish.catch_up(first.client) == []  # everything was posted
    # the move is stored, then the process dies before posting anything
    result = await first.service.play(1, game.to_act[0], "take1")
    waiting = result.game.to_act[0]

    second = await restart(first, db_path, monkeypatch)
    assert second.find(thread, "cf:play:1:0")  # what the players see: the old turn
    before = len(second.fake.calls)
    await second.client.on_ready()
    posted = [c for c in second.fake.calls[before:] if c.channel_id == thread]
    turn = next(c for c in posted if "cf:play:1:1" in c.custom_ids())
    assert (turn.json or {})["allowed_mentions"]["users"] == [int(waiting)]
    assert any(c.files for c in posted)  # the board picture
    assert await publish.catch_up(second.client) == []  # once only
    await second.client.on_ready()  # a reconnection does not post again
    assert len([c for c in second.fake.calls if "cf:play:1:1" in c.custom_ids()]) == 1
