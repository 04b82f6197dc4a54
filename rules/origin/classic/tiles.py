"""Innovation tiles in Classic: a player's stacks, the reward board and the reserve.

Rulebook "Tuiles Innovation - restrictions": a new tile goes face up on one of the
player's free tiles of exactly one level lower; level 1 is always allowed and starts a
new stack; otherwise the tile cannot be taken. A free tile is the top of a stack
(ruling R7), so a stack always reads 1, 2, 3, ... from the bottom. "Récompenses": a
tile taken from the board is replaced at once by a random reserve tile while the
reserve lasts. Our ruling: an empty slot is filled whenever the reserve holds a tile
(tiles can come back to the reserve through PLUNDER and RENEWAL).
"""

from __future__ import annotations

from rules.base import State
from rules.kit import decks
from rules.origin.classic import classic_data as cd
from rules.origin.classic.cards import COLUMNS, REWARD_BOARD
from rules.origin.classic.classic_data import ClassicData
from rules.origin.components import TILES

Stacks = list[list[str]]


def level(tile: str) -> int:
    return TILES.level(tile)


def can_place(stacks: Stacks, tile_level: int) -> bool:
    """Whether a tile of ``tile_level`` may be placed on these stacks."""
    return tile_level == 1 or any(level(s[-1]) == tile_level - 1 for s in stacks)


def place(stacks: Stacks, tile: str) -> None:
    """Put ``tile`` on the first stack topped one level lower (level 1: a new stack).

    Stacks with the same top are identical in levels, so the choice never matters.
    Raises ``ValueError`` if the tile cannot be placed.
    """
    lv = level(tile)
    if lv == 1:
        stacks.append([tile])
        return
    for stack in stacks:
        if level(stack[-1]) == lv - 1:
            stack.append(tile)
            return
    raise ValueError(f"tile {tile} (level {lv}) has no free tile of level {lv - 1}")


def owned(stacks: Stacks) -> list[str]:
    """Every tile of the stacks, bottom to top, stack by stack."""
    return [t for s in stacks for t in s]


def owned_levels(stacks: Stacks) -> set[int]:
    return {level(t) for s in stacks for t in s}


def free_tiles(stacks: Stacks) -> list[str]:
    """The top tile of each stack (the only ones a card may take away)."""
    return [s[-1] for s in stacks if s]


def remove_top(stacks: Stacks, tile: str) -> None:
    """Take the free tile ``tile`` away (an emptied stack disappears)."""
    for i, stack in enumerate(stacks):
        if stack and stack[-1] == tile:
            stack.pop()
            if not stack:
                del stacks[i]
            return
    raise ValueError(f"{tile} is not a free tile")


# --------------------------------------------------------------------------- reward board


def empty_board() -> dict[str, list[str | None]]:
    return {c: [None] * REWARD_BOARD.slots[c] for c in COLUMNS}


def deal_board(state: State) -> tuple[dict[str, list[str | None]], list[str]]:
    """Set-up: 15 random tiles face up, dealt again while fewer than 3 are level 1;
    returns the reward board and the reserve (every other tile)."""
    tiles = [t.id for t in TILES.tiles]
    slots = sum(REWARD_BOARD.slots.values())
    while True:
        decks.shuffle(state, tiles)
        face_up = tiles[:slots]
        if sum(1 for t in face_up if level(t) == 1) >= REWARD_BOARD.min_level1_at_setup:
            break
    board = empty_board()
    i = 0
    for column in COLUMNS:
        for slot in range(len(board[column])):
            board[column][slot] = face_up[i]
            i += 1
    return board, tiles[slots:]


def board_tiles(data: ClassicData, columns: list[str] | tuple[str, ...]) -> list[str]:
    """The face-up tiles of ``columns``, column by column, slot by slot."""
    return [t for c in columns for t in data["board"][c] if t is not None]


def column_of(data: ClassicData, tile: str) -> str | None:
    for column in COLUMNS:
        if tile in data["board"][column]:
            return column
    return None


def fill_slots(data: ClassicData, first: str | None = None) -> None:
    """Fill empty slots from the reserve (kept shuffled: the top is a random tile)."""
    order = [first] if first else []
    order += [c for c in COLUMNS if c != first]
    for column in order:
        decks.refill(data["board"][column], data["reserve"])


def take_from_board(data: ClassicData, tile: str) -> str:
    """Remove ``tile`` from its slot, refill from the reserve; return its column."""
    column = column_of(data, tile)
    if column is None:
        raise ValueError(f"{tile} is not on the reward board")
    slots = data["board"][column]
    slots[slots.index(tile)] = None
    fill_slots(data, column)
    return column


def return_to_reserve(state: State, tiles: list[str], first: str | None = None) -> None:
    """Shuffle ``tiles`` into the reserve, then fill empty slots (``first`` column first)."""
    data = cd.data(state)
    data["reserve"].extend(tiles)
    decks.shuffle(state, data["reserve"])
    fill_slots(data, first)


def renew_column(state: State, column: str) -> None:
    """RENEWAL: set the column aside, refill it, shuffle the set-aside tiles into the
    reserve, refill again if the column is still short."""
    data = cd.data(state)
    slots = data["board"][column]
    aside = [t for t in slots if t is not None]
    data["board"][column] = [None] * len(slots)
    fill_slots(data, column)
    return_to_reserve(state, aside, column)


def board_is_empty(data: ClassicData) -> bool:
    return not any(t is not None for c in COLUMNS for t in data["board"][c])


__all__ = [
    "board_is_empty",
    "board_tiles",
    "can_place",
    "column_of",
    "deal_board",
    "empty_board",
    "fill_slots",
    "free_tiles",
    "level",
    "owned",
    "owned_levels",
    "place",
    "remove_top",
    "renew_column",
    "return_to_reserve",
    "take_from_board",
]
