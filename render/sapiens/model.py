"""What the Sapiens picture shows, read from a public view into plain values.

Everything the renderer knows about the view's shape is here: it reads the typed
view (``rules.sapiens.view.SapiensView``, through ``view_of``); the drawing modules only
see the dataclasses below. Missing or odd keys fall back to empty values, so a sparse
view still draws (every read is checked at run time too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar, cast

from render.sapiens.layout import COLUMNS, Pos, cave_pos, cell_pos, corner_pos
from render.sapiens.pieces import SCENES
from render.sapiens.valley import Cave, LaidTile, ValleyArt, ValleyTurn
from rules.sapiens.components import CELLS, valley
from rules.sapiens.view import (
    CaveView,
    FallView,
    LaidView,
    PlayerView,
    SapiensView,
    StepView,
    TileView,
    view_of,
)

SCENE_SET = frozenset(SCENES)

View = Mapping[str, Any]
M = TypeVar("M", bound=Mapping[str, Any])
T = TypeVar("T")


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
    used: tuple[str, ...] = ()  # played mountain tokens (a Ritual may take one back)
    gone: tuple[str, ...] = ()  # discarded when a tribe was abandoned
    baston_left: int = 3  # Baston tokens not on a tile
    finished: bool = False  # out of moves (can lay no tile even with a new tribe)
    targeted: bool = False  # a bear is about to be put in this valley (Feu, step "den")


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
    step: str = ""  # the kind of decision pending ("" when none)
    step_seat: str = ""
    first: str = ""  # the first player (the round's order starts there)


# ---------------------------------------------------------------- squares and valleys


@lru_cache(maxsize=512)
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


def _map(value: M | None) -> M:
    """``value`` if it is a mapping, else an empty one (a sparse or odd view)."""
    return value if isinstance(value, Mapping) else cast(M, {})


def _list(value: Sequence[T] | None) -> Sequence[T]:
    return value if isinstance(value, Sequence) and not isinstance(value, str) else ()


def _scenes(value: Sequence[str] | None) -> tuple[str, str] | None:
    """Two scene ids from ``["FE", "CU"]`` or a tile id ``"FE-CU#2"``."""
    found = value.split("#")[0].split("-") if isinstance(value, str) else _list(value)
    return _pair(str(found[0]), str(found[1])) if len(found) == 2 else None


@lru_cache(maxsize=256)
def _pair(first: str, second: str) -> tuple[str, str] | None:
    a, b = first.upper(), second.upper()
    return (a, b) if a in SCENE_SET and b in SCENE_SET else None


def _pool(
    entries: Sequence[TileView] | None, seats: Sequence[str], picked: str | None
) -> tuple[PoolTile, ...]:
    """Pool tiles ``{"id", "scenes", "baston": [seat, ...]}``; ``picked``: the tile a
    step in progress has chosen."""
    out = []
    for entry in _list(entries):
        entry = _map(entry)
        scenes = _scenes(entry.get("scenes")) or _scenes(entry.get("id"))
        if scenes is None:
            continue
        owners = tuple(seats.index(s) for s in _list(entry.get("baston")) if s in seats)
        out.append(PoolTile(scenes, owners, picked is not None and entry.get("id") == picked))
    return tuple(out)


def _laid(
    entries: Sequence[LaidView] | None, last: str | None
) -> tuple[tuple[LaidTile, ...], tuple[int, ...]]:
    """Tiles on a valley ``{"tile", "scenes", "at": [sq, sq], "abandoned"}`` and the
    index of the one laid last (``last`` is its id, on this valley)."""
    tiles: list[LaidTile] = []
    marked: list[int] = []
    for entry in _list(entries):
        entry = _map(entry)
        scenes = _scenes(entry.get("scenes")) or _scenes(entry.get("tile"))
        at = _list(entry.get("at"))
        if scenes is None or len(at) != 2:
            continue
        a, b = square_pos(str(at[0])), square_pos(str(at[1]))
        if a is None or b is None:
            continue
        if last is not None and entry.get("tile") == last:
            marked.append(len(tiles))
        tiles.append(LaidTile(((a, scenes[0]), (b, scenes[1])), bool(entry.get("abandoned"))))
    return tuple(tiles), tuple(marked)


def _tokens(player: PlayerView) -> tuple[tuple[Pos, str], ...]:
    """Mountain tokens still on the caves and waterfalls (one stays on a cave the turn's
    tile covers until the tile's effects are done)."""
    out = []
    spots: dict[str, CaveView | FallView] = {
        **_map(player.get("caves")),
        **_map(player.get("falls")),
    }
    for square, spot in spots.items():
        scene = str(_map(spot).get("token") or "").upper()
        pos = square_pos(str(square))
        if pos is not None and scene in SCENE_SET:
            out.append((pos, scene))
    return tuple(out)


def read_seat(seat: str, player: PlayerView, seats: Sequence[str], view: SapiensView) -> SeatTable:
    """One seat's valley, pool and counters (``view`` for the last tile and the step)."""
    found = _list(player.get("faces"))
    faces = (str(found[0]), str(found[1])) if len(found) == 2 else None
    if faces is not None and art_of(faces) is BLANK:
        faces = None
    last = _map(view.get("last_tile"))
    step = _map(view.get("step"))
    mine = step.get("seat") == seat
    tiles, marked = _laid(
        player.get("tiles"), last.get("tile") if last.get("seat") == seat else None
    )
    pending: tuple[Pos, ...] = ()
    if mine and step.get("cell") and step.get("kind") in PENDING_CELL:
        pos = square_pos(str(step["cell"]))
        pending = (pos,) if pos is not None else ()
    bears = tuple(p for p in (square_pos(str(s)) for s in _list(player.get("bears"))) if p)
    tokens = _map(player.get("tokens"))
    held, used, gone = (
        tuple(str(s).upper() for s in _list(found) if str(s).upper() in SCENE_SET)
        for found in (tokens.get("held"), tokens.get("used"), tokens.get("gone"))
    )
    picked = chosen_tile(step, mine)
    return SeatTable(
        faces=faces,
        valley=ValleyTurn(tiles, _tokens(player), bears, marked, pending),
        pool=_pool(player.get("pool"), seats, picked),
        food=_int(player.get("food")),
        shelter=_int(player.get("shelter")),
        steaks=_int(player.get("steaks")),
        held=held,
        used=used,
        gone=gone,
        baston_left=_int(_map(player.get("baston")).get("home"), 3),
        finished=bool(player.get("finished")),
        targeted=step.get("kind") == "den" and step.get("target") == seat,
    )


PENDING_TILE = frozenset({"cell", "orient", "feast", "newtribe"})
"""Steps during which the tile being laid is marked in its pool."""
PENDING_ANY_POOL = frozenset({"watergive", "fightfrom"})
"""Steps during which a tile chosen in any pool is marked: the one Eau takes, the one
a Baston token moves to."""


def chosen_tile(step: StepView, mine: bool) -> str | None:
    """The id of the tile a decision in progress has chosen, if the pool read now may
    hold it (``mine``: the pool of the seat to act)."""
    kind = step.get("kind")
    tile = step.get("tile")
    if not isinstance(tile, str):
        return None
    if kind in PENDING_ANY_POOL or (mine and kind in PENDING_TILE):
        return tile
    return None


PENDING_CELL = frozenset({"orient"})
"""Steps during which the chosen square is marked on the valley."""


def read(public: View) -> Table:
    """The table a public view shows."""
    view = view_of(public)
    seats = [str(s) for s in _list(view.get("seats"))]
    players = _map(view.get("players"))
    table = {seat: read_seat(seat, _map(players.get(seat)), seats, view) for seat in seats}
    supply = _map(view.get("supply"))
    step = _map(view.get("step"))
    return Table(
        seats=table,
        common=_pool(view.get("common"), seats, chosen_tile(step, False)),
        pile=_int(view.get("pile")),
        steaks_left=supply["steaks"] if isinstance(supply.get("steaks"), int) else None,
        bears_left=supply["bears"] if isinstance(supply.get("bears"), int) else None,
        last_round=bool(view.get("ending")) and not view.get("over"),
        starting=view.get("phase") == "start",
        step=str(step.get("kind") or "") if not view.get("over") else "",
        step_seat=str(step.get("seat") or ""),
        first=str(view.get("first") or ""),
    )
