"""Entry points for the command line: run the bot, or publish its slash commands.

``campfire run`` calls ``run_bot(settings)``; ``campfire sync [--guild ID]`` calls
``sync_commands``. Both need ``DISCORD_TOKEN``; tests never call them.
``campfire sync --print`` calls ``command_payload``: no token, no network.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.config import ConfigError, Settings, configure_logging
from bot.discord.client import CampfireClient, ShardedCampfireClient
from bot.discord.commands import CampfireGroup
from bot.discord.cooldown import Cooldown
from bot.discord.days import REMINDER_SECONDS
from bot.discord.i18n import CampfireTranslator
from bot.shards import Shards
from bot.store import is_postgres_url, open_store

log = logging.getLogger("campfire.discord.runner")


def _token(settings: Settings) -> str:
    if not settings.token:
        raise ConfigError("DISCORD_TOKEN is not set (see .env.example and the README)")
    return settings.token


def run_bot(settings: Settings, *, shards: Shards | None = None) -> None:
    """Connect to Discord and serve until stopped (Ctrl+C). Syncs the commands to
    ``DEV_GUILD_ID`` at start when it is set; ``CAMPFIRE_COOLDOWN`` limits each user's
    costly commands and buttons. Always discord.py's ``AutoShardedClient``: ``shards``
    serve only those (and only their games' scheduled work); ``None``: every shard,
    as many as Discord recommends."""
    token = _token(settings)
    configure_logging(settings.log_level)
    asyncio.run(check_store(settings.db_path))
    client = ShardedCampfireClient(
        db_path=settings.db_path,
        sync_guild_id=settings.dev_guild_id,
        cooldown=Cooldown.from_setting(settings.cooldown),
        reminder_seconds=REMINDER_SECONDS,
        shards=shards,
        render_processes=settings.render == "processes",
        web=settings.web_links(),
    )
    if shards is not None:
        log.info("serving shards %s", shards)
        if not shards.is_all and not is_postgres_url(settings.db_path):
            log.warning(
                "shards %s on a SQLite file: SQLite serves one process; run the other "
                "shards' processes on PostgreSQL (docs/hosts/shards.md)",
                shards,
            )
    client.run(token, log_handler=None)


async def check_store(path: str) -> None:
    """Open and close the database once before connecting, so a file that cannot be used
    is refused (``StoreError``, one line from ``campfire``) before Discord is reached."""
    store = await open_store(path)
    await store.close()


async def _sync(settings: Settings, guild_id: int | None) -> list[str]:
    client = CampfireClient(db_path=settings.db_path)
    async with client:
        await client.login(_token(settings))  # runs setup_hook: commands are added
        synced = await client.sync_commands(guild_id)
    return [command.name for command in synced]


def sync_commands(settings: Settings, guild_id: int | None) -> list[str]:
    """Publish the slash commands once, without connecting to the gateway: to one server
    (instant) or globally (``None``; Discord may take up to an hour to show them).
    Returns the names of the top-level commands synced."""
    configure_logging(settings.log_level)
    names = asyncio.run(_sync(settings, guild_id))
    log.info("commands published: %s", ", ".join(names) or "none")
    return names


async def _payload() -> list[dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    tree.add_command(CampfireGroup())
    translator = CampfireTranslator()
    try:
        return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
    finally:
        await client.close()


def command_payload() -> list[dict[str, Any]]:
    """The exact JSON body ``campfire sync`` sends Discord (every subcommand, option,
    choice and French localisation), built offline: no token, no network."""
    return asyncio.run(_payload())
