"""The header's words for Sapiens: the last move with its notes, seats shown by name
(once the game is over: every seat's score with its food and shelter), and a
highlighted notice (the starting or the last round, the decision in progress)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.kit.frame import PAD, round_turn
from render.kit.geometry import WIDTH
from render.kit.names import seat_name, tr, tr_or
from render.kit.text import font, text_width
from render.sapiens.model import Table, read
from rules import i18n
from rules.base import Text
from rules.core.envelope import TextJSON
from rules.sapiens.view import view_of


def named(value: TextJSON | None, lang: str, names: Mapping[str, str]) -> str:
    """A view's ``{"key", "params"}`` in ``lang``, seat parameters shown as names (the
    notes say who gained what); ``""`` when it is missing or unknown."""
    if not isinstance(value, Mapping) or not isinstance(value.get("key"), str):
        return ""
    params = value.get("params")
    text = Text(value["key"], dict(params) if isinstance(params, Mapping) else {})
    out = i18n.translate(i18n.with_names(text, names), lang)
    return "" if out == text.key else out


def describe(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """``Bob: lay the tile · Gathering: Bob gains 1 food``: the last move's label and
    notes (the kit's line, with names in the notes too); a note that only says again
    what the label says is left out."""
    typed = view_of(view)
    seats = [str(s) for s in typed.get("seats") or []]
    if typed.get("over"):
        return final(view, seats, lang, names)
    last = typed.get("last")
    if not isinstance(last, Mapping):
        return ""
    shown = {seat: seat_name(seat, names) for seat in seats}
    label = named(last.get("label"), lang, shown)
    kept = unrepeated(last.get("label"), last.get("notes") or [])
    notes = [named(note, lang, shown) for note in kept]
    if label:
        player = seat_name(str(last.get("seat", "?")), names)
        label = tr("render.kit.last", lang, player=player, label=label)
    return " · ".join(part for part in [label, *notes] if part)


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


REPEATS = {
    "sapiens.move.mark.common": "sapiens.note.mark",
    "sapiens.move.mark.pool": "sapiens.note.mark",
    "sapiens.move.recall.common": "sapiens.note.recall",
    "sapiens.move.recall.pool": "sapiens.note.recall",
    "sapiens.move.take": "sapiens.note.take",
    "sapiens.move.token": "sapiens.note.token",
    "sapiens.move.discard": "sapiens.note.discard",
    "sapiens.move.rite": "sapiens.note.rite",
    "sapiens.move.unbear": "sapiens.note.unbear",
}
"""Label keys and the note key that restates the same move (``Fight token on
Water/Fire`` and ``Bob puts a Fight token on Water/Fire``)."""


def unrepeated(label: TextJSON | None, notes: Sequence[TextJSON]) -> list[TextJSON]:
    """``notes`` without the first one that restates ``label`` (same key pair, and
    every parameter it shares with the label equal)."""
    if not isinstance(label, Mapping) or label.get("key") not in REPEATS:
        return list(notes)
    again = REPEATS[str(label["key"])]
    said = _params(label)
    out = list(notes)
    for index, note in enumerate(out):
        if not isinstance(note, Mapping) or note.get("key") != again:
            continue
        params = _params(note)
        shared = [k for k in ("a", "b", "scene", "cell") if k in params and k in said]
        if all(params[k] == said[k] for k in shared):
            del out[index]
            break
    return out


def _params(value: TextJSON) -> Mapping[str, Any]:
    params = value.get("params")
    return params if isinstance(params, Mapping) else {}


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
