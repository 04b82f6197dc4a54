"""The application's state (``Site``: the service's reads, secret, watcher) and what pages share.

The language of a request, an HTML answer with its headers, and the middlewares that
bound how long an answer may take and turn every error into a plain page.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.service.present import options_line
from bot.service.reads import Archived, Reads, TournamentRead
from bot.service.values import is_ai_seat
from bot.web import gamepage, pages
from bot.web.hardening import SEND_SECONDS, NotFound, Refusals
from bot.web.live import POLL_SECONDS, Streams, Watcher
from bot.web.pages import game_name
from bot.web.tokens import (
    Verified,
    link_from,
    standings_subject,
    tournament_subject,
    verify,
)
from rules.i18n import DEFAULT_LANG, LANGS, translate

log = logging.getLogger("campfire.web")


PAGE_CACHE = "private, no-cache"
"""Pages, records and ``game.json``: the reader's browser only, asked again each time."""


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


class Site:
    """The application's state: the service's reads, the secret, the watcher."""

    def __init__(
        self,
        reads: Reads,
        secret: bytes,
        *,
        clock: Callable[[], float] = time.time,
        poll_seconds: float = POLL_SECONDS,
        streams: Streams | None = None,
    ) -> None:
        self.reads = reads
        self.secret = secret
        self.clock = clock
        self.watcher = Watcher(reads, poll_seconds)
        self.tournaments = Watcher(reads, poll_seconds, read=reads.tournament_stamps)
        """Follows the tournaments somebody watches (their stamps), as ``watcher`` games."""
        self.streams = streams or Streams()
        self.refusals = Refusals(log)
        self.send_seconds = SEND_SECONDS
        """How long a reader has to take in a whole answer (``sent_in_time``)."""

    # -- what a token opens -------------------------------------------------------------

    async def allows(self, guild_id: str | None) -> bool:
        """Whether a server lets its games be seen on the web (``web_links`` not off):
        read at every request (``Reads.guild_settings``: ``ServerSettings.read``), so
        turning the links off closes them at once."""
        return (await self.reads.guild_settings(guild_id)).web_links is not False

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
        archived = await self.reads.game(verified.game_id)
        if archived is None or not await self.allows(archived.row.guild_id):
            raise NotFound
        return archived

    async def tournament(self, token: str) -> tuple[TournamentRead, Verified]:
        """The tournament a good token names, with what the token says (else the 404)."""
        verified = self.opened(token)
        if verified.tournament_id is None:
            raise NotFound
        read = await self.reads.tournament(verified.tournament_id)
        if read is None or not await self.allows(read.info.guild_id):
            raise NotFound
        return read, verified

    def link(self, subject: str, opener: Verified) -> str:
        """A link to ``subject`` from a page ``opener`` opened: it ends with ``opener``."""
        return link_from(self.secret, subject, opener, self.clock())

    def remaining(self, token: str) -> int:
        """Seconds left before ``token`` stops working."""
        return self.opened(token).remaining(self.clock())

    async def close(self) -> None:
        self.refusals.flush()
        await self.watcher.close()
        await self.tournaments.close()
        self.reads.close()

    # -- a game's page ------------------------------------------------------------------

    async def main(self, archived: Archived, token: str, step: int, lang: str, layout: str) -> str:
        key = ("main", token, step, lang, layout)  # the page holds its reader's links

        async def make() -> str:
            return gamepage.game_main(await self.game_page(archived, token, step, lang, layout))

        found: str = await self.reads.kept(archived, key, make)
        return found

    def layouts(self, archived: Archived) -> tuple[str, ...]:
        return self.reads.layouts(archived.row.rules)

    async def game_page(
        self, archived: Archived, token: str, step: int, lang: str, layout: str
    ) -> gamepage.GamePage:
        row = archived.row
        names = archived.names(lang)
        rules = row.rules
        sheet, short = await self.reads.facts(archived, step, lang)
        words = None
        if self.reads.has_words(rules):
            words = f"{token}/words.txt?at={step}&lang={lang}"
        log_lines = gamepage.log_lines(
            [(m.seat, m.public_label or m.label, m.notes, m.by_clock) for m in archived.moves],
            names,
            lang,
        )
        to_act = self.reads.to_act(archived)
        clocks = {c.seat: c for c in row.clocks}
        players = tuple(
            gamepage.PlayerLine(
                names.get(s.user_id, s.user_id),
                is_ai_seat(s.user_id),
                s.user_id in to_act,
                clocks[s.user_id].deadline if s.user_id in clocks else None,
                clocks[s.user_id].away_until if s.user_id in clocks else None,
            )
            for s in row.seats
        )
        places = await self.reads.places(archived)
        picture = narrow = None
        if self.layouts(archived):
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
        tournament = None
        found = await self.reads.tournament_of_game(row.id)
        if found is not None:
            info, round_number = found
            name = info.title or game_name(info.rules, lang)
            tournament = gamepage.TournamentLine(
                round_number,
                translate("web.tournament.title", lang, id=info.id, name=name),
                f"../t/{self.link(tournament_subject(info.id), self.opened(token))}?lang={lang}",
            )
        return gamepage.GamePage(
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
            tournament=tournament,
            options=options_line(rules, row.options, lang),
        )


SITE: web.AppKey[Site] = web.AppKey("site", Site)


def html(text: str, *, status: int = 200) -> web.Response:
    return web.Response(
        text=text,
        status=status,
        content_type="text/html",
        charset="utf-8",
        headers={"Cache-Control": PAGE_CACHE},
    )


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
        return html(pages.not_found(pick_lang(request)), status=404)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        return html(pages.not_found(pick_lang(request)), status=404)
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
