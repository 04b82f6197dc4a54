"""A player's valley in play: where a tile may go, what it connects, where a bear may go.

Rulebook "Poser une tuile" (connected by a side, every touching scene identical, no
overlap, no bear, no Cueillette on a Plain), "Cavernes, Jetons Montagne" (the scene on
a cave matches its token), "Caverne de départ" and "Abandonner sa Tribu" (a tribe
starts on a cave), and Feu (bears). Rulings S3, S4, S6 and S8 of the package docstring.

A tile lies as ``"<tile id> <square of scene A> <square of scene B> <tribe>"`` in the
player's ``laid`` list (one string: states are copied at every move); ``Occupancy``
maps every covered square to the tile, its scene and its tribe. Only the active tribe
connects, and it never touches an abandoned tribe: no tile of the active tribe, and no
new tribe's first tile, may lie beside an abandoned tile (option ``abandoned_apart``,
rules version 3; without it, as in versions 1 and 2, abandoned tiles only block their
squares).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from rules.sapiens.components import CU, PLAIN, TILES, Valley, valley
from rules.sapiens.state import PlayerData

Placement = tuple[str, str]
"""Where a tile goes: the square of its scene A, then the square of its scene B."""

PLAY: Final = "play"
EXTRA: Final = "extra"
START: Final = "start"
NEW_TRIBE: Final = "abandon"
"""Ways of laying a tile: the turn's tile, Festin's extra tile (no food, no effect), the
first tile on a cave matching its token, the first tile of a new tribe (any cave)."""


@dataclass(frozen=True)
class Square:
    tile: str
    scene: str
    tribe: int


Occupancy = dict[str, Square]
GroundKey = tuple[
    tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, str], ...], int, bool, bool
]
"""What a ground is made of: faces, laid, bears, tokens, tribe, ``plain_ok``, ``apart``."""
_GROUNDS: dict[GroundKey, Ground] = {}
_MEMO_SIZE = 512


def laid_entry(tile: str, at: Placement, tribe: int) -> str:
    return f"{tile} {at[0]} {at[1]} {tribe}"


def read_laid(entry: str) -> tuple[str, str, str, int]:
    """``(tile, square of scene A, square of scene B, tribe)`` of a ``laid`` entry."""
    tile, at_a, at_b, tribe = entry.split()
    return tile, at_a, at_b, int(tribe)


def occupancy(laid: Sequence[str]) -> Occupancy:
    """Every covered square of a valley, from its ``laid`` list."""
    occ: Occupancy = {}
    for entry in laid:
        tile, at_a, at_b, tribe = read_laid(entry)
        a, b = TILES[tile]
        occ[at_a] = Square(tile, a, tribe)
        occ[at_b] = Square(tile, b, tribe)
    return occ


def valley_of(player: PlayerData) -> Valley:
    left, right = player["faces"]
    return valley(left, right)


@dataclass(frozen=True)
class Ground:
    """What placement needs to know of one valley at one moment."""

    board: Valley
    occ: Occupancy
    bears: frozenset[str]
    tokens: Mapping[str, str]
    tribe: int
    plain_ok: bool
    apart: bool = True
    """An active tribe never touches an abandoned one (option ``abandoned_apart``)."""
    memo: dict[tuple[tuple[str, str], str], bool] = field(default_factory=dict, compare=False)
    """Whether a kind of tile can be laid in a mode (tiles with the same scenes in the
    same order behave alike)."""
    bears_memo: dict[bool, list[str]] = field(default_factory=dict, compare=False)
    """The squares a bear may take (with caves or not)."""

    @classmethod
    def of(cls, player: PlayerData, *, plain_ok: bool = False, apart: bool = True) -> Ground:
        """The ground of a player's valley now (memoised: several steps of one move ask
        for the same valley; the key holds everything the ground is made of)."""
        key: GroundKey = (
            tuple(player["faces"]),
            tuple(player["laid"]),
            tuple(player["bears"]),
            tuple(player["spots"].items()),
            player["tribe"],
            plain_ok,
            apart,
        )
        found = _GROUNDS.get(key)
        if found is None:
            if len(_GROUNDS) >= _MEMO_SIZE:
                _GROUNDS.clear()
            found = cls(
                board=valley_of(player),
                occ=occupancy(player["laid"]),
                bears=frozenset(player["bears"]),
                tokens=dict(player["spots"]),
                tribe=player["tribe"],
                plain_ok=plain_ok,
                apart=apart,
            )
            _GROUNDS[key] = found
        return found

    def is_free(self, square: str) -> bool:
        return square not in self.occ and square not in self.bears

    def fits_ground(self, scene: str, square: str) -> bool:
        """No Cueillette on a Plain (unless the Cueillette token was played this turn)."""
        if scene != CU or self.plain_ok or self.board.is_cave(square):
            return True
        return self.board.terrain[square] != PLAIN

    @cached_property
    def active_scenes(self) -> dict[str, frozenset[str]]:
        """For each free valley cell touching the active tribe by a side, the scenes of
        the active tiles touching it (a cave touches only its own cell: S4)."""
        found: dict[str, set[str]] = {}
        neighbours = self.board.neighbours
        for square, sq in self.occ.items():
            if sq.tribe != self.tribe or square in self.board.caves:
                continue
            for other in neighbours[square]:
                if other not in self.occ and other not in self.bears:
                    found.setdefault(other, set()).add(sq.scene)
        return {cell: frozenset(scenes) for cell, scenes in found.items()}

    @cached_property
    def beside_tiles(self) -> frozenset[str]:
        """Free valley cells touching any tile by a side: where a new tribe's first
        tile may not go (every tile laid is then of an abandoned tribe); none without
        ``apart``."""
        return frozenset(self._beside(lambda tribe: True)) if self.apart else frozenset()

    @cached_property
    def beside_abandoned(self) -> frozenset[str]:
        """Free valley cells touching a tile of an abandoned tribe by a side, where no
        tile of the active tribe may go (a cave touches only its own cell, which the
        same tile covers: never one of these); none without ``apart``."""
        if not self.apart:
            return frozenset()
        return frozenset(self._beside(lambda tribe: tribe != self.tribe))

    def _beside(self, counts: Callable[[int], bool]) -> set[str]:
        found: set[str] = set()
        neighbours = self.board.neighbours
        for square, sq in self.occ.items():
            if square in self.board.caves or not counts(sq.tribe):
                continue
            found.update(n for n in neighbours[square] if n not in self.occ)
        return found

    def touches_abandoned(self, squares: Sequence[str], mode: str) -> bool:
        """Whether a tile covering ``squares`` would touch an abandoned tribe: for a
        new tribe's first tile every tile already laid is of an abandoned tribe."""
        near = self.beside_tiles if mode == NEW_TRIBE else self.beside_abandoned
        return any(square in near for square in squares)

    def touching(self, scene: str, square: str) -> tuple[bool, bool]:
        """(touches the active tribe, every touching active scene is ``scene``) for a
        free square (the other half of the same tile is free, so it never counts)."""
        around = self.active_scenes.get(square)
        if not around:
            return False, True
        return True, around == {scene}

    def check(self, tile: str, at: Placement, mode: str) -> str | None:
        """``None`` if ``tile`` may lie at ``at`` in ``mode``, else the reason's key."""
        scenes = TILES[tile]
        caves = self.board.caves
        occ = self.occ
        for square in at:
            if square in occ:
                return "sapiens.why.overlap"
            if square in self.bears:
                return "sapiens.why.bear"
        if CU in scenes and not self.plain_ok:
            square = at[scenes.index(CU)]
            if square not in caves and self.board.terrain[square] == PLAIN:
                return "sapiens.why.plain"
        cave = at[0] if at[0] in caves else at[1] if at[1] in caves else None
        if mode in (START, NEW_TRIBE):
            if cave is None:
                return "sapiens.why.not_cave"
            if mode == START:
                token = self.tokens.get(cave)
                if token is None or scenes[at.index(cave)] != token:
                    return "sapiens.why.token"
            elif self.touches_abandoned(at, mode):
                return "sapiens.why.abandoned_cave"
            return None
        if cave is not None:
            token = self.tokens.get(cave)
            if token is not None and scenes[at.index(cave)] != token:
                return "sapiens.why.token"
        near = self.beside_abandoned
        if near and (at[0] in near or at[1] in near):
            return "sapiens.why.abandoned"
        active = self.active_scenes
        around_a = active.get(at[0])
        around_b = active.get(at[1])
        if (around_a and around_a != {scenes[0]}) or (around_b and around_b != {scenes[1]}):
            return "sapiens.why.different"
        return None if around_a or around_b else "sapiens.why.unconnected"

    def placements(self, tile: str, mode: str) -> list[Placement]:
        """Every legal placement of ``tile`` (same order every time)."""
        found = [at for at in self.candidates(mode) if self.check(tile, at, mode) is None]
        return sorted(found, key=self.board.pair_index.__getitem__)

    def can_lay(self, tile: str, mode: str) -> bool:
        key = (TILES[tile], mode)
        known = self.memo.get(key)
        if known is None:
            if mode in (PLAY, EXTRA) and not self.joinable.intersection(TILES[tile]):
                known = False
            else:
                known = any(self.check(tile, at, mode) is None for at in self.candidates(mode))
            self.memo[key] = known
        return known

    @cached_property
    def joinable(self) -> frozenset[str]:
        """The scenes a tile half may show to join the active tribe somewhere."""
        return frozenset(
            s for around in self.active_scenes.values() if len(around) == 1 for s in around
        )

    def candidates(self, mode: str) -> Sequence[Placement]:
        """The pairs worth checking: on a cave for a first tile, else touching the
        active tribe (a connected tile has a half on a free cell beside it)."""
        if mode in (START, NEW_TRIBE):
            return self.board.cave_pairs
        return self.frontier_pairs

    @cached_property
    def frontier_pairs(self) -> tuple[Placement, ...]:
        frontier = self.active_scenes
        if not frontier:
            return ()
        seen: dict[Placement, None] = {}
        for cell in sorted(frontier):
            for pair in self.board.pairs_of[cell]:
                seen.setdefault(pair, None)
        return tuple(seen)

    def connected_scenes(self, tile: str, at: Placement) -> list[int]:
        """Which halves (0: scene A, 1: scene B) of a tile just laid at ``at`` touch the
        active tribe (computed before the tile joins the occupancy)."""
        scenes = TILES[tile]
        out = []
        for half, (scene, square) in enumerate(zip(scenes, at, strict=True)):
            if self.touching(scene, square)[0]:
                out.append(half)
        return out

    def cave_of(self, at: Placement) -> str | None:
        return next((s for s in at if self.board.is_cave(s)), None)

    # -- bears (S8) ---------------------------------------------------------------

    def bear_cells(self, *, on_caves: bool = False) -> list[str]:
        """Free squares where a bear may go: valley cells touching a tile by a side (any
        tribe); with ``on_caves`` (option ``bear_on_cave``) also free caves whose own
        cell holds a tile."""
        found = self.bears_memo.get(on_caves)
        if found is None:
            found = [c for c in self.board.terrain if self.is_free(c) and self._touches_tile(c)]
            if on_caves:
                found += [
                    cave
                    for cave, info in self.board.caves.items()
                    if self.is_free(cave) and info.cell in self.occ
                ]
            self.bears_memo[on_caves] = found
        return list(found)

    def _touches_tile(self, cell: str) -> bool:
        return any(n in self.occ for n in self.board.neighbours[cell])

    def bear_shelter(self, square: str, *, counts_abandoned: bool = True) -> int:
        """How many distinct tiles touch ``square`` by a side (S8; without
        ``counts_abandoned``, only the active tribe's)."""
        cave = self.board.caves.get(square)
        around = (cave.cell,) if cave is not None else self.board.neighbours[square]
        tiles = {
            self.occ[n].tile
            for n in around
            if n in self.occ and (counts_abandoned or self.occ[n].tribe == self.tribe)
        }
        return len(tiles)

    # -- new tribes (S6) ----------------------------------------------------------

    def free_caves(self) -> list[str]:
        """Caves not covered whose valley cell holds no tile and no bear."""
        return [
            cave
            for cave, info in self.board.caves.items()
            if self.is_free(cave) and self.is_free(info.cell)
        ]


__all__ = [
    "EXTRA",
    "NEW_TRIBE",
    "PLAY",
    "START",
    "Ground",
    "Occupancy",
    "Placement",
    "Square",
    "laid_entry",
    "occupancy",
    "read_laid",
    "valley_of",
]
