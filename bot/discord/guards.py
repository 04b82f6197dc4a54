"""What every handler does around the service: errors answered, costly uses, committed changes.

An item's callback runs inside ``guarded`` (every failure an ephemeral reply, a game
of another server not found); a costly use is spent first (``throttle``); a change
already committed is answered at best effort (``committed``).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord.context import (
    is_reachable,
    service_of,
    user_key,
)
from bot.discord.errors import reply_error
from bot.discord.host import bot_of
from bot.service import GameInfo, ServiceError

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


Handler = Callable[[discord.Interaction[Any]], Awaitable[None]]
GameHandler = Callable[[discord.Interaction[Any], GameInfo], Awaitable[None]]


async def guarded(
    interaction: discord.Interaction[Any], handler: Handler, game_id: int | None = None
) -> None:
    """Run an item callback; every failure becomes an ephemeral reply (see ``errors``).

    With ``game_id`` (the game the custom id names), a game of another server in which
    the caller has no seat is "not found", as for a typed game number: a custom id
    forged onto another message cannot reach it."""
    if game_id is None:
        try:
            await handler(interaction)
        except Exception as exc:  # the one handler for components
            await reply_error(interaction, exc)
        return
    await guarded_game(interaction, lambda i, _: handler(i), game_id)


async def guarded_game(
    interaction: discord.Interaction[Any], handler: GameHandler, game_id: int
) -> None:
    """``guarded`` with the game the custom id names, as read for the check, handed to
    the callback (which need not read it again)."""
    try:
        game = await service_of(interaction).game(game_id)
        if not is_reachable(interaction, game):
            raise ServiceError("service.game_not_found", game=game_id)
        await handler(interaction, game)
    except Exception as exc:  # the one handler for components
        await reply_error(interaction, exc)
