"""What ``/campfire settings`` shows: a server's choices, each default named as such."""

from __future__ import annotations

import discord

from bot.discord.embeds import FREQUENCY_KEYS, LOBBY_COLOUR, clock_name, policy_name
from bot.discord.i18n import t
from bot.service import DEFAULT_PICTURES, GuildSettings


def settings_embed(settings: GuildSettings, lang: str) -> discord.Embed:
    """``/campfire settings``: the server's choices, defaults named as such."""
    embed = discord.Embed(title=t("discord.settings.title", lang), colour=LOBBY_COLOUR)
    language = settings.language or t("discord.settings.default_language", lang)
    nudge = 24 if settings.nudge_hours is None else settings.nudge_hours
    away = 14 if settings.max_away_days is None else settings.max_away_days
    rows = [
        ("discord.settings.language", language),
        ("discord.settings.clock", clock_name(settings.clock_hours, lang)),
        ("discord.settings.policy", policy_name(settings.timeout_policy, lang)),
        (
            "discord.settings.nudge",
            t("discord.settings.hours", lang, hours=nudge)
            if nudge
            else t("discord.settings.off", lang),
        ),
        ("discord.settings.away", t("discord.settings.days", lang, days=away)),
        (
            "discord.settings.channel",
            f"<#{settings.games_channel}>"
            if settings.games_channel
            else t("discord.settings.anywhere", lang),
        ),
        (
            "discord.settings.hints",
            t(
                "discord.settings.hints_off"
                if settings.hints is False
                else "discord.settings.hints_on",
                lang,
            ),
        ),
        (
            "discord.settings.pictures",
            t(f"discord.pictures.{settings.pictures or DEFAULT_PICTURES}", lang),
        ),
        (
            "discord.settings.frequency",
            t(FREQUENCY_KEYS.get(settings.frequency or "turn", "discord.frequency.turn"), lang)
            + ("" if settings.frequency != "digest" else f" · {settings.digest or '18:00'}"),
        ),
        (
            "discord.settings.web_links",
            t(
                "discord.settings.web_off"
                if settings.web_links is False
                else "discord.settings.web_on",
                lang,
            ),
        ),
        (
            "discord.settings.organisers",
            t("discord.settings.organisers_role", lang, role=f"<@&{settings.organiser_role}>")
            if settings.organiser_role
            else t("discord.settings.organisers_managers", lang),
        ),
        (
            "discord.settings.max_games",
            str(settings.max_games) if settings.max_games else t("discord.settings.no_cap", lang),
        ),
    ]
    for key, value in rows:
        embed.add_field(name=t(key, lang), value=value, inline=True)
    return embed
