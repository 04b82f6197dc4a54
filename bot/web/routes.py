"""The pages and files of the companion: one handler per route of ``create_app``.

Each opens what its token allows (``Site.opened``), reads through the service's reads
(``Site.reads``) and
answers HTML (``pages``), JSON, a picture or an event stream; only public things.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Container
from importlib import resources
from pathlib import Path

from aiohttp import web

from bot.service.reads import Archived
from bot.service.values import is_ai_seat
from bot.web import pages
from bot.web.hardening import SECURITY_HEADERS, NotFound, client_address
from bot.web.live import KEEP_ALIVE_SECONDS, RETRY_AFTER_SECONDS, Watcher
from bot.web.seasons import season_intro
from bot.web.site import PAGE_CACHE, SITE, Site, html, pick_lang
from bot.web.standings import standings_body, stats_body
from bot.web.tokens import (
    player_subject,
    standings_subject,
)
from rules.i18n import LANGS, translate

log = logging.getLogger("campfire.web")


PICTURE_SECONDS = 365 * 86_400
"""The longest a browser keeps a picture (never longer than its link lives)."""
REPLAY_SECONDS = 86_400
"""The longest a browser keeps an animated replay (never longer than its link lives)."""
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
    return html(pages.document(title, lang, main, here=_here(request), script=True))


async def fragment(request: web.Request) -> web.Response:
    main, _, _, _ = await _main(request)
    return html(main)


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
    png = await site.reads.picture(archived, step, layout, lang)
    return web.Response(body=png, content_type="image/png", headers=headers)


async def words(request: web.Request) -> web.Response:
    """The board in words (the text twin's long form) at a step, as plain text."""
    site = _site(request)
    archived = await site.game(request.match_info["token"])
    lang = pick_lang(request)
    step = _query_step(request, archived.steps)
    text = await site.reads.words(archived, step, lang)
    if text is None:
        raise NotFound
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


def busy(request: web.Request) -> web.Response:
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
        return busy(request)
    try:
        return await _follow(request, site, await site.game(token))
    finally:
        site.streams.release(address)


async def _follow(request: web.Request, site: Site, archived: Archived) -> web.StreamResponse:
    row = archived.row
    response = event_stream()
    await response.prepare(request)
    known = (row.version, row.status)
    return await relay(
        response,
        site,
        site.watcher,
        row.id,
        known,
        row.guild_id,
        event="revision",
        live=("running",),
    )


def event_stream() -> web.StreamResponse:
    """The answer of an event stream (the caller prepares it)."""
    return web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
            **SECURITY_HEADERS,
        }
    )


async def relay(
    response: web.StreamResponse,
    site: Site,
    watcher: Watcher,
    key: int,
    known: tuple[int, str],
    guild_id: str | None,
    *,
    event: str,
    live: Container[str],
) -> web.StreamResponse:
    """Send ``known`` (a ``(mark, status)``: a game's revision, a tournament's stamp) as
    an ``event``, then every change ``watcher`` sees of ``key``, until its status is no
    longer ``live``, its server turns the links off, or the reader leaves; a comment line
    every ``KEEP_ALIVE_SECONDS``."""

    async def send(now: tuple[int, str]) -> None:
        data = json.dumps({event: now[0], "status": now[1]})
        await response.write(f"event: {event}\ndata: {data}\n\n".encode())

    await send(known)
    if known[1] not in live:
        return response
    queue = watcher.watch(key, known)

    async def allowed() -> bool:
        try:
            return await site.allows(guild_id)
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
            if now[1] not in live:
                break
    except ConnectionResetError:
        pass  # the reader left (a cancellation, the process stopping, goes on up)
    finally:
        watcher.leave(key, queue)
    return response


async def record(request: web.Request) -> web.Response:
    from bot.service.record import build_record, record_json, record_text

    site = _site(request)
    archived = await site.game(request.match_info["token"])
    lang = pick_lang(request)
    kind = request.match_info["kind"]
    made = await build_record(site.reads.service(), archived.row.id, lang)
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
    webp = await site.reads.animation(archived, lang)
    if webp is None:
        raise NotFound
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
    asked = request.query.get("season")
    if asked is None:
        boards = await site.reads.standings(guild)
        seasons, chosen = await site.reads.seasons.all(guild), None
    else:
        if not asked.isdigit() or len(asked) > 18:
            raise NotFound
        seasons, chosen, boards = await site.reads.season_standings(guild, int(asked))
        if chosen is None:
            raise NotFound
    users = sorted({line.user_id for _, lines in boards for line in lines})
    names = await site.reads.user_names(users)
    links = {
        user: f"../p/{site.link(player_subject(guild, user), verified)}?lang={lang}"
        for user in users
        if not is_ai_seat(user) and _plain_id(user)
    }
    intro = season_intro(seasons, chosen, lang)
    body = standings_body(boards, names, links, lang, intro)
    title = translate("web.title.standings", lang)
    return html(pages.document(title, lang, body, here=_here(request)))


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
    lines, hints, name = await site.reads.player(guild, user)
    record = await site.reads.reliability(guild, user)
    season = await site.reads.seasons.lines_of(guild, user)
    board = f"../s/{site.link(standings_subject(guild), verified)}"
    back = f"{board}?lang={lang}"
    link = None if season is None else f"{board}?season={season[0].id}&lang={lang}"
    body = stats_body(
        name, lines, hints, back, lang, record=record, season=season, season_link=link
    )
    title = translate("web.title.stats", lang, name=name)
    return html(pages.document(title, lang, body, here=_here(request)))


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})


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
