"""How many members a hex holds without a conflict, and the hexes in conflict now.

The limit is 5, Sécheresse's 4 while it is active (``events``), 3 on the Glacier
(``terrains``); a hex is in conflict above it, when invaders share it with a tribe
(components 3.5), or when the Danānu's Ruse started one there (``chiefs``). Step 4
(``conflicts``) fights them; the chiefs' Ruse and Voyageurs and the view read them too.
"""

from __future__ import annotations

from rules.base import State
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import events
from rules.tribes import state as st
from rules.tribes import terrains as tr


def population_limit(state: State, hex_id: str) -> int:
    """The most members ``hex_id`` holds without a conflict (events and the Glacier may
    lower it)."""
    return tr.population_limit(st.data(state), hex_id, events.population_limit(state, hex_id))


def in_conflict(state: State, hex_id: str) -> bool:
    """Above the limit, or invaders sharing the hex with a tribe (components 3.5)."""
    if ch.forced_conflict(state, hex_id):  # chiefs: Ruse
        return True
    if bd.population(st.data(state), hex_id) > population_limit(state, hex_id):
        return True
    return bool(bd.invaders(st.data(state), hex_id)) and any(bd.members(st.data(state), hex_id))


def conflict_hexes(state: State) -> list[str]:
    return [h for h in st.data(state)["hexes"] if in_conflict(state, h)]
