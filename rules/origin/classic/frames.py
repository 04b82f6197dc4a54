"""Classic's decision stack (``rules.kit.stack`` over ``data["frames"]``) and its kinds.

Kinds: ``act`` (finish the action: ``pawn:``/``to:``), ``extra`` and ``target`` (an
Action card's first step and targets, see ``play``), ``reward``, ``tile``, ``draw``,
``putback`` and ``limit`` (the reward phase, see ``rewards``). ``back`` takes back an
``act`` frame ("choose again") or an uncommitted card frame (the card returns to the
hand: the undo hook ``play.unplay``); reward-phase frames are never taken back.
"""

from __future__ import annotations

from rules.kit.stack import Stack
from rules.origin import moves as om
from rules.origin.classic.classic_data import ClassicData, ClassicFrame

BACKS = {
    "act": om.back(),
    "extra": om.cached_move("back", "origin.classic.move.unplay", "back"),
    "target": om.cached_move("back", "origin.classic.move.unplay", "back"),
}


def stack(data: ClassicData) -> Stack[ClassicFrame]:
    """The pending decisions of the player whose turn it is (last = current)."""
    return Stack[ClassicFrame](data, "frames", BACKS)


__all__ = ["BACKS", "stack"]
