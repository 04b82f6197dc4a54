"""Objective card conditions (rulebook "Cartes Objectif"; ruling R11: always "at least").

A condition reads one player's position: the territories holding that player's pawns,
the tokens held and the tile stacks. Adjacency is land or strait (R1); a "connected
group" is a set of the player's pawns linked through adjacent territories that all
hold the player's own pawns (docs/contributors/components/origin.md 3.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import Card
from rules.origin.classic.classic_data import ClassicData
from rules.origin.components import BOARD, PAWNS
from rules.origin.pawns import PAWN_COLOURS


@dataclass(frozen=True)
class Holdings:
    """What one player holds, as the objective conditions see it."""

    pawns: Mapping[str, str]
    hunting: int
    straits: int
    stacks: tuple[tuple[str, ...], ...]

    @staticmethod
    def of(data: ClassicData, player: int) -> Holdings:
        owner_at = data["owner_at"]
        return Holdings(
            pawns={t: p for t, p in data["pawn_at"].items() if owner_at[t] == player},
            hunting=len(data["hunting_of"][player]),
            straits=len(data["straits_of"][player]),
            stacks=tuple(tuple(s) for s in data["stacks"][player]),
        )


def groups(territories: Iterable[str], same_continent: bool) -> list[set[str]]:
    """Connected groups of ``territories`` (adjacent by land or strait; with
    ``same_continent`` only links inside one continent count)."""
    left = set(territories)
    out: list[set[str]] = []
    while left:
        start = left.pop()
        group = {start}
        frontier = [start]
        while frontier:
            t = frontier.pop()
            for n in BOARD.adjacent(t):
                if n in left and (
                    not same_continent
                    or BOARD.territories[n].continent == BOARD.territories[t].continent
                ):
                    left.discard(n)
                    group.add(n)
                    frontier.append(n)
        out.append(group)
    return out


def _continents(territories: Iterable[str]) -> set[str]:
    return {BOARD.territories[t].continent for t in territories}


def _on_colour(h: Holdings, p: Mapping[str, Any]) -> bool:
    return sum(1 for t in h.pawns if BOARD.colour(t) == str(p["colour"])) >= int(p["n"])


def _on_continent(h: Holdings, p: Mapping[str, Any]) -> bool:
    found = sum(1 for t in h.pawns if BOARD.territories[t].continent == p["continent"])
    return found >= int(p["n"])


def _adjacent_group(h: Holdings, p: Mapping[str, Any]) -> bool:
    if "continents" in p:
        return any(len(g) >= int(p["n"]) for g in groups(h.pawns, same_continent=True))
    return any(
        len(g) >= int(p["n"]) and len(_continents(g)) >= int(p["min_continents"])
        for g in groups(h.pawns, same_continent=False)
    )


def _distinct_continents(h: Holdings, p: Mapping[str, Any]) -> bool:
    return len(_continents(h.pawns)) >= int(p["n"])


def _pawns_with(h: Holdings, p: Mapping[str, Any]) -> bool:
    def fits(pawn: str) -> bool:
        value = PAWNS.pawns[pawn]
        return ("size" not in p or value.size == p["size"]) and (
            "strength" not in p or value.strength == p["strength"]
        )

    return sum(1 for pawn in h.pawns.values() if fits(pawn)) >= int(p["n"])


def _per_colour(h: Holdings, p: Mapping[str, Any]) -> bool:
    counts = dict.fromkeys(PAWN_COLOURS, 0)
    for pawn in h.pawns.values():
        counts[PAWNS.pawns[pawn].colour] += 1
    return all(n >= int(p["n"]) for n in counts.values())


def _straits(h: Holdings, p: Mapping[str, Any]) -> bool:
    return h.straits >= int(p["n"])


def _tile_level(h: Holdings, p: Mapping[str, Any]) -> bool:
    return any(lv >= int(p["level"]) for lv in tl.owned_levels([list(s) for s in h.stacks]))


def _tiles_owned(h: Holdings, p: Mapping[str, Any]) -> bool:
    return sum(len(s) for s in h.stacks) >= int(p["n"])


def _hunt_and_strait(h: Holdings, p: Mapping[str, Any]) -> bool:
    return h.hunting >= int(p["hunt"]) and h.straits >= int(p["strait"])


CONDITIONS: Mapping[str, Callable[[Holdings, Mapping[str, Any]], bool]] = {
    "pawns_on_colour": _on_colour,
    "pawns_on_continent": _on_continent,
    "adjacent_group": _adjacent_group,
    "distinct_continents": _distinct_continents,
    "pawns_with": _pawns_with,
    "pawns_per_colour": _per_colour,
    "strait_tokens": _straits,
    "tile_level_at_least": _tile_level,
    "tiles_owned": _tiles_owned,
    "hunt_and_strait": _hunt_and_strait,
}


def is_met(card: Card, holdings: Holdings) -> bool:
    """Whether ``holdings`` fulfil the objective ``card``."""
    return CONDITIONS[card.kind](holdings, card.params)


__all__ = ["CONDITIONS", "Holdings", "groups", "is_met"]
