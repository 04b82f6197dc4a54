"""What the Tribes picture reads from a public view, as small typed values.

The game's keys of the public view (``rules.tribes.view``: map, board, hand, events,
players, pending, conflicts) are read here, with defaults, so that a sparse or older view
still draws; the drawing modules see ``Table`` (the header's words in ``words`` read the
envelope, ``pending`` and the population limit). Pure: never mutates the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from render.kit.geometry import Hex
from rules.tribes.view_types import ActionView, GoalView, PlayerView, SlotView, view_of

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
    tamer: str | None = None  # the seat that tamed the mammoth
    tiger: bool = False
    fire: bool = False
    conflict: bool = False  # above the population limit now
    limit: int = 5
    special: str | None = None  # special terrain tile (option ``terrains``)
    elder: str | None = None  # the seat whose Elder sits here (option ``ancients``)
    glacier: tuple[int, bool] | None = None  # stones on the Glacier, melted


@dataclass(frozen=True)
class Slot:
    """An event in a slot: its slug, the resources on it, the ways to buy it now (the
    three cards one can acquire) and their markers, the wild mammoth's taming die."""

    id: str
    stock: tuple[tuple[str, int], ...] = ()
    prices: tuple[tuple[tuple[str, int], ...], ...] = ()
    markers: int | None = None
    die: int | None = None
    holder: str | None = None  # whom the mammoth's die counts for
    members: int = 0  # members from the map it also costs (Autel)


@dataclass(frozen=True)
class Goal:
    """A goal card: development (blue, with a cost) or achievement (brown)."""

    id: str
    development: bool = False
    vp: int = 0
    cost: tuple[tuple[str, int], ...] = ()
    ready: bool = False  # could be completed now


@dataclass(frozen=True)
class Player:
    seat: str
    tribe: str = ""
    resources: tuple[tuple[str, int], ...] = ()
    supply: int = 0
    on_map: int = 0
    villages: int = 0
    village_cost: tuple[tuple[str, int], ...] = ()
    open_goals: tuple[Goal, ...] = ()
    done_goals: tuple[Goal, ...] = ()
    tokens: tuple[str, ...] = ()  # acquired events (Fortifications, Pirogue, Autel)
    deck: int = 0
    chief: str = ""  # the chief power once shown (option chiefs)
    chief_chosen: bool = False  # picked, maybe not shown yet
    ambush: int = 0  # Embuscade: members waiting on the player board
    hidden_village: int = 0  # Village caché built
    elder: str | None = None  # the hex of its Elder (option ``ancients``)
    vp_by: tuple[tuple[str, int], ...] = ()  # VP per category, in the view's order


@dataclass(frozen=True)
class Table:
    cells: tuple[Cell, ...]
    volcano: Hex | None
    dice: Mapping[str, tuple[str, ...]]
    values: Mapping[str, tuple[int, int, int]]  # reduced, normal, boosted (player to act)
    would: Mapping[str, Mapping[str, int]]  # action -> face in hand -> level (0, 1, 2)
    hand: tuple[str, ...]  # rolled dice not placed yet
    used: tuple[str, ...]  # actions taken this turn, in order
    slots: tuple[Slot | None, ...]
    deck: int
    players: Mapping[str, Player]
    scores: Mapping[str, int]
    # the board's own values; the player to act's normal values (reach, each, extra);
    # what improves each action (goal and event ids); the level Fire would give a face
    printed: Mapping[str, tuple[int, int, int]] = field(default_factory=dict)
    details: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    improved_by: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fire: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    step: str = ""
    marked: tuple[str, ...] = ()  # hexes the last move named
    paths: tuple[tuple[str, str], ...] = ()  # members moved by the last move: from, to
    focus: tuple[str, ...] = ()  # hexes of the decision being made
    conflicts: tuple[str, ...] = ()  # hexes above the limit
    victory: int = 15
    limit: int = 5  # the population limit now (4 under Sécheresse)


def _pairs(value: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(value, Mapping):
        return tuple((str(k), int(v)) for k, v in value.items() if isinstance(v, int) and v)
    return ()


VP_ORDER = ("villages", "developments", "achievements", "events")
"""The VP categories in the rules' order (``rules.tribes.players.VP_CATEGORIES``)."""


def _counts(value: Any) -> tuple[tuple[str, int], ...]:
    """VP per category, zeros kept, in the rules' order whatever the view's key order."""
    if not isinstance(value, Mapping):
        return ()
    found = [(str(k), int(v)) for k, v in value.items() if isinstance(v, int)]
    rank = {c: i for i, c in enumerate(VP_ORDER)}
    return tuple(sorted(found, key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


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
    tribes = view_of(view)  # a view may be sparse (older or hand-built): every read has a default
    seats = [str(s) for s in tribes.get("seats") or []]
    world = tribes.get("map")
    raw_hexes = world.get("hexes") if isinstance(world, Mapping) else None
    found = tribes.get("events")
    events: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    pieces = _event_pieces(events, seats)
    for seat, raw_player in (tribes.get("players") or {}).items():
        elder = raw_player.get("elder") if isinstance(raw_player, Mapping) else None
        if isinstance(elder, str):
            pieces.setdefault(elder, {})["elder"] = str(seat)
    cells = [
        _cell(raw, seats, pieces.get(str(raw.get("id")), {}))
        for raw in raw_hexes or []
        if isinstance(raw, Mapping)
    ]
    ids = {c.id for c in cells}
    volcano = _volcano(events.get("volcano") or view.get("volcano"))  # older views: at the top
    board = _board(tribes.get("board"), over=bool(tribes.get("over")))
    slots = tuple(_slot(raw) for raw in events.get("slots") or [])
    acquired = events.get("acquired")
    bought: Mapping[str, Any] = acquired if isinstance(acquired, Mapping) else {}
    players = {
        seat: _player(seat, (tribes.get("players") or {}).get(seat), bought.get(seat))
        for seat in seats
    }
    sheet = tribes.get("scores") or {}
    scores = {s: int(sheet[s].get("total") or 0) if s in sheet else 0 for s in seats}
    pending: Mapping[str, Any] = tribes.get("pending") or {}  # read by a key chosen below
    focus = tuple(
        str(pending[k]).upper()
        for k in ("hex", "source", "target")
        if isinstance(pending, Mapping) and isinstance(pending.get(k), str)
    )
    return Table(
        cells=tuple(cells),
        volcano=volcano,
        **board,
        hand=_strs(tribes.get("hand")),
        used=_strs(tribes.get("actions_taken")),
        slots=slots,
        deck=int(events.get("deck") or 0),
        limit=int(events.get("limit") or 5),
        players=players,
        scores=scores,
        step=str(tribes.get("step") or ""),
        marked=tuple(h for h in _last_hexes(view) if h in ids),
        paths=tuple(p for p in _last_paths(view) if p[0] in ids and p[1] in ids),
        focus=tuple(h for h in focus if h in ids),
        conflicts=tuple(h for h in _strs(tribes.get("conflicts")) if h in ids),
        victory=int(tribes.get("victory") or 15),
    )


LEVELS = ("reduced", "normal", "boosted")


def _board(board: Mapping[str, ActionView] | None, *, over: bool = False) -> dict[str, Any]:
    """The action board's fields of ``Table``: per action its dice, the values the
    player to act would get (``active``; the printed ones in an older view, or once the
    game is over and nobody acts), the printed values, what improves them, and the
    strength each face in hand would give, with Fire too where it would lift it."""
    out: dict[str, dict[str, Any]] = {
        k: {} for k in ("dice", "values", "would", "printed", "details", "improved_by", "fire")
    }
    for action, raw in board.items() if isinstance(board, Mapping) else ():
        if not isinstance(raw, Mapping):
            continue
        a = str(action)
        out["dice"][a] = tuple(str(f) for f in raw.get("dice") or [])[:3]
        printed = raw.get("values") or {}
        found = None if over else raw.get("active")
        active: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
        amounts = active.get("values") or printed
        out["printed"][a] = _levels(printed)
        out["values"][a] = _levels(amounts)
        normal = amounts.get("normal") if isinstance(amounts, Mapping) else None
        out["details"][a] = dict(_pairs(normal))
        out["improved_by"][a] = _strs(active.get("from"))
        out["would"][a] = _faces(raw.get("if"))
        out["fire"][a] = _faces(raw.get("if_fire"))
    return out


def _levels(amounts: Any) -> tuple[int, int, int]:
    found = amounts if isinstance(amounts, Mapping) else {}
    reduced, normal, boosted = (_amount(found.get(s)) for s in LEVELS)
    return reduced, normal, boosted


def _faces(raw: Any) -> dict[str, int]:
    """``{face: strength}`` as ``{face: level}`` (0 reduced, 1 normal, 2 boosted)."""
    found = raw if isinstance(raw, Mapping) else {}
    return {str(f): LEVELS.index(s) for f, s in found.items() if s in LEVELS}


def _amount(value: Any) -> int:
    """The headline number of an action's value: members, hexes or cards."""
    if isinstance(value, Mapping):
        for key in ("members", "hexes", "cards"):
            if isinstance(value.get(key), int):
                return int(value[key])
    return int(value) if isinstance(value, int) else 0


def _event_pieces(events: Mapping[str, Any], seats: Sequence[str]) -> dict[str, dict[str, Any]]:
    """What the events put on hexes: hex id -> {mammoth (tamer seat or True), tiger,
    fire, abandoned}."""
    out: dict[str, dict[str, Any]] = {}
    mammoth = events.get("mammoth")
    if isinstance(mammoth, Mapping) and isinstance(mammoth.get("hex"), str):
        tamer = mammoth.get("tamer")
        out.setdefault(mammoth["hex"], {})["mammoth"] = tamer if tamer in seats else True
    for key, piece in (("tiger", "tiger"), ("burnt", "fire"), ("abandoned", "abandoned")):
        if isinstance(events.get(key), str):
            out.setdefault(events[key], {})[piece] = True
    return out


def _cell(raw: Mapping[str, Any], seats: Sequence[str], extra: Mapping[str, Any]) -> Cell:
    members = raw.get("members") or {}
    village = raw.get("village")
    raw = {**raw, **extra}
    mammoth = raw.get("mammoth")
    return Cell(
        id=str(raw.get("id", "?")),
        at=(int(raw.get("q", 0)), int(raw.get("r", 0))),
        terrain=str(raw.get("terrain", "lake")),
        members=tuple((s, int(members[s])) for s in seats if int(members.get(s) or 0) > 0),
        invaders=int(raw.get("invaders") or 0),
        village=str(village) if village in seats else None,
        abandoned=bool(raw.get("abandoned")),
        mammoth=bool(mammoth),
        tamer=str(mammoth) if isinstance(mammoth, str) and mammoth in seats else None,
        tiger=bool(raw.get("tiger")),
        fire=bool(raw.get("fire")),
        conflict=bool(raw.get("conflict")),
        limit=int(raw.get("limit") or 5),
        special=str(raw["special"]) if isinstance(raw.get("special"), str) else None,
        elder=str(raw["elder"]) if raw.get("elder") in seats else None,
        glacier=_glacier(raw.get("glacier")),
    )


def _glacier(raw: Any) -> tuple[int, bool] | None:
    if isinstance(raw, Mapping) and isinstance(raw.get("stones"), int):
        return int(raw["stones"]), bool(raw.get("melted"))
    return None


def _volcano(raw: Any) -> Hex | None:
    if isinstance(raw, Mapping) and isinstance(raw.get("q"), int):
        return (int(raw["q"]), int(raw["r"]))
    if isinstance(raw, Sequence) and len(raw) == 2 and all(isinstance(v, int) for v in raw):
        return (int(raw[0]), int(raw[1]))
    return None


def _slot(raw: SlotView | None) -> Slot | None:
    if not isinstance(raw, Mapping):
        return None
    count = raw.get("count")
    listed = raw.get("prices")
    prices: list[Any] = listed if isinstance(listed, list) else []
    markers = raw.get("markers")
    return Slot(
        id=str(raw.get("slug") or raw.get("id")),
        stock=_pairs(raw.get("stock")),
        prices=tuple(_pairs(p) for p in prices if isinstance(p, Mapping)),
        markers=int(markers) if isinstance(markers, int) else None,
        die=int(count["n"])
        if isinstance(count, Mapping) and isinstance(count.get("n"), int)
        else None,
        holder=str(count["seat"]) if isinstance(count, Mapping) and count.get("seat") else None,
        members=int(raw["members"]) if isinstance(raw.get("members"), int) else 0,
    )


def _player(seat: str, found: PlayerView | None, bought: Any = None) -> Player:
    raw = found if found is not None else cast(PlayerView, {})  # sparse views: defaults
    villages = raw.get("villages")
    return Player(
        seat=seat,
        tribe=str(raw.get("tribe") or ""),
        resources=_pairs(raw.get("resources")),
        supply=int(raw.get("supply") or 0),
        on_map=int(raw.get("on_map") or 0),
        villages=len(villages) if isinstance(villages, list) else int(villages or 0),
        village_cost=_pairs(raw.get("village_cost")),
        open_goals=tuple(_goal(g) for g in raw.get("goals") or []),
        done_goals=tuple(_goal(g) for g in raw.get("done") or []),
        tokens=_strs(bought) if bought else _strs(raw.get("acquired")),
        deck=int(raw.get("deck") or 0),
        chief=str(raw.get("chief") or ""),
        chief_chosen=bool(raw.get("chief_chosen")),
        ambush=int(raw.get("ambush") or 0),
        hidden_village=int(raw.get("hidden_village") or 0),
        elder=str(raw["elder"]) if isinstance(raw.get("elder"), str) else None,
        vp_by=_counts(raw.get("vp_by")),
    )


def _goal(raw: GoalView | str) -> Goal:
    if isinstance(raw, Mapping):
        return Goal(
            id=str(raw.get("id")),
            development=bool(raw.get("development")),
            vp=int(raw.get("vp") or 0),
            cost=_pairs(raw.get("cost")),
            ready=bool(raw.get("ready")),
        )
    return Goal(id=str(raw), development=str(raw).startswith("D"))


def _last_texts(view: View) -> list[Mapping[str, Any]]:
    """The parameters of the last move's label and of its public notes."""
    last = view.get("last")
    if not isinstance(last, Mapping):
        return []
    texts = [last.get("label"), *(last.get("notes") or [])]
    found = [t.get("params") for t in texts if isinstance(t, Mapping)]
    return [p for p in found if isinstance(p, Mapping)]


def _last_hexes(view: View) -> list[str]:
    """Hex ids named by the last move's label and notes (``H05`` or ``h05``)."""
    out: list[str] = []
    for params in _last_texts(view):
        out += [v.upper() for v in params.values() if isinstance(v, str) and len(v) <= 4]
    return list(dict.fromkeys(out))


def _last_paths(view: View) -> list[tuple[str, str]]:
    """Moves of members the last move made (``source`` to ``target`` in its notes)."""
    out = []
    for params in _last_texts(view):
        source, target = params.get("source"), params.get("target")
        if isinstance(source, str) and isinstance(target, str):
            out.append((source.upper(), target.upper()))
    return out


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
