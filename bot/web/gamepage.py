"""A game's page: a shell (``bot.web.pages.document``) around its ``<main>``
(``game_main``), which the page's script fetches again alone (``/fragment``) to step
through the history and to follow the game live, so the same function writes what a
first visit and a live update show (plain strings, every value escaped).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape

from bot.web.pages import game_name, tr, when
from rules.base import Text, table_label
from rules.core.scores import ScoreSheet
from rules.i18n import move_parts, translate


@dataclass(frozen=True)
class LogLine:
    """One entry as the table read it: who, what, the notes."""

    step: int
    player: str
    label: str
    notes: tuple[str, ...]
    by_clock: bool


@dataclass(frozen=True)
class PlayerLine:
    name: str
    ai: bool
    acting: bool
    deadline: datetime | None
    away_until: datetime | None


@dataclass(frozen=True)
class TournamentLine:
    """The tournament a game is a table of: its round, its name and its page."""

    round: int
    name: str
    url: str


@dataclass(frozen=True)
class GamePage:
    """Everything ``game_main`` writes (public information only)."""

    game_id: int
    rules: str
    status: str
    revision: int
    step: int
    steps: int
    lang: str
    base: str
    """The game's path (``/g/<token>``)."""
    picture: str | None
    """The picture's URL at this step (``None``: the game has none)."""
    narrow: str | None
    """The turn card's URL, shown instead on a narrow screen (``layout`` ``auto``)."""
    layout: str
    """``full``, ``card``, or ``auto`` (the full board, the card on a phone)."""
    layouts: tuple[str, ...]
    words: str | None
    """The address of the board in words at this step (plain text; ``None``: no twin)."""
    short: str
    players: tuple[PlayerLine, ...]
    log: tuple[LogLine, ...]
    scores: ScoreSheet | None
    names: Mapping[str, str]
    places: tuple[tuple[int, str, int], ...]
    standings: str | None
    """The server's standings page (``None``: a game outside a server)."""
    tournament: TournamentLine | None = None
    """The tournament the game is a table of (``None``: any other game)."""
    options: str = ""
    """The table's options in words (``bot.service.present.options_line``)."""


def log_lines(
    moves: Sequence[tuple[str, Text, Sequence[Text], bool]],
    names: Mapping[str, str],
    lang: str,
) -> tuple[LogLine, ...]:
    """``(seat, public label, notes, by clock)`` of each entry as the table reads it: the
    label in the table's voice (``table_label``), then the notes that do not repeat it
    (``move_parts``), seat ids shown as names."""
    lines = []
    for step, (seat, label, notes, by_clock) in enumerate(moves, 1):
        parts = move_parts(table_label(label, seat), notes, lang, names) or [""]
        lines.append(LogLine(step, names.get(seat, seat), parts[0], tuple(parts[1:]), by_clock))
    return tuple(lines)


def _link(page: GamePage, step: int | None, layout: str | None = None) -> str:
    query = [f"lang={page.lang}"]
    if step is not None:
        query.append(f"at={step}")
    chosen = page.layout if layout is None else layout
    if chosen not in ("full", "auto"):
        query.append(f"layout={chosen}")
    return escape(f"{page.base}?{'&'.join(query)}")


def game_main(page: GamePage) -> str:
    """The ``<main>`` of a game's page at ``page.step``."""
    lang = page.lang
    title = translate("web.title.game", lang, id=page.game_id, name=game_name(page.rules, lang))
    live = page.status == "running"
    parts = [
        f'<main id="game" data-step="{page.step}" data-steps="{page.steps}" '
        f'data-revision="{page.revision}" data-status="{escape(page.status)}" '
        f'data-base="{escape(page.base)}" data-lang="{lang}" data-layout="{page.layout}" '
        f'data-live="{int(live)}">',
        f"<header><h1>{escape(title)}</h1>",
        f'<p class="status status-{escape(page.status)}">{tr(f"web.status.{page.status}", lang)}',
    ]
    acting = [p.name for p in page.players if p.acting]
    if live and acting:
        parts.append(f" · {tr('web.to_act', lang, players=', '.join(acting))}")
    if live:
        parts.append(f' · <span class="live" role="status">{tr("web.live", lang)}</span>')
    if page.status == "aborted":
        parts.append(f" · {tr('web.stopped', lang, steps=page.steps)}")
    parts.append("</p>")
    if page.options:
        parts.append(f'<p class="options">{tr("web.options", lang, options=page.options)}</p>')
    if page.tournament is not None:
        parts.append(_tournament_line(page.tournament, lang))
    parts.append("</header>")
    parts.append('<div class="columns"><section class="board" aria-labelledby="board-title">')
    parts.append(f'<h2 id="board-title" class="visually-hidden">{tr("web.board", lang)}</h2>')
    parts.append(_stepper(page))
    if page.picture is None:
        parts.append(f"<p>{tr('web.no_picture', lang)}</p>")
    else:
        alt = escape(_described(page, page.short or translate("web.board", lang)))
        narrow = ""
        if page.narrow is not None:
            narrow = f'<source media="(max-width: 600px)" srcset="{escape(page.narrow)}">'
        parts.append(
            f'<figure class="picture"><a href="{escape(page.picture)}" '
            f'title="{tr("web.board.open", lang)}"><picture>{narrow}'
            f'<img id="board" src="{escape(page.picture)}" alt="{alt}" decoding="async">'
            f"</picture></a><figcaption>{_caption(page)}</figcaption></figure>"
        )
        if len(page.layouts) > 1:
            choices = " · ".join(
                f'<a href="{_link(page, page.step, layout)}"'
                + (' aria-current="true"' if layout == page.layout else "")
                + f">{tr(f'web.board.{layout}', lang)}</a>"
                for layout in page.layouts
            )
            parts.append(f'<p class="layouts">{choices}</p>')
    if page.words:
        parts.append(
            f'<details class="words" data-src="{escape(page.words)}">'
            f"<summary>{tr('web.words', lang)}</summary>"
            f'<pre>{escape(_described(page, page.short))}\n\n<a href="{escape(page.words)}">'
            f"{tr('web.words.all', lang)}</a></pre></details>"
        )
    parts.append('</section><section class="side">')
    parts.append(_players(page))
    parts.append(_scores(page))
    parts.append(_log(page))
    parts.append(_downloads(page))
    parts.append("</section></div></main>")
    return "".join(parts)


def _stopped_here(page: GamePage) -> bool:
    """Whether the page shows where a stopped game ended: nobody is to play there any
    more, whatever the position's own words say of whose turn it was."""
    return page.status == "aborted" and page.step == page.steps


def _described(page: GamePage, words: str) -> str:
    """The picture's words, after the game's stop where the page shows it."""
    if not _stopped_here(page):
        return words
    return f"{translate('web.stopped.words', page.lang)} {words}"


def _caption(page: GamePage) -> str:
    lang = page.lang
    if page.step == 0:
        return tr("web.step.opening", lang)
    line = page.log[page.step - 1]
    return tr(
        "web.step.stopped" if _stopped_here(page) else "web.step.after",
        lang,
        step=page.step,
        steps=page.steps,
        move=line.label,
    )


def _stepper(page: GamePage) -> str:
    lang = page.lang
    last = page.steps

    def button(step: int, key: str, rel: str) -> str:
        if step == page.step or not 0 <= step <= last:
            return f'<span class="step-link disabled" aria-disabled="true">{tr(key, lang)}</span>'
        return (
            f'<a class="step-link" rel="{rel}" data-step="{step}" '
            f'href="{_link(page, step)}">{tr(key, lang)}</a>'
        )

    return (
        '<nav class="stepper" aria-label="{label}">{first}{prev}'
        '<label class="slider"><span class="visually-hidden">{label}</span>'
        '<input id="step" type="range" min="0" max="{last}" value="{step}" '
        'aria-valuetext="{text}"></label>'
        '<output for="step" id="step-number">{step}/{last}</output>{next}{now}</nav>'
    ).format(
        label=tr("web.slider", lang),
        first=button(0, "web.first", "first"),
        prev=button(page.step - 1, "web.prev", "prev"),
        next=button(page.step + 1, "web.next", "next"),
        now=button(last, "web.last", "last"),
        last=last,
        step=page.step,
        text=tr("web.step", lang, step=page.step, steps=last),
    )


def _players(page: GamePage) -> str:
    lang = page.lang
    items = []
    for player in page.players:
        bits = [f'<span class="name">{escape(player.name)}</span>']
        if player.ai:
            bits.append(f'<span class="tag">{tr("web.player.ai", lang)}</span>')
        if player.acting:
            bits.append(f'<span class="tag acting">{tr("web.player.acting", lang)}</span>')
        if player.away_until is not None:
            until = when(player.away_until, lang)
            bits.append(f'<span class="clock">{tr("web.player.away", lang, until="§")}</span>')
            bits[-1] = bits[-1].replace("§", until)
        elif player.deadline is not None:
            at = when(player.deadline, lang)
            bits.append(f'<span class="clock">{tr("web.player.deadline", lang, at="§")}</span>')
            bits[-1] = bits[-1].replace("§", at)
        items.append(f"<li>{' '.join(bits)}</li>")
    return f'<h2>{tr("web.players", lang)}</h2><ul class="players">{"".join(items)}</ul>'


def _scores(page: GamePage) -> str:
    lang = page.lang
    sheet = page.scores
    parts = []
    if page.places and page.step == page.steps:
        parts.append(
            f"<h2>{tr('web.places', lang)}</h2>{places_list(page.places, page.names, lang)}"
        )
    title = "web.scores.final" if sheet is not None and sheet.final else "web.scores"
    parts.append(f"<h2>{tr(title, lang)}</h2>")
    if sheet is None or not sheet.rows:
        parts.append(f"<p>{tr('web.scores.none', lang)}</p>")
        return "".join(parts)
    seats = list(sheet.rows)
    head = "".join(f'<th scope="col">{escape(page.names.get(s, s))}</th>' for s in seats)
    rows = []
    for category in sheet.categories:
        cells = []
        for seat in seats:
            if category in sheet.hidden.get(seat, frozenset()):
                cells.append(f'<td class="hidden">{tr("web.scores.hidden", lang)}</td>')
            else:
                cells.append(f"<td>{int(sheet.rows[seat].get(category, 0))}</td>")
        rows.append(f'<tr><th scope="row">{tr(category, lang)}</th>{"".join(cells)}</tr>')
    totals = "".join(
        f"<td><strong>{sheet.total(s)}</strong>{'+?' if sheet.has_hidden(s) else ''}</td>"
        for s in seats
    )
    rows.append(
        f'<tr class="total"><th scope="row">{tr("web.scores.total", lang)}</th>{totals}</tr>'
    )
    parts.append(
        f'<div class="table-scroll"><table class="scores"><thead><tr><td></td>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    return "".join(parts)


def places_list(places: Sequence[tuple[int, str, int]], names: Mapping[str, str], lang: str) -> str:
    """The final places as an ordered list numbered by the list itself: each item's
    ``value`` is its place, so players who tie share a number (1, 1, 3) and say so."""
    shared = Counter(place for place, _, _ in places)
    items = []
    for place, seat, score in places:
        text = tr("web.place", lang, player=names.get(seat, seat), score=score)
        if shared[place] > 1:
            text += f' <span class="tag">{tr("web.place.tied", lang)}</span>'
        items.append(f'<li value="{place}">{text}</li>')
    return f'<ol class="places">{"".join(items)}</ol>'


def _log(page: GamePage) -> str:
    lang = page.lang
    if not page.log:
        return f"<h2>{tr('web.log', lang)}</h2><p>{tr('web.log.empty', lang)}</p>"
    items = []
    for line in page.log:
        current = ' aria-current="step" class="current"' if line.step == page.step else ""
        clock = f' <span class="tag">{tr("web.log.by_clock", lang)}</span>' if line.by_clock else ""
        notes = "".join(f'<div class="note">{escape(n)}</div>' for n in line.notes)
        items.append(
            f'<li value="{line.step}"{current}><a class="step-link" data-step="{line.step}" '
            f'href="{_link(page, line.step)}">{escape(line.label)}</a>{clock}{notes}</li>'
        )
    return f'<h2>{tr("web.log", lang)}</h2><ol class="log" id="log">{"".join(items)}</ol>'


def _tournament_line(line: TournamentLine, lang: str) -> str:
    """ "Round N of <the tournament>", the tournament's name a link to its page."""
    mark = "\x00"  # where the link goes in the sentence, whatever its word order
    text = escape(translate("web.game.tournament", lang, round=line.round, tournament=mark))
    link = f'<a href="{escape(line.url)}">{escape(line.name)}</a>'
    return f'<p class="tournament">{text.replace(mark, link)}</p>'


def _downloads(page: GamePage) -> str:
    lang = page.lang
    base = escape(page.base)
    links = [
        f'<a href="{base}/record.json?lang={lang}" download>{tr("web.download.json", lang)}</a>',
        f'<a href="{base}/record.txt?lang={lang}" download>{tr("web.download.text", lang)}</a>',
    ]
    if page.status == "over" and page.picture is not None:
        links.append(
            f'<a href="{base}/replay.webp?lang={lang}" download>'
            f"{tr('web.download.replay', lang)}</a>"
        )
    note = (
        f'<p class="note">{tr("web.download.record_note", lang)}</p>'
        if page.status == "running"
        else ""
    )
    extra = ""
    if page.standings is not None:
        extra = f'<p><a href="{escape(page.standings)}">{tr("web.standings", lang)}</a></p>'
    items = "".join(f"<li>{link}</li>" for link in links)
    return f'<h2>{tr("web.downloads", lang)}</h2><ul class="downloads">{items}</ul>{note}{extra}'


__all__ = [
    "GamePage",
    "LogLine",
    "PlayerLine",
    "TournamentLine",
    "game_main",
    "log_lines",
    "places_list",
]
