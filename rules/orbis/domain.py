"""Worshipper cubes: a player's domain, the display's cubes, paying and trading.

Rulebook "Le domaine", step 3 "Payer le coût" and the "rules you will forget" box;
rulings O1 (a Farm waives every symbol of its colour, never a multicolour one), O10
(3-for-1 trades at any moment of one's own turn) and O11 (the cubes collected from the
chosen tile may pay for it). Cubes are counts by colour: ``{"yellow": 2, ...}`` with
the five colours always present.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations_with_replacement

from rules.orbis.components import COLOURS, LETTER_OF, LETTERS, SETUP, Tile

Cubes = dict[str, int]


def no_cubes() -> Cubes:
    return dict.fromkeys(COLOURS, 0)


def total(cubes: Mapping[str, int]) -> int:
    return sum(cubes.values())


def add(cubes: Cubes, more: Mapping[str, int]) -> None:
    for colour, n in more.items():
        cubes[colour] += n


def due(tile: Tile, reductions: Iterable[str]) -> Cubes:
    """The coloured part of ``tile``'s cost once the player's Farms are applied (O1)."""
    waived = set(reductions)
    out = no_cubes()
    for colour, n in tile.cost:
        if colour in out and colour not in waived:
            out[colour] = n
    return out


def is_free(tile: Tile, reductions: Iterable[str]) -> bool:
    """Nothing to pay: no coloured symbol left after the Farms, no multicolour one."""
    return total(due(tile, reductions)) == 0 and tile.any_cost == 0


def payments(tile: Tile, reductions: Iterable[str], domain: Mapping[str, int]) -> list[str]:
    """Every distinct way to pay ``tile`` from ``domain``, as the letters of the cubes
    given for the multicolour symbols (``""``: none to choose), in a stable order."""
    need = due(tile, reductions)
    rest = {c: domain[c] - need[c] for c in COLOURS}
    if any(v < 0 for v in rest.values()):
        return []
    out: list[str] = []
    for combo in combinations_with_replacement(COLOURS, tile.any_cost):
        if all(combo.count(c) <= rest[c] for c in set(combo)):
            out.append("".join(LETTER_OF[c] for c in combo))
    return out


def payment_cubes(tile: Tile, reductions: Iterable[str], letters: str) -> Cubes:
    """The cubes a payment gives: the coloured part plus the chosen multicolour cubes."""
    out = due(tile, reductions)
    for letter in letters:
        out[LETTERS[letter]] += 1
    return out


def can_trade(domain: Mapping[str, int], colour: str) -> bool:
    return domain[colour] >= SETUP.trade_give


def trade(domain: Cubes, give: str, get: str) -> None:
    """3 cubes of ``give`` back to the ether for 1 of ``get`` (rulebook "Le domaine")."""
    domain[give] -= SETUP.trade_give
    domain[get] += 1


def held(domain: Mapping[str, int]) -> list[str]:
    """The colours the domain holds, in ``COLOURS`` order."""
    return [c for c in COLOURS if domain[c] > 0]
