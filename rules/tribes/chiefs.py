"""Chief powers (option ``chiefs``): the pick at set-up and the hooks the turn calls.

Rulebook "Pouvoirs des chefs" (p. 12-13), components 3.7, rulings T20 and T24; data in
``data/chiefs.json`` (checked at load against ``tribes.json``). With the option off
nothing here runs and ``state.data`` has no ``chiefs`` key, so the base game is
unchanged. The powers' own decisions (frames) are in ``chief_frames`` (steps 3 and
5), ``chief_roll`` (step 2) and ``chief_conflicts`` (step 4).

The pick (T20): every seat picks one of its tribe's two powers at once, before the
starting placements (``chief:travellers``); the table only learns that a seat has
picked. Each power is revealed when its owner places its first members. The state
does not depend on the order of the picks. ``determinize`` resamples the picks not
revealed yet (the seat's own pick stays) and what Prémonition let a Kia-Kia see.

``state.data["chiefs"]`` (only with the option)::

    {"picks": [power id | None per seat], "shown": [bool per seat],
     "ruse": hex forced into conflict this step | None,
     "asked": hex whose Intimidation question was asked | None,
     "board": [Kia-Kia members waiting on the player board per seat],
     "hidden": [Tunga hidden villages per seat],
     "top": event id known to be on top | None, "under": [event ids put under],
     "known": the event deck when Prémonition looked | None, "seer": seat index | None}

The hooks are small calls marked ``# chiefs:`` in ``setup``, ``turn``, ``actions``,
``conflicts``, ``build``, ``events``, ``engine`` and ``view``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.base import CorruptState, IllegalMove, Move, Record, Section, State, Text, Zone
from rules.kit import decks
from rules.tribes import board as bd
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.components import RESOURCES, TRIBES, ComponentError, read_data
from rules.tribes.event_market import canoe_targets
from rules.tribes.event_state import events_of, name_ref
from rules.tribes.players import active, player, seat
from rules.tribes.state import ChiefsData, GrowFrame, TravelFrame
from rules.tribes.terrains import GLACIER, kinds, special
from rules.tribes.view_types import ChiefPart, ChiefsView

KINDS = frozenset(
    {
        "trade",
        "village_discount",
        "ruse",
        "food_per_village",
        "lead_adds_member",
        "grow_on_others",
        "extra_move",
        "gather_bonus_if",
        "ambush",
        "peek_event",
        "scouts",
        "retreat",
        "share_gather",
        "intimidate",
        "hidden_village",
        "moon_to_sun",
    }
)


@dataclass(frozen=True)
class Power:
    """One chief power: its tribe, its kind and numbers (``data/chiefs.json``)."""

    id: str
    tribe: str
    kind: str
    params: Mapping[str, int]

    @property
    def code(self) -> str:
        """The power's id as move text (codes have no underscore)."""
        return self.id.replace("_", "-")


def load_powers() -> dict[str, Power]:
    """Read and check ``data/chiefs.json``: 16 powers, the two of each tribe board."""
    file = "chiefs.json"
    raw = read_data(file)
    powers: dict[str, Power] = {}
    for entry in raw["powers"]:
        power = Power(
            entry["id"],
            entry["tribe"],
            entry["kind"],
            {k: int(v) for k, v in entry["params"].items()},
        )
        if power.id in powers:
            raise ComponentError(file, power.id, "unique id")
        if power.kind not in KINDS:
            raise ComponentError(file, power.id, f"kind {power.kind!r} unknown")
        if "per_turn" not in power.params:
            raise ComponentError(file, power.id, "a per_turn number")
        powers[power.id] = power
    if len(powers) != 16:
        raise ComponentError(file, "powers", "16 powers (8 tribes x 2)")
    for tribe in TRIBES.values():
        mine = tuple(p.id for p in powers.values() if p.tribe == tribe.id)
        if sorted(mine) != sorted(tribe.powers):
            raise ComponentError(file, tribe.id, f"the powers of tribes.json {tribe.powers}")
    return powers


POWERS = load_powers()
BY_CODE = {p.code: p for p in POWERS.values()}


def power_named(name: str) -> Power:
    return POWERS[name]


# ------------------------------------------------------------------ state and reads


def is_on(state: State) -> bool:
    """Whether the game plays with chief powers."""
    return "chiefs" in st.data(state)


def chiefs_of(state: State) -> ChiefsData:
    return st.data(state)["chiefs"]


def power_of(state: State, p: int) -> str | None:
    """``p``'s power once picked (``None`` without the option, before the pick, or once
    the seat has left the game)."""
    if not is_on(state) or state.seats[p] in state.out:
        return None
    pick: str | None = chiefs_of(state)["picks"][p]
    return pick


def has(state: State, p: int, power: str) -> bool:
    return power_of(state, p) == power


def holder(state: State, power: str) -> int | None:
    """The seat index holding ``power`` (one tribe per game has it)."""
    if not is_on(state):
        return None
    for p in range(len(state.seats)):
        if has(state, p, power):
            return p
    return None


def param(power: str, name: str) -> int:
    return int(POWERS[power].params[name])


FLAG = "chief:"


def used(state: State, power: str) -> bool:
    """Whether ``power`` was used up this turn (its ``per_turn`` uses)."""
    return FLAG + power in st.data(state)["turn_flags"]


def use(state: State, power: str) -> None:
    st.data(state)["turn_flags"].append(FLAG + power)


def board_members(state: State, p: int) -> int:
    """Kia-Kia members waiting on the player board (Embuscade)."""
    return int(chiefs_of(state)["board"][p]) if is_on(state) else 0


def hidden_villages(state: State, p: int) -> int:
    """Tunga's hidden villages (Village caché): 0 or 1."""
    return int(chiefs_of(state)["hidden"][p]) if is_on(state) else 0


def total_resources(state: State, p: int) -> int:
    return sum(int(v) for v in player(state, p)["resources"].values())


def held_types(state: State, p: int) -> list[str]:
    have = player(state, p)["resources"]
    return [r for r in RESOURCES if have[r]]


# ------------------------------------------------------------------------- set-up


def setup(state: State) -> None:
    """With the option: the chiefs' state, and the pick step before the placements."""
    if not state.options.get("chiefs"):
        return
    n = len(state.seats)
    st.data(state)["chiefs"] = {
        "picks": [None] * n,
        "shown": [False] * n,
        "ruse": None,
        "asked": None,
        "board": [0] * n,
        "hidden": [0] * n,
        "top": None,
        "under": [],
        "known": None,
        "seer": None,
    }
    st.data(state)["step"] = "chiefs"


def picking(state: State) -> bool:
    return bool(st.data(state)["step"] == "chiefs")


def pickers(state: State) -> list[int]:
    """Seats still to pick a power (the simultaneous decision of T20)."""
    picks = chiefs_of(state)["picks"]
    return [p for p, pick in enumerate(picks) if pick is None and state.seats[p] not in state.out]


def pick_moves(state: State, p: int) -> list[Move]:
    if chiefs_of(state)["picks"][p] is not None:
        return []
    tribe = player(state, p)["tribe"]
    return [
        Move(
            f"chief:{POWERS[power].code}",
            Text("tribes.chief.move.pick", {"power": f"@tribes.chief.{power}"}),
            "chief",
        )
        for power in TRIBES[tribe].powers
    ]


def apply_pick(state: State, p: int, code: str, record: Record) -> None:
    """Keep the power secretly; once every seat still in has picked, the placements
    begin."""
    power = BY_CODE[code.partition(":")[2]].id
    chiefs_of(state)["picks"][p] = power
    record.hide(Text("tribes.chief.move.picked"))
    end_picking(state)


def end_picking(state: State) -> None:
    if picking(state) and not pickers(state):
        st.data(state)["step"] = "place"


def reveal(state: State, p: int, record: Record) -> None:
    """``p`` places its first members: its power is shown to all (T20)."""
    if not is_on(state):
        return
    ch = chiefs_of(state)
    if ch["shown"][p] or ch["picks"][p] is None:
        return
    ch["shown"][p] = True
    power = ch["picks"][p]
    record.note("tribes.chief.note.revealed", player=seat(state, p), power=f"@tribes.chief.{power}")


# ------------------------------------------------------------ the turn's hooks


def at_village_points(state: State, p: int, record: Record) -> None:
    """Step 1, after the village points: Agriculture gives 1 food per village."""
    if not has(state, p, "agriculture"):
        return
    n = (len(bd.villages_of(st.data(state), p)) + hidden_villages(state, p)) * param(
        "agriculture", "n"
    )
    if n:
        player(state, p)["resources"]["food"] += n
        record.note("tribes.chief.note.agriculture", player=seat(state, p), n=n)


def village_count(state: State, p: int) -> int:
    """Villages that score at step 1 and give Lead discards: those on the map and the
    hidden village (Village caché)."""
    return len(bd.villages_of(st.data(state), p)) + hidden_villages(state, p)


def grow_hexes(state: State, p: int, hexes: list[str]) -> list[str]:
    """Exogamie: Grow may also go where another tribe's normal members stand (never
    invaders, Elders or the mammoth, rulebook)."""
    if not has(state, p, "exogamy"):
        return hexes
    data = st.data(state)
    return [
        h
        for h in data["hexes"]
        if h in hexes or any(n for i, n in enumerate(bd.members(data, h)) if i != p)
    ]


def may_grow_without_hexes(state: State, p: int) -> bool:
    """Embuscade: Grow may put members on the player board even with no hex."""
    return has(state, p, "ambush")


def grow_moves(state: State, frame: GrowFrame) -> list[Move]:
    if not has(state, frame["player"], "ambush"):
        return []
    return [Move("lurk", Text("tribes.chief.move.lurk"), "grow")]


def travel_moves(state: State, frame: TravelFrame) -> list[Move]:
    p = frame["player"]
    n = board_members(state, p)
    if not n:
        return []
    return [Move("spring", Text("tribes.chief.move.spring", {"n": n}), "travel")]


def travel_reach(state: State, p: int, source: str, reach: int, near: list[str]) -> list[str]:
    """Éclaireurs: a member may cross one hex of the terrain it leaves and stop next to
    it (or as far as Horse and Pirogue take it from there: they combine)."""
    if not has(state, p, "scouts"):
        return near
    data = st.data(state)
    found = set(near)
    left = set(kinds(data, source))  # a special terrain counts as the type it replaces
    for step in bd.neighbours(data, source):
        if left & set(kinds(data, step)):
            found.update(bd.within(data, step, reach))
            found.update(canoe_targets(state, p, step))
    found.discard(source)
    return [h for h in data["hexes"] if h in found]


def gather_bonus(state: State, p: int, hex_id: str) -> int:
    """Persévérance: +1 per selection of a hex holding 4+ of the tribe's members."""
    if not has(state, p, "perseverance"):
        return 0
    if special(st.data(state), hex_id) == GLACIER:  # 1 stone at most there, bonuses included
        return 0
    if bd.count(st.data(state), hex_id, p) >= param("perseverance", "min_members"):
        return param("perseverance", "n")
    return 0


def forced_conflict(state: State, hex_id: str) -> bool:
    """Ruse started a conflict on ``hex_id`` in this conflict step."""
    return is_on(state) and bool(chiefs_of(state)["ruse"] == hex_id)


def village_costs(state: State, p: int, cost: Mapping[str, int]) -> list[dict[str, int]]:
    """The ways ``p`` may pay a village: the board's cost, or with Bâtisseurs that cost
    less one resource (the builder picks which: one way per type, ``any`` first)."""
    if not has(state, p, "builders"):
        return [dict(cost)]
    if cost.get("any"):
        return [{**cost, "any": cost["any"] - param("builders", "n")}]
    return [{**cost, r: cost[r] - param("builders", "n")} for r in RESOURCES if cost.get(r)]


def off_map(state: State, p: int) -> int:
    """Members neither on the map nor in the supply (Embuscade's board)."""
    return board_members(state, p)


def pawns_held(state: State) -> int:
    """Village pawns on player boards (hidden villages)."""
    return sum(chiefs_of(state)["hidden"]) if is_on(state) else 0


# ------------------------------------------------------- Prémonition and the deck


def _known(state: State, deck: list[str]) -> ChiefsData | None:
    """What Prémonition knows of ``deck``, if the deck did not change since (any card
    added or shuffled in makes it unknown again)."""
    if not is_on(state):
        return None
    ch = chiefs_of(state)
    if ch["known"] is None:
        return None
    if ch["known"] != deck:
        ch["known"], ch["top"], ch["under"], ch["seer"] = None, None, [], None
        return None
    return ch


def draw_event_card(state: State, deck: list[str]) -> str:
    """One card from the event deck: at random (the base game), except that a card a
    Kia-Kia left on top comes first and the cards put under come last."""
    ch = _known(state, deck)
    if ch is None:
        return decks.draw_from_bag(state, deck)
    if ch["top"] in deck:
        card: str = ch["top"]
        deck.remove(card)
        ch["top"] = None
    else:
        pool = [c for c in deck if c not in ch["under"]]
        card = decks.draw_from_bag(state, pool) if pool else ch["under"][0]
        deck.remove(card)
        if card in ch["under"]:
            ch["under"].remove(card)
    ch["known"] = list(deck)
    if ch["top"] is None and not ch["under"]:
        ch["known"], ch["seer"] = None, None
    return card


# --------------------------------------------------------------------- the view


def player_view(state: State, p: int) -> ChiefPart:
    """The public part of ``p``'s chief (keys of ``players[seat]`` in the view)."""
    if not is_on(state):
        return {}
    ch = chiefs_of(state)
    return {
        "chief": ch["picks"][p] if ch["shown"][p] else None,
        "chief_chosen": ch["picks"][p] is not None,
        "ambush": ch["board"][p],
        "hidden_village": ch["hidden"][p],
    }


def view(state: State) -> ChiefsView | None:
    """The table's part (key ``chiefs`` of the view): the hex Ruse set on fire, and how
    many event cards a Kia-Kia put under the deck (which ones stays hidden)."""
    if not is_on(state):
        return None
    ch = chiefs_of(state)
    return {"ruse": ch["ruse"], "under": len(ch["under"]), "top_seen": ch["top"] is not None}


def private_lines(state: State, p: int) -> list[Text]:
    """``p``'s own power (before the reveal too) and what Prémonition showed it."""
    if not is_on(state):
        return []
    ch = chiefs_of(state)
    pick = ch["picks"][p]
    if pick is None:  # the two powers to choose from, in full (move labels stay short)
        return [Text("tribes.chief.present.none")] + [
            Text(
                "tribes.chief.present.power",
                {"power": f"@tribes.chief.{power}", "text": f"@tribes.chief.{power}.text"},
            )
            for power in TRIBES[player(state, p)["tribe"]].powers
        ]
    lines = [
        Text(
            "tribes.chief.present.power",
            {"power": f"@tribes.chief.{pick}", "text": f"@tribes.chief.{pick}.text"},
        )
    ]
    if ch["seer"] == p and ch["top"] is not None:
        lines.append(Text("tribes.chief.present.top", {"event": _event_ref(ch["top"])}))
    if ch["seer"] == p and ch["under"]:
        lines.append(
            Text("tribes.chief.present.under", {"events": [_event_ref(c) for c in ch["under"]]})
        )
    return lines


def _event_ref(card_id: str) -> str:
    return name_ref(card_id)


def private_sections(state: State, p: int) -> list[Section]:
    lines = private_lines(state, p)
    return [Section(Text("tribes.chief.present.title"), tuple(lines))] if lines else []


def determinize(state: State, seat_name: str, rng: random.Random) -> None:
    """Resample in place what ``seat_name`` cannot see: the picks not revealed yet of
    the other seats, and the cards another seat's Prémonition knows."""
    if not is_on(state):
        return
    ch = chiefs_of(state)
    me = state.seats.index(seat_name) if seat_name in state.seats else -1
    for p, pick in enumerate(ch["picks"]):
        if p != me and pick is not None and not ch["shown"][p]:
            ch["picks"][p] = rng.choice(sorted(TRIBES[player(state, p)["tribe"]].powers))
    if ch["known"] is not None and ch["seer"] != me:
        pool = sorted(ch["known"])
        rng.shuffle(pool)
        if ch["top"] is not None:
            ch["top"] = pool.pop()
        ch["under"] = [pool.pop() for _ in ch["under"]]
    for frame in st.data(state)["frames"]:
        if frame["kind"] == "ch_peek" and frame["player"] != me:
            frame["card"] = rng.choice(sorted(_deck(state)))


def hidden_zones(state: State, seat_name: str) -> list[Zone]:
    """The places ``determinize`` draws again for ``seat_name`` (``rules.core.zones``):
    each pick not revealed yet of another seat, with the other powers its tribe could
    have picked; the top card and the cards put under that another seat's Prémonition
    knows, with the rest of the deck it saw; the card another seat is peeking at, with
    the rest of the event deck. The pick, the top card and the peeked card lie in the
    state as single values, so their zones write a change into it."""
    if not is_on(state):
        return []
    ch = chiefs_of(state)
    me = state.seats.index(seat_name) if seat_name in state.seats else -1
    zones: list[Zone] = []
    for p, pick in enumerate(ch["picks"]):
        if p != me and pick is not None and not ch["shown"][p]:

            def put_pick(_i: int, _old: Any, new: Any, p: int = p) -> None:
                ch["picks"][p] = new

            kind = f"chief/pick/{p}"
            powers = sorted(TRIBES[player(state, p)["tribe"]].powers)
            zones.append(Zone(kind, kind, [pick], state.seats[p], put_pick))
            zones.append(Zone(f"{kind}/other", kind, _minus(powers, [pick])))
    seer = ch["seer"]
    if ch["known"] is not None and seer is not None and seer != me:
        owner = state.seats[seer]

        def put_top(_i: int, _old: Any, new: Any) -> None:
            ch["top"] = new

        top = [] if ch["top"] is None else [ch["top"]]
        zones.append(Zone("chief/seen/top", "chief/seen", top, owner, put_top))
        zones.append(Zone("chief/seen/under", "chief/seen", ch["under"], owner))
        rest = _minus(sorted(ch["known"]), [*top, *ch["under"]])
        zones.append(Zone("chief/seen/rest", "chief/seen", rest))
    for f, frame in enumerate(st.data(state)["frames"]):
        if frame["kind"] == "ch_peek" and frame["player"] != me:

            def put_card(_i: int, _old: Any, new: Any, frame: Any = frame) -> None:
                frame["card"] = new

            kind = f"chief/peek/{f}"
            card = frame["card"]
            zones.append(Zone(kind, kind, [card], state.seats[frame["player"]], put_card))
            zones.append(Zone(f"{kind}/deck", kind, _minus(sorted(_deck(state)), [card])))
    return zones


def _minus(pool: list[str], taken: list[str]) -> list[str]:
    """``pool`` without one copy of each of ``taken``."""
    left = list(pool)
    for item in taken:
        if item in left:
            left.remove(item)
    return left


def _deck(state: State) -> list[str]:
    deck: list[str] = events_of(state)["deck"]
    return deck


def check_invariants(state: State) -> None:
    if not is_on(state):
        return
    ch = chiefs_of(state)
    for p, pick in enumerate(ch["picks"]):
        if pick is not None and pick not in TRIBES[player(state, p)["tribe"]].powers:
            raise CorruptState("tribes.chief.wrong_power", player=p)
        if ch["shown"][p] and pick is None:
            raise CorruptState("tribes.chief.shown_unpicked", player=p)
        if ch["board"][p] < 0 or ch["hidden"][p] not in (0, 1):
            raise CorruptState("tribes.chief.counts", player=p)
    if st.data(state)["step"] not in ("chiefs", "place") and any(
        pick is None and state.seats[p] not in state.out for p, pick in enumerate(ch["picks"])
    ):
        raise CorruptState("tribes.chief.no_pick")


# ------------------------------------------------------------- codes and refusals

CODE = re.compile(
    r"^(?:chief:[a-z-]+|trade|trade:(?:wood|food|stone):(?:wood|food|stone)"
    r"|(?:cpay|share|spare):(?:wood|food|stone)|(?:ruse|teach|vfrom|vto|flee):h[0-9]{2}"
    r"|vn:[0-9]|scare:[a-z]+|noruse|noteach|voyage|lurk|spring|peek|nopeek|keep|under"
    r"|glow|noglow|noflee|noscare|hidden)$"
)

ANYTIME = ("trade", "voyage", "hidden")
"""Codes offered between decisions (no frame for them yet): Marchands, Voyageurs,
Village caché."""


def is_well_formed(code: str) -> bool:
    return bool(CODE.match(code))


def explain(state: State, code: str) -> IllegalMove | None:
    """Why a chief move is refused now (``None``: not a chief move)."""
    if not is_well_formed(code):
        return None
    head = code.partition(":")[0]
    if head == "chief":
        return IllegalMove("tribes.chief.illegal.pick")
    if head in ANYTIME:
        power = {"trade": "merchants", "voyage": "travellers", "hidden": "hidden_village"}[head]
        if not has(state, active(state), power):
            return IllegalMove("tribes.chief.illegal.not_yours", power=f"@tribes.chief.{power}")
        return IllegalMove("tribes.chief.illegal.not_now", power=f"@tribes.chief.{power}")
    return None


def owns_anytime(state: State, code: str) -> bool:
    return is_on(state) and code in ANYTIME


def frame_kinds() -> frozenset[str]:
    return frozenset(k for k in fr.KINDS if k.startswith("ch_"))
