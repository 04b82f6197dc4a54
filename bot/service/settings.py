"""A server's settings as the service reads them: fresh, or remembered for a minute.

``GameService.settings`` (``Pipeline.settings``) is the one ``ServerSettings`` of a
service; everything that reads a server's settings goes through it. Two reads:

- ``read``: from the store, every time (and remembered): what decides a game (the
  clocks' nudge interval, whether a hint may be taken) and what the web companion
  checks at every request (``web_links``: turning the links off closes them at once);
- ``cached``: what a post shows (the pictures, the Hint button, the web link) read once
  per post and remembered for ``SHOWN_FOR``, so that posting a turn costs the store no
  read of its own. A change saved through this process is seen at once (``put``);
  one made by another process within ``SHOWN_FOR``.

Outside a server (the console, the demo) every setting is its default and nothing is
read.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bot.store import GameStore, GuildSettings

__all__ = ["SHOWN_FOR", "ServerSettings"]

SHOWN_FOR = timedelta(minutes=1)
"""How long ``cached`` remembers a server's settings."""


class ServerSettings:
    """The servers' settings, read from the store and remembered."""

    def __init__(self, store: GameStore, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.clock = clock
        self._known: dict[str, tuple[datetime, GuildSettings]] = {}

    async def read(self, guild_id: str | None) -> GuildSettings:
        """A server's settings from the store (all defaults outside a server)."""
        if guild_id is None:
            return GuildSettings()
        chosen = await self.store.guild_settings(guild_id)
        self.put(guild_id, chosen)
        return chosen

    async def cached(self, guild_id: str | None) -> GuildSettings:
        """A server's settings as last read, if within ``SHOWN_FOR``; else ``read``."""
        if guild_id is None:
            return GuildSettings()
        known = self._known.get(guild_id)
        if known is not None and self.clock() - known[0] < SHOWN_FOR:
            return known[1]
        return await self.read(guild_id)

    def put(self, guild_id: str, settings: GuildSettings) -> None:
        """Remember ``settings`` as the server's (read, or just saved)."""
        self._known[guild_id] = (self.clock(), settings)

    def forget(self, guild_id: str | None) -> None:
        """The server's settings changed elsewhere: read them again next time."""
        if guild_id is not None:
            self._known.pop(guild_id, None)
