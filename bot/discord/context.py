"""Who is acting, in which game: the small facts every command and button needs.

Inside a game's thread the game is implied; elsewhere a ``game`` option names it (the
autocomplete offers the caller's games and this channel's). Nothing here is cached:
every answer comes from the service.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.errors import DiscordError
from bot.discord.host import bot_of
from bot.discord.i18n import table_lang
from bot.service import GameInfo, GameService, Player, ServiceError

GAME_REF = re.compile(r"^\s*#?\s*(\d{1,18})\b")
MAX_NAME = 64


def service_of(interaction: discord.Interaction[Any]) -> GameService:
    """The game service of the client that received ``interaction``."""
    return bot_of(interaction).service


def player_of(interaction: discord.Interaction[Any]) -> Player:
    """The caller as a seat: their id as a string and their display name now."""
    user = interaction.user
    return Player(user_id=str(user.id), name=user.display_name[:MAX_NAME])


def user_key(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.user.id)


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server or Manage Threads in this channel (as Discord resolved it)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.manage_threads or perms.administrator)


def parse_game_ref(text: str | None) -> int | None:
    """``"12"``, ``"#12"`` or an autocomplete value ``"12 ..."`` -> 12; else ``None``."""
    if not text:
        return None
    match = GAME_REF.match(text)
    return int(match.group(1)) if match else None


async def resolve_game(interaction: discord.Interaction[Any], ref: str | None) -> GameInfo:
    """The game a command is about.

    An explicit ``ref`` wins; otherwise the game of this thread; otherwise the only
    active game of this channel, or the caller's only active game. Raises
    ``DiscordError('discord.which_game')`` when it cannot tell,
    ``discord.bad_game_ref`` for unreadable text, and the service's
    ``service.game_not_found``.
    """
    service = service_of(interaction)
    if ref:
        game_id = parse_game_ref(ref)
        if game_id is None:
            raise DiscordError("discord.bad_game_ref", text=ref[:40])
        named = await service.game(game_id)
        if not is_reachable(interaction, named):
            raise ServiceError("service.game_not_found", game=game_id)
        return named
    channel_id = interaction.channel_id
    if channel_id is not None:
        game = await service.game_for_thread(str(channel_id))
        if game is not None:
            return game
        here = await service.games_in_channel(str(channel_id))
        if len(here) == 1:
            return here[0]
        if len(here) > 1:
            raise DiscordError("discord.which_game")
    mine = await service.games_of_user(user_key(interaction))
    if len(mine) == 1:
        return mine[0]
    raise DiscordError("discord.which_game")


def in_this_server(interaction: discord.Interaction[Any], game: GameInfo) -> bool:
    """Whether ``game`` was opened in the server where ``interaction`` happens."""
    here = str(interaction.guild_id) if interaction.guild_id is not None else None
    return game.guild_id == here


def is_reachable(interaction: discord.Interaction[Any], game: GameInfo) -> bool:
    """A game named by its number is this server's, or one where the caller has a seat.

    Game numbers are global and sequential: without this, anyone could join, read or
    (with Manage Server in their own server) abort another server's games by typing a
    number. Another server's game is "not found" to those who do not play in it.
    """
    return in_this_server(interaction, game) or game.has_seat(user_key(interaction))


async def candidate_games(interaction: discord.Interaction[Any]) -> list[GameInfo]:
    """The caller's active games, then this channel's other active games (no repeats)."""
    service = service_of(interaction)
    found: dict[int, GameInfo] = {}
    for game in await service.games_of_user(user_key(interaction)):
        found.setdefault(game.id, game)
    if interaction.channel_id is not None:
        for game in await service.games_in_channel(str(interaction.channel_id)):
            found.setdefault(game.id, game)
    return list(found.values())


async def public_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of messages everybody reads: the server's choice if one was set
    (``service.guild_language``), else the server's Discord locale, else the caller's."""
    if interaction.guild_id is not None:
        chosen = await service_of(interaction).guild_language(str(interaction.guild_id))
        if chosen:
            return chosen
    return table_lang(interaction)
