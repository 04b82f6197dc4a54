"""The layout of an Origin Classic ``state.data``, typed (``ClassicData``, form 2).

Read it with ``data(state)``, the one place that says what ``state.data`` is, and the
decision stack with ``frames.stack(data)`` (a ``Stack[ClassicFrame]``).

Keys: ``players``; the kit's turn keys (``rules.kit.turns``: ``first``, ``turn``,
``round``, ``passes``, and ``ending``, the final round under way); the kit's end key
``over`` (``rules.kit.end``: ``None`` while the game runs, then ``"deck"``,
``"board"``, ``"supply"``, ``"villages"`` or ``"blocked"``); the kit's decision stack
``frames`` (``ClassicFrame``: one TypedDict per kind); ``phase`` (``"choose"`` while
the seats keep an Objective at set-up, then ``"play"``); the map (``pawn_at``,
``owner_at``: territory -> pawn id / owner index, ``NEUTRAL`` for the start pawn;
``supply``; ``villages``: villages left per player); the cards (``decks``, ``dealt``,
``discard``, ``hands``, ``permanents``, ``objectives_done``; ``deck_emptied``: a draw
took the last card of a deck, for R10 read ``at_once``); the tiles (``board``: column
-> slots, ``None`` for an empty slot; ``reserve``; ``stacks``: per player, their
Innovation stacks); the tokens (``hunting``: green territory -> token still there,
``hunting_unused``; ``straits``: strait -> token still there; ``hunting_of`` and
``straits_of``: per player, ``[token, place]`` pairs won); the turn under way
(``acted``: the action is done; ``played``: cards played by deck; ``played_now``: card
ids); ``last``: the last completed move (``ClassicLast``).

Form 1 spelt the end ``over`` (a bool) and ``end`` (the reason), and wrote
``deck_emptied`` only once a deck emptied; a stored snapshot in form 1 is remade from
the log.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from rules.base import Seat, State
from rules.kit.end import EndData
from rules.kit.stack import Frame, StackData
from rules.kit.turns import TurnData


class ActFrame(Frame):
    """Finish the action (``pawn:`` or ``to:``): its mode (``evolve``, ``migrate``,
    ``swap`` or a card's ``adapt``, ``exodus``, ``ambush``), territory, and card."""

    kind: Literal["act"]  # type: ignore[misc]  # narrows the kit's ``kind: str``
    mode: str
    at: str
    card: str | None


class ExtraFrame(Frame):
    """An Action card that gives an action: choose where it starts."""

    kind: Literal["extra"]  # type: ignore[misc]
    card: str
    mode: str


class TargetFrame(Frame):
    """An Action card's targets; ``left``: how many more (absent: the card's own count)."""

    kind: Literal["target"]  # type: ignore[misc]
    card: str
    left: NotRequired[int]


class RewardFrame(Frame):
    """The territory's reward of ``colour``, to choose."""

    kind: Literal["reward"]  # type: ignore[misc]
    colour: str


class TileFrame(Frame):
    """Take ``left`` more tiles from ``columns`` of the reward board."""

    kind: Literal["tile"]  # type: ignore[misc]
    columns: list[str]
    left: int


class DrawFrame(Frame):
    """Draw ``n`` cards of ``deck`` (automatic)."""

    kind: Literal["draw"]  # type: ignore[misc]
    deck: str
    n: int


class PutbackFrame(Frame):
    """Put ``left`` more cards of ``deck`` back under it."""

    kind: Literal["putback"]  # type: ignore[misc]
    deck: str
    left: int


class LimitFrame(Frame):
    """The Objective hand limit: discard down to it."""

    kind: Literal["limit"]  # type: ignore[misc]


ClassicFrame = (
    ActFrame
    | ExtraFrame
    | TargetFrame
    | RewardFrame
    | TileFrame
    | DrawFrame
    | PutbackFrame
    | LimitFrame
)
"""One pending decision of Classic (``frame["kind"]`` tells which)."""


class ClassicGains(TypedDict):
    """What the mover gained: cards by deck, tile ids, Hunting tokens (by territory) and
    Strait tokens (by strait)."""

    cards: dict[str, int]
    tiles: list[str]
    hunting: list[str]
    straits: list[str]


class ClassicSwapped(TypedDict):
    """The pawn a Swap displaced, where it went and what its owner won there."""

    pawn: str
    owner: Seat
    to: str
    hunting: list[str]
    straits: list[str]


ClassicLast = TypedDict(
    "ClassicLast",
    {
        "seat": Seat,
        "seat_index": int,
        "action": str,
        "card": str | None,
        "pawn": str | None,
        "from": str | None,
        "to": str | None,
        "swapped": ClassicSwapped | None,
        "gains": ClassicGains,
    },
)
"""The last completed move (``action``: ``evolve``, ``migrate``, ``swap`` or ``pass``)."""


class ClassicData(TurnData, EndData, StackData[ClassicFrame]):
    """``state.data`` of Origin Classic (the keys are described in the module's text)."""

    players: int
    phase: Literal["choose", "play"]
    pawn_at: dict[str, str]
    owner_at: dict[str, int]
    supply: dict[str, int]
    villages: list[int]
    decks: dict[str, list[str]]
    dealt: list[list[str]]
    discard: list[str]
    hands: list[dict[str, list[str]]]
    permanents: list[list[str]]
    objectives_done: list[list[str]]
    stacks: list[list[list[str]]]
    board: dict[str, list[str | None]]
    reserve: list[str]
    hunting: dict[str, str]
    hunting_unused: list[str]
    hunting_of: list[list[list[str]]]
    straits: dict[str, str]
    straits_of: list[list[list[str]]]
    acted: bool
    played: dict[str, int]
    played_now: list[str]
    deck_emptied: bool
    last: ClassicLast | None


def data(state: State) -> ClassicData:
    """``state.data`` of an Origin Classic game, typed."""
    return cast(ClassicData, state.data)


__all__ = [
    "ActFrame",
    "ClassicData",
    "ClassicFrame",
    "ClassicGains",
    "ClassicLast",
    "ClassicSwapped",
    "DrawFrame",
    "ExtraFrame",
    "LimitFrame",
    "PutbackFrame",
    "RewardFrame",
    "TargetFrame",
    "TileFrame",
    "data",
]
