"""``campfire web``: the aiohttp application of the web companion.

Read-only over the bot's store (SQLite or PostgreSQL, a separate process). Routes, each
behind a signed token (``bot.web.tokens``; a bad, expired or unknown one is a plain 404):

- ``/g/<token>``: a game's page (``?at=STEP``, ``?layout=card``, ``?lang=en|fr``), and
  under it ``fragment`` (its ``<main>`` alone, for the page's script), ``game.json``
  (the public position), ``board/<mark>-<layout>-<lang>.png`` (a picture that never
  changes: immutable, with an ETag), ``events`` (server-sent events: the game's
  revision when it changes), ``poll`` (the same, for a plain polling fallback),
  ``record.json``, ``record.txt`` and ``replay.webp``;
- ``/s/<token>``: a server's standings; ``/p/<token>``: a player's stats there.

Every page is built from public information only: the public view, the public score
sheet and the labels the table read.

The process holds under abuse: event streams are capped in all and per client address (a
plain 503 with ``Retry-After`` past the cap; the page's script then polls), a connection
that sends no whole request for ``IDLE_SECONDS`` is closed (headers included), and one
whose reader takes no whole answer in ``SEND_SECONDS`` is dropped, the
open-file limit is raised to the hard limit at start, every answer carries the security
headers (aiohttp's own 400 for malformed HTTP included) and a ``Server`` header without a
version, and each kind of refusal is logged at most once a minute, never with a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import json
import logging
import re
import signal
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.service.ratings import Standing, rate, standings
from bot.service.settings import ServerSettings
from bot.service.values import is_ai_seat
from bot.store.database import SqlStore
from bot.web import pages
from bot.web.archive import ROW_SECONDS, Archive, Archived
from bot.web.tokens import (
    Verified,
    link_from,
    make_token,
    player_subject,
    standings_subject,
    verify,
)
from render import registry as renderers
from rules import registry
from rules.i18n import DEFAULT_LANG, LANGS, translate

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
IDLE_SECONDS = 20.0
"""A connection that has not sent a whole request for this long is closed: an idle
keep-alive connection, or one still sending its request line and headers."""
SEND_SECONDS = 120.0
"""An answer (a page, a picture, a replay) the reader has not taken in this long is
dropped with its connection: a reader that stops reading holds nothing for long."""
SHUTDOWN_SECONDS = 5.0
"""How long a stop waits for the answers under way before it cuts them."""
LOG_EVERY_SECONDS = 60.0
"""At most one log line per kind of refusal in this time (the others are counted)."""
PICTURE_SECONDS = 365 * 86_400
"""The longest a browser keeps a picture (never longer than its link lives)."""
REPLAY_SECONDS = 86_400
"""The longest a browser keeps an animated replay (never longer than its link lives)."""
SERVER = "campfire"
"""The ``Server`` header of every answer (no version of anything)."""
PAGE_CACHE = "private, no-cache"
"""Pages, records and ``game.json``: the reader's browser only, asked again each time."""
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def pick_lang(request: web.Request) -> str:
    """``?lang=`` when it is one we speak, else the best of ``Accept-Language``."""
    asked = request.query.get("lang", "")
    if asked in LANGS:
        return asked
    best, best_q = DEFAULT_LANG, -1.0
    for part in request.headers.get("Accept-Language", "").split(","):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower().split("-")[0]
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if lang in LANGS and q > best_q:
            best, best_q = lang, q
    return best


class NotFound(Exception):
    """Answer the plain 404 page."""


_TOKEN_TEXT = re.compile(r"([gsp][0-9][0-9A-Za-z_-]{0,63})\.([0-9a-z]{1,10})\.[0-9A-Za-z_-]{22}")


def redact(text: str) -> str:
    """``text`` with the signature of every link token in it replaced (the subject and
    issue time stay: they say which page, not how to open it)."""
    return _TOKEN_TEXT.sub(r"\1.\2.<signature>", text)


class Redacted(logging.Filter):
    """No token in a log line: the message and its traceback go through ``redact``."""

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_text is None:
            record.exc_text = redact(self._formatter.formatException(record.exc_info))
        return True


class Refusals:
    """One log line per kind of refusal per ``every`` seconds, whatever the flood: the
    first of a kind is written at once, the next ones are counted and the count goes
    with the next line of that kind."""

    def __init__(
        self,
        logger: logging.Logger,
        every: float = LOG_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._last: dict[str, float] = {}
        self._unsaid: dict[str, int] = {}
        self._said: dict[str, tuple[str, tuple[object, ...], int]] = {}
        self.counts: dict[str, int] = {}
        """Refusals of each kind since the start."""

    def note(self, kind: str, message: str, *args: object, level: int = logging.WARNING) -> None:
        """Count a refusal of ``kind``; log it unless one was logged in the last
        ``every`` seconds (an ``ERROR`` carries the traceback being handled)."""
        self.counts[kind] = self.counts.get(kind, 0) + 1
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every:
            self._unsaid[kind] = self._unsaid.get(kind, 0) + 1
            return
        self._last[kind] = now
        self._said[kind] = (message, args, level)
        more = self._unsaid.pop(kind, 0)
        suffix = f" ({more} more like it since the last line)" if more else ""
        self.logger.log(level, message + suffix, *args, exc_info=level >= logging.ERROR)

    def flush(self) -> None:
        """Write the counts not written yet (the process is stopping)."""
        for kind, more in sorted(self._unsaid.items()):
            message, args, level = self._said[kind]
            self.logger.log(
                min(level, logging.WARNING),
                message + f" ({more} more like it since the last line)",
                *args,
            )
        self._unsaid.clear()


class HttpLog(logging.Filter):
    """What aiohttp's server logs (its logger is ``campfire.web.http``): a malformed
    request (its 400) becomes one line per minute naming the kind of error, without the
    request line or a traceback; anything else is kept, redacted."""

    def __init__(self, refusals: Refusals) -> None:
        super().__init__()
        self.refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        problem = record.exc_info[1] if record.exc_info else None
        if isinstance(problem, HttpProcessingError):
            self.refusals.note(
                "malformed", "refused malformed HTTP with a 400 (%s)", type(problem).__name__
            )
            return False
        return Redacted().filter(record)


def client_address(request: web.BaseRequest) -> str:
    """Who asks: the peer's address, or behind a reverse proxy on this machine (a
    loopback peer) the last address of its ``X-Forwarded-For``."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded:
        try:
            loopback = ipaddress.ip_address(peer).is_loopback
        except ValueError:
            loopback = False
        if loopback:
            last = forwarded.rsplit(",", 1)[-1].strip()[:64]
            if last:
                return last
    return peer


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


class Watcher:
    """Follows the games somebody watches: one read of all their revisions per
    ``interval`` (whatever the number of watchers), each change sent to every queue of
    that game."""

    def __init__(self, store: SqlStore, interval: float = POLL_SECONDS) -> None:
        self.store = store
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
                found = await self.store.revisions(ids)
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


class Site:
    """The application's state: the store, the secret, the archive, the watcher."""

    def __init__(
        self,
        store: SqlStore,
        secret: bytes,
        *,
        clock: Callable[[], float] = time.time,
        drawer: Callable[..., bytes] | None = None,
        poll_seconds: float = POLL_SECONDS,
        row_seconds: float = ROW_SECONDS,
        streams: Streams | None = None,
    ) -> None:
        self.store = store
        self.secret = secret
        self.clock = clock
        self.settings = ServerSettings(store, lambda: datetime.fromtimestamp(clock(), UTC))
        """The servers' settings, read as the bot's service reads them."""
        self.archive = Archive(store, drawer=drawer, row_seconds=row_seconds)
        self.watcher = Watcher(store, poll_seconds)
        self.streams = streams or Streams()
        self.refusals = Refusals(log)
        self.send_seconds = SEND_SECONDS
        """How long a reader has to take in a whole answer (``sent_in_time``)."""
        self._service: Any = None
        self._drawer = drawer

    # -- what a token opens -------------------------------------------------------------

    async def allows(self, guild_id: str | None) -> bool:
        """Whether a server lets its games be seen on the web (``web_links`` not off):
        read at every request (``ServerSettings.read``), so turning the links off closes
        them at once."""
        return (await self.settings.read(guild_id)).web_links is not False

    def opened(self, token: str) -> Verified:
        """What a good token opens (else the plain 404)."""
        verified = verify(self.secret, token, self.clock())
        if verified is None:
            raise NotFound
        return verified

    async def game(self, token: str) -> Archived:
        verified = self.opened(token)
        if verified.game_id is None:
            raise NotFound
        archived = await self.archive.game(verified.game_id)
        if archived is None or not await self.allows(archived.row.guild_id):
            raise NotFound
        return archived

    def link(self, subject: str, opener: Verified) -> str:
        """A link to ``subject`` from a page ``opener`` opened: it ends with ``opener``."""
        return link_from(self.secret, subject, opener, self.clock())

    def remaining(self, token: str) -> int:
        """Seconds left before ``token`` stops working."""
        return self.opened(token).remaining(self.clock())

    def service(self) -> Any:
        """A ``GameService`` over the store, for the records and the animated replay
        (made on first use)."""
        if self._service is None:
            from bot.service import GameService

            self._service = GameService(self.store, render_workers=1, drawer=self._drawer)
        return self._service

    async def close(self) -> None:
        self.refusals.flush()
        await self.watcher.close()
        if self._service is not None:
            self._service.close()

    # -- a game's page ------------------------------------------------------------------

    async def main(self, archived: Archived, token: str, step: int, lang: str, layout: str) -> str:
        key = ("main", token, step, lang, layout)  # the page holds its reader's links

        async def make() -> str:
            return pages.game_main(await self.game_page(archived, token, step, lang, layout))

        found: str = await self.archive.derived(archived, key, make)
        return found

    def layouts(self, archived: Archived) -> tuple[str, ...]:
        rules = archived.row.rules
        if not self.archive.has_picture(rules):
            return ()
        return ("full", "card") if self.archive.has_card(rules) else ("full",)

    async def game_page(
        self, archived: Archived, token: str, step: int, lang: str, layout: str
    ) -> pages.GamePage:
        row = archived.row
        names = archived.names(lang)
        rules = row.rules

        def compute() -> tuple[Any, str]:
            sheet = archived.scores(step)
            short = ""
            if rules in renderers.twin_ids():
                view = archived.public_view(step)
                try:
                    short = renderers.describe(rules, view, lang=lang, names=names)
                except Exception:
                    log.warning("game %d: no text twin at step %d", row.id, step, exc_info=True)
            return sheet, short

        async def computed() -> tuple[Any, str]:
            return await asyncio.to_thread(compute)

        sheet, short = await self.archive.derived(archived, ("facts", step, lang), computed)
        words = None
        if rules in renderers.twin_ids():
            words = f"{token}/words.txt?at={step}&lang={lang}"
        log_lines = pages.log_lines(
            [(m.seat, m.public_label or m.label, m.notes, m.by_clock) for m in archived.moves],
            names,
            lang,
        )
        to_act: frozenset[str] = frozenset()
        if row.status == "running":
            with contextlib.suppress(Exception):
                to_act = frozenset(archived.game.to_act(archived.state_at(archived.steps)))
        clocks = {c.seat: c for c in row.clocks}
        players = tuple(
            pages.PlayerLine(
                names.get(s.user_id, s.user_id),
                is_ai_seat(s.user_id),
                s.user_id in to_act,
                clocks[s.user_id].deadline if s.user_id in clocks else None,
                clocks[s.user_id].away_until if s.user_id in clocks else None,
            )
            for s in row.seats
        )
        places: tuple[tuple[int, str, int], ...] = ()
        if row.status == "over":
            places = tuple((r.rank, r.seat, r.score) for r in await self.store.results(row.id))
        picture = narrow = None
        if self.archive.has_picture(rules):
            shown = "full" if layout == "auto" else layout
            picture = f"{token}/board/{archived.mark(step)}-{shown}-{lang}.png"
            if layout == "auto":
                narrow = f"{token}/board/{archived.mark(step)}-card-{lang}.png"
        standings_link = None
        if row.guild_id is not None:
            opener = self.opened(token)
            standings_link = (
                f"../s/{self.link(standings_subject(row.guild_id), opener)}?lang={lang}"
            )
        return pages.GamePage(
            game_id=row.id,
            rules=rules,
            status=row.status,
            revision=row.version,
            step=step,
            steps=archived.steps,
            lang=lang,
            base=token,
            picture=picture,
            narrow=narrow,
            layout=layout,
            layouts=self.layouts(archived),
            words=words,
            short=short,
            players=players,
            log=log_lines,
            scores=sheet,
            names=names,
            places=places,
            standings=standings_link,
        )

    # -- standings ----------------------------------------------------------------------

    async def ladder(self, guild_id: str, rules: str) -> list[Standing]:
        """``/campfire standings`` of ``rules`` on a server, without writing anything:
        the stored ratings and the finished games they do not count yet."""
        current = {r.user_id: r for r in await self.store.ratings(guild_id, rules)}
        waiting = await self.store.finished_results(guild_id, rules, unrated_only=True)
        if waiting:
            current.update(rate(rules, current, waiting))
        return standings(current.values())


STORE: web.AppKey[SqlStore] = web.AppKey("store", SqlStore)
SITE: web.AppKey[Site] = web.AppKey("site", Site)


_NUMBER = re.compile(r"[0-9]{1,9}")
"""A step or a mark as written in an address: ASCII digits only (``str.isdigit`` also
takes ``²`` and other Unicode digits, which ``int`` then refuses), at most nine."""


def number(text: str) -> int:
    """The step or mark ``text`` names, or the plain 404: the one parser of every route."""
    if _NUMBER.fullmatch(text) is None:
        raise NotFound
    return int(text)


def _query_step(request: web.Request, last: int) -> int:
    raw = request.query.get("at")
    if raw is None or raw == "":
        return last
    step = number(raw)
    if step > last:
        raise NotFound
    return step


def _query_layout(request: web.Request, site: Site, archived: Archived) -> str:
    """The layout asked for; none: ``auto`` (the full board, the turn card on a phone)
    when the game has a card."""
    offered = site.layouts(archived) or ("full",)
    layout = request.query.get("layout")
    if layout is None:
        return "auto" if "card" in offered else "full"
    if layout not in offered:
        raise NotFound
    return layout


def _here(request: web.Request) -> str:
    """The page's own address, relative (so the site may live under a proxy's prefix)."""
    last = request.path.rsplit("/", 1)[-1]
    return f"{last}?{request.query_string}" if request.query_string else last


def _html(text: str, *, status: int = 200) -> web.Response:
    return web.Response(
        text=text,
        status=status,
        content_type="text/html",
        charset="utf-8",
        headers={"Cache-Control": PAGE_CACHE},
    )


def _site(request: web.Request) -> Site:
    return request.app[SITE]


async def _main(request: web.Request) -> tuple[str, str, str, str]:
    """The game's main part at the position, layout and language the address asks for;
    with the language, the game's rules id and its id (for a title)."""
    site = _site(request)
    token = request.match_info["token"]
    archived = await site.game(token)
    lang = pick_lang(request)
    step = _query_step(request, archived.steps)
    layout = _query_layout(request, site, archived)
    main = await site.main(archived, token, step, lang, layout)
    return main, lang, archived.row.rules, str(archived.row.id)


async def game_page(request: web.Request) -> web.Response:
    main, lang, rules, game_id = await _main(request)
    title = translate("web.title.game", lang, id=game_id, name=pages.game_name(rules, lang))
    return _html(pages.document(title, lang, main, here=_here(request), script=True))


async def fragment(request: web.Request) -> web.Response:
    main, _, _, _ = await _main(request)
    return _html(main)


async def game_json(request: web.Request) -> web.Response:
    site = _site(request)
    token = request.match_info["token"]
    archived = await site.game(token)
    lang = pick_lang(request)
    step = _query_step(request, archived.steps)
    page = await site.game_page(archived, token, step, lang, "full")
    view = await asyncio.to_thread(archived.public_view, step)
    body = {
        "game": archived.row.id,
        "rules": archived.row.rules,
        "status": archived.row.status,
        "revision": archived.row.version,
        "step": step,
        "steps": archived.steps,
        "picture": page.picture,
        "view": view,
        "scores": page.scores.to_json() if page.scores is not None else None,
        "log": [
            {"step": line.step, "player": line.player, "label": line.label, "notes": line.notes}
            for line in page.log
        ],
        "short": page.short,
    }
    return web.json_response(
        body,
        dumps=lambda data: json.dumps(data, ensure_ascii=False, default=str),
        headers={"Cache-Control": PAGE_CACHE},
    )


async def board(request: web.Request) -> web.StreamResponse:
    site = _site(request)
    token = request.match_info["token"]
    archived = await site.game(token)
    mark_text, layout, lang = (
        request.match_info["mark"],
        request.match_info["layout"],
        request.match_info["lang"],
    )
    mark = number(mark_text)
    if lang not in LANGS or layout not in site.layouts(archived):
        raise NotFound
    step = archived.step_of(mark)
    if step is None:
        raise NotFound
    etag = f'"{archived.row.id}-{mark}-{layout}-{lang}"'
    life = min(PICTURE_SECONDS, site.remaining(token))
    headers = {"Cache-Control": f"private, max-age={life}, immutable", "ETag": etag}
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers=headers)
    png = await site.archive.picture(archived, step, layout, lang)
    return web.Response(body=png, content_type="image/png", headers=headers)


async def words(request: web.Request) -> web.Response:
    """The board in words (the text twin's long form) at a step, as plain text."""
    site = _site(request)
    archived = await site.game(request.match_info["token"])
    lang = pick_lang(request)
    step = _query_step(request, archived.steps)
    rules = archived.row.rules
    if rules not in renderers.twin_ids():
        raise NotFound

    async def make() -> str:
        names = archived.names(lang)

        def describe() -> str:
            view = archived.public_view(step)
            return renderers.describe(rules, view, lang=lang, names=names, form="long")

        return await asyncio.to_thread(describe)

    text = await site.archive.derived(archived, ("words", step, lang), make)
    return web.Response(
        text=text, content_type="text/plain", charset="utf-8", headers={"Cache-Control": PAGE_CACHE}
    )


async def poll(request: web.Request) -> web.Response:
    site = _site(request)
    archived = await site.game(request.match_info["token"])
    row = archived.row
    return web.json_response(
        {"revision": row.version, "status": row.status, "steps": archived.steps},
        headers={"Cache-Control": "no-store"},
    )


def _busy(request: web.Request) -> web.Response:
    """The plain answer past a cap: 503, try again later (the page polls meanwhile)."""
    response = web.Response(
        text=translate("web.busy", pick_lang(request)) + "\n",
        status=503,
        content_type="text/plain",
        charset="utf-8",
        headers={"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"},
    )
    response.force_close()  # its connection goes too
    return response


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``revision`` (``{"revision", "status"}``) now and whenever
    the game changes; a comment line every ``KEEP_ALIVE_SECONDS``; the stream ends once
    the game is no longer running, its server turns the links off, or the process stops.
    Past ``STREAMS_AT_ONCE`` in all or ``STREAMS_PER_ADDRESS`` from one address, a 503."""
    site = _site(request)
    token = request.match_info["token"]
    site.opened(token)  # a signed link, before counting anything
    address = client_address(request)
    refused = site.streams.admit(address)  # and the caps before reading the database
    if refused is not None:
        cap = site.streams.at_once if refused == "streams.all" else site.streams.per_address
        where = "in all" if refused == "streams.all" else "from one address"
        site.refusals.note(refused, "refused an event stream: %d open %s already", cap, where)
        return _busy(request)
    try:
        return await _follow(request, site, await site.game(token))
    finally:
        site.streams.release(address)


async def _follow(request: web.Request, site: Site, archived: Archived) -> web.StreamResponse:
    row = archived.row
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
            **SECURITY_HEADERS,
        }
    )
    await response.prepare(request)
    known = (row.version, row.status)

    async def send(revision: tuple[int, str]) -> None:
        data = json.dumps({"revision": revision[0], "status": revision[1]})
        await response.write(f"event: revision\ndata: {data}\n\n".encode())

    await send(known)
    if row.status != "running":
        return response
    queue = site.watcher.watch(row.id, known)

    async def allowed() -> bool:
        try:
            return await site.allows(row.guild_id)
        except Exception:  # the database away: the watcher says so; the stream stays
            return True

    try:
        while True:
            try:
                now = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
            except TimeoutError:
                if not await allowed():
                    break
                await response.write(b": still here\n\n")
                continue
            if now is None or not await allowed():
                break
            await send(now)
            if now[1] != "running":
                break
    except ConnectionResetError:
        pass  # the reader left (a cancellation, the process stopping, goes on up)
    finally:
        site.watcher.leave(row.id, queue)
    return response


async def record(request: web.Request) -> web.Response:
    from bot.record import build_record, record_json, record_text

    site = _site(request)
    archived = await site.game(request.match_info["token"])
    lang = pick_lang(request)
    kind = request.match_info["kind"]
    made = await build_record(site.service(), archived.row.id, lang)
    name = f"campfire-{archived.row.rules}-{archived.row.id}"
    headers = {"Cache-Control": PAGE_CACHE}
    if kind == "json":
        headers["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return web.Response(
            text=record_json(made),
            content_type="application/json",
            charset="utf-8",
            headers=headers,
        )
    headers["Content-Disposition"] = f'attachment; filename="{name}.txt"'
    return web.Response(
        text=record_text(made), content_type="text/plain", charset="utf-8", headers=headers
    )


async def replay(request: web.Request) -> web.Response:
    site = _site(request)
    token = request.match_info["token"]
    archived = await site.game(token)
    lang = pick_lang(request)
    if archived.row.status != "over" or not site.archive.has_picture(archived.row.rules):
        raise NotFound

    async def make() -> bytes:
        data: bytes = await site.service().boards.animation(archived.row.id, lang)
        return data

    webp = await site.archive.derived(archived, ("replay", lang), make)
    name = f"campfire-{archived.row.rules}-{archived.row.id}.webp"
    return web.Response(
        body=webp,
        content_type="image/webp",
        headers={
            "Cache-Control": f"private, max-age={min(REPLAY_SECONDS, site.remaining(token))}",
            "Content-Disposition": f'attachment; filename="{name}"',
        },
    )


async def standings_page(request: web.Request) -> web.Response:
    site = _site(request)
    verified = site.opened(request.match_info["token"])
    if not verified.subject.startswith("s"):
        raise NotFound
    guild = verified.guild_id
    if guild is None or not await site.allows(guild):
        raise NotFound
    lang = pick_lang(request)
    played = {r.rules for r in await site.store.ratings(guild)}
    for rules in registry.ids():
        if rules not in played and await site.store.finished_results(
            guild, rules, unrated_only=True
        ):
            played.add(rules)
    boards = []
    for rules in sorted(played):
        lines = await site.ladder(guild, rules)
        if lines:
            boards.append((rules, lines[:50]))
    users = sorted({line.user_id for _, lines in boards for line in lines})
    names = await site.store.user_names(users)
    links = {
        user: f"../p/{site.link(player_subject(guild, user), verified)}?lang={lang}"
        for user in users
        if not is_ai_seat(user) and _plain_id(user)
    }
    body = pages.standings_body(boards, names, links, lang)
    title = translate("web.title.standings", lang)
    return _html(pages.document(title, lang, body, here=_here(request)))


def _plain_id(user: str) -> bool:
    return 0 < len(user) <= 40 and all(c.isascii() and (c.isalnum() or c == "_") for c in user)


async def stats_page(request: web.Request) -> web.Response:
    site = _site(request)
    verified = site.opened(request.match_info["token"])
    if verified.user_id is None or verified.guild_id is None:
        raise NotFound
    guild, user = verified.guild_id, verified.user_id
    if not await site.allows(guild):
        raise NotFound
    lang = pick_lang(request)
    lines: list[Standing] = []
    for rules in sorted({r.rules for r in await site.store.ratings_of_user(guild, user)}):
        lines.extend(line for line in await site.ladder(guild, rules) if line.user_id == user)
    hints = await site.store.hints_of_user(guild, user)
    name = (await site.store.user_names([user])).get(user, user)
    back = f"../s/{site.link(standings_subject(guild), verified)}?lang={lang}"
    body = pages.stats_body(name, lines, hints, back, lang)
    title = translate("web.title.stats", lang, name=name)
    return _html(pages.document(title, lang, body, here=_here(request)))


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})


@web.middleware
async def sent_in_time(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Send each whole answer within ``send_seconds`` (aiohttp waits for a reader that
    stops reading for ever); past it the connection is dropped, one log line a minute.
    Event streams send themselves (a reader that stops reading holds one of the capped
    streams)."""
    response = await handler(request)
    if not isinstance(response, web.Response) or response.prepared:
        return response
    site = request.app[SITE]
    try:
        async with asyncio.timeout(site.send_seconds):
            await response.prepare(request)
            await response.write_eof()
    except TimeoutError:
        if request.transport is not None:
            request.transport.abort()
        site.refusals.note(
            "stalled",
            "dropped a connection whose reader took no answer in %.0f s",
            site.send_seconds,
        )
    return response  # sent (or its connection gone): aiohttp's own sending does nothing more


@web.middleware
async def plain_errors(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Anything not found (a bad token, an unknown game, a step or picture it does not
    have, an unknown path or method) is the same plain 404, and a failure is a plain 500,
    logged by the route's pattern (never its token), at most once a minute per kind of
    error, never a traceback to the reader."""
    try:
        return await handler(request)
    except (NotFound, web.HTTPNotFound, web.HTTPMethodNotAllowed):
        return _html(pages.not_found(pick_lang(request)), status=404)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        return _html(pages.not_found(pick_lang(request)), status=404)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        route = request.match_info.route.resource
        where = route.canonical if route is not None else "?"
        request.app[SITE].refusals.note(
            f"failure.{type(exc).__name__}",
            "%s %s failed",
            request.method,
            where,
            level=logging.ERROR,
        )
        return web.Response(
            text="Something went wrong on our side.\n", status=500, content_type="text/plain"
        )


def harden(response: web.StreamResponse) -> None:
    """The security headers and a ``Server`` without versions, on any answer."""
    response.headers["Server"] = SERVER
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


async def _harden(request: web.Request, response: web.StreamResponse) -> None:
    harden(response)


class _Request(web.Request):
    """A request whose answer is hardened even when no route was reached: aiohttp's own
    400 for malformed HTTP bypasses middlewares and ``on_response_prepare``
    (aio-libs/aiohttp#6463), but not this hook; its text becomes the bare status."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        if self._match_info is None:
            harden(response)
            if isinstance(response, web.Response) and response.status >= 400:
                # aiohttp's text quotes the request line back (a link's token in it)
                response.text = f"{response.status} {response.reason}\n"
        await super()._prepare_hook(response)


def static_folder() -> Path:
    return Path(str(resources.files("bot.web").joinpath("static")))


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    types = {".css": "text/css", ".js": "text/javascript"}
    path = static_folder() / name
    if "/" in name or path.suffix not in types or not path.is_file():
        raise NotFound
    return web.Response(
        body=path.read_bytes(),
        content_type=types[path.suffix],
        charset="utf-8",
        headers={"Cache-Control": "public, max-age=3600"},
    )


def create_app(
    store: SqlStore,
    secret: bytes,
    *,
    clock: Callable[[], float] = time.time,
    drawer: Callable[..., bytes] | None = None,
    poll_seconds: float = POLL_SECONDS,
    row_seconds: float = ROW_SECONDS,
    streams: Streams | None = None,
    send_seconds: float = SEND_SECONDS,
) -> web.Application:
    """The application over an open ``store`` (the caller closes it), its links signed
    with ``secret``; ``clock`` (Unix seconds), ``drawer`` (``render.registry.draw``),
    ``row_seconds`` (how often a running game's clocks are read again), ``streams``
    (other caps) and ``send_seconds`` are for tests."""
    for name in ("campfire.web", "campfire.web.archive"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, Redacted) for f in logger.filters):
            logger.addFilter(Redacted())
    app = web.Application(middlewares=[sent_in_time, plain_errors])
    site = Site(
        store,
        secret,
        clock=clock,
        drawer=drawer,
        poll_seconds=poll_seconds,
        row_seconds=row_seconds,
        streams=streams,
    )
    site.send_seconds = send_seconds
    app[SITE] = site
    app[STORE] = store

    async def end_streams(app: web.Application) -> None:
        site.watcher.end_all()

    async def stop(app: web.Application) -> None:
        await site.close()

    app.on_response_prepare.append(_harden)
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
            web.get("/s/{token}", standings_page),
            web.get("/p/{token}", stats_page),
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


class _AcceptLog(logging.Filter):
    """asyncio's "socket.accept() out of system resource" (a flood that reached the
    open-file limit): one line per minute, without its traceback."""

    def __init__(self, refusals: Refusals) -> None:
        super().__init__()
        self.refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("socket.accept() out of system resource"):
            return True
        self.refusals.note("accept", "connections refused: the open-file limit is reached")
        return False


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
    runner.server.request_factory = functools.partial(app._make_request, _cls=_Request)
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = runner.addresses[0][1] if runner.addresses else port
    return runner, f"http://{host}:{bound}"


async def serve(
    db: str, secret: bytes, host: str, port: int, *, ready: Callable[[str], None] | None = None
) -> None:
    """Open the store and serve until cancelled (Ctrl+C) or sent SIGTERM; open event
    streams are ended at once, so a stop does not wait for their readers."""
    from bot.store import open_store

    limit = raise_file_limit()
    if limit is not None:
        log.info("open files: up to %d", limit)
    store = await open_store(db)
    runner: web.AppRunner | None = None
    accept_log: _AcceptLog | None = None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    try:
        app = create_app(store, secret)
        accept_log = _AcceptLog(app[SITE].refusals)
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
        await store.close()


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
