"""The typed layout of an Orbis game: ``state.data`` (``OrbisData``) and the view.

``data(state)`` is the one place that says what ``state.data`` is, ``view_of(view)``
the one place that says what a view given by ``Game.view`` is; every other module reads
them typed, so the type checker knows each key. They are TypedDicts over the JSON the
store keeps (plain dicts at run time). Cubes are five counts in ``COLOURS`` order
(``domain.Cubes``); a pyramid is a flat list of marked tile ids (``pyramid.Pyramid``).

``state.data``: the kit's turn keys (``rules.kit.turns``), its end key (``over``,
``rules.kit.end``: ``normal`` once every player still in has played 15 turns), the
decision stack (``frames``, ``rules.kit.stack``; the frames below), and the game's own
keys:
``piles`` (face-down tiles by level, ``"1"``-``"3"``, top last), ``display`` (the nine
slots, ``None`` once taken), ``cubes`` (the cubes lying on the display, five per slot),
``gods`` (on offer), ``temple_tokens``, ``boards`` (one ``BoardData`` per seat),
``act`` (the turn under way, ``None`` between turns) and ``last`` (the last tile or god
taken, which the picture outlines).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from rules.base import JSON, Seat, State
from rules.core.envelope import ViewEnvelope
from rules.kit.end import EndData
from rules.kit.stack import StackData
from rules.kit.turns import TurnData
from rules.orbis.components import GodView, TileView
from rules.orbis.domain import Cubes
from rules.orbis.pyramid import Pyramid

Step = Literal["pay", "place", "effect", "limit"]
"""The step of a turn under way: pay the tile, place it, its effect, the 10-cube limit."""


class BoardData(TypedDict):
    """A player's universe: pyramid, worshipper cubes, Farms, god, turns played."""

    pyramid: Pyramid
    domain: Cubes
    reductions: list[str]
    """The colours of the player's Farms, in ``COLOURS`` order (O1)."""
    god: str | None
    god_cancelled: bool
    """The God of Death's sacrifice refused."""
    turns: int


class RegionLast(TypedDict):
    """The last thing taken was a Region tile, from display ``slot`` (0-8)."""

    seat: Seat
    kind: Literal["region"]
    tile: str
    slot: int


class GodLast(TypedDict):
    """The last thing taken was a god."""

    seat: Seat
    kind: Literal["god"]
    god: str
    slot: None
    tile: None


Last = RegionLast | GodLast


class RegionAct(TypedDict):
    """A Region tile taken this turn: from ``slot`` (0-8), at ``step``; ``cell``
    ``[row, x]`` once placed."""

    kind: Literal["region"]
    tile: str
    slot: int
    step: Step
    cell: NotRequired[list[int]]


class GodAct(TypedDict):
    """A god taken this turn."""

    kind: Literal["god"]
    god: str
    slot: None
    step: Step


Act = RegionAct | GodAct


class Before(TypedDict):
    """What taking a tile changed, for ``back``: the display's cubes, the domain, the
    last take."""

    cubes: Cubes
    domain: Cubes
    last: Last | None


# -- the frames of the decision stack (``moves`` says what each offers) ------------------


class TradeFrame(TypedDict):
    """3 cubes of ``give`` for one of a colour still to choose."""

    kind: Literal["trade"]
    committed: NotRequired[bool]
    give: str


class PayFrame(TypedDict):
    """Step 3: pay the tile taken (``before``: what ``back`` restores)."""

    kind: Literal["pay"]
    committed: NotRequired[bool]
    before: Before


class PlaceFrame(TypedDict):
    """Step 4: place the tile, as a Wasteland if ``wild``. ``before`` is what ``back``
    restores: the whole take (``untake``: a ``Before``) or the domain before paying."""

    kind: Literal["place"]
    committed: NotRequired[bool]
    wild: bool
    before: Before | Cubes
    untake: bool


class PickFrame(TypedDict):
    """Proselytism of any colour: ``n`` cubes still to choose."""

    kind: Literal["pick"]
    committed: NotRequired[bool]
    n: int


class VillageFrame(TypedDict):
    """A Village: discard ``n`` cubes, or cancel it."""

    kind: Literal["village"]
    committed: NotRequired[bool]
    n: int


class VolcanoFrame(TypedDict):
    """A Volcano: destroy ``need`` (cubes by colour) on the display, or cancel it."""

    kind: Literal["volcano"]
    committed: NotRequired[bool]
    need: dict[str, int]


class BurnFrame(TypedDict):
    """A Volcano erupting: ``need`` still to destroy."""

    kind: Literal["burn"]
    committed: NotRequired[bool]
    need: dict[str, int]


LoseWhy = Literal["village", "death", "limit"]


class LoseFrame(TypedDict):
    """Discard ``n`` cubes (a Village, the God of Death) or down to the 10-cube limit
    (``why`` ``limit``: ``n`` unused)."""

    kind: Literal["lose"]
    committed: NotRequired[bool]
    n: int
    why: LoseWhy


class LoveFrame(TypedDict):
    """The Goddess of Love: ``n`` cubes still to choose; ``at`` and ``last`` put the god
    back on ``back``."""

    kind: Literal["love"]
    committed: NotRequired[bool]
    n: int
    at: int
    last: Last | None


class DeathFrame(TypedDict):
    """The God of Death: sacrifice ``n`` cubes or cancel it; ``at`` and ``last`` put the
    god back on ``back``."""

    kind: Literal["death"]
    committed: NotRequired[bool]
    n: int
    at: int
    last: Last | None


OrbisFrame = (
    TradeFrame
    | PayFrame
    | PlaceFrame
    | PickFrame
    | VillageFrame
    | VolcanoFrame
    | BurnFrame
    | LoseFrame
    | LoveFrame
    | DeathFrame
)
"""One pending decision of an Orbis turn (narrowed by ``frame["kind"]``)."""


class OrbisData(TurnData, EndData, StackData[OrbisFrame]):
    """``state.data`` of Orbis."""

    piles: dict[str, list[str]]
    display: list[str | None]
    cubes: Cubes
    gods: list[str]
    temple_tokens: list[int]
    boards: list[BoardData]
    act: Act | None
    last: Last | None


def data(state: State) -> OrbisData:
    """``state.data``, typed."""
    return cast(OrbisData, state.data)


# -- the view (``rules.orbis.view`` builds it; its docstring draws the whole shape) ------


class SlotView(TypedDict):
    """A display slot: ``slot`` 1-9 (reading order), its tile (``None`` once taken),
    the cubes lying on it (all five colours)."""

    slot: int
    tile: TileView | None
    cubes: dict[str, int]


class SpotView(TypedDict):
    """A place the tile being placed may go: the ``place:<spot>`` code, ``row`` (0 =
    bottom) and ``x`` (-1: the left end, before the bottom row)."""

    spot: str
    row: int
    x: int


class PendingView(TypedDict):
    """The turn under way."""

    seat: Seat
    kind: Literal["region", "god"] | None
    """``None``: a trade before choosing."""
    tile: TileView | None
    """The Region tile taken, not placed yet."""
    god: GodView | None
    slot: int | None
    """1-9."""
    step: Step | None
    decision: str | None
    """The kind of the pending frame."""
    wasteland: bool
    need: dict[str, int] | None
    """Volcano cubes still to destroy."""
    left: int | None
    """Cubes still to discard or gain."""
    spots: list[SpotView]


class LastTakeView(TypedDict):
    """The last tile or god taken (the picture outlines it); ``slot`` 1-9."""

    seat: Seat
    kind: Literal["region", "god"]
    slot: int | None
    tile: str | None
    god: str | None


class CellView(TypedDict):
    """A tile of a pyramid: ``row`` 0-3 (0 = bottom), ``x`` 0..4-row; ``status``
    ``valid`` / ``cancelled`` / ``waiting`` (a Forest before the end) or ``None``;
    ``pc`` what it scores now."""

    row: int
    x: int
    tile: TileView
    wasteland: bool
    status: str | None
    pc: int


class ScoreView(TypedDict):
    tiles: int
    god: int
    temple: int
    wastes: int
    total: int


class PlayerView(TypedDict):
    """A player's public board."""

    index: int
    turns: int
    turns_left: int
    domain: dict[str, int]
    cubes: int
    reductions: list[str]
    god: GodView | None
    god_cancelled: bool
    god_pc: int
    temples: int
    mystic: int
    temple_token: int | None
    wastelands: int
    pyramid: list[CellView]
    pyramid_size: int
    score: ScoreView


class OrbisPart(TypedDict):
    """Orbis' part of the view, the same for every seat (only the piles' order is
    hidden); ``breakdown`` is the final score sheet once the game is over."""

    display: list[SlotView]
    piles: dict[str, int]
    gods: list[GodView]
    temple_tokens: list[int]
    turns_each: int
    pending: PendingView | None
    last_take: LastTakeView | None
    players: dict[Seat, PlayerView]
    round: int | None
    breakdown: JSON | None


class OrbisView(ViewEnvelope, OrbisPart):
    """A whole view of Orbis: the contract's envelope and Orbis' part."""


def view_of(view: Mapping[str, Any]) -> OrbisView:
    """A view of Orbis (from ``Game.view``), typed."""
    return cast(OrbisView, view)


__all__ = [
    "Act",
    "Before",
    "BoardData",
    "BurnFrame",
    "CellView",
    "DeathFrame",
    "GodAct",
    "GodLast",
    "Last",
    "LastTakeView",
    "LoseFrame",
    "LoveFrame",
    "OrbisData",
    "OrbisFrame",
    "OrbisPart",
    "OrbisView",
    "PayFrame",
    "PendingView",
    "PickFrame",
    "PlaceFrame",
    "PlayerView",
    "RegionAct",
    "RegionLast",
    "ScoreView",
    "SlotView",
    "SpotView",
    "Step",
    "TradeFrame",
    "VillageFrame",
    "VolcanoFrame",
    "data",
    "view_of",
]
