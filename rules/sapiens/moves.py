"""Move codes and labels of Sapiens, and the small helpers every step shares.

Codes (lower case; ``<tile>`` is a tile id such as ``fe-cu#2``, ``<sq>`` a square such
as ``c3`` or ``nc1``, ``<sc>`` a scene id such as ``fe``, ``<k>`` a seat's index):

- laying: ``tile:<tile>`` (which tile), ``at:<sq>`` (a square it will cover),
  ``lay:<sq>:<sq>`` (where scene A and scene B go), ``pay:<k>`` (which Baston token is
  paid first), ``abandon`` (start a new tribe), ``stop`` (no tile can be laid: stop);
- mountain tokens: ``token:<sc>``;
- scene effects: ``do:<sc>`` (which effect next), ``skip``, Rituel ``rite:<sc>``,
  Baston ``mark:<tile>`` then ``from:<tile>`` (which placed token moves), Eau
  ``get:<tile>`` then ``give:<tile>``, Chasse ``convert``/``keep``, Feu ``bear:<k>``
  then ``den:<sq>``, or ``unbear:<sq>``;
- refilling: ``take:<tile>`` or ``refill`` (no choice), two players ``discard:<tile>``;
- between decisions of one's turn: ``recall:<tile>`` takes a Baston token back;
- ``back`` takes back the current uncommitted step.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.base import Move, Text
from rules.sapiens.components import TILES

CODE = re.compile(
    r"^(?:(tile|take|discard|mark|from|get|give|recall):([a-z]{2}-[a-z]{2}#[0-9])"
    r"|(at|den|unbear):([a-z]{1,2}[0-9])"
    r"|lay:([a-z]{1,2}[0-9]):([a-z]{1,2}[0-9])"
    r"|(token|do|rite):([a-z]{2})"
    r"|(pay|bear):([0-9])"
    r"|abandon|stop|skip|convert|keep|refill|back)$"
)


def code_of_tile(tile: str) -> str:
    return tile.lower()


def tile_of_code(arg: str) -> str:
    return arg.upper()


def sq_code(square: str) -> str:
    return square.lower()


def sq_of(arg: str) -> str:
    return arg.upper()


def scene_ref(scene: str) -> str:
    """A parameter that translates to the scene's name."""
    return f"@sapiens.scene.{scene}"


def square_ref(square: str) -> str:
    """A square as the table reads it (a parameter): a cell is its name (``C3``); a cave
    or a waterfall translates to words (``the cave above C1``)."""
    if len(square) == 2 and square[1].isdigit():
        return square
    return f"@sapiens.square.{square}"


def tile_params(tile: str, baston: Sequence[int] = (), prefix: str = "") -> dict[str, Any]:
    """A tile as the table reads it, as message parameters: its two scenes (``a``,
    ``b``) and the Baston tokens on it (``fists``, empty when none)."""
    a, b = TILES[tile]
    return {
        f"{prefix}a": scene_ref(a),
        f"{prefix}b": scene_ref(b),
        f"{prefix}fists": f"@sapiens.fists.{min(len(baston), MAX_FISTS)}",
    }


MAX_FISTS = 12
"""Baston tokens one tile can carry (three per player, four players)."""


def mk(code: str, key: str, group: str = "", **params: Any) -> Move:
    return Move(code, Text(key, params), group)


def distinct_tiles(tiles: Iterable[str], baston: Mapping[str, Sequence[int]]) -> list[str]:
    """The tiles, one per kind (same scenes in the same order, same Baston tokens): two
    copies of a tile are the same choice."""
    seen: set[tuple[tuple[str, str], tuple[int, ...]]] = set()
    out = []
    for tile in tiles:
        key = (TILES[tile], tuple(sorted(baston.get(tile, ()))))
        if key not in seen:
            seen.add(key)
            out.append(tile)
    return out


BACK = Move("back", Text("sapiens.move.back"), "back")
SKIP = Move("skip", Text("sapiens.move.skip"), "skip")

__all__ = [
    "BACK",
    "CODE",
    "MAX_FISTS",
    "SKIP",
    "code_of_tile",
    "distinct_tiles",
    "mk",
    "scene_ref",
    "sq_code",
    "sq_of",
    "square_ref",
    "tile_of_code",
    "tile_params",
]
