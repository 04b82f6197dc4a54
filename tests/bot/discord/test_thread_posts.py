"""A thread that reads like a game: one message per turn, edited in place while the same
seats decide, a new one (with its ping) only when someone new must act; AI turns in one
post; the live turn message survives a restart; a table that falls behind merges what
waits into one post; the ``pictures`` setting, the Full board button and the end."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.discord import tables
from campfire_testing.harness import CHANNEL_ID, EPHEMERAL, Call, Harness, http_error
from tests.bot.discord.conftest import ALICE, BOB, make_harness
from tests.bot.discord.test_days import ADMIN
from tests.bot.discord.test_restart import restart

POST = "POST /channels/{channel_id}/messages"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def draw_two_layouts(
    rules: str,
    view: Any,
    *,
    lang: str,
    names: Mapping[str, str] | None,
    layout: str = "full",
) -> bytes:
    """A stand-in renderer with a turn card: a tall small PNG, or a wide full board."""
    size = (40, 60) if layout == "card" else (160, 40)
    out = io.BytesIO()
    Image.new("RGB", size, "white").save(out, format="PNG")
    return out.getvalue()


def kind(call: Call) -> str:
    return f"{call.method} {call.path}"


def in_thread(bot: Harness, thread: int, calls: list[Call] | None = None) -> list[Call]:
    return [c for c in (bot.fake.calls if calls is None else calls) if c.channel_id == thread]


async def against_ai(bot: Harness, stones: int = 9) -> int:
    """Alice against one AI seat at Nim; returns the thread."""
    await bot.command(ALICE, "new", rules="nim", options=f"stones={stones}", ai=1)
    await bot.press(ALICE, bot.find(CHANNEL_ID, "cf:lobby:"), "cf:lobby:start:1")
    return int((await bot.service.game(1)).thread_id or 0)


async def alice_plays(bot: Harness, thread: int) -> list[Call]:
    game = await bot.service.game(1)
    turn = bot.find(thread, f"cf:play:1:{game.version}")
    await bot.press(ALICE, turn, f"cf:play:1:{game.version}")
    menu = bot.message(max(bot.fake.messages))
    select = menu["components"][0]["components"][0]
    return await bot.press(ALICE, menu, select["custom_id"], values=[select["options"][0]["value"]])


async def test_a_round_against_the_ai_is_one_new_message_and_one_edit(bot: Harness) -> None:
    thread = await against_ai(bot)
    (first,) = [c for c in in_thread(bot, thread) if kind(c) == POST]  # the start, pinging her
    assert first.json and first.json["allowed_mentions"]["users"] == [ALICE.id]
    live = (await bot.service.messages(1))["turn"]

    calls = in_thread(bot, thread, await alice_plays(bot, thread))
    posts = [c for c in calls if kind(c) == POST]
    edits = [c for c in calls if kind(c) == EDIT]
    # Alice's move: her turn message is edited in place (the AI thinks: no Play button);
    # the AI's turn: one new message, its decision listed, pinging Alice, with Play
    assert len(edits) == 1 and edits[0].url.endswith(f"/messages/{live}")
    assert "**Alice** takes" in edits[0].text() and not edits[0].json["allowed_mentions"].get(
        "users"
    )
    assert not any(i.startswith("cf:play:") for i in edits[0].custom_ids())
    assert len(posts) == 1 and "AI 1 (greedy)" in posts[0].text()
    assert posts[0].json and posts[0].json["allowed_mentions"]["users"] == [ALICE.id]
    game = await bot.service.game(1)
    assert f"cf:play:1:{game.version}" in posts[0].custom_ids()
    assert f"cf:full:1:{game.version}" in posts[0].custom_ids()
    assert all(len(c.files) == 1 for c in posts + edits)  # one picture each
    assert (await bot.service.messages(1))["turn"] != live  # the new one is live now


async def test_the_live_turn_message_survives_a_restart(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await make_harness(db_path, monkeypatch)
    thread = await against_ai(first)
    live = (await first.service.messages(1))["turn"]
    second = await restart(first, db_path, monkeypatch)
    calls = in_thread(second, thread, await alice_plays(second, thread))
    edits = [c for c in calls if kind(c) == EDIT]
    assert [c.url.rsplit("/", 1)[-1] for c in edits] == [live]  # the same message, edited


async def test_a_deleted_turn_message_is_replaced_by_a_new_one(bot: Harness) -> None:
    thread = await against_ai(bot)
    await bot.service.set_message(1, "turn", "123")  # a message Discord no longer knows
    real_rest = bot.fake.rest

    async def rest(route: Any, **kwargs: Any) -> Any:
        if route.method == "PATCH" and route.url.endswith("/messages/123"):
            raise http_error(404, 10008, "Unknown Message")
        return await real_rest(route, **kwargs)

    bot.client.http.request = rest  # type: ignore[method-assign]
    calls = in_thread(bot, thread, await alice_plays(bot, thread))
    posts = [c for c in calls if kind(c) == POST]
    assert len(posts) == 2  # Alice's move in a fresh message, then the AI's turn
    assert "**Alice** takes" in posts[0].text()


async def test_a_table_that_falls_behind_merges_what_waits_into_one_post(
    bot: Harness,
) -> None:
    await bot.command(ALICE, "new", rules="nim", options="stones=30")
    await bot.press(BOB, bot.find(CHANNEL_ID, "cf:lobby:"), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(bot.find(CHANNEL_ID, "cf:lobby:")["id"]), "cf:lobby:start:1")
    thread = int((await bot.service.game(1)).thread_id or 0)
    before = len(bot.fake.calls)
    gate = asyncio.Event()
    real_rest = bot.fake.rest

    async def slow_rest(route: Any, **kwargs: Any) -> Any:
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            await gate.wait()  # Discord makes the bot wait (429, retried by discord.py)
        return await real_rest(route, **kwargs)

    bot.client.http.request = slow_rest  # type: ignore[method-assign]
    results = []
    for _ in range(4):
        game = await bot.service.game(1)
        results.append(await bot.service.play(1, game.to_act[0], "take1"))
    tasks = [
        asyncio.create_task(tables.announce(bot.client, r.game, r.events, "en", r.view))
        for r in results
    ]
    for _ in range(50):
        await asyncio.sleep(0)
    assert tables.waiting_posts(bot.client, 1) == 3  # the first is being posted
    gate.set()
    await asyncio.gather(*tasks)
    posts = [c for c in in_thread(bot, thread, bot.fake.calls[before:]) if kind(c) == POST]
    assert len(posts) == 2  # the first, then the three that waited, as one
    lines = [line for line in posts[1].embeds[0]["description"].splitlines() if "takes" in line]
    assert [line.split("**")[1] for line in lines] == ["Alice", "Bob", "Alice"]  # in order
    game = await bot.service.game(1)
    assert f"cf:play:1:{game.version}" in posts[1].custom_ids()
    assert (await bot.service.messages(1))["announced"] == str(game.version)
    assert tables.waiting_posts(bot.client, 1) == 0


async def card_harness(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    bot, _ = await make_harness(db_path, monkeypatch, drawer=draw_two_layouts)
    return bot


async def two_players(bot: Harness) -> int:
    await bot.command(ALICE, "new", rules="nim", options="stones=5")
    await bot.press(BOB, bot.find(CHANNEL_ID, "cf:lobby:"), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(bot.find(CHANNEL_ID, "cf:lobby:")["id"]), "cf:lobby:start:1")
    return int((await bot.service.game(1)).thread_id or 0)


def sizes(call: Call) -> list[tuple[int, int]]:
    return [Image.open(io.BytesIO(data)).size for _, data in call.files]


async def side_by_side(bot: Harness) -> None:
    """The server chooses ``pictures: both`` (the card, then the full board)."""
    calls = await bot.command(ADMIN, "settings", pictures="both")
    assert "Settings saved." in calls[-1].text()


async def test_a_turn_message_shows_the_turn_card_alone_by_default(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One picture at full width on a phone: the turn card, the full board of that
    revision behind Full board (Discord lays two pictures of a message side by side)."""
    bot = await card_harness(db_path, monkeypatch)
    thread = await two_players(bot)
    (start,) = [c for c in in_thread(bot, thread) if kind(c) == POST]
    assert [name for name, _ in start.files] == ["campfire-1-0-card.png"]
    assert sizes(start) == [(40, 60)]
    assert start.embeds[0]["image"]["url"] == "attachment://campfire-1-0-card.png"
    assert "cf:full:1:0" in start.custom_ids()


async def test_both_shows_the_turn_card_then_the_full_board(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await card_harness(db_path, monkeypatch)
    await side_by_side(bot)
    thread = await two_players(bot)
    (start,) = [c for c in in_thread(bot, thread) if kind(c) == POST]
    assert [name for name, _ in start.files] == ["campfire-1-0-card.png", "campfire-1-0.png"]
    assert sizes(start) == [(40, 60), (160, 40)]
    assert start.embeds[0]["image"]["url"] == "attachment://campfire-1-0-card.png"


@pytest.mark.parametrize(
    ("choice", "shown"),
    [("card", [(40, 60)]), ("full", [(160, 40)]), ("both", [(40, 60), (160, 40)])],
)
async def test_the_pictures_setting_chooses_what_the_thread_shows(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, choice: str, shown: list[tuple[int, int]]
) -> None:
    bot = await card_harness(db_path, monkeypatch)
    refused = await bot.command(ALICE, "settings", pictures=choice)
    assert "Manage Server" in refused[-1].content
    calls = await bot.command(ADMIN, "settings", pictures=choice)
    assert "Settings saved." in calls[-1].text()
    thread = await two_players(bot)
    (start,) = [c for c in in_thread(bot, thread) if kind(c) == POST]
    assert sizes(start) == shown


async def test_full_board_answers_privately_with_the_board_of_that_revision(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await card_harness(db_path, monkeypatch)
    thread = await two_players(bot)
    turn = bot.find(thread, "cf:full:1:0")
    calls = await bot.press(BOB, turn, "cf:full:1:0")  # anyone may look, not only Alice
    answer = next(c for c in calls if c.files)
    assert answer.ephemeral
    assert [name for name, _ in answer.files] == ["campfire-1-0.png"]
    assert sizes(answer) == [(160, 40)]
    for _ in range(2):
        await bot.service.play(1, (await bot.service.game(1)).to_act[0], "take1")
    calls = await bot.press(BOB, turn, "cf:full:1:0")  # the game moved on: still v0
    answer = next(c for c in calls if c.files)
    assert [name for name, _ in answer.files] == ["campfire-1-0.png"]
    assert answer.embeds[0]["footer"]["text"] == "Move 0"


async def test_the_end_posts_the_full_board_and_the_scores(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await card_harness(db_path, monkeypatch)
    thread = await two_players(bot)
    for _ in range(10):
        game = await bot.service.game(1)
        if game.status != "running":
            break
        user = ALICE if game.to_act[0] == ALICE.key else BOB
        await bot.command(user, "move", channel=thread, move="take1")
    game = await bot.service.game(1)
    assert game.status == "over"
    result = bot.posted_in(thread)[-1]
    names = [a["filename"] for a in result["attachments"]]
    assert names[0] == f"campfire-1-{game.version}.png"  # the full board, not the card
    assert "is over" in result["embeds"][0]["title"]
    assert result["embeds"][1]["image"]["url"] == f"attachment://{names[0]}"
    assert "**" in (result["embeds"][1].get("description") or "")  # the last move, named
    # the last turn message lost its buttons: nothing is left to play
    live = bot.message((await bot.service.messages(1))["turn"])
    assert not any(
        c["custom_id"].startswith("cf:play:") for r in live["components"] for c in r["components"]
    )
    assert not result["flags"] & EPHEMERAL


async def test_an_edit_uploads_the_turn_card_alone_and_the_next_post_both(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under ``both``, a post uploads the turn card and the full board; an edit of the
    live turn message (here: Alice played, the AI thinks) uploads the card of its
    revision alone, in place of both (``attachments`` lists that file only): the full
    board of that revision is behind Full board, the AI's new post has both."""
    bot = await card_harness(db_path, monkeypatch)
    await side_by_side(bot)
    thread = await against_ai(bot)
    live = (await bot.service.messages(1))["turn"]
    calls = in_thread(bot, thread, await alice_plays(bot, thread))
    (edit,) = [c for c in calls if kind(c) == EDIT]
    (post,) = [c for c in calls if kind(c) == POST]
    assert edit.url.endswith(f"/messages/{live}")
    version = int(edit.files[0][0].split("-")[2])
    assert [name for name, _ in edit.files] == [f"campfire-1-{version}-card.png"]
    assert sizes(edit) == [(40, 60)]
    assert edit.json is not None and len(edit.json["attachments"]) == 1  # the old pair goes
    assert edit.embeds[0]["image"]["url"] == f"attachment://campfire-1-{version}-card.png"
    assert f"cf:full:1:{version}" in edit.custom_ids()
    assert sizes(post) == [(40, 60), (160, 40)]


async def test_away_edits_the_text_and_keeps_the_pictures(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit that changes no picture (time away, a clock line) uploads nothing and
    sends neither embeds nor ``attachments``: Discord keeps the message's pictures."""
    bot = await card_harness(db_path, monkeypatch)
    await side_by_side(bot)
    await bot.command(ALICE, "new", rules="nim", options="stones=9", clock="24")
    await bot.press(BOB, bot.find(CHANNEL_ID, "cf:lobby:"), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(bot.find(CHANNEL_ID, "cf:lobby:")["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    thread = int(game.thread_id or 0)
    first = ALICE if game.to_act[0] == ALICE.key else BOB
    live = (await bot.service.messages(1))["turn"]
    calls = in_thread(bot, thread, await bot.command(first, "away", until="3"))
    (edit,) = [c for c in calls if kind(c) == EDIT]
    assert edit.url.endswith(f"/messages/{live}") and "is away until" in edit.content
    assert edit.files == [] and edit.json is not None
    assert "attachments" not in edit.json and "embeds" not in edit.json
    assert [a["filename"] for a in bot.message(live)["attachments"]] == [
        "campfire-1-0-card.png",
        "campfire-1-0.png",
    ]
