"""The seasons on the standings page: links to all time and to each season of the
server, and the chosen season's name and dates above its tables (plain strings, every
value escaped)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.seasons import SeasonRow
from bot.web.pages import tr, when


def season_intro(seasons: Sequence[SeasonRow], chosen: SeasonRow | None, lang: str) -> str:
    """The links (this page, ``?season=<id>``), then the chosen season's name and dates;
    nothing when the server never ran a season."""
    if not seasons:
        return ""
    links = [f'<a href="?lang={lang}"{_here(chosen is None)}>{tr("web.season.all", lang)}</a>']
    for season in seasons:
        key = "web.season.running" if season.ended_at is None else "web.season.past"
        here = _here(chosen is not None and chosen.id == season.id)
        label = tr(key, lang, name=season.name)
        links.append(f'<a href="?season={season.id}&amp;lang={lang}"{here}>{label}</a>')
    nav = f'<nav class="seasons" aria-label="{tr("web.season.nav", lang)}">'
    parts = [nav, " · ".join(links), "</nav>"]
    if chosen is not None:
        parts.append(f"<h2>{tr('web.season.title', lang, name=chosen.name)}</h2>")
        since = when(chosen.started_at, lang)
        if chosen.ended_at is None:
            parts.append(f"<p>{tr('web.season.since', lang)} {since}</p>")
        else:
            until = when(chosen.ended_at, lang)
            to = tr("web.season.to", lang)
            parts.append(f"<p>{tr('web.season.final', lang)} {since} {to} {until}</p>")
    return "".join(parts)


def _here(yes: bool) -> str:
    return ' aria-current="page"' if yes else ""
