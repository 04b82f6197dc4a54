"""A tournament's routes: its page, its ``<main>`` alone (``fragment``), and following it
live (``events``: server-sent events, ``poll``: the same for plain polling).

The live part is a game's, with a stamp in place of a revision: one read of every
watched tournament's stamp per interval (``Site.tournaments``, a ``Watcher`` over
``Reads.tournament_stamps``) feeds every stream; the streams share the game pages'
caps.
"""

from __future__ import annotations

from aiohttp import web

from bot.web.hardening import client_address
from bot.web.pages import document, game_name
from bot.web.routes import busy, event_stream, relay
from bot.web.site import SITE, Site, html, pick_lang
from bot.web.tokens import game_subject, standings_subject
from bot.web.tourney_pages import LIVE, tournament_main
from rules.i18n import translate


async def _main(request: web.Request) -> tuple[str, str, str]:
    """The tournament's ``<main>`` in the language asked, the language and the title."""
    site: Site = request.app[SITE]
    token = request.match_info["token"]
    read, verified = await site.tournament(token)
    lang = pick_lang(request)
    links = {
        game_id: f"../g/{site.link(game_subject(game_id), verified)}?lang={lang}"
        for game_id in read.games
    }
    stamps = await site.reads.tournament_stamps([read.info.id])
    stamp = stamps.get(read.info.id, (0, read.info.status))[0]
    main = tournament_main(read, links, token, stamp, lang)
    if read.info.guild_id is not None:
        ladder = f"../s/{site.link(standings_subject(read.info.guild_id), verified)}?lang={lang}"
        back = f'<p class="note"><a href="{ladder}">{translate("web.standings", lang)}</a></p>'
        main = main.replace("</main>", back + "</main>")
    name = read.info.title or game_name(read.info.rules, lang)
    return main, lang, translate("web.tournament.title", lang, id=read.info.id, name=name)


async def tournament_page(request: web.Request) -> web.Response:
    main, lang, heading = await _main(request)
    token = request.match_info["token"]
    here = f"{token}?{request.query_string}" if request.query_string else token
    return html(document(heading, lang, main, here=here, script=True))


async def tournament_fragment(request: web.Request) -> web.Response:
    main, _, _ = await _main(request)
    return html(main)


async def tournament_poll(request: web.Request) -> web.Response:
    site: Site = request.app[SITE]
    read, _ = await site.tournament(request.match_info["token"])
    stamps = await site.reads.tournament_stamps([read.info.id])
    stamp, status = stamps.get(read.info.id, (0, read.info.status))
    return web.json_response(
        {"stamp": stamp, "status": status}, headers={"Cache-Control": "no-store"}
    )


async def tournament_events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``stamp`` (``{"stamp", "status"}``) now and whenever the
    tournament's page would change; the stream ends once it is over or cancelled, its
    server turns the links off, or the process stops. Capped as a game's streams."""
    site: Site = request.app[SITE]
    token = request.match_info["token"]
    site.opened(token)
    address = client_address(request)
    refused = site.streams.admit(address)
    if refused is not None:
        site.refusals.note(refused, "refused a tournament's event stream")
        return busy(request)
    try:
        read, _ = await site.tournament(token)
        return await _follow(request, site, read.info.id, read.info.guild_id)
    finally:
        site.streams.release(address)


async def _follow(
    request: web.Request, site: Site, tournament_id: int, guild_id: str | None
) -> web.StreamResponse:
    response = event_stream()
    await response.prepare(request)
    stamps = await site.reads.tournament_stamps([tournament_id])
    known = stamps.get(tournament_id, (0, "over"))
    return await relay(
        response, site, site.tournaments, tournament_id, known, guild_id, event="stamp", live=LIVE
    )
