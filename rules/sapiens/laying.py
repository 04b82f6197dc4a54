"""Laying a tile, in small steps: tile -> cell -> orientation (-> Baston order), then
what the tile earns: Baston tokens, food, scene effects, the cave's token and shelter.

Rulebook "Poser une tuile", "Gain de Points de Nourriture", "Effets des tuiles",
"Cavernes, Jetons Montagne et Points d'Abri", Baston ("Les PN sont ajustés avant la
résolution de la pose"), Festin, "Caverne de départ", "Abandonner sa Tribu"; rulings
S1, S4, S5, S6, S9.

Frames (``data["frames"]``): ``cell`` {mode, tile}, ``orient`` {mode, tile, cell},
``pay`` {mode, tile, at, order}; all uncommitted until the tile is down.
"""

from __future__ import annotations

from rules.base import CorruptState, Move, Record, State, Text
from rules.sapiens import moves as mv
from rules.sapiens import state as st
from rules.sapiens.board import EXTRA, NEW_TRIBE, PLAY, START, Ground, Placement, laid_entry
from rules.sapiens.components import CA, CU, SUPPLY, TILES
from rules.sapiens.options import abandoned_apart, gathering_optional

LAY_FRAMES = tuple(sorted(st.LAY_KINDS))


def ground(state: State, me: int) -> Ground:
    data = st.data(state)
    return Ground.of(
        data["players"][me], plain_ok=data["step"]["plain"], apart=abandoned_apart(state.options)
    )


def layable(state: State, me: int, mode: st.Mode) -> list[str]:
    """The pool's tiles (one per kind) that can be laid in ``mode``."""
    data = st.data(state)
    here = ground(state, me)
    pool = mv.distinct_tiles(data["players"][me]["pool"], data["baston"])
    return [t for t in pool if here.can_lay(t, mode)]


def tile_moves(state: State, me: int, mode: st.Mode) -> list[Move]:
    data = st.data(state)
    return [
        Move(
            f"tile:{mv.code_of_tile(t)}",
            Text("sapiens.move.tile", mv.tile_params(t, data["baston"].get(t, ()))),
            "tile",
        )
        for t in layable(state, me, mode)
    ]


def start_cell(state: State, me: int, mode: st.Mode, tile: str) -> None:
    """The player picked ``tile``: ask where (or lay it at once when one way only)."""
    st.stack(st.data(state)).add({"kind": "cell", "mode": mode, "tile": tile})


def cell_choices(state: State, me: int, frame: st.CellFrame) -> list[str]:
    here = ground(state, me)
    places = here.placements(frame["tile"], frame["mode"])
    if frame["mode"] in (START, NEW_TRIBE):
        squares = {s for p in places for s in p if here.board.is_cave(s)}
    else:
        squares = {s for p in places for s in p}
    order = [*here.board.terrain, *here.board.caves]
    return [s for s in order if s in squares]


def orient_choices(state: State, me: int, frame: st.OrientFrame) -> list[Placement]:
    here = ground(state, me)
    cell = frame["cell"]
    return [p for p in here.placements(frame["tile"], frame["mode"]) if cell in p]


def lay_frame(frame: st.SapiensFrame | None) -> st.CellFrame | st.OrientFrame:
    """The cell or orient frame on top (anything else is a corrupt state)."""
    if frame is None or frame["kind"] not in ("cell", "orient"):
        raise CorruptState("sapiens.state.corrupt", detail="no tile being laid")
    return frame


def frame_moves(state: State, me: int, frame: st.LayFrame) -> list[Move]:
    if frame["kind"] == "cell":
        out = []
        here = ground(state, me)
        for square in cell_choices(state, me, frame):
            cave = here.board.caves.get(square)
            if cave is None:
                move = mv.mk(
                    f"at:{mv.sq_code(square)}",
                    "sapiens.move.at",
                    f"row{square[1]}",
                    square=mv.square_ref(square),
                )
            else:
                token = here.tokens.get(square) if frame["mode"] != NEW_TRIBE else None
                move = mv.mk(
                    f"at:{mv.sq_code(square)}",
                    "sapiens.move.at_cave",
                    "caves",
                    square=mv.square_ref(square),
                    n=cave.high if token is not None else cave.low,
                )
            out.append(move)
        return out
    if frame["kind"] == "orient":
        a, b = TILES[frame["tile"]]
        return [
            mv.mk(
                f"lay:{mv.sq_code(pa)}:{mv.sq_code(pb)}",
                "sapiens.move.lay",
                "lay",
                a=mv.scene_ref(a),
                b=mv.scene_ref(b),
                at_a=mv.square_ref(pa),
                at_b=mv.square_ref(pb),
            )
            for pa, pb in orient_choices(state, me, frame)
        ]
    # pay: which player's Baston token is paid first
    owners = unpaid(state, me, frame)
    return [
        mv.mk(f"pay:{k}", "sapiens.move.pay", "pay", owner=state.seats[k])
        for k in sorted(set(owners))
    ]


def unpaid(state: State, me: int, frame: st.PayFrame) -> list[int]:
    owners = [k for k in st.data(state)["baston"].get(frame["tile"], []) if k != me]
    for k in frame["order"]:
        owners.remove(k)
    return owners


def order_matters(state: State, me: int, frame: st.PayFrame) -> bool:
    """S1: the layer picks the order of Baston tokens; it matters only when he cannot pay
    every other player's token and those tokens have different owners."""
    owners = unpaid(state, me, frame)
    food = st.data(state)["players"][me]["food"] - len(frame["order"])
    return len(set(owners)) > 1 and food < len(owners)


def choose_cell(state: State, me: int, square: str, record: Record) -> None:
    frames = st.stack(st.data(state))
    frame = lay_frame(frames.top)
    orient: st.OrientFrame = {
        "kind": "orient",
        "mode": frame["mode"],
        "tile": frame["tile"],
        "cell": square,
    }
    frames.add(orient)
    choices = orient_choices(state, me, orient)
    if len(choices) == 1:
        choose_placement(state, me, choices[0], record)


def choose_placement(state: State, me: int, at: Placement, record: Record) -> None:
    frames = st.stack(st.data(state))
    frame = lay_frame(frames.top)
    pay: st.PayFrame = {
        "kind": "pay",
        "mode": frame["mode"],
        "tile": frame["tile"],
        "at": list(at),
        "order": [],
    }
    if order_matters(state, me, pay):
        frames.add(pay)
        return
    lay(state, me, pay, record)


def choose_payment(state: State, me: int, owner: int, record: Record) -> None:
    frame = st.stack(st.data(state)).top
    if frame is None or frame["kind"] != "pay":
        raise CorruptState("sapiens.state.corrupt", detail="no Baston payment pending")
    frame["order"].append(owner)
    if not order_matters(state, me, frame):
        lay(state, me, frame, record)


def lay(state: State, me: int, how: st.PayFrame, record: Record) -> None:
    """Put the tile down (rulebook order): Baston tokens first, then the tile, its food
    and scene effects (turn's tile only), then the cave (after the effects)."""
    data = st.data(state)
    frames = st.stack(data)
    while frames.top is not None and st.is_lay(frames.top):
        frames.pop()
    mode, tile = how["mode"], how["tile"]
    at: Placement = (how["at"][0], how["at"][1])
    if mode == EXTRA and frames.top is not None and frames.top["kind"] == "feast":
        frames.pop()
    if mode == NEW_TRIBE and frames.top is not None and frames.top["kind"] == "newtribe":
        frames.pop()
    player = data["players"][me]
    player["pool"].remove(tile)
    fight(state, me, tile, how["order"], record)
    here = ground(state, me)
    halves = here.connected_scenes(tile, at) if mode == PLAY else []
    if mode == NEW_TRIBE and player["started"]:
        player["tribe"] += 1
        record.note("sapiens.note.new_tribe", seat=state.seats[me], n=player["tribe"])
    player["laid"].append(laid_entry(tile, at, player["tribe"]))
    player["started"] = True
    data["last_tile"] = {"seat": me, "tile": tile, "at": list(at), "extra": mode == EXTRA}
    if mode != EXTRA:
        data["step"]["laid"] = True
    cave = here.cave_of(at)
    scenes = TILES[tile]
    if mode != PLAY:
        settle_cave(state, me, cave, mode, record)
        return
    food = sum(here.board.food[at[h]] for h in halves)
    if food:
        player["food"] += food
        record.note("sapiens.note.food", seat=state.seats[me], n=food)
    pending: list[str] = []
    optional = gathering_optional(state.options)
    for h in halves:
        scene = scenes[h]
        if scene == CU and not optional:  # rules versions 1 and 2
            player["food"] += SUPPLY.cueillette_food
            record.note("sapiens.note.cueillette", seat=state.seats[me], n=SUPPLY.cueillette_food)
        elif scene == CA:
            player["shelter"] += SUPPLY.campement_shelter
            record.note("sapiens.note.campement", seat=state.seats[me], n=SUPPLY.campement_shelter)
        else:
            pending.append(scene)
    frames.add({"kind": "effects", "pending": pending, "cave": cave, "committed": True})


def fight(state: State, me: int, tile: str, order: list[int], record: Record) -> None:
    """S1: each Baston token on the laid tile takes 1 food from the layer to its owner
    (nothing when the layer has none); the tokens go home."""
    data = st.data(state)
    owners = data["baston"].pop(tile, [])
    if not owners:
        return
    rest = list(owners)
    for k in order:
        rest.remove(k)
    for owner in [*order, *rest]:
        layer = data["players"][me]
        if layer["food"] >= SUPPLY.baston_food:
            layer["food"] -= SUPPLY.baston_food
            data["players"][owner]["food"] += SUPPLY.baston_food
            if owner != me:
                record.note(
                    "sapiens.note.baston",
                    seat=state.seats[me],
                    owner=state.seats[owner],
                    n=SUPPLY.baston_food,
                )
        else:
            record.note("sapiens.note.baston_void", seat=state.seats[me], owner=state.seats[owner])
        data["players"][owner]["baston_home"] += 1


def settle_cave(state: State, me: int, cave: str | None, mode: st.Mode, record: Record) -> None:
    """The tile covers a cave: take its mountain token and score the high shelter, or
    the low one without a token; a new tribe discards the token and scores low (S6)."""
    if cave is None:
        return
    player = st.data(state)["players"][me]
    info = ground(state, me).board.caves[cave]
    token = player["spots"].pop(cave, None)
    seat = state.seats[me]
    if token is not None and mode != NEW_TRIBE:
        player["held"].append(token)
        player["shelter"] += info.high
        record.note("sapiens.note.cave_token", seat=seat, n=info.high, scene=mv.scene_ref(token))
        return
    if token is not None:
        player["gone"].append(token)
        record.note("sapiens.note.token_gone", seat=seat, scene=mv.scene_ref(token))
    player["shelter"] += info.low
    record.note("sapiens.note.cave", seat=seat, n=info.low)


__all__ = [
    "LAY_FRAMES",
    "cell_choices",
    "choose_cell",
    "choose_payment",
    "choose_placement",
    "fight",
    "frame_moves",
    "ground",
    "lay",
    "layable",
    "orient_choices",
    "settle_cave",
    "start_cell",
    "tile_moves",
]
