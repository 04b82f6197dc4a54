"""Why a game of Origin ended, in words: the header's and the final card's last line
(Junior and Classic)."""

from __future__ import annotations

from collections.abc import Mapping

from render.kit.compose import Turn
from render.kit.names import tr


def junior_ending(turn: Turn) -> list[str]:
    """Origin Junior ends when a card deck runs out (a deck of the view is empty), or
    when nobody can act any more."""
    decks = turn.view.get("decks")
    empty = isinstance(decks, Mapping) and any(n == 0 for n in decks.values())
    return [tr("origin.end.deck" if empty else "origin.end.blocked", turn.lang)]


CLASSIC_REASONS = ("deck", "board", "supply", "villages")


def classic_ending(turn: Turn) -> list[str]:
    """Origin ends for the reason its view's ``ending`` gives (a deck ran out, the
    reward board or the supply emptied, every village placed), else because nobody
    could act."""
    ending = turn.view.get("ending")
    reason = ending.get("reason") if isinstance(ending, Mapping) else None
    key = reason if reason in CLASSIC_REASONS else "blocked"
    return [tr(f"origin.classic.end.{key}", turn.lang)]
