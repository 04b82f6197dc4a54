"""The typed state of a Tribes game: every key of ``state.data``, and its frames.

``TribesData`` says what ``state.data`` holds (plain JSON, as the store keeps it): the
kit's turn keys (``rules.kit.turns``), end key (``rules.kit.end``) and decision stack
(``rules.kit.stack``, whose frames are the union ``TribesFrame``), then the map, the
players, the dice, the events, and the keys only an advanced module adds (``elders``,
``specials``, ``glacier``, ``chiefs``). ``data(state)`` is the one place that says
what ``state.data`` is; every module reads the state through it, so the type checker
knows each key. The frames are one TypedDict per kind, ``kind`` a literal, so a test of
``frame["kind"]`` narrows to the kind's fields.

This module stands at the bottom of the package (it imports no other Tribes module).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from rules.base import State
from rules.kit.end import EndData
from rules.kit.stack import StackData
from rules.kit.turns import TurnData

# ------------------------------------------------------------------------ the parts


class PlayerData(TypedDict):
    """``data["players"][i]``: one tribe's own things (``rules.tribes.players``)."""

    tribe: str
    resources: dict[str, int]
    """``wood``, ``food``, ``stone``: how many of each."""
    supply: int
    """Members not on the map."""
    vp: list[int]
    """VP per category of ``players.VP_CATEGORIES``."""
    deck: list[str]
    """Goal ids to draw (top = end)."""
    goals: list[str]
    """Goal ids in progress (face up)."""
    done: list[str]
    """Goal ids completed."""
    acquired: list[str]
    """Event cards bought (Fortifications, Pirogue, Autel), by slug."""


class TallyData(TypedDict):
    """A die counting for one tribe (the wild mammoth's taming, a slot's ``count``)."""

    player: int
    n: int


class SlotData(TypedDict):
    """An event card in one of the three slots."""

    id: str
    stock: NotRequired[dict[str, int]]
    markers: NotRequired[int]
    count: NotRequired[TallyData | None]


class MammothData(TypedDict):
    """The mammoth on the map: wild (``tamer`` ``None``) or tamed."""

    hex: str
    tamer: int | None
    count: NotRequired[TallyData | None]


class DoubleData(TypedDict):
    """The double being resolved: who rolled it, the bottom effects still to run, and
    whether a card is still to be drawn."""

    player: int
    todo: list[str]
    draw: bool


class EventsData(TypedDict):
    """``data["events"]`` (``rules.tribes.event_state``)."""

    deck: list[str]
    discard: list[str]
    aside: list[str]
    slots: list[SlotData | None]
    mammoth: MammothData | None
    tiger: str | None
    volcano: list[int] | None
    """The volcano's spot ``[q, r]``."""
    burnt: str | None
    abandoned: str | None
    found: list[str]
    flags: list[str]
    double: DoubleData | None


class GlacierData(TypedDict):
    """``data["glacier"]`` (option ``terrains``)."""

    hex: str | None
    stones: int
    melted: bool


class ChiefsData(TypedDict):
    """``data["chiefs"]`` (option ``chiefs``, ``rules.tribes.chiefs``)."""

    picks: list[str | None]
    shown: list[bool]
    ruse: str | None
    asked: str | None
    board: list[int]
    hidden: list[int]
    top: str | None
    under: list[str]
    known: list[str] | None
    seer: int | None


class DieData(TypedDict):
    """The die an action frame placed (taken back with the frame)."""

    action: str
    face: str
    slot: int
    out: str
    fire: bool
    glacier: NotRequired[bool]


# ------------------------------------------------------------------------ the frames


class _Decision(TypedDict):
    """What every frame holds besides its kind: who decides, and whether it is
    ``committed`` (``back`` no longer takes it back: ``rules.kit.stack``)."""

    player: int
    committed: NotRequired[bool]


class SingleFrame(_Decision):
    kind: Literal["single"]
    hex: str
    n: int


class StartResourcesFrame(_Decision):
    kind: Literal["start_resources"]
    n: int


class GlacierFrame(_Decision):
    kind: Literal["glacier"]


class GrowFrame(_Decision):
    kind: Literal["grow"]
    left: int
    hexes: list[str]
    die: DieData


class TravelFrame(_Decision):
    kind: Literal["travel"]
    left: int
    reach: int
    die: DieData


class TravelToFrame(_Decision):
    kind: Literal["travel_to"]
    source: str


class TravelCountFrame(_Decision):
    kind: Literal["travel_count"]
    source: str
    target: str
    most: int


class GatherFrame(_Decision):
    kind: Literal["gather"]
    left: int
    each: int
    got: list[str]
    die: DieData
    at: NotRequired[list[str]]
    mixed: NotRequired[bool]


class BasketryFrame(_Decision):
    kind: Literal["basketry"]
    types: list[str]


class LeadFrame(_Decision):
    kind: Literal["lead"]
    n: int
    most: int
    discards: list[str]
    die: DieData


class ConflictOrderFrame(_Decision):
    kind: Literal["conflict_order"]


class BowFrame(_Decision):
    kind: Literal["bow"]
    hex: str


class FortifyFrame(_Decision):
    kind: Literal["fortify"]
    hex: str


class PayFrame(_Decision):
    kind: Literal["pay"]
    hex: str
    choices: list[str]


class PotteryTakeFrame(_Decision):
    kind: Literal["pottery_take"]


class PotteryGiveFrame(_Decision):
    kind: Literal["pottery_give"]
    other: int
    take: str


class ElderCallFrame(_Decision):
    kind: Literal["elder_call"]
    hex: str


class ElderBorrowFrame(_Decision):
    kind: Literal["elder_borrow"]


class ElderGiftFrame(_Decision):
    kind: Literal["elder_gift"]
    other: int
    goal: str


class EvHexFrame(_Decision):
    kind: Literal["ev_hex"]
    purpose: str
    """The event's question: ``invaders``, ``mammoth``, ``tiger``, ``fire``, ..."""
    hexes: list[str]


class EvSpotFrame(_Decision):
    kind: Literal["ev_spot"]
    spots: list[list[int]]


class EvMigFrame(_Decision):
    kind: Literal["ev_mig"]
    left: int
    arrived: dict[str, int]


class EvMigToFrame(_Decision):
    kind: Literal["ev_mig_to"]
    source: str


class EvAltarFrame(_Decision):
    kind: Literal["ev_altar"]
    purpose: str
    hexes: list[str]
    cost: dict[str, int]


class EvFindFrame(_Decision):
    kind: Literal["ev_find"]
    hex: str
    kinds: list[str]


class EvOrderFrame(_Decision):
    kind: Literal["ev_order"]
    options: list[str]


class EvRollFrame(_Decision):
    kind: Literal["ev_roll"]


class ChTradeFrame(_Decision):
    kind: Literal["ch_trade"]


class ChPayFrame(_Decision):
    kind: Literal["ch_pay"]
    then: str
    types: list[str]
    hex: NotRequired[str]
    target: NotRequired[str]


class ChSpareFrame(_Decision):
    kind: Literal["ch_spare"]
    hex: str
    spared: list[str]


class ChTeachFrame(_Decision):
    kind: Literal["ch_teach"]
    hexes: list[str]


class ChVoyageFrame(_Decision):
    kind: Literal["ch_voyage"]
    stage: str
    source: NotRequired[str]
    target: NotRequired[str]
    most: NotRequired[int]


class ChSpringFrame(_Decision):
    kind: Literal["ch_spring"]
    hexes: list[str]
    target: NotRequired[str]
    most: NotRequired[int]


class ChShareFrame(_Decision):
    kind: Literal["ch_share"]
    types: list[str]


class ChRuseFrame(_Decision):
    kind: Literal["ch_ruse"]
    hexes: list[str]


class ChEscapeFrame(_Decision):
    kind: Literal["ch_escape"]
    hex: str
    n: int


class ChScareFrame(_Decision):
    kind: Literal["ch_scare"]
    hex: str


class ChPeekAskFrame(_Decision):
    kind: Literal["ch_peek_ask"]


class ChPeekFrame(_Decision):
    kind: Literal["ch_peek"]
    card: str


class ChGlowFrame(_Decision):
    kind: Literal["ch_glow"]


TribesFrame = (
    SingleFrame
    | StartResourcesFrame
    | GlacierFrame
    | GrowFrame
    | TravelFrame
    | TravelToFrame
    | TravelCountFrame
    | GatherFrame
    | BasketryFrame
    | LeadFrame
    | ConflictOrderFrame
    | BowFrame
    | FortifyFrame
    | PayFrame
    | PotteryTakeFrame
    | PotteryGiveFrame
    | ElderCallFrame
    | ElderBorrowFrame
    | ElderGiftFrame
    | EvHexFrame
    | EvSpotFrame
    | EvMigFrame
    | EvMigToFrame
    | EvAltarFrame
    | EvFindFrame
    | EvOrderFrame
    | EvRollFrame
    | ChTradeFrame
    | ChPayFrame
    | ChSpareFrame
    | ChTeachFrame
    | ChVoyageFrame
    | ChSpringFrame
    | ChShareFrame
    | ChRuseFrame
    | ChEscapeFrame
    | ChScareFrame
    | ChPeekAskFrame
    | ChPeekFrame
    | ChGlowFrame
)
"""One pending decision of a Tribes turn (``rules.tribes.frames``)."""


# ------------------------------------------------------------------------ the whole


class TribesData(TurnData, EndData, StackData[TribesFrame]):
    """``state.data`` of a Tribes game (``setup.new_game`` fills it)."""

    map: int
    """The player count the map was laid out for (``components.MAPS``)."""
    hexes: dict[str, str]
    """Hex id -> terrain, in map order."""
    members: list[int]
    """Members per hex (map order) and player index, flat (``rules.tribes.board``)."""
    villages: dict[str, int]
    """Hex id -> the village owner's index."""
    invaders: dict[str, int]
    """Hex id -> invaders there (an event)."""
    players: list[PlayerData]
    board: list[str]
    """The action board's dice, three per action in ``ACTION_ORDER`` (entry slot first)."""
    hand: list[str]
    """Rolled dice not yet placed."""
    pushed: list[str]
    """Dice that left the board this turn (``?`` before the first roll)."""
    roll: list[str]
    used: list[str]
    """Actions taken this turn, in order."""
    arrived: dict[str, int]
    """Hex id -> members that arrived there by this turn's Travel."""
    turn_flags: list[str]
    step: str
    """``chiefs``, ``place``, ``actions``, ``conflicts``, ``build`` or ``over``."""
    placing: int
    """Starting placements made."""
    village_supply: int
    village_aside: bool
    villages_built: int
    winner: int | None
    """Who reached the VP of the win (a fact of the game: the end is ``over``)."""
    events: EventsData
    elders: NotRequired[list[str | None]]
    """Option ``ancients``: each player's Elder's hex, if on the map."""
    specials: NotRequired[dict[str, str]]
    """Option ``terrains``: hex id -> special tile."""
    glacier: NotRequired[GlacierData]
    chiefs: NotRequired[ChiefsData]


data: Final[Callable[[State], TribesData]] = attrgetter("data")
"""``data(state)`` is ``state.data``, typed. It is read on every access of the state, so
it is the C-level ``attrgetter``, not a function of ours (a third of the cost of a call)."""


def as_json(value: TribesData) -> dict[str, Any]:
    """``value`` as the plain JSON dict ``State.data`` is declared as."""
    return cast(dict[str, Any], value)


__all__ = [
    "ChiefsData",
    "DieData",
    "DoubleData",
    "EventsData",
    "GlacierData",
    "MammothData",
    "PlayerData",
    "SlotData",
    "TallyData",
    "TribesData",
    "TribesFrame",
    "as_json",
    "data",
]
