"""``/campfire standings`` and ``/campfire stats``: private embeds with the ratings of
this server, the asker's own line, and a player's games under way."""

from __future__ import annotations

from campfire_testing.harness import CHANNEL_ID, GUILD_ID, Harness, User
from tests.bot.discord.conftest import ALICE, BOB, CAROL, MALLORY
from tests.bot.discord.test_bad_input import only_reply
from tests.bot.discord.test_game_flow import start_game
from tests.bot.discord.test_season_news import answer  # these two also post to the server


async def finish(bot: Harness) -> str:
    """Play game 1 to its end (take1 each turn); return the winner's user id."""
    game = await bot.service.game(1)
    while game.status == "running":
        game = (await bot.service.play(1, game.to_act[0], "take1")).game
    return next(r.seat for r in await bot.service.results(1) if r.rank == 1)


async def test_standings_before_and_after_a_game(bot: Harness) -> None:
    text = only_reply(await bot.command(ALICE, "standings", channel=CHANNEL_ID)).text()
    assert "Nobody has finished" in text
    await start_game(bot, BOB)
    winner = await finish(bot)
    loser = next(u for u in (ALICE.key, BOB.key) if u != winner)
    reply = only_reply(await bot.command(MALLORY, "standings", rules="nim", channel=CHANNEL_ID))
    text = reply.text()
    assert "2 players rated" in reply.embeds[0]["footer"]["text"]
    assert "Standings: Nim" in text
    assert text.index(f"1. <@{winner}>") < text.index(f"2. <@{loser}>")
    assert "(1 game, 1 won)" in text
    assert "You have not finished a game" in text  # Mallory's own line
    french = only_reply(await bot.command(CAROL, "standings", channel=CHANNEL_ID)).text()
    assert "Classement : Nim" in french and "(1 partie, 1 gagnée)" in french


async def test_stats_of_me_and_of_another_player_in_french(bot: Harness) -> None:
    await start_game(bot, BOB)
    winner = await finish(bot)
    text = only_reply(await bot.command(ALICE, "stats", channel=CHANNEL_ID)).text()
    won = 1 if winner == ALICE.key else 0
    assert "Alice on this server" in text and f"1 game finished, {won} won" in text
    assert "**Nim**: #" in text and "Games under way" in text
    text = only_reply(await bot.command(CAROL, "stats", player=BOB, channel=CHANNEL_ID)).text()
    assert "Bob sur ce serveur" in text and "1 partie terminée" in text
    text = only_reply(await bot.command(CAROL, "stats", channel=CHANNEL_ID)).text()
    assert "Aucune partie terminée" in text and "Parties en cours" in text


GUILD = str(GUILD_ID)
HOST = User(104, "Dana", perms=str(1 << 5 | 1 << 11 | 1 << 31))  # Manage Server


async def test_a_season_started_shown_and_ended_through_the_commands(bot: Harness) -> None:
    refused = only_reply(await bot.command(ALICE, "settings", season="Spring"))
    assert "Manage Server" in refused.text()
    assert await bot.service.seasons.all(GUILD) == []
    started = answer(await bot.command(HOST, "settings", season="Spring")).text()
    assert "Season **Spring** has started" in started and "running since <t:" in started
    used = only_reply(await bot.command(HOST, "settings", season="Spring")).text()
    assert "already had a season called Spring" in used
    offered = await bot.autocomplete(ALICE, "standings", "season", season="spr")
    assert offered == [{"name": "Spring (running)", "value": "current"}]
    french = await bot.autocomplete(CAROL, "standings", "season", season="")
    assert french == [{"name": "Spring (en cours)", "value": "current"}]

    await start_game(bot, BOB)
    winner = await finish(bot)
    text = only_reply(await bot.command(ALICE, "standings", season="current")).text()
    assert "Season **Spring**, running since <t:" in text and "Standings: Nim" in text
    assert f"1. <@{winner}>" in text and "(1 game, 1 won)" in text
    stats = only_reply(await bot.command(BOB, "stats")).text()
    assert "Season Spring" in stats and "**Nim**: #" in stats

    ended = answer(await bot.command(HOST, "settings", end_season=True)).text()
    assert "Season **Spring** has ended" in ended and "No season is running" in ended
    again = only_reply(await bot.command(HOST, "settings", end_season=True)).text()
    assert "No season is running on this server." in again
    [past] = await bot.autocomplete(ALICE, "standings", "season", season="")
    assert past["name"] == "Spring (ended)" and past["value"] != "current"
    frozen = only_reply(await bot.command(ALICE, "standings", season=past["value"])).text()
    assert "Season **Spring**: final table (<t:" in frozen and f"1. <@{winner}>" in frozen
    french = only_reply(await bot.command(CAROL, "standings", season=past["value"])).text()
    assert "Saison **Spring** : classement final (du <t:" in french
    assert "Season Spring" not in only_reply(await bot.command(BOB, "stats")).text()
    missing = only_reply(await bot.command(ALICE, "standings", season="Autumn")).text()
    assert "This server has no season called Autumn." in missing
    # a new season starts fresh: nobody has finished a game in it yet
    await bot.command(HOST, "settings", season="Summer")
    fresh = only_reply(await bot.command(ALICE, "standings", season="current")).text()
    assert "Season **Summer**" in fresh and "No finished game this season yet." in fresh
