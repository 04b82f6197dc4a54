"""A player's valley in play: where a tile may go, what it connects, where a bear may go.

Rulebook "Poser une tuile" (connected by a side, every touching scene identical, no
overlap, no bear, no Cueillette on a Plain), "Cavernes, Jetons Montagne" (the scene on
a cave matches its token), "Caverne de départ" and "Abandonner sa Tribu" (a tribe
starts on a cave), and Feu (bears). Rulings S3, S4, S6 and S8 of the package docstring.

A tile lies as ``[tile id, square of scene A, square of scene B, tribe]`` in the
player's ``laid`` list; ``Occupancy`` maps every covered square to the tile, its scene
and its tribe. Only the active tribe connects: tiles of an abandoned tribe block their
squares and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.sapiens.components import CU, PLAIN, TILES, Valley, valley

Placement = tuple[str, str]
"""Where a tile goes: the square of its scene A, then the square of its scene B."""

PLAY, EXTRA, START, NEW_TRIBE = "play", "extra", "start", "abandon"
"""Ways of laying a tile: the turn's tile, Festin's extra tile (no food, no effect), the
first tile on a cave matching its token, the first tile of a new tribe (any cave)."""


@dataclass(frozen=True)
class Square:
    tile: str
    scene: str
    tribe: int


Occupancy = dict[str, Square]


def occupancy(laid: Sequence[Sequence[Any]]) -> Occupancy:
    """Every covered square of a valley, from its ``laid`` list."""
    occ: Occupancy = {}
    for tile, at_a, at_b, tribe in laid:
        a, b = TILES[tile]
        occ[at_a] = Square(tile, a, tribe)
        occ[at_b] = Square(tile, b, tribe)
    return occ


def valley_of(player: Mapping[str, Any]) -> Valley:
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

    @classmethod
    def of(cls, player: Mapping[str, Any], *, plain_ok: bool = False) -> Ground:
        return cls(
            board=valley_of(player),
            occ=occupancy(player["laid"]),
            bears=frozenset(player["bears"]),
            tokens=player["spots"],
            tribe=player["tribe"],
            plain_ok=plain_ok,
        )

    def is_free(self, square: str) -> bool:
        return square not in self.occ and square not in self.bears

    def fits_ground(self, scene: str, square: str) -> bool:
        """No Cueillette on a Plain (unless the Cueillette token was played this turn)."""
        if scene != CU or self.plain_ok or self.board.is_cave(square):
            return True
        return self.board.terrain[square] != PLAIN

    def touching(self, scene: str, square: str, partner: str) -> tuple[bool, bool]:
        """(touches the active tribe, every touching active scene is ``scene``)."""
        if self.board.is_cave(square):
            return False, True  # S4: a cave touches only its own cell
        touches = False
        for other in self.board.neighbours[square]:
            if other == partner:
                continue
            sq = self.occ.get(other)
            if sq is None or sq.tribe != self.tribe:
                continue
            if sq.scene != scene:
                return touches, False
            touches = True
        return touches, True

    def check(self, tile: str, at: Placement, mode: str) -> str | None:
        """``None`` if ``tile`` may lie at ``at`` in ``mode``, else the reason's key."""
        scenes = TILES[tile]
        pair_caves = [s for s in at if self.board.is_cave(s)]
        for square in at:
            if square in self.occ:
                return "sapiens.why.overlap"
            if square in self.bears:
                return "sapiens.why.bear"
        for scene, square in zip(scenes, at, strict=True):
            if not self.fits_ground(scene, square):
                return "sapiens.why.plain"
        if mode in (START, NEW_TRIBE):
            if not pair_caves:
                return "sapiens.why.not_cave"
            cave = pair_caves[0]
            if mode == START:
                token = self.tokens.get(cave)
                if token is None or scenes[at.index(cave)] != token:
                    return "sapiens.why.token"
            return None
        if pair_caves:
            cave = pair_caves[0]
            token = self.tokens.get(cave)
            if token is not None and scenes[at.index(cave)] != token:
                return "sapiens.why.token"
        connected = False
        for scene, square, partner in ((scenes[0], at[0], at[1]), (scenes[1], at[1], at[0])):
            touches, same = self.touching(scene, square, partner)
            if not same:
                return "sapiens.why.different"
            connected = connected or touches
        return None if connected else "sapiens.why.unconnected"

    def placements(self, tile: str, mode: str) -> list[Placement]:
        """Every legal placement of ``tile`` (same order every time)."""
        out = []
        for at in self.board.pairs:
            if mode in (START, NEW_TRIBE) and not any(self.board.is_cave(s) for s in at):
                continue
            if self.check(tile, at, mode) is None:
                out.append(at)
        return out

    def can_lay(self, tile: str, mode: str) -> bool:
        return any(self.check(tile, at, mode) is None for at in self._candidates(mode))

    def _candidates(self, mode: str) -> Sequence[Placement]:
        if mode in (START, NEW_TRIBE):
            return [p for p in self.board.pairs if any(self.board.is_cave(s) for s in p)]
        return self.board.pairs

    def connected_scenes(self, tile: str, at: Placement) -> list[int]:
        """Which halves (0: scene A, 1: scene B) of a tile just laid at ``at`` touch the
        active tribe (computed before the tile joins the occupancy)."""
        scenes = TILES[tile]
        out = []
        for half, (scene, square, partner) in enumerate(
            ((scenes[0], at[0], at[1]), (scenes[1], at[1], at[0]))
        ):
            if self.touching(scene, square, partner)[0]:
                out.append(half)
        return out

    def cave_of(self, at: Placement) -> str | None:
        return next((s for s in at if self.board.is_cave(s)), None)

    # -- bears (S8) ---------------------------------------------------------------

    def bear_cells(self) -> list[str]:
        """Free valley cells touching at least one tile by a side (any tribe)."""
        return [
            cell
            for cell in self.board.terrain
            if self.is_free(cell) and self.bear_shelter(cell) > 0
        ]

    def bear_shelter(self, cell: str) -> int:
        """How many distinct tiles touch ``cell`` by a side."""
        tiles = {self.occ[n].tile for n in self.board.neighbours[cell] if n in self.occ}
        return len(tiles)

    # -- new tribes (S6) ----------------------------------------------------------

    def free_caves(self) -> list[str]:
        """Caves not covered whose valley cell holds no tile and no bear."""
        return [
            cave
            for cave, info in self.board.caves.items()
            if cave not in self.occ and self.is_free(info.cell)
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
    "occupancy",
    "valley_of",
]
