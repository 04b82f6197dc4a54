"""Following running games: the server-sent event streams and the one reader that feeds them.

One read of every watched revision per ``POLL_SECONDS`` (``Watcher``) feeds every
stream; the streams are capped in all and per client address (``Streams``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.service.reads import Reads

log = logging.getLogger("campfire.web")


POLL_SECONDS = 1.0
"""How often the revisions of the games being watched are read (one read for all)."""
KEEP_ALIVE_SECONDS = 15.0
"""A comment line on an idle event stream, so proxies keep it open."""
STREAMS_AT_ONCE = 500
"""Event streams open at once in all; past it a reader polls ``poll`` instead."""
STREAMS_PER_ADDRESS = 8
"""Event streams open at once from one client address (several tabs, a family)."""
RETRY_AFTER_SECONDS = 30
"""What a refused event stream is told to wait (``Retry-After``)."""


class Streams:
    """The event streams open now, in all and by client address."""

    def __init__(self, at_once: int = STREAMS_AT_ONCE, per_address: int = STREAMS_PER_ADDRESS):
        self.at_once = at_once
        self.per_address = per_address
        self.by_address: dict[str, int] = {}
        self.open = 0

    def admit(self, address: str) -> str | None:
        """Count a new stream from ``address``; or the kind of refusal (not counted)."""
        if self.open >= self.at_once:
            return "streams.all"
        if self.by_address.get(address, 0) >= self.per_address:
            return "streams.address"
        self.open += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        self.open -= 1
        left = self.by_address[address] - 1
        if left:
            self.by_address[address] = left
        else:
            del self.by_address[address]


Feed = asyncio.Queue[tuple[int, str] | None]
"""What a stream hears: ``(revision, status)`` at each change, ``None``: end now."""


Read = Callable[[Sequence[int]], Awaitable[dict[int, tuple[int, str]]]]
"""What a watcher reads: ``{id: (revision, status)}`` of the ids followed."""


class Watcher:
    """Follows the games somebody watches: one read of all their revisions per
    ``interval`` (whatever the number of watchers), each change sent to every queue of
    that game. ``read`` follows something else the same way (the tournaments' stamps,
    ``Reads.tournament_stamps``)."""

    def __init__(self, reads: Reads, interval: float = POLL_SECONDS, read: Read | None = None):
        self.source = reads
        self.read: Read = read or reads.revisions
        self.interval = interval
        self._queues: dict[int, set[Feed]] = {}
        self._known: dict[int, tuple[int, str]] = {}
        self._task: asyncio.Task[None] | None = None
        self.ended = False
        """The process is stopping: every stream is told to end (``None``)."""
        self.reads = 0
        """Reads of the store since the start (what a test and the bench count)."""

    def watch(self, game_id: int, known: tuple[int, str]) -> Feed:
        queue: Feed = asyncio.Queue()
        if self.ended:
            queue.put_nowait(None)
            return queue
        self._queues.setdefault(game_id, set()).add(queue)
        self._known.setdefault(game_id, known)
        if self._known[game_id] != known:
            queue.put_nowait(self._known[game_id])
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        return queue

    def end_all(self) -> None:
        """Tell every stream to end now (the process is stopping)."""
        self.ended = True
        for queues in self._queues.values():
            for queue in queues:
                queue.put_nowait(None)

    def leave(self, game_id: int, queue: Feed) -> None:
        queues = self._queues.get(game_id)
        if queues is None:
            return
        queues.discard(queue)
        if not queues:
            del self._queues[game_id]
            self._known.pop(game_id, None)

    @property
    def watchers(self) -> int:
        return sum(len(q) for q in self._queues.values())

    async def _run(self) -> None:
        while self._queues:
            await asyncio.sleep(self.interval)
            ids = sorted(self._queues)
            if not ids:
                break
            try:
                found = await self.read(ids)
                self.reads += 1
            except Exception:
                log.warning("reading the revisions of %d game(s) failed", len(ids), exc_info=True)
                continue
            for game_id in ids:
                now = found.get(game_id)
                if now is None or now == self._known.get(game_id):
                    continue
                self._known[game_id] = now
                for queue in self._queues.get(game_id, ()):
                    queue.put_nowait(now)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
