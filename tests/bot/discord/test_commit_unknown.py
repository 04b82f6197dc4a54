"""A move whose commit had no answer (the database went away) and that was stored after
all: the same move typed again is not played twice; the player reads why, with the
board as it stands (issue 26, point 4; the outage itself is played on a real server in
``tests/bot/test_store_outage.py``)."""

from __future__ import annotations

from bot.service.outages import Unknown
from campfire_testing.harness import Harness
from rules.base import Text
from tests.bot.discord.conftest import BOB
from tests.bot.discord.test_game_flow import USERS, start_game


async def test_a_move_typed_again_after_an_unknown_commit_is_not_played_twice(
    bot: Harness,
) -> None:
    thread = await start_game(bot, BOB)
    game = await bot.service.game(1)
    seat = game.to_act[0]
    await bot.service.play(1, seat, "take1")  # stored, but the player heard it unknown
    bot.service.pipeline.outages.unknown[(1, seat)] = Unknown(
        seat, 0, "take1", Text("nim.take", {"n": 1})
    )
    calls = await bot.command(USERS[seat], "move", move="take1", channel=thread)
    reply = next(c for c in calls if c.ephemeral and c.method == "POST" and c.content)
    assert "recorded after all" in reply.content and reply.files  # with the board
    assert len(await bot.service.history(1)) == 1
    assert (await bot.service.game(1)).version == 1
    assert bot.service.pipeline.outages.unknown == {}
