"""``/campfire me layout:`` and the private views it chooses: ``board``, ``hand`` and
``scores`` answer a picture laid out for a phone by default (800 px wide, portrait), the
full board once ``layout:full`` is chosen, and the choice is kept with the DM one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from campfire_testing.harness import Harness
from campfire_testing.payloads import CHANNEL_ID
from tests.bot.discord.conftest import ALICE, BOB, CAROL, make_harness

PNG = b"\x89PNG"


def widths(calls: list) -> list[int]:  # type: ignore[type-arg]
    out = []
    for call in calls:
        for _, data in call.files or []:
            if data.startswith(PNG):
                with Image.open(io.BytesIO(data)) as image:
                    out.append(image.width)
    return out


async def start_nim(bot: Harness) -> None:
    await bot.command(ALICE, "new", rules="nim", options="stones=20")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    for user in (BOB, CAROL):
        await bot.press(user, lobby, "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")


async def test_private_views_follow_the_layout_preference(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ = await make_harness(db_path, monkeypatch, drawer=None)
    await start_nim(bot)
    game = await bot.service.game(1)
    thread = int(game.thread_id or 0)
    user = {u.key: u for u in (ALICE, BOB, CAROL)}[game.to_act[0]]
    # The default: laid out for a phone.
    assert widths(await bot.command(user, "board", channel=thread)) == [800]
    assert widths(await bot.command(user, "scores", channel=thread)) == [800]
    assert widths(await bot.command(user, "hand", channel=thread)) == [800]
    calls = await bot.command(user, "me", dm=True)
    calls += await bot.command(user, "me", layout="full")
    assert "full board" in calls[-1].content
    # The full board (the legal targets marked); hand and scores: the text alone.
    assert widths(await bot.command(user, "board", channel=thread)) == [1280]
    assert widths(await bot.command(user, "scores", channel=thread)) == []
    settings = await bot.service.timing.notify_of(user.key)
    assert settings.notify_dm and settings.layout == "full"
    shown = await bot.command(user, "me")
    assert "direct message" in shown[-1].content and "full board" in shown[-1].content


async def test_a_layout_not_offered_is_refused(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ = await make_harness(db_path, monkeypatch)
    with pytest.raises(Exception, match="bad_layout"):
        await bot.service.timing.set_layout(ALICE.key, "poster")
    assert await bot.service.timing.layout_of(ALICE.key) == "phone"
