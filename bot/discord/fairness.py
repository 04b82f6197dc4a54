"""A fair table in Discord: a player's record in one short line, what a lobby asks, and the
lobby card that shows both (``bot.service.fairness``).

A record reads on a phone: ``92% · 41 finished · ~3 h/move`` (completion rate, games
finished, median time per turn on this server over the last 180 days); a player with
no game here yet reads ``new here``. The lobby card shows each person's record beside
their name while the lobby is open (one read of the store for all of them) and what the
lobby asks of those who join.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.discord.embeds import MAX_FIELD, lobby_embed, mention
from bot.discord.i18n import t
from bot.service import GameInfo, GameService
from bot.service.fairness import Reliability, Requirement

__all__ = ["duration_text", "fair_lobby_embed", "lobby_card", "record_text", "requirement_text"]

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR


def duration_text(seconds: float, lang: str) -> str:
    """A median time, rounded to what matters: ``~40 min``, ``~3 h``, ``~2 d``."""
    if seconds < HOUR:
        return t("discord.fair.minutes", lang, n=max(1, round(seconds / MINUTE)))
    if seconds < 2 * DAY:
        return t("discord.fair.hours", lang, n=max(1, round(seconds / HOUR)))
    return t("discord.fair.days", lang, n=round(seconds / DAY))


def record_text(record: Reliability, lang: str) -> str:
    """``92% · 41 finished · ~3 h/move``; ``new here`` without a game on the server."""
    if record.started == 0:
        return t("discord.fair.new", lang)
    parts = []
    if record.percent is not None:
        parts.append(t("discord.fair.rate", lang, rate=record.percent))
    parts.append(t("discord.fair.finished", lang, count=record.finished))
    if record.median_move_seconds is not None:
        pace = duration_text(record.median_move_seconds, lang)
        parts.append(t("discord.fair.pace", lang, time=pace))
    return " · ".join(parts)


def requirement_text(requirement: Requirement, lang: str) -> str:
    """What a lobby asks: ``completion 80% or more · 10 finished games or more``."""
    parts = []
    if requirement.percent is not None:
        parts.append(t("discord.fair.asks_rate", lang, rate=requirement.percent))
    if requirement.min_finished is not None:
        parts.append(t("discord.fair.asks_finished", lang, count=requirement.min_finished))
    return " · ".join(parts)


def fair_lobby_embed(
    game: GameInfo, lang: str, records: Mapping[str, Reliability], requirement: Requirement
) -> discord.Embed:
    """The lobby card (``embeds.lobby_embed``) with each person's record beside their
    name (AI seats have none) and, when the lobby asks anything, what it asks."""
    embed = lobby_embed(game, lang)
    lines = []
    for player in game.seats:
        record = records.get(player.user_id)
        line = f"• {mention(player.user_id, lang)}"
        if record is not None and not player.ai_level:
            line += f" — {record_text(record, lang)}"
        lines.append(line)
    if lines:
        value = "\n".join(lines)
        if len(value) > MAX_FIELD:
            value = value[: MAX_FIELD - 1] + "…"
        players = t("discord.lobby.players", lang, count=len(game.seats), max=game.max_seats)
        embed.set_field_at(0, name=players, value=value, inline=False)
    if requirement.asks:
        embed.insert_field_at(
            1,
            name=t("discord.fair.asks", lang),
            value=requirement_text(requirement, lang),
            inline=False,
        )
    return embed


async def lobby_card(service: GameService, game: GameInfo, lang: str) -> discord.Embed:
    """The lobby card as it stands: while the lobby is open, with the seated persons'
    records (one read for all) and its requirement; once it started or closed, as
    ``embeds.lobby_embed`` draws it."""
    if game.status != "lobby":
        return lobby_embed(game, lang)
    people = [p.user_id for p in game.seats if not p.ai_level]
    records = await service.fairness.reliabilities(game.guild_id, people)
    requirement = await service.fairness.requirement(game.id)
    return fair_lobby_embed(game, lang, records, requirement)
