"""The ``/campfire me`` and ``/campfire settings`` commands: a player's preferences and a
server's settings, the two commands with the most options. Each is built by a function,
so that every ``CampfireGroup`` (``bot.discord.commands``) adds a command of its own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord import days, notify
from bot.discord.choices import (
    CLOCK_CHOICES,
    FREQUENCY_CHOICES,
    LANGUAGE_CHOICES,
    LAYOUT_CHOICES,
    PICTURES_CHOICES,
    POLICY_CHOICES,
)
from bot.discord.i18n import cmd


def me_command() -> app_commands.Command[Any, ..., None]:
    """``/campfire me``: the caller's preferences (``bot.discord.notify.me``)."""

    @app_commands.command(
        name=cmd("me", "discord.cmd.me.name"),
        description=cmd(
            "Your preferences: DMs, layout, time zone, quiet hours, how often you are told",
            "discord.cmd.me.desc",
        ),
    )
    @app_commands.rename(
        dm=cmd("dm", "discord.opt.dm.name"),
        layout=cmd("layout", "discord.opt.layout.name"),
        timezone=cmd("timezone", "discord.opt.timezone.name"),
        quiet=cmd("quiet", "discord.opt.quiet.name"),
        frequency=cmd("frequency", "discord.opt.frequency.name"),
        digest=cmd("digest", "discord.opt.digest.name"),
        language=cmd("language", "discord.opt.language.name"),
    )
    @app_commands.describe(
        dm=cmd("True: a DM on your turn; False: the thread only", "discord.opt.dm.desc"),
        layout=cmd("How board, hand and scores answer you", "discord.opt.layout.desc"),
        timezone=cmd("Your time zone, e.g. Europe/Paris", "discord.opt.timezone.desc"),
        quiet=cmd(
            "No ping or DM in these hours, e.g. 22:00-08:00 (off: none)", "discord.opt.quiet.desc"
        ),
        frequency=cmd("How often you are told", "discord.opt.frequency.desc"),
        digest=cmd(
            "When your digest comes: 18:00, or 6h (every 6 hours)", "discord.opt.digest.desc"
        ),
        language=cmd("Language of your DMs", "discord.opt.my_language.desc"),
    )
    @app_commands.choices(layout=LAYOUT_CHOICES, frequency=FREQUENCY_CHOICES)
    @app_commands.autocomplete(
        timezone=notify.zone_autocomplete, language=notify.language_autocomplete
    )
    async def me(
        interaction: discord.Interaction[Any],
        dm: bool | None = None,
        layout: str | None = None,
        timezone: str | None = None,
        quiet: str | None = None,
        frequency: str | None = None,
        digest: str | None = None,
        language: str | None = None,
    ) -> None:
        await notify.me(interaction, dm, layout, timezone, quiet, frequency, digest, language)

    return me


def settings_command() -> app_commands.Command[Any, ..., None]:
    """``/campfire settings``: the server's settings (``bot.discord.days.settings``)."""

    @app_commands.command(
        name=cmd("settings", "discord.cmd.settings.name"),
        description=cmd("This server's settings (Manage Server)", "discord.cmd.settings.desc"),
    )
    @app_commands.rename(
        language=cmd("language", "discord.opt.language.name"),
        clock=cmd("clock", "discord.opt.clock.name"),
        timeout=cmd("timeout", "discord.opt.timeout.name"),
        nudge_hours=cmd("nudge_hours", "discord.opt.nudge.name"),
        max_away_days=cmd("max_away_days", "discord.opt.max_away.name"),
        channel=cmd("channel", "discord.opt.channel.name"),
        anywhere=cmd("anywhere", "discord.opt.anywhere.name"),
        hints=cmd("hints", "discord.opt.hints.name"),
        pictures=cmd("pictures", "discord.opt.pictures.name"),
        web_links=cmd("web_links", "discord.opt.web_links.name"),
        season=cmd("season", "discord.opt.season.name"),
        end_season=cmd("end_season", "discord.opt.end_season.name"),
        organiser_role=cmd("organiser_role", "discord.opt.organiser_role.name"),
        max_games=cmd("max_games", "discord.opt.max_games.name"),
        frequency=cmd("frequency", "discord.opt.frequency.name"),
        digest=cmd("digest", "discord.opt.digest.name"),
    )
    @app_commands.describe(
        language=cmd("Language of the public messages", "discord.opt.language.desc"),
        clock=cmd("Default time for each move", "discord.opt.default_clock.desc"),
        timeout=cmd("Default rule when the time is up", "discord.opt.default_timeout.desc"),
        nudge_hours=cmd(
            "Nudge the player to act after this many hours without a clock (0: never)",
            "discord.opt.nudge.desc",
        ),
        max_away_days=cmd("Longest time away allowed, in days", "discord.opt.max_away.desc"),
        channel=cmd("The one channel where games may be opened", "discord.opt.channel.desc"),
        anywhere=cmd("True: games may be opened in any channel", "discord.opt.anywhere.desc"),
        hints=cmd(
            "False: players may not ask for hints (the Hint button is hidden)",
            "discord.opt.hints.desc",
        ),
        pictures=cmd(
            "What turn messages show: the turn card (default), the full board, or both",
            "discord.opt.pictures.desc",
        ),
        web_links=cmd(
            "False: no Web link to the games' pages (and those pages close)",
            "discord.opt.web_links.desc",
        ),
        season=cmd(
            "Start a season with this name (the running one ends)", "discord.opt.season.desc"
        ),
        end_season=cmd(
            "True: end the running season and keep its final table",
            "discord.opt.end_season.desc",
        ),
        organiser_role=cmd(
            "Who may run tournaments besides Manage Server (@everyone: nobody else)",
            "discord.opt.organiser_role.desc",
        ),
        max_games=cmd(
            "Most games one player may play at once here (0: no cap)",
            "discord.opt.max_games.desc",
        ),
        frequency=cmd(
            "How often members are told by default", "discord.opt.default_frequency.desc"
        ),
        digest=cmd("Default digest time: 18:00, or 6h", "discord.opt.default_digest.desc"),
    )
    @app_commands.choices(
        language=LANGUAGE_CHOICES,
        clock=CLOCK_CHOICES,
        timeout=POLICY_CHOICES,
        pictures=PICTURES_CHOICES,
        frequency=FREQUENCY_CHOICES,
    )
    async def settings(
        interaction: discord.Interaction[Any],
        language: str | None = None,
        clock: str | None = None,
        timeout: str | None = None,
        nudge_hours: app_commands.Range[int, 0, 168] | None = None,
        max_away_days: app_commands.Range[int, 1, 60] | None = None,
        channel: discord.TextChannel | None = None,
        anywhere: bool | None = None,
        hints: bool | None = None,
        pictures: str | None = None,
        web_links: bool | None = None,
        season: app_commands.Range[str, 1, 40] | None = None,
        end_season: bool | None = None,
        organiser_role: discord.Role | None = None,
        max_games: app_commands.Range[int, 0, 100] | None = None,
        frequency: str | None = None,
        digest: str | None = None,
    ) -> None:
        await days.settings(
            interaction,
            language=language,
            clock=clock,
            timeout=timeout,
            nudge_hours=nudge_hours,
            max_away_days=max_away_days,
            channel=channel,
            anywhere=anywhere,
            hints=hints,
            pictures=pictures,
            web_links=web_links,
            season=season,
            end_season=end_season,
            organiser_role=organiser_role,
            max_games=max_games,
            frequency=frequency,
            digest=digest,
        )

    return settings
