"""What a render process runs besides the pictures themselves: the warm-up draw.

Kept out of ``bot.service`` so that a render process imports only this module and the
renderers (not the store, the service or discord.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("campfire.render_worker")


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
