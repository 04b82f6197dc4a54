"""What a line of play does for a seat, in the game's own words: what a hint's "why" is
made of (``Game.hint_effects``).

A hint compares two lines of the seat's turn, the move the AI advises and the next best
one. Each game says what changed between the position before the turn and after a line
as ``Effect``s: a ``topic`` (what is compared: "food", "stones left", "village in
Maghreb") and a ``Text`` saying it to the seat in plain words, never an internal
estimate. Two lines differ on a topic when their texts differ there. ``Effects.lost_to``
is the game's verdict when it knows one: after the line, that other seat wins whatever
the seat does (Nim's theory); ``None`` when the game cannot tell.

The default (``score_effects``) is the score sheet: each category of the seat's row
that changed, before -> after.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.core.scores import ScoreSheet
from rules.core.values import Seat, Text


@dataclass(frozen=True)
class Effect:
    """One thing a line does: ``topic`` is compared between two lines, ``text`` says it."""

    topic: str
    text: Text


@dataclass(frozen=True)
class Effects:
    """What a line of the seat's turn does, and the game's verdict on the position."""

    effects: tuple[Effect, ...] = ()
    lost_to: Seat | None = None

    def of(self, topic: str) -> Text | None:
        """The text of ``topic`` (``None``: the line does nothing there)."""
        return next((e.text for e in self.effects if e.topic == topic), None)

    def topics(self) -> list[str]:
        return [e.topic for e in self.effects]


def change(topic: str, label: Text | str, before: int, after: int) -> Effect | None:
    """``label before -> after`` (``hint.change``), or ``None`` when nothing changed."""
    if before == after:
        return None
    name = label if isinstance(label, Text) else Text(label)
    return Effect(topic, Text("hint.change", {"what": name, "before": before, "after": after}))


def score_effects(before: ScoreSheet, after: ScoreSheet, seat: Seat) -> list[Effect]:
    """Every category of ``seat``'s row that changed between two score sheets (the
    viewer's: hidden values are 0 in both)."""
    found: list[Effect] = []
    for category in after.categories:
        was = before.rows.get(seat, {}).get(category, 0)
        now = after.rows.get(seat, {}).get(category, 0)
        effect = change(f"score:{category}", category, was, now)
        if effect is not None:
            found.append(effect)
    return found


def kept(effects: Iterable[Effect | None]) -> tuple[Effect, ...]:
    """The effects that are there (helpers return ``None`` for "no change")."""
    return tuple(e for e in effects if e is not None)


__all__ = ["Effect", "Effects", "change", "kept", "score_effects"]
