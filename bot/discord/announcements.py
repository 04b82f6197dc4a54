"""The announcement of a revision at its table: claimed, posted, recorded.

The claim comes first (of two processes with overlapping shards, one posts); then the
turn message (new, or edited in place) or the result (``bot.discord.turns``); then what
was posted and the revision seen, in one write.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot
from bot.discord.ratelimits import GaveUp
from bot.discord.threads import (
    table_of,
)
from bot.discord.turns import (
    LIVE,
    LIVE_FROM,
    NO_MENTIONS,
    close_live,
    decision_lines,
    edit_turn,
    post_result,
    post_turn,
    turn_content,
)
from bot.service import (
    GameInfo,
    GameOver,
    MoveApplied,
)

log = logging.getLogger("campfire.discord.publish")


ANNOUNCED = "announced"
"""Message kind whose value is the version last posted at the table (see ``catch_up``)."""


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


async def flush(client: CampfireBot, post: TablePost) -> None:
    """Post what ``post`` (a table's waiting requests taken together) shows, and
    remember it in one write. This is where a revision is announced at the table
    (``seen``).

    - the game ended: the live turn message loses its buttons, and the result is
      posted (the full board, the final scores, the replay);
    - someone must act who was not asked before: a NEW turn message pings them (edits
      do not notify), listing the decisions since the last one, with the picture;
    - else (the same seats go on deciding, or AI seats are thinking): the live turn
      message is edited in place: its list of decisions, picture and buttons.
    """
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
                await close_live(table, live)
            message = await post_result(
                client, table, game, post.over, lang, lines=decision_lines(game, post.moves, lang)
            )
            posted["result"] = str(message.id)
        else:
            # The server's settings, read once for the post: its pictures, the Hint
            # button and the Web link (``ServerSettings.cached``).
            settings = await client.service.settings.cached(game.guild_id)
            edited = None
            if live is not None and not post.pinged:
                since = int(known.get(LIVE_FROM, "0") or 0)
                listed = [  # up to the revision claimed: later ones are the next post's
                    m
                    for m in await client.service.entries_since(game.id, since)
                    if m.version <= game.version
                ]
                edited = await edit_turn(
                    client, table, live, game, lang, listed, post.view, settings
                )
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
                    settings=settings,
                )
                posted[LIVE] = str(message.id)
                posted[LIVE_FROM] = str(first)
        seen = (ANNOUNCED, game.version)
    except discord.HTTPException as exc:
        if not isinstance(exc, GaveUp):  # a rate limit given up is logged once, there
            log.warning(
                "game %s: posting to %s failed", game.id, getattr(table, "id", "?"), exc_info=True
            )
        if claim.before:  # the catch-up posts it again from the revision last posted
            await client.service.release_announcement(claim)
        # A first post stays claimed: given back, it would leave the table as never
        # announced, which the catch-up leaves alone; claimed, the catch-up makes it once
        # the claim's lease has run out (``publish.publish_first``).
    await client.service.record_posts(game.id, posted, seen=seen)


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
