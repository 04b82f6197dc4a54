"""What the Tribes picture reads from a public view, as small typed values.

Every key of the public view (``rules.tribes.view``) is read here and nowhere else, with
defaults, so that a sparse or older view still draws: the renderer's other modules only
see ``Table``. Pure: never mutates the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from render.kit.geometry import Hex

View = Mapping[str, Any]


@dataclass(frozen=True)
class Cell:
    """One hex of the map and what stands on it."""

    id: str
    at: Hex
    terrain: str
    members: tuple[tuple[str, int], ...] = ()
    invaders: int = 0
    village: str | None = None  # owner seat
    abandoned: bool = False  # the unclaimed village of "Village abandonné"
    mammoth: bool = False
    tiger: bool = False
    fire: bool = False
    stone: bool = False  # next to the volcano: may give stone


@dataclass(frozen=True)
class Slot:
    """An event in a slot: its id, the markers on it, its cost when it can be bought."""

    id: str
    markers: tuple[tuple[str, int], ...] = ()
    cost: tuple[tuple[str, int], ...] = ()
    die: int | None = None
    holder: str | None = None  # who the mammoth's die counts for


@dataclass(frozen=True)
class Player:
    seat: str
    tribe: str = ""
    resources: tuple[tuple[str, int], ...] = ()
    supply: int = 0
    on_map: int = 0
    villages: int = 0
    village_cost: tuple[tuple[str, int], ...] = ()
    open_goals: tuple[str, ...] = ()
    done_goals: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()  # acquired events (fortifications, pirogue, autel, mammoth)
    eliminated: bool = False


@dataclass(frozen=True)
class Table:
    cells: tuple[Cell, ...]
    volcano: Hex | None
    dice: Mapping[str, tuple[str, ...]]
    values: Mapping[str, tuple[int, int, int]]
    roll: tuple[str, ...]
    used: tuple[str, ...]
    slots: tuple[Slot | None, ...]
    deck: int
    players: Mapping[str, Player]
    scores: Mapping[str, int]
    step: str = ""
    limit: int = 5
    marked: tuple[str, ...] = field(default=())  # hexes the last move touched


def _pairs(value: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(value, Mapping):
        return tuple((str(k), int(v)) for k, v in value.items() if isinstance(v, int) and v)
    return ()


def _strs(value: Any) -> tuple[str, ...]:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(str(v.get("id")) if isinstance(v, Mapping) else str(v) for v in value)
    return ()


_last: tuple[View, Table] | None = None


def read(view: View) -> Table:
    """The table of a public view (the last one is remembered: one picture asks for it
    once per part, and the view is never changed while it is drawn)."""
    global _last
    last = _last  # one read of the pair: safe when render threads share the module
    if last is not None and last[0] is view:
        return last[1]
    table = _read(view)
    _last = (view, table)
    return table


def _read(view: View) -> Table:
    seats = [str(s) for s in view.get("seats") or []]
    hexes: Mapping[str, Any] = view.get("map") or view.get("hexes") or {}
    cells = []
    for hid, raw in hexes.items():
        if not isinstance(raw, Mapping):
            continue
        members = raw.get("members") or {}
        cells.append(
            Cell(
                id=str(hid),
                at=(int(raw.get("q", 0)), int(raw.get("r", 0))),
                terrain=str(raw.get("terrain", "lake")),
                members=tuple((s, int(members[s])) for s in seats if int(members.get(s) or 0) > 0),
                invaders=int(raw.get("invaders") or 0),
                village=str(raw["village"]) if raw.get("village") in seats else None,
                abandoned=bool(raw.get("abandoned")),
                mammoth=bool(raw.get("mammoth")),
                tiger=bool(raw.get("tiger")),
                fire=bool(raw.get("fire")),
                stone=bool(raw.get("stone")),
            )
        )
    volcano_raw = view.get("volcano")
    volcano = None
    if isinstance(volcano_raw, Mapping) and "q" in volcano_raw:
        volcano = (int(volcano_raw["q"]), int(volcano_raw["r"]))
    board = view.get("actions") or {}
    dice = {str(a): tuple(str(f) for f in (d.get("dice") or [])) for a, d in board.items()}
    values = {
        str(a): tuple(int(v) for v in (d.get("values") or (0, 0, 0)))[:3] for a, d in board.items()
    }
    events = view.get("events") or {}
    slots: list[Slot | None] = []
    for raw in events.get("slots") or []:
        if not isinstance(raw, Mapping):
            slots.append(None)
            continue
        slots.append(
            Slot(
                id=str(raw.get("id")),
                markers=_pairs(raw.get("markers")),
                cost=_pairs(raw.get("cost")),
                die=raw.get("die") if isinstance(raw.get("die"), int) else None,
                holder=raw.get("holder"),
            )
        )
    players = {}
    for seat in seats:
        raw = (view.get("players") or {}).get(seat) or {}
        players[seat] = Player(
            seat=seat,
            tribe=str(raw.get("tribe") or ""),
            resources=_pairs(raw.get("resources")),
            supply=int(raw.get("supply") or 0),
            on_map=int(raw.get("on_map") or 0),
            villages=int(raw.get("villages") or 0),
            village_cost=_pairs(raw.get("village_cost")),
            open_goals=_strs(raw.get("goals")),
            done_goals=_strs(raw.get("done")),
            tokens=_strs(raw.get("tokens")),
            eliminated=bool(raw.get("eliminated")),
        )
    scores = {s: int(((view.get("scores") or {}).get(s) or {}).get("total") or 0) for s in seats}
    return Table(
        cells=tuple(cells),
        volcano=volcano,
        dice=dice,
        values={a: (v + (0, 0, 0))[:3] for a, v in values.items()},  # type: ignore[misc]
        roll=_strs(view.get("roll")),
        used=_strs(view.get("used")),
        slots=tuple(slots),
        deck=int(events.get("deck") or 0),
        players=players,
        scores=scores,
        step=str(view.get("step") or ""),
        limit=int(view.get("limit") or 5),
        marked=_strs(view.get("marked")),
    )


def strength(dice: Sequence[str]) -> int:
    """0 reduced (2+ moons), 1 normal, 2 boosted (2+ suns) for three dice."""
    if sum(f == "moon" for f in dice) >= 2:
        return 0
    if sum(f == "sun" for f in dice) >= 2:
        return 2
    return 1


def pushed(dice: Sequence[str], face: str) -> tuple[str, ...]:
    """The action's dice after ``face`` enters on the left (the rightmost leaves)."""
    return (face, *dice)[:3]
