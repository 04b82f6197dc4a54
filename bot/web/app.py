"""``campfire web``: the aiohttp application of the web companion.

Read-only over the bot's store (SQLite or PostgreSQL, a separate process), through the
service's read-only queries (``bot.service.reads``): the web holds no store and no game
logic of its own. Routes, each
behind a signed token (``bot.web.tokens``; a bad, expired or unknown one is a plain 404):

- ``/g/<token>``: a game's page (``?at=STEP``, ``?layout=card``, ``?lang=en|fr``), and
  under it ``fragment`` (its ``<main>`` alone, for the page's script), ``game.json``
  (the public position), ``board/<mark>-<layout>-<lang>.png`` (a picture that never
  changes: immutable, with an ETag), ``events`` (server-sent events: the game's
  revision when it changes), ``poll`` (the same, for a plain polling fallback),
  ``record.json``, ``record.txt`` and ``replay.webp``;
- ``/t/<token>``: a tournament's page (its standings, rounds and tables, each table a
  link to its game's page), and under it ``fragment``, ``events`` and ``poll``, as a
  game's (its stamp instead of a revision: ``Reads.tournament_stamps``);
- ``/s/<token>``: a server's standings; ``/p/<token>``: a player's stats there;
- ``/u/<token>``: the games waiting on one player in every server (the link the bot
  gives that player alone), with ``fragment`` and ``poll`` to follow it live
  (``bot.web.agenda``).

Every page is built from public information only: the public view, the public score
sheet and the labels the table read.

The process holds under abuse: event streams are capped in all and per client address (a
plain 503 with ``Retry-After`` past the cap; the page's script then polls), a connection
that sends no whole request for ``IDLE_SECONDS`` is closed (headers included), and one
whose reader takes no whole answer in ``SEND_SECONDS`` is dropped, the
open-file limit is raised to the hard limit at start, every answer carries the security
headers (aiohttp's own 400 for malformed HTTP included) and a ``Server`` header without a
version, and each kind of refusal is logged at most once a minute, never with a token.

Here: the application put together and served (``create_app``, ``start``, ``serve``).
The handlers are ``routes``, the application's state ``site``, the event streams
``live``, the defences ``hardening``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import time
from collections.abc import Callable

from aiohttp import web

from bot.service.archive import ROW_SECONDS
from bot.service.reads import Reads
from bot.store import GameStore
from bot.web.agenda import agenda_fragment, agenda_page, agenda_poll
from bot.web.hardening import (
    IDLE_SECONDS,
    SEND_SECONDS,
    AcceptLog,
    HttpLog,
    Redacted,
    Refusals,
    Request,
    client_address,
    harden,
    harden_prepared,
    redact,
)
from bot.web.live import POLL_SECONDS, Streams, Watcher
from bot.web.routes import (
    board,
    events,
    fragment,
    game_json,
    game_page,
    health,
    number,
    poll,
    record,
    replay,
    standings_page,
    static,
    stats_page,
    words,
)
from bot.web.site import SITE, Site, pick_lang, plain_errors, sent_in_time
from bot.web.tokens import (
    make_token,
)
from bot.web.tourney_routes import (
    tournament_events,
    tournament_fragment,
    tournament_page,
    tournament_poll,
)

log = logging.getLogger("campfire.web")


SHUTDOWN_SECONDS = 5.0
"""How long a stop waits for the answers under way before it cuts them."""


def create_app(
    source: Reads | GameStore,
    secret: bytes,
    *,
    clock: Callable[[], float] = time.time,
    drawer: Callable[..., bytes] | None = None,
    poll_seconds: float = POLL_SECONDS,
    row_seconds: float = ROW_SECONDS,
    streams: Streams | None = None,
    send_seconds: float = SEND_SECONDS,
) -> web.Application:
    """The application over the service's ``Reads`` of an open store (``source``, or
    reads made over it; the caller closes it), its links signed with ``secret``;
    ``clock`` (Unix seconds), ``drawer`` (``render.registry.draw``), ``row_seconds`` (how
    often a running game's clocks are read again), ``streams`` (other caps) and
    ``send_seconds`` are for tests."""
    for name in ("campfire.web", "campfire.service.archive", "campfire.service.reads"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, Redacted) for f in logger.filters):
            logger.addFilter(Redacted())
    app = web.Application(middlewares=[sent_in_time, plain_errors])
    site = Site(
        source
        if isinstance(source, Reads)
        else Reads(source, drawer=drawer, row_seconds=row_seconds),
        secret,
        clock=clock,
        poll_seconds=poll_seconds,
        streams=streams,
    )
    site.send_seconds = send_seconds
    app[SITE] = site

    async def end_streams(app: web.Application) -> None:
        site.watcher.end_all()
        site.tournaments.end_all()

    async def stop(app: web.Application) -> None:
        await site.close()

    app.on_response_prepare.append(harden_prepared)
    app.on_shutdown.append(end_streams)
    app.on_cleanup.append(stop)
    app.add_routes(
        [
            web.get("/g/{token}", game_page),
            web.get("/g/{token}/fragment", fragment),
            web.get("/g/{token}/game.json", game_json),
            web.get("/g/{token}/board/{mark}-{layout}-{lang}.png", board),
            web.get("/g/{token}/events", events),
            web.get("/g/{token}/poll", poll),
            web.get("/g/{token}/words.txt", words),
            web.get("/g/{token}/record.{kind:json|txt}", record),
            web.get("/g/{token}/replay.webp", replay),
            web.get("/t/{token}", tournament_page),
            web.get("/t/{token}/fragment", tournament_fragment),
            web.get("/t/{token}/events", tournament_events),
            web.get("/t/{token}/poll", tournament_poll),
            web.get("/s/{token}", standings_page),
            web.get("/p/{token}", stats_page),
            web.get("/u/{token}", agenda_page),
            web.get("/u/{token}/fragment", agenda_fragment),
            web.get("/u/{token}/poll", agenda_poll),
            web.get("/static/{name}", static),
            web.get("/healthz", health),
        ]
    )
    return app


def game_link(secret: bytes, game_id: int, now: float) -> str:
    """The path of a game's page (what the bot's **Web** button points at, after the
    public address)."""
    from bot.web.tokens import game_subject

    return f"/g/{make_token(secret, game_subject(game_id), now)}"


def raise_file_limit() -> int | None:
    """Raise this process's open-file limit to its hard limit where the system allows
    it (each connection is a file); the limit now, or ``None`` where there is none to
    read."""
    try:
        import resource
    except ImportError:  # not a Unix
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65_536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (OSError, ValueError):
            log.warning("could not raise the open-file limit from %d to %d", soft, wanted)
            return int(soft)
        return int(wanted)
    return int(soft)


async def start(
    app: web.Application, host: str, port: int, *, idle_seconds: float = IDLE_SECONDS
) -> tuple[web.AppRunner, str]:
    """Serve ``app`` on ``host:port`` as ``campfire web`` does (its timeouts, its logs,
    its hardened error answers); the runner (``cleanup()`` stops it) and the address."""
    refusals = app[SITE].refusals
    http_log = logging.getLogger("campfire.web.http")
    for old in [f for f in http_log.filters if isinstance(f, HttpLog)]:
        http_log.removeFilter(old)
    http_log.addFilter(HttpLog(refusals))
    runner = web.AppRunner(
        app,
        access_log=None,
        logger=http_log,
        keepalive_timeout=idle_seconds,
        shutdown_timeout=SHUTDOWN_SECONDS,
        handler_cancellation=True,  # a reader who leaves frees its stream at once
    )
    await runner.setup()
    assert runner.server is not None
    runner.server.request_factory = functools.partial(app._make_request, _cls=Request)
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = runner.addresses[0][1] if runner.addresses else port
    return runner, f"http://{host}:{bound}"


async def serve(
    db: str, secret: bytes, host: str, port: int, *, ready: Callable[[str], None] | None = None
) -> None:
    """Open the database's reads and serve until cancelled (Ctrl+C) or sent SIGTERM;
    open event streams are ended at once, so a stop does not wait for their readers."""
    limit = raise_file_limit()
    if limit is not None:
        log.info("open files: up to %d", limit)
    reads = await Reads.open(db)
    runner: web.AppRunner | None = None
    accept_log: AcceptLog | None = None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    try:
        app = create_app(reads, secret)
        accept_log = AcceptLog(app[SITE].refusals)
        logging.getLogger("asyncio").addFilter(accept_log)
        runner, address = await start(app, host, port)
        if ready is not None:
            ready(address)
        await stop.wait()
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
        if runner is not None:
            await runner.cleanup()
        if accept_log is not None:
            logging.getLogger("asyncio").removeFilter(accept_log)
        await reads.aclose()


__all__ = [
    "Refusals",
    "Site",
    "Streams",
    "Watcher",
    "client_address",
    "create_app",
    "game_link",
    "harden",
    "number",
    "pick_lang",
    "raise_file_limit",
    "redact",
    "serve",
    "start",
]
