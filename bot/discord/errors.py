"""The one place where failures become replies: short, localised, ephemeral.

``CampfireError`` (rules and service errors, and ``DiscordError`` raised by this layer)
carry a message key: the user reads its translation in their locale. Anything else is
logged with its traceback and answered with a generic apology; no traceback ever
reaches a user.
"""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.i18n import lang_for, t
from rules.base import CampfireError

log = logging.getLogger("campfire.discord.errors")


class DiscordError(CampfireError):
    """A request this layer refuses (``discord.*`` keys in ``bot/discord/locales``)."""


def unwrap(error: BaseException) -> BaseException:
    """The original exception behind discord.py's command/transformer wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else None
        original = getattr(error, "original", None) or inner
        if original is None:
            break
        error = original
    return error


def message_for(error: BaseException, lang: str) -> str:
    """The text a user reads for ``error`` (a generic apology if it is unexpected)."""
    if isinstance(error, CampfireError):
        return t(error.key, lang, **error.params)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("discord.cooldown", lang, seconds=round(error.retry_after))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("discord.guild_only", lang)
    if isinstance(error, app_commands.CheckFailure):
        return t("discord.not_allowed", lang)
    if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        return t("discord.outdated_command", lang)
    return t("discord.apology", lang)


EXPECTED = (
    CampfireError,
    app_commands.CheckFailure,
    app_commands.CommandSignatureMismatch,
    app_commands.CommandNotFound,
)


def is_expected(error: BaseException) -> bool:
    """Errors users cause (answered, not logged as failures)."""
    return isinstance(error, EXPECTED)


async def reply_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer ``interaction`` with the ephemeral, localised text of ``error``.

    Unexpected errors are logged with their traceback first. Works whether or not the
    interaction was already answered or deferred; never raises.
    """
    error = unwrap(error)
    if not is_expected(error):
        log.error(
            "unexpected error in interaction %s (%s)",
            interaction.id,
            _describe(interaction),
            exc_info=(type(error), error, error.__traceback__),
        )
    lang = lang_for(interaction)
    try:
        text = message_for(error, lang)
    except Exception:  # a broken message template must not silence the reply
        log.exception("cannot render the message of %r", error)
        text = t("discord.apology", lang)
    await send_private(interaction, text)


async def send_private(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Send an ephemeral text (with optional embed/view) however the interaction stands.

    Every defer in this layer is ephemeral (commands) or a silent update (components),
    so an ephemeral follow-up stays private.
    """
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            return
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
            return
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


def _describe(interaction: discord.Interaction[Any]) -> str:
    data = cast(dict[str, Any], interaction.data or {})
    name = data.get("name") or data.get("custom_id") or "?"
    return f"{interaction.type.name} {name} by {interaction.user.id}"
