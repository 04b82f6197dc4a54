"""Playing over days at the Discord table: the reminder loop's posts, claims, time away
and server settings.

The loop (``discord.ext.tasks``, started by the client once connected) runs
``run_pass`` every ``REMINDER_SECONDS``: the service claims the due reminders in the
database and says what happened per game; here each game gets at most one reminder
message (a *new* message, pinging only the players reminded), the moves the clock
made, and the claim buttons. Nothing is kept in memory between passes.
"""

from __future__ import annotations

import logging
import re
import socket
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord import app_commands

from bot.discord import (
    announcements,
    embeds,
    notify,
    publish,
    season_news,
    seasons,
    settings_card,
    threads,
    tourney_posts,
    turns,
)
from bot.discord.context import public_lang, service_of, user_key
from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot, bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.panels import claim_view
from bot.discord.replies import ephemeral
from bot.service import ClockReport, GameInfo, ServiceError
from bot.service.clocks import DEFAULT_MAX_AWAY_DAYS
from bot.service.jobs import worker_name
from bot.service.timing import EARLY
from bot.shards import Shards

log = logging.getLogger("campfire.discord.days")

REMINDER_SECONDS = 60.0
"""How often the reminder loop looks for due reminders."""
REMINDER_BATCH = 250
"""The most reminders one pass claims: posting them stays well within the claim's lease
(ten minutes) even when Discord slows the bot down; the rest follow at the next pass."""
TIMEOUT_KEYS = {"auto": "discord.timeout.auto", "forfeit": "discord.timeout.forfeit"}
CLAIM_KEYS = {
    "auto": "discord.claim.done_auto",
    "forfeit": "discord.claim.done_forfeit",
    "extend": "discord.claim.done_extend",
}
DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?\s*$")
DAYS = re.compile(r"^\s*(\d{1,3})\s*(?:d|j|days?|jours?)?\s*$", re.IGNORECASE)


def worker_id(shards: Shards | None = None) -> str:
    """Who holds the work this process claims (reminders, catch-up, AI turns):
    ``<host>/<shards>#<instance>``. A restart of the same shard range on the same host
    keeps the part before ``#``, so it takes back at once what its dead predecessor held
    (``bot.service.jobs``)."""
    return worker_name(f"{socket.gethostname()}/{shards if shards is not None else 'all'}")


# --------------------------------------------------------------------------- the loop


async def run_pass(client: CampfireBot, worker: str) -> int:
    """One pass of the reminder loop: claim, post each game's report, release, then
    send what the notices' outbox holds due. Returns how many games had something to
    say. A game whose posting fails is logged; the
    others are posted all the same."""
    timing = client.service.timing
    done = await timing.clock_pass(worker, limit=REMINDER_BATCH)
    for report in done.reports:
        try:
            await post_report(client, report)
        except Exception:
            log.exception("game %s: posting its reminders failed", report.game.id)
    await timing.finish_clock_pass(done)
    try:  # then the direct messages that waited (quiet hours) or are due (digests)
        await notify.drain(client, worker)
    except Exception:
        log.exception("the notices' outbox was not drained; tried again next pass")
    return len(done.reports)


async def post_report(client: CampfireBot, report: ClockReport) -> None:
    """What the clock did in one game, at its table: the seats back from time away and
    those timed out (one notice), the moves the clock played (board and turn), one
    reminder message pinging only the players reminded, the claim buttons."""
    game = report.game
    lang = await threads.table_language(client, game)
    try:
        table = await threads.table_of(client, game)
    except DiscordError:
        log.warning("game %s: its table is gone, reminders not posted", game.id)
        return
    notices = [
        t("discord.away.resumed", lang, player=game.name_of(s, lang)) for s in report.resumed
    ]
    # the late player is pinged in the line that says their time ran out (unless quiet)
    router = client.service.notices
    late = [s for s, _ in report.timed_out]
    told_late = await router.tell(game, late, "reminder", lang, detail="timeout") if late else None
    pinged_late = told_late.ping if told_late is not None else ()
    notices += [
        t(TIMEOUT_KEYS[p], lang, player=embeds.addressed(game, [s], pinged_late, lang))
        for s, p in report.timed_out
    ]
    if report.resumed and report.result is None:  # the clocks run again: say so above
        await announcements.refresh_turn(client, game, lang)
    if notices:
        await table.send("\n".join(notices), allowed_mentions=turns.mentions_only(pinged_late))
    if report.result is not None:
        await publish.publish_result(client, report.result, lang)
        await tourney_posts.after_change(client, report.result)
    now = client.service.now()
    early = [  # a pass slowed down past a deadline says nothing of the time left
        r for r in report.reminders if r.kind in EARLY and r.deadline and r.deadline <= now
    ]
    reminders = [r for r in report.reminders if r not in early]
    if reminders:
        ping: list[str] = []
        dms: dict[str, str] = {}  # who gets a direct message, in which language
        for r in reminders:  # each seat's reminder routed: pinged now, or its ping waits
            told = await router.tell(
                game, [r.seat], "reminder", lang, detail=r.kind, deadline=r.deadline
            )
            ping += told.ping
            dms.update(told.speaking(told.dm, lang))
        named = game
        if not game.seats and any(r.seat not in ping for r in reminders):
            named = await client.service.game(game.id)  # read lean: the names it lacks
        text = "\n".join(
            embeds.reminder_line(named, r, lang, ping=r.seat in ping) for r in reminders
        )
        message = await table.send(text, allowed_mentions=turns.mentions_only(ping))
        link = embeds.jump_url(game.guild_id, str(message.channel.id), str(message.id))
        await turns.send_to(
            client,
            dms,
            lambda said: t(
                "discord.dm.reminder", said, title=embeds.game_title(game, said), link=link
            ),
        )
    if report.claims and game.status == "running":
        others = list(report.claimers)  # people still playing: no AI seat, nobody gone
        asked = (await router.tell(game, others, "reminder", lang, detail="claim")).ping
        text = t(
            "discord.claim.prompt",
            lang,
            late=", ".join(game.name_of(s, lang) for s in report.claims),
            players=embeds.addressed(game, others, asked, lang),
        )
        await table.send(
            text, view=claim_view(game, lang), allowed_mentions=turns.mentions_only(asked)
        )


# --------------------------------------------------------------------------- claims


async def claim(
    interaction: discord.Interaction[Any], game_id: int, version: int | None, action: str
) -> None:
    """A click under a passed deadline: play for the late player, remove them, or give
    one more day; the claim message says who chose what, and the table sees the rest."""
    client = bot_of(interaction)
    lang = await public_lang(interaction)
    try:
        done = await client.service.timing.claim(game_id, user_key(interaction), action, version)
    except ServiceError as exc:
        if exc.key not in ("service.stale", "service.claim_nothing", "service.not_running"):
            raise
        await interaction.response.edit_message(content=t("discord.claim.over", lang), view=None)
        return
    game = done.result.game
    deadline = embeds.stamp(done.deadline) if done.deadline is not None else ""
    content = t(
        CLAIM_KEYS[action],
        lang,
        player=game.name_of(done.by, lang),
        late=", ".join(game.name_of(s, lang) for s in done.seats),
        deadline=deadline,
    )
    try:
        await interaction.response.edit_message(content=content, view=None)
    except discord.HTTPException:
        log.warning("game %s: the claim message was not updated", game_id, exc_info=True)
    if done.result.events:
        await publish.publish(client, game, done.result.events, lang)
        await tourney_posts.after_change(client, done.result)


# --------------------------------------------------------------------------- away and back


def parse_until(text: str, now: datetime) -> datetime:
    """``2026-03-20`` (that day, 00:00 UTC), ``2026-03-20 18:00`` (UTC) or a number of
    days (``5``, ``5d``, ``5 jours``). Raises ``discord.away.bad_date``."""
    found = DATE.match(text)
    try:
        if found:
            year, month, day, hour, minute = found.groups()
            return datetime(
                int(year), int(month), int(day), int(hour or 0), int(minute or 0), tzinfo=UTC
            )
        days = DAYS.match(text)
        if days:
            return now + timedelta(days=int(days.group(1)))
    except ValueError:
        pass
    raise DiscordError("discord.away.bad_date", text=text[:40])


async def until_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The next days, up to the server's maximum, as dates (``2026-03-20``)."""
    try:
        service = service_of(interaction)
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        chosen = await service.timing.guild_settings(guild)
        most = chosen.max_away_days or DEFAULT_MAX_AWAY_DAYS
        today = service.now().date()
        lang = lang_for(interaction)
        choices = []
        for n in range(1, min(most, 25) + 1):
            day = (today + timedelta(days=n)).isoformat()
            label = t("discord.away.in_days", lang, date=day, days=n)
            if current.strip() in label:
                choices.append(app_commands.Choice(name=label[:100], value=day))
        return choices
    except Exception:
        log.exception("away autocomplete failed")
        return []


async def away(interaction: discord.Interaction[Any], until_text: str) -> None:
    """``/campfire away until:``: every clock of the caller pauses until then; each of
    their running games is told once."""
    service = service_of(interaction)
    until = parse_until(until_text, service.now())
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    chosen = await service.timing.guild_settings(guild)
    gone = await service.timing.go_away(user_key(interaction), until, max_days=chosen.max_away_days)
    when = embeds.stamp(until, "f")
    lang = lang_for(interaction)
    await ephemeral(interaction, t("discord.away.done", lang, until=when, count=len(gone.games)))
    await _tell_games(interaction, gone.games, "discord.away.notice", when)


async def back(interaction: discord.Interaction[Any]) -> None:
    """``/campfire back``: the caller's clocks run again from now."""
    returned = await service_of(interaction).timing.come_back(user_key(interaction))
    lang = lang_for(interaction)
    await ephemeral(interaction, t("discord.away.back", lang, count=len(returned.games)))
    await _tell_games(interaction, returned.games, "discord.away.back_notice", "")


async def _tell_games(
    interaction: discord.Interaction[Any], games: tuple[GameInfo, ...], key: str, when: str
) -> None:
    client = bot_of(interaction)
    for game in games:
        lang = await threads.table_language(client, game)
        name = game.name_of(user_key(interaction), lang)
        await publish.post_notice(client, game, t(key, lang, player=name, until=when))
        if user_key(interaction) in game.to_act:  # its clock line changed
            await announcements.refresh_turn(client, game, lang)


# --------------------------------------------------------------------------- settings


async def settings(
    interaction: discord.Interaction[Any],
    *,
    language: str | None = None,
    clock: str | None = None,
    timeout: str | None = None,
    nudge_hours: int | None = None,
    max_away_days: int | None = None,
    channel: discord.abc.GuildChannel | None = None,
    anywhere: bool | None = None,
    hints: bool | None = None,
    pictures: str | None = None,
    web_links: bool | None = None,
    season: str | None = None,
    end_season: bool | None = None,
    organiser_role: discord.Role | None = None,
    max_games: int | None = None,
    frequency: str | None = None,
    digest: str | None = None,
) -> None:
    """``/campfire settings``: Manage Server only; changes what is given, then shows
    every setting in an embed (only to the caller); ``season`` starts a season of that
    name, ``end_season`` ends the running one (``bot.discord.seasons``), and the server
    hears it (``bot.discord.season_news``); ``max_games`` 0: no cap."""
    perms = interaction.permissions
    if not (perms.manage_guild or perms.administrator):
        raise DiscordError("discord.settings.not_allowed")
    if interaction.guild_id is None:
        raise DiscordError("discord.guild_only")
    timing = service_of(interaction).timing
    guild = str(interaction.guild_id)
    change = await seasons.settings_lines(interaction, guild, season, end_season)
    chosen = await timing.guild_settings(guild)
    changes: dict[str, Any] = {}
    if language is not None:
        changes["language"] = language
    if clock is not None:
        changes["clock_hours"] = int(clock)
    if timeout is not None:
        changes["timeout_policy"] = timeout
    if nudge_hours is not None:
        changes["nudge_hours"] = nudge_hours
    if max_away_days is not None:
        changes["max_away_days"] = max_away_days
    if channel is not None:
        changes["games_channel"] = str(channel.id)
    if anywhere:
        changes["games_channel"] = None
    if hints is not None:
        changes["hints"] = hints
    if pictures is not None:
        changes["pictures"] = pictures
    if web_links is not None:
        changes["web_links"] = web_links
    if organiser_role is not None:  # @everyone: back to Manage Server only
        everyone = organiser_role.id == interaction.guild_id
        changes["organiser_role"] = None if everyone else str(organiser_role.id)
    if max_games is not None:
        changes["max_games"] = max_games or None
    if frequency is not None:
        changes["frequency"] = frequency
    if digest is not None:
        changes["digest"] = digest
    if changes:
        chosen = await timing.save_guild_settings(guild, replace(chosen, **changes))
    told = await season_news.announce(interaction, change, chosen)  # after every commit
    lang = lang_for(interaction)
    key = "discord.settings.saved" if changes else "discord.settings.shown"
    text = "\n".join([t(key, lang), *change.lines, *told])
    await ephemeral(interaction, text, embed=settings_card.settings_embed(chosen, lang))
