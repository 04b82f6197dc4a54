"""An ended tournament through Discord: ``/campfire tournament standings`` shows the final
standings as the end announced them, whatever rated games its players play afterwards."""

from __future__ import annotations

from bot.discord import tourney_posts
from campfire_testing.harness import CHANNEL_ID, GUILD_ID, Harness
from tests.bot.discord.test_tournaments import (
    ADMIN,
    ALICE,
    BOB,
    CAROL,
    DAN,
    open_nim,
    play_out,
    register,
)
from tests.bot.test_tournament_frozen import leaders, win_elsewhere


async def test_the_standings_command_shows_the_final_standings_as_announced(
    bot: Harness,
) -> None:
    message = await open_nim(bot, rounds=1, options="stones=9")
    await register(bot, message, ALICE, BOB, CAROL, DAN)
    await bot.command(ADMIN, "tournament start")
    for table in (await bot.service.tournaments.round_list(1))[0].tables:
        await play_out(bot, table.game_id or 0)
    await tourney_posts.run_pass(bot.client)
    await bot.settle()
    final = next(m for m in bot.posted_in(CHANNEL_ID) if "is over" in (m["content"] or ""))
    announced = final["embeds"][0]["description"]
    calls = await bot.command(BOB, "tournament standings", tournament="1")
    assert calls[-1].embeds[0]["description"] == announced
    # one of the two winners (tied on everything but the rating) wins a rated game
    standings = await bot.service.tournaments.standings(1)
    await win_elsewhere(bot.service, leaders(standings)[1], str(GUILD_ID))
    info = await bot.service.tournaments.tournament(1)
    live = await bot.service.tournaments.rounds._computed(info)
    assert [s.rank for s in live] != [s.rank for s in standings]  # the ratings moved it
    calls = await bot.command(BOB, "tournament standings", tournament="1")
    assert calls[-1].embeds[0]["description"] == announced
    assert calls[-1].embeds[0]["title"].startswith("Final standings")
