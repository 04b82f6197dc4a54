"""The web companion's page frame and what its pages share: plain strings, every value
escaped with ``html.escape``.

``document`` writes a whole page around its body (the language switch, the footer), and
the pieces every page uses: ``tr`` (a text of the catalogue, escaped), ``when`` (a time
the reader's browser shows in its own zone), ``game_name``, a table's column headings
(``heads``) and the note on what a rating is (``rating_about``). A game's page is in
``bot.web.gamepage``, the standings and a player's stats in ``bot.web.standings``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape
from typing import Any

from bot.service.values import is_ai_seat
from rules.base import Text
from rules.i18n import LANGS, register_package, translate

register_package("bot")
register_package("bot.web")


def tr(key: str | Text, lang: str, **params: Any) -> str:
    """``translate``, escaped for HTML."""
    return escape(translate(key, lang, **params))


def game_name(rules: str, lang: str) -> str:
    from rules import registry

    try:
        return translate(registry.get(rules).spec.name, lang)
    except Exception:  # a broken game package must not break a page
        return rules


def when(moment: datetime, lang: str) -> str:
    """A UTC time as a ``<time>`` the page's script shows in the reader's own zone."""
    moment = moment.astimezone(UTC)
    shown = moment.strftime("%d/%m/%Y %H:%M UTC" if lang == "fr" else "%Y-%m-%d %H:%M UTC")
    return f'<time datetime="{moment.isoformat()}">{escape(shown)}</time>'


def document(
    title: str, lang: str, body: str, *, here: str = "", script: bool = False, root: str = "../"
) -> str:
    """A whole page: ``title`` (plain text), ``body`` (HTML), links to the other
    language of ``here`` (the page's path and query without ``lang``)."""
    switch = " · ".join(
        f'<a href="{escape(_with_lang(here, other))}" hreflang="{other}" lang="{other}">'
        f"{'English' if other == 'en' else 'Français'}</a>"
        for other in LANGS
        if other != lang
    )
    scripts = f'<script src="{root}static/campfire.js" defer></script>' if script else ""
    return (
        "<!doctype html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{escape(title)}</title>"
        f'<link rel="icon" href="{root}static/favicon.svg" type="image/svg+xml">'
        f'<link rel="stylesheet" href="{root}static/campfire.css">'
        f"{scripts}</head><body>"
        f'<nav class="lang" aria-label="{tr("web.language", lang)}">{switch}</nav>'
        f"{body}"
        f"<footer><p>{tr('web.footer', lang)}</p></footer>"
        "</body></html>\n"
    )


def _with_lang(here: str, lang: str) -> str:
    path, _, query = here.partition("?")
    kept = [p for p in query.split("&") if p and not p.startswith("lang=")]
    return f"{path}?{'&'.join([*kept, f'lang={lang}'])}"


def not_found(lang: str) -> str:
    body = f'<main class="missing"><h1>{tr("web.title.not_found", lang)}</h1>'
    body += f"<p>{tr('web.not_found', lang)}</p></main>"
    return document(translate("web.title.not_found", lang), lang, body, root="/")


def rating_about(lang: str) -> str:
    """What the rating column's number is, said once below the tables that show it (the
    column's heading links here)."""
    return f'<p class="note" id="rating-about">{tr("web.rating.about", lang)}</p>'


def heads(keys: Sequence[str], lang: str) -> str:
    """A table's column headings; the rating's links to what the number means."""
    cells = []
    for key in keys:
        text = tr(key, lang)
        if key == "web.col.rating":
            text = f'<a href="#rating-about">{text}</a>'
        cells.append(f'<th scope="col">{text}</th>')
    return "".join(cells)


__all__ = [
    "document",
    "game_name",
    "heads",
    "is_ai_seat",
    "not_found",
    "rating_about",
    "tr",
    "when",
]
