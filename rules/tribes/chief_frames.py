"""The decisions chief powers open in steps 3 and 5 (frames ``ch_*``), and their hooks.

Rulebook "Pouvoirs des chefs" with its notes (T24); rulings in the ``rules.tribes``
docstring, "Chiefs". Step 2 powers are in ``chief_roll``, step 4 powers in
``chief_conflicts``. Here:

- Marchands (``trade`` then ``trade:wood:food``): once per turn, at any moment of one's
  own turn, frames of events included: 2 of one type to the supply for 1 of another.
- Bâtisseurs (``spare:wood``): which resource a village does without.
- Éducation (``teach:h05`` or ``noteach``): after the Lead's draw, 1 member from the
  supply on an occupied hex, optional.
- Voyageurs (``voyage``, ``vfrom:``, ``vto:``, ``vn:``): once per turn, in step 3 or 5,
  up to 2 members from one hex to a neighbour; they keep their Travel. At step 5 no
  hex may go above its limit (the conflicts of the turn are over).
- Embuscade (``lurk`` in Grow, ``spring`` then ``to:``/``n:`` in Travel).
- Partage des richesses (``share:wood``) after another tribe's Gather.
- Village caché (``hidden`` at step 5).
- Paying one resource (``cpay:stone``) when several types are held: the free part of
  the hidden village's cost, Ruse and Intimidation (``THEN`` says what follows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict, Unpack

from rules.base import Move, Record, State, Text
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import event_market
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.components import RESOURCES
from rules.tribes.crowding import population_limit
from rules.tribes.flow import FLOW
from rules.tribes.players import active, can_pay, pay, player, seat
from rules.tribes.state import (
    ChPayFrame,
    ChShareFrame,
    ChSpareFrame,
    ChSpringFrame,
    ChTeachFrame,
    ChTradeFrame,
    ChVoyageFrame,
    GrowFrame,
    TravelFrame,
)
from rules.tribes.terrains import hex_params
from rules.tribes.values import hex_resources, movable, travel_allowed
from rules.tribes.villages import build_village, lose_villages, village_cost


class PayFields(TypedDict, total=False):
    """What a payment (``cpay:``) hands on to what follows it: the hex, and for
    Intimidation the tribe (or ``invaders``) scared off it."""

    hex: str
    target: str


PayThen = Callable[[State, int, str, PayFields, Record], None]
"""What follows a resource paid: ``(state, player, resource, fields, record)``."""


def res_ref(r: str) -> str:
    return f"@tribes.res.{r}"


# ------------------------------------------------------------ between decisions


def anytime_moves(state: State, p: int) -> list[Move]:
    """Marchands at any moment of one's own turn; Voyageurs and Village caché between
    the decisions of steps 3 and 5."""
    if not ch.is_on(state):
        return []
    data = st.data(state)
    if active(state) != p or data["step"] not in ("actions", "conflicts", "build"):
        return []
    frame = fr.top(state)
    if frame is not None and (frame["player"] != p or frame["kind"].startswith("ch_")):
        return []
    moves = []
    if _can_trade(state, p):
        moves.append(Move("trade", Text("tribes.chief.move.trade"), "chief"))
    if frame is None and data["step"] in ("actions", "build") and _voyage_sources(state, p):
        moves.append(Move("voyage", Text("tribes.chief.move.voyage"), "chief"))
    if frame is None and data["step"] == "build" and _can_hide(state, p):
        moves.append(Move("hidden", Text("tribes.chief.move.hidden"), "village"))
    return moves


def apply_anytime(state: State, p: int, code: str, record: Record) -> None:
    if code == "trade":
        fr.add(state, ChTradeFrame(kind="ch_trade", player=p))
    elif code == "voyage":
        fr.add(state, ChVoyageFrame(kind="ch_voyage", player=p, stage="from"))
    else:
        _start_hidden(state, p, record)


# --------------------------------------------------------------------- Marchands


def _can_trade(state: State, p: int) -> bool:
    give = ch.param("merchants", "give")
    return (
        ch.has(state, p, "merchants")
        and not ch.used(state, "merchants")
        and any(n >= give for n in player(state, p)["resources"].values())
    )


def _trade_moves(state: State, frame: ChTradeFrame) -> list[Move]:
    have = player(state, frame["player"])["resources"]
    give, take = ch.param("merchants", "give"), ch.param("merchants", "take")
    return [
        Move(
            f"trade:{g}:{t}",
            Text(
                "tribes.chief.move.trade_pair",
                {"give": res_ref(g), "n": give, "take": res_ref(t), "m": take},
            ),
            "chief",
        )
        for g in RESOURCES
        if have[g] >= give
        for t in RESOURCES
        if t != g
    ]


def _trade_apply(state: State, frame: ChTradeFrame, code: str, record: Record) -> None:
    fr.pop(state)
    _, g, t = code.split(":")
    p = frame["player"]
    have = player(state, p)["resources"]
    give, take = ch.param("merchants", "give"), ch.param("merchants", "take")
    have[g] -= give
    have[t] += take
    ch.use(state, "merchants")
    record.note(
        "tribes.chief.note.trade",
        player=seat(state, p),
        n=give,
        give=res_ref(g),
        m=take,
        take=res_ref(t),
    )


# ------------------------------------------------- paying 1 resource (Ruse, ...)


def pay_one(state: State, p: int, then: str, record: Record, **fields: Unpack[PayFields]) -> None:
    """Pay 1 resource to the supply: at once when one type is held, else ask which."""
    types = ch.held_types(state, p)
    if len(types) == 1:
        player(state, p)["resources"][types[0]] -= 1
        THEN[then](state, p, types[0], fields, record)
        return
    frame = ChPayFrame(kind="ch_pay", player=p, then=then, types=types)
    if "hex" in fields:
        frame["hex"] = fields["hex"]
    if "target" in fields:
        frame["target"] = fields["target"]
    fr.add(state, frame)


def _pay_moves(state: State, frame: ChPayFrame) -> list[Move]:
    return [
        Move(f"cpay:{r}", Text("tribes.chief.move.pay", {"res": res_ref(r)}), "chief")
        for r in frame["types"]
    ]


def _pay_apply(state: State, frame: ChPayFrame, code: str, record: Record) -> None:
    fr.pop(state)
    r = code.partition(":")[2]
    p = frame["player"]
    if frame["then"] != "hidden":
        player(state, p)["resources"][r] -= 1
    THEN[frame["then"]](state, p, r, frame, record)


# -------------------------------------------------------------------- Bâtisseurs


def ask_village_discount(state: State, p: int, hex_id: str, record: Record) -> bool:
    """Bâtisseurs: which resource the village does without, when it matters."""
    if not ch.has(state, p, "builders"):
        return False
    costs = [c for c in ch.village_costs(state, p, village_cost(state, p)) if can_pay(state, p, c)]
    spared = [_spared(state, p, c) for c in costs]
    if len(costs) == 1 or "any" in spared:
        cost = costs[0]
        if cost.get("any"):
            return False  # the base game's question of the free part follows
        build_village(state, p, hex_id, None, record, cost=cost)
        return True
    fr.add(state, ChSpareFrame(kind="ch_spare", player=p, hex=hex_id, spared=spared))
    return True


def _spared(state: State, p: int, cost: dict[str, int]) -> str:
    full = village_cost(state, p)
    return next(k for k in full if full[k] != cost.get(k))


def _spare_moves(state: State, frame: ChSpareFrame) -> list[Move]:
    return [
        Move(f"spare:{r}", Text("tribes.chief.move.spare", {"res": res_ref(r)}), "village")
        for r in frame["spared"]
    ]


def _spare_apply(state: State, frame: ChSpareFrame, code: str, record: Record) -> None:
    fr.pop(state)
    p = frame["player"]
    r = code.partition(":")[2]
    cost = village_cost(state, p)
    cost[r] -= ch.param("builders", "n")
    build_village(state, p, frame["hex"], None, record, cost=cost)


# --------------------------------------------------------------------- Éducation


def after_lead(state: State, p: int, record: Record) -> None:
    """Éducation: after the draw, 1 more member on an occupied hex (optional)."""
    if not ch.has(state, p, "education") or not player(state, p)["supply"]:
        return
    hexes = bd.occupied_by(st.data(state), p)
    if hexes:
        fr.add(state, ChTeachFrame(kind="ch_teach", player=p, hexes=hexes))


def _teach_moves(state: State, frame: ChTeachFrame) -> list[Move]:
    moves = [
        Move(f"teach:{h.lower()}", Text("tribes.chief.move.teach", hex_params(state, h)), "lead")
        for h in frame["hexes"]
    ]
    return [*moves, Move("noteach", Text("tribes.chief.move.noteach"), "lead")]


def _teach_apply(state: State, frame: ChTeachFrame, code: str, record: Record) -> None:
    fr.pop(state)
    if code == "noteach":
        return
    p, hex_id = frame["player"], code.partition(":")[2].upper()
    n = min(ch.param("education", "n"), player(state, p)["supply"])
    bd.add(st.data(state), hex_id, p, n)
    player(state, p)["supply"] -= n
    record.note("tribes.chief.note.education", player=seat(state, p), hex=hex_id, n=n)


# --------------------------------------------------------------------- Voyageurs


def _voyage_sources(state: State, p: int) -> list[str]:
    if not ch.has(state, p, "travellers") or ch.used(state, "travellers"):
        return []
    return [h for h in bd.occupied_by(st.data(state), p) if _voyage_targets(state, h)]


def _room(state: State, hex_id: str) -> int:
    """How many members may arrive on ``hex_id`` by Voyageurs now (no limit in step 3;
    at step 5 up to the population limit)."""
    if st.data(state)["step"] != "build":
        return ch.param("travellers", "members")
    return max(0, population_limit(state, hex_id) - bd.population(st.data(state), hex_id))


def _voyage_targets(state: State, source: str) -> list[str]:
    return [
        h
        for h in bd.neighbours(st.data(state), source)
        if travel_allowed(state, source, h) and _room(state, h) > 0
    ]


def _voyage_moves(state: State, frame: ChVoyageFrame) -> list[Move]:
    p, stage = frame["player"], frame["stage"]
    if stage == "from":
        return [
            Move(
                f"vfrom:{h.lower()}",
                Text("tribes.chief.move.vfrom", hex_params(state, h)),
                "chief",
            )
            for h in _voyage_sources(state, p)
        ]
    if stage == "to":
        return [
            Move(f"vto:{h.lower()}", Text("tribes.chief.move.vto", hex_params(state, h)), "chief")
            for h in _voyage_targets(state, frame["source"])
        ]
    return [
        Move(f"vn:{k}", Text("tribes.move.count", {"n": k, "hex": frame["target"]}), "chief")
        for k in range(1, frame["most"] + 1)
    ]


def _voyage_apply(state: State, frame: ChVoyageFrame, code: str, record: Record) -> None:
    head, _, arg = code.partition(":")
    p = frame["player"]
    if head == "vfrom":
        frame["stage"] = "to"
        frame["source"] = arg.upper()
        return
    if head == "vto":
        target = arg.upper()
        most = min(
            ch.param("travellers", "members"),
            bd.count(st.data(state), frame["source"], p),
            _room(state, target),
        )
        if most > 1:
            frame["stage"] = "n"
            frame["target"] = target
            frame["most"] = most
            return
        frame["target"] = target
        arg = "1"
    fr.pop(state)
    _voyage(state, p, frame["source"], frame["target"], int(arg), record)


def _voyage(state: State, p: int, source: str, target: str, k: int, record: Record) -> None:
    """Not a Travel: the members keep their Travel of the turn; the marks of members
    who travelled on ``source`` never exceed the members left there."""
    data = st.data(state)
    bd.add(data, source, p, -k)
    bd.add(data, target, p, k)
    left = bd.count(data, source, p)
    if data["arrived"].get(source, 0) > left:
        data["arrived"][source] = left
    ch.use(state, "travellers")
    record.note(
        "tribes.chief.note.voyage", player=seat(state, p), n=k, source=source, target=target
    )
    lose_villages(state, record)


# --------------------------------------------------------------------- Embuscade


def lurk(state: State, frame: GrowFrame, record: Record) -> None:
    """Grow: one new member on the player board instead of a hex."""
    p = frame["player"]
    ch.chiefs_of(state)["board"][p] += 1
    player(state, p)["supply"] -= 1
    frame["left"] -= 1
    frame["committed"] = True
    record.note("tribes.chief.note.lurk", player=seat(state, p))
    if frame["left"] == 0 or not player(state, p)["supply"]:
        fr.pop(state)


def spring(state: State, frame: TravelFrame) -> None:
    """Travel: members leave the player board for any hex."""
    hexes = [h for h in st.data(state)["hexes"] if travel_allowed(state, h, h)]
    fr.add(state, ChSpringFrame(kind="ch_spring", player=frame["player"], hexes=hexes))


def _spring_moves(state: State, frame: ChSpringFrame) -> list[Move]:
    if "most" in frame:
        return [
            Move(f"n:{k}", Text("tribes.move.count", {"n": k, "hex": frame["target"]}), "travel")
            for k in range(1, frame["most"] + 1)
        ]
    return [
        Move(f"to:{h.lower()}", Text("tribes.chief.move.spring_to", hex_params(state, h)), "travel")
        for h in frame["hexes"]
    ]


def _spring_apply(state: State, frame: ChSpringFrame, code: str, record: Record) -> None:
    head, _, arg = code.partition(":")
    p = frame["player"]
    travel = fr.below(state)
    assert travel["kind"] == "travel"
    if head == "to":
        most = min(travel["left"], ch.board_members(state, p))
        frame["target"] = arg.upper()
        if most > 1:
            frame["most"] = most
            return
        arg = "1"
    fr.pop(state)
    _spring(state, p, frame["target"], int(arg), record)


def _spring(state: State, p: int, target: str, k: int, record: Record) -> None:
    data = st.data(state)
    travel = fr.top(state)
    assert travel is not None and travel["kind"] == "travel"
    alone = not bd.members(data, target)[p] and sum(bd.members(data, target)) > 0
    ch.chiefs_of(state)["board"][p] -= k
    bd.add(data, target, p, k)
    data["arrived"][target] = data["arrived"].get(target, 0) + k
    travel["left"] -= k
    travel["committed"] = True
    record.note("tribes.chief.note.spring", player=seat(state, p), n=k, hex=target)
    stuck = not any(movable(state, p, h) for h in bd.occupied_by(data, p))
    if travel["left"] == 0 or (stuck and not ch.board_members(state, p)):
        fr.pop(state)
    event_market.on_arrival(state, p, target, alone, record)


# ------------------------------------------------------- Partage des richesses


def after_gather(state: State, p: int, selected: list[str], record: Record) -> None:
    """Another tribe gathered on a hex the Mu'k'a'an occupies: 1 resource of a type
    one of its own hexes produces."""
    m = ch.holder(state, "sharing")
    if m is None or m == p or not any(bd.count(st.data(state), h, m) for h in selected):
        return
    types = sorted(
        {r for h in bd.occupied_by(st.data(state), m) for r in hex_resources(state, h)},
        key=RESOURCES.index,
    )
    if len(types) == 1:
        _share(state, m, types[0], record)
    elif types:
        fr.add(state, ChShareFrame(kind="ch_share", player=m, types=types))


def _share(state: State, m: int, r: str, record: Record) -> None:
    n = ch.param("sharing", "n")
    player(state, m)["resources"][r] += n
    record.note("tribes.chief.note.share", player=seat(state, m), n=n, res=res_ref(r))


def _share_moves(state: State, frame: ChShareFrame) -> list[Move]:
    return [
        Move(f"share:{r}", Text("tribes.chief.move.share", {"res": res_ref(r)}), "chief")
        for r in frame["types"]
    ]


def _share_apply(state: State, frame: ChShareFrame, code: str, record: Record) -> None:
    fr.pop(state)
    _share(state, frame["player"], code.partition(":")[2], record)


# ------------------------------------------------------------------ Village caché


def _can_hide(state: State, p: int) -> bool:
    data = st.data(state)
    return (
        ch.has(state, p, "hidden_village")
        and ch.hidden_villages(state, p) < ch.param("hidden_village", "most")
        and bool(bd.villages_of(data, p))
        and data["village_supply"] > 0
        and can_pay(state, p, village_cost(state, p))
    )


def _start_hidden(state: State, p: int, record: Record) -> None:
    cost = village_cost(state, p)
    if not cost.get("any"):
        _hide(state, p, cost, record)
        return
    fixed = {k: v for k, v in cost.items() if k != "any"}
    have = player(state, p)["resources"]
    types = [r for r in RESOURCES if have[r] - fixed.get(r, 0) >= 1]
    if len(types) == 1:
        _hidden_paid(state, p, types[0], {}, record)
    else:
        fr.add(state, ChPayFrame(kind="ch_pay", player=p, then="hidden", types=types))


def _hidden_paid(state: State, p: int, r: str, fields: PayFields, record: Record) -> None:
    cost = {k: v for k, v in village_cost(state, p).items() if k != "any"}
    cost[r] = cost.get(r, 0) + 1
    _hide(state, p, cost, record)


def _hide(state: State, p: int, cost: dict[str, int], record: Record) -> None:
    pay(state, p, cost)
    st.data(state)["village_supply"] -= 1
    ch.chiefs_of(state)["hidden"][p] += 1
    record.note("tribes.chief.note.hidden", player=seat(state, p))


# --------------------------------------------------------------- a seat leaves


def drop_frames_of(state: State, p: int, record: Record) -> None:
    """``p`` left while answering a chief question on another's turn: the question is
    dropped; a conflict waiting for Intimidation is then resolved, and the turn goes on."""
    frames = st.data(state)["frames"]
    mine = [f for f in frames if f["kind"].startswith("ch_") and f["player"] == p]
    if not mine or active(state) == p:
        return
    fr.drop(state, lambda f: f in mine)
    hexes = [
        f["hex"] for f in mine if (f["kind"] == "ch_scare" or f["kind"] == "ch_pay") and "hex" in f
    ]
    if hexes and any(f["kind"] == "ch_scare" or f.get("then") == "scare" for f in mine):
        FLOW.resolve(state, hexes[0], record)
    FLOW.advance(state, record)  # the step the question held up goes on (a conflict step)


def seat_left(state: State, p: int, record: Record) -> None:
    """``p`` left: its Kia-Kia members on the board and its hidden village go back to
    the supplies; a pick still owed ends the pick step; a question it was answering on
    someone else's turn is dropped and the turn goes on."""
    if not ch.is_on(state):
        return
    mine = ch.chiefs_of(state)
    player(state, p)["supply"] += mine["board"][p]
    mine["board"][p] = 0
    st.data(state)["village_supply"] += mine["hidden"][p]
    mine["hidden"][p] = 0
    ch.end_picking(state)
    drop_frames_of(state, p, record)


THEN: dict[str, PayThen] = {"hidden": _hidden_paid}
"""What follows a resource paid with ``cpay:`` (``chief_conflicts`` adds Ruse and
Intimidation)."""

fr.register("ch_trade", _trade_moves, _trade_apply, fr.no_undo)
fr.register("ch_pay", _pay_moves, _pay_apply)
fr.register("ch_spare", _spare_moves, _spare_apply, fr.no_undo)
fr.register("ch_teach", _teach_moves, _teach_apply)
fr.register("ch_voyage", _voyage_moves, _voyage_apply, fr.no_undo)
fr.register("ch_spring", _spring_moves, _spring_apply, fr.no_undo)
fr.register("ch_share", _share_moves, _share_apply)
