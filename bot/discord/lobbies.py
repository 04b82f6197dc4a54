"""The lobby's handlers: create, join, leave, seat an AI or not, start; its message kept true.

Called through ``actions`` (the handlers the commands and items reach); each calls the
service, answers the interaction, then posts (the lobby message, the game's thread).
"""

from __future__ import annotations

import logging
from typing import Any, cast

import discord

from bot.discord import embeds, publish, threads, turns
from bot.discord.context import (
    player_of,
    public_lang,
    service_of,
    user_key,
)
from bot.discord.errors import DiscordError
from bot.discord.fairness import lobby_card
from bot.discord.guards import committed
from bot.discord.host import CampfireBot, bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.options import parse_options
from bot.discord.panels import lobby_view
from bot.discord.replies import ephemeral
from bot.service import (
    DEFAULT_AI_LEVEL,
    GameInfo,
)
from bot.service.fairness import Requirement
from rules import registry

log = logging.getLogger("campfire.discord.actions")


async def create(
    interaction: discord.Interaction[Any],
    rules_id: str,
    players: int | None,
    options: str | None,
    *,
    clock: int | None = None,
    policy: str | None = None,
    ai: int = 0,
    ai_level: str | None = None,
    min_completion: int | None = None,
    min_finished: int | None = None,
) -> None:
    """``/campfire new``: a public lobby message with Join / Leave / Start / Add AI, with
    ``ai`` AI seats of ``ai_level`` (default ``greedy``) already seated; the turn clock
    and timeout policy default to the server's settings. ``min_completion`` (percent)
    and ``min_finished``: what the lobby asks of those who join (``bot.service.fairness``)."""
    registry.get(rules_id)  # game.unknown before anything else
    parsed = parse_options(rules_id, options)
    channel_id = interaction.channel_id
    if channel_id is None:
        raise DiscordError("discord.guild_only")
    game = await service_of(interaction).create_lobby(
        rules=rules_id,
        options=parsed,
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        channel_id=str(channel_id),
        creator=player_of(interaction),
        max_seats=players,
        clock_hours=clock,
        timeout_policy=policy,
        ai=ai,
        ai_level=ai_level or DEFAULT_AI_LEVEL,
        requirement=Requirement(
            None if min_completion is None else min_completion / 100, min_finished
        ),
    )
    lang = await public_lang(interaction)
    view = lobby_view(game, lang)
    card = await lobby_card(service_of(interaction), game, lang)
    response = await interaction.response.send_message(
        embeds.lobby_text(game, lang),
        embed=card,
        view=view or discord.utils.MISSING,
        allowed_mentions=turns.NO_MENTIONS,
    )
    message_id = response.message_id if response is not None else None
    if message_id is None:
        message_id = (await interaction.original_response()).id
    await service_of(interaction).set_message(game.id, "lobby", str(message_id))


async def refresh_lobby(client: CampfireBot, game: GameInfo, lang: str) -> None:
    """Redraw the lobby message after a change made elsewhere (a command, an abort)."""
    message = await lobby_message(client, game)
    if message is None:
        return
    try:
        await message.edit(
            content=embeds.lobby_text(game, lang),
            embed=await lobby_card(client.service, game, lang),
            view=lobby_view(game, lang),
        )
    except discord.HTTPException:
        log.warning("game %s: lobby message not updated", game.id, exc_info=True)


async def lobby_message(client: CampfireBot, game: GameInfo) -> discord.PartialMessage | None:
    message_id = (await client.service.messages(game.id)).get("lobby")
    if message_id is None:
        return None
    channel: Any = client.get_channel(int(game.channel_id))
    if channel is None:
        guild_id = int(game.guild_id) if game.guild_id else None
        channel = client.get_partial_messageable(int(game.channel_id), guild_id=guild_id)
    return cast(discord.PartialMessage, channel.get_partial_message(int(message_id)))


async def _after_lobby_change(
    interaction: discord.Interaction[Any], game: GameInfo, from_lobby: bool, key: str
) -> None:
    lang = await public_lang(interaction)
    if from_lobby:
        card = await lobby_card(service_of(interaction), game, lang)
        await interaction.response.edit_message(
            content=embeds.lobby_text(game, lang),
            embed=card,
            view=lobby_view(game, lang),
        )
        return
    await ephemeral(interaction, t(key, lang_for(interaction), title=embeds.game_title(game, lang)))
    await refresh_lobby(bot_of(interaction), game, lang)


async def join(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    game = await service_of(interaction).join(game_id, player_of(interaction))
    await _after_lobby_change(interaction, game, from_lobby, "discord.joined")


async def leave(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    game = await service_of(interaction).leave(game_id, user_key(interaction))
    await _after_lobby_change(interaction, game, from_lobby, "discord.left")


async def add_ai(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    """The creator seats an AI player, at the level of the lobby's last AI seat (the
    ``ai_level`` of ``/campfire new``), else ``greedy``."""
    service = service_of(interaction)
    known = await service.game(game_id)
    levels = [p.ai_level for p in known.seats if p.ai_level]
    level = levels[-1] if levels else DEFAULT_AI_LEVEL
    game = await service.robots.add(game_id, user_key(interaction), level)
    await _after_lobby_change(interaction, game, from_lobby, "discord.ai_added")


async def remove_ai(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    """The creator takes back the lobby's last AI seat."""
    game = await service_of(interaction).robots.remove(game_id, user_key(interaction))
    await _after_lobby_change(interaction, game, from_lobby, "discord.ai_removed")


async def start(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    """The creator starts: lobby closed, thread opened under it, first board and turn."""
    client = bot_of(interaction)
    result = await client.service.start(game_id, user_key(interaction))
    lang = await public_lang(interaction)
    lobby: discord.PartialMessage | discord.Message | None
    if from_lobby and interaction.message is not None:
        lobby = interaction.message
        async with committed(interaction, game_id):
            await interaction.response.edit_message(
                content=embeds.lobby_text(result.game, lang),
                embed=embeds.lobby_embed(result.game, lang),
                view=None,
            )
    else:
        title = embeds.game_title(result.game, lang)
        async with committed(interaction, game_id):
            await ephemeral(interaction, t("discord.started", lang_for(interaction), title=title))
        await refresh_lobby(client, result.game, lang)
        lobby = await lobby_message(client, result.game)
    await threads.open_thread(client, result.game, lobby, lang)
    game = await client.service.game(game_id)
    await publish.publish(client, game, result.events, lang)
