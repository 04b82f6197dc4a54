"""What the tournament's messages say, read as posted: an organiser told about another
player is told about that player (never "you"), the registration message keeps only
what is still true, and the counts agree with their numbers."""

from __future__ import annotations

from campfire_testing.harness import CHANNEL_ID, GUILD_ID, Harness, User
from tests.bot.discord.test_tournaments import (
    ADMIN,
    BOB,
    CAROL,
    DAN,
    four_registered,
    open_nim,
    play_out,
    register,
    text_of,
)

FAY = User(107, "Fay")


async def test_an_organiser_naming_someone_without_a_place_is_told_about_them(
    bot: Harness,
) -> None:
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    calls = await bot.command(ADMIN, "tournament withdraw", player=FAY)
    assert calls[-1].ephemeral
    assert calls[-1].content == "Fay holds no place in this tournament."
    calls = await bot.command(DAN, "tournament withdraw")  # Dan's own: still "you"
    assert calls[0].ephemeral and "leaves the next rounds" in calls[0].content
    calls = await bot.command(DAN, "tournament withdraw")
    assert calls[-1].content == "You hold no place in this tournament."


async def test_an_organiser_bringing_in_a_player_already_entered_is_told_about_them(
    bot: Harness,
) -> None:
    await four_registered(bot)
    await bot.command(ADMIN, "tournament start")
    table = next(
        t for t in (await bot.service.tournaments.round_list(1))[0].tables if DAN.key in t.players
    )
    await play_out(bot, table.game_id or 0)
    calls = await bot.command(ADMIN, "tournament substitute", **{"out": DAN, "in": BOB})
    assert calls[-1].ephemeral
    assert calls[-1].content.startswith("Bob already holds a place in this tournament")
    assert "you" not in calls[-1].content.lower()


async def test_the_registration_message_drops_its_closing_date_once_closed(bot: Harness) -> None:
    message = await open_nim(bot, rounds=1, closes="2")
    message = await register(bot, message, BOB, CAROL)
    assert "Registration closes" in text_of(bot.message(message["id"]))
    assert "Clock: no turn clock\n" in text_of(bot.message(message["id"]))  # no rule shown
    assert "Swiss, 1 round ·" in text_of(bot.message(message["id"]))
    await bot.command(ADMIN, "tournament start")
    closed = text_of(bot.message(message["id"]))
    assert "Registration closes" not in closed and "Under way" in closed


async def test_the_round_and_the_standings_read_as_french(bot: Harness) -> None:
    await bot.service.set_guild_language(str(GUILD_ID), "fr")
    message = await open_nim(bot, rounds=1, closes="2", round_days=1)
    assert "dure au plus 1 jour ;" in text_of(bot.message(message["id"]))
    await register(bot, message, BOB, CAROL)
    await bot.command(ADMIN, "tournament start")
    posted = [m["content"] or "" for m in bot.posted_in(CHANNEL_ID)]
    assert any("la ronde 1 sur 1 est ouverte" in text for text in posted)
    (table,) = (await bot.service.tournaments.round_list(1))[0].tables
    await play_out(bot, table.game_id or 0)
    from bot.discord import tourney_posts

    await tourney_posts.run_pass(bot.client)
    await bot.settle()
    final = next(m for m in bot.posted_in(CHANNEL_ID) if "est terminé" in (m["content"] or ""))
    lines = final["embeds"][0]["description"]
    assert " — 1 pt ·" in lines and " — 0 pt ·" in lines, lines
