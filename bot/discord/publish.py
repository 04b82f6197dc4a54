"""Posting a game to its table: the game thread, board pictures, turn and result messages.

Every change of a running game ends here: the events of a ``PlayResult`` become a board
message (embed + PNG attachment, rendered off the event loop by the service), a new
message mentioning exactly the players to act (with Play/Hand/Scores buttons), or the
final result. The thread is opened under the lobby message at start (the channel is the
fallback when threads are not allowed) and unarchived before posting.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

import discord

from bot.discord import embeds
from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot
from bot.discord.i18n import t
from bot.discord.views import rematch_view, turn_view, undo_vote_view
from bot.service import (
    BoardPicture,
    Event,
    GameInfo,
    GameOver,
    MoveApplied,
    PlayResult,
    TurnStarted,
    UndoRequest,
    is_ai_seat,
)
from rules.base import REMOVAL_PREFIX
from rules.i18n import lang_of

log = logging.getLogger("campfire.discord.publish")

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: games are played over days
NO_MENTIONS = discord.AllowedMentions.none()
ANNOUNCED = "announced"
"""Message kind whose value is the version last posted at the table (see ``catch_up``)."""
RACED = 8
"""The most moves a post names before its own when their posts lost the race to it."""


def mentions_only(user_ids: Sequence[str]) -> discord.AllowedMentions:
    """Allow pings of exactly these users (no roles, no @everyone, no replies)."""
    users = [discord.Object(id=int(u)) for u in user_ids if u.isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def board_filename(game: GameInfo) -> str:
    """``campfire-<game>-<revision>.png``: ``game.version`` must be the revision drawn."""
    return f"campfire-{game.id}-{game.version}.png"


async def table_of(client: CampfireBot, game: GameInfo) -> discord.abc.Messageable:
    """Where the game is played: its thread (unarchived if needed) or its channel.

    A thread deleted by someone moves the game back to its channel and raises
    ``DiscordError('discord.thread_gone')`` so the caller can say so and change nothing
    else. Raises ``discord.table_gone`` / ``discord.no_access`` when the channel itself
    cannot be reached.
    """
    target = int(game.thread_id or game.channel_id)
    channel: Any = client.get_channel(target)
    if channel is None:
        try:
            channel = await client.fetch_channel(target)
        except discord.NotFound:
            if game.thread_id and game.thread_id != game.channel_id:
                await client.service.set_thread(game.id, game.channel_id)
                raise DiscordError("discord.thread_gone", channel=f"<#{game.channel_id}>") from None
            raise DiscordError("discord.table_gone") from None
        except discord.Forbidden:
            raise DiscordError("discord.no_access") from None
    if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
        try:
            await channel.edit(archived=False)
        except discord.HTTPException:
            log.warning("could not unarchive thread %s of game %s", channel.id, game.id)
    return channel  # type: ignore[no-any-return]


async def open_thread(
    client: CampfireBot,
    game: GameInfo,
    lobby: discord.PartialMessage | discord.Message | None,
    lang: str = "en",
) -> None:
    """Open the game's public thread under its lobby message (at start).

    Keeps playing in the channel when the lobby is itself in a thread, when the lobby
    message is unknown, or when Discord refuses the thread (missing permission).
    """
    if lobby is None or isinstance(lobby.channel, discord.Thread):
        return
    name = embeds.game_title(game, lang)[:100]
    try:
        thread = await lobby.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except (discord.Forbidden, discord.NotFound, ValueError):
        log.info("no thread for game %s: playing in channel %s", game.id, game.channel_id)
        return
    except discord.HTTPException:
        log.warning("thread creation failed for game %s", game.id, exc_info=True)
        return
    await client.service.set_thread(game.id, str(thread.id))


async def publish(
    client: CampfireBot,
    game: GameInfo,
    events: Sequence[Event],
    lang: str,
    *,
    ai_turns: bool = True,
    view: Mapping[str, Any] | None = None,
) -> None:
    """Turn the events of one request into messages at the game's table.

    One board message for the moves (or for the start), then either the result or a
    new turn message that pings the players to act. HTTP failures are logged, never
    raised: the game has already moved on and the next turn message will catch up.
    Then (``ai_turns``) the AI seats to act play, each decision announced on its own.
    ``view``: the public view at ``game.version`` (the board drawn without reading the
    game again), when the request gave it.
    """
    if not events:
        return
    await _post_events(client, game, events, lang, view)
    if ai_turns:
        await play_ai_turns(client, game, lang)


async def publish_result(client: CampfireBot, result: PlayResult, lang: str) -> None:
    """``publish`` a change the service just made, from what it returned."""
    await publish(client, result.game, result.events, lang, view=result.view)


async def play_ai_turns(client: CampfireBot, game: GameInfo, lang: str) -> int:
    """While AI seats are to act, let them decide one entry at a time (the search runs
    in a worker thread) and announce each like a person's move, with its picture.
    Returns how many entries were played. A failure is logged and stops the AI here:
    the next move, or the next start of the bot, tries again."""
    played = 0
    while game.status == "running" and any(is_ai_seat(s) for s in game.to_act):
        try:
            result = await client.service.robots.move(game.id)
        except Exception:
            log.exception("game %s: the AI seats could not play", game.id)
            break
        if result is None:
            break
        played += 1
        await _post_events(client, result.game, result.events, lang, result.view)
        game = result.game
    return played


async def resume_ai_turns(client: CampfireBot, *, sweep: bool = False) -> list[int]:
    """After a restart: the AI seats to act in every running game of this process's
    shards play (what the process stopped in the middle of), each game claimed first so
    that another process serving the same shards leaves it alone
    (``GameService.jobs``). Returns the game ids where they played. ``sweep`` (the
    periodic loop): only the games whose claim a dead process left behind."""

    async def resume(game: GameInfo) -> bool:
        return bool(await play_ai_turns(client, game, await table_language(client, game)))

    return await client.service.jobs.ai_turns(client.worker, resume, sweep=sweep)


async def _post_events(
    client: CampfireBot,
    game: GameInfo,
    events: Sequence[Event],
    lang: str,
    view: Mapping[str, Any] | None = None,
) -> None:
    """The messages of one request (see ``publish``), remembered in one write: the
    board and turn messages posted, and the revision the table has now seen."""
    if not events:
        return
    try:
        table = await table_of(client, game)
    except DiscordError:
        log.warning("game %s: its table is gone, events not posted", game.id)
        return
    # The one place a revision is announced: claimed first, so that of two processes
    # with overlapping shards (one playing the AI, the other catching up) one posts.
    claim = await client.service.claim_announcement(game.id, game.version, ANNOUNCED)
    if claim is None:
        log.info("game %s: v%s is posted by someone else", game.id, game.version)
        return
    events = await _covering(client, game, events, claim.before)
    lines = [
        embeds.move_line(game, e.seat, e.table_label, lang, e.notes, by_clock=e.by_clock)
        for e in events
        if isinstance(e, MoveApplied) and not e.code.startswith(REMOVAL_PREFIX)
    ]  # a seat leaving is announced by its own notice (resign, timeout)
    over = next((e for e in events if isinstance(e, GameOver)), None)
    turn = next((e for e in reversed(events) if isinstance(e, TurnStarted)), None)
    posted: dict[str, str] = {}
    seen: tuple[str, int] | None = None
    try:
        if lines or turn is not None or over is not None:
            board = await post_board(client, table, game, lang, lines, view=view, record=False)
            posted["board"] = str(board.id)
        if over is not None:
            await post_result(client, table, game, over, lang)
        elif game.status == "running" and any(not is_ai_seat(s) for s in game.to_act):
            # A fresh Play button after every move; a ping only when the players to act
            # changed (the same player going on with a multi-decision turn is not pinged).
            pinged = turn.new_seats if turn is not None else ()
            message = await post_turn(
                client, table, game, game.to_act, lang, pinged=pinged, record=False
            )
            posted["turn"] = str(message.id)
        seen = (ANNOUNCED, game.version)
    except discord.HTTPException:
        log.warning(
            "game %s: posting to %s failed", game.id, getattr(table, "id", "?"), exc_info=True
        )
        await client.service.release_announcement(claim)  # the catch-up tries again
    await client.service.record_posts(game.id, posted, seen=seen)


async def _covering(
    client: CampfireBot, game: GameInfo, events: Sequence[Event], before: str
) -> Sequence[Event]:
    """``events`` and, before them, the moves the table has not seen since revision
    ``before`` (the claim's): two moves made at once whose posts came in the other order
    (the later one claimed first, the earlier then posts nothing) are both named. Only
    when the game is still at ``game.version`` and the moves missed are few (at most
    ``RACED``: moves made at once); else ``events`` as they are."""
    first = min((e.version for e in events if isinstance(e, MoveApplied)), default=None)
    if first is None or not before.isdigit() or int(before) >= first - 1:
        return events
    if first - 1 - int(before) > RACED:
        return events  # not a race of posts: a table left behind long ago
    try:
        missed = await client.service.missed(game.id, int(before))
    except Exception:
        log.warning("game %s: the moves before v%s are not named", game.id, first, exc_info=True)
        return events
    return missed.events if missed.game.version == game.version else events


async def catch_up(client: CampfireBot, *, sweep: bool = False) -> list[int]:
    """Post what every running game's table missed since its last post (the process
    stopped between the commit and the post, or Discord refused the post): a board
    naming every entry stored since, and a turn message pinging those the normal flow
    would have pinged (``GameService.missed``). Returns the game ids caught up.

    A game that fails is logged and skipped: the others are still caught up. Games
    never announced since this record exists are left alone (no flood of old games on
    the first start of this version). Each game is claimed first, so that another
    process serving the same shards does not post it too (``GameService.jobs``).
    ``sweep`` (the periodic loop): only the games whose claim a dead process left."""

    async def catch_up_game(game: GameInfo) -> bool:
        try:
            return await _catch_up_game(client, game)
        except Exception:
            log.exception("game %s: catching up its table failed", game.id)
            return False

    return await client.service.jobs.catch_up(ANNOUNCED, client.worker, catch_up_game, sweep=sweep)


async def _catch_up_game(client: CampfireBot, game: GameInfo) -> bool:
    announced = (await client.service.messages(game.id)).get(ANNOUNCED)
    if announced is None or not announced.isdigit() or int(announced) >= game.version:
        return False
    lang = await client.service.guild_language(game.guild_id) or _server_lang(client, game)
    log.info("game %s: announcing v%s (last posted: v%s)", game.id, game.version, announced)
    missed = await client.service.missed(game.id, int(announced))
    await publish(client, missed.game, missed.events, lang)
    return True


async def table_language(client: CampfireBot, game: GameInfo) -> str:
    """The language of a game's public messages: the server's choice, else its locale."""
    return await client.service.guild_language(game.guild_id) or _server_lang(client, game)


def _server_lang(client: CampfireBot, game: GameInfo) -> str:
    guild = client.get_guild(int(game.guild_id)) if game.guild_id else None
    return lang_of(str(guild.preferred_locale)) if guild is not None else "en"


def replay_filename(game: GameInfo) -> str:
    """``campfire-12-replay.webp`` (an animated WebP: Discord animates it, not APNG)."""
    return f"campfire-{game.id}-replay.webp"


async def replay_file(client: CampfireBot, game: GameInfo, lang: str) -> discord.File | None:
    """The animated replay of a finished game as an attachment; ``None`` when the game
    has no renderer or the replay failed (logged): the result goes out without it."""
    if not client.service.boards.has_picture(game.rules):
        return None
    try:
        picture = await client.service.boards.animation(game.id, lang)
    except Exception:
        log.warning("game %s: no animated replay", game.id, exc_info=True)
        return None
    description = await describe(client, game, lang)
    return discord.File(
        io.BytesIO(picture), filename=replay_filename(game), description=description
    )


async def board_picture(
    client: CampfireBot, game: GameInfo, lang: str, view: Mapping[str, Any] | None = None
) -> BoardPicture | None:
    """The board as it is now (``view``: the public view at ``game.version``, drawn as
    it is); ``None`` when the game has no renderer or the renderer failed (logged by
    the service): the game goes on without a picture."""
    if not client.service.boards.has_picture(game.rules):
        return None
    try:
        if view is not None:
            return await client.service.boards.draw_view(game, view, lang)
        return await client.service.boards.draw(game.id, lang)
    except Exception:
        log.warning("game %s: no board picture at version %s", game.id, game.version, exc_info=True)
        return None


def attachment(game: GameInfo, picture: BoardPicture) -> tuple[GameInfo, discord.File]:
    """The game as the picture shows it (its revision: a move may have been stored
    since ``game`` was read) and the picture as a file named after that revision."""
    shown = replace(game, version=picture.version)
    file = discord.File(
        io.BytesIO(picture.png),
        filename=board_filename(shown),
        description=picture.text[:DESCRIPTION_LIMIT] or None,
    )
    return shown, file


DESCRIPTION_LIMIT = 1024
"""Discord keeps at most 1,024 characters of an attachment's description."""


async def describe(client: CampfireBot, game: GameInfo, lang: str) -> str | None:
    """The short form of the board's text twin (``render.twin``), an attachment's
    description for screen readers; ``None`` when the game has none or it failed
    (logged: the attachment goes out without it)."""
    try:
        words = await client.service.boards.words(game.id, lang)
    except Exception:
        log.warning("game %s: no text twin", game.id, exc_info=True)
        return None
    return words[0][:DESCRIPTION_LIMIT] if words else None


async def board_file(client: CampfireBot, game: GameInfo, lang: str) -> discord.File | None:
    """The board picture as an attachment named after the revision it shows."""
    picture = await board_picture(client, game, lang)
    return None if picture is None else attachment(game, picture)[1]


async def post_board(
    client: CampfireBot,
    table: discord.abc.Messageable,
    game: GameInfo,
    lang: str,
    lines: Sequence[str],
    *,
    view: Mapping[str, Any] | None = None,
    record: bool = True,
) -> discord.Message:
    """The board message: what happened (``lines``) and the picture (of ``view`` when
    given), numbered and named after the revision it shows; remembered as the game's
    ``board`` message unless the caller does it (``record=False``)."""
    picture = await board_picture(client, game, lang, view)
    file = None
    if picture is not None:
        game, file = attachment(game, picture)
    embed = embeds.board_embed(game, lang, filename=file.filename if file else None, lines=lines)
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": NO_MENTIONS}
    if file is not None:
        kwargs["file"] = file
    message = await table.send(**kwargs)
    if record:
        await client.service.set_message(game.id, "board", str(message.id))
    return message


async def post_turn(
    client: CampfireBot,
    table: discord.abc.Messageable,
    game: GameInfo,
    seats: Sequence[str],
    lang: str,
    *,
    pinged: Sequence[str] | None = None,
    record: bool = True,
) -> discord.Message:
    """A NEW message (edits do not ping) naming the players to act, with the Play,
    Hint (unless the server turned hints off), Hand and Scores buttons for this
    version; only ``pinged`` (default: all of ``seats``) are notified. Remembered as
    the game's ``turn`` message unless the caller does it (``record=False``)."""
    content = turn_content(game, seats, lang)
    hints = await client.service.hints.shown(game.guild_id)
    message = await table.send(
        content,
        view=turn_view(game, lang, hints=hints),
        allowed_mentions=mentions_only(seats if pinged is None else pinged)
        if pinged is None or pinged
        else NO_MENTIONS,
    )
    if record:
        await client.service.set_message(game.id, "turn", str(message.id))
    notified = seats if pinged is None else pinged
    if notified:
        link = embeds.jump_url(game.guild_id, str(message.channel.id), str(message.id))
        text = t("discord.dm.turn", lang, title=embeds.game_title(game, lang), link=link)
        await send_dms(client, notified, text)
    return message


def turn_content(game: GameInfo, seats: Sequence[str], lang: str) -> str:
    """The text of a turn message: who must play, then each one's clock (a deadline, or
    a time away)."""
    content = t(
        "discord.turn.prompt",
        lang,
        players=embeds.mentions(seats, lang),
        title=embeds.game_title(game, lang),
    )
    return "\n".join([content, *embeds.clock_lines(game, seats, lang)])


async def refresh_turn(client: CampfireBot, game: GameInfo, lang: str) -> bool:
    """Edit the turn message already posted so that its clock lines say what is true
    now (a player went away or came back): only when it is the message of the game's
    current revision. Returns whether it was edited; never raises."""
    if game.status != "running" or not game.clocks:
        return False
    try:
        known = await client.service.messages(game.id)
        turn = known.get("turn")
        if not turn or not turn.isdigit() or known.get(ANNOUNCED) != str(game.version):
            return False
        table = client.get_partial_messageable(int(game.thread_id or game.channel_id))
        await table.get_partial_message(int(turn)).edit(
            content=turn_content(game, game.to_act, lang), allowed_mentions=NO_MENTIONS
        )
    except Exception:
        log.warning("game %s: the turn message was not updated", game.id, exc_info=True)
        return False
    return True


async def send_dms(client: CampfireBot, user_ids: Sequence[str], text: str) -> None:
    """A direct message to those of ``user_ids`` who asked for one (``/campfire
    notify``). A DM Discord refuses is remembered and not tried again (the thread says
    it anyway); nothing here ever fails the caller."""
    try:
        targets = await client.service.timing.dm_targets(list(user_ids))
    except Exception:
        log.warning("direct messages: opt-ins unreadable", exc_info=True)
        return
    for user_id in targets:
        try:
            channel = await client.create_dm(discord.Object(id=int(user_id)))
            await channel.send(text, allowed_mentions=NO_MENTIONS)
        except discord.Forbidden:
            log.info("direct messages to %s are closed: back to the thread alone", user_id)
            await client.service.timing.dm_refused(user_id)
        except (discord.HTTPException, ValueError):
            log.warning("direct message to %s failed", user_id, exc_info=True)


async def post_result(
    client: CampfireBot,
    table: discord.abc.Messageable,
    game: GameInfo,
    over: GameOver,
    lang: str,
) -> discord.Message:
    seats = [p.user_id for p in game.seats]
    taken = await client.service.hints.counts(game.id)
    embed = embeds.result_embed(game, over.outcome, over.scores, lang, hints=taken)
    content = t("discord.result.prompt", lang, players=embeds.mentions(seats, lang))
    view = rematch_view(game, lang)
    replay = await replay_file(client, game, lang)
    extra: dict[str, Any] = {} if replay is None else {"file": replay}
    return await table.send(
        content, embed=embed, view=view, allowed_mentions=mentions_only(seats), **extra
    )


def undo_request_text(game: GameInfo, request: UndoRequest, lang: str) -> str:
    """The public text of an undo request: who asks, which move, who must still answer."""
    text = t(
        "discord.undo.request",
        lang,
        player=game.name_of(request.seat, lang),
        move=t(request.label, lang),
        players=embeds.mentions(request.waiting, lang),
    )
    if request.agreed:
        agreed = ", ".join(game.name_of(s, lang) for s in request.agreed)
        text += "\n" + t("discord.undo.agreed", lang, players=agreed)
    return text


async def post_undo_request(
    client: CampfireBot, game: GameInfo, request: UndoRequest, lang: str
) -> None:
    """Ask the other players at the table, pinging them, with Agree / Refuse buttons
    for the revision the move made; never raises."""
    try:
        table = await table_of(client, game)
        await table.send(
            undo_request_text(game, request, lang),
            view=undo_vote_view(game.id, request.version, lang),
            allowed_mentions=mentions_only(request.waiting),
        )
    except (DiscordError, discord.HTTPException):
        log.warning("game %s: undo request not posted", game.id, exc_info=True)


async def post_notice(client: CampfireBot, game: GameInfo, text: str) -> None:
    """A one-line public notice at the game's table (abort, resignation); never raises."""
    try:
        table = await table_of(client, game)
        await table.send(text, allowed_mentions=NO_MENTIONS)
    except (DiscordError, discord.HTTPException):
        log.warning("game %s: notice not posted", game.id, exc_info=True)
