"""L'Aube des Tribus component data: load ``data/*.json`` once, check it, expose typed values.

Everything the rulebook does not print (action board values, dice, goal cards, village
costs, maps) is our PROPOSED design from ``docs/contributors/components/tribes.md``
section 3; it lives in the data files only, each saying where its numbers come from,
so anyone with the box can correct them. Every problem found at load raises
``ComponentError`` naming the file and the entry; the checks are the counts and sums
the components page states.

Public values: ``ACTIONS`` (action -> strength -> values), ``ACTION_ORDER``, ``DICE``,
``GOALS`` (id -> ``Goal``), ``TRIBES`` (id -> ``Tribe``), ``MAPS`` (player count ->
``MapLayout``), ``TERRAINS`` (basic terrain -> resource), ``SPECIAL_TERRAINS``,
``SUPPLIES``, ``RESOURCES``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
STRENGTHS = ("reduced", "normal", "boosted")
FACES = ("sun", "moon", "blank")
DEVELOPMENT_KINDS = frozenset(
    {
        "gather_extra",
        "grow_extra",
        "travel_extra",
        "bow",
        "village_defence",
        "ignore_moon",
        "lead_extra",
        "forced_swap",
    }
)
ACHIEVEMENT_KINDS = frozenset(
    {"members_on_map", "majority_on", "occupy_spread", "control", "villages"}
)
AXIAL_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class ComponentError(ValueError):
    """A data file is missing, unreadable or inconsistent; names the file and the entry."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        super().__init__(f"rules/tribes/data/{file}: {entry}: {problem}")
        self.file = file
        self.entry = entry
        self.problem = problem


@dataclass(frozen=True)
class Goal:
    """A goal card: a development (cost, ability, 1 VP) or an achievement (condition, VP)."""

    id: str
    name: str
    development: bool
    kind: str
    params: Mapping[str, Any]
    vp: int
    cost: Mapping[str, int]
    min_players: int = 2


@dataclass(frozen=True)
class Tribe:
    """A tribe board: its village cost (``any``: one resource of the builder's choice)."""

    id: str
    village: Mapping[str, int]
    powers: tuple[str, ...]


@dataclass(frozen=True)
class Hex:
    id: str
    q: int
    r: int
    reference: str
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class MapLayout:
    """The hexes of one player count, with their neighbours and the volcano spots."""

    players: int
    hexes: tuple[Hex, ...]
    volcano_spots: tuple[tuple[int, int], ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(h.id for h in self.hexes)

    def hex(self, hex_id: str) -> Hex:
        for h in self.hexes:
            if h.id == hex_id:
                return h
        raise KeyError(hex_id)


def read_data(file: str) -> dict[str, Any]:
    """A data file of ``data/``, checked to be an object with its provenance text."""
    try:
        raw = json.loads((DATA_DIR / file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ComponentError(file, "file", str(exc)) from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("_about"), str):
        raise ComponentError(file, "file", "an object with an '_about' provenance text")
    return raw


def _check(ok: bool, file: str, entry: str, problem: str) -> None:
    if not ok:
        raise ComponentError(file, entry, problem)


# ------------------------------------------------------------------------------ loaders


def load_actions() -> tuple[tuple[str, ...], dict[str, dict[str, dict[str, int]]]]:
    raw = read_data("actions.json")
    order = tuple(raw["order"])
    _check(order == ("grow", "travel", "gather", "lead"), "actions.json", "order", "4 actions")
    actions: dict[str, dict[str, dict[str, int]]] = {}
    for name in order:
        entry = raw["actions"].get(name)
        _check(isinstance(entry, dict), "actions.json", name, "missing")
        values = {s: {k: int(v) for k, v in entry[s].items()} for s in STRENGTHS}
        keys = {s: set(values[s]) for s in STRENGTHS}
        _check(len({frozenset(k) for k in keys.values()}) == 1, "actions.json", name, "same keys")
        total = [_amount(name, values[s]) for s in STRENGTHS]
        _check(
            total[0] <= total[1] <= total[2], "actions.json", name, "reduced <= normal <= boosted"
        )
        actions[name] = values
    gather = actions["gather"]
    _check(gather["normal"] == {"hexes": 2, "each": 2}, "actions.json", "gather", "rulebook 2 x 2")
    _check(_amount("gather", gather["boosted"]) == 6, "actions.json", "gather", "boosted 6 (T23)")
    _check(actions["grow"]["boosted"]["members"] == 4, "actions.json", "grow", "boosted 4 (T23)")
    _check(actions["travel"]["reduced"]["members"] == 2, "actions.json", "travel", "reduced 2")
    _check(actions["lead"]["normal"]["cards"] == 2, "actions.json", "lead", "normal 2 (T23)")
    return order, actions


def _amount(action: str, values: Mapping[str, int]) -> int:
    if action == "gather":
        return values["hexes"] * values["each"]
    return next(iter(values.values()))


@dataclass(frozen=True)
class Dice:
    count: int
    faces: tuple[str, ...]
    start: tuple[str, ...]
    first_roll: int


def load_dice(actions: int) -> Dice:
    raw = read_data("dice.json")
    dice = Dice(int(raw["count"]), tuple(raw["faces"]), tuple(raw["start"]), int(raw["first_roll"]))
    _check(len(dice.faces) == 6, "dice.json", "faces", "six faces")
    _check(all(dice.faces.count(f) == 2 for f in FACES), "dice.json", "faces", "2 of each symbol")
    _check(sorted(dice.start) == sorted(FACES), "dice.json", "start", "sun, moon, blank")
    _check(dice.count - actions * 3 == dice.first_roll == 2, "dice.json", "count", "14 - 12 = 2")
    return dice


def load_goals() -> dict[str, Goal]:
    raw = read_data("goals.json")
    goals: dict[str, Goal] = {}
    for entry in raw["developments"]:
        goal = Goal(
            id=entry["id"],
            name=entry["name"],
            development=True,
            kind=entry["kind"],
            params=dict(entry["params"]),
            vp=int(entry["vp"]),
            cost={k: int(v) for k, v in entry["cost"].items()},
            min_players=int(entry.get("min_players", 2)),
        )
        _check(goal.kind in DEVELOPMENT_KINDS, "goals.json", goal.id, f"kind {goal.kind}")
        _check(goal.vp == 1, "goals.json", goal.id, "a development is worth 1 VP (rulebook)")
        _check(set(goal.cost) <= {"wood", "food", "stone"}, "goals.json", goal.id, "cost types")
        _check(sum(goal.cost.values()) == 3, "goals.json", goal.id, "3 resources per card")
        goals[goal.id] = goal
    for entry in raw["achievements"]:
        goal = Goal(
            id=entry["id"],
            name=entry["name"],
            development=False,
            kind=entry["kind"],
            params=dict(entry["params"]),
            vp=int(entry["vp"]),
            cost={},
        )
        _check(goal.kind in ACHIEVEMENT_KINDS, "goals.json", goal.id, f"kind {goal.kind}")
        _check(2 <= goal.vp <= 4, "goals.json", goal.id, "2 to 4 VP (rulebook)")
        goals[goal.id] = goal
    count = len(raw["developments"]) + len(raw["achievements"])
    _check(len(goals) == count, "goals.json", "ids", "unique ids")
    devs = [g for g in goals.values() if g.development]
    _check((len(devs), count) == (8, 15), "goals.json", "deck", "8 developments + 7 achievements")
    for kind in ("wood", "food", "stone"):
        used = sum(g.cost.get(kind, 0) for g in devs)
        _check(used == 8, "goals.json", "costs", f"8 {kind} in all, not {used}")
    vp = sum(g.vp for g in goals.values())
    _check(vp == 26, "goals.json", "vp", f"26 VP per deck, not {vp}")
    at_two = sum(g.vp for g in goals.values() if g.min_players <= 2)
    _check(at_two == 25, "goals.json", "vp", "25 VP at 2 players (Pottery removed)")
    _check(
        [g.name for g in goals.values() if g.min_players > 2] == ["pottery"],
        "goals.json",
        "pottery",
        "only Pottery leaves the deck at 2 players",
    )
    return goals


def load_tribes() -> dict[str, Tribe]:
    raw = read_data("tribes.json")
    tribes: dict[str, Tribe] = {}
    for entry in raw["tribes"]:
        tribe = Tribe(
            id=entry["id"],
            village={k: int(v) for k, v in entry["village"].items()},
            powers=tuple(p["id"] for p in entry["powers"]),
        )
        _check(tribe.id not in tribes, "tribes.json", tribe.id, "unique id")
        _check(sum(tribe.village.values()) == 4, "tribes.json", tribe.id, "a village costs 4")
        _check(
            set(tribe.village) <= {"wood", "food", "stone", "any"},
            "tribes.json",
            tribe.id,
            "cost types",
        )
        _check(len(tribe.powers) == 2, "tribes.json", tribe.id, "two chief powers")
        tribes[tribe.id] = tribe
    _check(len(tribes) == 8, "tribes.json", "tribes", "8 tribe boards")
    _check(tribes["dananu"].village == {"food": 4}, "tribes.json", "dananu", "4 food (rulebook)")
    return tribes


def load_maps() -> dict[int, MapLayout]:
    raw = read_data("maps.json")
    maps: dict[int, MapLayout] = {}
    for players in (2, 3, 4):
        entry = raw["maps"][str(players)]
        hexes = tuple(
            Hex(h["id"], int(h["q"]), int(h["r"]), h["reference"], tuple(h["neighbours"]))
            for h in entry["hexes"]
        )
        layout = MapLayout(
            players, hexes, tuple((int(q), int(r)) for q, r in entry["volcano_spots"])
        )
        _check_map(layout, int(entry["borders"]))
        maps[players] = layout
    return maps


def _check_map(layout: MapLayout, borders: int) -> None:
    name = f"map {layout.players}"
    n = layout.players + 1
    _check(len(layout.hexes) == 3 * n, "maps.json", name, f"{3 * n} hexes (players + 1 each)")
    at = {(h.q, h.r): h.id for h in layout.hexes}
    _check(len(at) == len(layout.hexes), "maps.json", name, "one hex per position")
    ids = layout.ids
    _check(len(set(ids)) == len(ids), "maps.json", name, "unique ids")
    for terrain in ("lake", "forest", "mountain"):
        count = sum(h.reference == terrain for h in layout.hexes)
        _check(count == n, "maps.json", name, f"{n} {terrain} hexes")
    seen = 0
    for h in layout.hexes:
        computed = {
            at[(h.q + dq, h.r + dr)] for dq, dr in AXIAL_NEIGHBOURS if (h.q + dq, h.r + dr) in at
        }
        _check(computed == set(h.neighbours), "maps.json", h.id, "neighbours != axial neighbours")
        for other in h.neighbours:
            _check(layout.hex(other).reference != h.reference, "maps.json", h.id, "same terrain")
        seen += len(h.neighbours)
    _check(seen == 2 * borders, "maps.json", name, f"{borders} borders")
    for q, r in layout.volcano_spots:
        touching = sum((q + dq, r + dr) in at for dq, dr in AXIAL_NEIGHBOURS)
        _check((q, r) not in at and touching >= 2, "maps.json", name, f"volcano spot {(q, r)}")


def load_terrains() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    raw = read_data("terrains.json")
    basic = dict(raw["basic"])
    _check(
        basic == {"lake": "food", "forest": "wood", "mountain": "stone"},
        "terrains.json",
        "basic",
        "lake/food, forest/wood, mountain/stone (rulebook)",
    )
    special = {e["id"]: tuple(e["counts_as"]) for e in raw["special"]}
    _check(len(special) == 8, "terrains.json", "special", "8 special tiles (contents list)")
    return basic, special


def load_supplies() -> dict[str, Any]:
    raw = read_data("supplies.json")
    expected = {
        "members_per_player": 20,
        "village_pawns": 12,
        "population_limit": 5,
        "victory_points": 15,
        "goal_cards_per_deck": 15,
    }
    for key, value in expected.items():
        _check(raw.get(key) == value, "supplies.json", key, f"{value} (rulebook)")
    _check(raw["resources"] == ["wood", "food", "stone"], "supplies.json", "resources", "3 types")
    starts = raw["start_placements"]
    _check(
        [sum(s["members"]) for s in starts] == [2, 3, 3, 3], "supplies.json", "start", "2; 3; 3; 3"
    )
    _check([s["resources"] for s in starts] == [0, 0, 2, 2], "supplies.json", "start", "0;0;2;2")
    return raw


ACTION_ORDER, ACTIONS = load_actions()
DICE = load_dice(len(ACTION_ORDER))
GOALS = load_goals()
TRIBES = load_tribes()
MAPS = load_maps()
TERRAINS, SPECIAL_TERRAINS = load_terrains()
SUPPLIES = load_supplies()
RESOURCES: tuple[str, ...] = tuple(SUPPLIES["resources"])
MEMBERS = int(SUPPLIES["members_per_player"])
POPULATION_LIMIT = int(SUPPLIES["population_limit"])
VICTORY = int(SUPPLIES["victory_points"])
VILLAGE_PAWNS = int(SUPPLIES["village_pawns"])

__all__ = [
    "ACTIONS",
    "ACTION_ORDER",
    "DICE",
    "FACES",
    "GOALS",
    "MAPS",
    "MEMBERS",
    "POPULATION_LIMIT",
    "RESOURCES",
    "SPECIAL_TERRAINS",
    "STRENGTHS",
    "SUPPLIES",
    "TERRAINS",
    "TRIBES",
    "VICTORY",
    "VILLAGE_PAWNS",
    "ComponentError",
    "Goal",
    "Hex",
    "MapLayout",
    "Tribe",
]
