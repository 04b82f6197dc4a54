"""The ``Move`` objects both Origin engines offer: a cache, and the action steps' labels.

Junior and Classic word the steps of Evolve, Migrate and Swap alike (``evolve:a3``,
``migrate:a7`` / ``swap:a7`` with the pawn named, then ``pawn:z2s1w`` or ``to:a5``),
so both build them here. Moves with the same code, label and group are one shared
object: a long game asks for the same few hundred moves again and again.
"""

from __future__ import annotations

from typing import Any

from rules.base import Move, Text
from rules.origin.movement import pawn_name, where

_MOVES: dict[tuple[Any, ...], Move] = {}
_START_KEYS = {"migrate": "origin.move.migrate", "swap": "origin.move.swap"}


def cached_move(code: str, key: str, group: str, **params: Any) -> Move:
    """The ``Move`` with this code, label (``key`` and ``params``) and group."""
    cache_key = (code, key, group, *params.items())
    found = _MOVES.get(cache_key)
    if found is None:
        found = _MOVES[cache_key] = Move(code, Text(key, params), group)
    return found


def evolve_at(territory: str) -> Move:
    """First step of an Evolve: the empty territory to fill."""
    return cached_move(
        f"evolve:{territory.lower()}", "origin.move.evolve", "evolve", where=where(territory)
    )


def start_from(action: str, territory: str, pawn: str) -> Move:
    """First step of a Migrate or Swap (``action``): the own ``pawn`` on ``territory``."""
    return cached_move(
        f"{action}:{territory.lower()}",
        _START_KEYS[action],
        action,
        where=where(territory),
        pawn=pawn_name(pawn),
    )


def place_pawn(pawn: str) -> Move:
    """Second step of an Evolve: the pawn to place."""
    return cached_move(f"pawn:{pawn}", "origin.move.pawn", "pawn", pawn=pawn_name(pawn))


def migrate_to(territory: str) -> Move:
    """Second step of a Migrate: the empty territory to go to."""
    return cached_move(f"to:{territory.lower()}", "origin.move.to", "to", where=where(territory))


def swap_with(territory: str, pawn: str) -> Move:
    """Second step of a Swap: the weaker ``pawn`` on ``territory`` to trade places with."""
    return cached_move(
        f"to:{territory.lower()}",
        "origin.move.swap_with",
        "to",
        where=where(territory),
        pawn=pawn_name(pawn),
    )


def back() -> Move:
    """Undo the first step of an action."""
    return cached_move("back", "origin.move.back", "back")


def pass_turn() -> Move:
    """The only move of a seat that has no action at all."""
    return cached_move("pass", "origin.move.pass", "pass")


__all__ = [
    "back",
    "cached_move",
    "evolve_at",
    "migrate_to",
    "pass_turn",
    "place_pawn",
    "start_from",
    "swap_with",
]
