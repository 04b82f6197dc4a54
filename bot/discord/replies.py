"""The private replies every Discord module makes: an ephemeral answer however the
interaction stands (first response, or follow-up after a defer), and whether it came
from a component. No other ``bot.discord`` module is imported here."""

from __future__ import annotations

from typing import Any

import discord


def is_component(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction is a click on a button or a choice in a menu."""
    return interaction.type is discord.InteractionType.component


async def ephemeral(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, as a first response or a follow-up after a defer."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
