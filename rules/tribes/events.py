"""Events of L'Aube des Tribus (rulebook "Événements", components 3.3 and 3.5, T1, T10,
T11, T14, T17, T21): the hooks the turn calls, and the resolution of a double.

The turn calls ``on_double`` when the two dice rolled at step 2 show the same face,
blanks included (T1). In the order of T11: first the bottom effects of the active
events — those that only discard a card or add a marker run at once (their order
changes nothing), those that change the map (invaders, a wild mammoth, the tiger) in
the order the active player picks (``first:tiger``) when two or more are due — then,
if one of the 3 slots is free, a card is drawn from the deck at random with the seeded
generator (an empty deck takes back the discards, T11) and its top effect resolves.
A decision on the way (a hex, the volcano's place, Migration's moves) is a frame; once
it is taken ``resume`` carries on with what is left of the double.

Other hooks: ``start_turn`` (per-turn flags, the return of an eliminated tribe, T14),
``end_turn`` (the mammoth's taming die, the abandoned village claimed),
``population_limit`` (Sécheresse), the Gather, Grow, Travel and village hooks of
``event_market``, ``turn_moves``/``apply_turn_move`` (buying a card, Savoir partagé:
at any moment of one's own turn between decisions), ``view`` (the public part).
Modules: ``event_cards`` (data), ``event_state`` (the events' state),
``event_effects`` (the map), ``event_market`` (what a player uses or buys).

Rulings of our own (the rulebook is silent): see the ``rules.tribes`` docstring,
"Events".
"""

from __future__ import annotations

import re

from rules.base import CorruptState, IllegalMove, Move, Record, State, Text
from rules.kit.end import is_over
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import event_effects as fx
from rules.tribes import event_market as mk
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.components import POPULATION_LIMIT
from rules.tribes.event_cards import EVENTS
from rules.tribes.event_state import (
    card,
    check_mammoth,
    events_of,
    free_slot,
    is_active,
    name_ref,
    new_events,
    reviewed,
    slug_of,
)
from rules.tribes.flow import FLOW
from rules.tribes.players import seat
from rules.tribes.state import EvOrderFrame, EvRollFrame
from rules.tribes.view_types import EventsView, SlotView

FRAME_KINDS = frozenset(
    {"ev_order", "ev_hex", "ev_spot", "ev_mig", "ev_mig_to", "ev_altar", "ev_find", "ev_roll"}
)
CODE = re.compile(
    r"^(?:hex:h[0-9]{2}|spot:[0-9]{1,2}|mig:(?:h[0-9]{2}|end)|migto:h[0-9]{2}"
    r"|first:[a-z_]+|find:(?:wood|food|stone)|lore:(?:wood|food|stone)"
    r"|mammoth:h[0-9]{2}|buy:(?:fortifications|canoe)"
    r"|buy:altar:(?:wood|food|stone|mix:[a-z+]+)|roll)$"
)

__all__ = [
    "CODE",
    "FRAME_KINDS",
    "new_events",
    "on_double",
    "resume",
]


def is_well_formed(code: str) -> bool:
    """Whether ``code`` has the syntax of an event move."""
    return bool(CODE.match(code))


# ------------------------------------------------------------------- the double


def on_double(state: State, player: int, record: Record) -> None:
    """A double was rolled by ``player`` (seat index) at step 2: resolve the events."""
    ev = events_of(state)
    due = [slug_of(s["id"]) for s in ev["slots"] if s is not None]
    due = [s for s in due if fx.has_bottom_effect(state, s)]
    for slug in [s for s in due if not fx.is_board_effect(s)]:
        fx.bottom_effect(state, player, slug, record)
    ev["double"] = {
        "player": player,
        "todo": [s for s in due if fx.is_board_effect(s)],
        "draw": True,
    }
    resume(state, record)


def resume(state: State, record: Record) -> None:
    """Carry on with the double being resolved until a decision is needed or it is done."""
    ev = events_of(state)
    while True:
        top = fr.top(state)
        double = ev["double"]
        if double is None or is_over(st.data(state)):
            return
        if top is not None and top["kind"] in FRAME_KINDS:
            return
        p, todo = double["player"], double["todo"]
        todo[:] = [s for s in todo if is_active(state, s) and fx.has_bottom_effect(state, s)]
        if len(todo) >= 2:
            fr.add(state, EvOrderFrame(kind="ev_order", player=p, options=list(todo)))
            return
        if todo:
            fx.bottom_effect(state, p, todo.pop(0), record)
        elif double["draw"]:
            double["draw"] = False
            draw_event(state, p, record)
        else:
            ev["double"] = None
            return


def _order_moves(state: State, frame: EvOrderFrame) -> list[Move]:
    return [
        Move(
            f"first:{slug}",
            Text("tribes.move.ev_first", {"event": f"@{EVENTS.by_slug(slug).name_key}"}),
            "event",
        )
        for slug in frame["options"]
    ]


def _order_apply(state: State, frame: EvOrderFrame, code: str, record: Record) -> None:
    fr.pop(state)
    slug = code.partition(":")[2]
    double = events_of(state)["double"]
    assert double is not None
    double["todo"].remove(slug)
    fx.bottom_effect(state, frame["player"], slug, record)
    resume(state, record)


def draw_event(state: State, p: int, record: Record) -> None:
    """A new event if a slot is free (T11): a card at random from the deck (the
    discards come back first if it is empty), then its top effect."""
    ev = events_of(state)
    index = free_slot(state)
    if index is None:
        record.note("tribes.note.event_no_slot")
        return
    if not ev["deck"] and ev["discard"] and EVENTS.numbers.reshuffle_discards:
        ev["deck"] = sorted(ev["discard"])
        ev["discard"] = []
        record.note("tribes.note.event_deck_again", n=len(ev["deck"]))
    if not ev["deck"]:
        record.note("tribes.note.event_deck_empty")
        return
    card_id = ch.draw_event_card(state, ev["deck"])  # chiefs: Prémonition's known cards
    ev["slots"][index] = {"id": card_id}
    record.note("tribes.note.event_drawn", player=seat(state, p), event=name_ref(card_id))
    fx.on_draw(state, p, card_id, record)


# ------------------------------------------------------------ turn and map hooks


def start_turn(state: State, p: int, record: Record) -> bool:
    """Start of ``p``'s turn: per-turn uses reset; an eliminated tribe first puts 2
    members back (T14). ``True``: a decision comes first, the turn goes on after it
    (``turn.continue_turn``)."""
    ev = events_of(state)
    ev["flags"] = []
    ev["found"] = []
    ev["double"] = None  # a double left unfinished by a seat that left
    if fx.is_eliminated(state, p):
        fx.ask_return(state, p, record)
        return True
    return False


def end_turn(state: State, p: int, record: Record) -> None:
    """End of ``p``'s turn: the mammoth's taming die, then the abandoned village."""
    fx.count_mammoth(state, p, record)
    if not is_over(st.data(state)):
        fx.claim_abandoned(state, p, record)


def population_limit(state: State, hex_id: str) -> int:
    """5, or Sécheresse's 4 while it is active (from the conflict step of its turn)."""
    if is_active(state, "drought"):
        face = EVENTS.by_slug("drought")
        assert face.active is not None
        return int(face.active.params["limit"])
    return POPULATION_LIMIT


def turn_moves(state: State, p: int) -> list[Move]:
    """Moves of ``p``'s own turn offered between two decisions: buying a card on
    display (T17), Savoir partagé."""
    return [*mk.buy_moves(state, p), *mk.lore_moves(state, p)]


def before_roll(state: State, p: int, record: Record) -> bool:
    """Step 2 of ``p``'s turn, before the roll (version 2): the cards on display may be
    bought at any moment of one's own turn (T17). When a card ``p`` can afford would be
    thrown away by the marker of a double, ``p`` is asked first (``ev_roll``: any
    purchase, then ``roll``); otherwise the roll is made at once, as before. ``True``:
    the question is pending, the roll waits for it."""
    if not reviewed(state) or not mk.at_risk(state, p):
        return False
    fr.add(state, EvRollFrame(kind="ev_roll", player=p))
    return True


def _roll_moves(state: State, frame: EvRollFrame) -> list[Move]:
    return [*mk.buy_moves(state, frame["player"]), Move("roll", Text("tribes.move.roll"), "event")]


def _roll_apply(state: State, frame: EvRollFrame, code: str, record: Record) -> None:
    if code.startswith("buy:"):
        mk.apply_buy(state, frame["player"], code, record)
        return
    fr.pop(state)
    FLOW.ask_then_roll(state, record, asked="purchase")  # then the roll (``turn``)


def owns_turn_move(code: str) -> bool:
    return code.startswith(("buy:", "lore:"))


def apply_turn_move(state: State, p: int, code: str, record: Record) -> None:
    if code.startswith("buy:"):
        mk.apply_buy(state, p, code, record)
    else:
        mk.apply_lore(state, p, code, record)


def set_invaders(state: State, hex_id: str, n: int, record: Record) -> None:
    """A conflict (or the Bow) left ``n`` invaders on ``hex_id``."""
    fx.set_invaders(state, hex_id, n, record)


def village_allowed(state: State, hex_id: str) -> bool:
    return mk.village_allowed(state, hex_id)


EXPLAINED = frozenset({"buy", "lore"})
"""Move heads whose refusal ``explain`` words (the others are frame moves)."""


def explain(state: State, code: str) -> IllegalMove:
    """Why a buy or Savoir partagé move is refused now."""
    head, _, arg = code.partition(":")
    p = int(st.data(state)["turn"])
    if head == "lore":
        if not is_active(state, "shared_knowledge"):
            return IllegalMove("tribes.illegal.lore_inactive")
        if "lore" in events_of(state)["flags"]:
            return IllegalMove("tribes.illegal.lore_used")
        return IllegalMove("tribes.illegal.lore_alone")
    slug = arg.partition(":")[0]
    if not is_active(state, slug):
        return IllegalMove("tribes.illegal.buy_absent", event=f"@tribes.event.{slug}.name")
    if slug == "altar" and not bd.on_map(st.data(state), p):
        return IllegalMove("tribes.illegal.buy_member")
    return IllegalMove("tribes.illegal.buy_cost", event=f"@tribes.event.{slug}.name")


def seat_left(state: State, p: int, record: Record) -> None:
    """``p`` left the game outside its turn: its pending event decisions (Migration)
    are dropped and the double being resolved goes on; its tamed mammoth, alone now,
    runs away (version 2)."""
    if fr.drop(state, lambda f: f["kind"] in FRAME_KINDS and f["player"] == p):
        resume(state, record)
    if reviewed(state):
        check_mammoth(state, record)  # a tamed mammoth of ``p`` is left alone (v2)


AUTO_KINDS = frozenset({"ev_order", "ev_hex", "ev_spot"})
"""Event decisions the game takes for a roller who left (the first choice offered): each
puts a piece the drawn card needs (invaders, mammoth, tiger, volcano, fire, village) or
orders the bottom effects."""


def roller_left(state: State, p: int, record: Record) -> None:
    """``p`` left during its own turn (version 2): the double it rolled is resolved to its
    end, the game taking the first choice of each of ``p``'s event decisions, so that no
    card waits in its slot for a piece that never comes. Every other pending decision
    lapses (the other tribes' Migration moves, ``p``'s own actions); the turn then
    passes on (the engine)."""
    if not reviewed(state):
        return
    while not is_over(st.data(state)):
        top = fr.top(state)
        if top is None:
            if events_of(state)["double"] is None:
                break
            resume(state, record)
            if fr.top(state) is None:
                break
            continue
        auto = top["kind"] in AUTO_KINDS and top.get("purpose") != "return"
        if not auto or top["player"] != p:
            fr.pop(state)
            continue
        kind = fr.KINDS[top["kind"]]
        kind.apply(state, top, kind.moves(state, top)[0].code, record)
    check_mammoth(state, record)  # a tamed mammoth of ``p`` is left alone


def check_invariants(state: State) -> None:
    """No event card in two places, a card missing from the piles, slots and the tamed
    mammoth is one a player bought; at most 5 invaders on the map."""
    ev = events_of(state)
    places = [*ev["deck"], *ev["discard"], *ev["aside"]]
    places += [s["id"] for s in ev["slots"] if s is not None]
    mammoth = ev["mammoth"]
    if mammoth is not None and mammoth["tamer"] is not None:
        places.append(EVENTS.by_slug("mammoth").id)
    bought = {
        EVENTS.by_slug(slug).id for pl in st.data(state)["players"] for slug in pl["acquired"]
    }
    if len(set(places)) != len(places) or set(EVENTS.cards) - set(places) - bought:
        raise CorruptState("tribes.event_cards", found=sorted(places))
    if not 0 <= fx.invaders_on_map(state) <= EVENTS.numbers.invaders:
        raise CorruptState("tribes.invaders", n=fx.invaders_on_map(state))


def pawns_held(state: State) -> int:
    """Village pawns the events hold on the map (the abandoned village)."""
    return 1 if events_of(state)["abandoned"] is not None else 0


# ---------------------------------------------------------------------- the view


def view(state: State) -> EventsView:
    """The events' public part (key ``events`` of the view; see ``view``)."""
    ev = events_of(state)
    seats = state.seats
    slots: list[SlotView | None] = []
    for slot in ev["slots"]:
        if slot is None:
            slots.append(None)
            continue
        face = card(slot["id"])
        entry: SlotView = {"id": slot["id"], "slug": face.slug}
        if "stock" in slot:
            entry["stock"] = dict(slot["stock"])
        if face.is_acquirable:
            entry["markers"] = slot.get("markers", 0)
            entry["prices"] = mk.prices(slot)
            assert face.active is not None
            if face.active.params.get("members"):  # Autel: a member from the map too
                entry["members"] = int(face.active.params["members"])
        if face.slug == "mammoth" and ev["mammoth"] is not None:
            count = ev["mammoth"]["count"]
            entry["count"] = (
                None if count is None else {"seat": seats[count["player"]], "n": count["n"]}
            )
        slots.append(entry)
    mammoth = ev["mammoth"]
    volcano = ev["volcano"]
    return {
        "slots": slots,
        "deck": len(ev["deck"]),
        "discard": [slug_of(c) for c in ev["discard"]],
        "aside": [slug_of(c) for c in ev["aside"]],
        "invaders": {
            "hex": fx.invaders_hex(state),
            "n": fx.invaders_on_map(state),
            "box": EVENTS.numbers.invaders - fx.invaders_on_map(state),
        },
        "mammoth": None
        if mammoth is None
        else {
            "hex": mammoth["hex"],
            "tamer": None if mammoth["tamer"] is None else seats[mammoth["tamer"]],
        },
        "tiger": ev["tiger"],
        "volcano": None
        if volcano is None
        else {"q": volcano[0], "r": volcano[1], "next_to": fx.hexes_next_to(state, volcano)},
        "burnt": ev["burnt"],
        "abandoned": ev["abandoned"],
        "limit": population_limit(state, ""),
        "acquired": {
            seats[i]: list(st.data(state)["players"][i]["acquired"]) for i in range(len(seats))
        },
    }


fr.register("ev_order", _order_moves, _order_apply)
fr.register("ev_roll", _roll_moves, _roll_apply)
FLOW.resume = resume
