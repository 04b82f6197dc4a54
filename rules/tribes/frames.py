"""The kinds of pending decision (frames of ``rules.kit.stack``) a Tribes turn can open.

Each module that opens a kind of frame registers it here with the moves it offers and
how one is applied; the engine asks the top frame of ``data["frames"]`` for the moves
and routes codes to it, so an event that needs a decision (a hex for the tiger, the
order of bottom effects) only registers a kind and pushes a frame. A frame is a dict
``{"kind", "player": index of the seat who decides, ...}``; ``undo`` set means the
frame may be taken back with ``back`` while it is not committed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.base import Move, Record, State
from rules.kit.stack import RawFrame as Frame

FrameMoves = Callable[[State, Frame], list[Move]]
FrameApply = Callable[[State, Frame, str, Record], None]
FrameUndo = Callable[[State, Frame], None]


@dataclass(frozen=True)
class FrameKind:
    moves: FrameMoves
    apply: FrameApply
    undo: FrameUndo | None = None


KINDS: dict[str, FrameKind] = {}


def register(
    kind: str, moves: FrameMoves, apply: FrameApply, undo: FrameUndo | None = None
) -> None:
    """Declare a kind of frame (once per kind; modules register at import)."""
    KINDS[kind] = FrameKind(moves, apply, undo)


def push(state: State, kind: str, player: int, **fields: object) -> Frame:
    """Open a decision of ``kind`` for ``player`` on top of the stack."""
    frame: Frame = {"kind": kind, "player": player, **fields}
    state.data["frames"].append(frame)
    return frame


def top(state: State) -> Frame | None:
    frames: list[Frame] = state.data["frames"]
    return frames[-1] if frames else None


def pop(state: State) -> Frame:
    frame: Frame = state.data["frames"].pop()
    return frame


def no_undo(state: State, frame: Frame) -> None:
    """An undo with nothing to put back (the frame only asked a question)."""
