"""Worshipper cubes: a player's domain, the display's cubes, paying and trading.

Rulebook "Le domaine", step 3 "Payer le coût" and the "rules you will forget" box;
rulings O1 (a Farm waives every symbol of its colour, never a multicolour one), O10
(3-for-1 trades at any moment of one's own turn) and O11 (the cubes collected from the
chosen tile may pay for it). In the state, cubes are five counts in ``COLOURS``
order (``[yellow, green, blue, red, white]``), a compact form because the state is
copied at every move; ``IDX`` gives a colour's place, ``as_dict`` the readable form.
The cubes lying on the nine display tiles are one list of 45 counts, five per slot.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement

from rules.orbis.components import COLOURS, LETTER_OF, LETTERS, SETUP, Tile

Cubes = list[int]
IDX = {c: i for i, c in enumerate(COLOURS)}


def no_cubes() -> Cubes:
    return [0] * len(COLOURS)


def total(cubes: Cubes) -> int:
    return sum(cubes)


def as_dict(cubes: Cubes) -> dict[str, int]:
    """``{"yellow": n, ...}`` (all five colours): the form of the view."""
    return dict(zip(COLOURS, cubes, strict=True))


def add(cubes: Cubes, more: Cubes) -> None:
    for i, n in enumerate(more):
        cubes[i] += n


def count(cubes: Cubes, colour: str) -> int:
    return cubes[IDX[colour]]


def change(cubes: Cubes, colour: str, n: int) -> None:
    cubes[IDX[colour]] += n


def on_slot(display: Cubes, slot: int) -> Cubes:
    """The cubes lying on display ``slot`` (0-8), as a new list."""
    return display[5 * slot : 5 * slot + 5]


def count_on(display: Cubes, slot: int, colour: str) -> int:
    return display[5 * slot + IDX[colour]]


def change_on(display: Cubes, slot: int, colour: str, n: int) -> None:
    display[5 * slot + IDX[colour]] += n


def clear_slot(display: Cubes, slot: int) -> None:
    display[5 * slot : 5 * slot + 5] = no_cubes()


def due(tile: Tile, reductions: Iterable[str]) -> Cubes:
    """The coloured part of ``tile``'s cost once the player's Farms are applied (O1)."""
    waived = set(reductions)
    out = no_cubes()
    for colour, n in tile.cost:
        if colour in IDX and colour not in waived:
            out[IDX[colour]] = n
    return out


def is_free(tile: Tile, reductions: Iterable[str]) -> bool:
    """Nothing to pay: no coloured symbol left after the Farms, no multicolour one."""
    return total(due(tile, reductions)) == 0 and tile.any_cost == 0


def payments(tile: Tile, reductions: Iterable[str], domain: Cubes) -> list[str]:
    """Every distinct way to pay ``tile`` from ``domain``, as the letters of the cubes
    given for the multicolour symbols (``""``: none to choose), in a stable order."""
    need = due(tile, reductions)
    rest = [have - n for have, n in zip(domain, need, strict=True)]
    if any(v < 0 for v in rest):
        return []
    out: list[str] = []
    for combo in combinations_with_replacement(range(len(COLOURS)), tile.any_cost):
        if all(combo.count(i) <= rest[i] for i in set(combo)):
            out.append("".join(LETTER_OF[COLOURS[i]] for i in combo))
    return out


def payment_cubes(tile: Tile, reductions: Iterable[str], letters: str) -> Cubes:
    """The cubes a payment gives: the coloured part plus the chosen multicolour cubes."""
    out = due(tile, reductions)
    for letter in letters:
        out[IDX[LETTERS[letter]]] += 1
    return out


def can_trade(domain: Cubes, colour: str) -> bool:
    return domain[IDX[colour]] >= SETUP.trade_give


def trade(domain: Cubes, give: str, get: str) -> None:
    """3 cubes of ``give`` back to the ether for 1 of ``get`` (rulebook "Le domaine")."""
    domain[IDX[give]] -= SETUP.trade_give
    domain[IDX[get]] += 1


def held(domain: Cubes) -> list[str]:
    """The colours the domain holds, in ``COLOURS`` order."""
    return [c for c, n in zip(COLOURS, domain, strict=True) if n > 0]
