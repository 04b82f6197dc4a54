"""Questions about the map of a Tribes game: who stands where, occupation, majority, control.

The map is compact (one copy of the state per move): ``data["hexes"]`` hex id ->
terrain in map order, ``data["members"]`` one flat list of counts (hex by hex, one per
player index), ``data["villages"]`` hex id -> owner and ``data["invaders"]`` hex id -> n
(an event), holding only the hexes that have one. Read and change them here.
Rulebook "Contrôle des hexagones" and ruling T8: occupation is at least one member;
majority is strictly more members than all other pieces there together; control is
only this tribe's members. Invaders (an event) count as other pieces.
"""

from __future__ import annotations

from collections import deque

from rules.tribes.components import MAPS, TERRAINS
from rules.tribes.state import TribesData

Data = TribesData


_INDEX = {key: {h.id: i for i, h in enumerate(layout.hexes)} for key, layout in MAPS.items()}
"""Each map's hexes in map order: a hex's members start at ``index * players``."""


def hexes(data: Data) -> dict[str, str]:
    """Hex id -> terrain, in map order."""
    found: dict[str, str] = data["hexes"]
    return found


def _base(data: Data, hex_id: str) -> int:
    players: int = data["map"]
    return _INDEX[players][hex_id] * players


def members(data: Data, hex_id: str) -> list[int]:
    """The members per player index on ``hex_id`` (a copy: change them with ``add``)."""
    base = _base(data, hex_id)
    found: list[int] = data["members"][base : base + data["map"]]
    return found


def count(data: Data, hex_id: str, player: int) -> int:
    """``player``'s members on ``hex_id``."""
    found: int = data["members"][_base(data, hex_id) + player]
    return found


def add(data: Data, hex_id: str, player: int, n: int) -> None:
    """Put ``n`` of ``player``'s members on ``hex_id`` (negative: take them off)."""
    data["members"][_base(data, hex_id) + player] += n


def set_members(data: Data, hex_id: str, counts: list[int]) -> None:
    base = _base(data, hex_id)
    data["members"][base : base + data["map"]] = counts


def village(data: Data, hex_id: str) -> int | None:
    """The owner of the village on ``hex_id``, if any."""
    found: int | None = data["villages"].get(hex_id)
    return found


def set_village(data: Data, hex_id: str, owner: int | None) -> None:
    if owner is None:
        data["villages"].pop(hex_id, None)
    else:
        data["villages"][hex_id] = owner


def invaders(data: Data, hex_id: str) -> int:
    found: int = data["invaders"].get(hex_id, 0)
    return found


def others_on(data: Data, hex_id: str, player: int) -> int:
    """Pieces on ``hex_id`` that are not ``player``'s members (other tribes, invaders)."""
    here = members(data, hex_id)
    return int(sum(here) - here[player] + invaders(data, hex_id))


def population(data: Data, hex_id: str) -> int:
    """Members of every tribe plus invaders (villages never count, rulebook step 4)."""
    return int(sum(members(data, hex_id)) + invaders(data, hex_id))


def occupied_by(data: Data, player: int) -> list[str]:
    """Hexes where ``player`` has at least one member, in map order."""
    flat, step = data["members"], data["map"]
    return [h for i, h in enumerate(data["hexes"]) if flat[i * step + player] > 0]


def on_map(data: Data, player: int) -> int:
    return sum(data["members"][player :: data["map"]])


def has_majority(data: Data, player: int, hex_id: str) -> bool:
    mine = count(data, hex_id, player)
    return mine > 0 and mine > others_on(data, hex_id, player)


def has_control(data: Data, player: int, hex_id: str) -> bool:
    return count(data, hex_id, player) > 0 and others_on(data, hex_id, player) == 0


def villages_of(data: Data, player: int) -> list[str]:
    return [h for h in data["hexes"] if data["villages"].get(h) == player]


def is_unoccupied(data: Data, hex_id: str) -> bool:
    return population(data, hex_id) == 0


def terrain(data: Data, hex_id: str) -> str:
    found: str = data["hexes"][hex_id]
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
    flat, step = data["members"], data["map"]
    return any(flat[b + player] and flat[b + other] for b in range(0, len(flat), step))
