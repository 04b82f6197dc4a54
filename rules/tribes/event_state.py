"""The events' part of a Tribes state: the deck, the three slots, pieces on the map.

``state.data["events"]`` holds (all plain JSON)::

    {"deck": [card ids] (top = end), "discard": [card ids], "aside": [E13, E14 until
     the first village], "slots": [null | {"id", "stock": {res: n}?, "markers": n?,
     "count": {"player": index, "n": n}?}] (3 slots, components 3.3),
     "mammoth": null | {"hex", "tamer": index | null, "count": {"player", "n"} | null},
     "tiger": null | hex, "volcano": null | [q, r], "burnt": null | hex,
     "abandoned": null | hex, "found": [hexes a Travel discovered this turn],
     "flags": [per-turn flags], "double": null | the double being resolved}

The deck holds the cards not drawn, in id order: a draw takes one at random (see
``new_events``).

Invaders stand in the map cells themselves (``hexes[h]["invaders"]``, as
``rules.tribes.board`` counts them). Cards bought (Fortifications, Pirogue, Autel) go by
slug into the buyer's ``players[i]["acquired"]``. Helpers here are shared by the event
modules: finding a card in play, discarding it, taking members off the map after an
event struck (villages lost, elimination, the tamed mammoth), the least-populated hex.
"""

from __future__ import annotations

from typing import Any

from rules.base import OptionSpec, Record, State, Text
from rules.tribes import board as bd
from rules.tribes import state as st
from rules.tribes.event_cards import EVENTS, EventCard
from rules.tribes.players import gain_vp, player, seat, vp_in
from rules.tribes.state import EventsData, SlotData

Events = EventsData
Slot = SlotData

REVIEWED = OptionSpec(
    "events_reviewed",
    True,
    description=Text("tribes.option.events_reviewed"),
    label=Text("tribes.option.events_reviewed.label"),
)
"""Rules version 2: the events as reviewed against the rulebook (see ``rules.tribes``,
"Events", version 2). Games stored under version 1 keep ``False``: the first reading,
so that they replay exactly."""


def reviewed(state: State) -> bool:
    """Whether the game plays the reviewed events (rules version 2)."""
    return bool(state.options.get(REVIEWED.name, True))


def new_events() -> Events:
    """The events at set-up: the 14 cards in the deck, Grand Chef and Village abandonné
    set aside until the first village (rulebook "Préparation" 7, T10).

    The deck is kept in id order and each draw takes a card at random from it with the
    seeded generator: for a face-down deck that nobody may look at, this is the same
    chance as shuffling once and drawing from the top, and it makes "shuffle the card
    back in" (Volcan, the first village) exact without a new shuffle."""
    return {
        "deck": list(EVENTS.start_deck),
        "discard": [],
        "aside": list(EVENTS.set_aside),
        "slots": [None] * EVENTS.numbers.slots,
        "mammoth": None,
        "tiger": None,
        "volcano": None,
        "burnt": None,
        "abandoned": None,
        "found": [],
        "flags": [],
        "double": None,
    }


def events_of(state: State) -> Events:
    """The events' state, created on first use (a game set up before events existed)."""
    data = st.data(state)
    if "events" not in data:
        data["events"] = new_events()
    found: Events = data["events"]
    return found


def card(card_id: str) -> EventCard:
    return EVENTS.cards[card_id]


def slug_of(card_id: str) -> str:
    return EVENTS.cards[card_id].slug


def name_ref(card_id: str) -> str:
    """The event's name as a parameter that translates itself."""
    return f"@{EVENTS.cards[card_id].name_key}"


def slot_of(state: State, slug: str) -> Slot | None:
    """The slot holding the event ``slug``, if it is in play."""
    for slot in events_of(state)["slots"]:
        if slot is not None and slug_of(slot["id"]) == slug:
            found: Slot = slot
            return found
    return None


def is_active(state: State, slug: str) -> bool:
    return slot_of(state, slug) is not None


def free_slot(state: State) -> int | None:
    slots = events_of(state)["slots"]
    return next((i for i, s in enumerate(slots) if s is None), None)


def leave_slot(state: State, slug: str, record: Record, *, discard: bool = True) -> None:
    """The event ``slug`` leaves its slot: to the discard pile (``discard``) or out of
    the game (a card bought goes to its buyer)."""
    ev = events_of(state)
    for i, slot in enumerate(ev["slots"]):
        if slot is not None and slug_of(slot["id"]) == slug:
            ev["slots"][i] = None
            if discard:
                ev["discard"].append(slot["id"])
                record.note("tribes.note.event_discarded", event=name_ref(slot["id"]))
            return


def has_flag(state: State, flag: str) -> bool:
    return flag in events_of(state)["flags"]


def set_flag(state: State, flag: str) -> None:
    events_of(state)["flags"].append(flag)


# ------------------------------------------------------------------------ the map


def playing(state: State) -> list[int]:
    """Indexes of the seats still in the game, in turn order."""
    return [i for i, s in enumerate(state.seats) if s not in state.out]


def least_populated(state: State, hexes: list[str] | None = None) -> list[str]:
    """The hexes (of ``hexes``, default all) with the fewest members and invaders;
    empty hexes qualify (rulebook, Envahisseurs and Mammouth clarifications)."""
    data = st.data(state)
    pool = list(data["hexes"]) if hexes is None else hexes
    if not pool:
        return []
    low = min(bd.population(data, h) for h in pool)
    return [h for h in pool if bd.population(data, h) == low]


def strike(state: State, hex_id: str, record: Record, *, n: int = 1) -> None:
    """Every tribe with members on ``hex_id`` removes ``n`` of them (tiger, volcano,
    forest fire: not a conflict, T6). Invaders are never struck (rulebook, tiger)."""
    data = st.data(state)
    for i, count in enumerate(bd.members(data, hex_id)):
        if count:
            k = min(n, count)
            bd.add(data, hex_id, i, -k)
            player(state, i)["supply"] += k
            record.note("tribes.note.struck", player=seat(state, i), n=k, hex=hex_id)


def worn_out(slot: Slot) -> bool:
    """Whether the markers brought the card's cost to 0: it is discarded (rulebook).
    Autel goes once its cheaper price (one of each type) is down to nothing."""
    face = EVENTS.cards[slot["id"]]
    assert face.active is not None
    params, markers = face.active.params, int(slot.get("markers", 0))
    if "cost" in params:
        return int(sum(params["cost"].values())) - markers <= 0
    return min(int(params["same"]), int(params["mixed"])) - markers <= 0


def first_village(state: State, record: Record) -> None:
    """The first village was built: Grand Chef and Village abandonné join the event deck
    (T10, T21)."""
    ev = events_of(state)
    if not ev["aside"]:
        return
    names = [name_ref(c) for c in ev["aside"]]
    ev["deck"] = sorted([*ev["deck"], *ev["aside"]])
    ev["aside"] = []
    record.note("tribes.note.events_join", events=names)


# ------------------------------------------------------------------- the mammoth


def mammoth_params() -> dict[str, Any]:
    face = EVENTS.by_slug("mammoth")
    assert face.active is not None
    return dict(face.active.params)


def check_mammoth(state: State, record: Record) -> None:
    """A tamed mammoth standing where its tribe has no member is lost: the card is
    discarded and the tribe loses 3 VP (rulebook). In version 2 the tribe's own Travel
    is judged once it is over (``event_market.travel_over``): the mammoth may follow."""
    ev = events_of(state)
    mammoth = ev["mammoth"]
    if mammoth is None or mammoth["tamer"] is None:
        return
    p = mammoth["tamer"]
    if bd.members(st.data(state), mammoth["hex"])[p]:
        return
    if reviewed(state) and any(
        f["kind"] == "travel" and f["player"] == p for f in st.data(state)["frames"]
    ):
        return
    ev["mammoth"] = None
    ev["discard"].append(EVENTS.by_slug("mammoth").id)
    lose = min(int(mammoth_params()["lose_vp"]), vp_in(state, p, "events"))
    record.note("tribes.note.mammoth_lost", player=seat(state, p), vp=lose, hex=mammoth["hex"])
    if lose:
        gain_vp(state, p, -lose, "events", record)


__all__ = [
    "REVIEWED",
    "Events",
    "Slot",
    "card",
    "check_mammoth",
    "events_of",
    "first_village",
    "free_slot",
    "has_flag",
    "is_active",
    "least_populated",
    "leave_slot",
    "mammoth_params",
    "name_ref",
    "new_events",
    "playing",
    "reviewed",
    "set_flag",
    "slot_of",
    "slug_of",
    "strike",
    "worn_out",
]
