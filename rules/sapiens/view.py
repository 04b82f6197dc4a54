"""What a seat may see of a Sapiens game: everything but the draw pile's order.

Personal pools lie face up, mountain tokens lie scene up, everything else is on the
table: the public view (``seat=None``) and a seat's own view are the same apart from
``me``. The contract adds the standard envelope (``game``, ``seats``, ``out``,
``to_act``, ``turn``, ``round``, ``over``, ``last``, ``scores``, ``winners``).
``SapiensPart`` types what ``sapiens_view`` gives, ``SapiensView`` the whole view
(envelope and part) that front ends and ``render/sapiens`` read through ``view_of``.

Squares: a valley cell is column A-H (left to right) and row 1-5 (top to bottom),
``"C3"``; a cave is its edge (N, S, W, E) and the one cell it touches, ``"NC1"`` lies
above ``C1``, ``"WA3"`` left of ``A3``; a waterfall is its corner ``"NW"``, ``"SW"``
(beside ``A1``/``A5``), ``"NE"``, ``"SE"`` (beside ``H1``/``H5``). Scenes are ids
``FE`` Festin, ``CU`` Cueillette, ``RI`` Rituel, ``BA`` Baston, ``EA`` Eau,
``CA`` Campement, ``CH`` Chasse, ``FU`` Feu (``scenes`` lists them in order).

Shape (game keys)::

    {"phase": "start" | "play" | "over",
     "round": int,                      # 1 = the starting round
     "active": seat | null,             # whose turn it is
     "first": seat,                     # the first player (first-player marker)
     "ending": bool,                    # pile and common pool empty: last round
     "scenes": ["FE", "CU", ...],
     "pile": int, "removed": int,       # tiles left to draw; removed unseen at set-up
     "discarded": int,                  # tiles removed by the two-player rule
     "common": [tile, ...],             # the common pool, face up
     "supply": {"steaks": int, "bears": int},   # steaks nobody holds (0 at least)
     "last_tile": null | {"seat": seat, "tile": id, "at": [sq, sq], "extra": bool},
     "step": null | {"seat": seat, "kind": str, "tile": id | null, "cell": sq | null,
                     "scene": id | null, "target": seat | null},
     "players": {seat: {
         "index": int,
         "faces": [left face id, right face id],      # e.g. ["VL1-A", "VR3-B"]
         "cells": {"A1": {"terrain": "F" | "P", "food": int}, ... 40 cells},
         "caves": {"NC1": {"edge": "N", "cell": "C1", "high": int, "low": int,
                           "token": scene | null, "covered": bool}, ... 6 caves},
         "falls": {"NW": {"token": scene | null}, ...},   # its 2 waterfalls
         "tiles": [{"tile": id, "scenes": [a, b], "at": [sq of a, sq of b],
                    "tribe": int, "abandoned": bool}, ...],  # in the order laid
         "tribe": int,                  # the active tribe's number (from 1)
         "bears": [square, ...],       # cells (caves too with option bear_on_cave)
         "pool": [tile, ...],           # face up
         "food": int, "shelter": int, "steaks": int,
         "tokens": {"held": [scene], "used": [scene], "gone": [scene]},
         "baston": {"home": int, "on": [tile id, ...]},   # its 3 Baston tokens
         "started": bool, "finished": bool}},          # finished: out of moves (S7)
     "me": null | seat}

where a tile is ``{"id": "FE-CU#2", "scenes": ["FE", "CU"], "baston": [seat, ...]}``
(the seats whose Baston tokens lie on it). ``step.kind`` names the pending decision:
``"tile"`` (choose a tile), ``"cell"``, ``"orient"``, ``"pay"``, ``"newtribe"``,
``"effects"``, ``"gather"``, ``"feast"``, ``"ritual"``, ``"fight"``, ``"fightfrom"``, ``"water"``,
``"watergive"``, ``"hunt"``, ``"fire"``, ``"den"``, ``"refill"``, ``"discard"``;
``step.tile`` is the tile a decision in progress has chosen: the one being laid, the
one Eau takes (``"watergive"``) or the one a Baston token moves to (``"fightfrom"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

from rules.base import Seat, State
from rules.core.envelope import ViewEnvelope
from rules.sapiens import state as st
from rules.sapiens.board import read_laid, valley_of
from rules.sapiens.components import SCENE_IDS, TILES


class TileView(TypedDict):
    """A tile in a pool: its id, its scenes, the seats whose Baston tokens lie on it."""

    id: str
    scenes: list[str]
    baston: list[Seat]


class CellView(TypedDict):
    terrain: str
    food: int


class CaveView(TypedDict):
    edge: str
    cell: str
    high: int
    low: int
    token: str | None
    covered: bool


class FallView(TypedDict):
    token: str | None


class LaidView(TypedDict):
    """A tile on a valley, in the order laid."""

    tile: str
    scenes: list[str]
    at: list[str]
    tribe: int
    abandoned: bool


class TokensView(TypedDict):
    held: list[str]
    used: list[str]
    gone: list[str]


class BastonView(TypedDict):
    home: int
    on: list[str]


class PlayerView(TypedDict):
    """One seat's valley, pool, tokens and points."""

    index: int
    faces: list[str]
    cells: dict[str, CellView]
    caves: dict[str, CaveView]
    falls: dict[str, FallView]
    tiles: list[LaidView]
    tribe: int
    bears: list[str]
    pool: list[TileView]
    food: int
    shelter: int
    steaks: int
    tokens: TokensView
    baston: BastonView
    started: bool
    finished: bool


class SupplyView(TypedDict):
    steaks: int
    bears: int


class LastTileView(TypedDict):
    seat: Seat
    tile: str
    at: list[str]
    extra: bool


class StepView(TypedDict):
    """The decision the turn waits on (``kind``: see the module doc)."""

    seat: Seat
    kind: str
    tile: str | None
    cell: str | None
    scene: str | None
    target: Seat | None


class SapiensPart(TypedDict):
    """Sapiens' part of a view (``_view``): everything but the draw pile's order."""

    phase: Literal["start", "play", "over"]
    round: int | None
    active: Seat | None
    first: Seat
    ending: bool
    scenes: list[str]
    pile: int
    removed: int
    discarded: int
    common: list[TileView]
    supply: SupplyView
    last_tile: LastTileView | None
    step: StepView | None
    players: dict[Seat, PlayerView]
    me: Seat | None


class SapiensView(ViewEnvelope, SapiensPart):
    """A whole view of Sapiens: the contract's envelope and Sapiens' part."""


def view_of(view: Mapping[str, Any]) -> SapiensView:
    """A view of Sapiens (from ``Game.view``), typed."""
    return cast(SapiensView, view)


def tile_view(data: st.SapiensData, seats: list[Seat], tile: str) -> TileView:
    return {
        "id": tile,
        "scenes": list(TILES[tile]),
        "baston": [seats[k] for k in data["baston"].get(tile, [])],
    }


def player_view(data: st.SapiensData, seats: list[Seat], index: int) -> PlayerView:
    player = data["players"][index]
    board = valley_of(player)
    laid = [read_laid(e) for e in player["laid"]]
    covered = {sq for _, a, b, _ in laid for sq in (a, b)}
    spots = player["spots"]
    return {
        "index": index,
        "faces": list(player["faces"]),
        "cells": {c: {"terrain": board.terrain[c], "food": board.food[c]} for c in board.terrain},
        "caves": {
            sq: {
                "edge": cave.edge,
                "cell": cave.cell,
                "high": cave.high,
                "low": cave.low,
                "token": spots.get(sq),
                "covered": sq in covered,
            }
            for sq, cave in board.caves.items()
        },
        "falls": {corner: {"token": spots.get(corner)} for corner in board.falls},
        "tiles": [
            {
                "tile": tile,
                "scenes": list(TILES[tile]),
                "at": [a, b],
                "tribe": tribe,
                "abandoned": tribe != player["tribe"],
            }
            for tile, a, b, tribe in laid
        ],
        "tribe": player["tribe"],
        "bears": list(player["bears"]),
        "pool": [tile_view(data, seats, t) for t in player["pool"]],
        "food": player["food"],
        "shelter": player["shelter"],
        "steaks": player["steaks"],
        "tokens": {
            "held": list(player["held"]),
            "used": list(player["used"]),
            "gone": list(player["gone"]),
        },
        "baston": {
            "home": player["baston_home"],
            "on": sorted(t for t, owners in data["baston"].items() for k in owners if k == index),
        },
        "started": player["started"],
        "finished": player["finished"],
    }


def step_view(state: State) -> StepView | None:
    data = st.data(state)
    if data["over"] is not None:
        return None
    seat = state.seats[data["turn"]]
    frames = data["frames"]
    if frames:
        top = frames[-1]
        chosen: str | None = None
        cell: str | None = None
        scene: str | None = None
        target: Seat | None = None
        if top["kind"] in ("cell", "orient", "pay"):
            chosen = top["tile"]  # the tile being laid
        if top["kind"] == "orient":
            cell = top["cell"]
        if top["kind"] == "watergive":
            chosen = top["get"]  # Eau: the tile being taken
        if top["kind"] == "fightfrom":
            chosen = top["target"]  # Baston: the tile a token moves to
        if top["kind"] == "den":
            target = state.seats[top["target"]]
        if st.is_effect(top):
            scene = top["scene"]
        return {
            "seat": seat,
            "kind": top["kind"],
            "tile": chosen,
            "cell": cell,
            "scene": scene,
            "target": target,
        }
    step = data["step"]
    if not step["laid"]:
        kind = "tile"
    elif not step["refilled"]:
        kind = "refill"
    else:
        kind = "discard"
    return {"seat": seat, "kind": kind, "tile": None, "cell": None, "scene": None, "target": None}


def sapiens_view(state: State, seat: Seat | None) -> SapiensPart:
    data = st.data(state)
    seats = state.seats
    over = data["over"] is not None
    last = data["last_tile"]
    return {
        "phase": "over" if over else data["phase"],
        "round": data["round"],
        "active": None if over else seats[data["turn"]],
        "first": seats[data["first"]],
        "ending": data["ending"] is not None,
        "scenes": list(SCENE_IDS),
        "pile": len(data["pile"]),
        "removed": len(data["removed"]),
        "discarded": len(data["discarded"]),
        "common": [tile_view(data, seats, t) for t in data["common"]],
        "supply": {"steaks": data["steaks"], "bears": data["bears"]},
        "last_tile": None
        if last is None
        else {
            "seat": seats[last["seat"]],
            "tile": last["tile"],
            "at": list(last["at"]),
            "extra": last["extra"],
        },
        "step": step_view(state),
        "players": {s: player_view(data, seats, i) for i, s in enumerate(seats)},
        "me": seat if seat in seats else None,
    }


__all__ = [
    "BastonView",
    "CaveView",
    "CellView",
    "FallView",
    "LaidView",
    "LastTileView",
    "PlayerView",
    "SapiensPart",
    "SapiensView",
    "StepView",
    "SupplyView",
    "TileView",
    "TokensView",
    "player_view",
    "sapiens_view",
    "step_view",
    "tile_view",
    "view_of",
]
