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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.service.ratings import Standing, rate, standings
from bot.service.values import is_ai_seat
from bot.store.database import SqlStore
from bot.web import pages
from bot.web.archive import ROW_SECONDS, Archive, Archived
from bot.web.tokens import (
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
SETTINGS_SECONDS = 30.0
"""How long a server's ``web_links`` setting is trusted before it is read again."""
IMMUTABLE = "public, max-age=31536000, immutable"
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


class Watcher:
    """Follows the games somebody watches: one read of all their revisions per
    ``interval`` (whatever the number of watchers), each change sent to every queue of
    that game."""

    def __init__(self, store: SqlStore, interval: float = POLL_SECONDS) -> None:
        self.store = store
        self.interval = interval
        self._queues: dict[int, set[asyncio.Queue[tuple[int, str]]]] = {}
        self._known: dict[int, tuple[int, str]] = {}
        self._task: asyncio.Task[None] | None = None
        self.reads = 0
        """Reads of the store since the start (what a test and the bench count)."""

    def watch(self, game_id: int, known: tuple[int, str]) -> asyncio.Queue[tuple[int, str]]:
        queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        self._queues.setdefault(game_id, set()).add(queue)
        self._known.setdefault(game_id, known)
        if self._known[game_id] != known:
            queue.put_nowait(self._known[game_id])
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        return queue

    def leave(self, game_id: int, queue: asyncio.Queue[tuple[int, str]]) -> None:
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
    ) -> None:
        self.store = store
        self.secret = secret
        self.clock = clock
        self.archive = Archive(store, drawer=drawer, row_seconds=row_seconds)
        self.watcher = Watcher(store, poll_seconds)
        self._allowed: dict[str, tuple[float, bool]] = {}
        self._service: Any = None
        self._drawer = drawer

    # -- what a token opens -------------------------------------------------------------

    async def allows(self, guild_id: str | None) -> bool:
        """Whether a server lets its games be seen on the web (``web_links`` not off)."""
        if guild_id is None:
            return True
        now = time.monotonic()
        known = self._allowed.get(guild_id)
        if known is not None and now - known[0] < SETTINGS_SECONDS:
            return known[1]
        allowed = (await self.store.guild_settings(guild_id)).web_links is not False
        self._allowed[guild_id] = (now, allowed)
        return allowed

    async def game(self, token: str) -> Archived:
        verified = verify(self.secret, token, self.clock())
        if verified is None or verified.game_id is None:
            raise NotFound
        archived = await self.archive.game(verified.game_id)
        if archived is None or not await self.allows(archived.row.guild_id):
            raise NotFound
        return archived

    def link(self, subject: str) -> str:
        return make_token(self.secret, subject, self.clock())

    def service(self) -> Any:
        """A ``GameService`` over the store, for the records and the animated replay
        (made on first use)."""
        if self._service is None:
            from bot.service import GameService

            self._service = GameService(self.store, render_workers=1, drawer=self._drawer)
        return self._service

    async def close(self) -> None:
        await self.watcher.close()
        if self._service is not None:
            self._service.close()

    # -- a game's page ------------------------------------------------------------------

    async def main(self, archived: Archived, token: str, step: int, lang: str, layout: str) -> str:
        key = ("main", step, lang, layout)

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

        sheet, short = await asyncio.to_thread(compute)
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
            standings_link = f"../s/{self.link(standings_subject(row.guild_id))}?lang={lang}"
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


def _query_step(request: web.Request, last: int) -> int:
    raw = request.query.get("at")
    if raw is None or raw == "":
        return last
    if not raw.isdigit() or len(raw) > 9 or int(raw) > last:
        raise NotFound
    return int(raw)


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
        headers={"Cache-Control": "no-cache"},
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
        body, dumps=lambda data: json.dumps(data, ensure_ascii=False, default=str)
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
    if not mark_text.isdigit() or len(mark_text) > 9 or lang not in LANGS:
        raise NotFound
    if layout not in site.layouts(archived):
        raise NotFound
    step = archived.step_of(int(mark_text))
    if step is None:
        raise NotFound
    etag = f'"{archived.row.id}-{mark_text}-{layout}-{lang}"'
    headers = {"Cache-Control": IMMUTABLE, "ETag": etag}
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
        text=text, content_type="text/plain", charset="utf-8", headers={"Cache-Control": "no-cache"}
    )


async def poll(request: web.Request) -> web.Response:
    site = _site(request)
    archived = await site.game(request.match_info["token"])
    row = archived.row
    return web.json_response(
        {"revision": row.version, "status": row.status, "steps": archived.steps},
        headers={"Cache-Control": "no-store"},
    )


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``revision`` (``{"revision", "status"}``) now and whenever
    the game changes; a comment line every ``KEEP_ALIVE_SECONDS``; the stream ends once
    the game is no longer running."""
    site = _site(request)
    archived = await site.game(request.match_info["token"])
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
    try:
        while True:
            try:
                now = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
            except TimeoutError:
                await response.write(b": still here\n\n")
                continue
            await send(now)
            if now[1] != "running":
                break
    except (ConnectionResetError, asyncio.CancelledError):
        pass
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
    headers = {"Cache-Control": "no-cache"}
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
    archived = await site.game(request.match_info["token"])
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
            "Cache-Control": "public, max-age=86400",
            "Content-Disposition": f'attachment; filename="{name}"',
        },
    )


async def standings_page(request: web.Request) -> web.Response:
    site = _site(request)
    verified = verify(site.secret, request.match_info["token"], site.clock())
    if verified is None or not verified.subject.startswith("s"):
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
        user: f"../p/{site.link(player_subject(guild, user))}?lang={lang}"
        for user in users
        if not is_ai_seat(user) and _plain_id(user)
    }
    body = pages.standings_body(boards, names, links, lang)
    title = translate("web.title.standings", lang)
    return _html(pages.document(title, lang, body, here=_here(request)))


def _plain_id(user: str) -> bool:
    return 0 < len(user) <= 40 and all(c.isalnum() or c == "_" for c in user)


async def stats_page(request: web.Request) -> web.Response:
    site = _site(request)
    verified = verify(site.secret, request.match_info["token"], site.clock())
    if verified is None or verified.user_id is None or verified.guild_id is None:
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
    back = f"../s/{site.link(standings_subject(guild))}?lang={lang}"
    body = pages.stats_body(name, lines, hints, back, lang)
    title = translate("web.title.stats", lang, name=name)
    return _html(pages.document(title, lang, body, here=_here(request)))


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})


@web.middleware
async def plain_errors(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Security headers on every answer; anything not found (a bad token, an unknown
    game, a step or picture it does not have, an unknown path) is the same plain 404,
    and a failure is a plain 500 (logged), never a traceback."""
    try:
        response = await handler(request)
    except (NotFound, web.HTTPNotFound, web.HTTPMethodNotAllowed):
        response = _html(pages.not_found(pick_lang(request)), status=404)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        response = _html(pages.not_found(pick_lang(request)), status=404)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        response = web.Response(
            text="Something went wrong on our side.\n", status=500, content_type="text/plain"
        )
    if not response.prepared:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
    return response


def static_folder() -> Path:
    return Path(str(resources.files("bot.web").joinpath("static")))


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    types = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
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
) -> web.Application:
    """The application over an open ``store`` (the caller closes it), its links signed
    with ``secret``; ``clock`` (Unix seconds), ``drawer`` (``render.registry.draw``) and
    ``row_seconds`` (how often a running game's clocks are read again) are for tests."""
    app = web.Application(middlewares=[plain_errors])
    site = Site(
        store,
        secret,
        clock=clock,
        drawer=drawer,
        poll_seconds=poll_seconds,
        row_seconds=row_seconds,
    )
    app[SITE] = site
    app[STORE] = store

    async def stop(app: web.Application) -> None:
        await site.close()

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


async def serve(
    db: str, secret: bytes, host: str, port: int, *, ready: Callable[[str], None] | None = None
) -> None:
    """Open the store and serve until cancelled."""
    from bot.store import open_store

    store = await open_store(db)
    runner: web.AppRunner | None = None
    try:
        app = create_app(store, secret)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        if ready is not None:
            ready(f"http://{host}:{port}")
        await asyncio.Event().wait()
    finally:
        if runner is not None:
            await runner.cleanup()
        await store.close()


__all__ = ["Site", "Watcher", "create_app", "game_link", "pick_lang", "serve"]
