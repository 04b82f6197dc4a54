"""What a render process runs besides the pictures themselves: a watch on the bot, the
warm-up draw.

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
from collections.abc import Callable
from typing import Any

log = logging.getLogger("campfire.render_worker")


PARENT_CHECK_S = 1.0


def watch_parent(parent: int) -> None:
    """Exit this worker once its bot process ``parent`` is gone (killed with SIGKILL, it
    could not stop its workers, which would otherwise wait for pictures forever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="campfire-parent-watch", daemon=True).start()


def warm(drawer: Callable[..., bytes], rules: str, view: Any) -> bytes:
    """Draw ``view`` once (building the renderer's static art), then hand the scratch
    memory of that first build back to the system (some 40 MB for a board drawn at
    three times its size), where the C library allows it."""
    picture = drawer(rules, view, lang="en", names=None)
    release_free_memory()
    return picture


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
