"""Events a player uses on his own turn: the three cards to buy, and the bonuses.

- **Fortifications, Pirogue, Autel** (rulebook, T17): bought at any moment of one's own
  turn between two decisions (``buy:fortifications``, ``buy:canoe``,
  ``buy:altar:stone`` for 4 of one type, ``buy:altar:mix:food+stone+wood`` for one of
  each), resources to the supply; each double puts a marker on a card on display,
  lowering its cost by 1; at 0 it is discarded. Autel also costs a member from the map
  (the buyer picks the hex: ``hex:h05``, ``back`` before it) and gives 2 VP at once;
  each marker lowers both of its prices by 1 (the one-of-each price then asks for that
  many different types). Fortifications acts in conflicts (``conflicts``); Pirogue
  lets a Travel go along lakes (``canoe_targets``).
- **Savoir partagé** (``lore:wood``): once per turn, a player sharing a hex with an
  opponent pays 1 resource to draw a goal card.
- **Découverte** (``find:wood``): a Travel entering a hex that held only opponents takes
  1 resource of any type left on the card, once per hex per Travel (per turn: a tribe
  travels once a turn).
- **Hiver clément**: each Grow takes 1 food off the card (whether or not members are
  added, rulebook) and may add 1 more member.
- **Nourriture en abondance**: each different lake selected in a Gather takes 2 more
  food off the card, while it lasts (rulebook example).
- **Volcan / Feu de forêt** change what a hex gives: next to the volcano, stone instead
  of the hex's own resource if the player likes; a burnt forest gives nothing.
"""

from __future__ import annotations

from itertools import combinations

from rules.base import Move, Record, State, Text
from rules.tribes import board as bd
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import RESOURCES
from rules.tribes.event_cards import EVENTS
from rules.tribes.event_effects import near_volcano
from rules.tribes.event_state import (
    Slot,
    check_mammoth,
    events_of,
    has_flag,
    leave_slot,
    name_ref,
    playing,
    reviewed,
    set_flag,
    slot_of,
    worn_out,
)
from rules.tribes.players import can_pay, draw_goals, gain_vp, pay, player, seat
from rules.tribes.state import EvAltarFrame, EvFindFrame
from rules.tribes.villages import lose_villages

ACQUIRABLE = ("fortifications", "canoe", "altar")
LORE_FLAG = "lore"


def _res_ref(resource: str) -> str:
    return f"@tribes.res.{resource}"


# ------------------------------------------------------------------ buying a card


def prices(slot: Slot) -> list[dict[str, int]]:
    """What the card in ``slot`` costs now, each way it may be paid (markers taken off)."""
    face = EVENTS.cards[slot["id"]]
    assert face.active is not None
    params, markers = face.active.params, int(slot.get("markers", 0))
    if "cost" in params:
        return [{r: max(0, n - markers) for r, n in params["cost"].items()}]
    found = []
    same = int(params["same"]) - markers
    if same > 0:
        found += [{r: same} for r in RESOURCES]
    mixed = int(params["mixed"]) - markers
    if mixed > 0:
        found += [dict.fromkeys(kinds, 1) for kinds in combinations(sorted(RESOURCES), mixed)]
    return found


def _buy_code(slug: str, cost: dict[str, int]) -> str:
    if slug != "altar":
        return f"buy:{slug}"
    if len(cost) == 1 and sum(cost.values()) > 1:
        return f"buy:altar:{next(iter(cost))}"
    return "buy:altar:mix:" + "+".join(sorted(cost))


def buy_moves(state: State, p: int) -> list[Move]:
    """The cards ``p`` may buy now (T17): on display, affordable; Autel needs a member."""
    moves = []
    for slug in ACQUIRABLE:
        slot = slot_of(state, slug)
        if slot is None:
            continue
        if slug == "altar" and not bd.on_map(st.data(state), p):
            continue
        members = _members_cost(slot)
        for cost in prices(slot):
            if can_pay(state, p, cost):
                label = [*_cost_label(cost), *([f"@tribes.cost.member.{members}"] * bool(members))]
                params = {"event": name_ref(slot["id"]), "cost": label}
                moves.append(Move(_buy_code(slug, cost), Text("tribes.move.buy", params), "event"))
    return moves


def at_risk(state: State, p: int) -> list[Move]:
    """The purchases ``p`` could make now of a card that one more marker (a double on
    the coming roll) would throw away: only then does buying before the roll differ
    from buying after it (version 2, T17: "n'importe quand lors du tour")."""
    found = []
    for move in buy_moves(state, p):
        slot = slot_of(state, move.code.split(":")[1])
        if slot is not None and worn_out({**slot, "markers": slot.get("markers", 0) + 1}):
            found.append(move)
    return found


def _members_cost(slot: Slot) -> int:
    """The members from the map a card costs on top of its price (Autel: 1)."""
    face = EVENTS.cards[slot["id"]]
    assert face.active is not None
    return int(face.active.params.get("members", 0))


def _cost_label(cost: dict[str, int]) -> list[str]:
    """A price as parameters that translate themselves (``tribes.cost.stone.4``)."""
    return [f"@tribes.cost.{r}.{n}" for r, n in sorted(cost.items()) if n]


def _parse_buy(state: State, code: str) -> tuple[str, dict[str, int]]:
    parts = code.split(":")
    slug = parts[1]
    slot = slot_of(state, slug)
    assert slot is not None
    for cost in prices(slot):
        if _buy_code(slug, cost) == code:
            return slug, cost
    raise ValueError(code)


def apply_buy(state: State, p: int, code: str, record: Record) -> None:
    slug, cost = _parse_buy(state, code)
    if slug != "altar":
        _acquire(state, p, slug, cost, record)
        return
    hexes = bd.occupied_by(st.data(state), p)
    if len(hexes) == 1:
        _altar(state, p, hexes[0], cost, record)
        return
    fr.add(state, EvAltarFrame(kind="ev_altar", player=p, purpose="altar", hexes=hexes, cost=cost))


def _acquire(state: State, p: int, slug: str, cost: dict[str, int], record: Record) -> None:
    slot = slot_of(state, slug)
    assert slot is not None
    pay(state, p, cost)
    player(state, p)["acquired"].append(slug)
    leave_slot(state, slug, record, discard=False)
    record.note(
        "tribes.note.bought",
        player=seat(state, p),
        event=name_ref(slot["id"]),
        cost=_cost_label(cost),
    )


def _altar(state: State, p: int, hex_id: str, cost: dict[str, int], record: Record) -> None:
    """Autel: ``cost`` and a member of ``hex_id`` are given up; 2 VP at once."""
    face = EVENTS.by_slug("altar")
    assert face.active is not None
    _acquire(state, p, "altar", dict(cost), record)
    bd.add(st.data(state), hex_id, p, -1)
    player(state, p)["supply"] += 1
    record.note("tribes.note.sacrifice", player=seat(state, p), hex=hex_id)
    lose_villages(state, record)
    gain_vp(state, p, int(face.active.params["vp"]), "events", record)


def _altar_moves(state: State, frame: EvAltarFrame) -> list[Move]:
    return [
        Move(f"hex:{h.lower()}", Text("tribes.move.ev_hex.altar", tr.hex_params(state, h)), "event")
        for h in frame["hexes"]
    ]


def _altar_apply(state: State, frame: EvAltarFrame, code: str, record: Record) -> None:
    fr.pop(state)
    _altar(state, frame["player"], code[4:].upper(), frame["cost"], record)


def has_card(state: State, p: int, slug: str) -> bool:
    return slug in player(state, p)["acquired"]


# ---------------------------------------------------------------- Savoir partagé


def lore_moves(state: State, p: int) -> list[Move]:
    """Savoir partagé: once per turn, sharing a hex with an opponent, 1 resource for a
    goal card (rulebook)."""
    if slot_of(state, "shared_knowledge") is None or has_flag(state, LORE_FLAG):
        return []
    if not player(state, p)["deck"]:
        return []
    if not any(bd.shares_hex(st.data(state), p, o) for o in playing(state) if o != p):
        return []
    have = player(state, p)["resources"]
    return [
        Move(f"lore:{r}", Text("tribes.move.lore", {"res": _res_ref(r)}), "event")
        for r in RESOURCES
        if have[r]
    ]


def apply_lore(state: State, p: int, code: str, record: Record) -> None:
    resource = code.partition(":")[2]
    pay(state, p, {resource: 1})
    set_flag(state, LORE_FLAG)
    record.note("tribes.note.lore", player=seat(state, p), res=_res_ref(resource))
    draw_goals(state, p, 1, record)


# -------------------------------------------------------------------- Découverte


def on_arrival(
    state: State, p: int, target: str, held_only_opponents: bool, record: Record
) -> None:
    """A Travel of ``p`` reached ``target``; ``held_only_opponents`` as it was before."""
    slot = slot_of(state, "discovery")
    ev = events_of(state)
    if slot is None or not held_only_opponents or target in ev["found"]:
        return
    kinds = [r for r in RESOURCES if slot["stock"].get(r)]
    if not kinds:
        return
    ev["found"].append(target)
    if len(kinds) == 1:
        _find(state, p, kinds[0], record)
        return
    fr.add(state, EvFindFrame(kind="ev_find", player=p, hex=target, kinds=kinds))


def _find(state: State, p: int, resource: str, record: Record) -> None:
    slot = slot_of(state, "discovery")
    assert slot is not None
    slot["stock"][resource] -= 1
    player(state, p)["resources"][resource] += 1
    record.note("tribes.note.discovery", player=seat(state, p), res=_res_ref(resource))
    if not any(slot["stock"].values()):
        leave_slot(state, "discovery", record)


def _find_moves(state: State, frame: EvFindFrame) -> list[Move]:
    return [
        Move(f"find:{r}", Text("tribes.move.find", {"res": _res_ref(r)}), "event")
        for r in frame["kinds"]
    ]


def _find_apply(state: State, frame: EvFindFrame, code: str, record: Record) -> None:
    fr.pop(state)
    _find(state, frame["player"], code.partition(":")[2], record)


# ----------------------------------------------------- Hiver clément, abondance


def on_grow(state: State, p: int, record: Record) -> int | None:
    """``p`` chose Grow: Hiver clément takes 1 food off its card and allows 1 more
    member. Returns the extra members, ``None`` without the event (then the Grow may
    still be taken back: nothing happened)."""
    slot = slot_of(state, "mild_winter")
    if slot is None:
        return None
    face = EVENTS.by_slug("mild_winter")
    assert face.active is not None
    slot["stock"]["food"] -= 1
    extra = int(face.active.params["extra"])
    record.note("tribes.note.mild_winter", player=seat(state, p), n=extra)
    if slot["stock"]["food"] <= 0:
        leave_slot(state, "mild_winter", record)
    return extra


def after_gather(state: State, p: int, selected: list[str], record: Record) -> None:
    """Nourriture en abondance: 2 more food per different lake selected, from the card."""
    slot = slot_of(state, "plenty")
    if slot is None:
        return
    face = EVENTS.by_slug("plenty")
    assert face.active is not None
    lakes = {h for h in selected if tr.counts_as(st.data(state), h, "lake")}
    want = int(face.active.params["food"]) * len(lakes)
    n = min(want, int(slot["stock"]["food"]))
    if not n:
        return
    slot["stock"]["food"] -= n
    player(state, p)["resources"]["food"] += n
    record.note("tribes.note.plenty", player=seat(state, p), n=n)
    if slot["stock"]["food"] <= 0:
        leave_slot(state, "plenty", record)


# ------------------------------------------------------------- what a hex gives


def hex_resources(state: State, hex_id: str, printed: list[str]) -> list[str]:
    """A burnt forest gives nothing; next to the volcano stone may be taken instead."""
    if events_of(state)["burnt"] == hex_id:
        return []
    if near_volcano(state, hex_id) and "stone" not in printed:
        return [*printed, "stone"]
    return printed


def village_allowed(state: State, hex_id: str) -> bool:
    """No village on a burnt forest or on the abandoned village's hex."""
    ev = events_of(state)
    return hex_id not in (ev["burnt"], ev["abandoned"])


# ------------------------------------------------------------------------- Pirogue


def canoe_targets(state: State, p: int, source: str) -> list[str]:
    """With Pirogue, a member may go into a lake next to ``source`` and on along lakes,
    stopping on a lake crossed or on a hex next to the last one (components 3.5)."""
    if not has_card(state, p, "canoe"):
        return []
    data = st.data(state)
    lakes: set[str] = set()
    frontier = [h for h in bd.neighbours(data, source) if tr.counts_as(data, h, "lake")]
    if tr.counts_as(data, source, "lake"):
        frontier.append(source)
    while frontier:
        here = frontier.pop()
        if here in lakes:
            continue
        lakes.add(here)
        frontier += [h for h in bd.neighbours(data, here) if tr.counts_as(data, h, "lake")]
    found = set(lakes)
    for lake in lakes:
        found.update(bd.neighbours(data, lake))
    found.discard(source)
    return [h for h in data["hexes"] if h in found]


fr.register("ev_altar", _altar_moves, _altar_apply, fr.no_undo)
fr.register("ev_find", _find_moves, _find_apply)


# ------------------------------------------------------------ the tamed mammoth

MAMMOTH_FLAG = "mammoth"


def mammoth_moves(state: State, p: int) -> list[Move]:
    """During ``p``'s Travel, once: the tamed mammoth may go for free to any other hex
    the tribe occupies (rulebook), also after the members moved (version 2: the Travel
    then waits for ``done``)."""
    mammoth = events_of(state)["mammoth"]
    if mammoth is None or mammoth["tamer"] != p or has_flag(state, MAMMOTH_FLAG):
        return []
    return [
        Move(f"mammoth:{h.lower()}", Text("tribes.move.mammoth", tr.hex_params(state, h)), "travel")
        for h in bd.occupied_by(st.data(state), p)
        if h != mammoth["hex"]
    ]


def apply_mammoth_move(state: State, p: int, code: str, record: Record) -> None:
    mammoth = events_of(state)["mammoth"]
    assert mammoth is not None
    target = code.partition(":")[2].upper()
    record.note(
        "tribes.note.mammoth_moved", player=seat(state, p), source=mammoth["hex"], target=target
    )
    mammoth["hex"] = target
    set_flag(state, MAMMOTH_FLAG)
    travel = fr.top(state)
    assert travel is not None and travel["kind"] == "travel"
    if reviewed(state):
        travel["committed"] = True  # the mammoth moved: the die cannot be taken back
        if travel["left"] == 0:  # the members had moved: the Travel is over
            fr.pop(state)
            travel_over(state, p, record)


def mammoth_may_follow(state: State, p: int) -> bool:
    """Whether ``p``'s Travel stays open after its members moved, for the tamed mammoth
    to follow them (version 2)."""
    return reviewed(state) and bool(mammoth_moves(state, p))


def travel_over(state: State, p: int, record: Record) -> None:
    """``p``'s Travel is over: a tamed mammoth left where the tribe has no member now
    runs away (version 2 waits for the end of the Travel, so that it can follow)."""
    check_mammoth(state, record)
