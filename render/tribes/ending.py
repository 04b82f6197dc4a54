"""Why a game of L'Aube des Tribus ended, in words: the header's and the final card's
last line."""

from __future__ import annotations

from render.kit import frame
from render.kit.compose import Turn
from render.kit.names import seat_name, tr
from rules.tribes.view_types import view_of


def ending(turn: Turn) -> list[str]:
    """A tribe reached the victory points the game is played to: who, and how many."""
    view = view_of(turn.view)
    winner = view.get("winner") or next(iter(frame.winners_of(turn.view)), None)
    goal = view.get("victory") or 15
    players = view.get("players") or {}
    mine = players.get(str(winner)) if isinstance(players, dict) and winner else None
    vp = mine.get("vp") if isinstance(mine, dict) else None
    if winner is None or vp is None:
        return [tr("tribes.end.victory", turn.lang)]
    name = seat_name(str(winner), turn.names)
    return [tr("render.tribes.ended", turn.lang, name=name, vp=vp, goal=goal)]
