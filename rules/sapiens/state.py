"""Every key of a Sapiens ``state.data``, typed: the one place that says what it holds.

``SapiensData`` is the whole of ``state.data``; ``data(state)`` reads it typed. A
player's part is ``PlayerData`` (seats by index in ``state.seats``); the turn so far is
``StepData``; the pending decisions are frames (``SapiensFrame``, a union narrowed on
``frame["kind"]``): the laying steps (``cell``, ``orient``, ``pay``, ``newtribe``), the
scene effects still to resolve (``effects``) and one frame per effect (``EffectFrame``,
then ``fightfrom``, ``watergive`` and ``den`` for their second step).

Squares, tiles and scenes are the strings of ``rules.sapiens.view``'s docstring; a
laid tile is one string ``"<tile> <square of A> <square of B> <tribe>"``
(``board.laid_entry``).
"""

from __future__ import annotations

from typing import Any, Final, Literal, NotRequired, TypedDict, cast, get_args

from typing_extensions import TypeIs

from rules.base import State
from rules.kit.end import EndData
from rules.kit.stack import Stack, StackData
from rules.kit.turns import TurnData
from rules.sapiens.moves import BACK

Phase = Literal["start", "play"]
"""``start``: the starting round (a first tile on a cave); ``play`` afterwards."""
Mode = Literal["play", "extra", "start", "abandon"]
"""How a tile is being laid (``board.PLAY``, ``EXTRA``, ``START``, ``NEW_TRIBE``)."""
Source = Literal["effect", "token"]
"""What opened an effect: a connected scene or a mountain token."""


class PlayerData(TypedDict):
    """One player's part of ``state.data["players"]``."""

    faces: list[str]
    """The left and right valley board faces (``["VL1-A", "VR3-B"]``)."""
    laid: list[str]
    """Tiles laid, in order (``board.laid_entry``)."""
    tribe: int
    """The active tribe's number (from 1; abandoning starts the next)."""
    bears: list[str]
    """Squares of the bears on this valley."""
    spots: dict[str, str]
    """Mountain tokens still on a cave or waterfall: {square: scene}."""
    held: list[str]
    """Mountain tokens in hand."""
    used: list[str]
    """Mountain tokens played."""
    gone: list[str]
    """Mountain tokens discarded by abandoning."""
    pool: list[str]
    """The personal pool (tile ids, face up)."""
    food: int
    shelter: int
    steaks: int
    baston_home: int
    """Baston tokens not on a tile."""
    started: bool
    """A first tile is down."""
    finished: bool
    """Out of moves (ruling S7): no more turns."""


class StepData(TypedDict):
    """What the current turn has done so far."""

    laid: bool
    token: bool
    """A mountain token was played (one a turn)."""
    plain: bool
    """The Cueillette token opened the Plains for the rest of the turn."""
    refilled: bool
    discarded: bool
    took: NotRequired[int]
    """Tiles taken one by one from the common pool (absent: none yet)."""


class LastTile(TypedDict):
    """The tile laid last: by whom (seat index), which, where, Festin's or not."""

    seat: int
    tile: str
    at: list[str]
    extra: bool


# -- frames: the decisions pending, top last ---------------------------------------------


class CellFrame(TypedDict):
    """A tile was picked: on which square."""

    kind: Literal["cell"]
    mode: Mode
    tile: str
    committed: NotRequired[bool]


class OrientFrame(TypedDict):
    """A square was picked: which way the tile lies."""

    kind: Literal["orient"]
    mode: Mode
    tile: str
    cell: str
    committed: NotRequired[bool]


class PayFrame(TypedDict):
    """The tile carries other players' Baston tokens: whose is paid first."""

    kind: Literal["pay"]
    mode: Mode
    tile: str
    at: list[str]
    order: list[int]
    committed: NotRequired[bool]


class NewTribeFrame(TypedDict):
    """Abandoning: the new tribe's first tile."""

    kind: Literal["newtribe"]
    committed: NotRequired[bool]


class EffectsFrame(TypedDict):
    """The laid tile's scene effects still to resolve, then its cave."""

    kind: Literal["effects"]
    pending: list[str]
    cave: str | None
    committed: NotRequired[bool]


EffectKind = Literal["gather", "feast", "ritual", "fight", "water", "hunt", "fire"]
EFFECT_KINDS: Final[frozenset[str]] = frozenset(get_args(EffectKind))


class EffectFrame(TypedDict):
    """One scene's effect (a connected scene or a mountain token)."""

    kind: EffectKind
    scene: str
    source: Source
    committed: NotRequired[bool]


class FightFromFrame(TypedDict):
    """Baston with every token out: which placed token moves to ``target`` (a tile)."""

    kind: Literal["fightfrom"]
    target: str
    committed: NotRequired[bool]


class WaterGiveFrame(TypedDict):
    """Eau: which own tile goes for ``get``."""

    kind: Literal["watergive"]
    get: str
    committed: NotRequired[bool]


class DenFrame(TypedDict):
    """Feu: on which square of player ``target``'s valley the bear goes."""

    kind: Literal["den"]
    target: int
    committed: NotRequired[bool]


LayFrame = CellFrame | OrientFrame | PayFrame
SapiensFrame = (
    CellFrame
    | OrientFrame
    | PayFrame
    | NewTribeFrame
    | EffectsFrame
    | EffectFrame
    | FightFromFrame
    | WaterGiveFrame
    | DenFrame
)


class SapiensData(TurnData, EndData, StackData[SapiensFrame]):
    """``state.data`` of Sapiens (form 3). From ``rules/kit``: the turn keys (``first``,
    ``turn``, ``round`` from 1 (the starting round), ``passes``, unused, and ``ending``,
    the final round once the pile and the common pool ran out: the round is played out
    to the player before the first), the end key (``over``: ``None`` while the game
    runs, then why it ended, ``normal`` or ``stuck``) and the decision stack
    (``frames``). Form 1 kept ``ending`` as a bool and had no ``passes``; form 2 stored
    the option ``gathering_optional`` under its former name, ``cueillette_optional``."""

    phase: Phase
    pile: list[str]
    """The draw pile (hidden order; drawn from the end)."""
    removed: list[str]
    """Tiles removed unseen at set-up."""
    discarded: list[str]
    """Tiles removed by the two-player rule."""
    common: list[str]
    """The common pool, face up."""
    players: list[PlayerData]
    baston: dict[str, list[int]]
    """{tile: indices of the players whose Baston tokens lie on it}."""
    steaks: int
    """Steaks in the supply."""
    bears: int
    """Bears in the supply."""
    step: StepData
    last_tile: LastTile | None


def is_effect(frame: SapiensFrame) -> TypeIs[EffectFrame]:
    """Whether ``frame`` is one scene's effect (it has a ``scene`` and a ``source``)."""
    return frame["kind"] in EFFECT_KINDS


def is_lay(frame: SapiensFrame) -> TypeIs[LayFrame]:
    """Whether ``frame`` is a step of laying a tile (``cell``, ``orient``, ``pay``)."""
    return frame["kind"] in LAY_KINDS


LAY_KINDS: Final[frozenset[str]] = frozenset({"cell", "orient", "pay"})


BACKABLE: Final = (
    "cell",
    "orient",
    "pay",
    "newtribe",
    "feast",
    "ritual",
    "fight",
    "fightfrom",
    "water",
    "watergive",
    "hunt",
    "fire",
    "den",
)
"""The kinds of frame a player may take back (``back``)."""


BACKS: Final = {kind: BACK for kind in BACKABLE}


def stack(data: SapiensData) -> Stack[SapiensFrame]:
    """The pending decisions of ``data`` (``back`` offered on the kinds in ``BACKABLE``)."""
    return Stack(data, backs=BACKS)


def data(state: State) -> SapiensData:
    """``state.data``, typed."""
    return cast(SapiensData, state.data)


def as_json(typed: SapiensData) -> dict[str, Any]:
    """The typed data as the plain JSON ``State.data`` holds."""
    return cast(dict[str, Any], typed)


__all__ = [
    "BACKABLE",
    "EFFECT_KINDS",
    "LAY_KINDS",
    "CellFrame",
    "DenFrame",
    "EffectFrame",
    "EffectKind",
    "EffectsFrame",
    "FightFromFrame",
    "LastTile",
    "LayFrame",
    "Mode",
    "NewTribeFrame",
    "OrientFrame",
    "PayFrame",
    "Phase",
    "PlayerData",
    "SapiensData",
    "SapiensFrame",
    "Source",
    "StepData",
    "WaterGiveFrame",
    "as_json",
    "data",
    "is_effect",
    "is_lay",
    "stack",
]
