"""The decision stack: a turn's pending small decisions as JSON frames in ``state.data``.

A frame is a dict with a ``kind`` (and whatever the game needs: a territory, a card,
how many are left). The last frame is the current decision. ``back`` pops the current
frame while it is uncommitted, and the game's undo hook for its kind puts back what
pushing it took (a card returns to the hand). A frame marked committed (its effect has
started, or something was revealed) offers no ``back`` any more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, NotRequired, TypedDict, cast

from typing_extensions import TypeVar

from rules.base import Move


class Frame(TypedDict):
    """One pending decision, plain JSON: its ``kind``, whether it is ``committed``, and
    the fields its game adds. A game's frame TypedDicts repeat these two keys rather
    than inheriting this one, so that ``kind`` can be a ``Literal`` mypy narrows a
    union on (a subclass may not narrow an inherited key):
    ``class TakeFrame(TypedDict): kind: Literal["take"]; committed: NotRequired[bool];
    card: str``. The stack is then ``Stack[TakeFrame | ...]``; annotate the variable or
    the return type rather than calling ``Stack[...](...)``, which costs a few
    microseconds at every call."""

    kind: str
    committed: NotRequired[bool]


F = TypeVar("F", bound=Mapping[str, Any], default=dict[str, Any])
"""A game's frame type: a union of its frame TypedDicts, each with the keys of
``Frame`` (a plain dict where a stack is made without saying its type)."""


class StackData(TypedDict, Generic[F]):
    """The stack's key of ``state.data``: a game's data type inherits
    ``StackData[ItsFrame]``."""

    frames: list[F]


Undo = Callable[[Any], None]
"""Takes back what pushing the frame did (called with the frame just popped)."""

BACK: Final = "back"
"""The code of the ``back`` move."""
COMMITTED: Final = "committed"
"""The frame key that marks a frame as committed (absent or false: uncommitted)."""


class Stack(Generic[F]):
    """A thin view over the frame list ``data[key]`` (created by the game's setup).

    ``backs`` maps the kinds of frame a player may take back to the ``back`` move shown
    for them (the label may differ: "choose again", "take the card back"); frames of
    other kinds, or committed ones, never offer ``back``.
    """

    __slots__ = ("backs", "frames")

    def __init__(
        self, data: Mapping[str, Any], key: str = "frames", backs: Mapping[str, Move] | None = None
    ) -> None:
        self.frames: list[F] = data[key]
        self.backs: Mapping[str, Move] = backs or {}

    def __len__(self) -> int:
        return len(self.frames)

    def __bool__(self) -> bool:
        return bool(self.frames)

    @property
    def top(self) -> F | None:
        """The current decision, or ``None`` when nothing is pending."""
        return self.frames[-1] if self.frames else None

    def push(self, kind: str, **fields: Any) -> F:
        """Open a decision of ``kind`` on top; return its frame."""
        frame = cast(F, {"kind": kind, **fields})
        self.frames.append(frame)
        return frame

    def add(self, frame: F) -> F:
        """Open the decision ``frame`` (a typed frame built by the game) on top."""
        self.frames.append(frame)
        return frame

    def pop(self) -> F:
        """Close the current decision (``IndexError`` when nothing is pending)."""
        return self.frames.pop()

    def clear(self) -> None:
        """Drop every pending decision (the turn or the game is over)."""
        self.frames.clear()

    @staticmethod
    def commit(frame: Mapping[str, Any]) -> None:
        """Mark ``frame`` committed: ``back`` is no longer offered on it. Any frame type
        of a game (its TypedDicts declare ``committed`` themselves: see ``Frame``)."""
        cast(dict[str, Any], frame)[COMMITTED] = True

    @staticmethod
    def is_committed(frame: Mapping[str, Any]) -> bool:
        return bool(frame.get(COMMITTED))

    def can_go_back(self) -> bool:
        """Whether the current frame may be taken back."""
        top = self.top
        return top is not None and top["kind"] in self.backs and not self.is_committed(top)

    def back_move(self) -> Move | None:
        """The ``back`` move of the current frame, or ``None`` if it cannot be taken back."""
        return self.backs[self.frames[-1]["kind"]] if self.can_go_back() else None

    def with_back(self, moves: list[Move]) -> list[Move]:
        """``moves`` plus the current frame's ``back`` when it is offered (last)."""
        back = self.back_move()
        return moves if back is None else [*moves, back]

    def back(self, undo: Mapping[str, Undo] | None = None) -> F:
        """Pop the current, uncommitted frame and run the undo hook of its kind.

        Raises ``ValueError`` if the current frame cannot be taken back (the game's
        ``legal_moves`` never offered ``back`` then)."""
        if not self.can_go_back():
            raise ValueError("no frame to take back")
        frame = self.frames.pop()
        hook = (undo or {}).get(frame["kind"])
        if hook is not None:
            hook(frame)
        return frame

    def abandon(self, undo: Mapping[str, Undo] | None = None) -> None:
        """The player leaves mid-turn: drop every pending decision, most recent first;
        each one not yet committed runs the undo hook of its kind (a card played but not
        yet used goes back to the hand), so the pieces stay conserved."""
        while self.frames:
            frame = self.frames.pop()
            hook = (undo or {}).get(frame["kind"])
            if hook is not None and not self.is_committed(frame):
                hook(frame)

    def settle(
        self, needs_no_decision: Callable[[F], bool], resolve: Callable[[F], None] | None = None
    ) -> None:
        """While the current frame needs no decision (an automatic draw, a reward that
        offers nothing), pop it and ``resolve`` it (which may push new frames)."""
        while self.frames and needs_no_decision(self.frames[-1]):
            frame = self.frames.pop()
            if resolve is not None:
                resolve(frame)


__all__ = ["BACK", "COMMITTED", "Frame", "Stack", "StackData", "Undo"]
