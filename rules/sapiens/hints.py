"""What a line of a Sapiens turn does for a seat, in plain words (``Sapiens.hint_effects``).

The hint compares the advised line with the next best one on what ``heuristic`` weighs:
food and shelter (the score sheet), steaks still to convert, mountain tokens in hand,
a new tribe started, and the active tribe's room (how many tiles of the pool will fit
it next turn: none means abandoning it). On the others' side: a bear put in another
valley, and another tribe left with no tile that fits. Every count is public.
"""

from __future__ import annotations

from rules.base import ScoreSheet, Seat, State, Text
from rules.core.hints import Effect, Effects, change, kept, score_effects
from rules.sapiens import state as st
from rules.sapiens.heuristic import room


def _room(state: State, me: int) -> int | None:
    """The active tribe's room (``heuristic.room``), or ``None`` when it does not
    matter: a player out of moves, an empty pool, no tribe yet, the game over."""
    data = st.data(state)
    player = data["players"][me]
    if data["over"] is not None or player["finished"] or not player["pool"]:
        return None
    if not player["laid"]:
        return None
    return room(state, me)


def sapiens_effects(
    sheets: tuple[ScoreSheet, ScoreSheet], before: State, after: State, seat: Seat
) -> Effects:
    """What the line from ``before`` to ``after`` did for ``seat`` (``sheets``: the
    seat's score sheets at both ends)."""
    me = before.seats.index(seat)
    was, now = st.data(before)["players"][me], st.data(after)["players"][me]
    found: list[Effect | None] = list(score_effects(*sheets, seat))
    if now["tribe"] != was["tribe"]:
        found.append(Effect("tribe", Text("sapiens.hint.new_tribe")))
    found.append(change("steaks", "sapiens.hint.steaks", was["steaks"], now["steaks"]))
    found.append(change("held", "sapiens.hint.held", len(was["held"]), len(now["held"])))
    fits = _room(after, me)
    if fits is not None:
        key = "sapiens.hint.room" if fits else "sapiens.hint.stuck"
        found.append(Effect("room", Text(key, {"n": fits, "of": len(now["pool"])})))
    for k, other in enumerate(after.seats):
        if k == me or other in after.out:
            continue
        old, new = st.data(before)["players"][k], st.data(after)["players"][k]
        bears = len(new["bears"]) - len(old["bears"])
        if bears > 0:
            found.append(Effect(f"bear:{other}", Text("sapiens.hint.bear", {"player": other})))
        had, has = _room(before, k), _room(after, k)
        if had and has == 0:
            found.append(Effect(f"room:{other}", Text("sapiens.hint.blocked", {"player": other})))
    return Effects(kept(found))


__all__ = ["sapiens_effects"]
