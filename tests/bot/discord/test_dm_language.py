"""Direct messages speak their player's language, public messages the server's: a
follower's notices, turn and reminder DMs and the digest, from an English server and
from a French one; ``/campfire me language:`` beats the Discord client's language,
automatic falls back to it, and a language Campfire does not speak falls back to the
server's; ``/campfire me`` says which; using Campfire records the client's language
with no write when it did not change."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.discord import days
from campfire_testing.harness import CHANNEL_ID, Harness
from campfire_testing.payloads import User, user_payload
from tests.bot.days import Clock
from tests.bot.discord.conftest import ALICE, BOB, CAROL
from tests.bot.discord.test_days import ADMIN, USERS, harness, settings_command, start
from tests.bot.discord.test_following import nim, play_out
from tests.bot.discord.test_notices import catch_dms

DAVE = User(105, "Dave", locale="en-GB")
ERIK = User(106, "Erik", locale="de")


@pytest.fixture
def clock() -> Clock:
    return Clock()  # 2026-03-02 09:00 UTC: 10:00 in Paris


@pytest.fixture
async def bot(db_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> Harness:
    return await harness(db_path, monkeypatch, clock)


DM_CHANNELS = 720000000000000000
"""Each user's DM channel is this plus their id."""


def capture_dms(bot: Harness) -> list[tuple[str, str]]:
    """``(recipient, content)`` of every direct message the bot sends from now on (each
    user's own DM channel, which discord.py keeps once opened)."""
    sent: list[tuple[str, str]] = []
    original = bot.fake.rest

    async def rest(route: Any, **kwargs: Any) -> Any:
        if f"{route.method} {route.path}" == "POST /users/@me/channels":
            recipient = int(kwargs["json"]["recipient_id"])
            return {
                "id": str(DM_CHANNELS + recipient),
                "type": 1,
                "recipients": [user_payload(recipient, "x")],
                "last_message_id": None,
            }
        if route.channel_id and 0 < int(route.channel_id) - DM_CHANNELS < 10**6:
            text = (kwargs.get("json") or {}).get("content", "")
            sent.append((str(int(route.channel_id) - DM_CHANNELS), text))
            return bot.fake.message(int(route.channel_id), kwargs.get("json") or {}, [])
        return await original(route, **kwargs)

    bot.client.http.request = rest  # type: ignore[method-assign]
    return sent


def said_to(sent: list[tuple[str, str]], user: User) -> list[str]:
    return [text for who, text in sent if who == user.key]


async def test_followers_read_their_own_language_from_a_french_server(bot: Harness) -> None:
    await settings_command(bot, ADMIN, language="fr")
    thread = await nim(bot)
    sent = capture_dms(bot)
    for follower in (DAVE, ERIK):
        await bot.command(follower, "follow", game="1", mode="turns", channel=CHANNEL_ID)
    calls = await play_out(bot, thread)
    public = [c.content for c in calls if c.method == "POST" and c.channel_id == thread]
    assert public and all("to play" not in (text or "") for text in public)  # the server's
    dave, erik = said_to(sent, DAVE), said_to(sent, ERIK)
    assert len(dave) == len(erik) == 10  # nine new turns, then the end
    assert all(text.startswith("#1 Nim: a new turn, ") for text in dave[:-1])  # his Discord's
    assert dave[-1].startswith("#1 Nim is over: the result is in its thread.")
    # Campfire speaks no German: the server's language
    assert all(text.startswith("Partie n°1 Nim : nouveau tour, ") for text in erik[:-1])
    assert erik[-1].startswith("La partie n°1 Nim est finie")


async def test_a_language_chosen_beats_the_clients_and_automatic_goes_back(
    bot: Harness,
) -> None:
    thread = await nim(bot)
    sent = capture_dms(bot)
    await bot.command(DAVE, "follow", game="1", mode="turns", channel=CHANNEL_ID)
    calls = await bot.command(DAVE, "me", language="fr")
    assert "Your direct messages speak French, as you chose" in calls[-1].content
    game = await bot.service.game(1)
    mover = ALICE if ALICE.key in game.to_act else BOB
    await bot.command(mover, "move", move="take1", channel=thread)
    assert said_to(sent, DAVE)[-1].startswith("Partie n°1 Nim : nouveau tour, ")
    calls = await bot.command(DAVE, "me", language="auto")
    assert "speak English, the language of your Discord" in calls[-1].content
    other = BOB if mover is ALICE else ALICE
    await bot.command(other, "move", move="take1", channel=thread)
    assert said_to(sent, DAVE)[-1].startswith("#1 Nim: a new turn, ")
    # Carol's Discord speaks French; she chooses English (a word typed works too)
    calls = await bot.command(CAROL, "me")
    assert "Vos messages privés sont en français, la langue de votre Discord" in str(calls[-1])
    calls = await bot.command(CAROL, "me", language="English")
    assert "Vos messages privés sont en anglais, à votre choix" in calls[-1].content
    assert (await bot.service.notices.preferences(CAROL.key)).language == "en"


async def test_me_says_the_servers_language_and_refuses_what_it_does_not_speak(
    bot: Harness,
) -> None:
    calls = await bot.command(ERIK, "me")
    assert "speak English, this server's language" in calls[-1].content
    await settings_command(bot, ADMIN, language="fr")
    calls = await bot.command(ERIK, "me")
    assert "speak French, this server's language" in calls[-1].content
    calls = await bot.command(ERIK, "me", language="Deutsch", timezone="Europe/Berlin")
    assert calls[-1].ephemeral and "Choose the language of your direct messages" in str(
        calls[-1].content
    )
    chosen = await bot.service.notices.preferences(ERIK.key)
    assert (chosen.language, chosen.timezone) == (None, None)  # nothing changed
    offered = await bot.autocomplete(CAROL, "me", "language", language="")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("English", "en"),
        ("Français", "fr"),
        ("automatique (la langue de votre Discord)", "auto"),
    ]
    offered = await bot.autocomplete(DAVE, "me", "language", language="fr")
    assert [c["value"] for c in offered] == ["fr"]


async def test_turn_and_reminder_dms_speak_each_players_language(
    bot: Harness, clock: Clock
) -> None:
    sent = capture_dms(bot)
    for user in (ALICE, BOB, CAROL):
        await bot.command(user, "me", dm=True)
    thread = await start(bot, clock="24")
    for _ in range(3):  # each of the three to act once
        game = await bot.service.game(1)
        await bot.command(USERS[game.to_act[0]], "move", move="take1", channel=thread)
    for user in (ALICE, BOB):
        assert said_to(sent, user) and all(
            t.startswith("Your turn in #1") for t in said_to(sent, user)
        )
    assert said_to(sent, CAROL)
    assert all(t.startswith("À vous de jouer dans la partie n°1") for t in said_to(sent, CAROL))
    late = USERS[(await bot.service.game(1)).to_act[0]]
    before = len(said_to(sent, late))
    clock.advance(hours=12)
    await days.run_pass(bot.client, "w1")
    (reminder,) = said_to(sent, late)[before:]
    start_of = "Un rappel de la partie n°1" if late is CAROL else "A reminder from #1"
    assert reminder.startswith(start_of), reminder


@pytest.mark.parametrize(
    ("server", "choice", "words"),
    [("en", "fr", "Résumé Campfire"), ("fr", "en", "Campfire digest")],
)
async def test_a_digest_speaks_its_players_language_not_the_servers(
    bot: Harness, clock: Clock, server: str, choice: str, words: str
) -> None:
    if server == "fr":
        await settings_command(bot, ADMIN, language="fr")
    sent = capture_dms(bot)
    for user in (ALICE, BOB, CAROL):
        await bot.command(user, "me", timezone="Europe/Paris", frequency="digest", digest="18:00")
    thread = await start(bot, clock="48")
    first = USERS[(await bot.service.game(1)).to_act[0]]
    await bot.command(first, "me", language=choice)
    clock.advance(hours=8)  # 18:00 in Paris
    await days.run_pass(bot.client, "w1")
    (text,) = said_to(sent, first)
    assert words in text and text.count("#1" if choice == "en" else "n°1") == 1
    assert f"/{thread}" in text


async def test_using_campfire_records_the_clients_language_once(bot: Harness) -> None:
    store = bot.service.store
    writes: Counter[str] = Counter()
    original = store.set_client_language

    async def counted(user_id: str, language: str | None) -> None:
        writes[user_id] += 1
        await original(user_id, language)

    store.set_client_language = counted  # type: ignore[method-assign]
    try:
        for _ in range(3):
            await bot.command(CAROL, "games")
            await bot.command(ALICE, "games")
        assert writes == {CAROL.key: 1, ALICE.key: 1}  # once each, then nothing
        assert (await bot.service.notices.preferences(CAROL.key)).client_language == "fr"
        assert (await bot.service.notices.preferences(ALICE.key)).client_language == "en"
        await bot.command(ERIK, "games")  # nothing known, nothing to write
        assert ERIK.key not in writes
    finally:
        del store.set_client_language


async def test_a_refused_dm_is_said_in_the_thread_in_the_servers_language(
    bot: Harness, clock: Clock
) -> None:
    """Everyone chose French in an English server and closed their direct messages: what
    waited is said in the thread, a public line, in English."""
    dms = catch_dms(bot, refused={ALICE.id, BOB.id, CAROL.id})
    for user in (ALICE, BOB, CAROL):
        await bot.command(user, "me", timezone="Europe/Paris", quiet="08:00-12:00", language="fr")
    thread = await start(bot, clock="24")
    first = USERS[(await bot.service.game(1)).to_act[0]]
    clock.advance(hours=3, minutes=1)
    before = len(bot.fake.calls)
    await days.run_pass(bot.client, "w1")
    assert dms == {}
    posts = [c for c in bot.fake.calls[before:] if c.method == "POST" and c.channel_id == thread]
    (line,) = [c for c in posts if f"<@{first.id}>" in c.content]
    assert "waited during quiet hours" in line.content, line.content
