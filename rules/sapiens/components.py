"""Sapiens' component data: load and check ``data/*.json`` once, and the valley geometry.

The valley faces are our PROPOSED design (``docs/contributors/components/sapiens.md``
section 3); the tiles, supplies and the steak table follow the rulebook. Every problem found at load
raises ``ComponentError`` naming the file and the entry. Public values: ``SCENES``,
``TILES``, ``FACES``, ``LEFT_FACES``/``RIGHT_FACES``, ``STEAKS``, ``SUPPLY``, and
``valley(left, right)``: the joined board of one player (cells, caves, waterfalls,
adjacency, the placements a tile may take), built once per pair of faces.

Squares are named as on the board: a valley cell is its column and row (``C3``); a
cave is its edge and its one valley cell (``NC1`` lies above ``C1``); a waterfall is
its corner (``NW``, ``SW``, ``NE``, ``SE``). Mountain tokens lie on caves and
waterfalls, which together are the token spots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
COLUMNS = "ABCDEFGH"
ROWS = 5
EDGES = {"N", "S", "W", "E"}
CORNERS = ("NW", "SW", "NE", "SE")
FOREST, PLAIN = "F", "P"


class ComponentError(ValueError):
    """A data file is missing, unreadable or inconsistent; names the file and the entry."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        super().__init__(f"rules/sapiens/data/{file}: {entry}: {problem}")
        self.file = file
        self.entry = entry
        self.problem = problem


def read_json(name: str) -> dict[str, Any]:
    try:
        raw = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ComponentError(name, "file", str(exc)) from exc
    if not isinstance(raw, dict) or "_about" not in raw:
        raise ComponentError(name, "file", "not an object with an '_about' provenance")
    return raw


# -- scenes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    id: str
    name: str
    effect: str
    token: str


def load_scenes() -> dict[str, Scene]:
    raw = read_json("scenes.json")
    scenes: dict[str, Scene] = {}
    for entry in raw["scenes"]:
        sid = entry["id"]
        if sid in scenes:
            raise ComponentError("scenes.json", sid, "scene listed twice")
        scenes[sid] = Scene(
            sid, entry["name"], entry["effect"], entry.get("token", entry["effect"])
        )
    if len(scenes) != 8:
        raise ComponentError("scenes.json", "scenes", f"{len(scenes)} scenes, not 8")
    return scenes


SCENES = load_scenes()
SCENE_IDS: tuple[str, ...] = tuple(SCENES)
FE, CU, RI, BA, EA, CA, CH, FU = SCENE_IDS


# -- tiles ----------------------------------------------------------------------------


def load_tiles() -> dict[str, tuple[str, str]]:
    """``{"FE-CU#1": ("FE", "CU"), ...}``: 63 tiles, every pair of different scenes."""
    raw = read_json("tiles.json")
    tiles: dict[str, tuple[str, str]] = {}
    pairs: set[frozenset[str]] = set()
    for entry in raw["pairs"]:
        pair = entry["pair"]
        a, _, b = pair.partition("-")
        if a not in SCENES or b not in SCENES or a == b:
            raise ComponentError("tiles.json", pair, "not two different scene ids")
        key = frozenset((a, b))
        if key in pairs:
            raise ComponentError("tiles.json", pair, "pair listed twice")
        pairs.add(key)
        wanted = 3 if CU in key else 2
        if entry["copies"] != wanted:
            raise ComponentError("tiles.json", pair, f"{entry['copies']} copies, not {wanted}")
        for copy in range(1, entry["copies"] + 1):
            tiles[f"{pair}#{copy}"] = (a, b)
    if len(pairs) != 28 or len(tiles) != 63:
        raise ComponentError("tiles.json", "pairs", f"{len(pairs)} pairs, {len(tiles)} tiles")
    for scene in SCENES:
        halves = sum(pair.count(scene) for pair in tiles.values())
        if halves != (21 if scene == CU else 15):
            raise ComponentError("tiles.json", scene, f"on {halves} tiles")
    return tiles


TILES = load_tiles()


# -- steaks and supplies --------------------------------------------------------------


def load_steaks() -> tuple[int, ...]:
    """Food for 0, 1, 2, ... steaks handed in; the last entry counts for more too."""
    raw = read_json("steaks.json")["table"]
    table = [0] + [int(raw[str(n)]) for n in range(1, len(raw) + 1)]
    if table[-1] != 10 or any(b <= a for a, b in zip(table, table[1:], strict=False)):
        raise ComponentError("steaks.json", "table", "must rise to 10 for 5 or more")
    return tuple(table)


STEAKS = load_steaks()


def steak_food(count: int) -> int:
    """Food points for ``count`` steaks handed in together (rulebook: 5+ give 10)."""
    return STEAKS[min(count, len(STEAKS) - 1)]


@dataclass(frozen=True)
class Supply:
    removed: dict[int, int]
    common_pool: int
    personal_pool: int
    mountain_tokens: int
    baston: int
    steaks: int
    bears: int
    campement_shelter: int
    cueillette_food: int
    baston_food: int


def load_supply() -> Supply:
    raw = read_json("supplies.json")
    supply = Supply(
        removed={int(k): int(v) for k, v in raw["tiles_removed"].items()},
        common_pool=raw["common_pool"],
        personal_pool=raw["personal_pool"],
        mountain_tokens=raw["mountain_tokens_per_player"],
        baston=raw["baston_per_player"],
        steaks=raw["steaks"],
        bears=raw["bears"],
        campement_shelter=raw["campement_shelter"],
        cueillette_food=raw["cueillette_food"],
        baston_food=raw["baston_food"],
    )
    if supply.mountain_tokens != len(SCENES):
        raise ComponentError("supplies.json", "mountain_tokens_per_player", "one per scene")
    for players, removed in supply.removed.items():
        left = len(TILES) - removed - supply.common_pool - players * supply.personal_pool
        if left <= 0:
            raise ComponentError("supplies.json", f"tiles_removed {players}", "no draw pile")
    return supply


SUPPLY = load_supply()


# -- valley faces ---------------------------------------------------------------------


@dataclass(frozen=True)
class Cave:
    """A cave square on the rim: ``square`` is its name on the board (``NC1``)."""

    square: str
    face_cave: str
    edge: str
    cell: str
    high: int
    low: int


@dataclass(frozen=True)
class Face:
    id: str
    half: str
    side: str
    waterfall: str
    cells: dict[str, tuple[str, int]]
    caves: tuple[Cave, ...]


def _cell_on_edge(cell: str, edge: str) -> bool:
    column, row = cell[0], int(cell[1:])
    return {
        "N": row == 1,
        "S": row == ROWS,
        "W": column == "A",
        "E": column == "H",
    }[edge]


def _corner_cell(corner: str) -> str:
    return ("A" if corner[1] == "W" else "H") + ("1" if corner[0] == "N" else str(ROWS))


def _parse_face(entry: dict[str, Any]) -> Face:
    fid = entry["id"]
    half = entry["half"]
    columns = "ABCD" if half == "left" else "EFGH"
    where = f"face {fid}"
    if entry["columns"] != columns:
        raise ComponentError("valley_faces.json", where, f"columns must be {columns}")
    if len(entry["rows"]) != ROWS:
        raise ComponentError("valley_faces.json", where, f"{len(entry['rows'])} rows, not 5")
    cells: dict[str, tuple[str, int]] = {}
    for r, row in enumerate(entry["rows"], start=1):
        marks = row.split()
        if len(marks) != 4:
            raise ComponentError("valley_faces.json", f"{where} row {r}", "not 4 cells")
        for column, mark in zip(columns, marks, strict=True):
            terrain, food = mark[0], int(mark[1:])
            if terrain not in (FOREST, PLAIN) or not 1 <= food <= 4:
                raise ComponentError("valley_faces.json", f"{where} {column}{r}", mark)
            cells[f"{column}{r}"] = (terrain, food)
    corner = entry["waterfall"]
    expected_side = "W" if half == "left" else "E"
    if corner not in CORNERS or corner[1] != expected_side:
        raise ComponentError("valley_faces.json", where, f"waterfall corner {corner}")
    caves = []
    for cave in entry["caves"]:
        edge, cell = cave["edge"], cave["cell"]
        name = f"{where} cave {cave['id']}"
        if edge not in EDGES - {"E" if half == "left" else "W"}:
            raise ComponentError("valley_faces.json", name, f"edge {edge} not on this half")
        if cell not in cells or not _cell_on_edge(cell, edge):
            raise ComponentError("valley_faces.json", name, f"{cell} is not on edge {edge}")
        terrain, food = cells[cell]
        if cave["printed_cell"] != f"{terrain}{food}":
            raise ComponentError("valley_faces.json", name, "cell differs from the grid")
        if not cave["high"] > cave["low"] > 0:
            raise ComponentError("valley_faces.json", name, "shelter pair not high > low > 0")
        if cell == _corner_cell(corner):
            raise ComponentError("valley_faces.json", name, "beside its face's waterfall")
        caves.append(Cave(f"{edge}{cell}", cave["id"], edge, cell, cave["high"], cave["low"]))
    if len(caves) != 3 or len({c.square for c in caves}) != 3:
        raise ComponentError("valley_faces.json", where, "needs 3 distinct caves")
    summary = entry["summary"]
    forest = sum(1 for t, _ in cells.values() if t == FOREST)
    found = {
        "forest": forest,
        "plain": len(cells) - forest,
        "food": sum(f for _, f in cells.values()),
        "high": sum(c.high for c in caves),
        "low": sum(c.low for c in caves),
    }
    if found != summary:
        raise ComponentError("valley_faces.json", where, f"sums {found} != summary {summary}")
    return Face(fid, half, entry["side"], corner, cells, tuple(caves))


def load_faces() -> dict[str, Face]:
    raw = read_json("valley_faces.json")
    faces: dict[str, Face] = {}
    for entry in raw["faces"]:
        face = _parse_face(entry)
        if face.id in faces:
            raise ComponentError("valley_faces.json", face.id, "face listed twice")
        faces[face.id] = face
    lefts = [f for f in faces.values() if f.half == "left"]
    if len(faces) != 16 or len(lefts) != 8:
        raise ComponentError("valley_faces.json", "faces", "needs 8 left and 8 right faces")
    return faces


FACES = load_faces()
LEFT_BOARDS: tuple[tuple[str, str], ...] = tuple((f"VL{n}-A", f"VL{n}-B") for n in range(1, 5))
"""The four left half-boards, each as its (recto, verso) faces."""
RIGHT_BOARDS: tuple[tuple[str, str], ...] = tuple((f"VR{n}-A", f"VR{n}-B") for n in range(1, 5))


# -- a player's valley ----------------------------------------------------------------


@dataclass(frozen=True)
class Valley:
    """One player's joined board (a left face and a right face).

    ``neighbours`` lists the valley cells touching a cell by a side (caves touch only
    their own cell, which a tile on the cave also covers, so they never appear there).
    ``pairs`` are the ordered pairs of squares one tile may cover (two cells side by
    side, or a cave and its cell): scene A of the tile on the first, B on the second.
    """

    faces: tuple[str, str]
    terrain: dict[str, str]
    food: dict[str, int]
    caves: dict[str, Cave]
    cave_of_cell: dict[str, str]
    falls: tuple[str, str]
    neighbours: dict[str, tuple[str, ...]]
    pairs: tuple[tuple[str, str], ...]
    pairs_of: dict[str, tuple[tuple[str, str], ...]]
    cave_pairs: tuple[tuple[str, str], ...]
    pair_index: dict[tuple[str, str], int]

    @property
    def spots(self) -> tuple[str, ...]:
        """The eight mountain-token spots: the six caves, then the two waterfalls."""
        return (*self.caves, *self.falls)

    def is_cave(self, square: str) -> bool:
        return square in self.caves

    def cell_of(self, square: str) -> str:
        """The valley cell of a square (a cave's own cell; a cell itself)."""
        cave = self.caves.get(square)
        return cave.cell if cave is not None else square


CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)


def _cell_neighbours(cell: str) -> tuple[str, ...]:
    column, row = COLUMNS.index(cell[0]), int(cell[1:])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = column + dc, row + dr
        if 0 <= c < len(COLUMNS) and 1 <= r <= ROWS:
            out.append(f"{COLUMNS[c]}{r}")
    return tuple(out)


@cache
def valley(left: str, right: str) -> Valley:
    """The board made of faces ``left`` and ``right`` (cached: 64 possible boards)."""
    lf, rf = FACES[left], FACES[right]
    if lf.half != "left" or rf.half != "right":
        raise ValueError(f"{left}+{right} is not a left face and a right face")
    cells = {**lf.cells, **rf.cells}
    caves = {c.square: c for c in (*lf.caves, *rf.caves)}
    neighbours = {cell: _cell_neighbours(cell) for cell in CELLS}
    pairs: list[tuple[str, str]] = []
    for cell in CELLS:
        pairs += [(cell, other) for other in neighbours[cell]]
    for cave in caves.values():
        pairs += [(cave.square, cave.cell), (cave.cell, cave.square)]
    pairs_of: dict[str, list[tuple[str, str]]] = {}
    for pair in pairs:
        for square in pair:
            pairs_of.setdefault(square, []).append(pair)
    return Valley(
        faces=(left, right),
        terrain={c: t for c, (t, _) in cells.items()},
        food={c: f for c, (_, f) in cells.items()},
        caves=caves,
        cave_of_cell={c.cell: c.square for c in caves.values()},
        falls=(lf.waterfall, rf.waterfall),
        neighbours=neighbours,
        pairs=tuple(pairs),
        pairs_of={k: tuple(v) for k, v in pairs_of.items()},
        cave_pairs=tuple(p for p in pairs if p[0] in caves or p[1] in caves),
        pair_index={p: i for i, p in enumerate(pairs)},
    )


def _check_valleys() -> None:
    """Every joinable board has 40 cells, 6 caves on distinct cells and 2 waterfalls."""
    for left in (f for pair in LEFT_BOARDS for f in pair):
        for right in (f for pair in RIGHT_BOARDS for f in pair):
            board = valley(left, right)
            if len(board.terrain) != 40 or len(board.cave_of_cell) != 6:
                raise ComponentError("valley_faces.json", f"{left}+{right}", "bad board")
            if len(board.spots) != SUPPLY.mountain_tokens:
                raise ComponentError("valley_faces.json", f"{left}+{right}", "token spots")


_check_valleys()

__all__ = [
    "CA",
    "CELLS",
    "CH",
    "CORNERS",
    "CU",
    "EA",
    "FACES",
    "FE",
    "FOREST",
    "FU",
    "LEFT_BOARDS",
    "PLAIN",
    "RI",
    "RIGHT_BOARDS",
    "SCENES",
    "SCENE_IDS",
    "STEAKS",
    "SUPPLY",
    "TILES",
    "BA",
    "Cave",
    "ComponentError",
    "Face",
    "Scene",
    "Supply",
    "Valley",
    "steak_food",
    "valley",
]
