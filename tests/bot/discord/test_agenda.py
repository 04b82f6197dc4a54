"""``/campfire games all:True``: the games waiting on the caller in every server the bot
is in, by time left (Discord timestamps, a link to each turn message), to the caller
alone, with a signed link to their personal page when the bot has a web companion; the
plain ``/campfire games`` is unchanged."""

from __future__ import annotations

import re
from typing import Any

from bot.service import GameInfo, Player
from bot.web.tokens import WebLinks, verify
from campfire_testing.harness import CHANNEL_ID, GUILD_ID, Harness, User, walk_components
from tests.bot.discord.conftest import ALICE, BOB, CAROL

SECRET = b"the-web-companion-secret"
BASE = "https://campfire.example.org"


def person(user: User) -> Player:
    return Player(str(user.id), user.name)


async def nim(
    bot: Harness, first: User, second: User, *, clock: int | None, guild: str = str(GUILD_ID)
) -> GameInfo:
    """A running Nim game of ``first`` (to act) and ``second`` on ``guild``."""
    service = bot.service
    lobby = await service.create_lobby(
        rules="nim",
        options={},
        guild_id=guild,
        channel_id=str(CHANNEL_ID),
        creator=person(first),
        clock_hours=clock,
    )
    await service.join(lobby.id, person(second))
    started = await service.start(lobby.id, str(first.id), shuffle_seats=False)
    assert started.game.to_act == (str(first.id),)
    return started.game


def answer_of(calls: list[Any]) -> dict[str, Any]:
    found = [c.json for c in calls if c.json and "embeds" in str(c.json)][-1]
    data: dict[str, Any] = found.get("data", found)
    return data


async def test_all_lists_the_waiting_games_of_every_server_by_time_left(bot: Harness) -> None:
    slow = await nim(bot, ALICE, BOB, clock=72)
    elsewhere = await nim(bot, ALICE, CAROL, clock=0)
    urgent = await nim(bot, ALICE, CAROL, clock=12)
    await nim(bot, BOB, ALICE, clock=12)  # waiting on Bob, not on Alice
    await nim(bot, ALICE, BOB, clock=12, guild="999")  # a server the bot is not in
    answer = answer_of(await bot.command(ALICE, "games", all=True))
    assert answer["flags"] & 64  # ephemeral
    (embed,) = answer["embeds"]
    assert embed["title"] == "Waiting on you, everywhere"
    lines = embed["description"].split("\n")
    numbers = [int(re.search(r"\*\*#(\d+) ", line).group(1)) for line in lines]  # type: ignore[union-attr]
    assert numbers == [urgent.id, slow.id, elsewhere.id]
    deadline = (await bot.service.game(urgent.id)).clock_of(str(ALICE.id))
    assert deadline is not None and deadline.deadline is not None
    stamp = int(deadline.deadline.timestamp())
    assert f"<t:{stamp}:R>" in lines[0] and f"<t:{stamp}:f>" in lines[0]
    assert "no clock" in lines[2]
    assert f"https://discord.com/channels/{GUILD_ID}/" in lines[0]
    assert not [c for c in walk_components(answer.get("components") or [])]


async def test_nothing_waiting_says_so_in_the_callers_language(bot: Harness) -> None:
    await nim(bot, ALICE, CAROL, clock=24)
    answer = answer_of(await bot.command(CAROL, "games", all=True))
    assert answer["embeds"][0]["description"] == (
        "Aucune partie ne vous attend, dans aucun serveur."
    )


async def test_the_personal_page_link_is_signed_for_the_caller_alone(bot: Harness) -> None:
    bot.client.web = WebLinks(BASE, SECRET)
    await nim(bot, ALICE, BOB, clock=24)
    answer = answer_of(await bot.command(ALICE, "games", all=True))
    (button,) = [c for c in walk_components(answer["components"]) if c.get("style") == 5]
    assert button["label"] == "All on the web"
    token = button["url"].removeprefix(f"{BASE}/u/")
    verified = verify(SECRET, token, bot.service.now().timestamp())
    assert verified is not None and verified.agenda_of == str(ALICE.id)


async def test_the_plain_games_list_is_unchanged(bot: Harness) -> None:
    await nim(bot, BOB, ALICE, clock=24)
    answer = answer_of(await bot.command(ALICE, "games"))
    assert answer["embeds"][0]["title"] == "Games"
    assert "to play: <@102>" in answer["embeds"][0]["description"]
