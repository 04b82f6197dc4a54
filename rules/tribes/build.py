"""Step 5 of a turn: building villages and completing goals, then ``end``; Pottery.

Rulebook "Étape 5": any number of villages (``village:h05``), each at the tribe's cost
(``data/tribes.json``; a cost with ``any`` asks which resource when it matters:
``pay:wood``), on a hex holding the builder's members and no village, while pawns
remain (12 in all, T9); the first one uses the pawn set aside at set-up. Any number of
goals (``goal:d1``). Both optional; ``end`` passes the turn (taken by itself when it is
the only move left).

Pottery (D8, ``pottery`` then ``swap:kaha:wood`` then ``give:food``): once per turn,
between two decisions of one's own turn, swap one of one's resources for one resource
of another type of a player who shares a hex with one (who cannot refuse).
"""

from __future__ import annotations

from rules.base import Move, Record, State, Text
from rules.tribes import board as bd
from rules.tribes import chief_frames as chf
from rules.tribes import chiefs as ch
from rules.tribes import events
from rules.tribes import frames as fr
from rules.tribes import goals as gl
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import RESOURCES
from rules.tribes.players import active, can_pay, has_development, player, seat
from rules.tribes.state import PayFrame, PotteryGiveFrame, PotteryTakeFrame
from rules.tribes.villages import build_village, village_cost

POTTERY_FLAG = "pottery"
END = Move("end", Text("tribes.move.end"), "end")


def pawns_left(state: State) -> int:
    data = st.data(state)
    return int(data["village_supply"] + (1 if data["village_aside"] else 0))


def village_spots(state: State, p: int) -> list[str]:
    data = st.data(state)
    costs = ch.village_costs(state, p, village_cost(state, p))  # chiefs: Bâtisseurs
    if not pawns_left(state) or not any(can_pay(state, p, c) for c in costs):
        return []
    return [
        h
        for h in bd.occupied_by(data, p)
        if bd.village(data, h) is None
        and events.village_allowed(state, h)
        and tr.village_allowed(data, h)
    ]


def build_moves(state: State) -> list[Move]:
    p = active(state)
    data = st.data(state)
    moves = [
        Move(
            f"village:{h.lower()}",
            Text(
                "tribes.move.village",
                {"hex": h, "terrain": f"@tribes.terrain.{bd.terrain(data, h)}"},
            ),
            "village",
        )
        for h in village_spots(state, p)
    ]
    moves += [
        Move(f"goal:{g.lower()}", Text("tribes.move.goal", {"goal": f"@tribes.goal.{g}"}), "goal")
        for g in player(state, p)["goals"]
        if gl.can_complete(state, p, g)
    ]
    return [*moves, END]


def apply_build(state: State, code: str, record: Record) -> None:
    p = active(state)
    kind, _, arg = code.partition(":")
    if kind == "goal":
        gl.complete(state, p, arg.upper(), record)
        return
    hex_id = arg.upper()
    if chf.ask_village_discount(state, p, hex_id, record):  # chiefs: Bâtisseurs
        return
    choices = _any_choices(state, p)
    if len(choices) > 1:
        fr.add(state, PayFrame(kind="pay", player=p, hex=hex_id, choices=choices))
        return
    build_village(state, p, hex_id, choices[0] if choices else None, record)


def _any_choices(state: State, p: int) -> list[str]:
    """The resources that may pay the ``any`` part of the village cost."""
    cost = village_cost(state, p)
    if not cost.get("any"):
        return []
    fixed = {k: v for k, v in cost.items() if k != "any"}
    have = player(state, p)["resources"]
    return [r for r in RESOURCES if have[r] - fixed.get(r, 0) >= 1]


def _pay_moves(state: State, frame: PayFrame) -> list[Move]:
    return [
        Move(f"pay:{r}", Text("tribes.move.pay", {"res": f"@tribes.res.{r}"}), "village")
        for r in frame["choices"]
    ]


def _pay_apply(state: State, frame: PayFrame, code: str, record: Record) -> None:
    fr.pop(state)
    build_village(state, frame["player"], frame["hex"], code.partition(":")[2], record)


# ----------------------------------------------------------------------------- pottery


def _partners(state: State, p: int) -> list[tuple[int, str]]:
    """(player, resource) pairs Pottery may take from: sharing a hex, holding it, and
    ``p`` holding some other type to give."""
    mine = player(state, p)["resources"]
    found = []
    for other in range(len(state.seats)):
        if (
            other == p
            or state.seats[other] in state.out
            or not bd.shares_hex(st.data(state), p, other)
        ):
            continue
        theirs = player(state, other)["resources"]
        for r in RESOURCES:
            if theirs[r] and any(mine[g] for g in RESOURCES if g != r):
                found.append((other, r))
    return found


def pottery_moves(state: State) -> list[Move]:
    p = active(state)
    if (
        POTTERY_FLAG in st.data(state)["turn_flags"]
        or not has_development(state, p, "forced_swap")
        or not _partners(state, p)
    ):
        return []
    return [Move("pottery", Text("tribes.move.pottery"), "pottery")]


def apply_pottery(state: State, record: Record) -> None:
    fr.add(state, PotteryTakeFrame(kind="pottery_take", player=active(state)))


def _take_moves(state: State, frame: PotteryTakeFrame) -> list[Move]:
    return [
        Move(
            f"swap:{player(state, o)['tribe']}:{r}",
            Text(
                "tribes.move.swap",
                {"tribe": f"@tribes.tribe.{player(state, o)['tribe']}", "res": f"@tribes.res.{r}"},
            ),
            "pottery",
        )
        for o, r in _partners(state, frame["player"])
    ]


def _take_apply(state: State, frame: PotteryTakeFrame, code: str, record: Record) -> None:
    _, tribe, resource = code.split(":")
    other = next(i for i, pl in enumerate(st.data(state)["players"]) if pl["tribe"] == tribe)
    fr.add(
        state,
        PotteryGiveFrame(kind="pottery_give", player=frame["player"], other=other, take=resource),
    )


def _give_moves(state: State, frame: PotteryGiveFrame) -> list[Move]:
    mine = player(state, frame["player"])["resources"]
    return [
        Move(f"give:{r}", Text("tribes.move.give", {"res": f"@tribes.res.{r}"}), "pottery")
        for r in RESOURCES
        if r != frame["take"] and mine[r]
    ]


def _give_apply(state: State, frame: PotteryGiveFrame, code: str, record: Record) -> None:
    fr.pop(state)
    fr.pop(state)  # pottery_take
    p, other, take = frame["player"], frame["other"], frame["take"]
    give = code.partition(":")[2]
    player(state, p)["resources"][give] -= 1
    player(state, other)["resources"][give] += 1
    player(state, other)["resources"][take] -= 1
    player(state, p)["resources"][take] += 1
    st.data(state)["turn_flags"].append(POTTERY_FLAG)
    record.note(
        "tribes.note.pottery",
        player=seat(state, p),
        owner=seat(state, other),
        give=f"@tribes.res.{give}",
        take=f"@tribes.res.{take}",
    )


fr.register("pay", _pay_moves, _pay_apply, fr.no_undo)
fr.register("pottery_take", _take_moves, _take_apply, fr.no_undo)
fr.register("pottery_give", _give_moves, _give_apply, fr.no_undo)
