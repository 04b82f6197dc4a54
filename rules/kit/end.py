"""The end of a game by its rules, one typed key of ``state.data`` for every game.

``over`` is ``None`` while the game runs, then the reason it ended: a key of
``rules/locales`` under ``termination.`` (``normal`` when the rulebook's end came,
``blocked`` when nobody could act, or a reason of the game's own, such as Origin's
``deck``). Who won stays the game's business (its score sheet and ``outcome``); a game
that names a winner keeps it in a key of its own (Nim's ``winner``).

A game ended by a removal (too few seats left) is the contract's business:
``state.ended`` holds its termination key and ``rules.core`` stops the game. ``ended``
reads both.
"""

from __future__ import annotations

from typing import TypedDict, cast

from rules.base import State


class EndData(TypedDict):
    """The end key of ``state.data``: a game's data type inherits it."""

    over: str | None


def new_end() -> EndData:
    """The end key of a new game (merge it into ``state.data``)."""
    return {"over": None}


def is_over(data: EndData) -> bool:
    """Whether the game has ended by its rules."""
    return data["over"] is not None


def finish(data: EndData, reason: str) -> None:
    """The game ends now, for ``reason``; the first reason given stays."""
    if data["over"] is None:
        data["over"] = reason


def ended(state: State) -> bool:
    """Whether the game is over, by its rules or by a removal."""
    return state.ended is not None or cast(EndData, state.data)["over"] is not None


__all__ = ["EndData", "ended", "finish", "is_over", "new_end"]
