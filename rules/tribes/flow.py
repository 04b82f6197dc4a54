"""Where a decision hands control back up: the few procedures of the turn, the conflicts
and the events that modules lower down carry on with.

The Tribes modules stand in layers, each importing only the ones below it (see
``docs/contributors/architecture.md``): the state and its frames at the bottom, then
the terrains, the events, the chiefs, the actions and conflicts, the turn, and the
engine on top. Most calls go down. A few decisions taken low down must hand control
back to a module above them: the answer to Prémonition rolls the dice (``turn``), the
last hex an event asked for resumes the double being resolved (``events``), a question
dropped by a seat that left lets the conflict it held up be fought (``conflicts``) and
the turn go on (``turn``). Those procedures are slots of ``FLOW``; the module that owns
one fills it when it is imported, as the kinds of frame register in ``frames``.
Importing ``rules.tribes`` imports every module, so every slot is filled before a game
starts; a slot called empty raises at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rules.base import Record, State

Step = Callable[[State, Record], None]
"""A procedure that carries on from the current state (``turn.advance``, ...)."""
HexStep = Callable[[State, str, Record], None]
"""A procedure on one hex (``conflicts.resolve``)."""


class AskThenRoll(Protocol):
    """``turn.ask_then_roll``: the questions before the roll, then the roll."""

    def __call__(self, state: State, record: Record, *, asked: str | None = None) -> None: ...


def _unset(*args: object, **kwargs: object) -> None:
    raise RuntimeError(
        "rules.tribes.flow: called before its module filled it (import rules.tribes)"
    )


@dataclass(slots=True)
class Flow:
    """The slots, each filled once by the module named."""

    advance: Step = _unset
    """``turn``: run every step that needs no decision."""
    continue_turn: Step = _unset
    """``turn``: steps 1 and 2 once an eliminated tribe is back (T14)."""
    ask_then_roll: AskThenRoll = _unset
    """``turn``: step 2, the questions before the roll then the roll."""
    roll: Step = _unset
    """``turn``: step 2, the roll."""
    read_roll: Step = _unset
    """``turn``: step 2, a double calls the events."""
    resolve: HexStep = _unset
    """``conflicts``: resolve the conflict on a hex (after the Bow)."""
    resume: Step = _unset
    """``events``: carry on with the double being resolved."""


FLOW = Flow()
