"""The seeded, counter-based random generator whose whole state lives in ``State.rng``.

Each draw hashes ``seed:counter`` with SHA-256 (identical on every Python version and
platform), so a game is a pure function of ``(seed, options, moves)``; nothing here
touches global randomness.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from rules.base import State

T = TypeVar("T")


def _draw64(state: State) -> int:
    digest = hashlib.sha256(f"{state.seed}:{state.rng}".encode()).digest()
    state.rng += 1
    return int.from_bytes(digest[:8], "big")


def randbelow(state: State, n: int) -> int:
    """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = _draw64(state)
        if value < limit:
            return value % n


def choice(state: State, items: Sequence[T]) -> T:
    """One item chosen uniformly."""
    return items[randbelow(state, len(items))]


def shuffle(state: State, items: list[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def sample(state: State, items: Sequence[T], k: int) -> list[T]:
    """``k`` distinct items in random order."""
    pool = list(items)
    shuffle(state, pool)
    return pool[:k]
