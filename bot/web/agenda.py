"""A player's personal page: the games waiting on them in every server, by time left.

Reached only through the link the bot gives that player alone (``/campfire games
all:True``): ``/u/<token>``, the token's subject ``u<user>`` (``bot.web.tokens``). The
list is the service's (``Reads.waiting``: ``bot.service.agenda``), without the games of a
server that turned its web links off. Each game links to its own page (a link that ends
with this one, as the standings' links do) and to its thread in Discord. It speaks
``?lang=``, else the language the player chose for their direct messages (``/campfire
me language:``), else the browser's.

The page follows itself: its script asks ``poll`` every ``POLL_EVERY_SECONDS`` for a
mark of the player's turns (one small read of their clocks) and, when it changed, takes
the list again from ``fragment`` (its ``<main>`` alone), as a game's page does. Without
the script, a reload shows the same.
"""

from __future__ import annotations

from html import escape

from aiohttp import web

from bot.service.agenda import Waiting
from bot.web.hardening import NotFound
from bot.web.pages import document, game_name, tr, when
from bot.web.site import SITE, Site, html, pick_lang
from bot.web.tokens import Verified, game_subject
from rules.i18n import LANGS, translate

POLL_EVERY_SECONDS = 5
"""How often the page's script asks whether the list changed (as a game's page polls
when it cannot hold an event stream)."""


def _thread_url(waiting: Waiting) -> str:
    game = waiting.game
    return (
        f"https://discord.com/channels/{game.guild_id or '@me'}/{game.thread_id or game.channel_id}"
    )


def _line(site: Site, opener: Verified, waiting: Waiting, lang: str) -> str:
    game = waiting.game
    page = f"../g/{site.link(game_subject(game.id), opener)}?lang={lang}"
    title = tr("web.agenda.game", lang, id=game.id, name=game_name(game.rules, lang))
    bits = [f'<a class="name" href="{escape(page)}">{title}</a>']
    if waiting.away_until is not None:
        text, moment = tr("web.player.away", lang, until="§"), waiting.away_until
    elif waiting.deadline is not None:
        text, moment = tr("web.player.deadline", lang, at="§"), waiting.deadline
    else:
        text, moment = tr("web.agenda.no_clock", lang), None
    clock = text if moment is None else text.replace("§", when(moment, lang))
    bits.append(f'<span class="clock">{clock}</span>')
    more = []
    if waiting.since is not None:
        more.append(tr("web.agenda.since", lang, since="§").replace("§", when(waiting.since, lang)))
    thread = tr("web.agenda.thread", lang)
    more.append(f'<a class="thread" href="{escape(_thread_url(waiting))}">{thread}</a>')
    bits.append(f'<span class="since">{" · ".join(more)}</span>')
    return f"<li>{''.join(bits)}</li>"


def agenda_main(
    site: Site,
    opener: Verified,
    token: str,
    name: str,
    waiting: list[Waiting],
    mark: str,
    lang: str,
) -> str:
    """The page's ``<main>``: what a first visit and a live update show alike."""
    parts = [
        f'<main id="agenda" class="agenda" data-base="{escape(token)}" data-lang="{lang}" '
        f'data-mark="{escape(mark)}" data-live="1" data-every="{POLL_EVERY_SECONDS}">',
        f"<h1>{tr('web.agenda.title', lang, name=name)}</h1>",
        f'<p class="live">{tr("web.agenda.live", lang)}</p>',
    ]
    if waiting:
        lines = "".join(_line(site, opener, w, lang) for w in waiting)
        parts.append(f'<ol class="agenda">{lines}</ol>')
    else:
        parts.append(f"<p>{tr('web.agenda.none', lang, name=name)}</p>")
    parts.append("</main>")
    return "".join(parts)


async def _opened(request: web.Request) -> tuple[Site, Verified, str, str]:
    """The site, the link's subject, its token and the player it shows (else the 404)."""
    site = request.app[SITE]
    token = request.match_info["token"]
    verified = site.opened(token)
    user = verified.agenda_of
    if user is None:
        raise NotFound
    return site, verified, token, user


async def _main(request: web.Request) -> tuple[str, str, str]:
    """The ``<main>``, the language and the player's name."""
    site, verified, token, user = await _opened(request)
    lang = pick_lang(request)
    if request.query.get("lang") not in LANGS:  # none asked: the player's, else the browser's
        lang = await site.reads.own_language(user) or lang
    mark = await site.reads.waiting_mark(user)
    waiting = await site.reads.waiting(user)
    names = await site.reads.user_names([user])
    name = names.get(user) or translate("web.agenda.someone", lang)
    return agenda_main(site, verified, token, name, waiting, mark, lang), lang, name


def _here(request: web.Request) -> str:
    last = request.path.rsplit("/", 1)[-1]
    return f"{last}?{request.query_string}" if request.query_string else last


async def agenda_page(request: web.Request) -> web.Response:
    main, lang, name = await _main(request)
    title = translate("web.agenda.title", lang, name=name)
    return html(document(title, lang, main, here=_here(request), script=True))


async def agenda_fragment(request: web.Request) -> web.Response:
    main, _, _ = await _main(request)
    return html(main)


async def agenda_poll(request: web.Request) -> web.Response:
    site, _, _, user = await _opened(request)
    mark = await site.reads.waiting_mark(user)
    return web.json_response({"mark": mark}, headers={"Cache-Control": "no-store"})


__all__ = ["POLL_EVERY_SECONDS", "agenda_fragment", "agenda_main", "agenda_page", "agenda_poll"]
