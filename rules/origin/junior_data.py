"""The layout of an Origin Junior ``state.data`` and read accessors over it.

``State.copy`` deep-copies ``state.data`` on every move, so the layout stores each fact
once, in flat lists and small dicts of strings and ints; everything derivable (owners
by territory, tokens still on the board, the tile stack, villages left) is derived here.

Keys (``JuniorData``, form 2 of the layout; ``data(state)`` reads it typed):

- ``players``; the kit's turn keys (``rules.kit.turns``: ``first``, ``turn``, ``round``,
  ``passes``, ``ending``, which Junior never uses: a deck emptied ends the game at once);
  the kit's end key ``over`` (``rules.kit.end``: ``None``, ``"deck"`` or ``"blocked"``);
  the kit's decision stack ``frames`` (``rules.kit.stack``: at most one ``JuniorFrame``,
  the action chosen and its territory, until the second step completes it);
- ``pawn_at``: territory -> base pawn id (occupied territories only, neutral included);
- ``villages_at``: per player, the territories holding that player's villages (each
  with the player's pawn on it); the neutral pawn on the Origin has no village;
- ``supply``: base pawn id -> copies left (no zero entries);
- ``decks``: cards left in the yellow, orange and violet decks; ``cards``: per player,
  cards taken of each of those colours;
- ``tiles_of``: per player, Innovation tile ids taken (the face-down stack is every
  other tile);
- ``hunting``: the Hunting token laid on each green territory (``GREENS`` order) at
  setup; ``hunting_of``: per player, token ids won. A laid token not won is still on
  its territory; the sixth token is out of the game;
- ``straits``: the Strait token laid on each strait (``BOARD.straits`` order);
  ``straits_of``: per player, token ids won;
- ``last``: the last completed move for the view (``JuniorLast``; format in
  docs/contributors/origin-view.md).

Form 1 (before the kit's parts) spelt the end ``over`` (a bool) and ``end`` (the
reason), kept the pending decision as ``pending`` (``None`` or ``[action, territory]``)
and had no ``ending``; a stored snapshot in form 1 is remade from the log.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from rules.base import Seat, State
from rules.kit.end import EndData
from rules.kit.stack import Frame, Stack, StackData
from rules.kit.turns import TurnData
from rules.origin.components import BOARD, RULES, TILES, TOKENS
from rules.origin.movement import NEUTRAL as NEUTRAL

GREENS = BOARD.by_colour("green")
STRAITS = tuple(BOARD.straits)
ALL_TILES = tuple(t.id for t in TILES.tiles)
ALL_HUNTING = tuple(t.id for t in TOKENS.hunting)

Action = Literal["evolve", "migrate", "swap"]
"""The three actions of a turn (a ``pass`` is no action)."""


class JuniorFrame(Frame):
    """The first step of a turn, waiting for its second: the action and its territory
    (the empty one to Evolve into, or the player's pawn to Migrate or Swap)."""

    kind: Action  # type: ignore[misc]  # narrows the kit's ``kind: str``
    at: str


class Gains(TypedDict):
    """What the mover gained: cards by colour, tiles drawn, Hunting tokens (by green
    territory) and Strait tokens (by strait)."""

    cards: dict[str, int]
    tiles: int
    hunting: list[str]
    straits: list[str]


class Swapped(TypedDict):
    """The pawn a Swap displaced: its id, owner, where it went, and the tokens its owner
    won there."""

    pawn: str
    owner: Seat
    to: str
    hunting: list[str]
    straits: list[str]


JuniorLast = TypedDict(
    "JuniorLast",
    {
        "seat": Seat,
        "action": str,
        "pawn": str | None,
        "from": str | None,
        "to": str | None,
        "swapped": Swapped | None,
        "gains": Gains,
    },
)
"""The last completed move (``action`` is an ``Action`` or ``"pass"``)."""


class JuniorData(TurnData, EndData, StackData[JuniorFrame]):
    """``state.data`` of Origin Junior (the keys are described in the module's text)."""

    players: int
    pawn_at: dict[str, str]
    villages_at: list[list[str]]
    supply: dict[str, int]
    decks: list[int]
    cards: list[list[int]]
    tiles_of: list[list[str]]
    hunting: list[str]
    hunting_of: list[list[str]]
    straits: list[str]
    straits_of: list[list[str]]
    last: JuniorLast | None


Data = JuniorData


def data(state: State) -> JuniorData:
    """``state.data`` of an Origin Junior game, typed."""
    return cast(JuniorData, state.data)


def stack(data: JuniorData) -> Stack[JuniorFrame]:
    """The decision stack (at most one frame: the first step of the turn)."""
    return Stack[JuniorFrame](data)


def pending(data: JuniorData) -> JuniorFrame | None:
    """The first step waiting for its second, or ``None``."""
    frames = data["frames"]
    return frames[-1] if frames else None


def owner_at(data: Data) -> dict[str, int]:
    """Territory -> owner index (``NEUTRAL`` for the start pawn), occupied ones only."""
    owners = {t: i for i, terrs in enumerate(data["villages_at"]) for t in terrs}
    for t in data["pawn_at"]:
        owners.setdefault(t, NEUTRAL)
    return owners


def villages_left(data: Data, player: int) -> int:
    return RULES.villages_per_player - len(data["villages_at"][player])


def _won(owned: list[list[str]]) -> set[str]:
    return {tok for tokens in owned for tok in tokens}


def hunting_on_board(data: Data) -> dict[str, str]:
    """Green territory -> the face-down Hunting token still lying there."""
    won = _won(data["hunting_of"])
    return {t: tok for t, tok in zip(GREENS, data["hunting"], strict=True) if tok not in won}


def straits_on_board(data: Data) -> dict[str, str]:
    """Strait id -> the face-down Strait token still lying on it."""
    won = _won(data["straits_of"])
    return {s: tok for s, tok in zip(STRAITS, data["straits"], strict=True) if tok not in won}


def hunting_won(data: Data, player: int) -> list[tuple[str, str]]:
    """``(token, green territory)`` of the Hunting tokens ``player`` won, in order."""
    where = dict(zip(data["hunting"], GREENS, strict=True))
    return [(tok, where[tok]) for tok in data["hunting_of"][player]]


def straits_won(data: Data, player: int) -> list[tuple[str, str]]:
    """``(token, strait)`` of the Strait tokens ``player`` won, in order."""
    where = dict(zip(data["straits"], STRAITS, strict=True))
    return [(tok, where[tok]) for tok in data["straits_of"][player]]


def tile_stack(data: Data) -> list[str]:
    """The face-down tiles still in the stack (sorted: draws pick one at random)."""
    taken = {t for tiles in data["tiles_of"] for t in tiles}
    return [t for t in ALL_TILES if t not in taken]


def unused_hunting(data: Data) -> list[str]:
    """The Hunting token(s) left out of the game at setup."""
    return [t for t in ALL_HUNTING if t not in data["hunting"]]
