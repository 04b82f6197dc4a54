"""A whole 3-player Sapiens game through Discord, lobby to final scores: moves from the
Play menu (kinds of moves, pages) and typed with autocomplete, in English (Alice, Bob,
the table) and French (Carol), every payload inside Discord's limits, real pictures."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from campfire_testing.harness import CHANNEL_ID, Call, Harness
from render import registry as pictures
from rules.i18n import translate, with_names
from tests.bot.discord.conftest import ALICE, BOB, CAROL, draw_nim, make_harness
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_discord_limits import limit_problems, menu_move
from tests.bot.discord.test_game_flow import PNG

USERS = {u.key: u for u in (ALICE, BOB, CAROL)}
REAL_EVERY = 40  # a real picture every so many turns (and the first and the last)


def draw_some(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
    """The real Sapiens picture at the start, now and then, and at the end; a small
    stand-in between (a real picture per move would only make this test slow)."""
    turn = int(view.get("turn") or 0)
    if turn % REAL_EVERY == 0 or view.get("over"):
        return pictures.draw(rules, view, lang=lang, names=names)
    return draw_nim(rules, view, lang=lang, names=names)


async def start_sapiens(bot: Harness) -> int:
    """Alice opens a Sapiens lobby, Bob and Carol join with the button, she starts."""
    await bot.command(ALICE, "new", rules="sapiens")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    assert "Sapiens" in lobby["embeds"][0]["title"]
    for user in (BOB, CAROL):
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.status == "running" and game.thread_id is not None
    return int(game.thread_id)


async def typed_move(bot: Harness, user: Any, thread: int, chooser: random.Random) -> list[Call]:
    """``user`` types a move offered by autocomplete (never ``back``)."""
    choices = await bot.autocomplete(user, "move", "move", channel=thread, move="")
    assert 1 <= len(choices) <= 25
    legal = {m.code: m for m in await bot.service.legal_moves(1, user.key)}
    assert {c["value"] for c in choices} <= set(legal)
    lang = "fr" if user.locale == "fr" else "en"  # each player reads the moves in their language
    names = (await bot.service.game(1)).names(lang)  # seats by name ("Bob's pool")
    for choice in choices:
        label = translate(with_names(legal[choice["value"]].label, names), lang)
        assert choice["name"] == label[:100]
    fake = Call("POST", "autocomplete", "", None, {"choices": choices})  # type: ignore[arg-type]
    assert limit_problems(fake) == []
    pick = chooser.choice([c for c in choices if c["value"] != "back"] or choices)
    return await bot.command(user, "move", channel=thread, move=pick["value"])


async def test_sapiens_from_lobby_to_final_scores(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ = await make_harness(db_path, monkeypatch, seed_prefix="sap", drawer=draw_some)
    thread = await start_sapiens(bot)
    view = await bot.service.public_view(1)
    assert view["phase"] == "start" and set(view["players"]) == set(USERS)

    chooser = random.Random(8)
    problems: list[tuple[str, str]] = []
    menus = typed = checked = 0
    for turn in range(4000):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = USERS[game.to_act[0]]
        calls: list[Call] = []
        if turn % 40 == 0:  # the table's help and scores, Carol's in French
            calls += await bot.command(user, "help", channel=thread)
            calls += await bot.command(CAROL, "scores", channel=thread)
            calls += await bot.command(user, "hand", channel=thread)
        if turn % 3 == 0:
            calls += await menu_move(bot, user, chooser)
            menus += 1
        else:
            calls += await typed_move(bot, user, thread, chooser)
            typed += 1
        after = await bot.service.game(1)
        assert after.version == game.version + 1, [c.json for c in calls]
        checked += len(calls)
        problems += [(c.path, p) for c in calls for p in limit_problems(c)]
    game = await bot.service.game(1)
    assert game.status == "over" and game.version > 100
    assert menus > 30 and typed > 60 and checked > 300
    calls = await bot.command(CAROL, "scores", channel=thread)
    calls += await bot.command(ALICE, "games", channel=thread)
    problems += [(c.path, p) for c in calls for p in limit_problems(c)]
    assert problems == []

    # every move posted a board; the real pictures are 1280 px wide and under 200 KB
    files = [c.files[0] for c in bot.fake.calls if c.files and c.channel_id == thread]
    boards = [data for name, data in files if "replay" not in name]
    assert len(boards) == game.version + 1 and all(png.startswith(PNG) for png in boards)
    real = [png for png in boards if Image.open(io.BytesIO(png)).width == 1280]
    assert len(real) >= 3
    assert all(len(png) <= 200_000 for png in real)
    assert len(boards[-1]) in {len(png) for png in real}  # the final board is a real one

    # the result: everyone's score (the lower of food and shelter), in words, not keys
    result = bot.posted_in(thread)[-1]
    embed = result["embeds"][0]
    assert "is over" in embed["title"] and len(embed["fields"]) == 3
    assert "sapiens." not in str(embed)
    final = await bot.service.public_view(1)
    outcome = await bot.service.outcome(1)
    assert outcome is not None
    for seat, player in final["players"].items():
        assert outcome.scores[seat] == min(player["food"], player["shelter"])
    reply = only_reply(await bot.command(CAROL, "scores", channel=thread))
    assert reply.embeds[0]["title"].startswith("Scores finaux")
    assert "sapiens." not in str(reply.embeds[0])
    reply = only_reply(await bot.command(BOB, "scores", channel=thread))
    assert reply.embeds[0]["title"].startswith("Final scores")
