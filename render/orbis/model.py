"""Reading an Orbis public view (``rules.orbis.view``) into what the picture draws.

Every reader has a default, so a sparse or odd view still draws. Tiles are given by the
view as their public data (``Tile.to_json``); a bare tile id is looked up in the rules'
component list (the face of a Region tile is public).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

View = Mapping[str, Any]
TileData = Mapping[str, Any]
COLOURS = ("yellow", "green", "blue", "red", "white")


def tile_data(value: Any) -> TileData | None:
    """A tile's public data from a view entry (a dict, a cell holding one, or an id)."""
    if isinstance(value, Mapping):
        if "colour" in value or "effect" in value:
            return value
        if "tile" in value:
            return tile_data(value["tile"])
        return None
    if isinstance(value, str) and value:
        from rules.orbis.components import TILES  # the public face of a tile

        tile = TILES.get(value)
        return tile.to_json() if tile is not None else {"id": value}
    return None


def cubes_of(value: Any) -> dict[str, int]:
    """``{colour: count}`` in colour order, from a mapping (missing colours: 0)."""
    if not isinstance(value, Mapping):
        return dict.fromkeys(COLOURS, 0)
    return {c: _int(value.get(c)) for c in COLOURS}


def _int(value: Any) -> int:
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


@dataclass(frozen=True)
class Slot:
    """One place of the display: its tile (``None`` once taken) and the cubes on it."""

    tile: TileData | None
    cubes: dict[str, int]


def display(view: View) -> list[Slot]:
    raw = view.get("display")
    entries: Sequence[Any] = raw if isinstance(raw, Sequence) and not isinstance(raw, str) else []
    loose = view.get("cubes")
    out = []
    for i in range(9):
        entry = entries[i] if i < len(entries) else None
        cubes: Any = entry.get("cubes") if isinstance(entry, Mapping) else None
        if cubes is None and isinstance(loose, Sequence) and i < len(loose):
            cubes = loose[i]
        out.append(Slot(tile_data(entry), cubes_of(cubes)))
    return out


def piles(view: View) -> dict[int, int]:
    """Tiles left face down, by level."""
    raw = view.get("piles")
    out = {}
    for level in (1, 2, 3):
        value = raw.get(str(level), raw.get(level)) if isinstance(raw, Mapping) else None
        out[level] = len(value) if isinstance(value, list) else _int(value)
    return out


def gods_on_offer(view: View) -> list[str]:
    return [str(g.get("id") if isinstance(g, Mapping) else g) for g in view.get("gods") or []]


def temple_tokens(view: View) -> list[int]:
    return [_int(t) for t in view.get("temple_tokens") or []]


@dataclass(frozen=True)
class Cell:
    row: int
    x: int
    tile: TileData


@dataclass(frozen=True)
class Board:
    """A player's public board."""

    pyramid: list[Cell] = field(default_factory=list)
    domain: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    reductions: list[str] = field(default_factory=list)
    god: str | None = None
    god_cancelled: bool = False
    god_now: int | None = None
    """What the god scores now (a running estimate until the end)."""
    temples: int = 0
    token: int | None = None


def _cell(raw: Any, *, final: bool = False) -> Cell | None:
    if not isinstance(raw, Mapping):
        return None
    tile = dict(tile_data(raw.get("tile")) or {"id": "?"})
    status = raw.get("status")
    if raw.get("wild") or raw.get("wasteland"):
        tile["wasteland"] = True
    elif status in ("cancelled", "invalid", False) or raw.get("cancelled"):
        tile["cancelled"] = True
    elif status in ("validated", "valid", True) or raw.get("validated"):
        tile["validated"] = True
    elif status == "waiting":
        # a Forest is checked at the end: once the game is over, waiting means not valid
        tile["cancelled" if final else "waiting"] = True
    return Cell(_int(raw.get("row")), _int(raw.get("x")), tile)


def board(view: View, seat: str) -> Board:
    players = view.get("players")
    raw: Any = None
    if isinstance(players, Mapping):
        raw = players.get(seat)
    elif isinstance(view.get("boards"), Sequence):
        seats = [str(s) for s in view.get("seats") or []]
        boards = view["boards"]
        raw = (
            boards[seats.index(seat)] if seat in seats and seats.index(seat) < len(boards) else None
        )
    if not isinstance(raw, Mapping):
        return Board()
    final = bool(view.get("over"))
    cells = [c for c in (_cell(x, final=final) for x in raw.get("pyramid") or []) if c is not None]
    god = raw.get("god")
    token = raw.get("temple_token")
    if not isinstance(token, int):
        token = None
    return Board(
        pyramid=cells,
        domain=cubes_of(raw.get("domain")),
        reductions=[str(c) for c in raw.get("reductions") or [] if c in COLOURS],
        god=str(god.get("id") if isinstance(god, Mapping) else god) if god else None,
        god_cancelled=bool(raw.get("god_cancelled")),
        god_now=_int(raw["god_pc"]) if isinstance(raw.get("god_pc"), int) else None,
        temples=_int(raw.get("temples")),
        token=_int(token) if token is not None else None,
    )


@dataclass(frozen=True)
class Taken:
    """The last Region tile or god taken: by whom, what, and from which display slot
    (0-8; the view counts them from 1)."""

    seat: str
    tile: str | None = None
    god: str | None = None
    slot: int | None = None


def last_taken(view: View) -> Taken | None:
    raw = view.get("last_take")
    if not isinstance(raw, Mapping) or raw.get("seat") is None:
        return None
    slot = raw.get("slot")
    return Taken(
        seat=str(raw["seat"]),
        tile=str(raw["tile"]) if raw.get("tile") else None,
        god=str(raw["god"]) if raw.get("god") else None,
        slot=_int(slot) - 1 if slot is not None else None,
    )


@dataclass(frozen=True)
class Spot:
    """A place the tile being placed may go: its move code's spot and where it is
    (row 0 = bottom; ``x`` = -1: the left end, before the bottom row)."""

    code: str
    row: int
    x: int


def _spot(raw: Any) -> Spot | None:
    if not isinstance(raw, Mapping):
        return None
    try:
        return Spot(str(raw.get("spot", "")), int(raw["row"]), int(raw["x"]))
    except (KeyError, TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Pending:
    """The turn under way: the Region tile taken and not placed yet, and its step."""

    seat: str
    tile: TileData | None
    step: str | None
    decision: str | None
    wasteland: bool
    need: dict[str, int] = field(default_factory=dict)
    """A Volcano's cubes still to destroy on the display."""
    spots: tuple[Spot, ...] = ()
    """Where the tile being placed may go."""


def pending(view: View) -> Pending | None:
    raw = view.get("pending")
    if not isinstance(raw, Mapping) or raw.get("seat") is None:
        return None
    return Pending(
        seat=str(raw["seat"]),
        tile=tile_data(raw.get("tile")),
        step=str(raw["step"]) if raw.get("step") else None,
        decision=str(raw["decision"]) if raw.get("decision") else None,
        wasteland=bool(raw.get("wasteland")),
        need={c: n for c, n in cubes_of(raw.get("need")).items() if n},
        spots=tuple(s for s in (_spot(x) for x in raw.get("spots") or []) if s is not None),
    )


def god_pc(god: str) -> int:
    """The PC printed on a god (public: the rules' component list)."""
    from rules.orbis.components import GODS

    found = GODS.get(god)
    return found.pc if found is not None else 0
