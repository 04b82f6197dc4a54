"""``campfire run``, ``sync`` and ``web``: the commands that serve Discord and the web companion.

Called by ``bot.frontends.cli`` once the command line is parsed; each returns the exit status and
raises ``UsageError`` for a command line that makes no sense.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import ctypes.util
import dataclasses
import importlib
import json
import logging
import os
import platform
import sys
from collections.abc import Mapping

from bot.config import Settings, UsageError, configure_logging, load_settings
from bot.shards import Shards
from rules.i18n import register_package

register_package("bot")  # the messages of this module (cli.*) are in bot/locales

log = logging.getLogger("campfire.cli")


M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter for the most heap arenas (``malloc.h``)."""
MALLOC_ARENAS = 2
"""The heap arenas ``campfire run`` and ``web`` let glibc's malloc use, unless the
environment says otherwise (its default is 8 per core). Every thread that allocates
(the render threads, the warm-up, aiosqlite's, the event loop) otherwise gets an arena
of its own, which keeps what a picture used for a moment: with 10,000 stored games the
bot held about 150 MB of PSS after its warm-up with glibc's default, 88 MB with one
arena (docs/measurements/benchmarks.md, "Memory" of docs/hosts/configuration.md)."""


M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter for the size from which a block is mapped on its own
(``malloc.h``)."""
MMAP_THRESHOLD = 1024 * 1024
"""The size from which ``campfire run`` and ``web`` let glibc's malloc map a block on its
own, given back to the system when freed: a picture's buffers (an 800 × 1,900 palette
page is 1.5 MB, a full board in RGB about 5 MB). glibc's default starts at 128 KB but
rises to the largest block freed so far, after which those buffers come from the heap
and what they leave between live blocks is kept: the mixed soak then peaked at 312 to
330 MB and grew, against 260 to 268 MB and flat with the threshold fixed. It costs
CPU (a mapped block's pages are zeroed when first touched): a tenth to a sixth more a
move, measured in docs/measurements/benchmarks.md. Trimming the heap instead
(``malloc_trim`` every second) cost as much CPU and left the soak at 286 MB, growing."""


def tune_malloc(environ: Mapping[str, str] = os.environ) -> None:
    """Set glibc's malloc up for a process that draws pictures in threads, before they
    start: at most ``MALLOC_ARENAS`` arenas, and blocks from ``MMAP_THRESHOLD`` up mapped
    on their own (each unless the environment chooses)."""
    limit_malloc_arenas(environ=environ)
    fix_mmap_threshold(environ=environ)


def _mallopt(parameter: int, value: int, environ: Mapping[str, str], *names: str) -> bool | None:
    """``mallopt(parameter, value)`` on glibc Linux: ``None`` when the environment sets
    one of ``names`` (a variable, or a ``GLIBC_TUNABLES`` tunable: the host's choice) or
    off glibc (musl, macOS, Windows), else whether glibc took it."""
    tunables = environ.get("GLIBC_TUNABLES", "")
    if any(name in environ or name in tunables for name in names):
        return None
    if not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        return None
    name = ctypes.util.find_library("c")
    try:
        return bool(ctypes.CDLL(name).mallopt(parameter, value)) if name else False
    except (OSError, AttributeError):
        return False


def fix_mmap_threshold(
    threshold: int = MMAP_THRESHOLD, environ: Mapping[str, str] = os.environ
) -> int | None:
    """Map blocks of ``threshold`` bytes and more on their own (``mallopt(
    M_MMAP_THRESHOLD)``, which also stops glibc raising it), unless the environment sets
    ``MALLOC_MMAP_THRESHOLD_`` or a ``glibc.malloc.mmap_threshold`` tunable; nothing off
    glibc Linux. Returns the threshold set, or ``None``."""
    done = _mallopt(
        M_MMAP_THRESHOLD,
        threshold,
        environ,
        "MALLOC_MMAP_THRESHOLD_",
        "glibc.malloc.mmap_threshold",
    )
    if done is None:
        log.debug("malloc mmap threshold: as the environment sets it (or not glibc)")
        return None
    if not done:
        log.warning("malloc mmap threshold: mallopt(M_MMAP_THRESHOLD, %d) failed", threshold)
        return None
    log.debug("malloc mmap threshold: %d bytes (MALLOC_MMAP_THRESHOLD_ overrides it)", threshold)
    return threshold


def limit_malloc_arenas(
    arenas: int = MALLOC_ARENAS, environ: Mapping[str, str] = os.environ
) -> int | None:
    """Limit glibc's malloc to ``arenas`` heap arenas for this process (``mallopt(
    M_ARENA_MAX)``), before its threads start. Nothing when the environment sets
    ``MALLOC_ARENA_MAX`` or a ``glibc.malloc.arena_max`` tunable (the host's choice), nor
    off glibc Linux (musl, macOS, Windows have no such arenas). Returns the limit set,
    or ``None`` when nothing was set; logged either way (a failure as a warning, the
    rest at the debug level: an operator's first line stays the bot's own)."""
    done = _mallopt(M_ARENA_MAX, arenas, environ, "MALLOC_ARENA_MAX", "glibc.malloc.arena_max")
    if done is None:
        log.debug("malloc arenas: as the environment sets them (or not glibc)")
        return None
    if not done:
        log.warning("malloc arenas: mallopt(M_ARENA_MAX, %d) failed; glibc's default kept", arenas)
        return None
    log.debug(
        "malloc arenas: at most %d (MALLOC_ARENA_MAX in the environment overrides it)", arenas
    )
    return arenas


def print_payload() -> None:
    """``campfire sync --print``: every subcommand, option and localisation as JSON."""
    runner = importlib.import_module("bot.discord.runner")
    payload = runner.command_payload()
    print(json.dumps(payload, ensure_ascii=False, indent=2, sort_keys=True))


def run_shards(shards: str | None, count: int | None) -> Shards | None:
    """The shards ``campfire run`` serves: ``--shards IDS`` out of ``--shard-count N``;
    only ``--shard-count``: all N in this process; neither: ``None`` (discord.py asks
    Discord how many). Raises ``UsageError``."""
    if count is None:
        if shards is not None:
            raise UsageError("--shards needs --shard-count (how many shards the bot has in all)")
        return None
    try:
        return Shards.parse(shards if shards is not None else f"0-{count - 1}", count)
    except ValueError as problem:
        raise UsageError(f"--shards/--shard-count: {problem}") from None


def discord_command(args: argparse.Namespace) -> int:
    shards = run_shards(args.shards, args.shard_count) if args.command == "run" else None
    settings = load_settings(args.env)
    if getattr(args, "db", None):
        settings = dataclasses.replace(settings, db_path=args.db)
    if not settings.token:
        raise UsageError(
            "DISCORD_TOKEN is not set: put it in .env (see .env.example) or the environment."
        )
    configure_logging(settings.log_level)
    if args.command == "run":
        tune_malloc()  # before the bot's threads start
    try:
        return talk_to_discord(args, settings, shards)
    except Exception as exc:  # the operator gets one line; the traceback goes to the log
        import discord  # only here: the offline commands never import discord.py

        if isinstance(exc, discord.LoginFailure):
            message = "Discord refused the token: check DISCORD_TOKEN (Bot tab of the application)."
        elif isinstance(exc, OSError | discord.GatewayNotFound | discord.HTTPException):
            message = f"cannot reach Discord ({type(exc).__name__}: {exc})."
        else:
            raise
        log.debug("discord command failed", exc_info=True)
        print(f"campfire: {message}", file=sys.stderr)
        return 1


def web(args: argparse.Namespace) -> int:
    """``campfire web``: serve the pages until stopped (Ctrl+C)."""
    settings = load_settings(args.env)
    if not settings.web_secret:
        raise UsageError(
            "CAMPFIRE_WEB_SECRET is not set: the web pages are reached through links signed "
            "with it (see .env.example and docs/hosts/web.md)."
        )
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be between 1 and 65535, not {args.port}")
    configure_logging(settings.log_level)
    tune_malloc()  # before the server's threads start (pictures are drawn in threads)
    from bot.web.app import serve

    def ready(address: str) -> None:
        print(f"campfire web: serving on {address} (Ctrl+C stops)", flush=True)

    try:
        asyncio.run(
            serve(
                args.db or settings.db_path,
                settings.web_secret.encode(),
                args.host,
                args.port,
                ready=ready,
            )
        )
    except OSError as exc:
        raise UsageError(
            f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}"
        ) from exc
    return 0


def talk_to_discord(args: argparse.Namespace, settings: Settings, shards: Shards | None) -> int:
    runner = importlib.import_module("bot.discord.runner")
    if args.command == "run":
        runner.run_bot(settings, shards=shards)
        return 0
    synced = runner.sync_commands(settings, args.guild)
    if asyncio.iscoroutine(synced):
        synced = asyncio.run(synced)
    where = f"server {args.guild}" if args.guild is not None else "every server (global)"
    names = ", ".join(str(n) for n in synced) if isinstance(synced, list | tuple) else "done"
    print(f"commands synced to {where}: {names}")
    return 0
