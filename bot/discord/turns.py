"""The turn message builder: a table's turn and result messages and what they carry.

The text (who must act, the decisions since), the pictures (as the server's settings
choose, drawn by the service) and the buttons; posted new or edited in place, the
result message at the end, and the direct messages that follow a ping.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

import discord

from bot.discord import embeds, following
from bot.discord.host import CampfireBot
from bot.discord.i18n import t
from bot.discord.panels import rematch_view, turn_view
from bot.discord.weblinks import game_url
from bot.service import (
    BoardPicture,
    GameInfo,
    GameOver,
    MoveApplied,
    is_ai_seat,
)
from bot.store import GuildSettings
from rules.base import REMOVAL_PREFIX

log = logging.getLogger("campfire.discord.publish")


NO_MENTIONS = discord.AllowedMentions.none()


def mentions_only(user_ids: Sequence[str]) -> discord.AllowedMentions:
    """Allow pings of exactly these users (no roles, no @everyone, no replies)."""
    users = [discord.Object(id=int(u)) for u in user_ids if u.isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def board_filename(game: GameInfo) -> str:
    """``campfire-<game>-<revision>.png``: ``game.version`` must be the revision drawn."""
    return f"campfire-{game.id}-{game.version}.png"


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


def decision_lines(game: GameInfo, moves: Sequence[MoveApplied], lang: str) -> list[str]:
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


async def close_live(table: discord.abc.Messageable, live: str) -> None:
    """The live turn message of a finished game keeps its text and picture, without
    buttons (nothing is left to play)."""
    partial = partial_message(table, live)
    if partial is None:
        return
    try:
        await partial.edit(view=None)
    except discord.HTTPException:
        log.info("the last turn message %s could not be closed", live)


def partial_message(
    table: discord.abc.Messageable, message_id: str
) -> discord.PartialMessage | None:
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


def turn_content(
    game: GameInfo, seats: Sequence[str], lang: str, named: Collection[str] = ()
) -> str:
    """The text of a turn message: who must act (mentions; AI seats by name, and the
    players of ``named``, whose ping waits: quiet hours, a digest), and each seat's
    deadline."""
    if seats and all(is_ai_seat(s) for s in seats):
        names = ", ".join(embeds.mention(s, lang) for s in seats)
        content = t("discord.turn.thinking", lang, players=names)
    else:
        content = t(
            "discord.turn.prompt",
            lang,
            players=" ".join(
                embeds.seat_name(game, s, lang) if s in named else embeds.mention(s, lang)
                for s in seats
            ),
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
    named: Collection[str] = (),
) -> dict[str, Any]:
    """Everything a turn message shows but its pings: the text (``named``: players
    named, not mentioned), the embed (the decisions listed, the first picture as its
    image), the other pictures attached, and the buttons (Play only while a person is
    to act)."""
    embed = embeds.board_embed(
        game, lang, filename=files[0].filename if files else None, lines=lines
    )
    people = game.status == "running" and any(not is_ai_seat(s) for s in game.to_act)
    return {
        "content": turn_content(game, seats, lang, named),
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
    settings: GuildSettings | None = None,
) -> discord.Message:
    """A NEW turn message (edits do not ping) naming the players to act, listing
    ``moves`` with the pictures of the position (of ``view`` when given) and the
    buttons of this revision; only ``pinged`` (default: all of ``seats``) are notified,
    and sent a DM if they asked. Remembered as the game's live ``turn`` message unless
    the caller does it (``record=False``). ``settings``: the server's, read once for
    the whole post by the caller (else read as the posts read them)."""
    chosen = settings or await client.service.settings.cached(game.guild_id)
    layouts = client.service.boards.layouts_of(chosen, game.rules)
    shown, files = await pictures(client, game, lang, view, layouts)
    hints, web = chosen.hints is not False, await game_url(client, shown, chosen)
    notified = [s for s in (seats if pinged is None else pinged) if not is_ai_seat(s)]
    told = await client.service.notices.tell(game, notified, "turn", lang) if notified else None
    ping = told.ping if told is not None else ()
    lines = decision_lines(game, moves, lang)
    named = set(notified) - set(ping)  # their ping waits (quiet hours, a digest) or never comes
    parts = turn_message(shown, seats, lang, lines, files, hints=hints, web=web, named=named)
    message = await table.send(
        **parts,
        files=files,
        allowed_mentions=mentions_only(ping) if ping else NO_MENTIONS,
    )
    if record:
        await client.service.record_posts(
            game.id, {LIVE: str(message.id), LIVE_FROM: str(game.version)}
        )
    link = embeds.jump_url(game.guild_id, str(message.channel.id), str(message.id))
    if told is not None and told.dm:  # each in their own language, else the table's
        await send_to(
            client,
            told.speaking(told.dm, lang),
            lambda said: t("discord.dm.turn", said, title=embeds.game_title(game, said), link=link),
        )
    followers, text = await following.followers_told(client, game, "turn", link, lang)
    await send_to(client, followers, text)  # those who follow the game
    return message


async def edit_turn(
    client: CampfireBot,
    table: discord.abc.Messageable,
    message_id: str,
    game: GameInfo,
    lang: str,
    moves: Sequence[MoveApplied],
    view: Mapping[str, Any] | None = None,
    settings: GuildSettings | None = None,
) -> discord.Message | None:
    """The live turn message edited in place for the game as it is now: every decision
    since it was posted (``moves``), the new picture, the buttons of this revision.
    ``None`` when it cannot be edited (deleted, unknown): the caller posts a new one.

    An edit uploads one picture, the first the server shows (``EDIT_LAYOUTS``: the turn
    card, by default the only one), in place of the message's pictures: the full board
    of this revision is one press away (Full board), and under ``both`` the next turn
    message, posted when someone new must act, shows both again. ``settings``: as for
    ``post_turn``."""
    partial = partial_message(table, message_id)
    if partial is None:
        return None
    chosen = settings or await client.service.settings.cached(game.guild_id)
    layouts = client.service.boards.layouts_of(chosen, game.rules)
    shown, files = await pictures(client, game, lang, view, layouts[:EDIT_LAYOUTS])
    hints, web = chosen.hints is not False, await game_url(client, shown, chosen)
    parts = turn_message(
        shown, game.to_act, lang, decision_lines(game, moves, lang), files, hints=hints, web=web
    )
    try:
        return await partial.edit(**parts, attachments=files, allowed_mentions=NO_MENTIONS)
    except (discord.NotFound, discord.Forbidden):
        log.info("game %s: turn message %s is gone: posting a new one", game.id, message_id)
        return None


async def post_result(
    client: CampfireBot,
    table: discord.abc.Messageable,
    game: GameInfo,
    over: GameOver,
    lang: str,
    *,
    lines: Sequence[str] = (),
) -> discord.Message:
    """The end of a game, in one message pinging every player who wants it (the
    others named: ``GameService.notices``; a game's followers get a direct message):
    the last decisions (``lines``) over the full board, the final scores, the animated
    replay, Rematch."""
    seats = [p.user_id for p in game.seats]
    told = await client.service.notices.tell(game, seats, "ended", lang)
    taken = await client.service.hints.counts(game.id)
    shown, files = await pictures(client, game, lang, layouts=("full",))
    board = embeds.board_embed(
        shown, lang, filename=files[0].filename if files else None, lines=lines
    )
    result = embeds.result_embed(game, over.outcome, over.scores, lang, hints=taken)
    players = " ".join(
        embeds.mention(s, lang) if s in told.ping or is_ai_seat(s) else game.name_of(s, lang)
        for s in seats
    )
    content = t("discord.result.prompt", lang, players=players)
    replay = await replay_file(client, game, lang)
    if replay is not None:
        files.append(replay)
    message = await table.send(
        content,
        embeds=[result, board],
        files=files,
        view=rematch_view(game, lang),
        allowed_mentions=mentions_only(told.ping),
    )
    link = embeds.jump_url(game.guild_id, str(message.channel.id), str(message.id))
    followers, text = await following.followers_told(client, game, "ended", link, lang)
    await send_to(client, followers, text)  # those who follow the game
    return message


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


async def send_to(
    client: CampfireBot, speakers: Mapping[str, str], text: Callable[[str], str]
) -> None:
    """A direct message to each user of ``speakers`` (the service chose them: they asked
    for one, and it is not their quiet time), ``text`` of the language given them (their
    own, else the table's: ``Told.speaking``), written once per language. A DM Discord
    refuses is remembered and not tried again (the thread says it anyway); nothing here
    ever fails the caller."""
    written: dict[str, str] = {}
    for user_id, lang in speakers.items():
        if lang not in written:
            written[lang] = text(lang)
        await send_dm(client, user_id, written[lang])


async def send_dm(client: CampfireBot, user_id: str, text: str) -> bool | None:
    """A direct message: ``True`` sent, ``False`` refused (remembered: ``dm_refused``),
    ``None`` failed otherwise (logged; tried again later)."""
    try:
        channel = await client.create_dm(discord.Object(id=int(user_id)))
        await channel.send(text, allowed_mentions=NO_MENTIONS)
    except discord.Forbidden:
        log.info("direct messages to %s are closed", user_id)
        await client.service.timing.dm_refused(user_id)
        return False
    except (discord.HTTPException, ValueError):
        log.warning("direct message to %s failed", user_id, exc_info=True)
        return None
    return True
