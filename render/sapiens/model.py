"""What the Sapiens picture shows, read from a public view into plain values.

Everything the renderer knows about the view's shape is here (``rules.sapiens.view``
documents it); the drawing modules only see the dataclasses below. Missing or odd
keys fall back to empty values, so a sparse view still draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from render.sapiens.layout import COLUMNS, Pos, cave_pos, cell_pos, corner_pos
from render.sapiens.pieces import SCENES
from render.sapiens.valley import Cave, LaidTile, ValleyArt, ValleyTurn
from rules.sapiens.components import CELLS, valley

SCENE_SET = frozenset(SCENES)

View = Mapping[str, Any]


@dataclass(frozen=True)
class PoolTile:
    """A tile in a pool: its two scenes, the seats (by turn order) whose Baston tokens
    lie on it, and whether a turn in progress has picked it."""

    scenes: tuple[str, str]
    baston: tuple[int, ...] = ()
    picked: bool = False


@dataclass(frozen=True)
class SeatTable:
    """One seat's public state."""

    faces: tuple[str, str] | None
    valley: ValleyTurn
    pool: tuple[PoolTile, ...] = ()
    food: int = 0
    shelter: int = 0
    steaks: int = 0
    held: tuple[str, ...] = ()  # mountain tokens in front of the player, unused
    baston_left: int = 3  # Baston tokens not on a tile


@dataclass(frozen=True)
class Table:
    """The whole table of one view."""

    seats: dict[str, SeatTable] = field(default_factory=dict)
    common: tuple[PoolTile, ...] = ()
    pile: int = 0
    steaks_left: int | None = None
    bears_left: int | None = None
    last_round: bool = False
    starting: bool = False  # the round of starting caves


# ---------------------------------------------------------------- squares and valleys


def square_pos(square: str) -> Pos | None:
    """Grid position of a square name: a cell ``C4``, a cave ``NC1`` (edge + its cell),
    a waterfall ``NW``; ``None`` for anything else."""
    square = str(square).upper()
    if square in ("NW", "SW", "NE", "SE"):
        return corner_pos(square)
    if len(square) == 3 and square[0] in "NSWE" and square[1] in COLUMNS:
        cell = square[1:]
        if cell[1:].isdigit() and 1 <= int(cell[1:]) <= 5:
            return cave_pos(square[0], cell)
    if len(square) == 2 and square[0] in COLUMNS and square[1] in "12345":
        return cell_pos(square)
    return None


@lru_cache(maxsize=128)
def valley_art(left: str, right: str) -> ValleyArt:
    """The static art of the valley made of faces ``left`` and ``right``."""
    board = valley(left, right)
    cells = tuple((cell_pos(c), board.terrain[c], board.food[c]) for c in CELLS)
    caves = tuple(
        Cave(square, cave_pos(cave.edge, cave.cell), cave.high, cave.low)
        for square, cave in board.caves.items()
    )
    return ValleyArt(cells, caves, tuple(corner_pos(c) for c in board.falls))


BLANK = ValleyArt((), (), ())


def art_of(faces: object) -> ValleyArt:
    """The art of a ``(left, right)`` pair of face ids (blank for anything else)."""
    if not isinstance(faces, tuple) or len(faces) != 2:
        return BLANK
    try:
        return valley_art(str(faces[0]), str(faces[1]))
    except (KeyError, ValueError):
        return BLANK


# ---------------------------------------------------------------- reading a view


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _scenes(value: Any) -> tuple[str, str] | None:
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2:
        a, b = (str(v).upper() for v in value)
        if a in SCENE_SET and b in SCENE_SET:
            return (a, b)
    if isinstance(value, str) and "-" in value:  # a tile id "FE-CU#2"
        return _scenes(value.split("#")[0].split("-"))
    return None


def _pool(entries: Any, seats: Sequence[str], picked: str | None = None) -> tuple[PoolTile, ...]:
    out = []
    for entry in entries if isinstance(entries, Sequence) else ():
        if isinstance(entry, Mapping):
            scenes = _scenes(entry.get("scenes")) or _scenes(entry.get("id"))
            owners = [seats.index(s) for s in entry.get("baston") or () if s in seats]
            tid = entry.get("id")
        else:
            scenes, owners, tid = _scenes(entry), [], entry
        if scenes is not None:
            out.append(PoolTile(scenes, tuple(owners), picked is not None and tid == picked))
    return tuple(out)


def _tiles(entries: Any) -> tuple[list[LaidTile], list[str]]:
    tiles, ids = [], []
    for entry in entries if isinstance(entries, Sequence) else ():
        if not isinstance(entry, Mapping):
            continue
        squares: Sequence[Any] = entry.get("squares") or ()
        scenes = _scenes(entry.get("scenes")) or _scenes(entry.get("id"))
        if scenes is None or len(squares) != 2:
            continue
        a, b = square_pos(str(squares[0])), square_pos(str(squares[1]))
        if a is None or b is None:
            continue
        face_down = bool(entry.get("abandoned") or entry.get("face_down"))
        tiles.append(LaidTile(((a, scenes[0]), (b, scenes[1])), face_down))
        ids.append(str(entry.get("id", "")))
    return tiles, ids


def read_seat(player: Mapping[str, Any], seats: Sequence[str], last: set[str]) -> SeatTable:
    found: Sequence[Any] = player.get("faces") or ()
    faces = (str(found[0]), str(found[1])) if len(found) == 2 else None
    if faces is not None and art_of(faces) is BLANK:
        faces = None
    tiles, ids = _tiles(player.get("tiles"))
    tokens = []
    for square, scene in (player.get("tokens") or {}).items():
        pos = square_pos(square)
        if pos is not None and str(scene).upper() in SCENE_SET:
            tokens.append((pos, str(scene).upper()))
    bears = tuple(p for p in (square_pos(s) for s in player.get("bears") or ()) if p)
    valley_turn = ValleyTurn(
        tiles=tuple(tiles),
        tokens=tuple(tokens),
        bears=bears,
        last=tuple(i for i, tid in enumerate(ids) if tid in last),
    )
    held = tuple(str(s).upper() for s in player.get("held") or () if str(s).upper() in SCENE_SET)
    return SeatTable(
        faces=faces,
        valley=valley_turn,
        pool=_pool(player.get("pool"), seats),
        food=_int(player.get("food")),
        shelter=_int(player.get("shelter")),
        steaks=_int(player.get("steaks")),
        held=held,
        baston_left=_int(player.get("baston_left"), 3),
    )


def read(view: View) -> Table:
    """The table a public ``view`` shows."""
    seats = [str(s) for s in view.get("seats") or ()]
    players = view.get("players") or {}
    last = {str(t) for t in view.get("last_tiles") or ()}
    table = {seat: read_seat(players.get(seat) or {}, seats, last) for seat in seats}
    supply = view.get("supply") or {}
    return Table(
        seats=table,
        common=_pool(view.get("common"), seats),
        pile=_int(view.get("pile")),
        steaks_left=supply.get("steaks") if isinstance(supply.get("steaks"), int) else None,
        bears_left=supply.get("bears") if isinstance(supply.get("bears"), int) else None,
        last_round=bool(view.get("last_round")),
        starting=view.get("phase") == "start",
    )
