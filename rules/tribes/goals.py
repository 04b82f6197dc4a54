"""Goal cards: whether an achievement's condition holds, and completing a goal.

Section 3.4 of the components page (PROPOSED cards) with the rulebook's terms
(occupation, majority, control; T8). A development is completed by paying its cost
(its ability is on from then on, 1 VP); an achievement when its condition holds at the
moment it is claimed (2 to 4 VP). Completing is optional and may happen the turn the
card is drawn (T12); points won are never lost.
"""

from __future__ import annotations

from rules.base import Record, State
from rules.tribes import board as bd
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import GOALS, Goal
from rules.tribes.players import can_pay, gain_vp, pay, player, seat


def condition_holds(state: State, p: int, goal: Goal) -> bool:
    data = st.data(state)
    kind, params = goal.kind, goal.params
    if kind == "members_on_map":
        return bd.on_map(data, p) >= int(params["n"])
    if kind == "majority_on":
        won = [
            h
            for h in data["hexes"]
            if tr.counts_as(data, h, params["terrain"]) and bd.has_majority(data, p, h)
        ]
        return len(won) >= int(params["n"])
    if kind == "occupy_spread":
        held = bd.occupied_by(data, p)
        kinds = {k for h in held for k in tr.kinds(data, h)}
        return len(kinds) >= int(params["types"]) and len(held) >= int(params["hexes"])
    if kind == "control":
        return sum(1 for h in data["hexes"] if bd.has_control(data, p, h)) >= int(params["n"])
    if kind == "villages":
        return len(bd.villages_of(data, p)) >= int(params["n"])
    raise ValueError(f"unknown achievement kind {kind}")


def can_complete(state: State, p: int, goal_id: str) -> bool:
    if goal_id not in player(state, p)["goals"]:
        return False
    goal = GOALS[goal_id]
    if goal.development:
        return can_pay(state, p, goal.cost)
    return condition_holds(state, p, goal)


def complete(state: State, p: int, goal_id: str, record: Record) -> None:
    goal = GOALS[goal_id]
    mine = player(state, p)
    if goal.development:
        pay(state, p, goal.cost)
    mine["goals"].remove(goal_id)
    mine["done"].append(goal_id)
    record.note(
        "tribes.note.goal", player=seat(state, p), goal=f"@tribes.goal.{goal_id}", vp=goal.vp
    )
    gain_vp(state, p, goal.vp, "developments" if goal.development else "achievements", record)
