"""Questions about the map of a Tribes game: who stands where, occupation, majority, control.

The map lives in ``state.data["hexes"]``: hex id -> ``{"terrain", "members": [n per
player index], "village": player index | None}`` (events add keys of their own, such as
``"invaders"``). Rulebook "Contrôle des hexagones" and ruling T8: occupation is at least
one member; majority is strictly more members than all other pieces there together;
control is only this tribe's members. Invaders (an event) count as other pieces.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from rules.tribes.components import MAPS, TERRAINS

Data = dict[str, Any]


def hexes(data: Data) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = data["hexes"]
    return found


def members(data: Data, hex_id: str) -> list[int]:
    found: list[int] = data["hexes"][hex_id]["members"]
    return found


def others_on(data: Data, hex_id: str, player: int) -> int:
    """Pieces on ``hex_id`` that are not ``player``'s members (other tribes, invaders)."""
    cell = data["hexes"][hex_id]
    mine = cell["members"][player]
    return int(sum(cell["members"]) - mine + cell.get("invaders", 0))


def population(data: Data, hex_id: str) -> int:
    """Members of every tribe plus invaders (villages never count, rulebook step 4)."""
    cell = data["hexes"][hex_id]
    return int(sum(cell["members"]) + cell.get("invaders", 0))


def occupied_by(data: Data, player: int) -> list[str]:
    """Hexes where ``player`` has at least one member, in map order."""
    return [h for h, cell in data["hexes"].items() if cell["members"][player] > 0]


def on_map(data: Data, player: int) -> int:
    return sum(cell["members"][player] for cell in data["hexes"].values())


def has_majority(data: Data, player: int, hex_id: str) -> bool:
    mine = members(data, hex_id)[player]
    return mine > 0 and mine > others_on(data, hex_id, player)


def has_control(data: Data, player: int, hex_id: str) -> bool:
    return members(data, hex_id)[player] > 0 and others_on(data, hex_id, player) == 0


def villages_of(data: Data, player: int) -> list[str]:
    return [h for h, cell in data["hexes"].items() if cell["village"] == player]


def is_unoccupied(data: Data, hex_id: str) -> bool:
    return population(data, hex_id) == 0


def terrain(data: Data, hex_id: str) -> str:
    found: str = data["hexes"][hex_id]["terrain"]
    return found


def resource_of(data: Data, hex_id: str) -> str:
    return TERRAINS[terrain(data, hex_id)]


def neighbours(data: Data, hex_id: str) -> tuple[str, ...]:
    return MAPS[data["map"]].hex(hex_id).neighbours


def within(data: Data, hex_id: str, reach: int) -> list[str]:
    """Hexes at distance 1 to ``reach`` from ``hex_id`` over the map, in map order."""
    layout = MAPS[data["map"]]
    seen = {hex_id: 0}
    queue = deque([hex_id])
    while queue:
        here = queue.popleft()
        if seen[here] == reach:
            continue
        for there in layout.hex(here).neighbours:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return [h for h in layout.ids if h in seen and h != hex_id]


def shares_hex(data: Data, player: int, other: int) -> bool:
    """Whether both tribes have members on one same hex."""
    return any(c["members"][player] and c["members"][other] for c in data["hexes"].values())
