"""Reading an Orbis public view (``rules.orbis.view``) into what the picture draws.

The view is read typed (``rules.orbis.OrbisView`` through ``view_of``), and every
reader still has a default, so a sparse or odd view draws too. Tiles are given by the
view as their public data (``Tile.to_json``); a bare tile id is looked up in the rules'
component list (the face of a Region tile is public). ``TileData`` is such a tile as
the picture draws it: the view's tile with the marks its cell adds (``wasteland``,
``cancelled``, ``validated``, ``waiting``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.orbis import view_of
from rules.orbis.state import CellView, PlayerView

View = Mapping[str, Any]
TileData = Mapping[str, Any]
COLOURS = ("yellow", "green", "blue", "red", "white")


def tile_data(value: object) -> TileData | None:
    """A tile's public data from a view entry (a dict, a cell or slot holding one, or
    an id); anything else (an odd view): ``None``."""
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


def cubes_of(value: object) -> dict[str, int]:
    """``{colour: count}`` in colour order, from a mapping (missing colours: 0)."""
    if not isinstance(value, Mapping):
        return dict.fromkeys(COLOURS, 0)
    return {c: _int(value.get(c)) for c in COLOURS}


def _int(value: object) -> int:
    if not isinstance(value, int | float | str):
        return 0
    try:
        return max(0, int(value))
    except ValueError:
        return 0


@dataclass(frozen=True)
class Slot:
    """One place of the display: its tile (``None`` once taken) and the cubes on it."""

    tile: TileData | None
    cubes: dict[str, int]


def display(view: View) -> list[Slot]:
    raw = view_of(view).get("display")
    entries: Sequence[object] = raw if isinstance(raw, list) else []
    out = []
    for i in range(9):
        entry = entries[i] if i < len(entries) else None
        cubes = entry.get("cubes") if isinstance(entry, Mapping) else None
        out.append(Slot(tile_data(entry), cubes_of(cubes)))
    return out


def piles(view: View) -> dict[int, int]:
    """Tiles left face down, by level."""
    raw = view_of(view).get("piles")
    counts: Mapping[str, int] = raw if isinstance(raw, Mapping) else {}
    return {level: _int(counts.get(str(level))) for level in (1, 2, 3)}


def gods_on_offer(view: View) -> list[str]:
    gods: list[object] = list(view_of(view).get("gods") or [])
    return [str(g.get("id") if isinstance(g, Mapping) else g) for g in gods]


def temple_tokens(view: View) -> list[int]:
    return [_int(t) for t in view_of(view).get("temple_tokens") or []]


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


def _cell(raw: CellView, *, final: bool = False) -> Cell | None:
    if not isinstance(raw, Mapping):
        return None
    tile = dict(tile_data(raw.get("tile")) or {"id": "?"})
    status = raw.get("status")
    if raw.get("wasteland"):
        tile["wasteland"] = True
    elif status == "cancelled":
        tile["cancelled"] = True
    elif status == "valid":
        tile["validated"] = True
    elif status == "waiting":
        # a Forest is checked at the end: once the game is over, waiting means not valid
        tile["cancelled" if final else "waiting"] = True
    return Cell(_int(raw.get("row")), _int(raw.get("x")), tile)


def player(view: View, seat: str) -> PlayerView | None:
    """The seat's board as the view gives it (``None``: none, or an odd one)."""
    players = view_of(view).get("players")
    raw = players.get(seat) if isinstance(players, Mapping) else None
    return raw if isinstance(raw, Mapping) else None


def board(view: View, seat: str) -> Board:
    raw = player(view, seat)
    if raw is None:
        return Board()
    final = bool(view_of(view).get("over"))
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
    raw = view_of(view).get("last_take")
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


def _spot(raw: object) -> Spot | None:
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
    raw = view_of(view).get("pending")
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
