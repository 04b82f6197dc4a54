"""``/campfire follow``: a player mutes a game's pings (the turn message still names
them; with ``mute_all`` its reminders too), someone without a seat follows it and gets
a direct message at each new turn and at its end; what makes no sense is refused in the
caller's language; ``/campfire games`` lists the games followed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord import days
from bot.service import Player
from campfire_testing.harness import CHANNEL_ID, OTHER_CHANNEL_ID, Harness
from campfire_testing.payloads import user_payload
from tests.bot.days import Clock
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_days import harness

DM_CHANNEL = 700000000000000009


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def bot(db_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> Harness:
    return await harness(db_path, monkeypatch, clock)


def capture_dms(bot: Harness) -> list[tuple[str, str]]:
    """``(recipient, content)`` of every direct message the bot sends from now on."""
    sent: list[tuple[str, str]] = []
    recipient = {"id": ""}
    original = bot.fake.rest

    async def rest(route: Any, **kwargs: Any) -> Any:
        if f"{route.method} {route.path}" == "POST /users/@me/channels":
            recipient["id"] = kwargs["json"]["recipient_id"]
            return {
                "id": str(DM_CHANNEL),
                "type": 1,
                "recipients": [user_payload(int(recipient["id"]), "x")],
                "last_message_id": None,
            }
        if route.channel_id == DM_CHANNEL:
            sent.append((str(recipient["id"]), (kwargs.get("json") or {}).get("content", "")))
        return await original(route, **kwargs)

    bot.client.http.request = rest  # type: ignore[method-assign]
    return sent


async def nim(bot: Harness, *, clock: str | None = None) -> int:
    """Alice opens Nim (9 stones) with Bob and starts it; the thread."""
    options: dict[str, Any] = {"rules": "nim", "options": "stones=9"}
    if clock is not None:
        options["clock"] = clock
    await bot.command(ALICE, "new", **options)
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    await bot.press(BOB, lobby, "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.thread_id is not None
    return int(game.thread_id)


def turn_posts(calls: list[Any], thread: int) -> list[Any]:
    return [c for c in calls if c.method == "POST" and c.channel_id == thread and c.files]


async def play_out(bot: Harness, thread: int) -> list[Any]:
    calls: list[Any] = []
    while (game := await bot.service.game(1)).status == "running":
        mover = ALICE if ALICE.key in game.to_act else BOB
        calls += await bot.command(mover, "move", move="take1", channel=thread)
    return calls


async def test_a_muted_player_is_named_but_not_pinged(bot: Harness, clock: Clock) -> None:
    thread = await nim(bot)
    game = await bot.service.game(1)
    other = BOB if game.to_act[0] == ALICE.key else ALICE
    mover = ALICE if other is BOB else BOB
    calls = await bot.command(other, "follow", mode="mute", channel=thread)
    assert calls[-1].ephemeral and "is muted for you" in calls[-1].content
    assert "reminders still ping you" in calls[-1].content
    calls = await bot.command(mover, "move", move="take1", channel=thread)
    (post,) = turn_posts(calls, thread)
    assert other.name in post.content and f"<@{other.key}>" not in post.content  # named
    assert post.json["allowed_mentions"] == {"parse": []}  # no ping
    calls = await bot.command(other, "follow", mode="unmute", channel=thread)
    assert "pings you again" in calls[-1].content
    calls = await bot.command(other, "move", move="take1", channel=thread)
    calls = await bot.command(mover, "move", move="take1", channel=thread)
    (post,) = turn_posts(calls, thread)
    assert post.json["allowed_mentions"]["users"] == [int(other.key)]


async def test_a_player_muting_reminders_too_gets_no_reminder_ping(
    bot: Harness, clock: Clock
) -> None:
    thread = await nim(bot, clock="24")
    late = (await bot.service.game(1)).to_act[0]
    player = ALICE if late == ALICE.key else BOB
    await bot.command(player, "follow", mode="mute_all", channel=thread)
    before = len(bot.fake.calls)
    clock.advance(hours=12)
    await days.run_pass(bot.client, "w1")
    posts = [c for c in bot.fake.calls[before:] if c.channel_id == thread and c.method == "POST"]
    (reminder,) = posts
    assert "half of the time" in reminder.content and f"<@{late}>" not in reminder.content
    assert reminder.json["allowed_mentions"]["users"] == []


async def test_a_follower_gets_each_new_turn_and_the_result_by_dm(
    bot: Harness, clock: Clock
) -> None:
    thread = await nim(bot)
    sent = capture_dms(bot)
    calls = await bot.command(CAROL, "follow", game="1", mode="turns", channel=CHANNEL_ID)
    assert calls[-1].ephemeral
    assert "Vous suivez la partie n°1 Nim" in calls[-1].content  # Carol reads French
    listing = await bot.command(CAROL, "games", channel=OTHER_CHANNEL_ID)
    assert "n°1 Nim" in str(listing[-1].json)  # the game followed, from another channel
    await play_out(bot, thread)
    mine = [text for user, text in sent if user == CAROL.key]
    turns = [text for text in mine if "nouveau tour" in text]  # in her language, not the table's
    assert len(turns) == 9 and all("Partie n°1 Nim : nouveau tour, " in text for text in turns)
    assert all("https://discord.com/channels/" in text for text in turns)
    assert mine[-1].startswith("La partie n°1 Nim est finie : le résultat est dans son fil.")
    assert not [u for u, _ in sent if u != CAROL.key]  # nobody else asked for DMs


async def test_a_follower_of_the_result_alone_hears_once(bot: Harness, clock: Clock) -> None:
    thread = await nim(bot)
    sent = capture_dms(bot)
    await bot.command(CAROL, "follow", game="1", mode="result")
    await play_out(bot, thread)
    assert [(user, text.split(". ")[0]) for user, text in sent] == [
        (CAROL.key, "La partie n°1 Nim est finie : le résultat est dans son fil")
    ]


@pytest.mark.parametrize(
    ("user", "mode", "words"),
    [
        (CAROL, "mute", "Seuls les joueurs de la partie n°1"),
        (ALICE, "turns", "You play game #1"),
    ],
)
async def test_what_makes_no_sense_is_refused_and_changes_nothing(
    bot: Harness, clock: Clock, user: Any, mode: str, words: str
) -> None:
    thread = await nim(bot)
    calls = await bot.command(user, "follow", mode=mode, channel=thread)
    assert calls[-1].ephemeral and words in calls[-1].content
    assert await bot.service.follows.of_game(1) == {}


async def test_a_game_of_another_server_cannot_be_followed(bot: Harness, clock: Clock) -> None:
    """Game numbers are global: following one of another server would tell its turns to
    a stranger. It is "not found" to anyone without a seat there."""
    service = bot.service
    lobby = await service.create_lobby(
        rules="nim", options={}, guild_id="999", channel_id="5", creator=Player("7", "Eve")
    )
    await service.join(lobby.id, Player("8", "Finn"))
    await service.start(lobby.id, "7", shuffle_seats=False)
    calls = await bot.command(CAROL, "follow", game=str(lobby.id), mode="turns")
    assert calls[-1].ephemeral and f"pas de partie n°{lobby.id}" in calls[-1].content
    assert await service.follows.of_game(lobby.id) == {}
