"""AI seats through the Discord layer: ``/campfire new ai=2``, the lobby's Add AI button,
a whole game of one person against two AI seats, and a restart between AI turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.discord import embeds
from campfire_testing.harness import CHANNEL_ID, Harness
from tests.bot.discord.conftest import ALICE, BOB, make_harness
from tests.bot.discord.test_restart import restart

AI_SEATS = ["ai-1-greedy", "ai-2-greedy"]


def everything_sent(bot: Harness) -> str:
    return "\n".join(json.dumps(c.json or {}) for c in bot.fake.calls)


async def test_one_person_against_two_ai_seats_from_lobby_to_scores(bot: Harness) -> None:
    await bot.command(ALICE, "new", rules="nim", options="stones=7", ai=2, ai_level="greedy")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    seated = lobby["embeds"][0]["fields"][0]["value"]
    assert "AI 1 (greedy)" in seated and "AI 2 (greedy)" in seated and "<@ai" not in seated
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    for _ in range(10):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        assert game.to_act == (str(ALICE.key),)  # the AI seats played at once
        thread = int(game.thread_id or 0)
        turn = bot.find(thread, "cf:play:")
        await bot.press(ALICE, turn, f"cf:play:1:{game.version}")
        menu = bot.message(max(bot.fake.messages))
        select = menu["components"][0]["components"][0]
        await bot.press(ALICE, menu, select["custom_id"], values=[select["options"][0]["value"]])
    game = await bot.service.game(1)
    assert game.status == "over"
    movers = {m.seat for m in await bot.service.history(1)}
    assert set(AI_SEATS) <= movers
    thread = int(game.thread_id or 0)
    posted = [c for c in bot.fake.calls if c.channel_id == thread]
    boards = [c for c in posted if c.files]
    turns = sum(1 for m in await bot.service.history(1) if m.seat == ALICE.key)
    # a picture with every post: Alice's move in her turn message (edited in place),
    # the two AI turns that follow in one new message, the start and the end
    assert turns + 1 <= len(boards) <= 2 * turns + 2
    assert any("AI 1 (greedy)" in c.text() for c in posted)
    sent = everything_sent(bot)
    assert "<@ai-" not in sent
    for call in bot.fake.calls:  # an AI seat is never pinged, nor given a Play button
        users = ((call.json or {}).get("allowed_mentions") or {}).get("users") or []
        assert all(str(u).isdigit() for u in users)


async def test_add_ai_button_is_for_the_creator_only(bot: Harness) -> None:
    await bot.command(ALICE, "new", rules="nim", options="stones=5", ai_level="random")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    calls = await bot.press(BOB, lobby, "cf:lobby:ai:1")
    assert calls and all(c.ephemeral for c in calls)
    assert len((await bot.service.game(1)).seats) == 1  # nothing changed
    calls = await bot.press(ALICE, lobby, "cf:lobby:ai:1")
    assert [c.callback_type for c in calls] == [7]  # the lobby message is redrawn
    seats = (await bot.service.game(1)).seats
    assert [p.user_id for p in seats][1:] == ["ai-1-greedy"]
    assert "AI 1 (greedy)" in bot.message(lobby["id"])["embeds"][0]["fields"][0]["value"]


async def test_remove_ai_button_takes_back_the_last_ai_seat(bot: Harness) -> None:
    await bot.command(ALICE, "new", rules="nim", options="stones=5", ai=2)
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    assert "cf:lobby:unai:1" in json.dumps(lobby["components"])
    calls = await bot.press(BOB, lobby, "cf:lobby:unai:1")
    assert calls and all(c.ephemeral for c in calls)  # a stranger changes nothing
    assert len((await bot.service.game(1)).seats) == 3
    calls = await bot.press(ALICE, lobby, "cf:lobby:unai:1")
    assert [c.callback_type for c in calls] == [7]  # the lobby message is redrawn
    assert [p.user_id for p in (await bot.service.game(1)).seats][1:] == ["ai-1-greedy"]
    await bot.press(ALICE, lobby, "cf:lobby:unai:1")
    assert len((await bot.service.game(1)).seats) == 1
    redrawn = bot.message(lobby["id"])
    assert "AI 1" not in redrawn["embeds"][0]["fields"][0]["value"]
    assert "cf:lobby:unai:1" not in json.dumps(redrawn["components"])  # no AI left to remove
    calls = await bot.press(ALICE, lobby, "cf:lobby:unai:1")  # an old copy of the button
    assert calls and all(c.ephemeral for c in calls)
    assert "No AI player" in calls[0].content


async def test_ai_seats_are_named_in_the_table_language(bot: Harness) -> None:
    await bot.command(ALICE, "new", rules="nim", options="stones=5", ai=1)
    game = await bot.service.game(1)
    assert embeds.seat_name(game, "ai-1-greedy", "fr") == "IA 1 (glouton)"
    assert embeds.mention("ai-1-greedy", "en") == "AI 1 (greedy)"
    assert embeds.seat_name(game, str(ALICE.key), "fr") == "Alice"


async def test_too_many_ai_seats_are_refused(bot: Harness) -> None:
    calls = await bot.command(ALICE, "new", rules="nim", options="stones=5", ai=9)
    assert calls and calls[0].ephemeral
    assert "AI" in calls[0].content


async def test_ai_turns_left_undone_by_a_restart_are_played_at_the_next_start(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    await first.command(ALICE, "new", rules="nim", options="stones=9", ai=2)
    await first.press(ALICE, first.find(CHANNEL_ID, "cf:lobby:"), "cf:lobby:start:1")
    game = await first.service.game(1)
    assert game.to_act == (str(ALICE.key),)
    # Alice's move is stored, one AI seat plays, then the process dies before the other.
    result = await first.service.play(1, str(ALICE.key), "take1")
    assert any(s in AI_SEATS for s in result.game.to_act)
    one = await first.service.robots.move(1)
    assert one is not None and one.game.status == "running"
    assert any(s in AI_SEATS for s in one.game.to_act)  # the second AI seat is next
    stored = len(await first.service.history(1))

    second = await restart(first, db_path, monkeypatch)
    await second.client.on_ready()
    game = await second.service.game(1)
    assert game.status == "over" or game.to_act == (str(ALICE.key),)
    assert len(await second.service.history(1)) > stored
    thread = int(game.thread_id or 0)
    if game.status == "running":
        assert second.find(thread, f"cf:play:1:{game.version}")
