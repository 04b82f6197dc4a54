"""Origin's component data: load and validate ``data/*.json`` once, expose typed values.

The map, straits, tokens and tile levels are our PROPOSED design
(``docs/contributors/components/origin.md`` section 3); they live in the data files
only, so anyone who owns the box can replace them. Every problem found at load raises
``ComponentError`` naming the file and the entry. Public values: ``BOARD``, ``PAWNS``, ``TOKENS``,
``TILES``, ``RULES`` (loaded at import from the package's own ``data/`` folder).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.origin.pawns import PAWN_COLOURS, Pawn, parse_pawn, pawn_id

__all__ = [
    "BOARD",
    "PAWNS",
    "RULES",
    "TILES",
    "TOKENS",
    "Board",
    "ComponentError",
    "Continent",
    "Pawn",
    "PawnSet",
    "Rules",
    "Strait",
    "Territory",
    "Tile",
    "Tiles",
    "Token",
    "Tokens",
    "load_all",
    "load_board",
    "load_pawns",
    "load_rules",
    "load_tiles",
    "load_tokens",
    "parse_pawn",
    "read_json_object",
]

DATA_DIR = Path(__file__).parent / "data"
TERRITORY_COLOURS = ("neutral", "green", "yellow", "orange", "violet", "brown")
CARD_COLOURS = ("yellow", "orange", "violet")
HUNTING_RANGE = (4, 8)
STRAIT_RANGE = (3, 5)
TILE_LEVELS = (1, 2, 3, 4, 5)


class ComponentError(ValueError):
    """A data file is missing, unreadable or inconsistent; names the file and the entry."""

    folder = "rules/origin/data"
    """Where the data files of this kind of error live (named in the message)."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        super().__init__(f"{self.folder}/{file}: {entry}: {problem}")
        self.file = file
        self.entry = entry
        self.problem = problem


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Territory:
    """One territory of the map; ``neighbours`` are land borders only."""

    id: str
    continent: str
    colour: str
    neighbours: frozenset[str]

    @property
    def name_key(self) -> str:
        return f"origin.terr.{self.id}"


@dataclass(frozen=True)
class Strait:
    """A strait joins territories ``a`` and ``b`` and carries one Strait token."""

    id: str
    a: str
    b: str

    @property
    def name_key(self) -> str:
        return f"origin.strait.{self.id}"


@dataclass(frozen=True)
class Continent:
    """A land block cut off by straits (Oceania's two islands count as one)."""

    id: str
    territories: tuple[str, ...]

    @property
    def name_key(self) -> str:
        return f"origin.continent.{self.id}"


@dataclass(frozen=True)
class Board:
    """The world map with precomputed adjacency (land + straits) and distances."""

    origin: str
    territories: Mapping[str, Territory]
    straits: Mapping[str, Strait]
    continents: Mapping[str, Continent]
    order: tuple[str, ...]
    _adjacent: Mapping[str, frozenset[str]]
    _distance: Mapping[str, Mapping[str, int]]
    _straits_at: Mapping[str, tuple[str, ...]]
    _balls: Mapping[str, tuple[tuple[str, ...], ...]]

    def adjacent(self, territory: str) -> frozenset[str]:
        """Territories next to ``territory`` by land or by strait (ruling R1)."""
        return self._adjacent[territory]

    def distance(self, a: str, b: str) -> int:
        """Fewest steps from ``a`` to ``b`` (every territory may be crossed)."""
        return self._distance[a][b]

    def within(self, territory: str, steps: int) -> tuple[str, ...]:
        """Territories 1 to ``steps`` steps away, nearest first then by map order."""
        balls = self._balls[territory]
        return balls[min(steps, len(balls) - 1)] if steps > 0 else ()

    def straits_at(self, territory: str) -> tuple[str, ...]:
        """Ids of the straits with an end on ``territory``."""
        return self._straits_at[territory]

    def colour(self, territory: str) -> str:
        return self.territories[territory].colour

    def by_colour(self, colour: str) -> tuple[str, ...]:
        return tuple(t for t in self.order if self.territories[t].colour == colour)


@dataclass(frozen=True)
class PawnSet:
    """The 27 distinct pawns, the extra copies at 4 players and the neutral candidates."""

    pawns: Mapping[str, Pawn]
    order: tuple[str, ...]
    copy_size: int
    copies_at_four: int
    neutral_candidates: Mapping[str, str]

    def copies(self, pawn: str, players: int) -> int:
        """How many physical copies of ``pawn`` the box holds at ``players`` players."""
        if players >= 4 and self.pawns[pawn].size == self.copy_size:
            return self.copies_at_four
        return 1

    def pool(self, players: int) -> dict[str, int]:
        """Base id -> copies in play (27 pawns at 2-3 players, 36 at 4)."""
        return {p: self.copies(p, players) for p in self.order}

    def copy_ids(self, players: int) -> list[str]:
        """Every physical pawn id in play (copies as ``z2s1w#2``)."""
        out: list[str] = []
        for p in self.order:
            out.append(p)
            out += [f"{p}#{n}" for n in range(2, self.copies(p, players) + 1)]
        return out


@dataclass(frozen=True)
class Token:
    id: str
    value: int


@dataclass(frozen=True)
class Tokens:
    hunting: tuple[Token, ...]
    strait: tuple[Token, ...]
    values: Mapping[str, int]

    def value(self, token_id: str) -> int:
        return self.values[token_id]


@dataclass(frozen=True)
class Tile:
    id: str
    level: int


@dataclass(frozen=True)
class Tiles:
    tiles: tuple[Tile, ...]
    score: Mapping[str, Mapping[int, int]]
    levels: Mapping[str, int]

    def level(self, tile_id: str) -> int:
        return self.levels[tile_id]


@dataclass(frozen=True)
class JuniorRules:
    decks: Mapping[str, int]
    brown_tiles: int
    series_points: tuple[int, ...]
    colour_bonus: int
    colour_bonus_min_pawns: int


@dataclass(frozen=True)
class Rules:
    """The numbers of ``rules.json`` (variants are options: ``rules.origin.options``)."""

    villages_per_player: int
    hunting_tokens_on_board: int
    junior: JuniorRules


# --------------------------------------------------------------------------- reading


def read_json_object(
    directory: Path, file: str, error: type[ComponentError] = ComponentError
) -> dict[str, Any]:
    """The JSON object in ``directory/file``; ``error`` (``ComponentError`` or Classic's
    ``CardDataError``) is raised when it cannot be had."""
    try:
        raw = json.loads((directory / file).read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(file, "file", f"cannot be read ({exc.strerror})") from exc
    except ValueError as exc:
        raise error(file, "file", f"is not valid JSON ({exc})") from exc
    if not isinstance(raw, dict):
        raise error(file, "file", "must hold a JSON object")
    return raw


def _field(file: str, entry: str, obj: Any, name: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(obj, dict):
        raise ComponentError(file, entry, "must be an object")
    if name not in obj:
        raise ComponentError(file, entry, f"missing field {name!r}")
    value = obj[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ComponentError(file, entry, f"field {name!r} has the wrong type")
    return value


def _entries(file: str, raw: dict[str, Any], name: str) -> list[Any]:
    value: list[Any] = _field(file, "file", raw, name, list)
    if not value:
        raise ComponentError(file, name, "is empty")
    return value


def _unique(file: str, ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ComponentError(file, f"{what} {i}", "id used twice")
        seen.add(i)


# --------------------------------------------------------------------------- loaders


def load_board(directory: Path = DATA_DIR) -> Board:
    """Read ``board.json`` + ``straits.json``; check ids, colours, symmetry, connection."""
    file = "board.json"
    raw = read_json_object(directory, file)
    origin = _field(file, "file", raw, "origin", str)
    continent_ids = [
        _field(file, f"continent #{n}", c, "id", str)
        for n, c in enumerate(_entries(file, raw, "continents"))
    ]
    _unique(file, continent_ids, "continent")
    territories: dict[str, Territory] = {}
    for n, entry in enumerate(_entries(file, raw, "territories")):
        tid = _field(file, f"territory #{n}", entry, "id", str)
        where = f"territory {tid}"
        if tid in territories:
            raise ComponentError(file, where, "id used twice")
        continent = _field(file, where, entry, "continent", str)
        if continent not in continent_ids:
            raise ComponentError(file, where, f"unknown continent {continent!r}")
        colour = _field(file, where, entry, "colour", str)
        if colour not in TERRITORY_COLOURS:
            raise ComponentError(file, where, f"unknown colour {colour!r}")
        neighbours = _field(file, where, entry, "neighbours", list)
        if not all(isinstance(x, str) for x in neighbours) or len(set(neighbours)) != len(
            neighbours
        ):
            raise ComponentError(file, where, "neighbours must be distinct territory ids")
        territories[tid] = Territory(tid, continent, colour, frozenset(neighbours))
    for t in territories.values():
        for other in sorted(t.neighbours):
            if other == t.id:
                raise ComponentError(file, f"territory {t.id}", "is its own neighbour")
            if other not in territories:
                raise ComponentError(file, f"territory {t.id}", f"unknown neighbour {other!r}")
            if t.id not in territories[other].neighbours:
                raise ComponentError(
                    file, f"territory {t.id}", f"neighbour {other} does not list it back"
                )
    if origin not in territories:
        raise ComponentError(file, "origin", f"unknown territory {origin!r}")
    if territories[origin].colour != "neutral":
        raise ComponentError(file, "origin", "the Origin territory must be neutral")
    neutral = [t for t in territories.values() if t.colour == "neutral"]
    if len(neutral) != 1:
        raise ComponentError(file, "territories", "exactly one territory must be neutral")

    sfile = "straits.json"
    sraw = read_json_object(directory, sfile)
    straits: dict[str, Strait] = {}
    for n, entry in enumerate(_entries(sfile, sraw, "straits")):
        sid = _field(sfile, f"strait #{n}", entry, "id", str)
        where = f"strait {sid}"
        if sid in straits:
            raise ComponentError(sfile, where, "id used twice")
        a = _field(sfile, where, entry, "a", str)
        b = _field(sfile, where, entry, "b", str)
        for end in (a, b):
            if end not in territories:
                raise ComponentError(sfile, where, f"unknown territory {end!r}")
        if a == b or b in territories[a].neighbours:
            raise ComponentError(sfile, where, f"{a} and {b} must be distinct and not bordering")
        if any({s.a, s.b} == {a, b} for s in straits.values()):
            raise ComponentError(sfile, where, f"{a} and {b} are already joined by a strait")
        straits[sid] = Strait(sid, a, b)

    order = tuple(territories)
    adjacent = {t: set(territories[t].neighbours) for t in order}
    for s in straits.values():
        adjacent[s.a].add(s.b)
        adjacent[s.b].add(s.a)
    distance = {tid: _distances(tid, adjacent, order) for tid in order}
    for tid in order:
        if len(distance[tid]) != len(order):
            raise ComponentError(file, f"territory {tid}", "cannot reach the whole map")
    continents = {
        c: Continent(c, tuple(t for t in order if territories[t].continent == c))
        for c in continent_ids
    }
    for c in continents.values():
        if not c.territories:
            raise ComponentError(file, f"continent {c.id}", "has no territory")
    for t in territories.values():
        for other in sorted(t.neighbours):
            if territories[other].continent != t.continent:
                raise ComponentError(
                    file, f"territory {t.id}", f"land border with {other} crosses continents"
                )
    return Board(
        origin=origin,
        territories=territories,
        straits=straits,
        continents=continents,
        order=order,
        _adjacent={t: frozenset(v) for t, v in adjacent.items()},
        _distance=distance,
        _straits_at={t: tuple(s.id for s in straits.values() if t in (s.a, s.b)) for t in order},
        _balls={tid: _balls(distance[tid]) for tid in order},
    )


def _balls(distance: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """``out[k]``: the territories 1 to ``k`` steps away (``out[0]`` is empty)."""
    radius = max(distance.values())
    return tuple(tuple(t for t, d in distance.items() if 0 < d <= k) for k in range(radius + 1))


def _distances(start: str, graph: Mapping[str, set[str]], order: tuple[str, ...]) -> dict[str, int]:
    """Breadth-first distances from ``start``, keyed nearest first then map order."""
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for t in frontier:
            for n in graph[t]:
                if n not in dist:
                    dist[n] = dist[t] + 1
                    nxt.append(n)
        frontier = nxt
    rank = {t: i for i, t in enumerate(order)}
    return dict(sorted(dist.items(), key=lambda item: (item[1], rank[item[0]])))


def load_pawns(directory: Path = DATA_DIR) -> PawnSet:
    """Read ``pawns.json``: the features, the 4-player copies and the neutral candidates."""
    file = "pawns.json"
    raw = read_json_object(directory, file)
    sizes = _field(file, "file", raw, "sizes", list)
    strengths = _field(file, "file", raw, "strengths", list)
    colours = _field(file, "file", raw, "colours", list)
    if sizes != [1, 2, 3] or strengths != [1, 2, 3]:
        raise ComponentError(file, "sizes/strengths", "must be [1, 2, 3]")
    if sorted(colours) != sorted(PAWN_COLOURS):
        raise ComponentError(file, "colours", f"must be {list(PAWN_COLOURS)}")
    copies = _field(file, "file", raw, "four_player_copies", dict)
    copy_size = _field(file, "four_player_copies", copies, "size", int)
    n_copies = _field(file, "four_player_copies", copies, "copies", int)
    if copy_size not in sizes or not 1 <= n_copies <= 9:
        raise ComponentError(file, "four_player_copies", "size 1-3 and copies 1-9 expected")
    pawns = {
        pawn_id(z, s, c): parse_pawn(pawn_id(z, s, c))
        for z in sizes
        for s in strengths
        for c in colours
    }
    neutral = _field(file, "file", raw, "neutral_candidates", dict)
    for name, pid in neutral.items():
        if pid not in pawns or pawns[pid].size != 1 or pawns[pid].strength != 1:
            raise ComponentError(file, f"neutral_candidates {name}", "must be a small weak pawn")
    if not neutral:
        raise ComponentError(file, "neutral_candidates", "is empty")
    return PawnSet(pawns, tuple(pawns), copy_size, n_copies, dict(neutral))


def _tokens(
    file: str, raw: dict[str, Any], name: str, bounds: tuple[int, int]
) -> tuple[Token, ...]:
    out: list[Token] = []
    for n, entry in enumerate(_entries(file, raw, name)):
        tid = _field(file, f"{name} token #{n}", entry, "id", str)
        value = _field(file, f"{name} token {tid}", entry, "value", int)
        if not bounds[0] <= value <= bounds[1]:
            raise ComponentError(
                file, f"{name} token {tid}", f"value {value} not in {bounds[0]}-{bounds[1]}"
            )
        out.append(Token(tid, value))
    _unique(file, [t.id for t in out], f"{name} token")
    return tuple(out)


def load_tokens(directory: Path = DATA_DIR) -> Tokens:
    """Read ``tokens.json``: Hunting values 4-8 and Strait values 3-5 (rulebook ranges)."""
    file = "tokens.json"
    raw = read_json_object(directory, file)
    hunting = _tokens(file, raw, "hunting", HUNTING_RANGE)
    strait = _tokens(file, raw, "strait", STRAIT_RANGE)
    _unique(file, [t.id for t in hunting + strait], "token")
    return Tokens(hunting, strait, {t.id: t.value for t in hunting + strait})


def load_tiles(directory: Path = DATA_DIR) -> Tiles:
    """Read ``tiles.json``: tile levels 1-5 and the score of each level per rule set."""
    file = "tiles.json"
    raw = read_json_object(directory, file)
    tiles: list[Tile] = []
    for n, entry in enumerate(_entries(file, raw, "tiles")):
        tid = _field(file, f"tile #{n}", entry, "id", str)
        level = _field(file, f"tile {tid}", entry, "level", int)
        if level not in TILE_LEVELS:
            raise ComponentError(file, f"tile {tid}", f"level {level} not in 1-5")
        tiles.append(Tile(tid, level))
    _unique(file, [t.id for t in tiles], "tile")
    score_raw = _field(file, "file", raw, "score", dict)
    score: dict[str, dict[int, int]] = {}
    for rule_set in ("classic", "junior"):
        table = _field(file, "score", score_raw, rule_set, dict)
        if sorted(table) != [str(v) for v in TILE_LEVELS]:
            raise ComponentError(file, f"score {rule_set}", "must give levels 1 to 5")
        score[rule_set] = {int(k): _field(file, f"score {rule_set}", table, k, int) for k in table}
    return Tiles(tuple(tiles), score, {t.id: t.level for t in tiles})


def load_rules(directory: Path = DATA_DIR) -> Rules:
    """Read ``rules.json``: switch values are checked against their allowed values."""
    file = "rules.json"
    raw = read_json_object(directory, file)
    villages = _field(file, "file", raw, "villages_per_player", int)
    hunting = _field(file, "file", raw, "hunting_tokens_on_board", int)
    if villages < 1 or hunting < 0:
        raise ComponentError(file, "villages_per_player", "must be positive")
    j = _field(file, "file", raw, "junior", dict)
    decks = _field(file, "junior", j, "decks", dict)
    if sorted(decks) != sorted(CARD_COLOURS) or not all(
        isinstance(v, int) and v > 0 for v in decks.values()
    ):
        raise ComponentError(file, "junior decks", "needs yellow, orange, violet counts > 0")
    series = _field(file, "junior", j, "series_points", list)
    if len(series) < 2 or series[0] != 0 or not all(isinstance(x, int) for x in series):
        raise ComponentError(file, "junior series_points", "must start with 0 (no card)")
    junior = JuniorRules(
        decks={c: decks[c] for c in CARD_COLOURS},
        brown_tiles=_field(file, "junior", j, "brown_tiles", int),
        series_points=tuple(series),
        colour_bonus=_field(file, "junior", j, "colour_bonus", int),
        colour_bonus_min_pawns=_field(file, "junior", j, "colour_bonus_min_pawns", int),
    )
    return Rules(
        villages_per_player=villages,
        hunting_tokens_on_board=hunting,
        junior=junior,
    )


def load_all(
    directory: Path = DATA_DIR,
) -> tuple[Board, PawnSet, Tokens, Tiles, Rules]:
    """Load every file and check them against each other (token counts vs the map)."""
    board, pawns = load_board(directory), load_pawns(directory)
    tokens, tiles, rules = load_tokens(directory), load_tiles(directory), load_rules(directory)
    if len(tokens.strait) != len(board.straits):
        raise ComponentError(
            "tokens.json", "strait", f"{len(board.straits)} tokens needed, one per strait"
        )
    greens = len(board.by_colour("green"))
    if rules.hunting_tokens_on_board != greens or len(tokens.hunting) < greens:
        raise ComponentError(
            "tokens.json", "hunting", f"one token per green territory ({greens}) needed"
        )
    if board.origin in board.by_colour("green"):
        raise ComponentError("board.json", "origin", "cannot be green")
    return board, pawns, tokens, tiles, rules


BOARD, PAWNS, TOKENS, TILES, RULES = load_all()
