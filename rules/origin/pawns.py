"""Tribe pawns: the ``Pawn`` value, its id syntax, and how one pawn may evolve from another.

A pawn has three features with three values each (rulebook, "Pions Tribu"): size
(= speed, 1 to 3), strength (1 to 3) and colour (``w`` white, ``b`` brown, ``k``
black). Its id is ``z{size}s{strength}{colour}``; a second physical copy (the medium
pawns at 4 players) is written ``z2s1w#2``. Game states store base ids only: copies are
indistinguishable, so the supply counts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

PAWN_COLOURS = ("w", "b", "k")
PAWN_ID = re.compile(r"^z([1-3])s([1-3])([wbk])(?:#([2-9]))?$")


@dataclass(frozen=True)
class Pawn:
    """One tribe pawn (a base id: copies share it)."""

    id: str
    size: int
    strength: int
    colour: str


def parse_pawn(pawn_id: str) -> Pawn:
    """The pawn named by ``pawn_id`` (``z2s1w`` or a copy ``z2s1w#2``).

    Raises ``ValueError`` if the text is not a pawn id.
    """
    match = PAWN_ID.match(pawn_id)
    if match is None:
        raise ValueError(f"not a pawn id: {pawn_id!r}")
    size, strength, colour = int(match.group(1)), int(match.group(2)), match.group(3)
    return Pawn(f"z{size}s{strength}{colour}", size, strength, colour)


def pawn_id(size: int, strength: int, colour: str) -> str:
    """The base id of the pawn with these features."""
    return f"z{size}s{strength}{colour}"


class Evolution(Enum):
    """How a new pawn relates to the reference pawn it is placed next to (Evolve).

    The first four are the configurations the rulebook allows; the others name why a
    placement is refused (they become the player's error message).
    """

    IDENTICAL = "identical"
    COLOUR = "colour"
    STRENGTH_UP = "strength_up"
    SIZE_UP = "size_up"
    SMALLER = "smaller"
    WEAKER = "weaker"
    SIZE_JUMP = "size_jump"
    STRENGTH_JUMP = "strength_jump"
    TWO_CHANGES = "two_changes"

    @property
    def allowed(self) -> bool:
        return self in _ALLOWED


_ALLOWED = frozenset(
    {Evolution.IDENTICAL, Evolution.COLOUR, Evolution.STRENGTH_UP, Evolution.SIZE_UP}
)


def evolution(reference: Pawn, new: Pawn) -> Evolution:
    """Judge ``new`` against ``reference`` (rulebook, Evolve: "configurations possibles").

    At least two features must be identical; the one that differs may be the colour
    (any other colour), the strength (+1 only) or the size (+1 only); a smaller or
    weaker pawn is never allowed. Refusals are reported in the order a player checks
    them: smaller, weaker, a step of more than one, two features changed.
    """
    if new.size < reference.size:
        return Evolution.SMALLER
    if new.strength < reference.strength:
        return Evolution.WEAKER
    if new.size > reference.size + 1:
        return Evolution.SIZE_JUMP
    if new.strength > reference.strength + 1:
        return Evolution.STRENGTH_JUMP
    changes = (
        (new.size != reference.size)
        + (new.strength != reference.strength)
        + (new.colour != reference.colour)
    )
    if changes == 0:
        return Evolution.IDENTICAL
    if changes > 1:
        return Evolution.TWO_CHANGES
    if new.colour != reference.colour:
        return Evolution.COLOUR
    if new.strength != reference.strength:
        return Evolution.STRENGTH_UP
    return Evolution.SIZE_UP


def evolutions_of(reference: Pawn) -> tuple[str, ...]:
    """Every base pawn id allowed next to ``reference`` (at most 5), cheapest test first."""
    out = [reference.id]
    out += [pawn_id(reference.size, reference.strength, c) for c in PAWN_COLOURS]
    out = out[:1] + [p for p in out[1:] if p != reference.id]
    if reference.strength < 3:
        out.append(pawn_id(reference.size, reference.strength + 1, reference.colour))
    if reference.size < 3:
        out.append(pawn_id(reference.size + 1, reference.strength, reference.colour))
    return tuple(out)


def two_feature_evolutions_of(reference: Pawn, *, colour_may_change: bool) -> tuple[str, ...]:
    """Pawns differing from ``reference`` in exactly two features, each by an allowed step.

    Allowed steps are the rulebook's: colour to any other, size +1, strength +1 (never
    smaller or weaker). With ``colour_may_change`` false only "size +1 and strength +1,
    same colour" remains. Used by Classic cards (MUTATION, ADAPTATION); the Junior and
    base Evolve rules never call it.
    """
    sizes = [reference.size + 1] if reference.size < 3 else []
    strengths = [reference.strength + 1] if reference.strength < 3 else []
    others = [c for c in PAWN_COLOURS if c != reference.colour] if colour_may_change else []
    out = [pawn_id(z, s, reference.colour) for z in sizes for s in strengths]
    out += [pawn_id(z, reference.strength, c) for z in sizes for c in others]
    out += [pawn_id(reference.size, s, c) for s in strengths for c in others]
    return tuple(out)
