"""Posting a game to its table: the game thread, board pictures, turn and result messages.

Every change of a running game ends here: the events of a ``PlayResult`` become a board
message (embed + PNG attachment, rendered off the event loop by the service), a new
message mentioning exactly the players to act (with Play/Hand/Scores buttons), or the
final result. The thread is opened under the lobby message at start (the channel is the
fallback when threads are not allowed) and unarchived before posting.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

import discord

from bot.discord import embeds
from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot
from bot.discord.i18n import t
from bot.discord.ratelimits import GaveUp
from bot.discord.views import rematch_view, turn_view, undo_vote_view
from bot.discord.weblinks import game_url
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
    """Turn the events of one request into the table's turn message (``announce``), then
    (``ai_turns``) let the AI seats to act play, their decisions announced together.
    HTTP failures are logged, never raised: the game has already moved on and the next
    post (or the catch-up of the next start) names what was missed. ``view``: the
    public view at ``game.version`` (the board drawn without reading the game again),
    when the request gave it.
    """
    if not events:
        return
    thinking = game.status == "running" and all(is_ai_seat(s) for s in game.to_act)
    if ai_turns and thinking and not any(isinstance(e, MoveApplied) for e in events):
        # The game starts (or catches up) with AI seats to act: their turns come first,
        # in the same post, which then asks the first person to act.
        await play_ai_turns(client, game, lang, after=PlayResult(game, tuple(events), view))
        return
    queued = _enqueue(client, game, events, lang, view)
    if not ai_turns:
        await _drain(client, *queued)
        return
    # The AI seats play while the post waits for Discord: a table that fell behind
    # then shows their turns with it, in one post.
    posting = asyncio.ensure_future(_drain(client, *queued))
    try:
        await play_ai_turns(client, game, lang)
    finally:
        await posting


async def publish_result(client: CampfireBot, result: PlayResult, lang: str) -> None:
    """``publish`` a change the service just made, from what it returned."""
    await publish(client, result.game, result.events, lang, view=result.view)


async def play_ai_turns(
    client: CampfireBot, game: GameInfo, lang: str, *, after: PlayResult | None = None
) -> int:
    """The service carries ``game`` forward (``GameService.advance``: its AI seats play
    until a person must act or the game ends); their decisions are announced together,
    after the change ``after`` when given: one post, one picture of the position they
    leave. Returns how many entries the AI seats played."""
    advanced = await client.service.advance(game, after=after)
    if advanced is None:
        return 0
    await announce(client, advanced.game, advanced.events, lang, advanced.view)
    return sum(isinstance(e, MoveApplied) for e in advanced.events) - sum(
        isinstance(e, MoveApplied) for e in (after.events if after else ())
    )


async def resume_ai_turns(client: CampfireBot, *, sweep: bool = False) -> list[int]:
    """After a restart: the AI seats to act in every running game of this process's
    shards play (what the process stopped in the middle of), each game claimed first so
    that another process serving the same shards leaves it alone
    (``GameService.jobs``). Returns the game ids where they played. ``sweep`` (the
    periodic loop): only the games whose claim a dead process left behind."""

    async def resume(game: GameInfo) -> bool:
        return bool(await play_ai_turns(client, game, await table_language(client, game)))

    return await client.service.jobs.ai_turns(client.worker, resume, sweep=sweep)


# --------------------------------------------------------------------------- the table


LIVE = "turn"
"""Message kind of a table's live turn message (edited while the same seats decide)."""
LIVE_FROM = "turn_from"
"""Message kind whose value is the revision of the first entry the live message lists."""
EDIT_LAYOUTS = 1
"""How many of the server's pictures an edit of the live turn message uploads (the
first: the turn card, under the default ``card`` and under ``both``). Measured with
``python -m bench discord``: every edit uploading both layouts was 4.39 pictures per
seat-turn (docs/measurements)."""
MAX_LINES = 40
"""The most decisions a turn message lists (the newest; the whole log is in
``/campfire record``): about 3,000 characters, within an embed's description."""


@dataclass
class _Post:
    """One request's events waiting for the table (see ``announce``)."""

    game: GameInfo
    events: tuple[Event, ...]
    lang: str
    view: Mapping[str, Any] | None
    taken: bool = False


@dataclass
class _Queue:
    """A table's posting queue: one flush at a time, each taking everything waiting."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: list[_Post] = field(default_factory=list)
    shown: int = -1
    """The newest revision posted here (a request that reaches the table after a newer
    one shows the game as it is now, never an older position)."""


_queues: weakref.WeakKeyDictionary[Any, dict[int, _Queue]] = weakref.WeakKeyDictionary()


def _queue_of(client: CampfireBot, game_id: int) -> _Queue:
    return _queues.setdefault(client, {}).setdefault(game_id, _Queue())


def waiting_posts(client: CampfireBot, game_id: int) -> int:
    """How many requests wait for the game's table (0 when it is not behind)."""
    queue = _queues.get(client, {}).get(game_id)
    return 0 if queue is None else len(queue.waiting)


async def announce(
    client: CampfireBot,
    game: GameInfo,
    events: Sequence[Event],
    lang: str,
    view: Mapping[str, Any] | None = None,
) -> None:
    """Show one request's events at the game's table, through its posting queue.

    The table posts one thing at a time, in order. While a post is under way (Discord
    makes the bot wait: about 5 messages per 5 s per channel, answered 429 beyond, which
    discord.py waits out and retries), the requests that arrive wait; the next post
    takes all of them at once and shows them as one (``_flush``): a table that fell
    behind catches up in one post, never in a queue of stale ones. Returns once this
    request's events are shown (or failed: logged)."""
    if events:
        await _drain(client, *_enqueue(client, game, events, lang, view))


def _enqueue(
    client: CampfireBot,
    game: GameInfo,
    events: Sequence[Event],
    lang: str,
    view: Mapping[str, Any] | None,
) -> tuple[_Queue, _Post]:
    """Put a request's events in the table's queue, at once (its place is kept)."""
    queue = _queue_of(client, game.id)
    post = _Post(game, tuple(events), lang, view)
    queue.waiting.append(post)
    return queue, post


async def _drain(client: CampfireBot, queue: _Queue, post: _Post) -> None:
    """Wait for the table, then post everything waiting (``post`` among it) as one."""
    async with queue.lock:
        if post.taken:
            return  # an earlier holder of the lock posted it with its own
        batch, queue.waiting = queue.waiting, []
        for taken in batch:
            taken.taken = True
        ordered = sorted(batch, key=lambda p: p.game.version)
        try:
            await _flush(client, ordered, queue.shown)
        except Exception:
            log.exception("game %s: posting to its table failed", post.game.id)
        queue.shown = max(queue.shown, ordered[-1].game.version)


@dataclass(frozen=True)
class TablePost:
    """What the table shows of some requests taken together: the game after the last,
    the decisions in order, the end if it came, the people who must now act and were
    not asked before (they are pinged), and the first revision these decisions made."""

    game: GameInfo
    view: Mapping[str, Any] | None
    lang: str
    moves: tuple[MoveApplied, ...]
    over: GameOver | None
    pinged: tuple[str, ...]


def merged(batch: Sequence[_Post]) -> TablePost:
    """The posts of ``batch`` (oldest first) as one: see ``TablePost``."""
    last = batch[-1]
    events = [e for p in batch for e in p.events]
    game = last.game
    moves = tuple(e for e in events if isinstance(e, MoveApplied))
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    new: dict[str, None] = {}
    for event in events:
        if isinstance(event, TurnStarted):
            new.update(dict.fromkeys(event.new_seats))
    pinged = tuple(
        s for s in new if s in game.to_act and not is_ai_seat(s) and game.status == "running"
    )
    return TablePost(game, last.view, last.lang, moves, over, pinged)


async def _flush(client: CampfireBot, batch: Sequence[_Post], shown: int = -1) -> None:
    """Post what ``batch`` shows, and remember it in one write. This is where a
    revision is announced at the table (``seen``).

    - the game ended: the live turn message loses its buttons, and the result is
      posted (the full board, the final scores, the replay);
    - someone must act who was not asked before: a NEW turn message pings them (edits
      do not notify), listing the decisions since the last one, with the picture;
    - else (the same seats go on deciding, or AI seats are thinking): the live turn
      message is edited in place: its list of decisions, picture and buttons.
    """
    post = merged(batch)
    game, lang = post.game, post.lang
    try:
        table = await table_of(client, game)
    except DiscordError:
        log.warning("game %s: its table is gone, events not posted", game.id)
        return
    except GaveUp:  # a rate limit too long to wait (logged once): the catch-up posts it
        return
    # The one place a revision is announced: claimed first, so that of two processes
    # with overlapping shards (one playing the AI, the other catching up) one posts.
    claim = await client.service.claim_announcement(
        game.id, game.version, ANNOUNCED, holder=client.worker
    )
    if claim is None:
        log.info("game %s: v%s is posted by someone else", game.id, game.version)
        return
    if claim.before.isdigit():  # every decision since the revision last posted, once
        last = int(claim.before)
        first = min((m.version for m in post.moves), default=game.version + 1)
        if last < first - 1:  # decisions no post showed (their requests lost the race)
            entries = await client.service.entries_since(game.id, last)
            post = replace(post, moves=tuple(m for m in entries if m.version <= game.version))
        else:
            post = replace(post, moves=tuple(m for m in post.moves if m.version > last))
    known = await client.service.messages(game.id)
    live = known.get(LIVE)
    posted: dict[str, str] = {}
    seen: tuple[str, int] | None = None
    try:
        if post.over is not None:
            if live is not None and game.status != "running":
                await _close_live(table, live)
            message = await post_result(
                client, table, game, post.over, lang, lines=_lines(game, post.moves, lang)
            )
            posted["result"] = str(message.id)
        else:
            edited = None
            if live is not None and not post.pinged:
                since = int(known.get(LIVE_FROM, "0") or 0)
                listed = [  # up to the revision claimed: later ones are the next post's
                    m
                    for m in await client.service.entries_since(game.id, since)
                    if m.version <= game.version
                ]
                edited = await edit_turn(client, table, live, game, lang, listed, post.view)
            if edited is None:
                first = min((m.version - 1 for m in post.moves), default=game.version)
                message = await post_turn(
                    client,
                    table,
                    game,
                    game.to_act,
                    lang,
                    pinged=post.pinged,
                    record=False,
                    moves=post.moves,
                    view=post.view,
                )
                posted[LIVE] = str(message.id)
                posted[LIVE_FROM] = str(first)
        seen = (ANNOUNCED, game.version)
    except discord.HTTPException as exc:
        if not isinstance(exc, GaveUp):  # a rate limit given up is logged once, there
            log.warning(
                "game %s: posting to %s failed", game.id, getattr(table, "id", "?"), exc_info=True
            )
        await client.service.release_announcement(claim)  # the catch-up tries again
    await client.service.record_posts(game.id, posted, seen=seen)


def _lines(game: GameInfo, moves: Sequence[MoveApplied], lang: str) -> list[str]:
    """The decisions as the table reads them (a seat leaving has its own notice), the
    newest ``MAX_LINES`` when there are more."""
    lines = [
        embeds.move_line(game, m.seat, m.table_label, lang, m.notes, by_clock=m.by_clock)
        for m in moves
        if not m.code.startswith(REMOVAL_PREFIX)
    ]
    if len(lines) > MAX_LINES:
        lines = [t("discord.turn.earlier", lang, count=len(lines) - MAX_LINES + 1)] + lines[
            -MAX_LINES + 1 :
        ]
    return lines


async def _close_live(table: discord.abc.Messageable, live: str) -> None:
    """The live turn message of a finished game keeps its text and picture, without
    buttons (nothing is left to play)."""
    partial = _partial(table, live)
    if partial is None:
        return
    try:
        await partial.edit(view=None)
    except discord.HTTPException:
        log.info("the last turn message %s could not be closed", live)


def _partial(table: discord.abc.Messageable, message_id: str) -> discord.PartialMessage | None:
    getter = getattr(table, "get_partial_message", None)
    if getter is None or not message_id.isdigit():
        return None
    return cast(discord.PartialMessage, getter(int(message_id)))


async def pictures(
    client: CampfireBot,
    game: GameInfo,
    lang: str,
    view: Mapping[str, Any] | None = None,
    layouts: Sequence[str] | None = None,
) -> tuple[GameInfo, list[discord.File]]:
    """The pictures a post shows (``layouts``: the server's ``pictures`` setting, read
    when not given), as files named after the revision they show, the first the embed's
    image; the game as they show it. None when the game has no renderer or drawing
    failed (logged): the game goes on without them."""
    boards = client.service.boards
    chosen = layouts
    if chosen is None:
        chosen = await boards.layouts(game.guild_id, game.rules)
    if not chosen or not boards.has_picture(game.rules):
        return game, []
    try:  # one job of the render pool: the card and the full board in one pass
        drawn = await boards.pictures(game, lang, chosen, view)
    except Exception:
        log.warning("game %s: no pictures at version %s", game.id, game.version, exc_info=True)
        return game, []
    shown, files = game, []
    for layout, picture in zip(chosen, drawn, strict=True):
        shown, file = attachment(game, picture, layout)
        files.append(file)
    return shown, files


def turn_content(game: GameInfo, seats: Sequence[str], lang: str) -> str:
    """The text of a turn message: who must act (mentions; AI seats by name), and each
    seat's deadline."""
    if seats and all(is_ai_seat(s) for s in seats):
        names = ", ".join(embeds.mention(s, lang) for s in seats)
        content = t("discord.turn.thinking", lang, players=names)
    else:
        content = t(
            "discord.turn.prompt",
            lang,
            players=" ".join(embeds.mention(s, lang) for s in seats),
            title=embeds.game_title(game, lang),
        )
    return "\n".join([content, *embeds.clock_lines(game, seats, lang)])


def turn_message(
    game: GameInfo,
    seats: Sequence[str],
    lang: str,
    lines: Sequence[str],
    files: Sequence[discord.File],
    *,
    hints: bool = True,
    web: str | None = None,
) -> dict[str, Any]:
    """Everything a turn message shows but its pings: the text, the embed (the
    decisions listed, the first picture as its image), the other pictures attached,
    and the buttons (Play only while a person is to act)."""
    embed = embeds.board_embed(
        game, lang, filename=files[0].filename if files else None, lines=lines
    )
    people = game.status == "running" and any(not is_ai_seat(s) for s in game.to_act)
    return {
        "content": turn_content(game, seats, lang),
        "embed": embed,
        "view": turn_view(game, lang, play=people, hints=hints, web=web),
    }


async def post_turn(
    client: CampfireBot,
    table: discord.abc.Messageable,
    game: GameInfo,
    seats: Sequence[str],
    lang: str,
    *,
    pinged: Sequence[str] | None = None,
    record: bool = True,
    moves: Sequence[MoveApplied] = (),
    view: Mapping[str, Any] | None = None,
) -> discord.Message:
    """A NEW turn message (edits do not ping) naming the players to act, listing
    ``moves`` with the pictures of the position (of ``view`` when given) and the
    buttons of this revision; only ``pinged`` (default: all of ``seats``) are notified,
    and sent a DM if they asked. Remembered as the game's live ``turn`` message unless
    the caller does it (``record=False``)."""
    shown, files = await pictures(client, game, lang, view)
    hints = await client.service.hints.shown(game.guild_id)
    web = await game_url(client, shown)
    parts = turn_message(shown, seats, lang, _lines(game, moves, lang), files, hints=hints, web=web)
    notified = [s for s in (seats if pinged is None else pinged) if not is_ai_seat(s)]
    message = await table.send(
        **parts,
        files=files,
        allowed_mentions=mentions_only(notified) if notified else NO_MENTIONS,
    )
    if record:
        await client.service.record_posts(
            game.id, {LIVE: str(message.id), LIVE_FROM: str(game.version)}
        )
    if notified:
        link = embeds.jump_url(game.guild_id, str(message.channel.id), str(message.id))
        text = t("discord.dm.turn", lang, title=embeds.game_title(game, lang), link=link)
        await send_dms(client, notified, text)
    return message


async def edit_turn(
    client: CampfireBot,
    table: discord.abc.Messageable,
    message_id: str,
    game: GameInfo,
    lang: str,
    moves: Sequence[MoveApplied],
    view: Mapping[str, Any] | None = None,
) -> discord.Message | None:
    """The live turn message edited in place for the game as it is now: every decision
    since it was posted (``moves``), the new picture, the buttons of this revision.
    ``None`` when it cannot be edited (deleted, unknown): the caller posts a new one.

    An edit uploads one picture, the first the server shows (``EDIT_LAYOUTS``: the turn
    card, by default the only one), in place of the message's pictures: the full board
    of this revision is one press away (Full board), and under ``both`` the next turn
    message, posted when someone new must act, shows both again."""
    partial = _partial(table, message_id)
    if partial is None:
        return None
    layouts = await client.service.boards.layouts(game.guild_id, game.rules)
    shown, files = await pictures(client, game, lang, view, layouts[:EDIT_LAYOUTS])
    hints = await client.service.hints.shown(game.guild_id)
    web = await game_url(client, shown)
    parts = turn_message(
        shown, game.to_act, lang, _lines(game, moves, lang), files, hints=hints, web=web
    )
    try:
        return await partial.edit(**parts, attachments=files, allowed_mentions=NO_MENTIONS)
    except (discord.NotFound, discord.Forbidden):
        log.info("game %s: turn message %s is gone: posting a new one", game.id, message_id)
        return None


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
    if announced is not None and not announced.isdigit():
        # a claim of posting whose holder died before posting (killed between the
        # commit and the post): take it over from the revision last posted
        announced = client.service.abandoned_announcement(announced, client.worker)
    if announced is None or not announced.isdigit() or int(announced) >= game.version:
        return False
    lang = await client.service.guild_language(game.guild_id) or _server_lang(client, game)
    log.info("game %s: announcing v%s (last posted: v%s)", game.id, game.version, announced)
    missed = await client.service.missed(game.id, int(announced))
    try:
        await publish(client, missed.game, missed.events, lang)
    except DiscordError as exc:
        if exc.key not in ("discord.table_gone", "discord.no_access"):
            raise
        log.info("game %s: its table cannot be reached (%s): nothing caught up", game.id, exc.key)
        return False
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
    client: CampfireBot,
    game: GameInfo,
    lang: str,
    view: Mapping[str, Any] | None = None,
    layout: str = "full",
) -> BoardPicture | None:
    """The board as it is now (``view``: the public view at ``game.version``, drawn as
    it is; ``layout``: ``full`` or ``card``); ``None`` when the game has no renderer or
    the renderer failed (logged by the service): the game goes on without a picture."""
    if not client.service.boards.has_picture(game.rules):
        return None
    try:
        if view is None:
            return await client.service.boards.draw(game.id, lang, layout)
        return await client.service.boards.draw_view(game, view, lang, layout)
    except Exception:
        log.warning("game %s: no board picture at version %s", game.id, game.version, exc_info=True)
        return None


def attachment(
    game: GameInfo, picture: BoardPicture, layout: str = "full"
) -> tuple[GameInfo, discord.File]:
    """The game as the picture shows it (its revision: a move may have been stored
    since ``game`` was read) and the picture as a file named after that revision
    (``campfire-12-7.png``; a turn card ``campfire-12-7-card.png``)."""
    shown = replace(game, version=picture.version)
    name = board_filename(shown)
    if layout != "full":
        name = name.removesuffix(".png") + f"-{layout}.png"
    file = discord.File(
        io.BytesIO(picture.png),
        filename=name,
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
    """The full board picture as an attachment named after the revision it shows."""
    picture = await board_picture(client, game, lang)
    return None if picture is None else attachment(game, picture)[1]


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
    *,
    lines: Sequence[str] = (),
) -> discord.Message:
    """The end of a game, in one message pinging every player: the last decisions
    (``lines``) over the full board, the final scores, the animated replay, Rematch."""
    seats = [p.user_id for p in game.seats]
    taken = await client.service.hints.counts(game.id)
    shown, files = await pictures(client, game, lang, layouts=("full",))
    board = embeds.board_embed(
        shown, lang, filename=files[0].filename if files else None, lines=lines
    )
    result = embeds.result_embed(game, over.outcome, over.scores, lang, hints=taken)
    content = t("discord.result.prompt", lang, players=embeds.mentions(seats, lang))
    replay = await replay_file(client, game, lang)
    if replay is not None:
        files.append(replay)
    return await table.send(
        content,
        embeds=[result, board],
        files=files,
        view=rematch_view(game, lang),
        allowed_mentions=mentions_only(seats),
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
