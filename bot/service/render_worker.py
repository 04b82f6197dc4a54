"""What a render job runs: the pictures of one view in one pass, the warm-up draw, and (in
a render process) a watch on the bot.

Kept out of ``bot.service`` so that a render process imports only this module and the
renderers (not the store, the service or discord.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from render import registry

log = logging.getLogger("campfire.render_worker")


PARENT_CHECK_S = 1.0
NICENESS = 10
"""How much a render process lowers its scheduling priority: on a machine with few cores,
the bot's event loop (the gateway's heartbeat, every reply) gets the CPU before the
pictures, which wait a few milliseconds more instead."""


def start_worker(parent: int, share: float = 1.0) -> None:
    """A render process's start (its pool's initializer): its renderers' caches take
    ``share`` of their budgets (one of N processes: 1/N, ``render.kit.cache.
    share_budgets``), it lowers its priority (``NICENESS``), then ``watch_parent``."""
    from render.kit import cache  # Pillow: a render process draws anyway

    cache.share_budgets(share)
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: the pictures keep the bot's priority
        log.info("render process %s keeps its priority", os.getpid())
    watch_parent(parent)


def watch_parent(parent: int) -> None:
    """Exit this worker once its bot process ``parent`` is gone (killed with SIGKILL, it
    could not stop its workers, which would otherwise wait for pictures forever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="campfire-parent-watch", daemon=True).start()


def draw_layouts(
    drawer: Callable[..., bytes],
    rules: str,
    view: Any,
    layouts: Sequence[str],
    *,
    lang: str,
    names: Mapping[str, str] | None,
) -> list[bytes]:
    """The pictures of one public ``view`` in ``layouts`` (``full``, ``card``), in that
    order, in one job. The registry's drawer draws the full board and the turn card in
    one pass (``render.registry.draw_both``: the full picture composed once, the card's
    close-up cut from it); another drawer is called once per layout (``layout`` passed
    only for a ``card``)."""
    if drawer is registry.draw and sorted(layouts) == ["card", "full"]:
        full, card = registry.draw_both(rules, view, lang=lang, names=names)
        return [full if layout == "full" else card for layout in layouts]
    return [
        drawer(
            rules, view, lang=lang, names=names, **({} if layout == "full" else {"layout": layout})
        )
        for layout in layouts
    ]


def warm(
    drawer: Callable[..., bytes], rules: str, view: Any, layouts: Sequence[str] = ("full",)
) -> list[bytes]:
    """Draw ``view`` once in ``layouts`` (building the renderer's static art, the turn
    card's too), then hand the scratch memory of that first build back to the system
    (some 40 MB for a board drawn at three times its size), where the C library allows
    it."""
    pictures = draw_layouts(drawer, rules, view, layouts, lang="en", names=None)
    release_free_memory()
    return pictures


def release_free_memory() -> None:
    """``malloc_trim(0)`` on glibc; nothing elsewhere."""
    name = ctypes.util.find_library("c")
    if name is None:
        return
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim(0)
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to trim
        log.debug("no malloc_trim in %s", name)
