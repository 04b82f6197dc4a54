"""Why a well-formed Tribes move code is refused now, in the player's terms."""

from __future__ import annotations

import re

from rules.base import IllegalMove, MoveError, State
from rules.tribes import ancients as an
from rules.tribes import board as bd
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import ACTION_ORDER, GOALS
from rules.tribes.event_state import events_of

_CODE = re.compile(
    r"^(?:(?:place|single|add|fill|from|to|at|village|conflict):h[0-9]{2}(?::(?:wood|food|stone))?"
    r"|(?:grow|travel|gather|lead):(?:sun|moon|blank)(?::fire)?"
    r"|take:(?:wood|food|stone)\+(?:wood|food|stone)|n:[0-9]{1,2}"
    r"|(?:discard|goal):[ad][0-9]|(?:extra|pay|give):(?:wood|food|stone)"
    r"|(?:bow|fort):[a-z]+|swap:[a-z]+:(?:wood|food|stone)|nobow|nofort|done|draw|end|pottery"
    r"|back)$"
)


IN_FRAME = {
    # frame kind -> (code heads it answers, why such a code is refused there)
    "grow": (("add", "fill"), "tribes.illegal.grow_hex"),
    "travel": (("from",), "tribes.illegal.travel_from"),
    "travel_to": (("to",), "tribes.illegal.travel_reach"),
    "travel_count": (("n",), "tribes.illegal.travel_count"),
    "gather": (("at",), "tribes.illegal.gather_hex"),
    "lead": (("discard",), "tribes.illegal.discard"),
    "conflict_order": (("conflict",), "tribes.illegal.no_conflict"),
    "bow": (("bow",), "tribes.illegal.bow_target"),
    "fortify": (("fort",), "tribes.illegal.fort_target"),
    "single": (("single",), "tribes.illegal.single"),
}


def is_well_formed(code: str) -> bool:
    return (
        bool(_CODE.match(code))
        or events.is_well_formed(code)
        or an.is_well_formed(code)
        or tr.is_well_formed(code)
    )


def explain(state: State, code: str) -> MoveError:
    """The reason ``code`` (well formed) is not legal now."""
    data = st.data(state)
    frame = fr.top(state)
    head, _, arg = code.partition(":")
    if code == "back":
        return IllegalMove("tribes.illegal.back")
    if frame is not None:
        heads, why = IN_FRAME.get(frame["kind"], ((), ""))
        if head in heads:
            return IllegalMove(why, move=code)
        return IllegalMove("tribes.illegal.pending", kind=f"@tribes.pending.{frame['kind']}")
    step = data["step"]
    if head in ACTION_ORDER:
        if step != "actions":
            return IllegalMove("tribes.illegal.not_actions")
        if head in data["used"]:
            return IllegalMove("tribes.illegal.action_used", action=f"@tribes.action.{head}")
        face = arg.partition(":")[0]
        if face not in data["hand"]:
            return IllegalMove("tribes.illegal.no_die", face=f"@tribes.face.{face}")
        return IllegalMove("tribes.illegal.no_fire")
    if head in ("village", "goal", "end") and step != "build":
        return IllegalMove("tribes.illegal.not_build")
    advanced = an.explain(state, code) or tr.explain(state, code)
    if advanced is not None:
        return advanced
    if head == "village":
        hex_id = arg.upper()
        if hex_id not in data["hexes"]:
            return IllegalMove("tribes.illegal.no_hex", hex=hex_id)
        if bd.village(data, hex_id) is not None:
            return IllegalMove("tribes.illegal.village_there", hex=hex_id)
        if not bd.members(data, hex_id)[data["turn"]]:
            return IllegalMove("tribes.illegal.village_no_members", hex=hex_id)
        ev = events_of(state)
        if hex_id == ev["burnt"]:
            return IllegalMove("tribes.illegal.village_burnt", hex=hex_id)
        if hex_id == ev["abandoned"]:
            return IllegalMove("tribes.illegal.village_abandoned", hex=hex_id)
        if not data["village_supply"] and not data["village_aside"]:
            return IllegalMove("tribes.illegal.village_no_pawn")
        return IllegalMove("tribes.illegal.village_cost")
    if head == "goal":
        goal_id = arg.upper()
        if goal_id not in GOALS or goal_id not in data["players"][data["turn"]]["goals"]:
            return IllegalMove("tribes.illegal.goal_not_held")
        if GOALS[goal_id].development:
            return IllegalMove("tribes.illegal.goal_cost", goal=f"@tribes.goal.{goal_id}")
        return IllegalMove("tribes.illegal.goal_condition", goal=f"@tribes.goal.{goal_id}")
    if head == "place":
        return IllegalMove("tribes.illegal.place")
    if head in events.EXPLAINED:
        return events.explain(state, code)
    if head == "pottery":
        return IllegalMove("tribes.illegal.pottery")
    if step not in STEPS:
        return IllegalMove("tribes.illegal.over")
    return IllegalMove("tribes.illegal.not_now", step=f"@tribes.step.{step}")


STEPS = ("chiefs", "place", "actions", "conflicts", "build")
"""The steps a refused move can be told to wait for (``tribes.step.*``)."""
