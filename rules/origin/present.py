"""What one seat of an Origin game sees privately, as titled sections of texts, and the
names of the kinds of move for menus (contract v2: the game presents itself).

Junior: the seat's token values and tile levels (hidden from the others), its cards per
colour and its score with those hidden points counted (Classic's sections:
``rules.origin.classic.present``). Built from the seat's own view alone: nothing of
another seat is read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar, cast

from rules.base import Seat, Section, Text
from rules.origin.view import JuniorPlayerView

GROUPS: dict[str, Text] = {
    group: Text(f"origin.group.{group}")
    for group in (
        "back",
        "column",
        "deck",
        "discard",
        "end",
        "evolve",
        "from",
        "keep",
        "migrate",
        "pass",
        "pawn",
        "play",
        "putback",
        "reward",
        "swap",
        "tile",
        "to",
        "token",
    )
}

NONE = Text("origin.present.none")


def or_none(lines: Iterable[Text]) -> tuple[Text, ...]:
    return tuple(lines) or (NONE,)


def value_text(value: object) -> str:
    return "?" if value is None else str(value)


def junior_sections(own: JuniorPlayerView, total: int) -> list[Section]:
    """``own`` is the seat's own player entry of ``view(state, seat)``."""
    tokens = [
        Text(
            "origin.present.hunting",
            {"place": f"@origin.terr.{t['territory']}", "value": value_text(t["value"])},
        )
        for t in own.get("hunting") or []
    ] + [
        Text(
            "origin.present.strait",
            {"place": f"@origin.strait.{t['strait']}", "value": value_text(t["value"])},
        )
        for t in own.get("straits") or []
    ]
    levels = [value_text(tile.get("level")) for tile in own.get("tiles") or []]
    tiles = (
        Text(
            "origin.present.tile_levels" if len(levels) > 1 else "origin.present.tile_level",
            {"n": len(levels), "levels": ", ".join(levels)},
        )
        if levels
        else NONE
    )
    cards = own.get("cards") or {}
    return [
        Section(Text("origin.present.tokens"), or_none(tokens)),
        Section(Text("origin.present.tiles"), (tiles,)),
        Section(
            Text("origin.present.cards"),
            (
                Text(
                    "origin.present.card_counts",
                    {c: cards.get(c, 0) for c in ("yellow", "orange", "violet")},
                ),
            ),
        ),
        Section(
            Text("origin.present.score"),
            (Text("origin.present.hidden_included", {"total": total}),),
        ),
    ]


P = TypeVar("P")


def own_entry(players: Mapping[Seat, P] | None, seat: Seat) -> P:
    """The seat's entry in ``players`` of its own view (read as empty when the view has
    none: the sections then say "none")."""
    entry = (players or {}).get(seat)
    return entry if isinstance(entry, dict) else cast(P, {})


__all__ = ["GROUPS", "NONE", "junior_sections", "or_none", "own_entry", "value_text"]
