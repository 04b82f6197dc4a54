"""What every handler does around the service: spend a costly use, answer a committed change."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord.context import (
    user_key,
)
from bot.discord.host import bot_of

log = logging.getLogger("campfire.discord.actions")


def throttle(interaction: discord.Interaction[Any]) -> None:
    """Spend one of the caller's costly uses (a picture, a replay: see ``cooldown``), or
    refuse with "try again in N s" before anything is read or drawn."""
    bot_of(interaction).cooldown.spend(user_key(interaction))


@asynccontextmanager
async def committed(interaction: discord.Interaction[Any], game_id: int) -> AsyncIterator[None]:
    """Answer the caller about a change already committed (a move, a start, a
    resignation), at best effort: if Discord refuses that answer (an expired
    interaction, a server error) the failure is logged and the table is still told,
    so a stored move is never left unannounced."""
    try:
        yield
    except discord.HTTPException:
        log.warning(
            "game %s: the answer to interaction %s failed; posting to the table anyway",
            game_id,
            interaction.id,
            exc_info=True,
        )
