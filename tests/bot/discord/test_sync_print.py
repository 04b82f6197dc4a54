"""``campfire sync --print``: the exact command payload, offline and without a token."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.frontends.cli import main
from campfire_testing.harness import Harness
from tests.bot.discord.test_command_tree import SUBCOMMANDS, payload


async def test_sync_print_writes_what_sync_would_send(
    bot: Harness, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir("/")  # no .env to read either
    status = await asyncio.to_thread(main, ["sync", "--print"])
    assert status == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(await payload(bot)))
    group = printed[0]
    assert {o["name"] for o in group["options"]} == SUBCOMMANDS
    away = next(o for o in group["options"] if o["name"] == "away")
    assert away["name_localizations"]["fr"] == "absent"
    assert "token" not in json.dumps(printed).lower()
