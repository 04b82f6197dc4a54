"""Each command and button answered as Discord expects: ephemeral where private,
attachments, mentions, components and custom ids."""

from __future__ import annotations

from datetime import timedelta

from bot.service import Player
from campfire_testing.harness import (
    CHANNEL_ID,
    GUILD_ID,
    MODERATOR,
    Harness,
    User,
)
from tests.bot.discord.conftest import ALICE, BOB, CAROL, MALLORY
from tests.bot.discord.test_bad_input import acting, only_reply
from tests.bot.discord.test_game_flow import PNG, open_lobby, start_game


async def test_hand_and_scores_are_private_embeds(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    reply = only_reply(await bot.command(ALICE, "hand", channel=thread))
    assert reply.ephemeral and "Your stones" in reply.text()  # Nim's own section
    assert "Stones you took: 0" in reply.text() and "nothing hidden" not in reply.text()
    reply = only_reply(await bot.command(BOB, "scores", channel=thread))
    assert reply.ephemeral
    fields = reply.embeds[0]["fields"]
    assert {f["name"].split(":")[0] for f in fields} == {"Alice", "Bob"}
    assert all("Win: **0**" in f["value"] for f in fields)
    turn = bot.find(thread, "cf:play:")
    reply = only_reply(await bot.press(ALICE, turn, "cf:scores:1"))
    assert reply.ephemeral and reply.embeds[0]["title"].startswith("Scores so far")
    reply = only_reply(await bot.press(BOB, turn, "cf:hand:1"))
    assert reply.ephemeral


async def test_board_is_deferred_then_sent_privately_with_the_picture(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    calls = await bot.command(CAROL, "board", channel=thread)
    assert calls[0].callback_type == 5 and calls[0].ephemeral  # deferred at once
    sent = calls[-1]
    assert sent.ephemeral and sent.files and sent.files[0][1].startswith(PNG)
    assert sent.embeds[0]["image"]["url"] == f"attachment://{sent.files[0][0]}"
    assert sent.embeds[0]["title"] == "n°1 Nim"  # Carol reads French


async def test_board_of_a_lobby_says_not_started(bot: Harness) -> None:
    await open_lobby(bot)
    reply = only_reply(await bot.command(ALICE, "board", game="1"))
    assert "not started" in reply.content


async def test_games_lists_mine_with_whose_turn_and_a_jump_link(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    game = await bot.service.game(1)
    turn_id = (await bot.service.messages(1))["turn"]
    reply = only_reply(await bot.command(BOB, "games", channel=CHANNEL_ID))
    text = reply.text()
    assert f"https://discord.com/channels/{GUILD_ID}/{thread}/{turn_id}" in text
    assert f"<@{game.to_act[0]}>" in text
    reply = only_reply(await bot.command(MALLORY, "games", channel=999))
    assert "No game" in reply.text()


async def test_help_says_what_to_do_now(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    me, other = await acting(bot)
    reply = only_reply(await bot.command(me, "help", channel=thread))
    assert "It is your turn" in reply.text()
    reply = only_reply(await bot.command(other, "help", channel=thread))
    assert "waiting for" in reply.text()
    reply = only_reply(await bot.command(MALLORY, "help", channel=999))
    assert "no game running" in reply.text() and "nim" in reply.text()


async def test_resign_asks_then_ends_the_game_for_everybody(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    reply = only_reply(await bot.command(BOB, "resign", channel=thread))
    assert reply.custom_ids() == ["cf:resign:1"]
    assert (await bot.service.game(1)).status == "running"
    confirm = bot.message(max(bot.fake.messages))
    calls = await bot.press(BOB, confirm, "cf:resign:1")
    assert calls[0].callback_type == 7 and "You resigned" in calls[0].content
    game = await bot.service.game(1)
    assert game.status == "over"
    texts = [m["content"] for m in bot.posted_in(thread)]
    assert "Bob resigned." in texts
    assert bot.posted_in(thread)[-1]["embeds"][0]["title"].startswith(
        "#1 Nim is over — winner: Alice"
    )


async def test_abort_needs_the_creator_or_a_moderator(bot: Harness) -> None:
    lobby = await open_lobby(bot, BOB)
    reply = only_reply(await bot.command(BOB, "abort", game="1"))
    assert "creator or a moderator" in reply.content
    moderator = User(555, "Mod", perms=MODERATOR)
    calls = await bot.command(moderator, "abort", game="1")
    assert calls[0].ephemeral and "was stopped" in calls[0].content
    assert (await bot.service.game(1)).status == "aborted"
    edit = next(c for c in calls if c.method == "PATCH")
    assert edit.url.endswith(f"/messages/{lobby['id']}") and edit.json["components"] == []


async def test_commands_update_the_lobby_message(bot: Harness) -> None:
    lobby = await open_lobby(bot)
    calls = await bot.command(BOB, "join", game="1")
    assert calls[0].ephemeral and "You joined #1 Nim" in calls[0].content
    assert "<@102>" in bot.message(lobby["id"])["embeds"][0]["fields"][0]["value"]
    calls = await bot.command(BOB, "leave", game="1")
    assert "You left" in calls[0].content
    assert "<@102>" not in bot.message(lobby["id"])["embeds"][0]["fields"][0]["value"]
    await bot.command(BOB, "join", game="1")
    calls = await bot.command(ALICE, "start")  # the only game of this channel is implied
    assert calls[0].ephemeral and "has started" in calls[0].content
    assert any(c.path.endswith("/threads") for c in calls)
    assert (await bot.service.game(1)).status == "running"


async def wide_game(bot: Harness) -> int:
    game = await bot.service.create_lobby(
        rules="wide",
        options={},
        guild_id=str(GUILD_ID),
        channel_id=str(CHANNEL_ID),
        creator=Player(ALICE.key, "Alice"),
    )
    await bot.service.join(game.id, Player(BOB.key, "Bob"))
    await bot.command(ALICE, "start", game=str(game.id))
    started = await bot.service.game(game.id)
    assert started.thread_id is None  # no lobby message to hang a thread on: the channel
    return int(started.channel_id)


async def test_long_move_lists_are_grouped_then_paged(bot: Harness) -> None:
    thread = await wide_game(bot)
    me, _ = await acting(bot)
    turn = bot.find(thread, "cf:play:")
    reply = only_reply(await bot.press(me, turn, "cf:play:1:0"))
    assert reply.custom_ids() == ["cf:group:1:0"]
    groups = reply.data["components"][0]["components"][0]["options"]
    assert [g["label"] for g in groups] == ["alpha (30)", "beta (20)", "gamma (10)"]
    menu = bot.message(max(bot.fake.messages))
    calls = await bot.press(me, menu, "cf:group:1:0", values=["0"])
    assert calls[0].callback_type == 7  # the menu is edited in place
    page = calls[0]
    assert page.custom_ids() == ["cf:move:1:0", "cf:page:1:0:0:1", "cf:page:1:0:-:0"]
    assert len(page.data["components"][0]["components"][0]["options"]) == 25
    menu = bot.message(menu["id"])
    calls = await bot.press(me, menu, "cf:page:1:0:0:1")
    second = calls[0]
    assert second.custom_ids() == ["cf:move:1:0", "cf:page:1:0:0:0", "cf:page:1:0:-:0"]
    options = second.data["components"][0]["components"][0]["options"]
    assert [o["value"] for o in options] == [f"alpha-{n}" for n in range(25, 30)]
    menu = bot.message(menu["id"])
    await bot.press(me, menu, "cf:move:1:0", values=["alpha-29"])
    assert (await bot.service.game(1)).version == 1


async def test_move_autocomplete_is_filtered_and_at_most_25(bot: Harness) -> None:
    thread = await wide_game(bot)
    me, other = await acting(bot)
    everything = await bot.autocomplete(me, "move", "move", channel=thread, move="")
    assert len(everything) == 25
    some = await bot.autocomplete(me, "move", "move", channel=thread, move="beta-3")
    assert [c["value"] for c in some] == [f"beta-{n}" for n in range(30, 40)]
    assert await bot.autocomplete(other, "move", "move", channel=thread, move="") == []
    assert await bot.autocomplete(me, "move", "move", channel=thread, move="zzz") == []


async def test_move_autocomplete_offers_every_kind_of_move_when_too_many(bot: Harness) -> None:
    thread = await wide_game(bot)
    me, _ = await acting(bot)
    offered = [
        c["value"] for c in await bot.autocomplete(me, "move", "move", channel=thread, move="")
    ]
    kinds = [v.split("-")[0] for v in offered]
    assert [kinds.count(k) for k in ("alpha", "beta", "gamma")] == [9, 8, 8]  # in turn
    assert offered == sorted(offered, key=lambda v: int(v.split("-")[1]))  # the game's order


async def test_game_and_option_autocomplete(bot: Harness) -> None:
    await open_lobby(bot)
    await bot.command(ALICE, "new", rules="nim", channel=999)
    mine = await bot.autocomplete(ALICE, "board", "game", channel=999, game="")
    assert [c["value"] for c in mine] == ["2", "1"]  # newest first
    assert await bot.autocomplete(BOB, "board", "game", channel=999, game="") != []
    assert await bot.autocomplete(MALLORY, "board", "game", channel=12345, game="") == []
    filtered = await bot.autocomplete(ALICE, "board", "game", channel=999, game="#1 ")
    assert [c["value"] for c in filtered] == ["1"]
    options = await bot.autocomplete(ALICE, "new", "options", rules="nim", options="")
    assert 1 <= len(options) <= 25
    assert {c["value"] for c in options} == {"stones=15", "stones=3", "stones=60"}


async def test_abort_of_a_running_game_is_announced_in_its_thread(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    reply = only_reply(await bot.command(BOB, "abort", channel=thread))
    assert "creator or a moderator" in reply.content
    calls = await bot.command(ALICE, "abort", channel=thread)
    assert calls[0].ephemeral and "was stopped" in calls[0].content
    notice = bot.posted_in(thread)[-1]
    assert notice["content"] == "<@101> stopped this game. It ends without a result."
    assert (await bot.service.game(1)).status == "aborted"
    turn = bot.find(thread, "cf:play:")
    reply = only_reply(await bot.press(ALICE, turn, "cf:play:1:0"))
    assert "not being played" in reply.content


async def test_games_lists_a_finished_game_for_a_day_with_its_result(bot: Harness) -> None:
    await start_game(bot, BOB)  # Nim with 4 stones: take1 until the last is taken
    game = await bot.service.game(1)
    while game.status == "running":
        game = (await bot.service.play(1, game.to_act[0], "take1")).game
    places = {r.seat: r for r in await bot.service.results(1)}
    winner = next(seat for seat, place in places.items() if place.rank == 1)
    for user in (ALICE, BOB):
        text = only_reply(await bot.command(user, "games", channel=CHANNEL_ID)).text()
        assert "#1 Nim" in text and "over" in text
        assert f"1. {game.name_of(winner)} ({places[winner].score})" in text
    clock = bot.service._clock
    clock.now += timedelta(days=1, minutes=1)  # type: ignore[attr-defined]
    text = only_reply(await bot.command(ALICE, "games", channel=CHANNEL_ID)).text()
    assert "#1 Nim" not in text and "No game" in text


async def test_a_page_of_the_next_decisions_menu_keeps_the_undo_button(bot: Harness) -> None:
    """A decision followed by another of the same turn: its confirmation carries the
    next menu and Undo; choosing a kind of move and turning pages keeps Undo there."""
    game = await bot.service.create_lobby(
        rules="wide",
        options={"picks": 2},
        guild_id=str(GUILD_ID),
        channel_id=str(CHANNEL_ID),
        creator=Player(ALICE.key, "Alice"),
    )
    await bot.service.join(game.id, Player(BOB.key, "Bob"))
    await bot.command(ALICE, "start", game=str(game.id))
    thread = int((await bot.service.game(game.id)).channel_id)
    me, _ = await acting(bot)
    calls = await bot.command(me, "move", move="alpha-03", channel=thread)
    reply = next(c for c in calls if c.ephemeral and c.content and c.method == "POST")
    assert reply.custom_ids() == ["cf:group:1:1", "cf:undo:1:1"]
    menu = bot.message(max(bot.fake.messages))
    page = (await bot.press(me, menu, "cf:group:1:1", values=["0"]))[0]
    assert page.custom_ids() == ["cf:move:1:1", "cf:page:1:1:0:1", "cf:page:1:1:-:0", "cf:undo:1:1"]
    second = (await bot.press(me, bot.message(menu["id"]), "cf:page:1:1:0:1"))[0]
    assert second.custom_ids()[-1] == "cf:undo:1:1"
    await bot.press(me, bot.message(menu["id"]), "cf:move:1:1", values=["alpha-29"])
    assert (await bot.service.game(1)).version == 2
