"""Buttons survive a restart: a new client and service on the same database file."""

from __future__ import annotations

import contextlib
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.discord import publish
from bot.discord.client import CATCH_UP_PASSES
from bot.service.jobs import LEASE
from bot.store import AI_TURNS, epoch
from campfire_testing.clock import FakeClock
from campfire_testing.harness import CHANNEL_ID, Harness
from campfire_testing.payloads import walk_components
from tests.bot.discord.conftest import ALICE, BOB, CAROL, make_harness


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


async def _started(harness: Harness, rules: str, options: str, *players: Any) -> int:
    """A game of ``rules`` opened by Alice, joined by ``players``, started; its id."""
    await harness.command(ALICE, "new", rules=rules, options=options)
    lobby = harness.find(CHANNEL_ID, "cf:lobby:")
    game_id = int(str(lobby["components"][0]["components"][0]["custom_id"]).split(":")[-1])
    for player in players:
        await harness.press(player, harness.message(lobby["id"]), f"cf:lobby:join:{game_id}")
    await harness.press(ALICE, harness.message(lobby["id"]), f"cf:lobby:start:{game_id}")
    return game_id


def _pinged(call: Any) -> list[int]:
    return list(((call.json or {}).get("allowed_mentions") or {}).get("users") or [])


async def test_catch_up_names_every_missed_move_and_pings_whom_the_flow_would(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    game_id = await _started(first, "nim", "stones=20", BOB, CAROL)
    game = await first.service.game(game_id)
    thread = int(game.thread_id or 0)
    for _ in range(2):  # two moves stored, then the process dies before posting either
        game = (await first.service.play(game_id, game.to_act[0], "take1")).game
    names = {p.user_id: p.name for p in game.seats}
    movers = [m.seat for m in await first.service.history(game_id)]

    second = await restart(first, db_path, monkeypatch)
    before = len(second.fake.calls)
    await second.client.on_ready()
    posted = [c for c in second.fake.calls[before:] if c.channel_id == thread]
    board = next(c for c in posted if c.embeds)
    lines = [line for line in board.text().splitlines() if line.startswith("**")]
    assert [line.split("**")[1] for line in lines] == [names[s] for s in movers]
    turn = next(c for c in posted if f"cf:play:{game_id}:2" in c.custom_ids())
    assert _pinged(turn) == [int(game.to_act[0])]  # the player who became to act


async def test_catch_up_after_a_simultaneous_choice_pings_nobody_new(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    game_id = await _started(first, "origin", "", BOB, CAROL)
    game = await first.service.game(game_id)
    assert len(game.to_act) == 3  # everyone keeps an objective, all at once
    thread = int(game.thread_id or 0)
    chooser = game.to_act[1]
    keep = (await first.service.legal_moves(game_id, chooser))[0].code
    await first.service.play(game_id, chooser, keep)  # stored, never posted

    second = await restart(first, db_path, monkeypatch)
    before = len(second.fake.calls)
    await second.client.on_ready()
    posted = [c for c in second.fake.calls[before:] if c.channel_id == thread]
    board = next(c for c in posted if c.embeds)
    assert "keeps one of the objectives dealt" in board.text()  # named, not revealed
    assert keep not in board.text()
    turn = next(c for c in posted if f"cf:play:{game_id}:1" in c.custom_ids())
    # the normal flow pings nobody when a seat finishes a choice others are still making
    assert _pinged(turn) == []


async def test_one_game_failing_its_catch_up_does_not_hold_the_others(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    ids = [await _started(first, "nim", "stones=9", BOB) for _ in range(2)]
    for game_id in ids:
        game = await first.service.game(game_id)
        await first.service.play(game_id, game.to_act[0], "take1")  # never posted

    second = await restart(first, db_path, monkeypatch)
    real = second.service.messages

    async def broken(game_id: int) -> dict[str, str]:
        if game_id == ids[0]:
            raise RuntimeError("this game cannot be read")
        return await real(game_id)

    monkeypatch.setattr(second.service, "messages", broken)
    assert await publish.catch_up(second.client) == [ids[1]]
    thread = int((await second.service.game(ids[1])).thread_id or 0)
    assert second.find(thread, f"cf:play:{ids[1]}:1")


async def _ai_left_to_act(harness: Harness, count: int) -> list[int]:
    """``count`` games of Alice against an AI seat where Alice's move is stored and the
    AI's answer is not (the process stopped in between)."""
    ids = []
    for _ in range(count):
        await harness.command(ALICE, "new", rules="nim", options="stones=9", ai=1)
        lobby = harness.find(CHANNEL_ID, "cf:lobby:")
        game_id = int(str(lobby["components"][0]["components"][0]["custom_id"]).split(":")[-1])
        await harness.press(ALICE, harness.message(lobby["id"]), f"cf:lobby:start:{game_id}")
        game = await harness.service.game(game_id)
        assert game.to_act == (ALICE.key,)
        await harness.service.play(game_id, ALICE.key, "take1")  # the AI answers later
        ids.append(game_id)
    return ids


async def test_a_process_restarted_at_once_resumes_every_game_its_predecessor_held(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process claims the AI turns of six games at its start, plays two, and is
    killed; started again at once (same host, same shards), it plays the other four and
    posts them, without waiting for the claims' lease."""
    first, _ = await make_harness(db_path, monkeypatch)
    games = await _ai_left_to_act(first, 6)
    claimed = await first.service.jobs.claim(AI_TURNS, first.client.worker)
    assert [g.id for g in claimed] == games
    for game in claimed[:2]:
        await publish.play_ai_turns(first.client, game, "en")
    # killed here: no release, no catch-up

    second = await restart(first, db_path, monkeypatch)
    assert second.client.worker != first.client.worker  # a new instance...
    assert second.client.worker.split("#")[0] == first.client.worker.split("#")[0]
    await second.client.on_ready()
    for game_id in games:
        game = await second.service.game(game_id)
        assert game.to_act == (ALICE.key,)
        assert second.find(int(game.thread_id or 0), f"cf:play:{game_id}:{game.version}")


async def test_a_claim_that_ran_out_is_taken_up_by_the_running_process_sweep(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process claimed the AI turns of three games and died; the running one
    takes them up in its periodic loop once their lease has run out."""
    bot, _ = await make_harness(db_path, monkeypatch)
    await bot.client.on_ready()  # this process started before the games were left
    games = await _ai_left_to_act(bot, 3)
    now = epoch(bot.service.now())
    taken = await bot.service.store.claim_games(AI_TURNS, "elsewhere#1", now, now + LEASE)
    assert [g.id for g in taken] == games
    assert await bot.client.sweep() == []  # the lease holds
    clock = bot.service.pipeline.clock
    assert isinstance(clock, FakeClock)
    clock.now += timedelta(seconds=LEASE + 5)
    assert await bot.client.sweep() == games
    for game_id in games:
        game = await bot.service.game(game_id)
        assert game.to_act == (ALICE.key,)
        assert bot.find(int(game.thread_id or 0), f"cf:play:{game_id}:{game.version}")


async def test_a_post_discord_refused_is_caught_up_by_the_running_process(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses the posts of a move while the process runs (an outage): the
    move stands, and the reminder loop's periodic catch-up posts it once Discord is
    back, without waiting for another move or a restart."""
    bot, _ = await make_harness(db_path, monkeypatch)
    await bot.client.on_ready()
    game_id = await _started(bot, "nim", "stones=9", BOB)
    game = await bot.service.game(game_id)
    thread = int(game.thread_id or 0)
    bot.fake.refuse_posts = True
    result = await bot.service.play(game_id, game.to_act[0], "take1")
    with contextlib.suppress(Exception):
        await publish.publish_result(bot.client, result, "en")
    bot.fake.refuse_posts = False
    turn = f"cf:play:{game_id}:{result.game.version}"

    def shown() -> int:
        return sum(
            1
            for m in bot.fake.messages.values()
            if int(m["channel_id"]) == thread
            and any(
                str(c.get("custom_id", "")) == turn
                for c in walk_components(m.get("components") or [])
            )
        )

    assert shown() == 0
    for _ in range(CATCH_UP_PASSES - 1):
        await bot.client.reminder_pass()
    assert shown() == 0  # not yet: every tenth pass
    await bot.client.reminder_pass()
    assert shown() == 1
    for _ in range(CATCH_UP_PASSES):
        await bot.client.reminder_pass()
    assert shown() == 1
