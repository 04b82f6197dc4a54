"""A whole Origin Junior game through Discord: real rules, real board pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from campfire_testing.harness import CHANNEL_ID, Harness, walk_components
from tests.bot.discord.conftest import ALICE, BOB, CAROL, make_harness
from tests.bot.discord.test_game_flow import PNG

USERS = {u.key: u for u in (ALICE, BOB, CAROL)}


def bot_ids(message: dict) -> list[str]:
    return [c["custom_id"] for c in walk_components(message["components"]) if "custom_id" in c]


async def real_pictures(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A harness whose service draws with ``render.registry`` (no stand-in)."""
    bot, _ = await make_harness(db_path, monkeypatch, seed_prefix="oj", drawer=None)
    return bot


async def test_origin_junior_from_lobby_to_final_scores(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await real_pictures(db_path, monkeypatch)
    await bot.command(ALICE, "new", rules="origin-junior")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    assert "Origin" in lobby["embeds"][0]["title"]
    for user in (BOB, CAROL):
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    thread = int((await bot.service.game(1)).thread_id or 0)
    pictures = next_steps = repeats = 0
    for turn in range(400):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = USERS[game.to_act[0]]
        if turn % 7 == 0:  # now and then through the Play button and the menu
            message = bot.find(thread, "cf:play:")
            play_id = next(i for i in bot_ids(message) if i.startswith("cf:play:"))
            reply = (await bot.press(user, message, play_id))[-1]
            menu = bot.message(max(bot.fake.messages))
            if reply.custom_ids()[0].startswith("cf:group:"):
                await bot.press(user, menu, reply.custom_ids()[0], values=["0"])
                menu = bot.message(menu["id"])
            select = menu["components"][0]["components"][0]
            value = select["options"][0]["value"]
            calls = await bot.press(user, menu, select["custom_id"], values=[value])
            after = await bot.service.game(1)
            if user.key in after.to_act:  # several decisions in one turn: next menu at once
                edit = next(c for c in calls if "@original" in c.url)
                assert edit.custom_ids()[0].endswith(f":1:{after.version}")
                next_steps += 1
        else:
            choices = await bot.autocomplete(user, "move", "move", channel=thread, move="")
            assert 1 <= len(choices) <= 25
            calls = await bot.command(user, "move", channel=thread, move=choices[0]["value"])
        after = await bot.service.game(1)
        assert after.version == game.version + 1, [c.json for c in calls]
        if after.status == "running":  # a fresh Play button after every move...
            turn_msg = next(c for c in calls if f"cf:play:1:{after.version}" in c.custom_ids())
            pinged = turn_msg.json["allowed_mentions"].get("users", [])  # type: ignore[index]
            # ...but a ping only when someone else is to act
            expected = [] if after.to_act == game.to_act else [int(u) for u in after.to_act]
            assert pinged == expected
            repeats += not expected
        pictures += sum(
            1
            for c in calls
            if c.files and c.files[0][1].startswith(PNG) and "replay" not in c.files[0][0]
        )
    game = await bot.service.game(1)
    assert game.status == "over"
    assert pictures == game.version > 30
    assert next_steps > 0 and repeats > 0
    result = bot.posted_in(thread)[-1]
    embed = result["embeds"][0]
    assert "is over" in embed["title"]
    assert len(embed["fields"]) == 3
    assert "origin." not in str(embed["fields"])  # categories are translated, not keys
    reply = (await bot.command(CAROL, "scores", channel=thread))[-1]
    assert reply.ephemeral and reply.embeds[0]["title"].startswith("Scores finaux")
