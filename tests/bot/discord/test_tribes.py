"""A whole 3-player game of L'Aube des Tribus through Discord, lobby to final scores:
moves from the menus (kinds of moves, pages) and typed with autocomplete, hands and
scores asked for along the way, English for Alice and Bob and French for Carol, every
payload inside Discord's limits, and real board pictures at the start, now and then,
and at the end."""

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
from rules.i18n import translate
from tests.bot.discord.conftest import ALICE, BOB, CAROL, draw_nim, make_harness
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_discord_limits import limit_problems, menu_move
from tests.bot.discord.test_game_flow import PNG
from tests.bot.discord.test_origin_classic import pinged, turn_message

USERS = {u.key: u for u in (ALICE, BOB, CAROL)}
REAL_EVERY = 40  # a real picture every this many versions (and at the start and the end)


def draw_some(rules: str, view: Any, *, lang: str, names: Mapping[str, str] | None) -> bytes:
    """The real Tribes picture at the start, every ``REAL_EVERY`` versions and at the
    end; a small stand-in between (a real picture per move would only slow the test)."""
    turn = int(view.get("turn") or 0)
    if turn == 0 or view.get("over") or turn % REAL_EVERY == 0:
        return pictures.draw(rules, view, lang=lang, names=names)
    return draw_nim(rules, view, lang=lang, names=names)


async def tribes_harness(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    bot, _ = await make_harness(db_path, monkeypatch, seed_prefix="tr", drawer=draw_some)
    return bot


async def start_tribes(bot: Harness) -> int:
    """Alice opens a Tribes lobby, Bob and Carol join with the button, she starts."""
    await bot.command(ALICE, "new", rules="tribes")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    titles = {translate("tribes.name", lang) for lang in ("en", "fr")}
    assert any(title in lobby["embeds"][0]["title"] for title in titles)
    for user in (BOB, CAROL):
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.status == "running" and game.thread_id is not None
    return int(game.thread_id)


async def typed_move(bot: Harness, user: Any, thread: int, chooser: random.Random) -> list[Call]:
    """``user`` types a move with the help of autocomplete (never ``back``)."""
    offered = await bot.autocomplete(user, "move", "move", channel=thread, move="")
    assert offered and len(offered) <= 25
    moves = {m.code for m in await bot.service.legal_moves(1, user.key)}
    assert {c["value"] for c in offered} <= moves
    pick = chooser.choice([c for c in offered if c["value"] != "back"] or offered)
    return await bot.command(user, "move", channel=thread, move=pick["value"])


async def test_tribes_from_lobby_to_final_scores(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await tribes_harness(db_path, monkeypatch)
    thread = await start_tribes(bot)
    chooser = random.Random(10)
    problems: list[tuple[str, str]] = []
    checked = menus = typed = 0
    for turn in range(4000):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = USERS[game.to_act[0]]
        calls: list[Call] = []
        if turn % 25 == 0:
            calls += await bot.command(user, "hand", channel=thread)
            calls += await bot.command(CAROL, "scores", channel=thread)
            calls += await bot.command(user, "help", channel=thread)
        if turn % 3 == 0:
            calls += await typed_move(bot, user, thread, chooser)
            typed += 1
        else:
            calls += await menu_move(bot, user, chooser)
            menus += 1
        after = await bot.service.game(1)
        assert after.version == game.version + 1, [c.json for c in calls]
        if after.status == "running":
            expected = set() if after.to_act == game.to_act else {int(s) for s in after.to_act}
            assert pinged(turn_message(calls, after.version)) == expected
        for call in calls:
            checked += 1
            problems += [(call.path, p) for p in limit_problems(call)]
    game = await bot.service.game(1)
    assert game.status == "over", f"no end after {game.version} moves"
    assert game.version > 100
    assert menus > 20 and typed > 10 and checked > 100

    # -- every move showed its picture (in a new turn message when someone new must
    # act, else in the live one edited in place); the real ones are wide PNGs
    boards = [
        m
        for m in bot.posted_in(thread)
        if m["attachments"] and "replay" not in m["attachments"][0]["filename"]
    ]
    assert len(boards) < game.version / 2
    files = [c.files[0] for c in bot.fake.calls if c.files and c.channel_id == thread]
    sent = [data for name, data in files if "replay" not in name]
    assert len(sent) == game.version + 1
    assert all(png.startswith(PNG) for png in sent)
    real = [png for png in sent if Image.open(io.BytesIO(png)).width >= 1280]
    assert len(real) >= 3 and all(len(png) < 200_000 for png in real)

    # -- the result names the winner; the scores come in each player's language
    result = bot.posted_in(thread)[-1]
    embed = result["embeds"][0]
    assert "is over" in embed["title"] and len(embed["fields"]) == 3
    assert "tribes." not in str(embed["fields"])
    calls = [only_reply(await bot.command(CAROL, "scores", channel=thread))]
    assert calls[0].embeds[0]["title"].startswith("Scores finaux")
    calls.append(only_reply(await bot.command(BOB, "scores", channel=thread)))
    assert calls[1].embeds[0]["title"].startswith("Final scores")
    calls += await bot.command(CAROL, "games", channel=thread)
    problems += [(c.path, p) for c in calls for p in limit_problems(c)]
    assert problems == []


async def test_help_gives_every_event_and_chief_power_in_full_within_discord_limits(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.service.present import game_help

    bot = await tribes_harness(db_path, monkeypatch)
    thread = await start_tribes(bot)
    texts = {}
    for user, lang in ((ALICE, "en"), (CAROL, "fr")):
        calls = await bot.command(user, "help", channel=thread)
        assert all(not limit_problems(call) for call in calls)
        assert all(call.data.get("flags", 0) & 64 for call in calls)  # to the caller alone
        shown = "\n".join(
            field["value"]
            for call in calls
            for embed in call.data.get("embeds") or []
            for field in embed.get("fields") or []
        )
        lines = game_help("tribes", lang)
        assert len("\n".join(lines)) > 4000 and len(calls) >= 2  # more than one message holds
        for line in lines:  # nothing clipped: every paragraph whole
            assert line in shown, line[:60]
        assert translate("tribes.summary", lang) in shown and "• • " not in shown
        texts[lang] = shown
    assert texts["en"] != texts["fr"]
