"""``/campfire record``: the game's record, JSON and text, to the caller alone."""

from __future__ import annotations

import io
import json

from PIL import Image

from campfire_testing.harness import Harness
from tests.bot.discord.conftest import BOB, CAROL
from tests.bot.discord.test_game_flow import start_game


async def test_record_of_a_running_game_is_sent_privately_without_its_seed(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    calls = await bot.command(CAROL, "record", channel=thread)
    assert calls[0].callback_type == 5 and calls[0].ephemeral
    sent = calls[-1]
    assert sent.ephemeral
    names = [name for name, _ in sent.files]
    assert names == ["campfire-1-record.json", "campfire-1-record.txt"]
    record = json.loads(sent.files[0][1])
    assert record["game_id"] == 1 and record["status"] == "running" and record["seed"] is None
    assert "n°1" in sent.content  # Carol reads French
    assert sent.files[1][1].decode().startswith("Relevé Campfire")


async def test_replay_of_a_finished_game_is_an_animated_picture(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    reply = (await bot.command(CAROL, "replay", channel=thread))[-1]
    assert not reply.files and "n'est pas finie" in reply.text()
    while (game := await bot.service.game(1)).status == "running":
        seat = game.to_act[0]
        legal = await bot.service.legal_moves(1, seat)
        await bot.service.play(1, seat, legal[0].code)
    sent = (await bot.command(CAROL, "replay", channel=thread))[-1]
    assert sent.ephemeral and sent.files[0][0] == "campfire-1-replay.webp"
    with Image.open(io.BytesIO(sent.files[0][1])) as image:
        assert image.format == "WEBP" and image.n_frames >= 2
