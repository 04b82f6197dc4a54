"""A whole 3-player Orbis game through Discord, lobby to final scores: real rules and
real board pictures, moves from the Play menu and typed with autocomplete, the private
reminder, help and scores in English (Alice, Bob) and French (Carol), and every payload
within Discord's limits."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from campfire_testing.harness import CHANNEL_ID, Call, Harness
from rules.i18n import translate
from tests.bot.discord.conftest import ALICE, BOB, CAROL, make_harness
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_discord_limits import limit_problems, menu_move
from tests.bot.discord.test_game_flow import PNG

USERS = {u.key: u for u in (ALICE, BOB, CAROL)}
PICTURE_BUDGET = 200_000


async def orbis_harness(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A harness whose service draws real Orbis pictures (``render.registry``)."""
    bot, _ = await make_harness(db_path, monkeypatch, seed_prefix="orbis", drawer=None)
    return bot


async def start_orbis(bot: Harness) -> int:
    """Alice opens an Orbis lobby, Bob and Carol join with the button, she starts."""
    await bot.command(ALICE, "new", rules="orbis")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    assert "Orbis" in lobby["embeds"][0]["title"]
    for user in (BOB, CAROL):
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.status == "running" and game.thread_id is not None
    return int(game.thread_id)


def pictures_in(calls: list[Call]) -> list[bytes]:
    return [
        c.files[0][1]
        for c in calls
        if c.files and c.files[0][1].startswith(PNG) and "replay" not in c.files[0][0]
    ]


async def test_orbis_from_lobby_to_final_scores(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await orbis_harness(db_path, monkeypatch)
    thread = await start_orbis(bot)
    first = await bot.service.public_view(1)
    assert len(first["display"]) == 9 and len(first["gods"]) == 4
    assert first["temple_tokens"] == [9, 4, 2]

    chooser = random.Random(23)
    problems: list[tuple[str, str]] = []
    pictures: list[bytes] = []
    from_menu = typed = 0
    for turn in range(2000):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = USERS[game.to_act[0]]
        calls: list[Call] = []
        if turn % 25 == 0:  # the private reminder and the scores, in each one's language
            private = await bot.command(user, "hand", channel=thread)
            private += await bot.command(CAROL, "scores", channel=thread)
            problems += [(call.path, p) for call in private for p in limit_problems(call)]
            # laid out for a phone (the default layout): a portrait picture 800 px wide
            for png in pictures_in(private):
                with Image.open(io.BytesIO(png)) as phone:
                    assert phone.width == 800 and phone.height > phone.width
        if turn % 3 == 0:
            calls += await menu_move(bot, user, chooser)
            from_menu += 1
        else:
            offered = await bot.autocomplete(user, "move", "move", channel=thread, move="")
            fake = Call("POST", "autocomplete", "", None, {"choices": offered})  # type: ignore[arg-type]
            problems += [("autocomplete", p) for p in limit_problems(fake)]
            legal = {m.code for m in await bot.service.legal_moves(1, user.key)}
            assert offered and {c["value"] for c in offered} <= legal
            forward = [c for c in offered if c["value"] not in ("back", "wild")] or offered
            pick = chooser.choice(forward)["value"]
            calls += await bot.command(user, "move", channel=thread, move=pick)
            typed += 1
        after = await bot.service.game(1)
        assert after.version == game.version + 1, [c.json for c in calls]
        if after.status == "running":
            turn_message = next(c for c in calls if f"cf:play:1:{after.version}" in c.custom_ids())
            pinged = turn_message.json["allowed_mentions"].get("users", [])  # type: ignore[index]
            expected = [] if after.to_act == game.to_act else [int(u) for u in after.to_act]
            assert pinged == expected
        problems += [(call.path, p) for call in calls for p in limit_problems(call)]
        pictures += pictures_in(calls)
    game = await bot.service.game(1)
    assert game.status == "over"
    # 15 turns each, each a few decisions
    assert game.version > 3 * 15 and from_menu > 10 and typed > 20
    assert problems == []

    # -- a real picture after every move, each within the budget
    assert len(pictures) == game.version
    assert all(len(png) < PICTURE_BUDGET for png in pictures)
    with Image.open(io.BytesIO(pictures[-1])) as last:
        assert last.width == 1280 and last.mode == "P"

    # -- the result: three players ranked, the categories translated
    view = await bot.service.public_view(1)
    assert all(p["pyramid_size"] == 14 and p["god"] for p in view["players"].values())
    result = bot.posted_in(thread)[-1]
    embed = result["embeds"][0]
    assert "is over" in embed["title"] and len(embed["fields"]) == 3
    assert "orbis." not in str(embed["fields"])
    problems = [
        (c.path, p)
        for c in await bot.command(CAROL, "scores", channel=thread)
        for p in limit_problems(c)
    ]
    reply = only_reply(await bot.command(CAROL, "scores", channel=thread))
    assert reply.embeds[0]["title"].startswith("Scores finaux") and problems == []
    reply = only_reply(await bot.command(ALICE, "scores", channel=thread))
    assert reply.embeds[0]["title"].startswith("Final scores")
    board = only_reply(await bot.command(BOB, "board", channel=thread))
    assert board.files and board.files[0][1].startswith(PNG)


async def test_help_for_orbis_in_english_and_french(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await orbis_harness(db_path, monkeypatch)
    thread = await start_orbis(bot)
    english = only_reply(await bot.command(ALICE, "help", channel=thread)).text()
    french = only_reply(await bot.command(CAROL, "help", channel=thread)).text()
    assert translate("orbis.summary", "en") in english
    assert translate("orbis.summary", "fr") in french
    assert english != french
    for reply in (english, french):
        assert "orbis." not in reply
