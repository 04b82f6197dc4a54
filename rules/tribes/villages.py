"""Villages on the map: what one costs, building one, and losing those left empty.

A village is built at step 5 (``build``) or by a chief power (Bâtisseurs,
``chief_frames``); it is lost the moment its owner has no member left on its hex (T9),
whatever moved the members: a conflict, a Travel or Voyageurs, an event striking the
hex, the Gouffre. So every module that takes members off a hex calls
``lose_villages``, which stands below them all: it needs only the board, the Elders
(``ancients``) and the events' state (a tamed mammoth left alone is lost too).
"""

from __future__ import annotations

from rules.base import Record, State
from rules.tribes import ancients as an
from rules.tribes import board as bd
from rules.tribes import state as st
from rules.tribes.components import TRIBES
from rules.tribes.event_state import check_mammoth, first_village
from rules.tribes.players import pay, player, seat


def village_cost(state: State, p: int) -> dict[str, int]:
    return dict(TRIBES[player(state, p)["tribe"]].village)


def build_village(
    state: State,
    p: int,
    hex_id: str,
    extra: str | None,
    record: Record,
    *,
    cost: dict[str, int] | None = None,
) -> None:
    """Pay (``cost``, else the board's) and put a village on ``hex_id``."""
    data = st.data(state)
    cost = {k: v for k, v in (cost or village_cost(state, p)).items() if k != "any"}
    if extra is not None:
        cost[extra] = cost.get(extra, 0) + 1
    pay(state, p, cost)
    if data["village_aside"]:
        data["village_aside"] = False
    else:
        data["village_supply"] -= 1
    bd.set_village(data, hex_id, p)
    data["villages_built"] += 1
    record.note("tribes.note.built", player=seat(state, p), hex=hex_id)
    first_village(state, record)
    an.after_village(state, p, hex_id)


def lose_villages(state: State, record: Record, *, attacker: int | None = None) -> None:
    """Remove every village whose owner has no member left on its hex (T9); ``attacker``:
    the tribe that attacked in the conflict that caused it (the Elders' risk)."""
    data = st.data(state)
    for hex_id, owner in list(data["villages"].items()):
        if bd.count(data, hex_id, owner) == 0:
            bd.set_village(data, hex_id, None)
            data["village_supply"] += 1
            record.note("tribes.note.village_lost", player=seat(state, owner), hex=hex_id)
            an.village_lost(state, hex_id, owner, attacker, record)
    check_mammoth(state, record)  # a tamed mammoth left alone is lost (rulebook)
