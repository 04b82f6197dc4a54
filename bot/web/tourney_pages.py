"""A tournament's page: its facts, standings (points and tie-breaks explained), rounds and
tables (each a link to its game's page), written as plain strings, every value escaped.

The page's ``<main id="tournament">`` (``tournament_main``) is what its script fetches
again alone (``/fragment``) to follow the tournament live, so a first visit and a live
update show the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from bot.service.events import format_points
from bot.service.present import options_line
from bot.service.reads import TournamentRead
from bot.service.tournaments.values import RoundInfo, Standing, TableInfo, TournamentInfo
from bot.web.pages import game_name, tr, when

LIVE = ("open", "running")
"""The statuses a page follows live."""


def title(info: TournamentInfo, lang: str) -> str:
    name = info.title or game_name(info.rules, lang)
    return tr("web.tournament.title", lang, id=info.id, name=name)


def _facts(info: TournamentInfo, lang: str) -> str:
    if info.format == "swiss":
        kind = tr("web.tournament.swiss", lang, rounds=info.rounds)
    else:
        kind = tr("web.tournament.round_robin", lang)
    items = [
        f"{escape(game_name(info.rules, lang))} · {kind} · "
        + tr("web.tournament.tables_of", lang, size=info.table_size),
        tr("web.options", lang, options=options_line(info.rules, info.options, lang)),
        tr(f"web.tournament.status.{info.status}", lang),
    ]
    if info.status == "open" and info.closes_at is not None:
        items.append(tr("web.tournament.closes", lang) + " " + when(info.closes_at, lang))
    if info.status == "running":
        items.append(
            tr("web.tournament.at_round", lang, round=info.current_round, rounds=info.rounds)
        )
    return '<ul class="facts">' + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _standings(lines: Sequence[Standing], lang: str) -> str:
    if not lines:
        return f"<p>{tr('web.tournament.nobody', lang)}</p>"
    heads = "".join(
        f'<th scope="col">{tr(key, lang)}</th>'
        for key in ("web.col.place", "web.col.player", "web.tournament.col.points")
    )
    for name in ("opponents", "scored"):  # short, their full names (the list below) on hover
        full = tr(f"service.events.{name}.name", lang)
        short = tr(f"web.tournament.col.{name}", lang)
        heads += f'<th scope="col"><abbr title="{full}">{short}</abbr></th>'
    rows = []
    for line in lines:
        breaks = "".join(
            f"<td>{format_points(value, lang)}</td>" for value in (line.opponents, line.scored)
        )
        mark = ""
        if line.status == "withdrawn":
            mark = f' <span class="tag">{tr("web.tournament.withdrawn", lang)}</span>'
        rows.append(
            f"<tr><td>{line.rank}</td><td>{escape(line.name)}{mark}</td>"
            f"<td>{format_points(line.points, lang)}</td>{breaks}</tr>"
        )
    return (
        f'<div class="table-scroll"><table class="ladder standings"><thead><tr>{heads}</tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
        f"{how_counted(lang)}"
    )


def how_counted(lang: str) -> str:
    """How the points and each tie-break are counted, in the order they apply, in the
    words of the standings themselves (``service.events.<name>.name`` and ``.explain``)."""
    items = "".join(
        f"<dt>{tr(f'service.events.{name}.name', lang)}</dt>"
        f"<dd>{tr(f'service.events.{name}.explain', lang)}</dd>"
        for name in ("points", "opponents", "scored", "rating")
    )
    return f'<dl class="note" id="how">{items}</dl>'


def _table(
    table: TableInfo,
    names: Mapping[str, str],
    links: Mapping[int, str],
    games: Mapping[int, tuple[int, str]],
    lang: str,
) -> str:
    players = [escape(names.get(p, p)) for p in table.players]
    if table.bye:
        who = players[0] if players else "?"
        return f'<li class="bye">{tr("web.tournament.bye", lang, player=who)}</li>'
    if table.ranks is not None:
        placed = sorted(zip(table.ranks, players, strict=True))
        shown = " · ".join(f"{rank}. {name}" for rank, name in placed)
    else:
        shown = tr("web.tournament.versus", lang).join(players)
    label = tr("web.tournament.table", lang, number=table.number)
    state = ""
    if table.game_id is not None:
        status = games.get(table.game_id, (0, "running"))[1]
        state = f' <span class="tag">{tr(f"web.tournament.game.{status}", lang)}</span>'
        if table.game_id in links:
            link = escape(links[table.game_id])
            label = f'<a href="{link}">{label}</a>'
    colon = " : " if lang == "fr" else ": "  # French spaces its colon
    return f"<li>{label}{colon}{shown}{state}</li>"


def _round(
    round: RoundInfo,
    names: Mapping[str, str],
    links: Mapping[int, str],
    games: Mapping[int, tuple[int, str]],
    lang: str,
) -> str:
    head = tr("web.tournament.round", lang, number=round.number)
    deadline = ""
    if round.deadline is not None and round.status != "over":
        deadline = f' <span class="note">{tr("web.tournament.ends", lang)} '
        deadline += f"{when(round.deadline, lang)}</span>"
    tables = "".join(_table(t, names, links, games, lang) for t in round.tables)
    return (
        f'<section class="round" id="round-{round.number}"><h3>{head}{deadline}</h3>'
        f'<ul class="tables">{tables}</ul></section>'
    )


def tournament_main(
    read: TournamentRead, links: Mapping[int, str], base: str, stamp: int, lang: str
) -> str:
    """The page's ``<main>``: facts, entrants while registering, standings explained,
    then the rounds, the latest first. ``links``: each game's page; ``base``: the
    page's token (its script follows ``base/events``); ``stamp``: what the live stream
    compares."""
    info = read.info
    live = "1" if info.status in LIVE else "0"
    names = info.names()
    parts = [
        f'<main id="tournament" class="tournament" data-base="{escape(base)}" '
        f'data-lang="{lang}" data-stamp="{stamp}" data-status="{info.status}" '
        f'data-live="{live}">',
        f"<h1>{title(info, lang)}</h1>",
        _facts(info, lang),
    ]
    if info.status == "open":
        playing = [
            escape(e.name)
            if e.user_id not in read.rates
            else tr("web.tournament.with_rate", lang, name=e.name, rate=read.rates[e.user_id])
            for e in info.entries
            if e.plays
        ]
        parts.append(f"<h2>{tr('web.tournament.registered', lang, count=len(playing))}</h2>")
        parts.append(
            '<ul class="entrants">' + "".join(f"<li>{n}</li>" for n in playing) + "</ul>"
            if playing
            else f"<p>{tr('web.tournament.nobody', lang)}</p>"
        )
    else:
        parts.append(f"<h2>{tr('web.tournament.standings', lang)}</h2>")
        parts.append(_standings(read.standings, lang))
    if read.rounds:
        parts.append(f"<h2>{tr('web.tournament.rounds', lang)}</h2>")
        for round in reversed(read.rounds):
            parts.append(_round(round, names, links, read.games, lang))
    parts.append("</main>")
    return "".join(parts)
