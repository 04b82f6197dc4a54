"""The **Web** link of a game: a signed address of its page on the web companion
(``campfire web``), when the bot knows that address (``CAMPFIRE_WEB_URL`` and
``CAMPFIRE_WEB_SECRET``) and the server did not turn the links off
(``/campfire settings web_links:False``). Each message gets a fresh link (valid
``bot.web.tokens.LINK_DAYS`` days)."""

from __future__ import annotations

from datetime import datetime, timedelta
from weakref import WeakKeyDictionary

from bot.discord.host import CampfireBot
from bot.service import GameInfo, GameService

SHOWN_FOR = timedelta(seconds=60)
"""How long a server's choice is trusted before it is read again (``forget`` drops it)."""

_allowed: WeakKeyDictionary[GameService, dict[str | None, tuple[datetime, bool]]] = (
    WeakKeyDictionary()
)


async def links_allowed(client: CampfireBot, guild_id: str | None) -> bool:
    """Whether the server lets its messages link to the web (always outside a server)."""
    if guild_id is None:
        return True
    service = client.service
    known = _allowed.setdefault(service, {})
    now = service.now()
    found = known.get(guild_id)
    if found is not None and now - found[0] < SHOWN_FOR:
        return found[1]
    allowed = (await service.pipeline.guild_settings(guild_id)).web_links is not False
    known[guild_id] = (now, allowed)
    return allowed


def forget(client: CampfireBot, guild_id: str) -> None:
    """The server's settings changed: read them again next time."""
    _allowed.get(client.service, {}).pop(guild_id, None)


async def game_url(client: CampfireBot, game: GameInfo) -> str | None:
    """A fresh link to ``game``'s page; ``None``: no companion, a lobby, or links off."""
    links = client.web
    if links is None or game.status == "lobby":
        return None
    if not await links_allowed(client, game.guild_id):
        return None
    return links.game_url(game.id, client.service.now().timestamp())


__all__ = ["SHOWN_FOR", "forget", "game_url", "links_allowed"]
