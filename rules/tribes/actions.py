"""Step 3 of a turn: two different actions, dice pushing, strength, Grow/Travel/Gather/Lead.

Rulebook "Étape 3" and T2: the player puts one of the two rolled dice on the entry slot
of an action not taken yet this turn (``grow:sun``); the dice there are pushed along and
the one leaving the exit slot waits for the next player's roll. The three dice now on
the action give its strength: 2+ moons reduced, 2+ suns boosted, else normal (values in
``data/actions.json``). Each action is resolved in full before the second die is placed.
Fire (D6) may count one moon as blank once per turn (``grow:moon:fire``).

- Grow (``add:h05`` one member, ``fill:h05`` all that are left, ``done``): up to N
  members from the supply,
  on hexes the tribe occupied when the action began (T4); Oxen +1.
- Travel (``from:h05``, ``to:h06``, ``n:2``, ``done``): up to N members, one hex each,
  each member once per turn (T5); terrain and opponents never matter; Horse: +1 member
  and up to 2 hexes. A village whose owner leaves its hex is lost at once (T9).
- Gather (``at:h05``, ``at:h05:stone`` when a hex may give several types): N selections
  of an occupied hex, each giving the listed amount of its resource; a hex may be
  selected again (T3). Basketry: 1 more resource of a type gathered (``extra:wood``).
- Lead (``discard:d1``, ``draw``): one discard per village before drawing (they go under
  the deck), then draw that many plus N cards; Cave paintings +1. Drawn cards are
  public (T12).

``back`` takes the die back while nothing of the action has happened.
"""

from __future__ import annotations

import functools

from rules.base import Move, Record, State, Text
from rules.kit import decks
from rules.tribes import board as bd
from rules.tribes import chief_frames as chf
from rules.tribes import chiefs as ch
from rules.tribes import event_market
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import ACTION_ORDER
from rules.tribes.event_state import reviewed
from rules.tribes.players import active, draw_goals, player, seat
from rules.tribes.state import (
    BasketryFrame,
    DieData,
    GatherFrame,
    GrowFrame,
    LeadFrame,
    TravelCountFrame,
    TravelFrame,
    TravelToFrame,
    TribesData,
)
from rules.tribes.values import (
    FIRE_FLAG,
    action_values,
    can_use_fire,
    gather_extra,
    hex_resources,
    movable,
    travel_allowed,
)
from rules.tribes.villages import lose_villages


def strength(dice: list[str], *, fire: bool = False) -> str:
    """The strength of an action from its three dice (2+ moons first: they cannot tie)."""
    moons = dice.count("moon") - (1 if fire and "moon" in dice else 0)
    if moons >= 2:
        return "reduced"
    if dice.count("sun") >= 2:
        return "boosted"
    return "normal"


SLOTS = 3
"""Dice per action; ``data["board"]`` holds them in one flat list, action by action
(``ACTION_ORDER``), entry slot first."""


def column(data: TribesData, action: str) -> list[str]:
    """The three dice on ``action``, entry slot first (a copy)."""
    start = ACTION_ORDER.index(action) * SLOTS
    found: list[str] = data["board"][start : start + SLOTS]
    return found


def set_column(data: TribesData, action: str, dice: list[str]) -> None:
    start = ACTION_ORDER.index(action) * SLOTS
    data["board"][start : start + SLOTS] = dice


def after_placing(state: State, action: str, face: str) -> list[str]:
    """The three dice of ``action`` once ``face`` enters on the left."""
    return [face, *column(st.data(state), action)[:2]]


# ------------------------------------------------------------------ choosing an action


def action_moves(state: State) -> list[Move]:
    data = st.data(state)
    p = active(state)
    fire_ready = can_use_fire(state, p)
    moves = []
    faces = list(dict.fromkeys(data["hand"]))
    for action in ACTION_ORDER:
        if action in data["used"]:
            continue
        for face in faces:
            dice = after_placing(state, action, face)
            power = strength(dice)
            moves.append(_action_move(action, face, power, fire=False))
            if fire_ready and power == "reduced" and strength(dice, fire=True) != "reduced":
                moves.append(_action_move(action, face, strength(dice, fire=True), fire=True))
    return moves


@functools.cache
def _action_move(action: str, face: str, power: str, *, fire: bool) -> Move:
    """The move placing ``face`` on ``action`` at strength ``power`` (with Fire: its
    strength once a moon counts as blank). Moves are values: each of the few dozen is
    made once."""
    params = {
        "action": f"@tribes.action.{action}",
        "face": f"@tribes.face.{face}",
        "strength": f"@tribes.strength.{power}",
    }
    if fire:
        return Move(f"{action}:{face}:fire", Text("tribes.move.action_fire", params), "action")
    return Move(f"{action}:{face}", Text("tribes.move.action", params), "action")


def apply_action(state: State, code: str, record: Record) -> None:
    """Place a die (``grow:sun[:fire]``) and start resolving the action."""
    data = st.data(state)
    action, face, *rest = code.split(":")
    fire = bool(rest)
    p = active(state)
    slot = data["hand"].index(face)
    data["hand"].pop(slot)
    dice = [face, *column(data, action)]
    out = dice.pop()
    set_column(data, action, dice)
    data["pushed"].append(out)
    data["used"].append(action)
    if fire:
        data["turn_flags"].append(FIRE_FLAG)
    power = strength(dice, fire=fire)
    melting = power == "boosted" and tr.on_boosted(state, record)
    record.note(
        "tribes.note.action",
        player=seat(state, p),
        action=f"@tribes.action.{action}",
        strength=f"@tribes.strength.{power}",
    )
    die = DieData(action=action, face=face, slot=slot, out=out, fire=fire)
    if melting:
        die["glacier"] = True
    STARTS[action](state, p, action_values(state, p, action, power), die, record)


def undo_die(state: State, frame: GatherFrame | GrowFrame | LeadFrame | TravelFrame) -> None:
    """``back`` from an action nothing happened in: the die returns to the hand."""
    die = frame["die"]
    data = st.data(state)
    set_column(data, die["action"], [*column(data, die["action"])[1:], die["out"]])
    data["pushed"].pop()
    data["used"].remove(die["action"])
    data["hand"].insert(die["slot"], die["face"])
    if die["fire"]:
        data["turn_flags"].remove(FIRE_FLAG)
    if die.get("glacier"):
        tr.undo_boosted(state)


# ------------------------------------------------------------------------------- grow


def _start_grow(state: State, p: int, values: dict[str, int], die: DieData, record: Record) -> None:
    n = values["members"]  # Oxen and Hiver clément included (``values``)
    winter = event_market.on_grow(state, p, record)  # takes its food even if nobody is added
    hexes = ch.grow_hexes(state, p, bd.occupied_by(st.data(state), p))  # chiefs: Exogamie
    if not (hexes or ch.may_grow_without_hexes(state, p)) or not player(state, p)["supply"]:
        record.note("tribes.note.nothing", player=seat(state, p))
        return
    frame = fr.add(state, GrowFrame(kind="grow", player=p, left=n, hexes=hexes, die=die))
    if winter is not None and reviewed(state):
        frame["committed"] = True  # Hiver clément ate its food: the die stays (v2)


FILL_UP_TO = 12
"""``fill:`` moves are offered while the tribe holds at most this many hexes (menus <= 25)."""


def _grow_moves(state: State, frame: GrowFrame) -> list[Move]:
    moves = [
        Move(f"add:{h.lower()}", Text("tribes.move.add", tr.hex_params(state, h)), "grow")
        for h in frame["hexes"]
    ]
    most = min(frame["left"], player(state, frame["player"])["supply"])
    if most > 1 and len(frame["hexes"]) <= FILL_UP_TO:
        moves += [
            Move(
                f"fill:{h.lower()}",
                Text("tribes.move.fill", {**tr.hex_params(state, h), "n": most}),
                "grow",
            )
            for h in frame["hexes"]
        ]
    moves += ch.grow_moves(state, frame)  # chiefs: Embuscade
    return [*moves, Move("done", Text("tribes.move.done_grow", {"n": frame["left"]}), "done")]


def _grow_apply(state: State, frame: GrowFrame, code: str, record: Record) -> None:
    if code == "done":
        fr.pop(state)
        return
    if code == "lurk":  # chiefs: Embuscade
        chf.lurk(state, frame, record)
        return
    p = frame["player"]
    kind, _, arg = code.partition(":")
    hex_id = arg.upper()
    n = min(frame["left"], player(state, p)["supply"]) if kind == "fill" else 1
    bd.add(st.data(state), hex_id, p, n)
    player(state, p)["supply"] -= n
    frame["left"] -= n
    frame["committed"] = True
    record.note("tribes.note.grew", player=seat(state, p), hex=hex_id, n=n)
    if frame["left"] == 0 or not player(state, p)["supply"]:
        fr.pop(state)


# ----------------------------------------------------------------------------- travel


def _start_travel(
    state: State, p: int, values: dict[str, int], die: DieData, record: Record
) -> None:
    n, reach = values["members"], values["reach"]  # Horse included (``values``)
    if not any(movable(state, p, h) for h in bd.occupied_by(st.data(state), p)) and not (
        ch.board_members(state, p)  # chiefs: Embuscade
    ):
        record.note("tribes.note.nothing", player=seat(state, p))
        return
    fr.add(state, TravelFrame(kind="travel", player=p, left=n, reach=reach, die=die))


def _travel_moves(state: State, frame: TravelFrame) -> list[Move]:
    p = frame["player"]
    moves = []
    for h in bd.occupied_by(st.data(state), p) if frame["left"] else ():
        n = movable(state, p, h)
        if n:
            params = {**tr.hex_params(state, h), "n": n}
            moves.append(Move(f"from:{h.lower()}", Text("tribes.move.from", params), "travel"))
    moves += event_market.mammoth_moves(state, p)
    moves += ch.travel_moves(state, frame)  # chiefs: Embuscade
    return [*moves, Move("done", Text("tribes.move.done_travel", {"n": frame["left"]}), "done")]


def _travel_apply(state: State, frame: TravelFrame, code: str, record: Record) -> None:
    if code == "done":
        fr.pop(state)
        event_market.travel_over(state, frame["player"], record)
        return
    if code.startswith("mammoth:"):
        event_market.apply_mammoth_move(state, frame["player"], code, record)
        return
    if code == "spring":  # chiefs: Embuscade
        chf.spring(state, frame)
        return
    fr.add(
        state,
        TravelToFrame(
            kind="travel_to", player=frame["player"], source=code.partition(":")[2].upper()
        ),
    )


def _travel_below(state: State) -> TravelFrame:
    """The Travel a question about one member is asked in (the frame below it)."""
    travel = fr.below(state)
    assert travel["kind"] == "travel"
    return travel


def _travel_to_moves(state: State, frame: TravelToFrame) -> list[Move]:
    reach = _travel_below(state)["reach"]
    near = bd.within(st.data(state), frame["source"], reach)
    near = ch.travel_reach(state, frame["player"], frame["source"], reach, near)  # chiefs
    far = set(event_market.canoe_targets(state, frame["player"], frame["source"])) - set(near)
    return [
        Move(f"to:{h.lower()}", Text("tribes.move.to", tr.hex_params(state, h)), "travel")
        for h in [*near, *(h for h in st.data(state)["hexes"] if h in far)]
        if travel_allowed(state, frame["source"], h)
    ]


def _travel_to_apply(state: State, frame: TravelToFrame, code: str, record: Record) -> None:
    target = code.partition(":")[2].upper()
    travel = _travel_below(state)
    most = min(travel["left"], movable(state, frame["player"], frame["source"]))
    if most == 1:
        fr.pop(state)
        move_members(state, frame["player"], frame["source"], target, 1, record)
        return
    fr.add(
        state,
        TravelCountFrame(
            kind="travel_count",
            player=frame["player"],
            source=frame["source"],
            target=target,
            most=most,
        ),
    )


def _count_moves(state: State, frame: TravelCountFrame) -> list[Move]:
    return [
        Move(f"n:{k}", Text("tribes.move.count", {"n": k, "hex": frame["target"]}), "travel")
        for k in range(1, frame["most"] + 1)
    ]


def _count_apply(state: State, frame: TravelCountFrame, code: str, record: Record) -> None:
    fr.pop(state)
    fr.pop(state)  # the travel_to frame
    k = int(code.partition(":")[2])
    move_members(state, frame["player"], frame["source"], frame["target"], k, record)


def move_members(state: State, p: int, source: str, target: str, k: int, record: Record) -> None:
    """``k`` members of ``p`` travel from ``source`` to ``target`` within the Travel."""
    data = st.data(state)
    travel = fr.top(state)
    assert travel is not None and travel["kind"] == "travel"
    alone = not bd.members(data, target)[p] and sum(bd.members(data, target)) > 0
    bd.add(data, source, p, -k)
    bd.add(data, target, p, k)
    data["arrived"][target] = data["arrived"].get(target, 0) + k
    travel["left"] -= k
    travel["committed"] = True
    record.note("tribes.note.travelled", player=seat(state, p), n=k, source=source, target=target)
    lose_villages(state, record)
    stuck = not any(movable(state, p, h) for h in bd.occupied_by(data, p))
    if travel["left"] == 0 or (stuck and not ch.board_members(state, p)):  # chiefs: Embuscade
        if event_market.mammoth_may_follow(state, p):
            travel["left"] = 0  # only the tamed mammoth may still move, then ``done``
        else:
            fr.pop(state)
            event_market.travel_over(state, p, record)
    event_market.on_arrival(state, p, target, alone, record)


# ----------------------------------------------------------------------------- gather


def gather_options(state: State, p: int, frame: GatherFrame) -> list[tuple[str, str]]:
    return [
        (h, r)
        for h in bd.occupied_by(st.data(state), p)
        if tr.can_select(state, frame, h)
        for r in hex_resources(state, h)
    ]


def _start_gather(
    state: State, p: int, values: dict[str, int], die: DieData, record: Record
) -> None:
    frame = fr.add(
        state,
        GatherFrame(
            kind="gather", player=p, left=values["hexes"], each=values["each"], got=[], die=die
        ),
    )
    _gather_settle(state, frame, record)


def _gather_settle(state: State, frame: GatherFrame, record: Record) -> None:
    """Take the selections that offer one choice only; then Basketry; then close."""
    p = frame["player"]
    while frame["left"] > 0:
        options = gather_options(state, p, frame)
        if not options:
            frame["left"] = 0
            if not frame["got"]:
                record.note("tribes.note.nothing", player=seat(state, p))
        elif len(options) == 1 and not tr.mix_codes(state, frame, options[0][0]):
            _select(state, frame, *options[0], record)
        else:
            return
    fr.pop(state)
    event_market.after_gather(state, p, frame.get("at", []), record)
    chf.after_gather(state, p, frame.get("at", []), record)  # chiefs: Partage des richesses
    got = list(dict.fromkeys(frame["got"]))
    if got and gather_extra(state, p):
        if len(got) == 1:
            _basketry(state, p, got[0], record)
        else:
            fr.add(state, BasketryFrame(kind="basketry", player=p, types=got))


def _select(state: State, frame: GatherFrame, hex_id: str, resource: str, record: Record) -> None:
    p = frame["player"]
    gains, counted = tr.gains(state, frame, hex_id, resource)
    bonus = ch.gather_bonus(state, p, hex_id)  # chiefs: Persévérance
    if bonus:
        gains[next(iter(gains))] += bonus
    for got, n in gains.items():
        player(state, p)["resources"][got] += n
        if counted:
            frame["got"].append(got)
        record.note(
            "tribes.note.gathered", player=seat(state, p), n=n, res=f"@tribes.res.{got}", hex=hex_id
        )
    frame.setdefault("at", []).append(hex_id)
    frame["left"] -= 1
    frame["committed"] = True
    tr.after_select(state, p, hex_id, record)


def _gather_moves(state: State, frame: GatherFrame) -> list[Move]:
    options = gather_options(state, frame["player"], frame)
    several = {h for h, _ in options if sum(1 for o, _ in options if o == h) > 1}
    moves = []
    for h, r in options:
        code = f"at:{h.lower()}:{r}" if h in several else f"at:{h.lower()}"
        n = tr.amount(state, frame, h)
        params = {**tr.hex_params(state, h), "n": n, "res": f"@tribes.res.{r}"}
        moves.append(Move(code, Text("tribes.move.at", params), "gather"))
    for h in dict.fromkeys(h for h, _ in options):
        for mix in tr.mix_codes(state, frame, h):
            params = {
                **tr.hex_params(state, h),
                "res": [f"@tribes.res.{r}" for r in mix.split("+")],
            }
            moves.append(
                Move(f"at:{h.lower()}:{mix}", Text("tribes.move.at_mix", params), "gather")
            )
    return moves


def _gather_apply(state: State, frame: GatherFrame, code: str, record: Record) -> None:
    parts = code.split(":")
    hex_id = parts[1].upper()
    resource = parts[2] if len(parts) > 2 else hex_resources(state, hex_id)[0]
    _select(state, frame, hex_id, resource, record)
    _gather_settle(state, frame, record)


def _basketry(state: State, p: int, resource: str, record: Record) -> None:
    player(state, p)["resources"][resource] += gather_extra(state, p)
    record.note("tribes.note.basketry", player=seat(state, p), res=f"@tribes.res.{resource}")


def _basketry_moves(state: State, frame: BasketryFrame) -> list[Move]:
    return [
        Move(f"extra:{r}", Text("tribes.move.extra", {"res": f"@tribes.res.{r}"}), "gather")
        for r in frame["types"]
    ]


def _basketry_apply(state: State, frame: BasketryFrame, code: str, record: Record) -> None:
    fr.pop(state)
    _basketry(state, frame["player"], code.partition(":")[2], record)


# ------------------------------------------------------------------------------- lead


def _start_lead(state: State, p: int, values: dict[str, int], die: DieData, record: Record) -> None:
    n = values["cards"]  # Cave paintings included (``values``)
    villages = ch.village_count(state, p)  # chiefs: the hidden village counts
    if villages and player(state, p)["goals"] and discards_matter(state, p, n):
        fr.add(state, LeadFrame(kind="lead", player=p, n=n, most=villages, discards=[], die=die))
        return
    draw_goals(state, p, n, record)
    chf.after_lead(state, p, record)  # chiefs: Éducation


def discards_matter(state: State, p: int, n: int) -> bool:
    """Whether the villages' discards could change what a Lead drawing ``n`` brings: not
    when the deck holds ``n`` cards or fewer (the cards put under it would all come
    back), an empty deck included. Rules version 1 asked anyway (``lead_discards``)."""
    if state.options.get("lead_discards") == "always":
        return True
    return len(player(state, p)["deck"]) > n


def _lead_moves(state: State, frame: LeadFrame) -> list[Move]:
    moves = []
    if len(frame["discards"]) < frame["most"]:
        moves = [
            Move(
                f"discard:{g.lower()}",
                Text("tribes.move.discard", {"goal": f"@tribes.goal.{g}"}),
                "lead",
            )
            for g in player(state, frame["player"])["goals"]
            if g not in frame["discards"]
        ]
    kept = len(frame["discards"])
    n = min(frame["n"] + kept, len(player(state, frame["player"])["deck"]) + kept)
    return [*moves, Move("draw", Text("tribes.move.draw", {"n": n}), "lead")]


def _lead_apply(state: State, frame: LeadFrame, code: str, record: Record) -> None:
    p = frame["player"]
    if code == "draw":
        fr.pop(state)
        mine = player(state, p)
        for g in frame["discards"]:
            mine["goals"].remove(g)
            decks.put_under(mine["deck"], g)
        if frame["discards"]:
            record.note(
                "tribes.note.discarded",
                player=seat(state, p),
                cards=[f"@tribes.goal.{g}" for g in frame["discards"]],
            )
        draw_goals(state, p, frame["n"] + len(frame["discards"]), record)
        chf.after_lead(state, p, record)  # chiefs: Éducation
        return
    frame["discards"].append(code.partition(":")[2].upper())


STARTS = {
    "grow": _start_grow,
    "travel": _start_travel,
    "gather": _start_gather,
    "lead": _start_lead,
}

fr.register("grow", _grow_moves, _grow_apply, undo_die)
fr.register("travel", _travel_moves, _travel_apply, undo_die)
fr.register("travel_to", _travel_to_moves, _travel_to_apply, fr.no_undo)
fr.register("travel_count", _count_moves, _count_apply, fr.no_undo)
fr.register("gather", _gather_moves, _gather_apply, undo_die)
fr.register("basketry", _basketry_moves, _basketry_apply)
fr.register("lead", _lead_moves, _lead_apply, undo_die)
