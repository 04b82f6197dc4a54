"""The Rematch button under a result: the first press posts a new lobby in the game's
channel inviting the other players; their press seats them; others are refused."""

from __future__ import annotations

from campfire_testing.harness import CHANNEL_ID, Harness
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_game_flow import play_turn, start_game


async def test_rematch_button_opens_then_joins_the_new_lobby(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    while (await bot.service.game(1)).status == "running":
        await play_turn(bot, thread)
    result = bot.find(thread, "cf:rematch:")
    assert result == bot.posted_in(thread)[-1]

    calls = await bot.press(BOB, result, "cf:rematch:1")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:join:2")
    assert lobby["content"].startswith("Rematch! <@101>")
    invite = next(c for c in calls if c.json and c.json.get("content", "").startswith("Rematch!"))
    assert invite.json["allowed_mentions"]["users"] == [101]
    answer = next(c for c in calls if c.ephemeral and "Rematch #2" in c.content)
    assert f"/{CHANNEL_ID}/{lobby['id']}" in answer.content
    assert (await bot.service.messages(2))["lobby"] == lobby["id"]

    calls = await bot.press(ALICE, result, "cf:rematch:1")
    reply = next(c for c in calls if c.ephemeral)
    assert "You have a seat in the rematch #2" in reply.content
    assert not [c for c in calls if c.method == "POST" and "/messages" in c.path]
    assert [s.user_id for s in (await bot.service.game(2)).seats] == [BOB.key, ALICE.key]
    assert "<@101>" in bot.message(lobby["id"])["embeds"][0]["fields"][0]["value"]

    reply = only_reply(await bot.press(CAROL, result, "cf:rematch:1"))
    assert "Vous ne jouez pas dans cette partie" in reply.content  # Carol did not play
    assert not (await bot.service.game(2)).has_seat(CAROL.key)
