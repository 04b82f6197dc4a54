"""Special terrains (option ``terrains``; rulebook "Terrains spéciaux", components 3.9, T18, T19).

The tiles in play (``options.special_terrains``) replace basic tiles at set-up: each
takes the place of a random plain tile of a type it may replace (Terre sauvage: any
type, placed last), and the first player lays the Glacier on a plain mountain of his
choice (``glacier:h05``) before the starting placements (T18). A special tile always
counts as the basic type it replaces for goals, events and resources; the Terre sauvage
counts as all three (``counts_as``).

State (only with the option on): ``data["specials"]`` hex id -> special terrain id, and
with the Glacier ``data["glacier"] = {"hex": id | None, "stones": n, "melted": bool}``
(``hex`` is ``None`` until it is laid; the tile leaves ``specials`` when it melts).

Effects (``data/terrains.json`` holds the numbers):

- **Grand Lac, Grande Montagne, Grande Forêt** (``great``): each selection in a Gather
  gives 1 more of the same resource (per selection, T3).
- **Terre sauvage** (``wild``): any type may be taken there; once per Gather one
  selection of it may be a mix of types (``at:h05:wood+food``).
- **Jungle, Oasis** (``crowded``): the gathering tribe needs 3 members there to select it.
- **Gouffre** (``chasm``): right after the conflict step of every turn (whether or not a
  conflict took place), each tribe with exactly 1 member there loses it (T19).
- **Glacier**: population limit 3, no village, at most 1 stone per Gather whatever
  the developments (it can be selected once per Gather and never feeds Basketry); each
  boosted action (2+ suns), whoever takes it, puts a stone on it; at the 5th it melts at
  once, the hex is a plain mountain again and the first player to select it in a
  Gather takes the 5 stones as well.
"""

from __future__ import annotations

import json
import re
from itertools import combinations_with_replacement
from typing import Any

from rules import rng
from rules.base import IllegalMove, Move, Record, State, Text
from rules.tribes import board as bd
from rules.tribes import frames as fr
from rules.tribes import state as st
from rules.tribes.components import (
    DATA_DIR,
    RESOURCES,
    SPECIAL_TERRAINS,
    TERRAINS,
    ComponentError,
)
from rules.tribes.options import special_terrains
from rules.tribes.players import player, seat
from rules.tribes.state import GatherFrame, GlacierFrame, TribesData
from rules.tribes.view_types import SpecialPart
from rules.tribes.villages import lose_villages

Data = TribesData
KINDS = ("great", "wild", "crowded", "chasm", "glacier")


def _load() -> dict[str, dict[str, Any]]:
    """The special tiles of ``data/terrains.json`` with their effect, checked."""
    raw = json.loads((DATA_DIR / "terrains.json").read_text(encoding="utf-8"))
    tiles: dict[str, dict[str, Any]] = {}
    for entry in raw["special"]:
        tid = entry["id"]

        def check(ok: bool, problem: str, tid: str = tid) -> None:
            if not ok:
                raise ComponentError("terrains.json", tid, problem)

        check(entry.get("kind") in KINDS, f"kind among {KINDS}")
        check(set(entry["swap_with"]) <= set(TERRAINS), "swap_with: basic types")
        check(set(entry["counts_as"]) <= set(TERRAINS), "counts_as: basic types")
        check(set(entry["counts_as"]) == set(entry["swap_with"]), "counts as what it replaces")
        kind = entry["kind"]
        if kind == "great":
            check(entry.get("extra") == 1 and len(entry["swap_with"]) == 1, "great: 1 extra")
        if kind == "crowded":
            check(entry.get("min_members") == 3, "crowded: 3 members (rulebook)")
        if kind == "chasm":
            check(entry.get("lone") == 1, "chasm: a lone member falls (rulebook)")
        if kind == "glacier":
            check(
                entry.get("population_limit") == 3
                and entry.get("most_stone") == 1
                and entry.get("melt_at") == 5
                and entry["swap_with"] == ["mountain"],
                "glacier: limit 3, 1 stone, melts at 5, on a mountain (rulebook)",
            )
        tiles[tid] = dict(entry)
    if list(tiles) != list(SPECIAL_TERRAINS):
        raise ComponentError("terrains.json", "special", "ids as loaded by components")
    counts = [tiles[t]["kind"] for t in tiles]
    expected = {"great": 3, "wild": 1, "crowded": 2, "chasm": 1, "glacier": 1}
    if {k: counts.count(k) for k in expected} != expected:
        raise ComponentError("terrains.json", "special", "3 great, 1 wild, 2 crowded, ...")
    return tiles


TILES = _load()
GLACIER = "glacier"
WILD = "wild_land"
_GLACIER = TILES[GLACIER]


def kind_of(tile: str) -> str:
    found: str = TILES[tile]["kind"]
    return found


# ----------------------------------------------------------------------------- set-up


def set_up(state: State) -> None:
    """Lay the chosen special tiles (after every base set-up draw, so that the base game's
    draws are unchanged); ask the first player where the Glacier goes."""
    chosen = special_terrains(state.options)
    if not chosen:
        return
    data = st.data(state)
    specials: dict[str, str] = {}
    order = [t for t in chosen if t not in (WILD, GLACIER)]
    order += [t for t in chosen if t == WILD]
    for tile in order:
        spots = [
            h
            for h in data["hexes"]
            if h not in specials and data["hexes"][h] in TILES[tile]["swap_with"]
        ]
        specials[rng.choice(state, spots)] = tile
    data["specials"] = {h: specials[h] for h in data["hexes"] if h in specials}
    if GLACIER in chosen:
        data["glacier"] = {"hex": None, "stones": 0, "melted": False}
        fr.add(state, GlacierFrame(kind="glacier", player=data["first"]))


def _glacier_spots(data: Data) -> list[str]:
    return [h for h, t in data["hexes"].items() if t == "mountain" and h not in data["specials"]]


def _glacier_moves(state: State, frame: GlacierFrame) -> list[Move]:
    return [
        Move(
            f"glacier:{h.lower()}",
            Text("tribes.move.glacier", {"hex": h, "terrain": "@tribes.terrain.mountain"}),
            "place",
        )
        for h in _glacier_spots(st.data(state))
    ]


def _glacier_apply(state: State, frame: GlacierFrame, code: str, record: Record) -> None:
    fr.pop(state)
    hex_id = code.partition(":")[2].upper()
    data = st.data(state)
    data["glacier"]["hex"] = hex_id
    data["specials"][hex_id] = GLACIER
    data["specials"] = {h: data["specials"][h] for h in data["hexes"] if h in data["specials"]}
    record.note("tribes.note.glacier_laid", player=seat(state, frame["player"]), hex=hex_id)


# ------------------------------------------------------------------- what a hex is


def special(data: Data, hex_id: str) -> str | None:
    """The special terrain on ``hex_id`` (``None``: a plain tile, or the option off)."""
    specials: dict[str, str] | None = data.get("specials")
    return None if specials is None else specials.get(hex_id)


def terrain_ref(data: Data, hex_id: str) -> str:
    """The name of the hex's tile for labels (``@tribes.special.<id>`` on a special one)."""
    tile = special(data, hex_id)
    return f"@tribes.terrain.{data['hexes'][hex_id]}" if tile is None else f"@tribes.special.{tile}"


def hex_params(state: State, hex_id: str) -> dict[str, Any]:
    """The parameters of a label naming a hex: its id and its tile (``terrain_ref``)."""
    return {"hex": hex_id, "terrain": terrain_ref(st.data(state), hex_id)}


def counts_as(data: Data, hex_id: str, terrain: str) -> bool:
    """Whether ``hex_id`` counts as a ``terrain`` hex for goals and events."""
    return data["hexes"][hex_id] == terrain or special(data, hex_id) == WILD


def kinds(data: Data, hex_id: str) -> tuple[str, ...]:
    """The basic types ``hex_id`` counts as (all three on the Terre sauvage)."""
    if special(data, hex_id) == WILD:
        return tuple(TERRAINS)
    return (data["hexes"][hex_id],)


def printed_resources(data: Data, hex_id: str) -> list[str]:
    """What one selection of ``hex_id`` may give before events change it."""
    if special(data, hex_id) == WILD:
        return list(RESOURCES)
    return [TERRAINS[data["hexes"][hex_id]]]


def population_limit(data: Data, hex_id: str, limit: int) -> int:
    """``limit`` (5 or an event's) lowered to 3 on the Glacier."""
    if special(data, hex_id) == GLACIER:
        return min(limit, int(_GLACIER["population_limit"]))
    return limit


def village_allowed(data: Data, hex_id: str) -> bool:
    """No village on the Glacier."""
    return special(data, hex_id) != GLACIER


# ----------------------------------------------------------------------------- gather


def can_select(state: State, frame: GatherFrame, hex_id: str) -> bool:
    """Whether the gathering player may select ``hex_id`` now (Jungle, Oasis: 3 members;
    the Glacier once per Gather)."""
    tile = special(st.data(state), hex_id)
    if tile is None:
        return True
    kind = kind_of(tile)
    if kind == "crowded":
        needed = int(TILES[tile]["min_members"])
        return bd.count(st.data(state), hex_id, frame["player"]) >= needed
    if kind == "glacier":
        return hex_id not in frame.get("at", [])
    return True


def amount(state: State, frame: GatherFrame, hex_id: str) -> int:
    """Resources one selection of ``hex_id`` gives in this Gather."""
    tile = special(st.data(state), hex_id)
    each = int(frame["each"])
    if tile is None:
        return each
    kind = kind_of(tile)
    if kind == "great":
        return each + int(TILES[tile]["extra"])
    if kind == "glacier":
        return min(each, int(_GLACIER["most_stone"]))
    return each


def mix_codes(state: State, frame: GatherFrame, hex_id: str) -> list[str]:
    """The mixes the Terre sauvage offers (once per Gather): ``wood+food`` ..."""
    if special(st.data(state), hex_id) != WILD or frame.get("mixed"):
        return []
    n = amount(state, frame, hex_id)
    return [
        "+".join(combo)
        for combo in combinations_with_replacement(RESOURCES, n)
        if len(set(combo)) > 1
    ]


def gains(
    state: State, frame: GatherFrame, hex_id: str, resource: str
) -> tuple[dict[str, int], bool]:
    """What a selection gives (``resource`` may be a mix ``wood+food``), and whether it
    counts for Basketry (the Glacier's stone never does). Marks a mix as used."""
    if "+" in resource:
        frame["mixed"] = True
        got: dict[str, int] = {}
        for r in resource.split("+"):
            got[r] = got.get(r, 0) + 1
        return got, True
    return {resource: amount(state, frame, hex_id)}, special(st.data(state), hex_id) != GLACIER


def after_select(state: State, p: int, hex_id: str, record: Record) -> None:
    """The melted Glacier's 5 stones go to the first player to gather on its mountain."""
    glacier = st.data(state).get("glacier")
    if glacier is None or not glacier["melted"] or glacier["hex"] != hex_id:
        return
    if glacier["stones"]:
        player(state, p)["resources"]["stone"] += glacier["stones"]
        record.note("tribes.note.glacier_stones", player=seat(state, p), n=glacier["stones"])
        glacier["stones"] = 0


# -------------------------------------------------------------------- other moments


def on_boosted(state: State, record: Record) -> bool:
    """A boosted action (2+ suns) puts a stone on the Glacier; the 5th melts it.
    ``True``: a stone was put (``undo_boosted`` takes it back with the die)."""
    glacier = st.data(state).get("glacier")
    if glacier is None or glacier["hex"] is None or glacier["melted"]:
        return False
    glacier["stones"] += 1
    record.note("tribes.note.glacier_stone", n=glacier["stones"])
    if glacier["stones"] >= int(_GLACIER["melt_at"]):
        glacier["melted"] = True
        del st.data(state)["specials"][glacier["hex"]]
        record.note("tribes.note.glacier_melts", hex=glacier["hex"], n=glacier["stones"])
    return True


def undo_boosted(state: State) -> None:
    """``back`` on a boosted action: its stone leaves the Glacier (which freezes again)."""
    data = st.data(state)
    glacier = data["glacier"]
    if glacier["melted"]:
        assert glacier["hex"] is not None
        glacier["melted"] = False
        data["specials"][glacier["hex"]] = GLACIER
        data["specials"] = {h: data["specials"][h] for h in data["hexes"] if h in data["specials"]}
    glacier["stones"] -= 1


def after_conflicts(state: State, record: Record) -> None:
    """The Gouffre takes a tribe's lone member there (each tribe separately, T19)."""
    data = st.data(state)
    specials: dict[str, str] | None = data.get("specials")
    if not specials:
        return
    fell = False
    for hex_id, tile in specials.items():
        if kind_of(tile) != "chasm":
            continue
        lone = int(TILES[tile]["lone"])
        for p, n in enumerate(bd.members(data, hex_id)):
            if n == lone:
                bd.add(data, hex_id, p, -n)
                player(state, p)["supply"] += n
                record.note("tribes.note.chasm", player=seat(state, p), hex=hex_id)
                fell = True
    if fell:
        lose_villages(state, record)


def view(data: Data, hex_id: str) -> SpecialPart:
    """The hex's special tile for the view (empty without one)."""
    tile = special(data, hex_id)
    glacier = data.get("glacier")
    out: SpecialPart = {}
    if tile is not None:
        out["special"] = tile
    if glacier is not None and glacier["hex"] == hex_id:
        out["glacier"] = {"stones": glacier["stones"], "melted": glacier["melted"]}
    return out


CODE = re.compile(
    r"^(?:glacier:h[0-9]{2}|at:h[0-9]{2}:(?:wood|food|stone)(?:\+(?:wood|food|stone))+)$"
)


def is_well_formed(code: str) -> bool:
    return bool(CODE.match(code))


def explain(state: State, code: str) -> IllegalMove | None:
    """Why a village on the Glacier is refused (``None``: not a terrain matter)."""
    head, _, arg = code.partition(":")
    if head == "village" and special(st.data(state), arg.upper()) == GLACIER:
        return IllegalMove("tribes.illegal.village_glacier", hex=arg.upper())
    return None


def check_invariants(state: State) -> str | None:
    """A problem with the special tiles (``None``: all is well): no village on the
    Glacier, at most 5 stones on it, each special tile on a hex of a type it replaces."""
    data = st.data(state)
    for hex_id, tile in data.get("specials", {}).items():
        if data["hexes"][hex_id] not in TILES[tile]["swap_with"]:
            return f"{tile} on a {data['hexes'][hex_id]}"
        if tile == GLACIER and hex_id in data["villages"]:
            return f"a village on the glacier {hex_id}"
    glacier = data.get("glacier")
    if glacier is not None and not 0 <= glacier["stones"] <= int(_GLACIER["melt_at"]):
        return f"{glacier['stones']} stones on the glacier"
    return None


fr.register("glacier", _glacier_moves, _glacier_apply)
