"""``/campfire follow``: mute one game's pings (a player), follow a game one does not play
(anyone who may see it), and the direct messages its followers get.

The choice is the service's (``bot.service.follows``: stored per game and user, applied
by the one decision of who is told what, ``bot.service.notices``). Here: the command's
choices and answer, and the followers' direct messages after a new turn message or the
result, routed through ``Notices.tell`` so a follower's quiet hours hold too (what falls
in them waits in the outbox and comes when they end).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord import embeds
from bot.discord.context import resolve_game, service_of, user_key
from bot.discord.host import CampfireBot
from bot.discord.i18n import cmd, lang_for, t
from bot.discord.replies import ephemeral
from bot.service import GameInfo

log = logging.getLogger("campfire.discord.following")

FOLLOW_CHOICES = [
    app_commands.Choice(
        name=cmd("mute its pings (reminders still come)", "discord.follow.mode.mute"),
        value="mute",
    ),
    app_commands.Choice(
        name=cmd("mute its pings and reminders", "discord.follow.mode.mute_all"),
        value="mute_all",
    ),
    app_commands.Choice(name=cmd("unmute", "discord.follow.mode.unmute"), value="unmute"),
    app_commands.Choice(
        name=cmd("follow: its result by DM", "discord.follow.mode.result"), value="result"
    ),
    app_commands.Choice(
        name=cmd("follow: every turn and its result by DM", "discord.follow.mode.turns"),
        value="turns",
    ),
    app_commands.Choice(name=cmd("unfollow", "discord.follow.mode.unfollow"), value="unfollow"),
]
"""The modes of ``/campfire follow``, the players' then the spectators'."""
DONE_KEYS = {
    "mute": "discord.follow.done.mute",
    "mute_all": "discord.follow.done.mute_all",
    "unmute": "discord.follow.done.unmute",
    "result": "discord.follow.done.result",
    "turns": "discord.follow.done.turns",
    "unfollow": "discord.follow.done.unfollow",
}
"""What the caller is told once their choice is made."""


async def follow(interaction: discord.Interaction[Any], game_ref: str | None, mode: str) -> None:
    """Make the caller's choice in a game and say what it does now (to them alone)."""
    game = await resolve_game(interaction, game_ref)
    await service_of(interaction).follows.choose(game, user_key(interaction), mode)
    lang = lang_for(interaction)
    title = embeds.game_title(game, lang)
    await ephemeral(interaction, t(DONE_KEYS[mode], lang, title=title))


async def followers_told(
    client: CampfireBot, game: GameInfo, kind: str, link: str, lang: str
) -> tuple[dict[str, str], Callable[[str], str]]:
    """The followers of ``game`` to send a direct message now about a notice of ``kind``
    (``turn``: a new turn message; ``ended``), each with the language it speaks (their
    own, else ``lang``, the table's), and its text in a language: those whom it reaches
    and whose quiet hours do not hold it (what they hold waits in the outbox, through
    ``Notices.tell``). The caller sends it (``turns.send_to``: a follower asked for it,
    ``/campfire me dm:`` or not). Nothing here fails the post: a failure is logged."""

    def text(said: str) -> str:
        title = embeds.game_title(game, said)
        if kind == "turn":
            names = ", ".join(embeds.seat_name(game, s, said) for s in game.to_act)
            return t("discord.follow.dm.turn", said, title=title, players=names, link=link)
        return t("discord.follow.dm.ended", said, title=title, link=link)

    try:
        followers = await client.service.follows.followers(game, kind)
        if not followers:
            return {}, text
        told = await client.service.notices.tell(game, followers, kind, lang)
    except Exception:
        log.warning("game %s: its followers not told", game.id, exc_info=True)
        return {}, text
    return told.speaking(told.ping, lang), text


__all__ = ["DONE_KEYS", "FOLLOW_CHOICES", "follow", "followers_told"]
