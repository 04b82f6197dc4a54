"""Sapiens public views built by hand for the render tests (the shape documented in
``rules.sapiens.view``), independent of the rules' moves: each valley grows one tribe
from a cave by a seeded walk, so the pictures only move when the renderer changes."""

from __future__ import annotations

import random
from typing import Any

from rules.sapiens.components import CELLS, TILES, valley

SCENES = ["FE", "CU", "RI", "BA", "EA", "CA", "CH", "FU"]
FACES = [("VL1-A", "VR2-B"), ("VL2-B", "VR1-A"), ("VL3-A", "VR4-B"), ("VL4-B", "VR3-A")]


def player_view(
    index: int, seats: list[str], tiles: list[str], rng: random.Random, laid: int
) -> dict[str, Any]:
    """One player's part: ``laid`` tiles in a tribe grown from its first cave."""
    left, right = FACES[index % len(FACES)]
    board = valley(left, right)
    scenes = SCENES[:]
    rng.shuffle(scenes)
    spots = dict(zip(board.spots, scenes, strict=True))
    cave = next(iter(board.caves))
    used = {cave, board.caves[cave].cell}
    first = tiles.pop()
    placed = [{"tile": first, "at": [cave, board.caves[cave].cell]}]
    frontier = [board.caves[cave].cell]
    while len(placed) < laid and frontier:
        cell = rng.choice(frontier)
        free = [c for c in board.neighbours[cell] if c not in used]
        pairs = [(a, b) for a in free for b in board.neighbours[a] if b not in used and b != a]
        if not pairs:
            frontier.remove(cell)
            continue
        a, b = rng.choice(pairs)
        placed.append({"tile": tiles.pop(), "at": [a, b]})
        used |= {a, b}
        frontier += [a, b]
    abandoned = len(placed) // 4 if index == 2 else 0
    for n, entry in enumerate(placed):
        entry["scenes"] = list(TILES[entry["tile"]])
        entry["tribe"] = 1 if n < abandoned else 2 if abandoned else 1
        entry["abandoned"] = n < abandoned
    free_cells = [c for c in CELLS if c not in used]
    pool = [tiles.pop() for _ in range(4)]
    return {
        "index": index,
        "faces": [left, right],
        "cells": {c: {"terrain": board.terrain[c], "food": board.food[c]} for c in CELLS},
        "caves": {
            sq: {
                "edge": c.edge,
                "cell": c.cell,
                "high": c.high,
                "low": c.low,
                "token": None if sq in used else spots[sq],
                "covered": sq in used,
            }
            for sq, c in board.caves.items()
        },
        "falls": {corner: {"token": spots[corner]} for corner in board.falls},
        "tiles": placed,
        "tribe": 2 if abandoned else 1,
        "bears": free_cells[:2] if index == 1 else [],
        "pool": [
            {"id": t, "scenes": list(TILES[t]), "baston": [seats[0]] if k == 1 else []}
            for k, t in enumerate(pool)
        ],
        "food": 12 + 3 * index,
        "shelter": 9 + 4 * index,
        "steaks": index,
        "tokens": {"held": scenes[: index + 1], "used": [], "gone": []},
        "baston": {"home": 3 - (index % 2), "on": []},
        "started": True,
        "finished": False,
    }


def sapiens_view(
    count: int = 4,
    *,
    laid: int = 12,
    seed: int = 1,
    to_act: str | None = None,
    step: dict[str, Any] | None = None,
    last: bool = True,
    **changes: Any,
) -> dict[str, Any]:
    """A mid-game view; ``changes`` replace top-level keys."""
    rng = random.Random(seed)
    seats = [f"s{i + 1}" for i in range(count)]
    tiles = sorted(TILES) * 2  # hand-built: a picture may show a tile twice
    rng.shuffle(tiles)
    table = {s: player_view(i, seats, tiles, rng, laid + i) for i, s in enumerate(seats)}
    acting = to_act or seats[-1]
    previous = seats[seats.index(acting) - 1]
    last_tile = table[previous]["tiles"][-1]
    view: dict[str, Any] = {
        "game": "sapiens",
        "seats": seats,
        "out": [],
        "to_act": [acting],
        "turn": 40,
        "round": 9,
        "over": False,
        "last": {
            "seat": previous,
            "label": {"key": "render.sapiens.scene.CA", "params": {}},
            "notes": [],
        },
        "scores": {
            s: {"total": min(p["food"], p["shelter"]), "partial": False} for s, p in table.items()
        },
        "winners": [],
        "phase": "play",
        "active": acting,
        "first": seats[0],
        "ending": False,
        "scenes": SCENES,
        "pile": 17,
        "removed": 6,
        "discarded": 0,
        "common": [
            {"id": t, "scenes": list(TILES[t]), "baston": [seats[1]] if k == 2 else []}
            for k, t in enumerate(tiles[:5])
        ],
        "supply": {"steaks": 12, "bears": 16},
        "last_tile": {
            "seat": previous,
            "tile": last_tile["tile"],
            "at": last_tile["at"],
            "extra": False,
        }
        if last
        else None,
        "step": step or {"seat": acting, "kind": "tile", "tile": None, "cell": None},
        "players": table,
        "me": None,
    }
    view.update(changes)
    return view


def finished_view(count: int = 3) -> dict[str, Any]:
    """The same table at the end: over, the winners named, nobody to act."""
    view = sapiens_view(count, laid=16, seed=4, step=None)
    best = max(view["scores"].values(), key=lambda s: s["total"])["total"]
    winners = [s for s, v in view["scores"].items() if v["total"] == best]
    view.update(
        over=True,
        to_act=[],
        winners=winners,
        phase="over",
        active=None,
        step=None,
        pile=0,
        common=[],
        ending=True,
    )
    return view
