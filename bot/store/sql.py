"""What every query module of the store shares, and nothing else: the ``Session`` a
backend hands out (one connection, in a transaction or for one statement) and the small
helpers written over it. A leaf: it imports no other module of the store, so the schema,
the session and each repository can all stand on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class Session(Protocol):
    """One connection of a backend, in a transaction or for one statement."""

    async def rows(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        """Every row of one query."""
        ...

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


async def rows(db: Session, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    """Every row of one query on ``db``."""
    return await db.rows(sql, params)


async def changed(db: Session, sql: str, params: Iterable[Any]) -> bool:
    """Run a conditional ``UPDATE``: whether it changed exactly one row (else the game
    was not in the state the statement asks for, and nothing was written)."""
    return await db.execute(sql, params) == 1


def chunks(items: Sequence[int], size: int = 900) -> list[list[int]]:
    """``items`` in slices small enough for one statement's parameters."""
    return [list(items[n : n + size]) for n in range(0, len(items), size)]
