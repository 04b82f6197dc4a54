"""The render pool: board pictures drawn off the event loop, as many at once as there are cores.

Drawing a board is CPU work in Python (Pillow compositing, PNG encoding): run on the
event loop it would stall the gateway, and run in the default executor (up to 32
threads) the pictures of a busy minute fight for the GIL with the loop and each other,
and every thread grows its own heap. So pictures go to a pool of ``workers`` (default:
the number of cores):

- **threads** (the default): cheap to start, share the renderers' static-art caches;
- **processes** (``processes=True``, ``CAMPFIRE_RENDER=processes``): true parallelism
  and no GIL shared with the event loop; each worker holds its own caches (1/N of
  their budgets each, so that N workers hold what threads would), runs at a
  lower priority than the bot (``render_worker.NICENESS``: the event loop is served
  first on a small machine), and the bot's own process never loads the renderers. A
  worker exits by itself when the bot's process is gone (even killed with SIGKILL).
  Only ``render.registry.draw`` (picklable, by game id) can run there; a custom drawer
  always runs in threads.

``warm_up`` draws each game's pictures once before players ask (in every worker process;
with threads, in a thread beside the pool, so that the first pictures asked for never
wait behind it), so the first board of a game does not pay for building its static art
(about a second). The pictures of one post (the turn card and the full board) are one
job (``draw_all``).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Protocol

from bot.service.render_worker import draw_layouts, start_worker, warm

log = logging.getLogger("campfire.service.pictures")


class Drawer(Protocol):
    """``draw(rules_id, public_view, *, lang, names) -> PNG bytes`` (``render.registry.draw``);
    a drawer that also takes ``layout`` (``full`` or ``card``) draws turn cards too."""

    def __call__(
        self, rules: str, view: Mapping[str, Any], /, *, lang: str, names: Mapping[str, str] | None
    ) -> bytes: ...


def draws_cards(drawer: Drawer) -> bool:
    """Whether ``drawer`` takes a ``layout`` keyword (``render.registry.draw`` does)."""
    try:
        parameters = inspect.signature(drawer).parameters
    except (TypeError, ValueError):
        return False
    return "layout" in parameters or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()
    )


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


class RenderPool:
    """Runs a drawer in a bounded pool of threads or processes, created on first use."""

    def __init__(
        self, drawer: Drawer, *, workers: int | None = None, processes: bool = False
    ) -> None:
        self.drawer = drawer
        self.workers = workers or default_workers()
        self.processes = processes
        self._executor: Executor | None = None
        self._warm_up: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.processes:
                # spawn, not fork: the bot's process has threads (aiosqlite, the loop's).
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=start_worker,
                    # the workers' caches together hold what one process's would
                    initargs=(os.getpid(), 1 / self.workers),
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, "campfire-render")
        return self._executor

    async def draw(
        self,
        rules: str,
        view: Any,
        *,
        lang: str,
        names: Mapping[str, str] | None,
        layout: str = "full",
    ) -> bytes:
        """The picture (``layout``: the ``full`` board or the turn ``card``, which only
        a drawer that ``draws_cards`` is asked for), drawn in the pool (raises what the
        drawer raised)."""
        [picture] = await self.draw_all(rules, view, lang=lang, names=names, layouts=(layout,))
        return picture

    async def draw_all(
        self,
        rules: str,
        view: Any,
        *,
        lang: str,
        names: Mapping[str, str] | None,
        layouts: Sequence[str],
    ) -> list[bytes]:
        """The pictures of one view in ``layouts``, in that order, as ONE job of the pool
        (``render_worker.draw_layouts``: the full board and the turn card in one pass):
        a turn message's pictures wait for one worker, not two, and share its work."""
        call = functools.partial(
            draw_layouts,
            self.drawer,
            rules,
            view,
            tuple(layouts),
            lang=lang,
            names=dict(names or {}),
        )
        return await asyncio.wrap_future(self._pool().submit(call))

    async def run(self, function: Callable[..., bytes], /, *args: Any, **kwargs: Any) -> bytes:
        """``function(*args, **kwargs)`` in the pool: longer picture work (the animated
        replay) with the same bound on CPU; in processes everything must pickle."""
        return await asyncio.wrap_future(self._pool().submit(function, *args, **kwargs))

    def warm_up(self, views: Iterable[tuple[str, Any, Sequence[str]]]) -> list[Future[list[bytes]]]:
        """Draw each ``(rules, view, layouts)`` once in every worker process, or once in
        all for threads (which share the renderers' caches) in a thread of its own
        beside the pool, so that the pictures players ask for in the first seconds
        after a start never queue behind it; in the background (errors logged): the
        renderers' static art is then built before a player waits for it. Returns the
        drawings under way (nobody needs to wait for them)."""
        futures = []
        for rules, view, layouts in views:
            for _ in range(self.workers if self.processes else 1):
                executor = self._pool() if self.processes else self._warming()
                future = executor.submit(warm, self.drawer, rules, view, tuple(layouts))
                future.add_done_callback(functools.partial(_log_failure, rules))
                futures.append(future)
        return futures

    def _warming(self) -> Executor:
        if self._warm_up is None:
            self._warm_up = ThreadPoolExecutor(1, "campfire-warm-up")
        return self._warm_up

    def close(self) -> None:
        """Stop the workers (pictures not started are dropped)."""
        for executor in (self._executor, self._warm_up):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._warm_up = None


def _log_failure(rules: str, future: Future[list[bytes]]) -> None:
    if future.cancelled():
        return
    error = future.exception()
    if error is not None:
        log.warning("warming up the %s renderer failed: %r", rules, error)
