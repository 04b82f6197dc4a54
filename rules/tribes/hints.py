"""What a line of a turn of L'Aube des Tribus does for a seat, in plain words
(``Tribes.hint_effects``).

The hint compares the advised line with the next best one on what ``heuristic`` weighs
in the race to 15 VP: the VP rows, villages (a VP every own turn), members on the map,
resources by kind, and the goal cards in hand that can be completed now. Everything
here is public (goal cards in hand are).
"""

from __future__ import annotations

from rules.base import ScoreSheet, Seat, State
from rules.core.hints import Effect, Effects, change, kept, score_effects
from rules.tribes import board as bd
from rules.tribes import state as st
from rules.tribes.goals import can_complete
from rules.tribes.players import player

RESOURCES = ("food", "wood", "stone")


def _ready(state: State, me: int) -> int:
    return sum(1 for g in player(state, me)["goals"] if can_complete(state, me, g))


def tribes_effects(
    sheets: tuple[ScoreSheet, ScoreSheet], before: State, after: State, seat: Seat
) -> Effects:
    me = before.seats.index(seat)
    was, now = st.data(before), st.data(after)
    found: list[Effect | None] = list(score_effects(*sheets, seat))
    found.append(
        change(
            "villages",
            "tribes.hint.villages",
            len(bd.villages_of(was, me)),
            len(bd.villages_of(now, me)),
        )
    )
    found.append(change("members", "tribes.hint.members", bd.on_map(was, me), bd.on_map(now, me)))
    had, has = player(before, me)["resources"], player(after, me)["resources"]
    for kind in RESOURCES:
        found.append(
            change(f"res:{kind}", f"tribes.hint.res.{kind}", had.get(kind, 0), has.get(kind, 0))
        )
    found.append(change("ready", "tribes.hint.ready", _ready(before, me), _ready(after, me)))
    return Effects(kept(found))


__all__ = ["tribes_effects"]
