"""How a game presents itself to a reader, for any front end: its help and what only
one seat may see, in the reader's language.

``game_help`` gives the game's summary and tips (``GameSpec``), as every front end's
help shows them; ``options_lines`` the options a table plays, in words
(``rules.core.option_words``: what differs from the defaults, or "standard rules").
Each game says what a seat sees privately as ``Section``s of translatable texts
(``Game.private_sections``, reached through ``GameService.private_sections``); nothing
here knows a game. ``translate_sections`` puts them in the reader's language; the
console prints them, the Discord layer makes one embed field of each. An empty list
means the seat has nothing hidden (``nothing_hidden`` says so).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import registry
from rules.base import Move, ScoreSheet, Section
from rules.core.option_words import SEPARATOR, option_lines
from rules.i18n import register_package, translate, with_names

register_package("bot")
log = logging.getLogger("campfire.present")


@dataclass(frozen=True)
class TranslatedSection:
    """One block of a private view in one language: a title and short plain-text lines."""

    title: str
    lines: tuple[str, ...]


def translate_sections(sections: Iterable[Section], lang: str) -> list[TranslatedSection]:
    """The game's sections with their title and every line translated into ``lang``."""
    return [
        TranslatedSection(
            translate(section.title, lang), tuple(translate(line, lang) for line in section.lines)
        )
        for section in sections
    ]


def game_name(rules_id: str, lang: str) -> str:
    """The localised name of a rule set (its id if the game cannot be loaded)."""
    try:
        return translate(registry.get(rules_id).spec.name, lang)
    except Exception:  # a broken game package must not break lists of games
        log.warning("no name for game %r", rules_id, exc_info=True)
        return rules_id


def game_help(rules_id: str, lang: str) -> list[str]:
    """What the game is about and how its turns go in chat (its spec's ``summary`` and
    ``tips``), one paragraph each; empty if no game has that id or it cannot load."""
    try:
        spec = registry.get(rules_id).spec
    except Exception:  # a broken game package must not break help
        log.warning("no help for game %r", rules_id, exc_info=True)
        return []
    return [translate(text, lang) for text in (spec.summary, *spec.tips)]


def options_lines(rules_id: str, options: Mapping[str, Any], lang: str) -> list[str]:
    """A table's options in words, "Name: value" each (``Stones: 3``), those that differ
    from the game's defaults, or the one phrase of a table at every default ("standard
    rules"); empty if no game has that id or it cannot load."""
    try:
        spec = registry.get(rules_id).spec
    except Exception:  # a broken game package must not break a lobby or a page
        log.warning("no options for game %r", rules_id, exc_info=True)
        return []
    return option_lines(spec, options, lang)


def options_line(rules_id: str, options: Mapping[str, Any], lang: str) -> str:
    """``options_lines`` on one line ("Elders: yes · Special terrains: jungle and
    oasis"); "—" when the game cannot load."""
    return SEPARATOR.join(options_lines(rules_id, options, lang)) or "—"


def section_text(section: TranslatedSection, *, bullet: str = "- ") -> str:
    """A section's lines as one text block (bulleted when there are several)."""
    if len(section.lines) == 1:
        return section.lines[0]
    return "\n".join(f"{bullet}{line}" for line in section.lines)


def nothing_hidden(lang: str) -> str:
    """The line shown instead of sections when the seat has nothing hidden."""
    return translate("present.nothing", lang)


__all__ = [
    "TranslatedSection",
    "game_help",
    "game_name",
    "nothing_hidden",
    "options_line",
    "options_lines",
    "section_text",
    "translate_sections",
]


def private_picture_input(
    game: Any,
    state: Any,
    seat: str | None,
    names: Mapping[str, str],
    lang: str,
    *,
    focus: str = "board",
    sheet: ScoreSheet | None = None,
) -> dict[str, Any]:
    """What a seat's private picture adds to the public view (``render.kit.phone``), in
    ``lang``: its legal moves with their labels as the menu writes them, its private
    sections (its own, never another seat's) and, for ``focus="scores"``, the score
    breakdown it may see (``sheet``). ``seat`` ``None`` (a spectator): nothing private."""
    moves: list[Move] = []
    sections: list[TranslatedSection] = []
    if seat is not None:
        if seat in game.to_act(state):
            moves = list(game.legal_moves(state, seat))
        sections = translate_sections(game.private_sections(state, seat), lang)
    blocks = [{"title": s.title, "lines": list(s.lines)} for s in sections]
    if focus == "scores" and sheet is not None:
        blocks.insert(0, score_section(sheet, names, lang))
    return {
        "seat": seat or "",
        "focus": focus,
        "moves": [
            {
                "code": m.code,
                "label": m.label.to_json(),
                "text": translate(with_names(m.label, names), lang),
            }
            for m in moves
        ],
        "sections": blocks,
    }


def score_section(sheet: ScoreSheet, names: Mapping[str, str], lang: str) -> dict[str, Any]:
    """The score breakdown as a private picture's section: one line per seat, best
    first (``Amélie 12: Villages 3 · Cards 4``; ``?`` for what is hidden)."""
    totals = sheet.totals()
    lines = []
    for seat in sorted(sheet.rows, key=lambda s: -totals[s]):
        hidden = sheet.hidden.get(seat, frozenset())
        parts = [
            f"{translate(c, lang)} {'?' if c in hidden else sheet.rows[seat].get(c, 0)}"
            for c in sheet.categories
            if c in hidden or sheet.rows[seat].get(c)
        ]
        total = f"{totals[seat]}+?" if sheet.has_hidden(seat) else str(totals[seat])
        head = f"{names.get(seat, seat)} {total}"
        lines.append(f"{head}: {' · '.join(parts)}" if parts else head)
    return {"title": translate("present.scores.title", lang), "lines": lines}
