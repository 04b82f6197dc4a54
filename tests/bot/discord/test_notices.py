"""A player's notices through the Discord layer: ``/campfire me timezone: quiet:
frequency: digest:``, the turn message naming a quiet player without a ping, what
waited sent as one direct message when quiet hours end, and the digest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord import days
from campfire_testing.harness import Harness, http_error
from campfire_testing.payloads import user_payload
from tests.bot.days import Clock
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_days import ADMIN, USERS, harness, start

DM_CHANNELS = 710000000000000000
"""Each user's DM channel is this plus their id's last digits (``dm_of``)."""


def dm_of(user_id: int) -> int:
    return DM_CHANNELS + user_id % 1000


DMS = {dm_of(u.id): u for u in (ALICE, BOB, CAROL)}


@pytest.fixture
def clock() -> Clock:
    return Clock()  # 2026-03-02 09:00 UTC: 10:00 in Paris


@pytest.fixture
async def bot(db_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> Harness:
    return await harness(db_path, monkeypatch, clock)


def catch_dms(bot: Harness, refused: set[int] | None = None) -> dict[int, list[str]]:
    """Direct messages sent, by user id (those of ``refused`` are refused)."""
    sent: dict[int, list[str]] = {}
    original = bot.fake.rest

    async def rest(route: Any, **kwargs: Any) -> Any:
        if f"{route.method} {route.path}" == "POST /users/@me/channels":
            recipient = int(kwargs["json"]["recipient_id"])
            return {
                "id": str(dm_of(recipient)),
                "type": 1,
                "recipients": [user_payload(recipient, "x")],
                "last_message_id": None,
            }
        if route.channel_id and int(route.channel_id) in DMS:
            user = DMS[int(route.channel_id)]
            if user.id in (refused or set()):
                raise http_error(403, 50007, "Cannot send messages to this user")
            sent.setdefault(user.id, []).append((kwargs.get("json") or {}).get("content", ""))
            return bot.fake.message(int(route.channel_id), kwargs.get("json") or {}, [])
        return await original(route, **kwargs)

    bot.client.http.request = rest  # type: ignore[method-assign]
    return sent


def turn_post(bot: Harness, thread: int) -> Any:
    """The last turn message posted in ``thread``, as sent (with its allowed mentions)."""
    return [
        c
        for c in bot.fake.calls
        if c.method == "POST"
        and c.channel_id == thread
        and any(i.startswith("cf:play:") for i in c.custom_ids())
    ][-1]


async def test_quiet_hours_name_without_a_ping_and_send_what_waited_once(
    bot: Harness, clock: Clock
) -> None:
    dms = catch_dms(bot)
    for user in (ALICE, BOB, CAROL):
        calls = await bot.command(user, "me", timezone="Europe/Paris", quiet="08:00-12:00")
        assert "08:00-12:00" in calls[-1].content and "Europe/Paris" in calls[-1].content
    thread = await start(bot, clock="24")
    game = await bot.service.game(1)
    first = USERS[game.to_act[0]]
    turn = turn_post(bot, thread)
    assert f"<@{first.id}>" not in turn.content and first.name in turn.content
    assert turn.json["allowed_mentions"] == {"parse": []}
    clock.advance(hours=1)
    await days.run_pass(bot.client, "w1")
    assert dms == {}  # still quiet (11:00 in Paris)
    clock.advance(hours=2, minutes=1)  # 12:01 in Paris
    await days.run_pass(bot.client, "w1")
    assert list(dms) == [first.id]
    (text,) = dms[first.id]
    assert "quiet hours" in text and "#1" in text
    assert f"/{thread}" in text and f"<t:{int(game.clocks[0].deadline.timestamp())}:R>" in text
    await days.run_pass(bot.client, "w1")
    assert len(dms[first.id]) == 1  # sent once


async def test_a_digest_lists_each_waiting_game_at_its_hour(bot: Harness, clock: Clock) -> None:
    dms = catch_dms(bot)
    for user in (ALICE, BOB, CAROL):
        await bot.command(user, "me", timezone="Europe/Paris", frequency="digest", digest="18:00")
    thread = await start(bot, clock="48")
    game = await bot.service.game(1)
    first = USERS[game.to_act[0]]
    assert turn_post(bot, thread).json["allowed_mentions"] == {"parse": []}  # the digest says it
    clock.advance(hours=7, minutes=59)
    await days.run_pass(bot.client, "w1")
    assert dms == {}
    clock.advance(minutes=1)  # 18:00 in Paris
    await days.run_pass(bot.client, "w1")
    (text,) = dms[first.id]
    assert "digest" in text and "1 game waits" in text and text.count("#1") == 1
    deadline = game.clock_of(first.key)
    assert deadline is not None and deadline.deadline is not None
    assert f"<t:{int(deadline.deadline.timestamp())}:R>" in text and f"/{thread}" in text
    await days.run_pass(bot.client, "w1")
    assert len(dms[first.id]) == 1


async def test_bad_preferences_are_refused_and_zones_autocomplete(bot: Harness) -> None:
    calls = await bot.command(ALICE, "me", quiet="all night")
    assert calls[-1].ephemeral and "22:00-08:00" in calls[-1].content
    calls = await bot.command(ALICE, "me", timezone="Mars/Olympus")
    assert calls[-1].ephemeral and "Mars/Olympus" in calls[-1].content
    assert (await bot.service.notices.preferences(ALICE.key)).quiet is None
    choices = await bot.autocomplete(ALICE, "me", "timezone", timezone="paris")
    assert [c["value"] for c in choices] == ["Europe/Paris"]
    assert len(await bot.autocomplete(ALICE, "me", "timezone", timezone="")) == 25


async def test_a_server_sets_the_default_frequency(bot: Harness) -> None:
    calls = await bot.command(ADMIN, "settings", frequency="reminders")
    assert "reminders only" in calls[-1].text()
    thread = await start(bot)
    assert turn_post(bot, thread).json["allowed_mentions"] == {"parse": []}


async def test_an_undo_request_names_a_quiet_player_without_a_ping(
    bot: Harness, clock: Clock
) -> None:
    catch_dms(bot)
    thread = await start(bot)
    game = await bot.service.game(1)
    mover = USERS[game.to_act[0]]
    quiet, awake = [u for u in (ALICE, BOB, CAROL) if u.key != mover.key]
    await bot.command(quiet, "me", timezone="Europe/Paris", quiet="08:00-12:00")
    await bot.command(mover, "move", move="take2", channel=thread)
    confirmation = bot.find(thread, "cf:undo:1:")
    calls = await bot.press(mover, confirmation, "cf:undo:1:1")
    asked = next(c for c in calls if c.method == "POST" and c.channel_id == thread)
    assert asked.json["allowed_mentions"]["users"] == [awake.id]
    assert f"<@{quiet.id}>" not in asked.content and quiet.name in asked.content


async def test_refused_direct_messages_are_said_in_the_thread_instead(
    bot: Harness, clock: Clock
) -> None:
    dms = catch_dms(bot, refused={ALICE.id, BOB.id, CAROL.id})
    for user in (ALICE, BOB, CAROL):
        await bot.command(user, "me", timezone="Europe/Paris", quiet="08:00-12:00")
    thread = await start(bot, clock="24")
    first = USERS[(await bot.service.game(1)).to_act[0]]
    clock.advance(hours=3, minutes=1)
    before = len(bot.fake.calls)
    await days.run_pass(bot.client, "w1")
    assert dms == {}
    posts = [c for c in bot.fake.calls[before:] if c.method == "POST" and c.channel_id == thread]
    (line,) = [c for c in posts if "quiet hours" in c.content]
    assert f"<@{first.id}>" in line.content
    assert line.json["allowed_mentions"]["users"] == [first.id]
    assert (await bot.service.timing.notify_of(first.key)).dm_closed  # remembered
    await days.run_pass(bot.client, "w1")
    assert not [c for c in bot.fake.calls[before + len(posts) :] if "quiet hours" in c.content]


async def test_a_reminder_in_quiet_hours_names_its_player_and_a_late_pass_sends_nothing(
    bot: Harness, clock: Clock
) -> None:
    dms = catch_dms(bot)
    for user in (ALICE, BOB, CAROL):  # 21:00-10:30 in Paris: 20:00-09:30 UTC
        await bot.command(user, "me", timezone="Europe/Paris", quiet="21:00-10:30")
    thread = await start(bot, clock="24")  # 09:00 UTC: the deadline falls in quiet hours
    late = USERS[(await bot.service.game(1)).to_act[0]]
    # no pass of the loop for a day (the bot was down): the turn's notice, due when the
    # first quiet hours ended (09:30 UTC), is found in the next ones, and waits again
    clock.advance(hours=24)
    before = len(bot.fake.calls)
    await days.run_pass(bot.client, "w1")
    posts = [c for c in bot.fake.calls[before:] if c.method == "POST" and c.channel_id == thread]
    (line,) = [c for c in posts if "ran out" in c.content]
    assert line.content.startswith(f"⌛ {late.name}:"), line.content
    assert not line.json["allowed_mentions"].get("users")
    assert dms == {}
    clock.advance(minutes=31)  # 10:31 in Paris: what waited
    await days.run_pass(bot.client, "w1")
    (text,) = dms[late.id]
    assert "ran out" in text and "#1" in text
