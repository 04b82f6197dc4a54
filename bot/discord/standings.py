"""``/campfire standings [rules] [season]`` and ``/campfire stats [user]``: the ratings of
this server (``bot.service.standings``), all time or of a season (``bot.discord.seasons``),
answered privately."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import seasons
from bot.discord.context import service_of, user_key
from bot.discord.embeds import LOBBY_COLOUR, game_title, mention
from bot.discord.fairness import record_text
from bot.discord.i18n import lang_for, t
from bot.discord.replies import ephemeral
from bot.service import GameInfo
from bot.service.fairness import WINDOW
from bot.service.present import game_name
from bot.service.ratings import Standing
from bot.service.standings import PlayerStats, Standings

MAX_CURRENT = 10


def guild_of(interaction: discord.Interaction[Any]) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id is not None else None


def line_text(line: Standing, lang: str) -> str:
    """A player's line in a table: place, mention (an AI seat named in ``lang``), rating,
    games and wins (also the season's final table, ``bot.discord.season_news``)."""
    return t(
        "discord.standings.line",
        lang,
        place=line.place,
        player=mention(line.user_id, lang),
        rating=f"{line.rating:.1f}",
        games=line.games,
        wins=line.wins,
    )


def standings_embed(table: Standings, lang: str) -> discord.Embed:
    """The top lines, then the asker's own line when it is not among them."""
    if table.rules is None:
        title = t("discord.standings.title", lang, game="—")
    else:
        title = t("discord.standings.title", lang, game=game_name(table.rules, lang))
    embed = discord.Embed(title=title, colour=LOBBY_COLOUR)
    if not table.top:
        embed.description = t("discord.standings.none", lang)
        return embed
    embed.description = "\n".join(line_text(line, lang) for line in table.top)
    if table.mine is None:
        embed.add_field(
            name=t("discord.standings.mine", lang), value=t("discord.standings.unrated", lang)
        )
    elif table.mine not in table.top:
        embed.add_field(name=t("discord.standings.mine", lang), value=line_text(table.mine, lang))
    embed.set_footer(text=t("discord.standings.footer", lang, players=table.players))
    return embed


def stats_embed(name: str, stats: PlayerStats, current: list[GameInfo], lang: str) -> discord.Embed:
    embed = discord.Embed(title=t("discord.stats.title", lang, player=name), colour=LOBBY_COLOUR)
    if not stats.lines:
        embed.description = t("discord.stats.none", lang)
    else:
        rows = [t("discord.stats.total", lang, games=stats.games, wins=stats.wins)]
        rows += [seasons.stats_line(line, lang) for line in stats.lines]
        embed.description = "\n".join(rows)
    if stats.hints:
        hints = t("discord.stats.hints", lang, count=stats.hints, games=stats.hinted_games)
        embed.description = "\n".join(filter(None, [embed.description, hints]))
    record = stats.reliability
    if record is not None and record.started:
        detail = t(
            "discord.stats.record_detail",
            lang,
            started=record.started,
            abandoned=record.abandoned,
            timed_out=record.timed_out,
        )
        embed.add_field(
            name=t("discord.stats.record", lang, days=WINDOW.days),
            value=f"{record_text(record, lang)}\n{detail}",
            inline=False,
        )
    shown = [
        f"{game_title(g, lang)} · {t(f'discord.lobby.status.{g.status}', lang)}"
        for g in current[:MAX_CURRENT]
    ]
    embed.add_field(
        name=t("discord.stats.current", lang),
        value="\n".join(shown) or t("discord.stats.no_current", lang),
        inline=False,
    )
    return embed


async def standings(
    interaction: discord.Interaction[Any], rules: str | None, season: str | None = None
) -> None:
    """The top 10 of ``rules`` (default: the most played here) and the caller's line;
    all time, or in ``season`` (``current`` or a season's id, as autocompleted, or its
    name) with the season's name and dates above the table."""
    service = service_of(interaction)
    guild, lang = guild_of(interaction), lang_for(interaction)
    if season is None or guild is None:
        table = await service.standings(guild, rules, user_key(interaction))
        await ephemeral(interaction, "", embed=standings_embed(table, lang))
        return
    found = await service.seasons.find(guild, season)
    shown = await service.seasons.standings(found, rules, user_key(interaction))
    embed = standings_embed(shown.table, lang)
    if not shown.table.top:
        embed.description = t("discord.season.stats_none", lang)
    embed.description = "\n\n".join([seasons.heading(found, lang), embed.description or ""])
    await ephemeral(interaction, "", embed=embed)


async def stats(
    interaction: discord.Interaction[Any], user: discord.User | discord.Member | None
) -> None:
    """Games, wins and rating per rule set of ``user`` (default: the caller) on this
    server, and their games under way here."""
    who = user or interaction.user
    guild = guild_of(interaction)
    service = service_of(interaction)
    found = await service.stats(guild, str(who.id))
    current = [g for g in await service.games_of_user(str(who.id)) if g.guild_id == guild]
    lang = lang_for(interaction)
    embed = stats_embed(who.display_name, found, current, lang)
    if guild is not None:
        seasons.stats_field(embed, await service.seasons.lines_of(guild, str(who.id)), lang)
    await ephemeral(interaction, "", embed=embed)


__all__ = ["standings", "standings_embed", "stats", "stats_embed"]
