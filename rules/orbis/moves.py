"""The moves of an Orbis turn: what each pending decision offers, with its labels.

Rulebook "Déroulement d'un tour de jeu", "Prendre une tuile Dieu", "Prendre une tuile
Région" (the seven steps) and the effects of the tiles and gods. ``data["act"]`` is
the turn under way (``None`` between turns): ``{"kind": "region"|"god", "tile"|"god",
"slot", "step"}``; ``data["frames"]`` (a ``kit.stack``) holds the pending decision;
``turn`` applies the moves listed here.

Frames (kind: moves):
- none pending: ``take:<1-9>``, ``god:<id>``, ``trade:<c>``;
- ``trade``: ``get:<c>`` (3 cubes of the frame's colour for 1 of ``c``), ``back``;
- ``pay``: ``pay`` / ``pay:<letters>`` (the multicolour cubes given), ``wild`` (decline:
  the tile becomes a Wasteland), ``trade:<c>``, ``back`` (the tile goes back);
- ``place``: ``place:<spot>`` (see ``pyramid``), ``wild`` (refuse to place), ``back``;
- ``pick``: ``gain:<c>`` (Proselytism of any colour);
- ``village``: ``validate`` / ``cancel``; ``volcano``: ``erupt`` / ``cancel``;
- ``burn``: ``burn:<slot>`` (a cube of the next colour the Volcano destroys);
- ``lose``: ``lose:<c>`` (discard one cube: Village, God of Death, the 10-cube limit,
  where ``trade:<c>`` is offered too);
- ``love``: ``gain:<c>`` (Goddess of Love, five times); ``death``: ``sacrifice`` /
  ``cancel``; both offer ``back`` (the god goes back) until the first choice.
"""

from __future__ import annotations

from typing import Any

from rules.base import Move, Text
from rules.kit.stack import Stack
from rules.orbis import domain as dm
from rules.orbis import pyramid as pm
from rules.orbis.components import ANY, COLOURS, LETTER_OF, SETUP, TILES, Tile
from rules.orbis.state import BoardData, BurnFrame, OrbisData, OrbisFrame

BACK = Move("back", Text("orbis.move.back"), "back")
BACKS = {kind: BACK for kind in ("trade", "pay", "place", "love", "death")}
NEIGHBOURS = {
    slot: [
        n
        for n in (
            slot - 3,
            slot + 3,
            slot - 1 if slot % 3 else -1,
            slot + 1 if slot % 3 != 2 else -1,
        )
        if 0 <= n < 9
    ]
    for slot in range(9)
}
"""Orthogonal neighbours of each display slot (0-8, reading order)."""


def stack(data: OrbisData) -> Stack[OrbisFrame]:
    """The decision stack over ``data["frames"]`` (the plain constructor: a
    subscripted ``Stack[OrbisFrame](...)`` costs several microseconds a call at run
    time; the return type tells the type checker the same)."""
    return Stack(data, "frames", BACKS)


def mk(code: str, key: str, group: str, **params: Any) -> Move:
    return Move(code, Text(key, params), group)


def colour_word(colour: str) -> str:
    return f"@orbis.colour.{colour}"


def tile_name(tile_id: str) -> str:
    """The tile's short name as a message parameter (``"green Forest"``)."""
    return f"@orbis.tile.{tile_id}"


SQUARES = {"yellow": "🟨", "green": "🟩", "blue": "🟦", "red": "🟥", "white": "⬜", ANY: "🌈"}
"""Cubes in labels and notes are coloured squares (the rainbow: any colour), the same
in every language."""


def cubes_text(cubes: dm.Cubes | dict[str, int]) -> str:
    """``"2🟨 1🟦"``: counts by colour for labels and notes (``-`` when none)."""
    counts = cubes if isinstance(cubes, dict) else dm.as_dict(cubes)
    return " ".join(f"{n}{SQUARES[c]}" for c, n in counts.items() if n) or "-"


def cost_text(tile_id: str) -> str:
    """The printed cost of a tile (``"1🟩 1🟦 1🌈"``), or the word for free."""
    tile = TILES[tile_id]
    return cubes_text(dict(tile.cost)) if tile.cost else "@orbis.free"


# -- moves --------------------------------------------------------------------------------


def trade_moves(board: BoardData) -> list[Move]:
    dom = board["domain"]
    return [
        mk(f"trade:{LETTER_OF[c]}", "orbis.move.trade", "trade", colour=colour_word(c))
        for c in COLOURS
        if dm.can_trade(dom, c)
    ]


def free_moves(data: OrbisData, me: int) -> list[Move]:
    """No decision pending: take a Region tile, the god (once, O9), or trade."""
    board = data["boards"][me]
    moves: list[Move] = []
    if pm.size(board["pyramid"]) < SETUP.pyramid_size:
        for slot, tile in enumerate(data["display"]):
            if tile is not None:
                moves.append(take_move(data, slot, tile))
    if board["god"] is None:
        for god in data["gods"]:
            moves.append(
                mk(f"god:{god.lower()}", "orbis.move.god", "god", god=f"@orbis.god.{god}.name")
            )
    return moves + trade_moves(board)


def take_move(data: OrbisData, slot: int, tile: str) -> Move:
    """``take slot 5: blue Proselytism, +2🟦 1🟥 (0 PC, cost: none)``: the slot as the
    picture numbers it, the tile, the cubes lying on it (what taking it collects), its
    PC and its cost."""
    lying = dm.on_slot(data["cubes"], slot)
    return mk(
        f"take:{slot + 1}",
        "orbis.move.take" if dm.total(lying) else "orbis.move.take_bare",
        "region",
        tile=tile_name(tile),
        slot=slot + 1,
        gain=cubes_text(lying),
        cost=cost_text(tile),
        pc=TILES[tile].pc,
    )


def frame_moves(data: OrbisData, me: int, frame: OrbisFrame) -> list[Move]:
    board = data["boards"][me]
    dom = board["domain"]
    st = stack(data)
    if frame["kind"] == "trade":
        give = frame["give"]
        return st.with_back(
            [
                mk(
                    f"get:{LETTER_OF[c]}",
                    "orbis.move.get",
                    "trade",
                    give=colour_word(give),
                    colour=colour_word(c),
                )
                for c in COLOURS
                if c != give
            ]
        )
    if frame["kind"] == "pay":
        tile = TILES[region_tile(data)]
        moves = [
            pay_move(tile, board["reductions"], letters)
            for letters in dm.payments(tile, board["reductions"], dom)
        ]
        moves.append(mk("wild", "orbis.move.decline", "pay"))
        return st.with_back(moves + trade_moves(board))
    if frame["kind"] == "place":
        tile = TILES[region_tile(data)]
        colour = None if frame["wild"] else tile.colour
        moves = [
            mk(
                f"place:{spot}",
                f"orbis.move.place.{spot_kind(spot)}",
                "place",
                **spot_params(board, spot),
            )
            for spot in pm.spots(board["pyramid"], colour)
        ]
        if not frame["wild"]:
            moves.append(mk("wild", "orbis.move.refuse", "place"))
        return st.with_back(moves)
    if frame["kind"] == "pick" or frame["kind"] == "love":
        moves = [
            mk(f"gain:{LETTER_OF[c]}", "orbis.move.gain", "choose", colour=colour_word(c))
            for c in COLOURS
        ]
        return st.with_back(moves)
    if frame["kind"] == "village":
        moves = [mk("validate", "orbis.move.validate", "effect", n=frame["n"])]
        return [*moves, mk("cancel", "orbis.move.cancel_village", "effect")]
    if frame["kind"] == "volcano":
        return [
            mk("erupt", "orbis.move.erupt", "effect", cubes=cubes_text(frame["need"])),
            mk("cancel", "orbis.move.cancel_volcano", "effect"),
        ]
    if frame["kind"] == "burn":
        colour = next_burn(frame)
        return [
            mk(
                f"burn:{slot + 1}",
                "orbis.move.burn",
                "effect",
                colour=colour_word(colour),
                slot=slot + 1,
            )
            for slot in burn_slots(data, colour)
        ]
    if frame["kind"] == "lose":
        moves = [
            mk(f"lose:{LETTER_OF[c]}", "orbis.move.lose", "discard", colour=colour_word(c))
            for c in dm.held(dom)
        ]
        return moves + trade_moves(board) if frame["why"] == "limit" else moves
    if frame["kind"] == "death":
        able = dm.total(dom) >= frame["n"]
        moves = [mk("sacrifice", "orbis.move.sacrifice", "effect", n=frame["n"])] if able else []
        return st.with_back([*moves, mk("cancel", "orbis.move.cancel_death", "effect")])
    raise ValueError(f"unknown frame {frame['kind']}")


def pay_move(tile: Tile, reductions: list[str], letters: str) -> Move:
    cubes = dm.payment_cubes(tile, reductions, letters)
    code = f"pay:{letters}" if letters else "pay"
    if dm.total(cubes) == 0:
        return mk(code, "orbis.move.pay_nothing", "pay")
    return mk(code, "orbis.move.pay", "pay", cubes=cubes_text(cubes))


def spot_kind(spot: str) -> str:
    return spot if spot in ("start", "left", "right") else "upper"


def spot_params(board: BoardData, spot: str) -> dict[str, Any]:
    if spot in ("start", "left", "right"):
        return {}
    row, _, slot = spot[1:].partition("s")
    under = pm.spot_supports(board["pyramid"], spot)
    names = [cell_name(c) for c in under]
    return {"row": int(row), "slot": int(slot), "a": names[0], "b": names[1]}


def cell_name(cell: pm.Cell) -> str:
    if cell.wild:
        return "@orbis.tile.wasteland"
    return tile_name(cell.tile)


def next_burn(frame: BurnFrame) -> str:
    return next(c for c in COLOURS if frame["need"].get(c, 0) > 0)


def burn_slots(data: OrbisData, colour: str) -> list[int]:
    i = dm.IDX[colour]
    cubes = data["cubes"]
    return [s for s in range(9) if data["display"][s] is not None and cubes[5 * s + i] > 0]


def volcano_possible(data: OrbisData, need: dict[str, int]) -> bool:
    """O6: the listed cubes all lie on the display's other tiles (the taken one is gone)."""
    return all(
        sum(dm.count_on(data["cubes"], s, c) for s in range(9) if data["display"][s] is not None)
        >= n
        for c, n in need.items()
    )


def region_tile(data: OrbisData) -> str:
    """The Region tile taken this turn (asked only while one is being paid or placed)."""
    act = data["act"]
    assert act is not None and act["kind"] == "region"
    return act["tile"]
