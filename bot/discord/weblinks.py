"""The **Web** link of a game: a signed address of its page on the web companion
(``campfire web``), when the bot knows that address (``CAMPFIRE_WEB_URL`` and
``CAMPFIRE_WEB_SECRET``) and the server did not turn the links off
(``/campfire settings web_links:False``). Each message gets a fresh link (valid
``bot.web.tokens.LINK_DAYS`` days)."""

from __future__ import annotations

from bot.discord.host import CampfireBot
from bot.service import GameInfo
from bot.store import GuildSettings


async def game_url(
    client: CampfireBot, game: GameInfo, settings: GuildSettings | None = None
) -> str | None:
    """A fresh link to ``game``'s page; ``None``: no companion, a lobby, or links off
    (``settings``: the server's, when the caller read them; else as the posts read
    them, ``ServerSettings.cached``)."""
    links = client.web
    if links is None or game.status == "lobby":
        return None
    if settings is None:
        settings = await client.service.settings.cached(game.guild_id)
    if settings.web_links is False:
        return None
    return links.game_url(game.id, client.service.now().timestamp())


def agenda_url(client: CampfireBot, user_id: str) -> str | None:
    """A fresh link to the page of the games waiting on ``user_id`` in every server,
    given to that player alone; ``None``: no companion. A server that turned its links
    off has its games left out by the page itself, at every reading."""
    links = client.web
    if links is None:
        return None
    return links.agenda_url(user_id, client.service.now().timestamp())


__all__ = ["agenda_url", "game_url"]
