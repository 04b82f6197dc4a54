"""Seeded decks, bags, dice and displays over plain lists, drawing with ``rules.rng``.

A deck (pile) is a list whose *end* is its top; "under" is index 0. A bag is a list
drawn from at random. A display is a list of slots (``None``: empty) refilled from a
pile. Every function that uses the generator says so; the order of those calls is part
of a game (the same seed gives the same game only while it stays the same).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from rules import rng
from rules.base import State

T = TypeVar("T")
OnEmpty = Callable[[], None]
"""Called when a draw takes the last card of a pile (an end trigger, a reshuffle)."""


def shuffle(state: State, pile: list[T]) -> None:
    """Shuffle ``pile`` in place (``len(pile) - 1`` generator calls)."""
    rng.shuffle(state, pile)


def shuffled(state: State, items: Iterable[T]) -> list[T]:
    """A new pile of ``items``, shuffled."""
    pile = list(items)
    rng.shuffle(state, pile)
    return pile


def draw(pile: list[T], n: int = 1, *, on_empty: OnEmpty | None = None) -> list[T]:
    """Up to ``n`` cards from the top, in the order drawn (no generator call). When this
    draw takes the last card, ``on_empty`` is called once."""
    drawn = [pile.pop() for _ in range(min(n, len(pile)))]
    if drawn and not pile and on_empty is not None:
        on_empty()
    return drawn


def draw_into(pile: list[T], into: list[T], n: int = 1, *, on_empty: OnEmpty | None = None) -> int:
    """Draw up to ``n`` cards onto the end of ``into`` (a hand); return how many."""
    drawn = draw(pile, n, on_empty=on_empty)
    into.extend(drawn)
    return len(drawn)


def put_under(pile: list[T], card: T) -> None:
    """Put ``card`` at the bottom of ``pile``."""
    pile.insert(0, card)


def draw_from_bag(state: State, bag: list[T]) -> T:
    """Take one item of ``bag`` at random (one generator call); ``ValueError`` if empty."""
    if not bag:
        raise ValueError("the bag is empty")
    return bag.pop(rng.randbelow(state, len(bag)))


def roll(state: State, sides: int = 6) -> int:
    """A die of ``sides`` faces: 1 to ``sides`` (one generator call, or more on rejection)."""
    return 1 + rng.randbelow(state, sides)


def refill(slots: list[T | None], pile: list[T], *, on_empty: OnEmpty | None = None) -> int:
    """Fill the empty slots (``None``) of a display from the top of ``pile``, first slot
    first, while the pile lasts; return how many were filled."""
    filled = 0
    for i, item in enumerate(slots):
        if item is None and pile:
            slots[i] = draw(pile, on_empty=on_empty)[0]
            filled += 1
    return filled


__all__ = [
    "OnEmpty",
    "draw",
    "draw_from_bag",
    "draw_into",
    "put_under",
    "refill",
    "roll",
    "shuffle",
    "shuffled",
]
