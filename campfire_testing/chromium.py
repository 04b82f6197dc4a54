"""The machine's Chromium for the browser tests (Playwright's own browser download is not
reachable here): where it is, why a test cannot use it, and the flags that keep it off
the network."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Headless, and no traffic of Chromium's own (updates, sync, QUIC probes): the network
is closed, and without these it floods refused connections."""


def chromium_path() -> str | None:
    """The installed Chromium (Debian's ``chromium`` package), if any."""
    for candidate in CANDIDATES:
        if Path(candidate).is_file():
            return candidate
    return shutil.which("chromium")


def missing_reason() -> str | None:
    """Why the browser tests cannot run here (``None``: they can)."""
    if importlib.util.find_spec("playwright") is None:
        return "Python playwright is not installed (pip install -e '.[dev]')"
    if chromium_path() is None:
        return "Chromium is not installed (apt-get install chromium; .ci/run does it)"
    return None


__all__ = ["FLAGS", "chromium_path", "missing_reason"]
