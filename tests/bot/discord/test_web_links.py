"""The **Web** link button: on every turn message and on ``/campfire games`` when the bot
knows its web companion, signed for that game (the companion opens it), never when a
server turned the links off (``/campfire settings web_links:False``) or without one."""

from __future__ import annotations

from typing import Any

from bot.web.tokens import WebLinks, verify
from campfire_testing.harness import CHANNEL_ID, Harness, walk_components
from tests.bot.discord.conftest import ALICE
from tests.bot.discord.test_days import ADMIN, settings_command
from tests.bot.discord.test_thread_posts import against_ai, alice_plays

SECRET = b"the-web-companion-secret"
BASE = "https://campfire.example.org/web"


def links(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The link buttons (style 5) of a message."""
    return [c for c in walk_components(message.get("components") or []) if c.get("style") == 5]


def web(bot: Harness) -> None:
    bot.client.web = WebLinks(BASE, SECRET)


async def test_turn_messages_carry_a_signed_web_link(bot: Harness) -> None:
    web(bot)
    thread = await against_ai(bot)
    turn = bot.find(thread, "cf:play:1:")
    (button,) = links(turn)
    assert button["label"] == "Web"
    assert button["url"].startswith(f"{BASE}/g/g1.")
    token = button["url"].rsplit("/", 1)[1]
    now = (await bot.service.game(1)).created_at.timestamp()
    found = verify(SECRET, token, now)
    assert found is not None and found.game_id == 1
    await alice_plays(bot, thread)  # the edited and the new turn messages keep it
    assert links(bot.find(thread, "cf:play:1:"))


async def test_no_link_without_a_companion(bot: Harness) -> None:
    thread = await against_ai(bot)
    assert links(bot.find(thread, "cf:play:1:")) == []
    calls = await bot.command(ALICE, "games")
    assert not any(c.json and links(c.json.get("data", c.json)) for c in calls)


async def test_a_server_turns_the_links_off_and_on(bot: Harness) -> None:
    web(bot)
    calls = await settings_command(bot, ADMIN, web_links=False)
    assert "turned off" in str(calls[-1].json)
    thread = await against_ai(bot)
    assert links(bot.find(thread, "cf:play:1:")) == []
    await settings_command(bot, ADMIN, web_links=True)
    await alice_plays(bot, thread)
    assert links(bot.find(thread, "cf:play:1:"))


async def test_the_games_list_has_a_web_button_per_game(bot: Harness) -> None:
    web(bot)
    await against_ai(bot)
    calls = await bot.command(ALICE, "games", channel=CHANNEL_ID)
    answer = [c.json for c in calls if c.json and "embeds" in str(c.json)][-1]
    buttons = links(answer.get("data", answer))
    assert [b["label"] for b in buttons] == ["Web #1"]
