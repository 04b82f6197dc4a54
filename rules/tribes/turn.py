"""The five steps of a Tribes turn, and what runs by itself between decisions.

Rulebook "Déroulement de la partie": step 1 village points (1 VP per village at the
start of one's turn), step 2 the roll of the two dice that left the action board (the
engine rolls with the state's seeded generator; any double, blanks included, calls
``events.on_double``: T1, T11), step 3 two different actions (``actions``), step 4
conflicts (``conflicts``), step 5 villages and goals (``build``). ``advance`` runs
after every move: it takes every step that needs no decision (a single conflict, the
end of a turn whose only move is ``end``) and stops at the next decision. 15 VP win at
once at any step (``players.gain_vp``).
"""

from __future__ import annotations

from rules import rng
from rules.base import Move, Record, State
from rules.kit.end import is_over
from rules.kit.turns import Turns
from rules.tribes import actions as ac
from rules.tribes import ancients as an
from rules.tribes import build as bu
from rules.tribes import chief_conflicts as ch_conflicts
from rules.tribes import chief_roll as ch_roll
from rules.tribes import chiefs as ch
from rules.tribes import conflicts as cf
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import DICE
from rules.tribes.crowding import conflict_hexes
from rules.tribes.flow import FLOW
from rules.tribes.players import active, gain_vp, seat
from rules.tribes.setup import placement_moves, placer
from rules.tribes.state import ConflictOrderFrame


def roll_dice(state: State, n: int) -> list[str]:
    """``n`` dice rolled with the seeded generator (every face equally likely)."""
    return [rng.choice(state, DICE.faces) for _ in range(n)]


def step_moves(state: State) -> list[Move]:
    """The moves of the current step when no frame is pending."""
    step = st.data(state)["step"]
    if step == "place":
        return placement_moves(state)
    if step == "actions":
        moves = [*ac.action_moves(state), *bu.pottery_moves(state)]
    elif step == "build":
        moves = [*bu.build_moves(state), *bu.pottery_moves(state)]
    else:
        return []
    p = active(state)
    return [*moves, *events.turn_moves(state, p), *an.turn_moves(state, p)]


def begin_turn(state: State, record: Record) -> None:
    """Steps 1 and 2 of the active player's turn."""
    data = st.data(state)
    p = active(state)
    data["step"] = "actions"
    data["used"] = []
    data["arrived"] = {}
    data["turn_flags"] = []
    if events.start_turn(state, p, record):
        return
    continue_turn(state, record)


def continue_turn(state: State, record: Record) -> None:
    """Steps 1 and 2, once an eliminated tribe is back on the map (T14)."""
    data = st.data(state)
    p = active(state)
    villages = ch.village_count(state, p)  # chiefs: the hidden village scores too
    if villages:
        record.note("tribes.note.village_points", player=seat(state, p), n=villages)
        gain_vp(state, p, villages, "villages", record)
        if is_over(data):
            return
    ch.at_village_points(state, p, record)  # chiefs: Agriculture
    ask_then_roll(state, record)


def ask_then_roll(state: State, record: Record, *, asked: str | None = None) -> None:
    """Step 2: the questions before the roll, each at most once, then the roll: a
    purchase a double would spoil (version 2, ``events.before_roll``), then Prémonition
    (chiefs). ``asked``: the question just answered."""
    p = active(state)
    if asked is None and events.before_roll(state, p, record):
        st.data(state)["roll"] = []
        return
    if asked != "premonition" and ch_roll.before_roll(state, record):  # chiefs: Prémonition
        return
    roll(state, record)


def roll(state: State, record: Record) -> None:
    """Step 2: the dice that left the board are rolled (then ``read_roll``: a double
    calls the events)."""
    data = st.data(state)
    p = active(state)
    dice = len(data["pushed"]) + len(data["hand"])
    faces = roll_dice(state, dice)
    data["hand"] = list(faces)
    data["roll"] = list(faces)
    data["pushed"] = []
    record.note(
        "tribes.note.roll", player=seat(state, p), dice=[f"@tribes.face.{f}" for f in faces]
    )
    if ch_roll.after_roll(state, record):  # chiefs: Lueur dans la nuit may change a die first
        return
    read_roll(state, record)


def read_roll(state: State, record: Record) -> None:
    """Any double, blanks included, calls the events (T1)."""
    data = st.data(state)
    p = active(state)
    faces = data["hand"]
    if len(set(faces)) == 1:
        record.note("tribes.note.double", player=seat(state, p))
        events.on_double(state, p, record)


def end_turn(state: State, record: Record) -> None:
    """The turn passes to the next player still in, whose turn begins at once."""
    data = st.data(state)
    fr.clear(state)
    events.end_turn(state, active(state), record)
    if is_over(data):
        return
    data["pushed"] += data["hand"]
    data["hand"] = []
    Turns(state).advance()
    begin_turn(state, record)


def advance(state: State, record: Record) -> None:
    """Run every step that needs no decision; stop at the next decision or the end."""
    data = st.data(state)
    while not is_over(data) and not data["frames"]:
        step = data["step"]
        if step == "place":
            while data["placing"] < len(state.seats) and state.seats[placer(state)] in state.out:
                data["placing"] += 1
            if data["placing"] < len(state.seats):
                return
            if state.seats[data["turn"]] in state.out:  # the first player left at set-up
                Turns(state).advance()
            begin_turn(state, record)
        elif step == "actions":
            if len(data["used"]) < 2:
                return
            data["step"] = "conflicts"
        elif step == "conflicts":
            if ch_conflicts.ask_ruse(state):  # chiefs: Ruse, once at the start of step 4
                continue
            hexes = conflict_hexes(state)
            if not hexes:
                tr.after_conflicts(state, record)
                data["step"] = "build"
            elif len(hexes) == 1:
                cf.start(state, hexes[0], record)
            else:
                fr.add(state, ConflictOrderFrame(kind="conflict_order", player=active(state)))
        elif step == "build":
            moves = step_moves(state)
            if len(moves) != 1 or moves[0].code != "end":
                return
            end_turn(state, record)
        else:
            return
    if is_over(data):
        fr.clear(state)
        data["step"] = "over"


FLOW.advance = advance
FLOW.continue_turn = continue_turn
FLOW.ask_then_roll = ask_then_roll
FLOW.roll = roll
FLOW.read_roll = read_roll
