"""Chief powers at step 2, around the roll: Prémonition and Lueur dans la nuit.

Rulebook "Pouvoirs des chefs" (T24): Prémonition only before the roll (``peek`` or
``nopeek``, then ``keep`` or ``under``: the labels the table reads never name the
card); Lueur dans la nuit right after it, before the dice are read for a double
(``glow`` or ``noglow``), so a changed die can make a double. Rulings in the
``rules.tribes`` docstring, "Chiefs".
"""

from __future__ import annotations

from rules import rng
from rules.base import Move, Record, State, Text
from rules.tribes import chiefs as ch
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.event_state import events_of, name_ref
from rules.tribes.flow import FLOW
from rules.tribes.players import active, seat
from rules.tribes.state import ChGlowFrame, ChPeekAskFrame, ChPeekFrame

# ------------------------------------------------------------------- Prémonition


def before_roll(state: State, record: Record) -> bool:
    """Step 2, before the roll: Prémonition may look at the top event card."""
    if not ch.is_on(state):
        return False
    p = active(state)
    deck = _event_deck(state)
    if not ch.has(state, p, "premonition") or ch.used(state, "premonition") or not deck:
        return False
    fr.add(state, ChPeekAskFrame(kind="ch_peek_ask", player=p))
    return True


def _event_deck(state: State) -> list[str]:
    deck: list[str] = events_of(state)["deck"]
    return deck


def _peek_ask_moves(state: State, frame: ChPeekAskFrame) -> list[Move]:
    return [
        Move("peek", Text("tribes.chief.move.peek"), "chief"),
        Move("nopeek", Text("tribes.chief.move.nopeek"), "chief"),
    ]


def _peek_ask_apply(state: State, frame: ChPeekAskFrame, code: str, record: Record) -> None:
    fr.pop(state)
    p = frame["player"]
    ch.use(state, "premonition")
    if code == "nopeek":
        FLOW.roll(state, record)
        return
    deck = _event_deck(state)
    known = ch._known(state, deck)
    if known is not None and known["top"] in deck:
        card = known["top"]
    else:
        pool = [c for c in deck if known is None or c not in known["under"]] or deck
        card = pool[rng.randbelow(state, len(pool))]
    record.learned = True
    record.note("tribes.chief.note.peek", player=seat(state, p))
    fr.add(state, ChPeekFrame(kind="ch_peek", player=p, card=card))


def _peek_moves(state: State, frame: ChPeekFrame) -> list[Move]:
    event = {"event": name_ref(frame["card"])}
    return [
        Move("keep", Text("tribes.chief.move.keep", event), "chief"),
        Move("under", Text("tribes.chief.move.under", event), "chief"),
    ]


def _peek_apply(state: State, frame: ChPeekFrame, code: str, record: Record) -> None:
    fr.pop(state)
    p, card = frame["player"], frame["card"]
    data = ch.chiefs_of(state)
    deck = _event_deck(state)
    if data["known"] != deck:
        data["top"], data["under"] = None, []
    if data["top"] == card:
        data["top"] = None
    if code == "keep":
        data["top"] = card
        record.hide(Text("tribes.chief.move.kept"))
    else:
        data["under"].append(card)
        record.hide(Text("tribes.chief.move.put_under"))
    data["known"], data["seer"] = list(deck), p
    FLOW.roll(state, record)


# ---------------------------------------------------------- Lueur dans la nuit


def after_roll(state: State, record: Record) -> bool:
    """Right after the roll: Lueur dans la nuit may turn a moon into a sun, before the
    roll is read for a double (so it can make or break one)."""
    if not ch.is_on(state):
        return False
    p = active(state)
    if not ch.has(state, p, "night_glow") or "moon" not in st.data(state)["hand"]:
        return False
    if ch.used(state, "night_glow"):
        return False
    fr.add(state, ChGlowFrame(kind="ch_glow", player=p))
    return True


def _glow_moves(state: State, frame: ChGlowFrame) -> list[Move]:
    return [
        Move("glow", Text("tribes.chief.move.glow"), "chief"),
        Move("noglow", Text("tribes.chief.move.noglow"), "chief"),
    ]


def _glow_apply(state: State, frame: ChGlowFrame, code: str, record: Record) -> None:
    fr.pop(state)
    data = st.data(state)
    if code == "glow":
        ch.use(state, "night_glow")
        i = data["hand"].index("moon")
        data["hand"][i] = "sun"
        data["roll"][data["roll"].index("moon")] = "sun"
        record.note("tribes.chief.note.glow", player=seat(state, frame["player"]))
    FLOW.read_roll(state, record)


fr.register("ch_peek_ask", _peek_ask_moves, _peek_ask_apply)
fr.register("ch_peek", _peek_moves, _peek_apply)
fr.register("ch_glow", _glow_moves, _glow_apply)
