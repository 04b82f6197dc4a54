"""The server hears its seasons: when a host starts one (``/campfire settings season:``)
a public message says so, and when one ends (``end_season:True``, or a new season
started over it) its final table is posted for everyone.

Decisions:

- **Where.** In the server's games channel when the settings name one (``channel:``:
  where every game of the server is opened, so where its players read), else in the
  channel where the command was run. The server has no other channel of its own.
- **When and by whom.** After the service has committed the change (the ending
  transaction stores the frozen final table, ``bot.service.seasons``), by the process
  that handled the command: with several processes the command reaches one of them,
  which posts once. Nothing is queued: a start or an end is a host's act, answered at
  once.
- **What.** The final table is the one stored when the season ended (read back from
  the store, never rated again): each rule set's top three as ``/campfire standings``
  shows them (people mentioned, which pings nobody in an embed; AI seats named), with
  their games. The texts name players, never "you", in the server's language.
- **Failures.** A channel deleted or a permission missing changes nothing of what was
  saved: the host's private answer says in one line that the announcement was not
  posted, and the error is logged.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui
from discord.utils import format_dt

from bot.discord.embeds import LOBBY_COLOUR
from bot.discord.host import CampfireBot, bot_of
from bot.discord.i18n import lang_for, t, table_lang
from bot.discord.seasons import SeasonChange
from bot.discord.standings import line_text
from bot.discord.turns import NO_MENTIONS
from bot.service.present import game_name
from bot.service.ratings import Standing
from bot.store import GuildSettings, SeasonRow

log = logging.getLogger("campfire.discord.season_news")

TOP = 3
"""How many players of each rule set the final table names."""
MAX_FIELDS = 25
"""Discord's limit of fields in one embed (one field per rule set)."""

__all__ = ["TOP", "announce", "final_embed", "season_url", "started_embed", "target_of"]


def target_of(interaction: discord.Interaction[Any], chosen: GuildSettings) -> int:
    """The channel the announcement goes to: the server's games channel, else the
    command's."""
    return int(chosen.games_channel or interaction.channel_id or 0)


def season_url(
    client: CampfireBot, season: SeasonRow, lang: str, chosen: GuildSettings
) -> str | None:
    """A fresh link to the season's table on the web companion; ``None``: no companion,
    or the server turned its links off."""
    if client.web is None or chosen.web_links is False:
        return None
    now = client.service.now().timestamp()
    return client.web.standings_url(season.guild_id, now, season_id=season.id, lang=lang)


def started_embed(season: SeasonRow, lang: str) -> discord.Embed:
    """A season has started: its name, when, that everyone starts level, where its
    table is."""
    embed = discord.Embed(
        title=t("discord.season_news.started_title", lang, name=season.name),
        colour=LOBBY_COLOUR,
    )
    embed.description = "\n\n".join(
        [
            t(
                "discord.season_news.started_body",
                lang,
                name=season.name,
                when=format_dt(season.started_at, "F"),
            ),
            t("discord.season_news.level", lang),
            t("discord.season_news.table", lang, name=season.name),
        ]
    )
    return embed


def final_embed(
    season: SeasonRow, boards: Sequence[tuple[str, Sequence[Standing]]], lang: str
) -> discord.Embed:
    """A season's final table: its name and span, then each rule set's top three."""
    assert season.ended_at is not None
    embed = discord.Embed(
        title=t("discord.season_news.final_title", lang, name=season.name),
        colour=LOBBY_COLOUR,
    )
    span = t(
        "discord.season_news.span",
        lang,
        since=format_dt(season.started_at, "D"),
        until=format_dt(season.ended_at, "D"),
    )
    played = [(rules, lines) for rules, lines in boards if lines]
    if not played:
        embed.description = "\n\n".join([span, t("discord.season_news.final_empty", lang)])
        return embed
    embed.description = "\n\n".join([span, t("discord.season_news.table", lang, name=season.name)])
    for rules, lines in played[:MAX_FIELDS]:
        rows = [line_text(line, lang) for line in lines[:TOP]]
        rows.append(t("discord.season_news.players", lang, players=len(lines)))
        embed.add_field(name=game_name(rules, lang), value="\n".join(rows), inline=False)
    return embed


async def announce(
    interaction: discord.Interaction[Any], change: SeasonChange, chosen: GuildSettings
) -> list[str]:
    """Post what ``change`` did (the season ended, then the one started) in one public
    message; the host's private line saying where, or that it could not be posted
    (nothing: the command changed no season). Never raises."""
    if change.ended is None and change.started is None:
        return []
    client = bot_of(interaction)
    lang = chosen.language or table_lang(interaction)
    target = target_of(interaction, chosen)
    where = f"<#{target}>"
    if not interaction.response.is_done():  # Discord waits 3 s for a first answer
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException:
            log.warning("server %s: settings answer not deferred", interaction.guild_id)
    try:
        embeds, view = await _message(client, change, lang, chosen)
        channel = client.get_partial_messageable(target, guild_id=interaction.guild_id)
        links: dict[str, Any] = {"view": view} if view.children else {}
        await channel.send(embeds=embeds, allowed_mentions=NO_MENTIONS, **links)
    except discord.HTTPException as error:
        log.warning(
            "server %s: season announcement not posted in %s: %s %s",
            interaction.guild_id,
            target,
            error.status,
            error.text,
        )
        return [t("discord.season_news.failed", lang_for(interaction), channel=where)]
    except Exception:
        log.exception("server %s: season announcement failed", interaction.guild_id)
        return [t("discord.season_news.failed", lang_for(interaction), channel=where)]
    return [t("discord.season_news.posted", lang_for(interaction), channel=where)]


async def _message(
    client: CampfireBot, change: SeasonChange, lang: str, chosen: GuildSettings
) -> tuple[list[discord.Embed], ui.View]:
    """The embeds (the final table first, then the new season) and their web links."""
    embeds = []
    view = ui.View(timeout=None)
    if change.ended is not None:
        boards = await client.service.seasons.boards(change.ended)
        embeds.append(final_embed(change.ended, boards, lang))
        _link(
            view,
            season_url(client, change.ended, lang, chosen),
            "discord.season_news.final_web",
            change.ended,
            lang,
        )
    if change.started is not None:
        embeds.append(started_embed(change.started, lang))
        _link(
            view,
            season_url(client, change.started, lang, chosen),
            "discord.season_news.web",
            change.started,
            lang,
        )
    view.stop()  # rendered, not tracked: link buttons need no callback
    return embeds, view


def _link(view: ui.View, url: str | None, key: str, season: SeasonRow, lang: str) -> None:
    if url is not None:
        label = t(key, lang, name=season.name)
        view.add_item(ui.Button(style=discord.ButtonStyle.link, label=label[:80], url=url))
