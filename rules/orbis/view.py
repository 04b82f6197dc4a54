"""What the table sees of an Orbis game: everything but the order of the piles.

Orbis hides nothing but the face-down piles (only their sizes are shown) and the gods
left in the box (not shown at all), so every seat's view is the public view. Colours
are the words ``yellow``, ``green``, ``blue``, ``red``, ``white``; a cube count is
``{"yellow": n, "green": n, "blue": n, "red": n, "white": n}`` (all five keys).

Typed as ``state.OrbisPart`` (``state.OrbisView`` with the envelope, what front ends
and the renderer read through ``state.view_of``). Shape (the contract adds the
envelope: game, seats, out, to_act, turn, round, over, last, scores, winners)::

    {"display": [  # 9 slots in reading order (slot 1 top left .. 9 bottom right)
        {"slot": 1..9, "tile": tile | null, "cubes": cubes}],
     "piles": {"1": n, "2": n, "3": n},           # face-down tiles left per level
     "gods": [god],                                # gods still on offer
     "temple_tokens": [11, 7, 4, 2],              # the tokens of this player count
     "turns_each": 15,
     "pending": null | {"seat": s,                # the turn under way
                        "kind": "region" | "god" | null (null: a trade before choosing),
                        "tile": tile | null,      # the Region tile taken, not yet placed
                        "god": god | null, "slot": 1..9 | null,
                        "step": "pay" | "place" | "effect" | "limit",
                        "decision": "trade" | "pay" | "place" | "pick" | "village" |
                                    "volcano" | "burn" | "lose" | "love" | "death" | null,
                        "wasteland": bool,        # placing it as a Wasteland
                        "need": cubes | null,     # Volcano cubes still to destroy
                        "left": n | null,         # cubes still to discard / gain
                        "spots": [{"spot": code, "row": r, "x": x}]},  # where it may go
     "last_take": null | {"seat": s, "kind": "region" | "god", "slot": 1..9 | null,
                          "tile": id | null, "god": id | null},  # outline it
     "players": {seat: {
         "index": i, "turns": n played, "turns_left": n,
         "domain": cubes, "cubes": total,
         "reductions": [colours of the player's Farms],
         "god": god | null, "god_cancelled": bool, "god_pc": n,
         "temples": n (counted as the option says), "mystic": best mystic value | 0,
         "temple_token": value | null (the token they would get now),
         "wastelands": n,
         "pyramid": [cell], "pyramid_size": n,
         "score": {"tiles", "god", "temple", "wastes", "total"}}},
     "round": n,
     "breakdown": null | the final score sheet (``ScoreSheet.to_json``) once over}

where ``tile`` is ``{"id", "colour", "level", "cost": {"yellow": 1, "any": 1},
"effect": effect, "pc", "mystic"}``, ``effect`` one of ``{"kind": "farm", "colour"}``,
``{"kind": "proselytism", "colour": colour | "any", "n"}``, ``{"kind":
"sacred_stone"}``, ``{"kind": "village", "discard": n}``, ``{"kind": "forest", "min": n,
"colours": [..]}``, ``{"kind": "irrigation", "colour"}``, ``{"kind": "volcano", "cubes":
{colour: n}}``, ``{"kind": "temple", "icons": n}``; ``god`` is ``{"id", "kind",
"params", "pc"}`` (names and texts: locale keys ``orbis.god.<id>.name`` / ``.text``);
and a pyramid ``cell`` is ``{"row": 0..3 (0 = bottom), "x": 0..4-row, "tile": tile,
"wasteland": bool, "status": "valid" | "cancelled" | "waiting" | null, "pc": n}``: the
tile at ``(row, x)`` rests on ``(row-1, x)`` and ``(row-1, x+1)``; bottom-row ``x``
starts at 0 at its leftmost tile (it may still grow on either side while shorter than
5). ``status`` is set for Villages, Volcanoes and Irrigations once their effect is
resolved, and for Forests (``valid`` / ``waiting``: checked at the end, so a Forest
not surrounded enough reads ``cancelled`` once the game is over); ``pc`` is what
the tile scores now (0 for a Wasteland, whose -1 is in ``wastelands``).
"""

from __future__ import annotations

from rules.base import JSON, Seat, Section, State, Text
from rules.kit.end import is_over
from rules.orbis import domain as dm
from rules.orbis import moves as mv
from rules.orbis import pyramid as pm
from rules.orbis import scoring
from rules.orbis.components import GODS, SETUP, TILES
from rules.orbis.state import (
    CellView,
    Last,
    LastTakeView,
    OrbisData,
    OrbisFrame,
    OrbisPart,
    PendingView,
    PlayerView,
    SpotView,
    data,
)


def cell_view(pyramid: pm.Pyramid, cell: pm.Cell, over: bool) -> CellView:
    tile = TILES[cell.tile]
    status = cell.status
    if not cell.wild and tile.effect.kind == "forest":
        # checked at the end: once the game is over, a Forest not surrounded is not valid
        status = "valid" if scoring.forest_ok(pyramid, cell) else "cancelled" if over else "waiting"
    return {
        "row": cell.row,
        "x": cell.x,
        "tile": tile.to_json(),
        "wasteland": cell.wild,
        "status": None if cell.wild else status,
        "pc": scoring.tile_points(pyramid, cell),
    }


def pending_view(state: State) -> PendingView | None:
    orbis = data(state)
    act = orbis["act"]
    frame = mv.stack(orbis).top
    if act is None and frame is None:
        return None
    seat = state.seats[orbis["turn"]]
    tile = (
        act["tile"] if act is not None and act["kind"] == "region" and "cell" not in act else None
    )
    god = act["god"] if act is not None and act["kind"] == "god" else None
    need = frame["need"] if frame is not None and frame["kind"] == "burn" else None
    left: int | None = None
    if frame is not None and (
        frame["kind"] == "lose" or frame["kind"] == "love" or frame["kind"] == "pick"
    ):
        board = orbis["boards"][orbis["turn"]]
        if frame["kind"] == "lose" and frame["why"] == "limit":
            left = dm.total(board["domain"]) - SETUP.domain_limit
        else:
            left = frame["n"]
    return {
        "seat": seat,
        "kind": act["kind"] if act is not None else None,
        "tile": TILES[tile].to_json() if tile is not None else None,
        "god": GODS[god].to_json() if god is not None else None,
        "slot": act["slot"] + 1 if act is not None and act["slot"] is not None else None,
        "step": act["step"] if act is not None else None,
        "decision": frame["kind"] if frame is not None else None,
        "wasteland": bool(frame is not None and frame["kind"] == "place" and frame["wild"]),
        "need": dict(need) if need is not None else None,
        "left": left,
        "spots": place_spots(orbis, frame),
    }


def place_spots(data: OrbisData, frame: OrbisFrame | None) -> list[SpotView]:
    """Where the tile being placed may go (what ``place:<spot>`` offers), each with the
    place the picture marks: ``row`` 0..3 (0 = bottom) and ``x`` as the pyramid's cells
    count them (``left``: -1, before the bottom row)."""
    if frame is None or frame["kind"] != "place":
        return []
    pyramid = data["boards"][data["turn"]]["pyramid"]
    colour = None if frame["wild"] else TILES[mv.region_tile(data)].colour
    out: list[SpotView] = []
    for spot in pm.spots(pyramid, colour):
        row, x = pm.spot_position(pyramid, spot)
        out.append({"spot": spot, "row": row, "x": x})
    return out


def last_take_view(last: Last | None) -> LastTakeView | None:
    if last is None:
        return None
    slot = last["slot"]
    return {
        "seat": last["seat"],
        "kind": last["kind"],
        "slot": slot + 1 if slot is not None else None,
        "tile": last["tile"],
        "god": last["god"] if last["kind"] == "god" else None,
    }


def orbis_view(state: State, rows: list[dict[str, int]], breakdown: JSON | None) -> OrbisPart:
    """The view (the same for every seat: Orbis hides only the piles' order);
    ``breakdown`` is the final score sheet once the game is over."""
    orbis = data(state)
    option = state.options["temple_count"]
    playing = [i for i, s in enumerate(state.seats) if s not in state.out] or list(
        range(len(state.seats))
    )
    tokens = scoring.temple_tokens_now(orbis, playing, option)
    players: dict[Seat, PlayerView] = {}
    for i, seat in enumerate(state.seats):
        board = orbis["boards"][i]
        pyramid = board["pyramid"]
        cells = pm.cells(pyramid)
        tally = scoring.tally(board, option)
        row = rows[i]
        players[seat] = {
            "index": i,
            "turns": board["turns"],
            "turns_left": SETUP.turns - board["turns"],
            "domain": dm.as_dict(board["domain"]),
            "cubes": dm.total(board["domain"]),
            "reductions": list(board["reductions"]),
            "god": GODS[board["god"]].to_json() if board["god"] else None,
            "god_cancelled": bool(board["god_cancelled"]),
            "god_pc": row["orbis.score.god"],
            "temples": tally.temples,
            "mystic": tally.mystic,
            "temple_token": tokens.get(i),
            "wastelands": tally.wastes,
            "pyramid": [cell_view(pyramid, c, is_over(orbis)) for c in cells],
            "pyramid_size": len(cells),
            "score": {
                "tiles": row["orbis.score.tiles"],
                "god": row["orbis.score.god"],
                "temple": row["orbis.score.temple"],
                "wastes": row["orbis.score.wastes"],
                "total": sum(row.values()),
            },
        }
    return {
        "display": [
            {
                "slot": s + 1,
                "tile": TILES[t].to_json() if t is not None else None,
                "cubes": dm.as_dict(dm.on_slot(orbis["cubes"], s)),
            }
            for s, t in enumerate(orbis["display"])
        ],
        "piles": {level: len(pile) for level, pile in orbis["piles"].items()},
        "gods": [GODS[g].to_json() for g in orbis["gods"]],
        "temple_tokens": list(orbis["temple_tokens"]),
        "turns_each": SETUP.turns,
        "pending": pending_view(state),
        "last_take": last_take_view(orbis["last"]),
        "players": players,
        "round": orbis["round"],
        "breakdown": breakdown,
    }


def orbis_sections(state: State, seat: Seat) -> list[Section]:
    """A reminder for the seat (nothing is secret in Orbis): cubes, Farms, god, turns."""
    me = state.seats.index(seat)
    board = data(state)["boards"][me]
    dom = board["domain"]
    lines = [
        Text("orbis.present.cubes", {"cubes": mv.cubes_text(dom), "n": dm.total(dom)}),
        Text(
            "orbis.present.farms",
            {"colours": [f"@orbis.colour.{c}" for c in board["reductions"]] or ["-"]},
        ),
        Text(
            "orbis.present.god" if board["god"] else "orbis.present.no_god",
            {"god": f"@orbis.god.{board['god']}.name" if board["god"] else ""},
        ),
        Text(
            "orbis.present.turns",
            {"left": SETUP.turns - board["turns"], "tiles": pm.size(board["pyramid"])},
        ),
    ]
    return [Section(Text("orbis.present.title"), tuple(lines))]
