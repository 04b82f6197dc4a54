"""A player's own things in a Tribes game: resources, victory points, goal cards.

``state.data["players"]`` is a list (by seat index) of ``{"tribe", "resources": {wood,
food, stone}, "supply": members not on the map, "vp": [n per category of
``VP_CATEGORIES``], "deck": goal ids (top = end), "goals": ids in progress, "done":
completed ids, "acquired": event cards bought (Fortifications, Pirogue, Autel: the
events module fills it)}``.
15 VP win at once, at any step (rulebook "Remporter la partie", T13): ``gain_vp``
checks it after every gain.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.base import Record, State
from rules.kit import decks
from rules.kit.end import finish, is_over
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.components import GOALS, RESOURCES, VICTORY, Goal
from rules.tribes.state import PlayerData

VP_CATEGORIES = ("villages", "developments", "achievements", "events")


def vp_in(state: State, index: int, category: str) -> int:
    """``index``'s VP in one category (``VP_CATEGORIES``)."""
    found: int = player(state, index)["vp"][VP_CATEGORIES.index(category)]
    return found


def player(state: State, index: int) -> PlayerData:
    return st.data(state)["players"][index]


def active(state: State) -> int:
    turn: int = st.data(state)["turn"]
    return turn


def seat(state: State, index: int) -> str:
    return state.seats[index]


def vp_total(state: State, index: int) -> int:
    return sum(player(state, index)["vp"])


def has_development(state: State, index: int, kind: str) -> bool:
    """Whether ``index`` completed a development of ``kind`` (its ability is on for good),
    or, on his own turn, borrowed one with his Elder (``ancients``: ``borrow:`` flags)."""
    return development_of(state, index, kind) is not None


def development_of(state: State, index: int, kind: str) -> Goal | None:
    """The development of ``kind`` whose ability ``index`` has: one completed, else (on
    his own turn) one borrowed with his Elder (``ancients``: ``borrow:`` flags)."""
    for goal_id in player(state, index)["done"]:
        if GOALS[goal_id].kind == kind:
            return GOALS[goal_id]
    data = st.data(state)
    if index == data["turn"]:
        for flag in data["turn_flags"]:
            if flag.startswith("borrow:") and GOALS[flag[7:]].kind == kind:
                return GOALS[flag[7:]]
    return None


def can_pay(state: State, index: int, cost: Mapping[str, int]) -> bool:
    """Whether the player holds ``cost`` (``any``: that many more of any type)."""
    have = player(state, index)["resources"]
    spare = 0
    for r in RESOURCES:
        left: int = have[r] - cost.get(r, 0)
        if left < 0:
            return False
        spare += left
    return spare >= cost.get("any", 0)


def pay(state: State, index: int, cost: Mapping[str, int]) -> None:
    have = player(state, index)["resources"]
    for r in RESOURCES:
        have[r] -= cost.get(r, 0)
        if have[r] < 0:
            raise ValueError(f"cannot pay {dict(cost)}")


def gain_vp(state: State, index: int, n: int, category: str, record: Record) -> None:
    """Add ``n`` VP (negative: lose) in ``category``; 15 or more wins at once (T13)."""
    player(state, index)["vp"][VP_CATEGORIES.index(category)] += n
    data = st.data(state)
    if not is_over(data) and vp_total(state, index) >= VICTORY:
        data["winner"] = index
        finish(data, "normal")
        fr.clear(state)
        record.note("tribes.note.win", player=seat(state, index), vp=vp_total(state, index))


def draw_goals(state: State, p: int, n: int, record: Record) -> None:
    """Draw up to ``n`` goal cards from the top of ``p``'s deck (they lie face up)."""
    mine = player(state, p)
    drawn = decks.draw(mine["deck"], n)
    mine["goals"].extend(drawn)
    if not drawn:
        record.note("tribes.note.drew_none", player=seat(state, p))
        return
    record.learned = True
    record.note(
        "tribes.note.drew",
        player=seat(state, p),
        n=len(drawn),
        cards=[f"@tribes.goal.{g}" for g in drawn],
    )
