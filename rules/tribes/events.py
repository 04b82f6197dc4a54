"""Events of L'Aube des Tribus (rulebook "Événements", components 3.5, T1, T10, T11, T17).

The turn calls ``on_double`` when the two dice rolled at step 2 show the same face,
blanks included (T1). This module (the events' own package part) resolves the bottom
effects of the active events and draws a new event when a slot is free (T11); an event
that needs a decision pushes a frame (see ``rules.tribes.frames``).

Base version: no event yet.
"""

from __future__ import annotations

from rules.base import Record, State


def on_double(state: State, player: int, record: Record) -> None:
    """A double was rolled by ``player`` (seat index) at step 2: resolve the events."""
