"""What an action gives one player: the action board's value plus his improvements.

The action board prints one value per strength (``data/actions.json``, components
3.1); the rulebook's developments improve it for the player who completed them
("améliorations d'action", Étape 5) and Hiver clément for whoever grows while it lasts.
The engine starts each action with ``action_values`` and the public view shows the
same numbers for the player whose turn it is, so the picture and the rules cannot
disagree.

- Grow: ``{"members"}``; Oxen (D2) and Hiver clément add members.
- Travel: ``{"members", "reach"}``; Horse (D3) adds a member and takes each up to
  2 hexes.
- Gather: ``{"hexes", "each", "extra"}``; Basketry (D1) gives ``extra`` resources once
  per Gather, of a type gathered in it.
- Lead: ``{"cards"}``; Cave paintings (D7) adds cards.

Fire (D6) changes the strength, not the value: ``can_use_fire`` says whether it still
can this turn (``actions.strength`` applies it).

And what a Travel or a Gather may reach, which the actions and the chiefs' Voyageurs,
Embuscade and Partage des richesses share: the members still free to travel (T5),
the hexes a member may stop on, what one selection of a hex gives.
"""

from __future__ import annotations

from rules.base import State
from rules.tribes import board as bd
from rules.tribes import event_market
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import ACTIONS, GOALS, STRENGTHS, Goal
from rules.tribes.event_cards import EVENTS
from rules.tribes.event_state import slot_of
from rules.tribes.players import development_of, player

FIRE_FLAG = "fire"
"""The turn flag set once Fire was used this turn."""


def development(state: State, p: int, kind: str) -> Goal | None:
    """The development of ``kind`` whose ability ``p`` has (completed, or borrowed with
    the Elder this turn)."""
    return development_of(state, p, kind)


def _param(goal: Goal | None, name: str, default: int = 0) -> int:
    return default if goal is None else int(goal.params[name])


def mild_winter_extra(state: State) -> int:
    """The members Hiver clément adds to a Grow while its card is in play (0 without)."""
    if slot_of(state, "mild_winter") is None:
        return 0
    face = EVENTS.by_slug("mild_winter")
    assert face.active is not None
    return int(face.active.params["extra"])


def gather_extra(state: State, p: int) -> int:
    """The resources Basketry adds to each Gather of ``p`` (0 without it)."""
    return _param(development(state, p, "gather_extra"), "n")


def action_values(state: State, p: int, action: str, power: str) -> dict[str, int]:
    """What ``action`` at strength ``power`` gives ``p`` now (see the module docstring)."""
    return _with(ACTIONS[action][power], _bonus(state, p, action))


def _bonus(state: State, p: int, action: str) -> dict[str, int]:
    """What ``p``'s improvements add to ``action`` (``+`` keys) or set in it."""
    if action == "grow":
        n = _param(development(state, p, "grow_extra"), "n") + mild_winter_extra(state)
        return {"+members": n}
    if action == "travel":
        horse = development(state, p, "travel_extra")
        return {"+members": _param(horse, "members"), "reach": _param(horse, "range", 1)}
    if action == "gather":
        return {"extra": gather_extra(state, p)}
    if action == "lead":
        return {"+cards": _param(development(state, p, "lead_extra"), "n")}
    return {}


def _with(printed: dict[str, int], bonus: dict[str, int]) -> dict[str, int]:
    values = dict(printed)
    for key, n in bonus.items():
        if key.startswith("+"):
            values[key[1:]] += n
        else:
            values[key] = n
    return values


def improvements(state: State, p: int, action: str) -> list[str]:
    """What improves ``action`` for ``p``: goal ids of his developments and event ids."""
    kind = {
        "grow": "grow_extra",
        "travel": "travel_extra",
        "gather": "gather_extra",
        "lead": "lead_extra",
    }[action]
    found = [g for g in player(state, p)["done"] if GOALS[g].kind == kind]
    if action == "grow" and mild_winter_extra(state):
        found.append(EVENTS.by_slug("mild_winter").id)
    return found


def all_values(state: State, p: int, action: str) -> dict[str, dict[str, int]]:
    """``action_values`` at every strength, reduced first."""
    bonus = _bonus(state, p, action)
    return {power: _with(ACTIONS[action][power], bonus) for power in STRENGTHS}


def can_use_fire(state: State, p: int) -> bool:
    """Whether ``p`` may still use Fire this turn (once per turn)."""
    return (
        development(state, p, "ignore_moon") is not None
        and FIRE_FLAG not in st.data(state)["turn_flags"]
    )


# --------------------------------------------------------- where members go, what a hex gives


def movable(state: State, p: int, hex_id: str) -> int:
    """Members of ``p`` on ``hex_id`` that have not travelled this turn (T5)."""
    return int(bd.members(st.data(state), hex_id)[p] - st.data(state)["arrived"].get(hex_id, 0))


def travel_allowed(state: State, source: str, target: str) -> bool:
    """Whether a member may end a move on ``target`` (events forbid some hexes)."""
    return target in st.data(state)["hexes"]


def hex_resources(state: State, hex_id: str) -> list[str]:
    """What one selection of ``hex_id`` may give (events may add or remove types)."""
    return event_market.hex_resources(state, hex_id, tr.printed_resources(st.data(state), hex_id))
