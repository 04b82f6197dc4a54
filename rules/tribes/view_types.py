"""The typed view of a Tribes game: what ``Tribes._view`` gives (``TribesPart``) and the
whole view front ends and renderers read (``TribesView``, through ``view_of``).

``rules.tribes.view`` documents every key and builds the view; the modules that add
their own part (``events``, ``chiefs``, ``terrains``, ``ancients``) build the part typed
here. This module stands at the bottom of the package (it imports no other Tribes
module), so every layer may use it; ``render/tribes`` reads the view through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, cast

from rules.core.envelope import ViewEnvelope


class GlacierView(TypedDict):
    stones: int
    melted: bool


class SpecialPart(TypedDict, total=False):
    """A hex's special tile (option ``terrains``), when it has one."""

    special: str
    glacier: GlacierView


class HexView(SpecialPart):
    id: str
    q: int
    r: int
    terrain: str
    resource: str
    members: dict[str, int]
    """Seat -> members there (only seats with members)."""
    village: str | None
    population: int
    limit: int
    conflict: bool
    invaders: int


class MapView(TypedDict):
    players: int
    hexes: list[HexView]
    volcano_spots: list[list[int]]


ActiveValues = TypedDict(
    "ActiveValues",
    {"seat": str, "values": dict[str, dict[str, int]], "from": list[str]},
)
"""What an action gives the player whose turn it is, and what improves it."""

ActionView = TypedDict(
    "ActionView",
    {
        "dice": list[str],
        "strength": str,
        "if": dict[str, str],
        "values": dict[str, dict[str, int]],
        "active": ActiveValues,
        "if_fire": dict[str, str],
    },
)
"""One action of the action board (``if``: the strength with each face in hand)."""


class PendingView(TypedDict):
    """The decision under way: its kind, who decides, and the fields the table sees."""

    kind: str
    player: str
    hex: NotRequired[str]
    left: NotRequired[int]
    source: NotRequired[str]
    target: NotRequired[str]
    purpose: NotRequired[str]


class GoalView(TypedDict):
    id: str
    name: str
    development: bool
    vp: int
    cost: NotRequired[dict[str, int]]
    """Goals in progress only, as ``ready``."""
    ready: NotRequired[bool]


class ChiefPart(TypedDict, total=False):
    """A player's chief (option ``chiefs``)."""

    chief: str | None
    """The power, once shown."""
    chief_chosen: bool
    ambush: int
    hidden_village: int


class ElderPart(TypedDict, total=False):
    """A player's Elder (option ``ancients``): its hex, if on the map."""

    elder: str | None


class PlayerView(ChiefPart, ElderPart):
    index: int
    tribe: str
    village_cost: dict[str, int]
    resources: dict[str, int]
    supply: int
    on_map: int
    villages: list[str]
    vp: int
    vp_by: dict[str, int]
    goals: list[GoalView]
    done: list[GoalView]
    deck: int
    acquired: list[str]


class VillagesView(TypedDict):
    supply: int
    aside: bool


class TallyView(TypedDict):
    seat: str
    n: int


class SlotView(TypedDict):
    id: str
    slug: str
    stock: NotRequired[dict[str, int]]
    markers: NotRequired[int]
    prices: NotRequired[list[dict[str, int]]]
    members: NotRequired[int]
    count: NotRequired[TallyView | None]


class InvadersView(TypedDict):
    hex: str | None
    n: int
    box: int


class MammothView(TypedDict):
    hex: str
    tamer: str | None


class VolcanoView(TypedDict):
    q: int
    r: int
    next_to: list[str]


class EventsView(TypedDict):
    slots: list[SlotView | None]
    deck: int
    discard: list[str]
    aside: list[str]
    invaders: InvadersView
    mammoth: MammothView | None
    tiger: str | None
    volcano: VolcanoView | None
    burnt: str | None
    abandoned: str | None
    limit: int
    acquired: dict[str, list[str]]


class ChiefsView(TypedDict):
    ruse: str | None
    under: int
    top_seen: bool


class TribesPart(TypedDict):
    """Tribes' part of the view (the same for every seat: nothing is hidden but the
    order of the decks)."""

    map: MapView
    board: dict[str, ActionView]
    action_order: list[str]
    roll: list[str]
    hand: list[str]
    pushed: list[str]
    step: str
    active: str | None
    first: str
    round: int | None
    """The round (the envelope's key, whose type allows games without rounds)."""
    actions_taken: list[str]
    pending: PendingView | None
    conflicts: list[str]
    players: dict[str, PlayerView]
    villages: VillagesView
    victory: int
    winner: str | None
    options: dict[str, Any]
    """The game's options as chosen (their values are of each option's own type)."""
    events: EventsView
    chiefs: NotRequired[ChiefsView]


class TribesView(ViewEnvelope, TribesPart):
    """A whole view of Tribes: the contract's envelope and Tribes' part."""


def view_of(view: Mapping[str, Any]) -> TribesView:
    """A view of Tribes (from ``Game.view``), typed."""
    return cast(TribesView, view)


__all__ = [
    "ActionView",
    "ActiveValues",
    "ChiefPart",
    "ChiefsView",
    "ElderPart",
    "EventsView",
    "GoalView",
    "HexView",
    "MapView",
    "PendingView",
    "PlayerView",
    "SlotView",
    "SpecialPart",
    "TribesPart",
    "TribesView",
    "view_of",
]
