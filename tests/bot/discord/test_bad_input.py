"""Bad input through Discord: each gets one clear ephemeral reply and changes nothing."""

from __future__ import annotations

import pytest

from bot.service import Player
from campfire_testing.harness import (
    CHANNEL_ID,
    MODERATOR,
    Call,
    Harness,
    User,
    http_error,
    with_component,
)
from tests.bot.discord.conftest import ALICE, BOB, CAROL, MALLORY
from tests.bot.discord.test_game_flow import USERS, open_lobby, start_game


def only_reply(calls: list[Call]) -> Call:
    """The single, ephemeral answer (a defer may precede it); nothing posted publicly."""
    public = [c for c in calls if c.method == "POST" and "/channels/" in c.path]
    assert public == [], [c.path for c in public]
    replies = [c for c in calls if c.content or c.embeds]
    assert len(replies) == 1, [(c.path, c.json) for c in calls]
    reply = replies[0]
    deferred_ephemeral = any(c.callback_type == 5 and c.ephemeral for c in calls)
    assert reply.ephemeral or deferred_ephemeral
    return reply


async def acting(bot: Harness) -> tuple[User, User]:
    game = await bot.service.game(1)
    me = USERS[game.to_act[0]]
    other = BOB if me is ALICE else ALICE
    return me, other


async def test_move_out_of_turn(bot: Harness) -> None:
    await start_game(bot, BOB)
    _, waiting = await acting(bot)
    reply = only_reply(await bot.command(waiting, "move", move="take1", game="1"))
    assert "not your turn" in reply.content
    assert (await bot.service.game(1)).version == 0


async def test_garbage_move_text(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, _ = await acting(bot)
    reply = only_reply(await bot.command(me, "move", channel=thread, move="dance a jig"))
    assert "dance a jig" in reply.content
    assert (await bot.service.game(1)).version == 0


async def test_stranger_pressing_buttons(bot: Harness) -> None:
    lobby = await open_lobby(bot, BOB)
    reply = only_reply(await bot.press(MALLORY, lobby, "cf:lobby:start:1"))
    assert "Only the player who opened the game" in reply.content
    reply = only_reply(await bot.press(MALLORY, lobby, "cf:lobby:leave:1"))
    assert "not playing" in reply.content
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    thread = int((await bot.service.game(1)).thread_id or 0)
    turn = bot.find(thread, "cf:play:")
    for custom_id in ("cf:play:1:0", "cf:hand:1"):
        reply = only_reply(await bot.press(MALLORY, turn, custom_id))
        assert "not playing" in reply.content
    assert (await bot.service.game(1)).version == 0


async def test_forged_and_malformed_custom_ids(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, _ = await acting(bot)
    turn = bot.find(thread, "cf:play:")
    for forged in ("cf:play:1:abc", "cf:lobby:explode:1", "cf:move:1", "cf:" + "9" * 90):
        reply = only_reply(await bot.press(me, with_component(turn, forged), forged))
        assert "not valid" in reply.content
    forged = "cf:play:999:0"
    reply = only_reply(await bot.press(me, with_component(turn, forged), forged))
    assert "There is no game #999" in reply.content
    forged = "cf:move:1:0"
    menu = with_component(turn, forged, select=True)
    reply = only_reply(await bot.press(me, menu, forged, values=["take9"]))
    assert "take9" in reply.content
    forged = "someone-elses:button"
    assert await bot.press(me, with_component(turn, forged), forged) == []  # not ours
    assert (await bot.service.game(1)).version == 0


async def test_stale_buttons_say_the_game_moved_on(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    first, second = await acting(bot)
    old_turn = bot.find(thread, "cf:play:")
    await bot.press(first, old_turn, "cf:play:1:0")
    old_menu = bot.message(max(bot.fake.messages))
    await bot.press(first, old_menu, "cf:move:1:0", values=["take1"])
    assert (await bot.service.game(1)).version == 1
    # the first player's old menu: stale, nothing played
    calls = await bot.press(first, old_menu, "cf:move:1:0", values=["take1"])
    edit = next(c for c in calls if "@original" in c.url)
    assert "moved on" in edit.content and edit.custom_ids() == []
    assert (await bot.service.game(1)).version == 1
    # the second player's old Play button: stale, but it is their turn: a fresh menu
    calls = await bot.press(second, old_turn, "cf:play:1:0")
    reply = only_reply(calls)
    assert "moved on" in reply.content
    assert reply.custom_ids() == ["cf:move:1:1"]


async def test_unknown_game_and_unreadable_reference(bot: Harness) -> None:
    reply = only_reply(await bot.command(ALICE, "board", game="999"))
    assert "There is no game #999" in reply.content
    reply = only_reply(await bot.command(ALICE, "scores", game="soon"))
    assert "not a game number" in reply.content
    reply = only_reply(await bot.command(ALICE, "join"))
    assert "Which game?" in reply.content
    reply = only_reply(await bot.command(CAROL, "join", game="999"))
    assert "Il n'y a pas de partie" in reply.content or "999" in reply.content


async def test_bad_options_for_a_new_game(bot: Harness) -> None:
    reply = only_reply(await bot.command(ALICE, "new", rules="nim", options="stones=1000"))
    assert "stones" in reply.content
    reply = only_reply(await bot.command(ALICE, "new", rules="nim", options="just words"))
    assert "name=value" in reply.content
    reply = only_reply(await bot.command(ALICE, "new", rules="nim", options="colour=red"))
    assert "colour" in reply.content
    reply = only_reply(await bot.command(ALICE, "new", rules="nim", players=9))
    assert "between" in reply.content
    assert await bot.service.games_in_channel(str(CHANNEL_ID)) == []


async def test_a_deleted_thread_moves_the_game_to_its_channel_and_the_move_stands(
    bot: Harness,
) -> None:
    """The move is stored before the bot looks for its table (that look may wait for
    Discord); the thread found deleted then moves the game to its channel, the player is
    told, and the move is announced there."""
    thread = await start_game(bot, BOB)
    me, _ = await acting(bot)
    bot.fake.deleted.add(thread)
    calls = await bot.command(me, "move", move="take1", game="1")
    assert (await bot.service.game(1)).version == 1
    said = [c.content for c in calls if c.ephemeral and "thread was deleted" in c.content]
    assert len(said) == 1 and f"<#{CHANNEL_ID}>" in said[0] and "move stands" in said[0]
    posted = [c for c in calls if c.path == "/channels/{channel_id}/messages"]
    assert posted and all(c.channel_id == CHANNEL_ID for c in posted)
    assert (await bot.service.game(1)).thread_id == str(CHANNEL_ID)


async def test_thread_creation_forbidden_plays_in_the_channel(bot: Harness) -> None:
    bot.fake.forbid_threads = True
    lobby = await open_lobby(bot, BOB)
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert game.thread_id is None
    assert bot.find(CHANNEL_ID, "cf:play:1:0")


async def test_posting_failure_after_a_move_is_logged_not_shown(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, _ = await acting(bot)
    original = bot.fake.rest

    async def failing(route, **kwargs):  # type: ignore[no-untyped-def]
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            bot.fake.calls.append(Call("POST", route.path, route.url, route, None))
            raise http_error(500, 0, "Server Error")
        return await original(route, **kwargs)

    bot.client.http.request = failing  # type: ignore[method-assign]
    calls = await bot.command(me, "move", move="take1", channel=thread)
    assert (await bot.service.game(1)).version == 1
    answer = [c for c in calls if c.content]
    assert len(answer) == 1 and "You played" in answer[0].content


async def test_unexpected_failures_are_logged_and_answered_with_an_apology(
    bot: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    thread = await start_game(bot, BOB)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(bot.service, "scores", broken)
    reply = only_reply(await bot.command(ALICE, "scores", channel=thread))
    assert reply.content.startswith("Sorry, something went wrong")
    turn = bot.find(thread, "cf:scores:")
    reply = only_reply(await bot.press(CAROL, turn, "cf:scores:1"))
    assert reply.content.startswith("Désolé")
    failures = [r for r in caplog.records if r.name == "campfire.discord.errors"]
    assert len(failures) == 2 and all(r.exc_info for r in failures)
    assert all("database on fire" not in c.text() for c in bot.fake.calls)


async def test_another_servers_game_is_not_found_by_its_number(bot: Harness) -> None:
    """Game numbers are global: a game of another server cannot be joined, read or
    aborted from here (not even by a moderator of this server), unless one plays in it."""
    elsewhere = await bot.service.create_lobby(
        rules="nim",
        options={"stones": 4},
        guild_id="800000000000000001",
        channel_id="800000000000000002",
        creator=Player(ALICE.key, "Alice"),
    )
    moderator = User(555, "Mod", perms=MODERATOR)
    for user, sub in ((MALLORY, "join"), (MALLORY, "board"), (moderator, "abort")):
        reply = only_reply(await bot.command(user, sub, game=str(elsewhere.id)))
        assert f"There is no game #{elsewhere.id}" in reply.content, (sub, reply.content)
    assert await bot.autocomplete(MALLORY, "move", "move", game=str(elsewhere.id), move="") == []
    game = await bot.service.game(elsewhere.id)
    assert game.status == "lobby" and not game.has_seat(MALLORY.key)
    # a moderator here who plays there is a player there, not a moderator
    await bot.service.join(elsewhere.id, Player(moderator.key, "Mod"))
    reply = only_reply(await bot.command(moderator, "abort", game=str(elsewhere.id)))
    assert "creator or a moderator" in reply.content
    assert (await bot.service.game(elsewhere.id)).status == "lobby"
    # its own players may still name it from here (e.g. to read their hand), as before
    reply = only_reply(await bot.command(moderator, "leave", game=str(elsewhere.id)))
    assert "You left" in reply.content


async def test_ended_game_is_named_in_the_players_language(bot: Harness) -> None:
    """Play and resign on a stopped game: the status is a word of the reader's language."""
    thread = await start_game(bot, CAROL)
    turn = bot.find(thread, "cf:play:")
    await bot.command(ALICE, "abort", game="1")
    reply = only_reply(await bot.press(CAROL, turn, "cf:play:1:0"))
    assert reply.content == "Cette partie n'est pas en cours : elle est annulée."
    reply = only_reply(await bot.command(ALICE, "resign", game="1"))
    assert reply.content == "This game is not being played: it is aborted."


def refusing(bot: Harness, refused: str) -> list[str]:
    """Make Discord refuse the interaction answers whose route is ``refused`` (a 500);
    returns the list of refusals, for asserting they happened."""
    original = bot.fake.webhook
    refusals: list[str] = []

    async def webhook(route, session=None, **kwargs):  # type: ignore[no-untyped-def]
        body = kwargs.get("payload") or {}
        if f"{route.method} {route.path}" == refused and body.get("type") in (None, 7):
            refusals.append(refused)
            raise http_error(500, 0, "Server Error")
        return await original(route, session, **kwargs)

    bot.fake.webhook = webhook  # type: ignore[method-assign]
    return refusals


async def test_a_refused_answer_still_announces_the_committed_move(bot: Harness) -> None:
    """The move is stored before the player's confirmation is sent: if Discord refuses
    that confirmation, the thread still gets the board and the next turn."""
    thread = await start_game(bot, BOB)
    me, other = await acting(bot)
    refusals = refusing(bot, "POST /webhooks/{webhook_id}/{webhook_token}")
    await bot.command(me, "move", move="take1", channel=thread)
    assert refusals and (await bot.service.game(1)).version == 1
    newest = bot.posted_in(thread)[-1]
    assert "cf:play:1:1" in str(newest["components"]) and f"<@{other.id}>" in newest["content"]
    assert any("take" in str(m["embeds"]) for m in bot.posted_in(thread)[-2:])


async def test_a_refused_answer_to_start_still_opens_the_game(bot: Harness) -> None:
    lobby = await open_lobby(bot, BOB)
    refusals = refusing(bot, "POST /interactions/{webhook_id}/{webhook_token}/callback")
    await bot.press(ALICE, lobby, "cf:lobby:start:1")
    game = await bot.service.game(1)
    assert refusals and game.status == "running" and game.thread_id is not None
    assert bot.find(int(game.thread_id), "cf:play:1:0")


async def test_a_failing_move_autocomplete_is_logged_and_offers_nothing(
    bot: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    thread = await start_game(bot, BOB)
    me, _ = await acting(bot)
    assert await bot.autocomplete(MALLORY, "move", "move", channel=thread, move="") == []
    assert await bot.autocomplete(me, "move", "move", game="soon", move="") == []
    assert not [r for r in caplog.records if r.levelno >= 40]  # expected refusals: quiet

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("legal moves on fire")

    monkeypatch.setattr(bot.service, "legal_moves", broken)
    assert await bot.autocomplete(me, "move", "move", channel=thread, move="") == []
    failures = [r for r in caplog.records if r.name == "campfire.discord.commands"]
    assert len(failures) == 1 and failures[0].levelno >= 40 and failures[0].exc_info


async def test_a_forged_button_cannot_reach_another_servers_game(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    elsewhere = await bot.service.create_lobby(
        rules="nim",
        options={"stones": 4},
        guild_id="800000000000000001",
        channel_id="800000000000000002",
        creator=Player(ALICE.key, "Alice"),
    )
    turn = bot.find(thread, "cf:play:")
    for forged in (f"cf:lobby:join:{elsewhere.id}", f"cf:scores:{elsewhere.id}"):
        reply = only_reply(await bot.press(MALLORY, with_component(turn, forged), forged))
        assert f"There is no game #{elsewhere.id}" in reply.content
    assert not (await bot.service.game(elsewhere.id)).has_seat(MALLORY.key)
    forged = f"cf:lobby:leave:{elsewhere.id}"  # its creator, who plays there, still can
    calls = await bot.press(ALICE, with_component(turn, forged), forged)
    assert (await bot.service.game(elsewhere.id)).status == "aborted", calls
