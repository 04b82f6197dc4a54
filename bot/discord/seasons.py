"""Seasons on Discord (``bot.service.seasons``): a host starts or ends one with
``/campfire settings season:`` / ``end_season:``, ``/campfire standings season:``
(autocompleted: the running season, then the past ones) shows a season's table, and
``/campfire stats`` the player's line in the running season. Every answer is private."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.discord.context import service_of
from bot.discord.i18n import lang_for, t
from bot.service.present import game_name
from bot.service.ratings import Standing
from bot.service.seasons import CURRENT
from bot.store import SeasonRow
from rules.base import normalise

log = logging.getLogger("campfire.discord.seasons")

MAX_CHOICES = 25


def guild_of(interaction: discord.Interaction[Any]) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id is not None else None


def choice_value(season: SeasonRow) -> str:
    """What the ``season`` option carries: ``current`` for the running season, else its id."""
    return CURRENT if season.ended_at is None else str(season.id)


async def season_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The server's seasons, the running one first, then the past ones (latest first),
    filtered by what is typed."""
    try:
        guild = guild_of(interaction)
        if guild is None:
            return []
        lang = lang_for(interaction)
        wanted = normalise(current)
        choices = []
        for season in sorted(
            await service_of(interaction).seasons.all(guild), key=lambda s: s.ended_at is not None
        ):
            if wanted and wanted not in normalise(season.name):
                continue
            key = "discord.season.running" if season.ended_at is None else "discord.season.past"
            label = t(key, lang, name=season.name)
            choices.append(app_commands.Choice(name=label[:100], value=choice_value(season)))
        return choices[:MAX_CHOICES]
    except Exception:
        log.exception("season autocomplete failed")
        return []


def heading(season: SeasonRow, lang: str) -> str:
    """The line above a season's table: its name and dates."""
    since = format_dt(season.started_at, "D")
    if season.ended_at is None:
        return t("discord.season.head_running", lang, name=season.name, since=since)
    until = format_dt(season.ended_at, "D")
    return t("discord.season.head_past", lang, name=season.name, since=since, until=until)


@dataclass(frozen=True)
class SeasonChange:
    """What ``/campfire settings`` did to the seasons: the caller's lines, and the
    season it ended and the one it started (``None``: none), for the announcement
    (``bot.discord.season_news``)."""

    lines: list[str]
    ended: SeasonRow | None = None
    started: SeasonRow | None = None


async def settings_lines(
    interaction: discord.Interaction[Any], guild: str, start: str | None, end: bool | None
) -> SeasonChange:
    """``/campfire settings``' season part (the caller may manage the server): start a
    season called ``start`` (ending the running one) or end the running one (``end``);
    then what runs now. Raises the service's keyed errors (a bad or used name, no
    season to end): nothing else of the command is saved then."""
    seasons = service_of(interaction).seasons
    lang = lang_for(interaction)
    lines = []
    ended = started = None
    if start is not None:
        ended, started = await seasons.start(guild, start)
        if ended is not None:
            lines.append(t("discord.season.ended", lang, name=ended.name))
        lines.append(t("discord.season.started", lang, name=started.name))
    elif end:
        ended = await seasons.end(guild)
        lines.append(t("discord.season.ended", lang, name=ended.name))
    running = await seasons.current(guild)
    if running is None:
        lines.append(t("discord.season.none", lang))
    else:
        lines.append(heading(running, lang))
    return SeasonChange(lines, ended, started)


def stats_line(line: Standing, lang: str) -> str:
    """A player's line at one game, in ``/campfire stats``: all time or this season."""
    return t(
        "discord.stats.line",
        lang,
        game=game_name(line.rules, lang),
        place=line.place,
        rating=f"{line.rating:.1f}",
        games=line.games,
        wins=line.wins,
    )


def stats_field(
    embed: discord.Embed, found: tuple[SeasonRow, list[Standing]] | None, lang: str
) -> None:
    """The player's line in each rule set of the running season (none: no field)."""
    if found is None:
        return
    season, lines = found
    rows = [stats_line(line, lang) for line in lines]
    embed.add_field(
        name=t("discord.season.stats_title", lang, name=season.name),
        value="\n".join(rows) or t("discord.season.stats_none", lang),
        inline=False,
    )


__all__ = [
    "SeasonChange",
    "choice_value",
    "heading",
    "season_autocomplete",
    "settings_lines",
    "stats_field",
    "stats_line",
]
