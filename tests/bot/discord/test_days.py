"""Playing over days through the Discord layer, driven by the service's injected clock:
deadlines on turn messages and in /campfire games, the loop's reminder messages,
claims, time away, server settings and direct messages."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from discord.ext import tasks
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord import days
from bot.service import GameService, Player
from bot.store import Store
from campfire_testing.harness import (
    CHANNEL_ID,
    GUILD_ID,
    OTHER_CHANNEL_ID,
    Harness,
    User,
    http_error,
)
from campfire_testing.payloads import ALL, APP_ID, command_options, user_payload
from tests.bot.conftest import seeds
from tests.bot.days import Clock
from tests.bot.discord.conftest import (
    _ROUTES,
    _STORES,
    ALICE,
    BOB,
    CAROL,
    _webhook_router,
    draw_nim,
)

USERS = {u.key: u for u in (ALICE, BOB, CAROL)}
ADMIN = User(104, "Dana", perms=str(1 << 5 | 1 << 11 | 1 << 31))  # Manage Server
DM_CHANNEL = 700000000000000001


async def harness(db_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> Harness:
    store = await Store.open(db_path)
    _STORES.append(store)
    service = GameService(store, seed_source=seeds(), clock=clock, drawer=draw_nim)
    bot = Harness(service)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", _webhook_router)
    _ROUTES.append(bot)
    await bot.setup()
    return bot


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def bot(db_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> Harness:
    return await harness(db_path, monkeypatch, clock)


async def start(bot: Harness, *, clock: str | None = None, timeout: str | None = None) -> int:
    """Alice opens Nim with Bob and Carol and starts it; returns the thread id."""
    options: dict[str, Any] = {"rules": "nim", "options": "stones=30"}
    if clock is not None:
        options["clock"] = clock
    if timeout is not None:
        options["timeout"] = timeout
    await bot.command(ALICE, "new", **options)
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    for user in (BOB, CAROL):
        await bot.press(user, lobby, "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.thread_id is not None
    return int(game.thread_id)


async def settings_command(bot: Harness, user: User, **options: Any) -> list[Any]:
    """``/campfire settings`` with a channel option, resolved as Discord sends it."""
    command = command_options("settings", options)
    for item in command["options"]:
        if item["name"] == "channel":
            item["type"] = 7
    data = {"id": str(APP_ID + 7), "name": "campfire", "type": 1, "options": [command]}
    channel = {"id": str(CHANNEL_ID), "name": "games", "type": 0, "permissions": ALL}
    data["resolved"] = {"channels": {str(CHANNEL_ID): channel}}
    return await bot.dispatch(bot._base(2, user, CHANNEL_ID, data))


async def test_turn_messages_and_the_games_list_show_the_deadline(
    bot: Harness, clock: Clock
) -> None:
    thread = await start(bot, clock="24", timeout="auto")
    game = await bot.service.game(1)
    deadline = int(clock.now.timestamp()) + 24 * 3600
    turn = bot.find(thread, "cf:play:")
    assert f"<t:{deadline}:R>" in turn["content"]
    calls = await bot.command(USERS[game.to_act[0]], "games")
    assert f"<t:{deadline}:R>" in calls[-1].text()


async def test_the_loop_posts_a_new_message_pinging_only_the_player_to_act(
    bot: Harness, clock: Clock
) -> None:
    thread = await start(bot, clock="24")
    late = (await bot.service.game(1)).to_act[0]
    clock.advance(hours=12)
    before = len(bot.fake.calls)
    assert await days.run_pass(bot.client, "w1") == 1
    posts = [c for c in bot.fake.calls[before:] if c.method == "POST" and c.channel_id == thread]
    assert len(posts) == 1
    assert f"<@{late}>" in posts[0].content and "<t:" in posts[0].content
    assert posts[0].json["allowed_mentions"] == {"parse": [], "users": [int(late)]}
    assert await days.run_pass(bot.client, "w1") == 0  # nothing twice


async def test_auto_timeout_plays_and_tells_the_table(bot: Harness, clock: Clock) -> None:
    thread = await start(bot, clock="12", timeout="auto")
    late = (await bot.service.game(1)).to_act[0]
    clock.advance(hours=13)
    before = len(bot.fake.calls)
    await days.run_pass(bot.client, "w1")
    texts = "\n".join(c.text() for c in bot.fake.calls[before:] if c.channel_id == thread)
    name = USERS[late].name
    assert f"<@{late}> ran out of time: the clock plays for them." in texts
    assert name in texts
    assert "the clock played" in texts
    assert (await bot.service.game(1)).version == 1


async def test_claim_buttons_let_the_others_choose(bot: Harness, clock: Clock) -> None:
    thread = await start(bot, clock="12", timeout="claim")
    late = (await bot.service.game(1)).to_act[0]
    clock.advance(hours=12)
    await days.run_pass(bot.client, "w1")
    claim = bot.find(thread, "cf:claim:")
    assert [c for c in claim["components"][0]["components"]][0]["custom_id"] == "cf:claim:auto:1:0"
    other = next(u for k, u in USERS.items() if k != late)
    calls = await bot.press(USERS[late], claim, "cf:claim:auto:1:0")
    assert calls[-1].ephemeral and "late player" in calls[-1].content
    await bot.press(other, claim, "cf:claim:extend:1:0")
    assert "one more day" in bot.message(claim["id"])["content"]
    clock.advance(hours=24)
    await days.run_pass(bot.client, "w1")
    claim = bot.find(thread, "cf:claim:")
    await bot.press(other, claim, "cf:claim:forfeit:1:0")
    game = await bot.service.game(1)
    assert game.status == "running" and late not in game.to_act
    moves = await bot.service.history(1)
    assert [(m.seat, m.code) for m in moves] == [(late, "!timeout")]


async def test_away_pauses_every_game_and_tells_each_table_once(bot: Harness, clock: Clock) -> None:
    thread = await start(bot, clock="24")
    first = USERS[(await bot.service.game(1)).to_act[0]]
    calls = await bot.command(first, "away", until="3")
    assert calls[0].ephemeral and "1 running game" in calls[0].content
    notices = [  # one notice (the turn message, edited, says it too: see below)
        m for m in bot.posted_in(thread) if "is away until" in m["content"] and not m["components"]
    ]
    assert len(notices) == 1
    clock.advance(hours=60)
    assert await days.run_pass(bot.client, "w1") == 0
    calls = await bot.command(first, "back")
    assert "run again" in calls[0].content
    clock_of = (await bot.service.game(1)).clock_of(first.key)
    assert clock_of is not None and clock_of.away_until is None
    calls = await bot.command(first, "away", until="2001-01-01")
    assert "already passed" in calls[-1].content
    calls = await bot.command(first, "away", until="someday")
    assert "is not a date" in calls[-1].content


async def test_settings_are_for_managers_and_honoured(bot: Harness) -> None:
    calls = await bot.command(ALICE, "settings", nudge_hours=0)
    assert "Manage Server" in calls[-1].content
    calls = await settings_command(
        bot, ADMIN, clock="48", timeout="forfeit", channel=str(CHANNEL_ID), language="fr"
    )
    text = calls[-1].text()
    assert "Settings saved." in text and "2 days per move" in text  # the caller's language
    calls = await bot.command(ALICE, "new", rules="nim", channel=OTHER_CHANNEL_ID)
    assert calls[-1].ephemeral and f"<#{CHANNEL_ID}>" in calls[-1].content
    await bot.command(ALICE, "new", rules="nim")
    game = await bot.service.game(1)
    assert (game.clock_hours, game.timeout_policy) == (48, "forfeit")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    assert "2 jours par coup" in str(lobby["embeds"][0])  # the public language is French
    await settings_command(bot, ADMIN, max_away_days=2, anywhere=True)
    calls = await bot.command(ALICE, "away", until="3")
    assert "at most 2 days" in calls[-1].content
    calls = await bot.command(ALICE, "new", rules="nim", channel=OTHER_CHANNEL_ID)
    assert not calls[-1].ephemeral  # any channel again


async def test_direct_messages_are_sent_and_a_closed_dm_is_remembered(
    bot: Harness, clock: Clock
) -> None:
    sent: list[dict[str, Any]] = []
    refuse = {"on": False}
    original = bot.fake.rest

    async def rest(route: Any, **kwargs: Any) -> Any:
        key = f"{route.method} {route.path}"
        if key == "POST /users/@me/channels":
            recipient = kwargs["json"]["recipient_id"]
            return {
                "id": str(DM_CHANNEL),
                "type": 1,
                "recipients": [user_payload(int(recipient), "x")],
                "last_message_id": None,
            }
        if route.channel_id == DM_CHANNEL:
            if refuse["on"]:
                raise http_error(403, 50007, "Cannot send messages to this user")
            sent.append(kwargs.get("json") or {})
        return await original(route, **kwargs)

    bot.client.http.request = rest  # type: ignore[method-assign]
    for user in (ALICE, BOB, CAROL):
        calls = await bot.command(user, "me", dm=True)
        assert "direct message" in calls[-1].content or "message privé" in calls[-1].content
    await start(bot, clock="24")
    assert len(sent) == 1 and "Your turn in" in sent[0]["content"]
    refuse["on"] = True
    clock.advance(hours=12)
    await days.run_pass(bot.client, "w1")  # the reminder's DM is refused
    late = (await bot.service.game(1)).to_act[0]
    assert await bot.service.timing.dm_targets([late]) == []
    calls = await bot.command(USERS[late], "me")
    assert "refused" in calls[-1].content


async def test_the_loop_starts_once_connected(bot: Harness, clock: Clock) -> None:
    thread = await start(bot, clock="24")
    clock.advance(hours=12)
    bot.client.reminders = tasks.loop(seconds=3600)(bot.client.reminder_pass)
    try:
        await bot.client.on_ready()
        assert bot.client.reminders.is_running()
        for _ in range(200):  # its first pass runs at once
            await asyncio.sleep(0.01)
            if any("half of the time" in m["content"] for m in bot.posted_in(thread)):
                break
        else:
            raise AssertionError("the loop posted nothing")
    finally:
        bot.client.reminders.cancel()
        await asyncio.sleep(0.05)


async def test_the_claim_prompt_pings_only_the_people_still_playing(
    bot: Harness, clock: Clock
) -> None:
    """Alice, an AI seat, Bob and Carol; Carol resigned; Alice's time is up under
    ``claim``: the prompt names and pings Bob alone (not the AI seat, not Carol), and
    Carol's press is refused."""
    service = bot.service
    lobby = await service.create_lobby(
        rules="nim",
        options={"stones": 30},
        guild_id=str(GUILD_ID),
        channel_id=str(CHANNEL_ID),
        creator=Player(ALICE.key, ALICE.name),
        ai=1,
        clock_hours=12,
        timeout_policy="claim",
    )
    for user in (BOB, CAROL):
        await service.join(lobby.id, Player(user.key, user.name))
    await service.start(lobby.id, ALICE.key, shuffle_seats=False)
    await service.resign(lobby.id, CAROL.key)
    game = await service.game(lobby.id)
    assert game.status == "running" and game.to_act == (ALICE.key,)
    clock.advance(hours=12)
    before = len(bot.fake.calls)
    assert await days.run_pass(bot.client, "w1") == 1
    prompt = next(c for c in bot.fake.calls[before:] if "cf:claim:" in str(c.custom_ids()))
    assert prompt.json is not None
    assert prompt.json["allowed_mentions"]["users"] == [int(BOB.key)]
    assert f"<@{BOB.key}>" in prompt.content
    assert f"<@{CAROL.key}>" not in prompt.content and "AI" not in prompt.content
    claim = bot.message(int(prompt_id(bot, prompt)))
    calls = await bot.press(CAROL, claim, f"cf:claim:extend:{lobby.id}:{game.version}")
    assert calls[-1].ephemeral


def prompt_id(bot: Harness, call: Any) -> str:
    """The id of the message ``call`` posted (the newest with its content)."""
    return next(
        str(m["id"])
        for m in reversed(list(bot.fake.messages.values()))
        if m["content"] == call.content
    )


@pytest.mark.parametrize("policy", ["auto", "forfeit"])
async def test_a_timeout_pings_the_late_player_in_the_line_that_says_so(
    bot: Harness, clock: Clock, policy: str
) -> None:
    thread = await start(bot, clock="12", timeout=policy)
    late = (await bot.service.game(1)).to_act[0]
    clock.advance(hours=13)
    before = len(bot.fake.calls)
    await days.run_pass(bot.client, "w1")
    notice = next(
        c
        for c in bot.fake.calls[before:]
        if c.channel_id == thread and "ran out of time" in c.content
    )
    assert notice.content.startswith(f"⌛ <@{late}> ran out of time")
    assert notice.json is not None
    assert notice.json["allowed_mentions"]["users"] == [int(late)]


async def test_the_turn_message_stops_its_clock_while_its_player_is_away(
    bot: Harness, clock: Clock
) -> None:
    """``/campfire away`` edits the turn message already posted: the running deadline
    gives way to the time away (no new ping); ``/campfire back`` shows a deadline again."""
    thread = await start(bot, clock="24")
    first = USERS[(await bot.service.game(1)).to_act[0]]
    turn = bot.find(thread, "cf:play:")
    deadline = int(clock.now.timestamp()) + 24 * 3600
    assert f"<t:{deadline}:R>" in turn["content"]
    await bot.command(first, "away", until="3")
    shown = bot.message(turn["id"])
    assert "is away until" in shown["content"] and f"<t:{deadline}:R>" not in shown["content"]
    assert shown["components"] == turn["components"]  # the buttons stay
    clock.advance(hours=5)
    await bot.command(first, "back")
    shown = bot.message(turn["id"])
    assert "is away until" not in shown["content"]
    assert f"<t:{deadline + 5 * 3600}:R>" in shown["content"]  # paused five hours
    await bot.command(first, "away", until="1")
    assert "is away until" in bot.message(turn["id"])["content"]
    clock.advance(hours=25)
    assert await days.run_pass(bot.client, "w1") == 1  # the return date came
    shown = bot.message(turn["id"])
    assert "is away until" not in shown["content"] and "<t:" in shown["content"]


async def test_the_organiser_role_is_a_setting_and_everyone_clears_it(bot: Harness) -> None:
    """``organiser_role``: a role is saved and shown; ``@everyone`` (the server's own id)
    puts it back to Manage Server only."""

    async def choose(role_id: int) -> str:
        command = command_options("settings", {"organiser_role": str(role_id)})
        command["options"][0]["type"] = 8
        data: dict[str, Any] = {"id": str(APP_ID + 7), "name": "campfire", "type": 1}
        data["options"] = [command]
        role = {"id": str(role_id), "name": "orga", "permissions": "0", "position": 1}
        role |= {"color": 0, "hoist": False, "managed": False, "mentionable": True, "flags": 0}
        data["resolved"] = {"roles": {str(role_id): role}}
        calls = await bot.dispatch(bot._base(2, ADMIN, CHANNEL_ID, data))
        return calls[-1].text()

    assert "<@&555>" in await choose(555)
    assert (await bot.service.settings.read(str(GUILD_ID))).organiser_role == "555"
    assert "Manage Server only" in await choose(GUILD_ID)
    assert (await bot.service.settings.read(str(GUILD_ID))).organiser_role is None
