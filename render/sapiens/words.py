"""The header's words for Sapiens: the last move with its notes, seats shown by name
(once the game is over: every seat's score with its food and shelter), and a
highlighted notice (the starting or the last round, the decision in progress)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.frame import PAD, describe_last, round_turn
from render.kit.geometry import WIDTH
from render.kit.names import seat_name, tr, tr_or
from render.kit.text import font, text_width
from render.sapiens.model import Table, read
from rules.sapiens.view import view_of


def describe(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """``Bob lays Water on B2, Camp on B3 · Gathering: Bob gains 1 food``: the last
    move's line (``render.kit.frame.describe_last``), or the final scores once over."""
    typed = view_of(view)
    if typed.get("over"):
        seats = [str(s) for s in typed.get("seats") or []]
        return final(view, seats, lang, names)
    return describe_last(view, lang, names)


def final(
    view: Mapping[str, Any], seats: Sequence[str], lang: str, names: Mapping[str, str] | None
) -> str:
    """The score breakdown of a finished game, best first: ``The lower of food and
    shelter scores: Chloé 17 (food 18, shelter 17) · Bob 13 (food 15, shelter 13)``, as
    many whole rows as the header's line holds (every panel shows its own too)."""
    table = read(view)
    rows = []
    for seat in seats:
        mine = table.seats.get(seat)
        if mine is not None:
            rows.append((min(mine.food, mine.shelter), seat, mine))
    rows.sort(key=lambda row: -row[0])
    parts = [
        tr(
            "render.sapiens.final_row",
            lang,
            name=seat_name(seat, names),
            score=score,
            food=mine.food,
            shelter=mine.shelter,
        )
        for score, seat, mine in rows
    ]
    if not parts:
        return ""
    room = WIDTH - 2 * PAD - 30 - text_width(round_turn(view, lang), font(16))
    shown = len(parts)
    line = tr("render.sapiens.final", lang, rows=" · ".join(parts))
    while shown > 1 and text_width(line, font(16)) > room:  # whole rows only, never a cut word
        shown -= 1
        line = tr("render.sapiens.final", lang, rows=" · ".join(parts[:shown]))
    return line


def notice(table: Table, lang: str) -> str:
    """``LAST ROUND · Hunt: cash the steaks?``; either part alone; ``""`` for none."""
    parts = []
    if table.last_round:
        parts.append(tr_or("render.sapiens.last_round", "", lang))
    elif table.starting:
        parts.append(tr_or("render.sapiens.start_round", "", lang))
    if table.step:
        parts.append(tr_or(f"render.sapiens.step.{table.step}", "", lang))
    return " · ".join(part for part in parts if part)
