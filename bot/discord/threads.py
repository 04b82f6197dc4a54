"""A game's table: its thread (opened under the lobby, unarchived to post) and its language."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord

from bot.discord import embeds
from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot
from bot.service import (
    GameInfo,
)
from rules.i18n import lang_of

log = logging.getLogger("campfire.discord.publish")


THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: games are played over days


async def table_of(client: CampfireBot, game: GameInfo) -> discord.abc.Messageable:
    """Where the game is played: its thread (unarchived if needed) or its channel.

    A thread deleted by someone moves the game back to its channel and raises
    ``DiscordError('discord.thread_gone')`` so the caller can say so and change nothing
    else. Raises ``discord.table_gone`` / ``discord.no_access`` when the channel itself
    cannot be reached.
    """
    target = int(game.thread_id or game.channel_id)
    channel: Any = client.get_channel(target)
    if channel is None:
        try:
            channel = await client.fetch_channel(target)
        except discord.NotFound:
            if game.thread_id and game.thread_id != game.channel_id:
                await client.service.set_thread(game.id, game.channel_id)
                raise DiscordError("discord.thread_gone", channel=f"<#{game.channel_id}>") from None
            raise DiscordError("discord.table_gone") from None
        except discord.Forbidden:
            raise DiscordError("discord.no_access") from None
    if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
        try:
            await channel.edit(archived=False)
        except discord.HTTPException:
            log.warning("could not unarchive thread %s of game %s", channel.id, game.id)
    return channel  # type: ignore[no-any-return]


async def open_thread(
    client: CampfireBot,
    game: GameInfo,
    lobby: discord.PartialMessage | discord.Message | None,
    lang: str = "en",
) -> None:
    """Open the game's public thread under its lobby message (at start).

    Keeps playing in the channel when the lobby is itself in a thread, when the lobby
    message is unknown, or when Discord refuses the thread (missing permission).
    """
    if lobby is None or isinstance(lobby.channel, discord.Thread):
        return
    name = embeds.game_title(game, lang)[:100]
    try:
        thread = await lobby.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except (discord.Forbidden, discord.NotFound, ValueError):
        log.info("no thread for game %s: playing in channel %s", game.id, game.channel_id)
        return
    except discord.HTTPException:
        log.warning("thread creation failed for game %s", game.id, exc_info=True)
        return
    await client.service.set_thread(game.id, str(thread.id))


async def table_language(client: CampfireBot, game: GameInfo) -> str:
    """The language of a game's public messages: the server's choice, else its locale."""
    return await client.service.guild_language(game.guild_id) or _server_lang(client, game)


def _server_lang(client: CampfireBot, game: GameInfo) -> str:
    guild = client.get_guild(int(game.guild_id)) if game.guild_id else None
    return lang_of(str(guild.preferred_locale)) if guild is not None else "en"
