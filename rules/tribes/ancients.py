"""The Elders (option ``ancients``; rulebook "Les Anciens", T15).

State (only with the option on): ``data["elders"]``, by player index, the hex id of the
village holding that tribe's Elder, or ``None`` while it is off the map.

- **Calling** (``call:elder`` / ``call:no``): right after building a village, a player
  whose Elder is off the map may put it on that village. An Elder on the map stays on
  its village; it is called again only after it has left the map.
- **What it never counts for**: it is not a member. It never counts for the population
  limit, takes no part in conflicts, and counts for no occupation, majority or control,
  no goal, no event (the tiger, invaders, Exogamy and the like ignore it), does not keep
  a village alive and does not travel. It simply sits on its village.
- **The gift** (``elder``, then ``borrow:kaha:d4``, then ``gift:wood``): once per turn,
  during his own turn and between two decisions, a player whose Elder is on the map
  gives 1 resource to another player to use one development that player completed, until
  the end of that turn (T15). Only developments of a kind the player lacks are offered
  (the others would change nothing). The borrowed ability is kept as ``borrow:<goal>``
  in the turn's flags and ``players.has_development`` honours it for the active player.
- **Risks**: the Elder leaves the map with its village, whatever removed it. If the
  village is lost in a conflict of another player's turn in which that player's tribe
  fought (the active player attacks, rulebook step 4; ``conflicts.attacker``: he has
  members on the hex when the removals begin), he scores 1 VP (counted with the village
  points). A conflict he was not in (invaders, two other tribes on a hex an event
  crowded), events, the Gouffre and the owner's own moves give nobody a point (T15).
  Rules versions 1 and 2 gave the point to the active player whoever fought.
"""

from __future__ import annotations

import re

from rules.base import IllegalMove, Move, Record, State, Text
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.components import GOALS, RESOURCES
from rules.tribes.options import ancients_on
from rules.tribes.players import active, gain_vp, player, seat
from rules.tribes.state import ElderBorrowFrame, ElderCallFrame, ElderGiftFrame, TribesData
from rules.tribes.view_types import ElderPart

Data = TribesData
FLAG = "elder"
BORROW = "borrow:"
ATTACK_VP = 1
"""VP to the attacker who destroys a village holding an Elder (rulebook "Risques")."""
CODE = re.compile(r"^(?:call:(?:elder|no)|elder|borrow:[a-z]+:d[0-9]|gift:(?:wood|food|stone))$")


def set_up(state: State) -> None:
    if ancients_on(state.options):
        st.data(state)["elders"] = [None] * len(state.seats)


def is_on(data: Data) -> bool:
    return "elders" in data


def elder_at(data: Data, p: int) -> str | None:
    """The hex of ``p``'s Elder, if it is on the map."""
    if not is_on(data):
        return None
    found: str | None = data["elders"][p]
    return found


# ------------------------------------------------------------------------ calling


def after_village(state: State, p: int, hex_id: str) -> None:
    """A village was just built by ``p``: offer to call the Elder onto it."""
    if is_on(st.data(state)) and st.data(state)["elders"][p] is None:
        fr.add(state, ElderCallFrame(kind="elder_call", player=p, hex=hex_id))


def _call_moves(state: State, frame: ElderCallFrame) -> list[Move]:
    hex_id = frame["hex"]
    return [
        Move("call:elder", Text("tribes.move.call_elder", {"hex": hex_id}), "elder"),
        Move("call:no", Text("tribes.move.call_no"), "elder"),
    ]


def _call_apply(state: State, frame: ElderCallFrame, code: str, record: Record) -> None:
    fr.pop(state)
    if code == "call:elder":
        p = frame["player"]
        st.data(state)["elders"][p] = frame["hex"]
        record.note("tribes.note.elder_called", player=seat(state, p), hex=frame["hex"])


# ----------------------------------------------------------------------- the gift


def borrowed(data: Data) -> list[str]:
    """Goal ids the active player borrowed this turn."""
    return [f[len(BORROW) :] for f in data["turn_flags"] if f.startswith(BORROW)]


def _offers(state: State, p: int) -> list[tuple[int, str]]:
    """(owner, development) pairs ``p`` may borrow now."""
    data = st.data(state)
    have = {GOALS[g].kind for g in player(state, p)["done"]}
    have |= {GOALS[g].kind for g in borrowed(data)}
    found: list[tuple[int, str]] = []
    for other in range(len(state.seats)):
        if other == p or state.seats[other] in state.out:
            continue
        kinds_seen: set[str] = set()
        for g in player(state, other)["done"]:
            goal = GOALS[g]
            if goal.development and goal.kind not in have and goal.kind not in kinds_seen:
                kinds_seen.add(goal.kind)
                found.append((other, g))
    return found


def can_give(state: State, p: int) -> bool:
    """Whether ``p`` may use his Elder now (own turn, once per turn)."""
    data = st.data(state)
    return (
        elder_at(data, p) is not None
        and FLAG not in data["turn_flags"]
        and any(player(state, p)["resources"][r] for r in RESOURCES)
        and bool(_offers(state, p))
    )


def turn_moves(state: State, p: int) -> list[Move]:
    if not is_on(st.data(state)) or not can_give(state, p):
        return []
    return [Move("elder", Text("tribes.move.elder"), "elder")]


def owns_turn_move(code: str) -> bool:
    return code == "elder"


def apply_turn_move(state: State, p: int, code: str, record: Record) -> None:
    fr.add(state, ElderBorrowFrame(kind="elder_borrow", player=p))


def _borrow_moves(state: State, frame: ElderBorrowFrame) -> list[Move]:
    moves = []
    for other, g in _offers(state, frame["player"]):
        tribe = player(state, other)["tribe"]
        params = {"tribe": f"@tribes.tribe.{tribe}", "goal": f"@tribes.goal.{g}"}
        moves.append(
            Move(f"borrow:{tribe}:{g.lower()}", Text("tribes.move.borrow", params), "elder")
        )
    return moves


def _borrow_apply(state: State, frame: ElderBorrowFrame, code: str, record: Record) -> None:
    _, tribe, goal = code.split(":")
    other = next(i for i, pl in enumerate(st.data(state)["players"]) if pl["tribe"] == tribe)
    mine = player(state, frame["player"])["resources"]
    held = [r for r in RESOURCES if mine[r]]
    if len(held) == 1:
        fr.pop(state)
        _give(state, frame["player"], other, goal.upper(), held[0], record)
        return
    fr.add(
        state,
        ElderGiftFrame(kind="elder_gift", player=frame["player"], other=other, goal=goal.upper()),
    )


def _gift_moves(state: State, frame: ElderGiftFrame) -> list[Move]:
    mine = player(state, frame["player"])["resources"]
    tribe = player(state, frame["other"])["tribe"]
    return [
        Move(
            f"gift:{r}",
            Text(
                "tribes.move.gift", {"res": f"@tribes.res.{r}", "tribe": f"@tribes.tribe.{tribe}"}
            ),
            "elder",
        )
        for r in RESOURCES
        if mine[r]
    ]


def _gift_apply(state: State, frame: ElderGiftFrame, code: str, record: Record) -> None:
    fr.pop(state)
    fr.pop(state)  # elder_borrow
    _give(state, frame["player"], frame["other"], frame["goal"], code.partition(":")[2], record)


def _give(state: State, p: int, other: int, goal: str, resource: str, record: Record) -> None:
    player(state, p)["resources"][resource] -= 1
    player(state, other)["resources"][resource] += 1
    st.data(state)["turn_flags"] += [FLAG, BORROW + goal]
    record.note(
        "tribes.note.elder_gift",
        player=seat(state, p),
        owner=seat(state, other),
        res=f"@tribes.res.{resource}",
        goal=f"@tribes.goal.{goal}",
    )


# ------------------------------------------------------------------------ risks


def village_lost(
    state: State, hex_id: str, owner: int, attacker: int | None, record: Record
) -> None:
    """``owner``'s village on ``hex_id`` was just lost (``attacker``: the tribe that
    attacked in the conflict that caused it, ``None`` when nobody did)."""
    data = st.data(state)
    if elder_at(data, owner) != hex_id:
        return
    data["elders"][owner] = None
    record.note("tribes.note.elder_lost", player=seat(state, owner), hex=hex_id)
    if attacker is not None and attacker != owner:
        gain_vp(state, attacker, ATTACK_VP, "villages", record)
        record.note("tribes.note.elder_taken", player=seat(state, attacker), n=ATTACK_VP)


def seat_left(state: State, p: int) -> None:
    if is_on(st.data(state)):
        st.data(state)["elders"][p] = None


# ------------------------------------------------------------------------ checks


def explain(state: State, code: str) -> IllegalMove | None:
    """Why the ``elder`` move is refused now (``None``: not an Elder move)."""
    if code != "elder":
        return None
    data = st.data(state)
    p = active(state)
    if not is_on(data):
        return IllegalMove("tribes.illegal.elder_off")
    if elder_at(data, p) is None:
        return IllegalMove("tribes.illegal.elder_absent")
    if FLAG in data["turn_flags"]:
        return IllegalMove("tribes.illegal.elder_used")
    return IllegalMove("tribes.illegal.elder_nothing")


def is_well_formed(code: str) -> bool:
    return bool(CODE.match(code))


def check_invariants(state: State) -> str | None:
    """A problem with the Elders (``None``: all is well): each Elder on the map sits on
    a village of its own tribe."""
    data = st.data(state)
    if not is_on(data):
        return None
    for p, hex_id in enumerate(data["elders"]):
        if hex_id is not None and data["villages"].get(hex_id) != p:
            return f"elder of {p} on {hex_id} without its village"
    return None


def player_view(state: State, p: int) -> ElderPart:
    """``{"elder": hex id | None}`` with the option on (empty otherwise)."""
    if not is_on(st.data(state)):
        return {}
    return {"elder": st.data(state)["elders"][p]}


fr.register("elder_call", _call_moves, _call_apply)
fr.register("elder_borrow", _borrow_moves, _borrow_apply, fr.no_undo)
fr.register("elder_gift", _gift_moves, _gift_apply, fr.no_undo)
