"""``/campfire games all:True``: the games waiting on the caller in every server they
share with the bot, the most pressing first, to the caller alone.

Each line names the game, its server, the time left as Discord timestamps (every client
shows them in its own zone) and a link to its turn message; with the web companion, a
**Web** button opens the caller's personal page (``/u/<token>``, a signed link only
they receive), which shows the same list and follows it live. The order and the
waiting games are the service's (``bot.service.agenda``).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import ui

from bot.discord import embeds
from bot.discord.context import service_of, user_key
from bot.discord.host import CampfireBot, bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.reading import jump_link
from bot.discord.replies import ephemeral
from bot.discord.weblinks import agenda_url
from bot.service import GameInfo
from bot.service.agenda import Waiting, waiting_on

log = logging.getLogger("campfire.discord.agenda")

MAX_WAITING_LINES = 20
"""Lines listed (the rest counted): 20 lines stay well inside an embed's 4,096
characters."""


def server_name(client: CampfireBot, game: GameInfo) -> str | None:
    """The name of the server of ``game`` if the bot is still in it; ``None`` if not (a
    game of a server the bot left is not listed: its thread cannot be reached)."""
    if game.guild_id is None or not game.guild_id.isdigit():
        return None
    guild = client.get_guild(int(game.guild_id))
    return None if guild is None else guild.name


def waiting_line(waiting: Waiting, server: str, link: str, lang: str) -> str:
    """``**Game #12: Nim** · Server · ⏰ in 3 hours (date) — go there``."""
    title = embeds.game_title(waiting.game, lang)
    if waiting.away_until is not None:
        left = t("discord.agenda.away", lang, until=embeds.stamp(waiting.away_until, "f"))
    elif waiting.deadline is not None:
        left = t(
            "discord.agenda.deadline",
            lang,
            left=embeds.stamp(waiting.deadline),
            at=embeds.stamp(waiting.deadline, "f"),
        )
    elif waiting.since is not None:
        left = t("discord.agenda.since", lang, since=embeds.stamp(waiting.since))
    else:
        left = t("discord.agenda.no_clock", lang)
    jump = t("discord.games.jump", lang)
    return f"**{title}** · {discord.utils.escape_markdown(server)} · {left} — [{jump}]({link})"


async def all_games(interaction: discord.Interaction[Any]) -> None:
    """The caller's waiting games in every server the bot is in, by time left."""
    client = bot_of(interaction)
    service = service_of(interaction)
    me = user_key(interaction)
    lang = lang_for(interaction)
    listed: list[str] = []
    waiting = waiting_on(await service.games_of_user(me), me)
    shown = [(w, name) for w in waiting if (name := server_name(client, w.game)) is not None]
    for item, name in shown[:MAX_WAITING_LINES]:
        listed.append(waiting_line(item, name, await jump_link(service, item.game), lang))
    if len(shown) > MAX_WAITING_LINES:
        listed.append(t("discord.agenda.more", lang, count=len(shown) - MAX_WAITING_LINES))
    embed = discord.Embed(title=t("discord.agenda.title", lang), colour=embeds.LOBBY_COLOUR)
    embed.description = "\n".join(listed) if listed else t("discord.agenda.none", lang)
    extra: dict[str, Any] = {}
    url = agenda_url(client, me)
    if url is not None:
        view = ui.View(timeout=None)
        label = t("discord.agenda.web", lang)
        view.add_item(ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
        view.stop()
        extra["view"] = view
    await ephemeral(interaction, "", embed=embed, **extra)


__all__ = ["MAX_WAITING_LINES", "all_games", "server_name", "waiting_line"]
