"""Start ``campfire run`` against the local Discord emulator (tests/e2e/twin.mjs).

The bot's own code path is used unchanged: ``bot.frontends.cli.main(["run"])``. Only discord.py is
pointed elsewhere, and told what the emulator omits:

- ``Route.BASE`` -> the emulator's front door (``CAMPFIRE_E2E_REST``, loopback only);
- ``DiscordWebSocket.DEFAULT_GATEWAY`` -> its gateway (``CAMPFIRE_E2E_GATEWAY``);
- messages without components (the twin leaves the key out, also in the gateway's
  interaction payloads) get an empty list;
- its READY has no ``shard`` (Discord sends the ``[id, count]`` identified with): the
  twin serves one shard, so ``[0, 1]``.

The process ends when its standard input closes (the test that started it is gone), so
a failed or interrupted test leaves no bot behind.

Two test hooks, only when the test sets them (days pass in seconds; the bot's code is
not changed, only what it is handed, as ``tests/bot/days.py``'s clock is in the
Discord-layer tests):

- ``CAMPFIRE_E2E_CLOCK``: a file holding a number of seconds; the service's clock is
  the real time plus that many seconds, read again at every call (the test writes
  ``46800`` to be 13 hours later);
- ``CAMPFIRE_E2E_REMINDER_SECONDS``: the reminder loop's interval instead of a minute.

Run as ``python -m tests.e2e.launcher`` with ``DISCORD_TOKEN``, ``CAMPFIRE_DB`` and
``DEV_GUILD_ID`` in the environment.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def loopback_url(name: str) -> str:
    """The URL in environment variable ``name``; refused unless it points at loopback."""
    url = os.environ[name]
    host = urlsplit(url).hostname or ""
    if host not in LOOPBACK:
        raise SystemExit(f"launcher: {name} must point at 127.0.0.1, not {url!r}")
    return url


def point_discord_py_at_the_twin(rest: str, gateway: str) -> None:
    import discord.gateway
    import discord.http
    import discord.message
    import discord.state
    import yarl

    discord.http.Route.BASE = rest.rstrip("/") + "/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

    original = discord.message.Message.__init__

    def with_components(self: Any, *, state: Any, channel: Any, data: Any) -> None:
        data.setdefault("components", [])
        original(self, state=state, channel=channel, data=data)

    discord.message.Message.__init__ = with_components  # type: ignore[method-assign]

    ready = discord.state.AutoShardedConnectionState.parse_ready

    def with_shard(self: Any, data: Any) -> None:
        data.setdefault("shard", [0, 1])
        ready(self, data)

    discord.state.AutoShardedConnectionState.parse_ready = with_shard  # type: ignore[method-assign]


def shift_the_clock(path: str) -> None:
    """The service's default clock (``bot.service.core._now``) becomes the real time
    plus the seconds written in ``path`` (none, or unreadable: no shift)."""
    from datetime import datetime, timedelta

    import bot.service.core as core

    real = core._now

    def shifted() -> datetime:
        try:
            offset = float(Path(path).read_text().strip() or 0)
        except (OSError, ValueError):
            offset = 0.0
        return real() + timedelta(seconds=offset)

    core._now = shifted


def exit_with_parent() -> None:
    sys.stdin.read()
    os._exit(0)


def main() -> int:
    threading.Thread(target=exit_with_parent, name="parent-watch", daemon=True).start()
    point_discord_py_at_the_twin(
        loopback_url("CAMPFIRE_E2E_REST"), loopback_url("CAMPFIRE_E2E_GATEWAY")
    )
    if clock := os.environ.get("CAMPFIRE_E2E_CLOCK"):
        shift_the_clock(clock)
    if every := os.environ.get("CAMPFIRE_E2E_REMINDER_SECONDS"):
        import bot.discord.runner

        bot.discord.runner.REMINDER_SECONDS = float(every)
    from bot.frontends.cli import main as campfire

    return campfire(["run", "--env", os.devnull])


if __name__ == "__main__":
    sys.exit(main())
