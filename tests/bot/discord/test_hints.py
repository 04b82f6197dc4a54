"""Hints through Discord: ``/campfire hint`` and the Hint button answer privately with
greedy's move and why; ``/campfire settings hints:False`` hides the button and refuses
them; a French table names its AI seats in French, and the result says who took hints."""

from __future__ import annotations

import json

from campfire_testing.harness import CHANNEL_ID, Harness
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_bad_input import acting, only_reply
from tests.bot.discord.test_days import ADMIN, settings_command
from tests.bot.discord.test_game_flow import start_game


async def test_the_hint_command_and_button_answer_only_the_player_to_act(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, other = await acting(bot)
    legal = {m.code for m in await bot.service.legal_moves(1, str(me.key))}
    reply = only_reply(await bot.command(me, "hint", channel=thread))
    assert reply.ephemeral and reply.content.startswith("💡 Hint: **")
    assert any(f"(`{code}`)" in reply.content for code in legal)
    assert "\nWhy: " in reply.content and "1 hint in this game" in reply.content
    assert "cf:move:1:" in json.dumps(reply.json)  # the menu to play it at once
    turn = bot.find(thread, "cf:hint:")
    again = only_reply(await bot.press(me, turn, "cf:hint:1"))
    assert again.content.split("\n")[:2] == reply.content.split("\n")[:2]  # the same hint
    assert "1 hint in this game" in again.content  # one decision, counted once
    refused = only_reply(await bot.press(other, turn, "cf:hint:1"))
    assert "not your turn" in refused.content
    stranger = only_reply(await bot.press(CAROL, turn, "cf:hint:1"))
    assert "Indice" not in stranger.content and "partie" in stranger.content  # French
    assert await bot.service.hints.counts(1) == {str(me.key): 1}


async def test_a_server_can_turn_hints_off(bot: Harness) -> None:
    calls = await settings_command(bot, ADMIN, hints=False)
    assert "Hints" in calls[-1].text() and "turned off" in calls[-1].text()
    thread = await start_game(bot, BOB)
    turn = bot.find(thread, "cf:play:")
    assert "cf:hint:" not in json.dumps(turn["components"])
    me, _ = await acting(bot)
    reply = only_reply(await bot.command(me, "hint", channel=thread))
    assert "Hints are turned off on this server." in reply.content
    await settings_command(bot, ADMIN, hints=True)
    assert "💡" in only_reply(await bot.command(me, "hint", channel=thread)).content


async def test_a_french_table_names_its_ai_seat_in_french_and_counts_hints(
    bot: Harness,
) -> None:
    await settings_command(bot, ADMIN, language="fr")
    await bot.command(ALICE, "new", rules="nim", options="stones=6", ai=1, ai_level="greedy")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    for _ in range(10):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        thread = int(game.thread_id or 0)
        turn = bot.find(thread, "cf:play:")
        hint = only_reply(await bot.press(ALICE, turn, "cf:hint:1"))
        menu = bot.message(max(bot.fake.messages))
        code = hint.content.split("(`")[1].split("`)")[0]
        select = menu["components"][0]["components"][0]
        await bot.press(ALICE, menu, select["custom_id"], values=[code])
    game = await bot.service.game(1)
    assert game.status == "over"
    thread = int(game.thread_id or 0)
    posted = [c for c in bot.fake.calls if c.channel_id == thread]
    assert any("IA 1 (glouton)" in c.text() for c in posted)
    assert not any("AI 1 (greedy)" in c.text() for c in posted)
    result = next(c for c in posted if "cf:rematch:" in json.dumps(c.json or {}))
    assert "IA 1 (glouton)" in result.content  # the ping line
    taken = (await bot.service.hints.counts(1))[str(ALICE.key)]
    assert f"Indices pris : Alice {taken}." in result.text()
