"""Set-up of a Tribes game and the starting placements (rulebook "Préparation", T16).

Terrain: players + 1 tiles of each basic type laid out at random on the map of the
player count (option ``map``: ``reference`` lays the fixed arrangement of the
components page instead); the volcano tile is set aside (events). Each player: 20
members, a shuffled 15-card goal deck (Pottery removed at 2 players), a random tribe
board. The action board holds sun, moon, blank on every action; 2 dice wait for the
first roll. The first player is drawn at random (the lowest village pawn); that pawn
is set aside and becomes the first village built (rulebook step 5).

Starting placements, in turn order from the first player (T16): 2 members on any hex;
3 on an unoccupied hex; 3 on an unoccupied hex and 2 resources of one's choice; 3 over
two adjacent unoccupied hexes (the hex of 2 first, then the neighbour of 1: both splits
are possible) and 2 resources. Moves: ``place:h05``, ``single:h06``,
``take:wood+food``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TypedDict

from rules import rng
from rules.base import Move, Record, State, Text
from rules.kit import decks
from rules.kit.end import new_end
from rules.kit.turns import new_turns
from rules.tribes import ancients as an
from rules.tribes import board as bd
from rules.tribes import chiefs as ch
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes import terrains as tr
from rules.tribes.components import (
    ACTION_ORDER,
    DICE,
    GOALS,
    MAPS,
    MEMBERS,
    SUPPLIES,
    TRIBES,
    VILLAGE_PAWNS,
)
from rules.tribes.event_state import new_events
from rules.tribes.players import VP_CATEGORIES, seat
from rules.tribes.state import SingleFrame, StartResourcesFrame, TribesData

TERRAIN_ORDER = ("lake", "forest", "mountain")
RESOURCE_PAIRS = tuple(combinations_with_replacement(("wood", "food", "stone"), 2))


def new_game(state: State) -> None:
    """Fill ``state.data`` for a new game (rng order: terrain, tribes, first, decks)."""
    players = len(state.seats)
    layout = MAPS[players]
    if state.options["map"] == "reference":
        terrains = [h.reference for h in layout.hexes]
    else:
        terrains = decks.shuffled(state, [t for t in TERRAIN_ORDER for _ in range(players + 1)])
    tribes = rng.sample(state, sorted(TRIBES), players)
    first = rng.randbelow(state, players)
    deck_ids = [g for g in GOALS if GOALS[g].min_players <= players]
    # mypy asks a literal with ``**`` parts to name the keys only an advanced module adds
    # (``elders``, ``specials``, ``glacier``, ``chiefs``): they are absent by design.
    game: TribesData = {
        "map": players,
        "hexes": {h.id: t for h, t in zip(layout.hexes, terrains, strict=True)},
        "members": [0] * (players * len(layout.hexes)),
        "villages": {},
        "invaders": {},
        "players": [
            {
                "tribe": tribe,
                "resources": {"wood": 0, "food": 0, "stone": 0},
                "supply": MEMBERS,
                "vp": [0] * len(VP_CATEGORIES),
                "deck": decks.shuffled(state, deck_ids),
                "goals": [],
                "done": [],
                "acquired": [],
            }
            for tribe in tribes
        ],
        "board": [face for _ in ACTION_ORDER for face in DICE.start],
        "hand": [],
        "pushed": ["?"] * DICE.first_roll,
        "roll": [],
        "used": [],
        "arrived": {},
        "turn_flags": [],
        "step": "place",
        "placing": 0,
        "village_supply": VILLAGE_PAWNS - 1,
        "village_aside": True,
        "villages_built": 0,
        "winner": None,
        **new_end(),
        "frames": [],
        "events": new_events(),
        **new_turns(first),  # type: ignore[typeddict-item]
    }
    state.data = st.as_json(game)
    tr.set_up(state)
    an.set_up(state)


def placer(state: State) -> int:
    """Index of the player whose starting placement is due."""
    data = st.data(state)
    return int((data["first"] + data["placing"]) % len(state.seats))


class StartRule(TypedDict):
    """One starting placement (``data/supplies.json``): the members on the first hex
    (and on its neighbour), and the resources taken."""

    members: list[int]
    resources: int


def _rule(state: State) -> StartRule:
    rule: StartRule = SUPPLIES["start_placements"][st.data(state)["placing"]]
    return rule


def _label(key: str, data: TribesData, hex_id: str, **params: object) -> Text:
    terrain = data["hexes"][hex_id]
    return Text(key, {"hex": hex_id, "terrain": f"@tribes.terrain.{terrain}", **params})


def placement_moves(state: State) -> list[Move]:
    data = st.data(state)
    first_members = _rule(state)["members"]
    n = first_members[0]
    if data["placing"] == 0:
        spots = list(data["hexes"])
    else:
        spots = [h for h in data["hexes"] if bd.is_unoccupied(data, h)]
        if len(first_members) == 2:
            spots = [
                h for h in spots if any(bd.is_unoccupied(data, o) for o in bd.neighbours(data, h))
            ]
    return [
        Move(f"place:{h.lower()}", _label("tribes.move.place", data, h, n=n), "place")
        for h in spots
    ]


def apply_placement(state: State, code: str, record: Record) -> None:
    data = st.data(state)
    hex_id = code.partition(":")[2].upper()
    rule = _rule(state)
    split = rule["members"]
    p = placer(state)
    ch.reveal(state, p, record)  # chiefs: the power is shown with the first members (T20)
    _put(state, p, hex_id, split[0], record)
    if len(split) == 2:
        fr.add(state, SingleFrame(kind="single", player=p, hex=hex_id, n=split[1]))
    elif rule["resources"]:
        fr.add(state, StartResourcesFrame(kind="start_resources", player=p, n=rule["resources"]))
    else:
        data["placing"] += 1


def _put(state: State, p: int, hex_id: str, n: int, record: Record) -> None:
    bd.add(st.data(state), hex_id, p, n)
    st.data(state)["players"][p]["supply"] -= n
    record.note("tribes.note.placed", player=seat(state, p), n=n, hex=hex_id)


def _single_moves(state: State, frame: SingleFrame) -> list[Move]:
    data = st.data(state)
    spots = [o for o in bd.neighbours(data, frame["hex"]) if bd.is_unoccupied(data, o)]
    return [
        Move(f"single:{h.lower()}", _label("tribes.move.single", data, h, n=frame["n"]), "place")
        for h in spots
    ]


def _single_apply(state: State, frame: SingleFrame, code: str, record: Record) -> None:
    fr.pop(state)
    _put(state, frame["player"], code.partition(":")[2].upper(), frame["n"], record)
    fr.add(
        state,
        StartResourcesFrame(
            kind="start_resources", player=frame["player"], n=_rule(state)["resources"]
        ),
    )


def _single_undo(state: State, frame: SingleFrame) -> None:
    p = frame["player"]
    bd.add(st.data(state), frame["hex"], p, -bd.count(st.data(state), frame["hex"], p))
    st.data(state)["players"][p]["supply"] = MEMBERS


def _resource_moves(state: State, frame: StartResourcesFrame) -> list[Move]:
    return [
        Move(
            f"take:{a}+{b}",
            Text("tribes.move.take", {"a": f"@tribes.res.{a}", "b": f"@tribes.res.{b}"}),
            "take",
        )
        for a, b in RESOURCE_PAIRS
    ]


def _resource_apply(state: State, frame: StartResourcesFrame, code: str, record: Record) -> None:
    fr.pop(state)
    a, _, b = code.partition(":")[2].partition("+")
    have = st.data(state)["players"][frame["player"]]["resources"]
    have[a] += 1
    have[b] += 1
    record.note(
        "tribes.note.took",
        player=seat(state, frame["player"]),
        a=f"@tribes.res.{a}",
        b=f"@tribes.res.{b}",
    )
    st.data(state)["placing"] += 1


fr.register("single", _single_moves, _single_apply, _single_undo)
fr.register("start_resources", _resource_moves, _resource_apply)
