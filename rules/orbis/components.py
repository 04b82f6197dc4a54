"""Orbis components: the 65 Region tiles, the 10 gods and the set-up numbers, loaded
from ``data/*.json`` and checked at import (docs/contributors/components/orbis.md sections 3.2-3.5).

The tile list is our own design (the rulebook prints none): the data files say so, and
anyone with the box can replace them; the checks here are the ones of section 3.3 that
follow from the rulebook (counts per level, stars per level, colours, mystic values).
Errors name the file and the entry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Required, TypedDict

COLOURS = ("yellow", "green", "blue", "red", "white")
"""The five colours, in the order every list of this game uses."""
LETTERS = {"y": "yellow", "g": "green", "b": "blue", "r": "red", "w": "white"}
"""Move codes and the data files name colours by their first letter."""
LETTER_OF = {c: k for k, c in LETTERS.items()}
ANY = "any"
"""The multicolour cost symbol (any colour)."""
EFFECT_KINDS = (
    "farm",
    "proselytism",
    "sacred_stone",
    "village",
    "forest",
    "irrigation",
    "volcano",
    "temple",
)
STAR_COLOURS = ("black", "violet", "white")


class EffectView(TypedDict, total=False):
    """A Region tile's effect in the view: its ``kind`` and the keys of that kind
    (``Effect.to_json``)."""

    kind: Required[str]
    colour: str | None
    """farm, irrigation, proselytism (``any``: a colour of the player's choice)."""
    n: int
    """proselytism: cubes gained."""
    discard: int
    """village: cubes discarded."""
    min: int
    """forest: touching tiles needed."""
    colours: list[str]
    """forest: the colours that count around it."""
    cubes: dict[str, int]
    """volcano: the cubes to destroy, by colour."""
    icons: int
    """temple: its temple icons."""


class TileView(TypedDict):
    """A Region tile's public face in the view (``Tile.to_json``)."""

    id: str
    colour: str
    level: int
    cost: dict[str, int]
    """Symbols by colour, ``any`` for the multicolour ones."""
    effect: EffectView
    pc: int
    mystic: int | None


class GodView(TypedDict):
    """A god in the view (``God.to_json``); names and texts are locale keys."""

    id: str
    kind: str
    params: dict[str, str]
    pc: int


class DataError(ValueError):
    """A data file of ``rules/orbis/data`` is wrong (its message names file and entry)."""


@dataclass(frozen=True)
class Effect:
    """A Region tile's effect: ``kind`` with its parameters (components 3.1)."""

    kind: str
    colour: str | None = None
    """farm, irrigation, proselytism: a colour (proselytism may say ``any``)."""
    n: int = 0
    """proselytism: cubes gained; village: cubes discarded; forest: tiles needed;
    temple: temple icons."""
    colours: tuple[str, ...] = ()
    """forest: the colours that count around it."""
    cubes: tuple[tuple[str, int], ...] = ()
    """volcano: the cubes to destroy, by colour (in ``COLOURS`` order)."""

    def to_json(self) -> EffectView:
        out: EffectView = {"kind": self.kind}
        if self.kind in ("farm", "irrigation"):
            out["colour"] = self.colour
        elif self.kind == "proselytism":
            out["colour"] = self.colour
            out["n"] = self.n
        elif self.kind == "village":
            out["discard"] = self.n
        elif self.kind == "forest":
            out["min"] = self.n
            out["colours"] = list(self.colours)
        elif self.kind == "volcano":
            out["cubes"] = dict(self.cubes)
        elif self.kind == "temple":
            out["icons"] = self.n
        return out


@dataclass(frozen=True)
class Tile:
    """One Region tile (components 3.2)."""

    id: str
    colour: str
    level: int
    stars: str
    cost: tuple[tuple[str, int], ...]
    """Coloured symbols by colour (``COLOURS`` order), then ``("any", n)`` if any."""
    effect: Effect
    pc: int
    mystic: int | None

    def cost_of(self, colour: str) -> int:
        return dict(self.cost).get(colour, 0)

    @property
    def any_cost(self) -> int:
        return dict(self.cost).get(ANY, 0)

    def used_at(self, players: int) -> bool:
        return self.stars in SETUP.by_players[players].stars

    def to_json(self) -> TileView:
        return {
            "id": self.id,
            "colour": self.colour,
            "level": self.level,
            "cost": dict(self.cost),
            "effect": self.effect.to_json(),
            "pc": self.pc,
            "mystic": self.mystic,
        }


@dataclass(frozen=True)
class God:
    """One God tile (rulebook page 7; components 3.4)."""

    id: str
    kind: str
    params: tuple[tuple[str, str], ...]
    pc: int

    def param(self, name: str) -> str:
        return dict(self.params)[name]

    def to_json(self) -> GodView:
        return {"id": self.id, "kind": self.kind, "params": dict(self.params), "pc": self.pc}


@dataclass(frozen=True)
class PlayerCount:
    stars: tuple[str, ...]
    gods: int
    temple_tokens: tuple[int, ...]


@dataclass(frozen=True)
class Setup:
    by_players: dict[int, PlayerCount]
    display_size: int
    domain_limit: int
    trade_give: int
    pyramid_rows: tuple[int, ...]
    wasteland_penalty: int
    removed_stars_per_level: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def display_slots(self) -> int:
        return self.display_size * self.display_size

    @property
    def pyramid_size(self) -> int:
        return sum(self.pyramid_rows)

    @property
    def turns(self) -> int:
        """Turns per player: a tile per pyramid place, plus the god."""
        return self.pyramid_size + 1


def _read(name: str) -> dict[str, Any]:
    path = resources.files("rules.orbis").joinpath("data", name)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"orbis/data/{name}: {exc}") from exc
    if not isinstance(raw, dict):
        raise DataError(f"orbis/data/{name}: not an object")
    return raw


_COST = re.compile(r"^(\d)([YGBRW*])$")
_EFFECT = re.compile(r"^([a-z_]+)(?:\((.*)\))?$")


def _colour(letter: str, where: str) -> str:
    colour = LETTERS.get(letter.lower())
    if colour is None:
        raise DataError(f"{where}: unknown colour {letter!r}")
    return colour


def parse_cost(text: str, where: str) -> tuple[tuple[str, int], ...]:
    """``free`` or ``1Y+1R+1*`` -> ``(("yellow", 1), ("red", 1), ("any", 1))``."""
    if text == "free":
        return ()
    counts: dict[str, int] = {}
    for part in text.split("+"):
        match = _COST.match(part.strip())
        if match is None:
            raise DataError(f"{where}: unreadable cost {text!r}")
        key = ANY if match.group(2) == "*" else _colour(match.group(2), where)
        if key in counts:
            raise DataError(f"{where}: colour repeated in cost {text!r}")
        counts[key] = int(match.group(1))
    return tuple((c, counts[c]) for c in (*COLOURS, ANY) if c in counts)


def parse_effect(text: str, where: str) -> Effect:
    """The effect notation of components 3.1 -> ``Effect``."""
    match = _EFFECT.match(text.replace(" ", ""))
    if match is None or match.group(1) not in EFFECT_KINDS:
        raise DataError(f"{where}: unknown effect {text!r}")
    kind, inner = match.group(1), match.group(2) or ""
    args = [a for a in inner.split(",") if a]
    named = dict(a.split("=", 1) for a in args if "=" in a)
    try:
        if kind == "farm" or kind == "irrigation":
            return Effect(kind, colour=_colour(args[0], where))
        if kind == "proselytism":
            colour = ANY if args[0] == "any" else _colour(args[0], where)
            return Effect(kind, colour=colour, n=int(args[1]))
        if kind == "sacred_stone":
            return Effect(kind)
        if kind == "village":
            return Effect(kind, n=int(named["discard"]))
        if kind == "forest":
            colours = tuple(_colour(c, where) for c in named["colours"])
            return Effect(kind, n=int(named["min"]), colours=colours)
        if kind == "volcano":
            wanted = {_colour(k, where): int(v) for k, v in named.items()}
            return Effect(kind, cubes=tuple((c, wanted[c]) for c in COLOURS if c in wanted))
        return Effect(kind, n=int(named["icons"]))
    except (IndexError, KeyError, ValueError) as exc:
        raise DataError(f"{where}: unreadable effect {text!r}") from exc


def _load_setup() -> Setup:
    raw = _read("setup.json")
    by_players = {
        int(k): PlayerCount(tuple(v["stars"]), int(v["gods"]), tuple(v["temple_tokens"]))
        for k, v in raw["by_players"].items()
    }
    return Setup(
        by_players=by_players,
        display_size=int(raw["display_size"]),
        domain_limit=int(raw["domain_limit"]),
        trade_give=int(raw["trade_give"]),
        pyramid_rows=tuple(raw["pyramid_rows"]),
        wasteland_penalty=int(raw["wasteland_penalty"]),
        removed_stars_per_level={k: tuple(v) for k, v in raw["removed_stars_per_level"].items()},
    )


def _load_tiles() -> dict[str, Tile]:
    raw = _read("regions.json")
    tiles: dict[str, Tile] = {}
    for entry in raw["tiles"]:
        where = f"orbis/data/regions.json {entry.get('id')}"
        if entry["colour"] not in COLOURS or entry["stars"] not in STAR_COLOURS:
            raise DataError(f"{where}: unknown colour")
        if entry["id"] in tiles:
            raise DataError(f"{where}: id used twice")
        tiles[entry["id"]] = Tile(
            id=entry["id"],
            colour=entry["colour"],
            level=int(entry["level"]),
            stars=entry["stars"],
            cost=parse_cost(entry["cost"], where),
            effect=parse_effect(entry["effect"], where),
            pc=int(entry["pc"]),
            mystic=entry["mystic"],
        )
    return tiles


def _load_gods() -> dict[str, God]:
    raw = _read("gods.json")
    gods: dict[str, God] = {}
    for entry in raw["gods"]:
        where = f"orbis/data/gods.json {entry.get('id')}"
        match = _EFFECT.match(entry["effect"].replace(" ", ""))
        if match is None:
            raise DataError(f"{where}: unreadable effect")
        inner = [a for a in (match.group(2) or "").split(",") if a]
        params = tuple(
            (a.split("=", 1)[0], a.split("=", 1)[1]) if "=" in a else (f"_{i}", a)
            for i, a in enumerate(inner)
        )
        gods[entry["id"]] = God(entry["id"], match.group(1), params, int(entry["pc"]))
    return gods


SETUP = _load_setup()
TILES = _load_tiles()
GODS = _load_gods()
LEVELS = (1, 2, 3)


def check_components() -> list[str]:
    """The data checks of docs/contributors/components/orbis.md section 3.3 (empty list:
    all hold)."""
    problems: list[str] = []
    per_level = {lv: [t for t in TILES.values() if t.level == lv] for lv in LEVELS}
    if [len(per_level[lv]) for lv in LEVELS] != [20, 20, 25]:
        problems.append("tiles per level are not 20/20/25")
    for star, expected in SETUP.removed_stars_per_level.items():
        got = tuple(sum(1 for t in per_level[lv] if t.stars == star) for lv in LEVELS)
        if got != expected:
            problems.append(f"{star} stars per level {got} != {expected}")
    for players, count in SETUP.by_players.items():
        used = sum(1 for t in TILES.values() if t.used_at(players))
        draws = players * (SETUP.pyramid_size)
        if used - SETUP.display_slots != draws:
            problems.append(f"{players} players: {used} tiles cannot feed {draws} picks exactly")
        if count.gods != players + 1 or len(count.temple_tokens) != players:
            problems.append(f"{players} players: gods or temple tokens miscounted")
    for colour in COLOURS:
        if sum(1 for t in TILES.values() if t.colour == colour) != 13:
            problems.append(f"{colour}: not 13 tiles")
    mystic = sorted(t.mystic for t in TILES.values() if t.mystic is not None)
    if mystic != list(range(1, 14)) or any(
        (t.mystic is None) != (t.colour != "white") for t in TILES.values()
    ):
        problems.append("mystic values are not 1-13 on the white tiles only")
    if any(n > 2 for t in TILES.values() for c, n in t.cost if c != ANY):
        problems.append("a cost asks more than 2 of one colour")
    farms = sorted(t.effect.colour or "" for t in TILES.values() if t.effect.kind == "farm")
    if farms != sorted(COLOURS):
        problems.append("not one Farm per colour")
    if len(GODS) != 10 or sum(g.pc for g in GODS.values()) != 25:
        problems.append("not 10 gods worth 25 PC")
    return problems


_problems = check_components()
if _problems:
    raise DataError("orbis/data: " + "; ".join(_problems))
