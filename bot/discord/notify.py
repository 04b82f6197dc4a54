"""A player's notices at the Discord end: ``/campfire me`` (direct messages, layout, time
zone, quiet hours, frequency, digest time, the language of their direct messages), the
zone autocomplete, and the direct messages the outbox holds (what waited through quiet
hours, the digest), in the player's own language (``bot.service.languages``).

The service decides who is told what and when (``GameService.notices``); here its
decisions are sent. The reminder loop (``bot.discord.days.run_pass``) calls ``drain``
at every pass: each player with something due gets one direct message, and the
outbox's rows are marked sent once it went (or Discord refused it: then the player's
direct messages are remembered as closed, ``dm_refused``, and what waited is said with
a ping in each game's thread instead).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord import embeds
from bot.discord.context import service_of, user_key
from bot.discord.host import CampfireBot
from bot.discord.i18n import lang_for, t, table_lang
from bot.discord.replies import ephemeral
from bot.discord.threads import table_language
from bot.discord.turns import mentions_only, send_dm
from bot.service import GameInfo
from bot.service.languages import client_lang
from bot.service.notices import UNSET, Delivery, Waited
from bot.service.prefs import zone_names
from bot.store import UserSettings
from rules.i18n import LANGS

log = logging.getLogger("campfire.discord.notify")

DRAIN_BATCH = 100
"""The most players one pass sends direct messages to (the rest at the next pass)."""
MAX_CHOICES = 25
MESSAGE_LIMIT = 2000
"""Discord's longest message: a longer digest is cut at a whole line."""
LAYOUT_SET = {"phone": "discord.me.layout.phone", "full": "discord.me.layout.full"}
LAYOUT_IS = {"phone": "discord.me.layout.is_phone", "full": "discord.me.layout.is_full"}
WAITED_DETAILS = {
    "late": "discord.waited.late",
    "undo": "discord.waited.undo",
    "rematch": "discord.waited.rematch",
    "claim": "discord.waited.claim",
    "timeout": "discord.waited.timeout",
}
LANGUAGES = (
    ("en", "discord.my_language.en"),
    ("fr", "discord.my_language.fr"),
    ("auto", "discord.my_language.auto"),
)
"""What ``/campfire me language:`` offers (an autocomplete: a command's words have a size
limit that fixed choices would pass): each language named in itself, or automatic."""
LANGUAGE_WORDS = {
    "english": "en",
    "anglais": "en",
    "french": "fr",
    "français": "fr",
    "francais": "fr",
    "automatic": "auto",
    "automatique": "auto",
}
"""Words typed instead of picking a suggestion."""
LANGUAGE_IS = {
    "choice": "discord.me.language.choice",
    "client": "discord.me.language.client",
    None: "discord.me.language.server",
}
WAITED_KEYS = {
    "turn": "discord.waited.turn",
    "reminder": "discord.waited.reminder",
    "ended": "discord.waited.ended",
}


# --------------------------------------------------------------------------- /campfire me


async def zone_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The standard library's time zones whose name holds what is typed (``paris``,
    ``america/``; a space reads as ``_``), those whose zone or city starts with it first,
    at most 25."""
    try:
        wanted = current.strip().lower().replace(" ", "_")
        found = [z for z in zone_names() if wanted in z.lower()]
        if wanted:  # a zone or city that starts with what is typed first
            found.sort(key=lambda z: (not _starts(z.lower(), wanted), z))
        return [app_commands.Choice(name=z, value=z) for z in found[:MAX_CHOICES]]
    except Exception:
        log.exception("time zone autocomplete failed")
        return []


async def language_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """English, Français and automatic (in the caller's language), those that hold what
    is typed."""
    lang = lang_for(interaction)
    wanted = current.strip().lower()
    offered = [app_commands.Choice(name=t(key, lang), value=code) for code, key in LANGUAGES]
    return [c for c in offered if wanted in c.name.lower() or wanted in c.value] or offered


def _language(text: str | None) -> str:
    """The ``language`` option as the service takes it (a word typed for a code)."""
    if text is None:
        return UNSET
    cleaned = text.strip().lower()
    return LANGUAGE_WORDS.get(cleaned, cleaned)


def _starts(zone: str, wanted: str) -> bool:
    return zone.startswith(wanted) or zone.rsplit("/", 1)[-1].startswith(wanted)


def _value(text: str | None) -> str:
    """An option as the service takes it: not given (``UNSET``), ``off`` (the default)."""
    if text is None:
        return UNSET
    return "" if text.strip().lower() in ("off", "default", "défaut", "non") else text


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
    """``/campfire me``: the caller's preferences. Changes what is given (a refused
    value changes nothing), then says what they all are."""
    service = service_of(interaction)
    lang = lang_for(interaction)
    user = user_key(interaction)
    if any(v is not None for v in (timezone, quiet, frequency, digest, language)):
        await service.notices.set_preferences(
            user,
            timezone=_value(timezone),
            quiet=_value(quiet),
            frequency=_value(frequency),
            digest=_value(digest),
            language=_language(language),
            lang=table_lang(interaction),
        )
    lines = []
    if dm is not None:
        await service.timing.set_notify(user, dm)
        lines.append(t("discord.notify.on" if dm else "discord.notify.off", lang))
    if layout is not None:
        await service.timing.set_layout(user, layout)
        lines.append(t(LAYOUT_SET[layout], lang))
    chosen = await service.timing.notify_of(user)
    if not lines:
        if chosen.notify_dm and chosen.dm_closed:
            key = "discord.notify.closed"
        else:
            key = "discord.notify.is_on" if chosen.notify_dm else "discord.notify.is_off"
        layout_now = await service.timing.layout_of(user)
        lines = [t(key, lang), t(LAYOUT_IS[layout_now], lang)]
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    prefs = (await service.notices.prefs([user], guild))[user]
    lines.append(
        t(
            "discord.me.notices",
            lang,
            zone=prefs.zone_name,
            quiet=str(prefs.quiet) if prefs.quiet else t("discord.me.quiet_off", lang),
            frequency=t(embeds.FREQUENCY_KEYS[prefs.frequency], lang),
            digest=str(prefs.digest),
        )
    )
    lines.append(await language_line(interaction, chosen, lang))
    await ephemeral(interaction, "\n".join(lines))


async def language_line(
    interaction: discord.Interaction[Any], chosen: UserSettings, lang: str
) -> str:
    """Which language the caller's direct messages speak, and why: their choice, their
    Discord's (the client they use now: it is what is recorded), or the server's."""
    source: str | None = "choice"
    spoken = chosen.language if chosen.language in LANGS else None
    if spoken is None:
        spoken, source = client_lang(str(interaction.locale)), "client"
    if spoken is None:
        source = None
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        spoken = await service_of(interaction).guild_language(guild) or table_lang(interaction)
    name = t(f"discord.language.{spoken}", lang)
    return t(LANGUAGE_IS[source], lang, language=name)


# --------------------------------------------------------------------------- the outbox


def thread_link(game: GameInfo) -> str:
    return embeds.jump_url(game.guild_id, game.thread_id or game.channel_id)


def waited_line(user_id: str, waited: Waited, lang: str) -> str:
    """One thing that waited, its deadline when it is about the player's turn, and its
    game's thread."""
    game = waited.game
    clock = game.clock_of(user_id)
    deadline = waited.deadline or (clock.deadline if clock is not None else None)
    key = WAITED_KEYS.get(waited.kind, "discord.waited.turn")
    if waited.kind == "reminder":
        key = WAITED_DETAILS.get(waited.detail, key)
    on_turn = key in ("discord.waited.turn", "discord.waited.reminder")
    return t(
        key,
        lang,
        title=embeds.game_title(game, lang),
        at=embeds.stamp(waited.at),
        deadline=t("discord.waited.deadline", lang, deadline=embeds.stamp(deadline))
        if deadline and on_turn
        else "",
        link=thread_link(game),
    )


def digest_line(user_id: str, game: GameInfo, lang: str) -> str:
    """A game of the digest: its time left (a Discord timestamp) and its thread."""
    clock = game.clock_of(user_id)
    title, link = embeds.game_title(game, lang), thread_link(game)
    if clock is not None and clock.deadline is not None:
        left = embeds.stamp(clock.deadline)
        return t("discord.digest.line", lang, title=title, deadline=left, link=link)
    since = embeds.stamp(
        clock.started if clock is not None else game.turn_started_at or game.created_at
    )
    return t("discord.digest.line_open", lang, title=title, since=since, link=link)


def delivery_text(delivery: Delivery) -> str:
    """The one direct message of a delivery: what waited, then the digest."""
    lang, user = delivery.lang, delivery.user_id
    lines: list[str] = []
    if delivery.waited:
        lines.append(t("discord.waited.title", lang, count=len(delivery.waited)))
        lines += [waited_line(user, w, lang) for w in delivery.waited]
    if delivery.digest:
        lines.append(t("discord.digest.title", lang, count=len(delivery.digest)))
        lines += [digest_line(user, g, lang) for g in delivery.digest]
    kept: list[str] = []
    for line in lines:  # within one message, whole lines
        if sum(len(k) + 1 for k in kept) + len(line) > MESSAGE_LIMIT:
            break
        kept.append(line)
    return "\n".join(kept)


async def drain(client: CampfireBot, worker: str) -> int:
    """Send what the outbox holds due: one direct message per player; how many went.
    A refused one is said in each game's thread with a ping instead; one that failed
    otherwise stays claimed and is tried again once its lease runs out."""
    notices = client.service.notices
    sent = 0
    for delivery in await notices.drain(worker, limit=DRAIN_BATCH):
        try:
            done = await send_dm(client, delivery.user_id, delivery_text(delivery))
            if done is False:
                await _in_threads(client, delivery)
            if done is not None:
                await notices.delivered(delivery)
                sent += bool(done)
        except Exception:
            log.exception("notices of %s were not sent", delivery.user_id)
    return sent


async def _in_threads(client: CampfireBot, delivery: Delivery) -> None:
    """Direct messages refused: each game that waited or waits on the player gets one
    line in its thread, pinging them."""
    user = delivery.user_id
    games = {w.game.id: w.game for w in delivery.waited}
    games.update({g.id: g for g in delivery.digest or ()})
    for game in games.values():
        try:  # a public line: the table's language, not the player's
            lang = await table_language(client, game)
            table = client.get_partial_messageable(int(game.thread_id or game.channel_id))
            text = t(
                "discord.waited.in_thread",
                lang,
                player=embeds.mention(user, lang),
                title=embeds.game_title(game, lang),
            )
            await table.send(text, allowed_mentions=mentions_only([user]))
        except (discord.HTTPException, ValueError):
            log.warning("game %s: the waiting ping was not posted", game.id, exc_info=True)
