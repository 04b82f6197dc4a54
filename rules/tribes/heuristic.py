"""How well a seat stands in L'Aube des Tribus, for the AI (``Tribes.evaluate``).

The first to 15 VP wins, so the value is a race: a seat's VP plus its VP in the making,
minus the best other seat's. Read on a determinized state (only the order of the goal
decks and the generator's future differ; goal cards in hand are public).

- villages: each brings 1 VP at the start of every own turn;
- members on the map (they hold hexes for achievements, villages and conflicts);
- resources (they pay for villages and developments);
- goal cards in hand: most of their VP once they can be completed now
  (an achievement whose condition holds, a development it can pay), a little otherwise.
"""

from __future__ import annotations

from rules.base import Seat, State
from rules.tribes import board as bd
from rules.tribes import state as st
from rules.tribes.components import GOALS, VICTORY
from rules.tribes.goals import can_complete
from rules.tribes.players import player, vp_total

VILLAGE = 1.5
"""A village: a VP per own turn to come, and it may be lost."""
MEMBER = 0.15
RESOURCE = 0.2
READY = 0.8
"""Share of a goal's VP when it can be completed now."""
LATER = 0.2
"""Share of a goal's VP when it cannot yet."""


def tribes_value(state: State, seat: Seat) -> float:
    """VP and VP in the making of ``seat`` minus the best other seat's."""
    data = st.data(state)
    worth: dict[Seat, float] = {}
    for i, s in enumerate(state.seats):
        if s in state.out:
            continue
        mine = player(state, i)
        vp = vp_total(state, i)
        if vp >= VICTORY:
            worth[s] = float(vp)
            continue
        total = float(vp)
        total += VILLAGE * len(bd.villages_of(data, i))
        total += MEMBER * bd.on_map(data, i)
        total += RESOURCE * sum(mine["resources"].values())
        for goal_id in mine["goals"]:
            share = READY if can_complete(state, i, goal_id) else LATER
            total += share * GOALS[goal_id].vp
        worth[s] = total
    own = worth.get(seat, 0.0)
    return own - max((v for s, v in worth.items() if s != seat), default=0.0)


__all__ = ["tribes_value"]
