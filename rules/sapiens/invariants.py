"""Sapiens invariants after every move: pieces conserved, boards consistent."""

from __future__ import annotations

from collections import Counter

from rules.base import State
from rules.sapiens import state as st
from rules.sapiens.board import occupancy, read_laid, valley_of
from rules.sapiens.components import SCENE_IDS, SUPPLY, TILES


def problems(state: State) -> str:
    """A description of the first broken invariant, or ``""``."""
    data = st.data(state)
    players = data["players"]
    places = [*data["pile"], *data["removed"], *data["discarded"], *data["common"]]
    for player in players:
        places += player["pool"]
        places += [read_laid(e)[0] for e in player["laid"]]
    counts = Counter(places)
    if len(places) != len(TILES) or set(counts) != set(TILES):
        doubles = [t for t, n in counts.items() if n > 1]
        return f"tiles not conserved: {len(places)} placed, doubles {doubles}"
    if len(data["common"]) > SUPPLY.common_pool:
        return "common pool too big"
    held = sum(p["steaks"] for p in players)
    if data["steaks"] != max(0, SUPPLY.steaks - held):
        return f"steaks not conserved: {held} held, {data['steaks']} in the supply"
    if held > SUPPLY.steaks and state.options.get("steaks") != "unlimited":
        return f"{held} steaks held out of {SUPPLY.steaks}"
    bears = data["bears"] + sum(len(p["bears"]) for p in players)
    if bears != SUPPLY.bears or data["bears"] < 0:
        return f"bears not conserved: {bears}"
    in_pools = set(data["common"]).union(*(p["pool"] for p in players))
    for tile, owners in data["baston"].items():
        if tile not in in_pools or not owners:
            return f"Baston tokens on {tile}, which is in no pool"
    for k, player in enumerate(players):
        placed = sum(owners.count(k) for owners in data["baston"].values())
        if placed + player["baston_home"] != SUPPLY.baston or player["baston_home"] < 0:
            return f"player {k}: Baston tokens not conserved"
        tokens = [*player["spots"].values(), *player["held"], *player["used"], *player["gone"]]
        if sorted(tokens) != sorted(SCENE_IDS):
            return f"player {k}: mountain tokens {tokens}"
        if len(player["pool"]) > SUPPLY.personal_pool:
            return f"player {k}: pool of {len(player['pool'])}"
        occ = occupancy(player["laid"])
        if len(occ) != 2 * len(player["laid"]):
            return f"player {k}: tiles overlap"
        board = valley_of(player)
        for cell in player["bears"]:
            on_cave = cell in board.caves and state.options.get("bear_on_cave")
            if cell in occ or (cell not in board.terrain and not on_cave):
                return f"player {k}: bear on {cell}"
        for spot in player["spots"]:
            if spot in occ and not data["frames"]:
                return f"player {k}: token left on covered cave {spot}"
        if player["food"] < 0 or player["shelter"] < 0:
            return f"player {k}: negative points"
    return ""


__all__ = ["problems"]
