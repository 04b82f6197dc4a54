"""The kinds of pending decision a Tribes turn can open, on the kit's decision stack.

The pending decisions are the kit's stack (``rules.kit.stack.Stack``) over
``data["frames"]``, typed by ``state.TribesFrame``: one TypedDict per kind,
``{"kind", "player": index of the seat who decides, ...}``. Each module that opens a
kind of frame registers here, at import, the moves it offers and how one is applied;
the engine asks the top frame for the moves and routes codes to it, so an event that
needs a decision (a hex for the tiger, the order of bottom effects) only registers a
kind and pushes a frame. ``undo`` set means the frame may be taken back with ``back``
while it is not committed (the stack's ``backs``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from rules.base import Move, Record, State, Text
from rules.kit.stack import Stack
from rules.tribes.state import TribesFrame, data

K = TypeVar("K", bound=TribesFrame)
"""The frame type of one kind (the handlers of a kind take its own TypedDict)."""

FrameMoves = Callable[[State, Any], list[Move]]
FrameApply = Callable[[State, Any, str, Record], None]
FrameUndo = Callable[[State, Any], None]

BACK = Move("back", Text("tribes.move.back"), "back")
"""The ``back`` move of a frame that may be taken back."""


@dataclass(frozen=True)
class FrameKind:
    """The handlers of one kind of frame. They take the kind's own TypedDict: the
    registry routes by ``frame["kind"]``, which is what the type checker cannot follow
    (hence ``Any`` in the stored callables)."""

    moves: FrameMoves
    apply: FrameApply
    undo: FrameUndo | None = None


KINDS: dict[str, FrameKind] = {}
BACKS: dict[str, Move] = {}
"""The kinds a player may take back (registered with an ``undo``), for the stack."""


def register(
    kind: str,
    moves: Callable[[State, K], list[Move]],
    apply: Callable[[State, K, str, Record], None],
    undo: Callable[[State, K], None] | None = None,
) -> None:
    """Declare a kind of frame (once per kind; modules register at import)."""
    KINDS[kind] = FrameKind(moves, apply, undo)
    if undo is not None:
        BACKS[kind] = BACK


def stack(state: State) -> Stack[TribesFrame]:
    """The pending decisions of ``state``."""
    return Stack(data(state), backs=BACKS)  # not Stack[...](): typing's call is slow


def add(state: State, frame: K) -> K:
    """Open the decision ``frame`` on top of the stack."""
    stack(state).add(frame)
    return frame


def top(state: State) -> TribesFrame | None:
    """The current decision, or ``None`` when nothing is pending."""
    frames = data(state)["frames"]
    return frames[-1] if frames else None


def below(state: State) -> TribesFrame:
    """The decision under the current one (a question asked inside an action)."""
    return data(state)["frames"][-2]


def pop(state: State) -> TribesFrame:
    """Close the current decision."""
    return stack(state).pop()


def clear(state: State) -> None:
    """Drop every pending decision (the turn or the game ends)."""
    data(state)["frames"].clear()


def drop(state: State, lapses: Callable[[TribesFrame], bool]) -> list[TribesFrame]:
    """Drop the pending decisions that ``lapses`` (a seat left: its questions go), keeping
    the others in order; return those dropped."""
    frames = data(state)["frames"]
    dropped = [f for f in frames if lapses(f)]
    if dropped:
        frames[:] = [f for f in frames if not lapses(f)]
    return dropped


def back(state: State) -> None:
    """Take back the current, uncommitted frame (the move ``back``) and undo it."""
    frame = stack(state).back()
    undo = KINDS[frame["kind"]].undo
    assert undo is not None
    undo(state, frame)


def with_back(state: State, moves: list[Move]) -> list[Move]:
    """``moves`` and, when the current frame may be taken back, ``back`` (last)."""
    return stack(state).with_back(moves)


def kind_of(frame: TribesFrame) -> FrameKind:
    return KINDS[frame["kind"]]


def no_undo(state: State, frame: TribesFrame) -> None:
    """An undo with nothing to put back (the frame only asked a question)."""


def as_any(frame: TribesFrame) -> dict[str, Any]:
    """A frame read by a key chosen at run time (the view's pending fields)."""
    return cast(dict[str, Any], frame)
