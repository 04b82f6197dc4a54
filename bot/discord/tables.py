"""The per-table posting queue: one post at a time per game, merging what waits.

Each post takes everything waiting at its table and shows it as one
(``bot.discord.announcements.flush``): a table that Discord rate-limits catches up in
one post, never in a queue of stale ones.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.discord.announcements import (
    TablePost,
    flush,
)
from bot.discord.host import CampfireBot
from bot.service import (
    Event,
    GameInfo,
    GameOver,
    MoveApplied,
    TurnStarted,
    is_ai_seat,
)

log = logging.getLogger("campfire.discord.publish")


@dataclass
class Post:
    """One request's events waiting for the table (see ``announce``)."""

    game: GameInfo
    events: tuple[Event, ...]
    lang: str
    view: Mapping[str, Any] | None
    taken: bool = False


@dataclass
class Queue:
    """A table's posting queue: one flush at a time, each taking everything waiting."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: list[Post] = field(default_factory=list)
    shown: int = -1
    """The newest revision posted here (a request that reaches the table after a newer
    one shows the game as it is now, never an older position)."""


_queues: weakref.WeakKeyDictionary[Any, dict[int, Queue]] = weakref.WeakKeyDictionary()


def _queue_of(client: CampfireBot, game_id: int) -> Queue:
    return _queues.setdefault(client, {}).setdefault(game_id, Queue())


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
    takes all of them at once and shows them as one (``flush``): a table that fell
    behind catches up in one post, never in a queue of stale ones. Returns once this
    request's events are shown (or failed: logged)."""
    if events:
        await drain(client, *enqueue(client, game, events, lang, view))


def enqueue(
    client: CampfireBot,
    game: GameInfo,
    events: Sequence[Event],
    lang: str,
    view: Mapping[str, Any] | None,
) -> tuple[Queue, Post]:
    """Put a request's events in the table's queue, at once (its place is kept)."""
    queue = _queue_of(client, game.id)
    post = Post(game, tuple(events), lang, view)
    queue.waiting.append(post)
    return queue, post


async def drain(client: CampfireBot, queue: Queue, post: Post) -> None:
    """Wait for the table, then post everything waiting (``post`` among it) as one."""
    async with queue.lock:
        if post.taken:
            return  # an earlier holder of the lock posted it with its own
        batch, queue.waiting = queue.waiting, []
        for taken in batch:
            taken.taken = True
        ordered = sorted(batch, key=lambda p: p.game.version)
        try:
            await flush(client, merged(ordered))
        except Exception:
            log.exception("game %s: posting to its table failed", post.game.id)
        queue.shown = max(queue.shown, ordered[-1].game.version)


def merged(batch: Sequence[Post]) -> TablePost:
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
