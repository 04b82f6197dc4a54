"""Nim in words (``render.twin``): the stones left, and who took how many."""

from __future__ import annotations

from render.kit import frame
from render.kit.names import seat_name, tr
from render.nim import counts
from render.twin import Names, Section, View, section
from rules.nim import view_of

TITLE = "nim"


def facts(view: View, lang: str, names: Names) -> list[str]:
    left, start, _ = counts(view)
    return [tr("render.nim.left", lang, count=left, start=start)]


def board(view: View, lang: str, names: Names) -> list[Section]:
    taken = view_of(view).get("taken") or {}
    return [
        section(
            tr("render.nim.taken", lang),
            (
                tr(
                    "render.twin.nim.taken",
                    lang,
                    player=seat_name(seat, names),
                    n=int(taken.get(seat, 0)),
                )
                for seat in frame.seats_of(view)
            ),
        )
    ]


def private(view: View, seat: str, lang: str, names: Names) -> list[Section]:
    """Nothing of Nim is hidden."""
    return []
