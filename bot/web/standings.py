"""The standings of a server and a player's stats on it (plain strings, every value
escaped): each rule set's ladder; a player's line in each, all time and in the running
season, and their record finishing games (``bot.service.fairness``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from bot.service.fairness import WINDOW, Reliability, pace
from bot.service.ratings import Standing
from bot.service.seasons import SeasonRow
from bot.web.pages import game_name, heads, rating_about, tr, when
from rules.i18n import translate


def standings_body(
    boards: Sequence[tuple[str, Sequence[Standing]]],
    names: Mapping[str, str],
    links: Mapping[str, str],
    lang: str,
    intro: str = "",
) -> str:
    """Each rule set's ladder: place, player (a link to their stats), rating, games, wins."""
    parts = [f'<main class="ladder"><h1>{tr("web.standings", lang)}</h1>{intro}']
    if not boards:
        parts.append(f"<p>{tr('web.standings.none', lang)}</p>")
    for rules, lines in boards:
        parts.append(f"<h2>{escape(game_name(rules, lang))}</h2>")
        parts.append(_ladder(lines, names, links, lang))
    if boards:
        parts.append(rating_about(lang))
    parts.append("</main>")
    return "".join(parts)


def _ladder(
    lines: Sequence[Standing], names: Mapping[str, str], links: Mapping[str, str], lang: str
) -> str:
    head = heads(
        ("web.col.place", "web.col.player", "web.col.rating", "web.col.games", "web.col.wins"),
        lang,
    )
    rows = []
    for line in lines:
        name = escape(names.get(line.user_id, line.user_id))
        if line.user_id in links:
            name = f'<a href="{escape(links[line.user_id])}">{name}</a>'
        rows.append(
            f"<tr><td>{line.place}</td><td>{name}</td><td>{line.rating:.1f}</td>"
            f"<td>{line.games}</td><td>{line.wins}</td></tr>"
        )
    return (
        f'<div class="table-scroll"><table class="ladder"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def stats_body(
    name: str,
    lines: Sequence[Standing],
    hints: tuple[int, int],
    back: str | None,
    lang: str,
    *,
    record: Reliability | None = None,
    season: tuple[SeasonRow, Sequence[Standing]] | None = None,
    season_link: str | None = None,
) -> str:
    """A player's page on a server, as ``/campfire stats`` tells it: their line in each
    rule set's standings (all time, then in ``season``, the running one, when one runs,
    with a link to its standings), the hints they took, and how they ended the games
    they started (``record``, ``record_section``)."""
    parts = [f'<main class="stats"><h1>{tr("web.title.stats", lang, name=name)}</h1>']
    if season is not None:
        parts.append(f"<h2>{tr('web.season.all', lang)}</h2>")
    if not lines:
        parts.append(f"<p>{tr('web.stats.none', lang)}</p>")
    else:
        parts.append(_lines_table(lines, lang))
        games, wins = sum(s.games for s in lines), sum(s.wins for s in lines)
        parts.append(f"<p>{tr('web.stats.total', lang, games=games, wins=wins)}</p>")
    if season is not None:
        parts.append(_season_section(season[0], season[1], season_link, lang))
    if lines or (season is not None and season[1]):
        parts.append(rating_about(lang))
    if hints[0]:
        parts.append(f"<p>{tr('web.stats.hints', lang, hints=hints[0], games=hints[1])}</p>")
    if record is not None:
        parts.append(record_section(record, lang))
    if back is not None:
        parts.append(f'<p><a href="{escape(back)}">{tr("web.standings", lang)}</a></p>')
    parts.append("</main>")
    return "".join(parts)


def _lines_table(lines: Sequence[Standing], lang: str) -> str:
    """A player's lines: game, place, rating, games, wins."""
    head = heads(
        ("web.col.game", "web.col.place", "web.col.rating", "web.col.games", "web.col.wins"),
        lang,
    )
    rows = "".join(
        f"<tr><td>{escape(game_name(line.rules, lang))}</td><td>{line.place}</td>"
        f"<td>{line.rating:.1f}</td><td>{line.games}</td><td>{line.wins}</td></tr>"
        for line in lines
    )
    return (
        f'<div class="table-scroll"><table class="ladder"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


def _season_section(
    season: SeasonRow, lines: Sequence[Standing], link: str | None, lang: str
) -> str:
    """The running season: its name and start, the player's lines in it (or that none
    of their games ended in it yet), and a link to its standings."""
    parts = [
        f"<h2>{tr('web.season.title', lang, name=season.name)}</h2>",
        f"<p>{tr('web.season.since', lang)} {when(season.started_at, lang)}</p>",
    ]
    if lines:
        parts.append(_lines_table(lines, lang))
    else:
        parts.append(f"<p>{tr('web.season.stats_none', lang)}</p>")
    if link is not None:
        parts.append(f'<p><a href="{escape(link)}">{tr("web.season.standings", lang)}</a></p>')
    return "".join(parts)


PACE = {"minutes": "web.fair.minutes", "hours": "web.fair.hours", "days": "web.fair.days"}
"""The words of each unit ``pace`` rounds a time per move to."""


def record_section(record: Reliability, lang: str) -> str:
    """How a player ended the games they started on the server within ``WINDOW``, in
    the words of ``/campfire stats``: ``92% · 41 finished · ~3 h/move``, then
    ``45 started · 2 abandoned · 2 timed out`` and what each word counts; nothing when
    no game of theirs started there in that time."""
    if not record.started:
        return ""
    bits = []
    if record.percent is not None:
        bits.append(translate("web.fair.rate", lang, rate=record.percent))
    bits.append(translate("web.fair.finished", lang, count=record.finished))
    if record.median_move_seconds is not None:
        unit, count = pace(record.median_move_seconds)
        time = translate(PACE[unit], lang, n=count)
        bits.append(translate("web.fair.pace", lang, time=time))
    detail = tr(
        "web.fair.detail",
        lang,
        started=record.started,
        abandoned=record.abandoned,
        timed_out=record.timed_out,
    )
    return (
        f'<h2 id="record">{tr("web.fair.title", lang, days=WINDOW.days)}</h2>'
        f'<p class="record">{escape(" · ".join(bits))}</p><p>{detail}</p>'
        f'<p class="note">{tr("web.fair.about", lang)}</p>'
    )


__all__ = ["record_section", "standings_body", "stats_body"]
