"""Posting a tournament: each table's thread and first turn, the round's message, the
final announcement, and the pass of the periodic loop that does a tournament's work.

A table's game is a normal game: its thread is opened in the tournament's channel and
its first turn posted through the normal path (``publish``: the players to act
pinged, the revision claimed and recorded). The channel's messages come from the
service's news (``Tournaments.news``: claimed for one process, marked posted after),
so with several processes, or after a restart, each is posted once; a round's news
first makes sure every table of the round has its thread and its first turn (what a
process that died after opening the games left undone).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import ui

from bot.discord import embeds, publish, tourney_texts
from bot.discord.announcements import ANNOUNCED
from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot
from bot.discord.i18n import t
from bot.discord.panels import web_button
from bot.discord.threads import THREAD_ARCHIVE_MINUTES
from bot.discord.tourney_items import registration_view
from bot.discord.turns import NO_MENTIONS
from bot.service import GameInfo, GameOver, PlayResult
from bot.service.tournaments.values import News, Progress, TableInfo, TournamentInfo
from rules.i18n import lang_of

log = logging.getLogger("campfire.discord.tournaments")


async def language(client: CampfireBot, tournament: TournamentInfo) -> str:
    """The language of the tournament's public messages: the server's choice, else its
    locale."""
    chosen = await client.service.guild_language(tournament.guild_id)
    if chosen:
        return chosen
    guild = client.get_guild(int(tournament.guild_id)) if tournament.guild_id else None
    return lang_of(str(guild.preferred_locale)) if guild is not None else "en"


async def channel_of(client: CampfireBot, tournament: TournamentInfo) -> Any:
    """The tournament's channel (raises ``discord.table_gone`` / ``discord.no_access``)."""
    channel: Any = client.get_channel(int(tournament.channel_id))
    if channel is not None:
        return channel
    try:
        return await client.fetch_channel(int(tournament.channel_id))
    except discord.NotFound:
        raise DiscordError("discord.table_gone") from None
    except discord.Forbidden:
        raise DiscordError("discord.no_access") from None


async def registration(client: CampfireBot, tournament: TournamentInfo, lang: str) -> discord.Embed:
    """The registration message's embed, each registered player's completion rate
    beside their name where the service keeps one."""
    rates = await completion_rates(client, tournament)
    return tourney_texts.registration_embed(tournament, lang, rates)


GONE = ("discord.table_gone", "discord.no_access")
"""The refusals of a channel that trying again would not change."""
REGISTRATION = "registration"
"""The kind of message a tournament remembers: its registration message."""


async def remember(client: CampfireBot, tournament_id: int, message_id: str) -> None:
    """Remember the tournament's registration message, to edit it when registration
    closes (the tournaments' service keeps it)."""
    await client.service.tournaments.remember_message(tournament_id, REGISTRATION, message_id)


async def refresh_registration(client: CampfireBot, tournament: TournamentInfo) -> None:
    """Redraw the registration message as the tournament is now: its buttons only while
    registration is open. Never raises (a message deleted stays so)."""
    message_id = await client.service.tournaments.message_of(tournament.id, REGISTRATION)
    if message_id is None:
        return
    lang = await language(client, tournament)
    try:
        channel = await channel_of(client, tournament)
        message = channel.get_partial_message(int(message_id))
        if tournament.status == "open":
            web = await web_url(client, tournament)
            view: ui.View | None = registration_view(tournament.id, lang, web)
        else:
            view = await web_view(client, tournament, lang)
        await message.edit(embed=await registration(client, tournament, lang), view=view)
    except (DiscordError, discord.HTTPException):
        log.warning("tournament %s: registration message not updated", tournament.id)


async def completion_rates(client: CampfireBot, tournament: TournamentInfo) -> dict[str, int]:
    """``{user_id: completion rate in percent}`` of the registered players who have one
    on the server (the service's fair-table records, ``GameService.fairness``, one read
    for all; none where the service keeps no records)."""
    fairness: Any = getattr(client.service, "fairness", None)
    if fairness is None:
        return {}
    users = [e.user_id for e in tournament.entries if e.plays]
    try:
        records = await fairness.reliabilities(tournament.guild_id, users)
    except Exception:
        log.exception("tournament %s: reading the completion rates failed", tournament.id)
        return {}
    return {u: int(r.percent) for u, r in records.items() if r.percent is not None}


async def web_url(client: CampfireBot, tournament: TournamentInfo) -> str | None:
    """A fresh link to the tournament's page, when the bot has a companion and the
    server did not turn the links off."""
    if client.web is None:
        return None
    chosen = await client.service.settings.cached(tournament.guild_id)
    if chosen.web_links is False:
        return None
    return client.web.tournament_url(tournament.id, client.service.now().timestamp())


async def web_view(client: CampfireBot, tournament: TournamentInfo, lang: str) -> ui.View | None:
    """A view holding the **Web** link to the tournament's page, or ``None``."""
    url = await web_url(client, tournament)
    if url is None:
        return None
    view = ui.View(timeout=None)
    view.add_item(web_button(url, lang))
    view.stop()
    return view


async def notice(client: CampfireBot, tournament: TournamentInfo, text: str) -> None:
    """A one-line public notice in the tournament's channel; never raises."""
    try:
        channel = await channel_of(client, tournament)
        await channel.send(text, allowed_mentions=NO_MENTIONS)
    except (DiscordError, discord.HTTPException):
        log.warning("tournament %s: notice not posted", tournament.id, exc_info=True)


# --------------------------------------------------------------------------- tables


def thread_name(game: GameInfo, table: TableInfo, lang: str) -> str:
    label = t("discord.tournament.thread", lang, round=table.round, table=table.number)
    return f"{embeds.game_title(game, lang)} · {label}"[:100]


def left_behind(
    client: CampfireBot, channel: discord.TextChannel, name: str
) -> discord.Thread | None:
    """The bot's active thread of this name in the channel, when a process made it and
    died before remembering it (a table's thread name holds its game's number): taken
    over rather than made twice."""
    me = client.user.id if client.user is not None else None
    return next((t for t in channel.threads if t.name == name and t.owner_id == me), None)


async def open_table(
    client: CampfireBot, tournament: TournamentInfo, table: TableInfo, lang: str
) -> str | None:
    """Make sure a table's game has its thread in the tournament's channel and its first
    turn posted (its players to act pinged); the thread's id (``None``: played in the
    channel, Discord refused a thread)."""
    if table.game_id is None:
        return None
    game = await client.service.game(table.game_id)
    channel = await channel_of(client, tournament)
    if game.thread_id is None and isinstance(channel, discord.TextChannel):
        name = thread_name(game, table, lang)
        thread = left_behind(client, channel, name)
        if thread is None:
            try:
                thread = await channel.create_thread(
                    name=name,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
            except discord.HTTPException:
                log.warning("tournament %s: no thread for game %s", tournament.id, game.id)
        if thread is not None:
            await client.service.set_thread(game.id, str(thread.id))
            game = await client.service.game(game.id)
    if publish.never_posted(client, (await client.service.messages(game.id)).get(ANNOUNCED)):
        # never announced (or its first post claimed by a process that died before
        # making it): its moves so far, and whoever must act now pinged
        await publish.publish_first(client, game, lang)
    return game.thread_id


# --------------------------------------------------------------------------- progress


async def publish_progress(client: CampfireBot, progress: Progress | None) -> None:
    """Post what a change of a tournament did: the games it ended (their results at
    their tables), the tables it opened (threads, first turns), then the channel's
    news (the round's message, the final standings). Never raises."""
    if progress is None:
        return
    lang = await language(client, progress.tournament)
    if progress.round == 1 or progress.tournament.status == "cancelled":
        await refresh_registration(client, progress.tournament)  # registration closed
    for ended in progress.ended:
        try:
            await publish.publish_result(client, ended, lang)
        except Exception:
            log.exception("game %s: its result was not posted", ended.game.id)
    for opened in progress.opened:
        try:
            await open_table(client, progress.tournament, opened.table, lang)
        except Exception:
            log.exception("tournament %s: a table was not opened", progress.tournament.id)
    await post_news(client)


async def after_change(client: CampfireBot, result: PlayResult) -> None:
    """After a change of a game is posted: when it ended the game, post the news its end
    made now (a tournament table's end may open the next round or end the tournament)
    rather than at the loop's next pass. Never raises."""
    if result.game.status == "running" or not any(isinstance(e, GameOver) for e in result.events):
        return
    try:
        await table_over(client, result.game)
        await post_news(client)
    except Exception:
        log.exception(
            "game %s: the tournaments' news after its end were not posted", result.game.id
        )


async def table_over(client: CampfireBot, game: GameInfo) -> None:
    """When a tournament table's game ended: one line at its table saying it counts, and
    what comes next (the next round when every table has ended, or the end)."""
    found = await client.service.tournaments.of_game(game.id)
    if found is None:
        return
    tournament, round_number = found
    lang = await language(client, tournament)
    if tournament.status == "running" and tournament.current_round == round_number:
        key = "discord.tournament.table_done"
    else:
        key = "discord.tournament.table_done_last"
    text = t(key, lang, title=tourney_texts.title(tournament, lang), round=round_number)
    await publish.post_notice(client, game, text)


async def run_pass(client: CampfireBot) -> int:
    """One pass of the periodic loop: every due tournament's work (a closing date
    reached, a round over or at its deadline), then its news posted. Returns how many
    tournaments moved on; a failure is logged and the others still go."""
    moved = 0
    for progress in await client.service.tournaments.tick():
        moved += 1
        await publish_progress(client, progress)
    await post_news(client)
    return moved


async def post_news(client: CampfireBot) -> int:
    """Post every news this process claims (a round opened, a tournament over); each is
    marked posted, or given back when its post failed (dropped, with a warning, when its
    channel is gone or closed to the bot: trying again would not help). Returns how many
    were posted."""
    tournaments = client.service.tournaments
    done = 0
    for news in await tournaments.news():
        try:
            await post_one(client, news)
        except Exception as exc:
            gone = isinstance(exc, discord.NotFound | discord.Forbidden) or (
                isinstance(exc, DiscordError) and exc.key in GONE
            )
            if gone:
                log.warning(
                    "tournament %s: its channel cannot be reached: its %s news is dropped",
                    news.tournament.id,
                    news.kind,
                )
            else:
                log.exception(
                    "tournament %s: its %s news was not posted", news.tournament.id, news.kind
                )
            await tournaments.posted([news], done=gone)
            continue
        await tournaments.posted([news], done=True)
        done += 1
    return done


async def post_one(client: CampfireBot, news: News) -> None:
    """A round's message (its tables' threads opened first) or the final announcement."""
    tournament = news.tournament
    lang = await language(client, tournament)
    channel = await channel_of(client, tournament)
    view = await web_view(client, tournament, lang)
    if news.kind == "round" and news.round is not None:
        threads: dict[int, str] = {}
        for table in news.round.tables:
            thread = await open_table(client, tournament, table, lang)
            if thread is not None and table.game_id is not None:
                threads[table.game_id] = thread
        texts = tourney_texts.round_text(tournament, news.round, threads, lang)
        for n, text in enumerate(texts, start=1):
            last = n == len(texts)  # the Web link under the last part
            shown = view if last and view is not None else discord.utils.MISSING
            await channel.send(text, view=shown, allowed_mentions=NO_MENTIONS)
        return
    lines = news.standings
    await channel.send(
        tourney_texts.final_text(tournament, lines, lang),
        embed=tourney_texts.standings_embed(tournament, lines, lang, final=True),
        view=view or discord.utils.MISSING,
        allowed_mentions=NO_MENTIONS,
    )
