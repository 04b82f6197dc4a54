"""Building Tribes states for tests: scripted dice, placed members, a turn at a given step."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from rules.base import Record, State, Text
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import turn as tn
from rules.tribes.components import MEMBERS


def script_dice(monkeypatch: pytest.MonkeyPatch, rolls: Iterable[Sequence[str]]) -> list[list[str]]:
    """Make the engine's rolls come from ``rolls`` in order; returns the list of rolls made."""
    pending = [list(r) for r in rolls]
    made: list[list[str]] = []

    def roll(state: State, n: int) -> list[str]:
        faces = pending.pop(0)
        assert len(faces) == n
        made.append(faces)
        return faces

    monkeypatch.setattr(tn, "roll_dice", roll)
    return made


def new_state(players: int = 2, *, first: int = 0, seed: str = "t") -> State:
    """A new game on the reference map, ``first`` playing first."""
    state = GAME.setup([f"p{i}" for i in range(players)], seed, {"map": "reference"})
    state.data["first"] = state.data["turn"] = first
    return state


def at_actions(
    players: int = 2,
    *,
    members: Mapping[str, Sequence[int]],
    hand: Sequence[str] = ("blank", "blank"),
    active: int = 0,
    used: Sequence[str] = (),
    tribes: Sequence[str] | None = None,
) -> State:
    """A game past set-up, ``active``'s turn at step 3 with ``hand`` to place; ``members``
    gives the members per hex (one count per player); ``used`` actions already taken
    (their pushed dice are blanks)."""
    state = new_state(players, first=active)
    data = state.data
    data["placing"] = players
    data["step"] = "actions"
    for hex_id, counts in members.items():
        data["hexes"][hex_id]["members"] = list(counts)
    for i, pl in enumerate(data["players"]):
        pl["supply"] = MEMBERS - sum(c["members"][i] for c in data["hexes"].values())
        if tribes is not None:
            pl["tribe"] = tribes[i]
    data["hand"] = list(hand)
    data["used"] = list(used)
    data["pushed"] = ["blank"] * (2 - len(hand))
    data["roll"] = list(hand)
    return state


def give(
    state: State, player: int, *, done: Sequence[str] = (), goals: Sequence[str] = (), **res: int
) -> None:
    """Give ``player`` completed goals, goals in progress and resources (from the deck)."""
    mine = state.data["players"][player]
    for g in [*done, *goals]:
        mine["deck"].remove(g)
    mine["done"] += list(done)
    mine["goals"] += list(goals)
    for r, n in res.items():
        mine["resources"][r] = n


def village(state: State, hex_id: str, owner: int) -> None:
    data = state.data
    data["hexes"][hex_id]["village"] = owner
    if data["village_aside"]:
        data["village_aside"] = False
    else:
        data["village_supply"] -= 1


def play(state: State, *codes: str) -> State:
    """Apply ``codes`` in order, each by whoever is to act; check invariants after each."""
    for code in codes:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, code)
        GAME.check_game_invariants(state)
    return state


def codes(state: State) -> list[str]:
    seats = GAME.to_act(state)
    assert len(seats) == 1
    return [m.code for m in GAME.legal_moves(state, next(iter(seats)))]


def members(state: State, hex_id: str) -> list[int]:
    found: list[int] = state.data["hexes"][hex_id]["members"]
    return found


def vp(state: State, player: int) -> int:
    return sum(state.data["players"][player]["vp"].values())


def record() -> Record:
    return Record(Text("test"))
