"""What the events do on the map: drawn, on a later double, at the end of a turn.

Components 3.5 (PROPOSED where the rulebook is silent) and the rulebook's event
clarifications. Each effect either resolves at once or asks the player who must
decide with a frame (``rules.tribes.frames``); once that decision is taken the double
being resolved goes on (``events.resume``). Frames: ``ev_hex`` (a hex, for the purpose
it names: ``hex:h05``), ``ev_spot`` (the volcano's place: ``spot:2``), ``ev_mig`` and
``ev_mig_to`` (Migration: ``mig:h05`` then ``migto:h06``, or ``mig:end``).

Least-populated hexes count members and invaders; empty hexes qualify; the active
player picks among equals (rulebook, applied to every event). Tiger, volcano and forest
fire strike tribe members only, never invaders, and are not conflicts (T6).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.base import Move, Record, State, Text
from rules.kit.end import is_over
from rules.tribes import board as bd
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import MAPS
from rules.tribes.event_cards import EVENTS
from rules.tribes.event_state import (
    card,
    events_of,
    least_populated,
    leave_slot,
    mammoth_params,
    name_ref,
    playing,
    slot_of,
    strike,
    worn_out,
)
from rules.tribes.flow import FLOW
from rules.tribes.players import gain_vp, player, seat
from rules.tribes.state import EvHexFrame, EvMigFrame, EvMigToFrame, EvSpotFrame
from rules.tribes.villages import lose_villages

AXIAL = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
BOARD_EFFECTS = ("invaders_advance", "mammoth_wanders", "tiger_moves")
"""Bottom effects that change the map: their order may matter, so the active player
picks it (T11); the others (discard, marker) are independent and run first."""


def _resume(state: State, record: Record) -> None:
    FLOW.resume(state, record)  # the double goes on (``events``)


def ask_hex(state: State, p: int, purpose: str, hexes: list[str], record: Record) -> None:
    """``p`` picks one of ``hexes`` for ``purpose``; a single choice is taken at once."""
    if len(hexes) == 1:
        HEX_PURPOSES[purpose](state, p, hexes[0], record)
        return
    fr.add(state, EvHexFrame(kind="ev_hex", player=p, purpose=purpose, hexes=hexes))


def _hex_moves(state: State, frame: EvHexFrame) -> list[Move]:
    key = f"tribes.move.ev_hex.{frame['purpose']}"
    return [
        Move(f"hex:{h.lower()}", Text(key, tr.hex_params(state, h)), "event")
        for h in frame["hexes"]
    ]


def _hex_apply(state: State, frame: EvHexFrame, code: str, record: Record) -> None:
    fr.pop(state)
    HEX_PURPOSES[frame["purpose"]](state, frame["player"], code[4:].upper(), record)
    if frame["purpose"] not in ("return",):
        _resume(state, record)


# ---------------------------------------------------------------------- when drawn


def on_draw(state: State, p: int, card_id: str, record: Record) -> None:
    """The card ``card_id`` was just put in a slot by ``p``'s double: its top effect."""
    ev = events_of(state)
    face = card(card_id)
    slot = slot_of(state, face.slug)
    assert slot is not None
    effect = face.on_draw
    if face.is_acquirable:
        slot["markers"] = 0
    if effect is None:
        return
    kind, params = effect.kind, effect.params
    if kind == "stock":
        slot["stock"] = dict(params)
    elif kind == "stock_per_player":
        slot["stock"] = {r: n * len(playing(state)) for r, n in params.items()}
    elif kind == "place_invaders":
        ask_hex(state, p, "invaders", least_populated(state), record)
    elif kind == "place_mammoth":
        ask_hex(state, p, "mammoth", least_populated(state), record)
    elif kind == "place_tiger":
        mountains = [
            h for h in st.data(state)["hexes"] if tr.counts_as(st.data(state), h, "mountain")
        ]
        ask_hex(state, p, "tiger", mountains, record)
    elif kind == "eruption":
        if ev["volcano"] is None:
            _ask_spot(state, p, record)
        else:
            _erupt(state, record)
    elif kind == "most_villages":
        _great_chief(state, card_id, record)
    elif kind == "place_abandoned_village":
        _abandoned_village(state, p, record)
    elif kind == "migration":
        _migration(state, p, card_id, record)
    elif kind == "burn_forest":
        forests = [h for h in st.data(state)["hexes"] if tr.counts_as(st.data(state), h, "forest")]
        ask_hex(state, p, "fire", forests, record)


# ------------------------------------------------------------------- on a double


def bottom_effect(state: State, p: int, slug: str, record: Record) -> None:
    """The bottom effect of the active event ``slug`` on a double (T11)."""
    face = EVENTS.by_slug(slug)
    slot = slot_of(state, slug)
    if face.on_double is None or slot is None:
        return
    kind = face.on_double.kind
    if kind == "discard":
        if slug == "forest_fire":
            events_of(state)["burnt"] = None
        leave_slot(state, slug, record)
    elif kind == "marker":
        slot["markers"] += 1
        record.note("tribes.note.event_marker", event=name_ref(slot["id"]), n=slot["markers"])
        if worn_out(slot):
            leave_slot(state, slug, record)
    elif kind == "invaders_advance":
        _invaders_advance(state, p, record)
    elif kind == "mammoth_wanders":
        mammoth = events_of(state)["mammoth"]
        if mammoth is not None and mammoth["tamer"] is None:
            ask_hex(state, p, "mammoth", least_populated(state), record)
    elif kind == "tiger_moves":
        here = events_of(state)["tiger"]
        ask_hex(state, p, "tiger", [h for h in st.data(state)["hexes"] if h != here], record)


def has_bottom_effect(state: State, slug: str) -> bool:
    """Whether ``slug``'s bottom effect would do something now (a tamed or absent
    mammoth does not wander)."""
    face = EVENTS.by_slug(slug)
    if face.on_double is None:
        return False
    if face.on_double.kind == "mammoth_wanders":
        mammoth = events_of(state)["mammoth"]
        return mammoth is not None and mammoth["tamer"] is None
    return True


def is_board_effect(slug: str) -> bool:
    face = EVENTS.by_slug(slug)
    return face.on_double is not None and face.on_double.kind in BOARD_EFFECTS


# ----------------------------------------------------------------------- invaders


def invaders_on_map(state: State) -> int:
    return sum(st.data(state)["invaders"].values())


def invaders_hex(state: State) -> str | None:
    return next((h for h in st.data(state)["hexes"] if bd.invaders(st.data(state), h)), None)


def _place_invaders(state: State, p: int, hex_id: str, r: Record) -> None:
    params = EVENTS.by_slug("invaders").on_draw
    assert params is not None
    n = min(int(params.params["n"]), EVENTS.numbers.invaders - invaders_on_map(state))
    st.data(state)["invaders"][hex_id] = bd.invaders(st.data(state), hex_id) + n
    r.note("tribes.note.invaders_placed", n=n, hex=hex_id)


def _invaders_advance(state: State, p: int, record: Record) -> None:
    """One more invader while the box has some, then the group moves to the adjacent hex
    with the most tribe members (it stays if none has any)."""
    here = invaders_hex(state)
    if here is None:
        return
    if invaders_on_map(state) < EVENTS.numbers.invaders:
        st.data(state)["invaders"][here] += 1
        record.note("tribes.note.invaders_grow", n=st.data(state)["invaders"][here], hex=here)
    around = bd.neighbours(st.data(state), here)
    most = max((sum(bd.members(st.data(state), h)) for h in around), default=0)
    if most == 0:
        record.note("tribes.note.invaders_stay", hex=here)
        return
    targets = [h for h in around if sum(bd.members(st.data(state), h)) == most]
    ask_hex(state, p, "invaders_move", targets, record)


def _move_invaders(state: State, p: int, hex_id: str, r: Record) -> None:
    here = invaders_hex(state)
    assert here is not None
    n = st.data(state)["invaders"].pop(here)
    st.data(state)["invaders"][hex_id] = n
    r.note("tribes.note.invaders_moved", n=n, source=here, target=hex_id)


def set_invaders(state: State, hex_id: str, n: int, record: Record) -> None:
    """A conflict left ``n`` invaders on ``hex_id``; the card leaves with the last one."""
    lost = bd.invaders(st.data(state), hex_id) - n
    if lost > 0:
        record.note("tribes.note.invaders_lost", n=lost, hex=hex_id)
    if n:
        st.data(state)["invaders"][hex_id] = n
        return
    st.data(state)["invaders"].pop(hex_id, None)
    if invaders_on_map(state) == 0 and slot_of(state, "invaders") is not None:
        record.note("tribes.note.invaders_gone")
        leave_slot(state, "invaders", record)


# ------------------------------------------------------------------------ mammoth


def _place_mammoth(state: State, p: int, hex_id: str, r: Record) -> None:
    events_of(state)["mammoth"] = {"hex": hex_id, "tamer": None, "count": None}
    r.note("tribes.note.mammoth_at", hex=hex_id)


def count_mammoth(state: State, p: int, record: Record) -> None:
    """End of ``p``'s turn: with the majority on the wild mammoth's hex, the die on the
    card counts one more for ``p`` (back to 1 if it counted for another tribe); at 2 the
    tribe tames it: 3 VP, the card goes to its board and frees its slot."""
    mammoth = events_of(state)["mammoth"]
    if mammoth is None or mammoth["tamer"] is not None:
        return
    if not bd.has_majority(st.data(state), p, mammoth["hex"]):
        return
    count = mammoth["count"]
    n = count["n"] + 1 if count is not None and count["player"] == p else 1
    mammoth["count"] = {"player": p, "n": n}
    params = mammoth_params()
    record.note("tribes.note.mammoth_count", player=seat(state, p), n=n, of=params["tame_at"])
    if n < params["tame_at"]:
        return
    mammoth["tamer"], mammoth["count"] = p, None
    leave_slot(state, "mammoth", record, discard=False)
    record.note("tribes.note.mammoth_tamed", player=seat(state, p), vp=params["vp"])
    gain_vp(state, p, int(params["vp"]), "events", record)


# -------------------------------------------------------------- tiger and fire


def _place_tiger(state: State, p: int, hex_id: str, r: Record) -> None:
    events_of(state)["tiger"] = hex_id
    r.note("tribes.note.tiger_at", hex=hex_id)
    strike(state, hex_id, r)
    lose_villages(state, r)


def _burn(state: State, p: int, hex_id: str, r: Record) -> None:
    events_of(state)["burnt"] = hex_id
    r.note("tribes.note.fire_at", hex=hex_id)
    strike(state, hex_id, r)
    lose_villages(state, r)


# ------------------------------------------------------------------------ volcano


def volcano_spots(state: State, p: int) -> list[tuple[int, int]]:
    """Where the volcano may go: a listed spot (free, touching 2+ hexes of the edge),
    next to ``p``'s tribe when one such spot exists (rulebook)."""
    spots = list(MAPS[st.data(state)["map"]].volcano_spots)
    mine = set(bd.occupied_by(st.data(state), p))
    near = [s for s in spots if mine & set(hexes_next_to(state, s))]
    return near or spots


def hexes_next_to(state: State, spot: tuple[int, int] | list[int]) -> list[str]:
    """The map hexes around the position ``spot`` (the volcano's)."""
    return list(_around(int(st.data(state)["map"]), int(spot[0]), int(spot[1])))


@cache
def _around(players: int, q: int, r: int) -> tuple[str, ...]:
    at = {(h.q, h.r): h.id for h in MAPS[players].hexes}
    return tuple(at[(q + dq, r + dr)] for dq, dr in AXIAL if (q + dq, r + dr) in at)


def _ask_spot(state: State, p: int, record: Record) -> None:
    spots = volcano_spots(state, p)
    if len(spots) == 1:
        _place_volcano(state, spots[0], record)
        return
    fr.add(state, EvSpotFrame(kind="ev_spot", player=p, spots=[list(s) for s in spots]))


def _spot_moves(state: State, frame: EvSpotFrame) -> list[Move]:
    return [
        Move(
            f"spot:{i + 1}",
            Text("tribes.move.ev_spot", {"hexes": ", ".join(hexes_next_to(state, s))}),
            "event",
        )
        for i, s in enumerate(frame["spots"])
    ]


def _spot_apply(state: State, frame: EvSpotFrame, code: str, record: Record) -> None:
    fr.pop(state)
    spot = frame["spots"][int(code[5:]) - 1]
    _place_volcano(state, (spot[0], spot[1]), record)
    _resume(state, record)


def _place_volcano(state: State, spot: tuple[int, int], record: Record) -> None:
    events_of(state)["volcano"] = [spot[0], spot[1]]
    record.note("tribes.note.volcano_at", hexes=", ".join(hexes_next_to(state, spot)))
    _erupt(state, record)


def _erupt(state: State, record: Record) -> None:
    """Each tribe loses a member on every hex next to the volcano; the card goes back
    into the deck at once (rulebook: it erupts again each time it is drawn)."""
    ev = events_of(state)
    spot = ev["volcano"]
    assert spot is not None
    record.note("tribes.note.eruption")
    for hex_id in hexes_next_to(state, spot):
        strike(state, hex_id, record)
    lose_villages(state, record)
    volcano = EVENTS.by_slug("volcano").id
    leave_slot(state, "volcano", record, discard=False)
    ev["deck"] = sorted([*ev["deck"], volcano])
    record.note("tribes.note.event_back_in_deck", event=name_ref(volcano))


def near_volcano(state: State, hex_id: str) -> bool:
    spot = events_of(state)["volcano"]
    return spot is not None and hex_id in hexes_next_to(state, spot)


# ------------------------------------------------------- Grand Chef, the village


def _great_chief(state: State, card_id: str, record: Record) -> None:
    """The tribe with the most villages gains 2 VP; tied tribes gain 1 each; nobody when
    no village stands (components 3.5). The card is then discarded."""
    face = card(card_id)
    assert face.on_draw is not None
    params = face.on_draw.params
    counts = {i: len(bd.villages_of(st.data(state), i)) for i in playing(state)}
    best = max(counts.values(), default=0)
    leave_slot(state, face.slug, record)
    if best == 0:
        record.note("tribes.note.great_chief_nobody")
        return
    leaders = [i for i, n in counts.items() if n == best]
    vp = int(params["vp"] if len(leaders) == 1 else params["tied_vp"])
    for i in leaders:
        record.note("tribes.note.great_chief", player=seat(state, i), vp=vp, n=best)
        gain_vp(state, i, vp, "events", record)
        if is_over(st.data(state)):
            return


def _abandoned_village(state: State, p: int, record: Record) -> None:
    data = st.data(state)
    if data["village_supply"] <= 0:
        record.note("tribes.note.no_village_pawn")  # no pawn, or no hex without one
        leave_slot(state, "abandoned_village", record)
        return
    free = [h for h in data["hexes"] if bd.village(data, h) is None and tr.village_allowed(data, h)]
    if not free:
        record.note("tribes.note.no_village_pawn")
        leave_slot(state, "abandoned_village", record)
        return
    ask_hex(state, p, "abandoned", least_populated(state, free), record)


def _place_abandoned(state: State, p: int, hex_id: str, r: Record) -> None:
    st.data(state)["village_supply"] -= 1
    events_of(state)["abandoned"] = hex_id
    r.note("tribes.note.abandoned_at", hex=hex_id)


def claim_abandoned(state: State, p: int, record: Record) -> None:
    """End of ``p``'s turn: controlling the abandoned village's hex, ``p`` takes it."""
    ev = events_of(state)
    hex_id = ev["abandoned"]
    if hex_id is None or not bd.has_control(st.data(state), p, hex_id):
        return
    ev["abandoned"] = None
    bd.set_village(st.data(state), hex_id, p)
    record.note("tribes.note.abandoned_claimed", player=seat(state, p), hex=hex_id)
    leave_slot(state, "abandoned_village", record)


# ---------------------------------------------------------------------- migration


def _migration(state: State, p: int, card_id: str, record: Record) -> None:
    """Each tribe in turn from ``p`` may move up to 2 members one hex each (not a
    Travel). The card is discarded at once; the moves follow as decisions."""
    leave_slot(state, card(card_id).slug, record)
    params = card(card_id).on_draw
    assert params is not None
    order = playing(state)
    start = order.index(p) if p in order else 0
    order = order[start:] + order[:start]
    for i in reversed(order):
        if bd.on_map(st.data(state), i):
            fr.add(
                state,
                EvMigFrame(kind="ev_mig", player=i, left=int(params.params["members"]), arrived={}),
            )


def _movable(state: State, frame: EvMigFrame, hex_id: str) -> int:
    return int(
        bd.members(st.data(state), hex_id)[frame["player"]] - frame["arrived"].get(hex_id, 0)
    )


def _mig_moves(state: State, frame: EvMigFrame) -> list[Move]:
    moves = [
        Move(
            f"mig:{h.lower()}",
            Text("tribes.move.ev_mig", {**tr.hex_params(state, h), "n": _movable(state, frame, h)}),
            "event",
        )
        for h in bd.occupied_by(st.data(state), frame["player"])
        if _movable(state, frame, h)
    ]
    return [*moves, Move("mig:end", Text("tribes.move.ev_mig_end", {"n": frame["left"]}), "done")]


def _mig_apply(state: State, frame: EvMigFrame, code: str, record: Record) -> None:
    if code == "mig:end":
        fr.pop(state)
        _resume(state, record)
        return
    fr.add(state, EvMigToFrame(kind="ev_mig_to", player=frame["player"], source=code[4:].upper()))


def _mig_to_moves(state: State, frame: EvMigToFrame) -> list[Move]:
    return [
        Move(f"migto:{h.lower()}", Text("tribes.move.ev_mig_to", tr.hex_params(state, h)), "event")
        for h in bd.neighbours(st.data(state), frame["source"])
    ]


def _mig_to_apply(state: State, frame: EvMigToFrame, code: str, record: Record) -> None:
    fr.pop(state)
    mig = fr.top(state)
    assert mig is not None and mig["kind"] == "ev_mig"
    p, source, target = frame["player"], frame["source"], code[6:].upper()
    bd.add(st.data(state), source, p, -1)
    bd.add(st.data(state), target, p, 1)
    mig["arrived"][target] = mig["arrived"].get(target, 0) + 1
    mig["left"] -= 1
    record.note("tribes.note.migrated", player=seat(state, p), source=source, target=target)
    lose_villages(state, record)
    still = any(_movable(state, mig, h) for h in bd.occupied_by(st.data(state), p))
    if mig["left"] == 0 or not still:
        fr.pop(state)
        _resume(state, record)


# ------------------------------------------------------------- elimination (T14)


def is_eliminated(state: State, p: int) -> bool:
    """No member of the tribe on the map (rulebook "Élimination"); a seat that left the
    game is not eliminated, it is gone."""
    if state.seats[p] in state.out:
        return False
    return bd.on_map(st.data(state), p) == 0 and player(state, p)["supply"] > 0


def ask_return(state: State, p: int, record: Record) -> None:
    """Start of the eliminated ``p``'s turn: 2 members on a hex of his choice, an
    unoccupied one if any (T14). Always asked (the place matters), unless one hex only."""
    data = st.data(state)
    empty = [h for h in data["hexes"] if bd.is_unoccupied(data, h)]
    record.note("tribes.note.eliminated", player=seat(state, p))
    ask_hex(state, p, "return", empty or list(data["hexes"]), record)


def _return(state: State, p: int, hex_id: str, r: Record) -> None:
    n = min(2, int(player(state, p)["supply"]))
    bd.add(st.data(state), hex_id, p, n)
    player(state, p)["supply"] -= n
    r.note("tribes.note.returned", player=seat(state, p), n=n, hex=hex_id)
    FLOW.continue_turn(state, r)  # steps 1 and 2 of the turn (``turn``)


HexPurpose = Callable[[State, int, str, Record], None]
"""What a hex picked for a purpose does: ``(state, player, hex id, record)``."""
HEX_PURPOSES: dict[str, HexPurpose] = {
    "invaders": _place_invaders,
    "invaders_move": _move_invaders,
    "mammoth": _place_mammoth,
    "tiger": _place_tiger,
    "fire": _burn,
    "abandoned": _place_abandoned,
    "return": _return,
}

fr.register("ev_hex", _hex_moves, _hex_apply)
fr.register("ev_spot", _spot_moves, _spot_apply)
fr.register("ev_mig", _mig_moves, _mig_apply)
fr.register("ev_mig_to", _mig_to_moves, _mig_to_apply, fr.no_undo)
