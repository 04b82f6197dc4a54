"""The standings of a server and a player's stats on it (plain strings, every value
escaped): each rule set's ladder, and a player's line in each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from bot.service.ratings import Standing
from bot.web.pages import game_name, heads, rating_about, tr


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
    name: str, lines: Sequence[Standing], hints: tuple[int, int], back: str | None, lang: str
) -> str:
    """A player's line in each rule set's standings on a server."""
    parts = [f'<main class="stats"><h1>{tr("web.title.stats", lang, name=name)}</h1>']
    if not lines:
        parts.append(f"<p>{tr('web.stats.none', lang)}</p>")
    else:
        head = heads(
            ("web.col.game", "web.col.place", "web.col.rating", "web.col.games", "web.col.wins"),
            lang,
        )
        rows = "".join(
            f"<tr><td>{escape(game_name(line.rules, lang))}</td><td>{line.place}</td>"
            f"<td>{line.rating:.1f}</td><td>{line.games}</td><td>{line.wins}</td></tr>"
            for line in lines
        )
        parts.append(
            f'<div class="table-scroll"><table class="ladder"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>"
        )
        games, wins = sum(s.games for s in lines), sum(s.wins for s in lines)
        parts.append(f"<p>{tr('web.stats.total', lang, games=games, wins=wins)}</p>")
        parts.append(rating_about(lang))
    if hints[0]:
        parts.append(f"<p>{tr('web.stats.hints', lang, hints=hints[0], games=hints[1])}</p>")
    if back is not None:
        parts.append(f'<p><a href="{escape(back)}">{tr("web.standings", lang)}</a></p>')
    parts.append("</main>")
    return "".join(parts)


__all__ = ["standings_body", "stats_body"]
