"""The scene effects and the mountain tokens (rulebook page 8, "Jetons Montagne").

After a tile is laid, each connected scene's effect is pending in the ``effects`` frame
("Un joueur n'est jamais obligé d'appliquer l'effet d'une Scène connectée"; "Si les
deux Scènes de la tuile posée sont connectées, le joueur peut résoudre les deux effets
dans l'ordre de son choix"). Every effect may be skipped (``skip``), except Campement:
its +3 shelter is taken at once, shelter being read by nothing but the final score.
Cueillette asks whether to take its +1 food (``do:cu`` or ``skip``: a Baston token
takes food only from a player who has some), unless no other player's token can ever
take food from this one. With two effects pending the player picks which comes first
(``do:<scene>``) when the order can change something: always for two effects with
frames; for Cueillette beside Festin only when the food point changes what Baston
tokens on a tile the extra tile could be take; otherwise Cueillette is asked first. A
mountain token (``token:<scene>``) opens the same frame as its scene, except Chasse (a
steak, no conversion) and Cueillette (+1 food and Plains allowed for the rest of the
turn: played by choice, nothing to ask). Rulings S1, S2, S8, S9, S10. With the option
``gathering_optional`` off (rules versions 1 and 2) Cueillette's food is taken at
once when the tile is laid.

Frames: ``effects`` {pending, cave}; ``gather`` (Cueillette: take the food?);
``feast`` (Festin: a tile, then the lay frames in mode ``extra``); ``ritual``;
``fight`` then ``fightfrom`` {target}; ``water`` then ``watergive`` {get}; ``hunt``;
``fire`` then ``den`` {target}. Each effect frame has ``scene`` and ``source``
(``"effect"`` or ``"token"``).
"""

from __future__ import annotations

from rules.base import CorruptState, Move, Record, State, Text
from rules.sapiens import laying
from rules.sapiens import moves as mv
from rules.sapiens import state as st
from rules.sapiens.board import EXTRA, NEW_TRIBE, PLAY, Ground
from rules.sapiens.components import BA, CA, CH, CU, EA, FE, FU, RI, SCENE_IDS, SUPPLY, steak_food
from rules.sapiens.options import abandoned_apart, unlimited_steaks

EFFECT_FRAMES: dict[str, st.EffectKind] = {
    CU: "gather",
    FE: "feast",
    RI: "ritual",
    BA: "fight",
    EA: "water",
    CH: "hunt",
    FU: "fire",
}
SCENE_OF_FRAME = {v: k for k, v in EFFECT_FRAMES.items()}


# -- what each effect offers ---------------------------------------------------------


def pending_cave(state: State) -> str | None:
    """The cave the turn's tile covers, whose token is taken once the effects are done."""
    for frame in st.data(state)["frames"]:
        if frame["kind"] == "effects":
            return frame["cave"]
    return None


def ritual_choices(state: State, me: int, source: st.Source) -> list[str]:
    """S10: a token still on a cave or waterfall of one's valley (not the cave being
    taken by the tile just laid); if none, one already used (not this very token)."""
    player = st.data(state)["players"][me]
    cave = pending_cave(state)
    on_board = [scene for spot, scene in player["spots"].items() if spot != cave]
    if on_board:
        return sorted(on_board, key=_scene_order)
    used = list(player["used"])
    if state.options["ritual_reclaims_discarded"]:
        used += player["gone"]
    if source == "token" and RI in used:
        used.remove(RI)  # the Rituel token being played cannot fetch itself
    return sorted(set(used), key=_scene_order)


def _scene_order(scene: str) -> int:
    return SCENE_IDS.index(scene)


def pool_places(state: State) -> list[tuple[int | None, str]]:
    """Every tile in a pool with where it lies (``None``: the common pool), one per kind
    and place."""
    data = st.data(state)
    out: list[tuple[int | None, str]] = [
        (None, t) for t in mv.distinct_tiles(data["common"], data["baston"])
    ]
    for k, player in enumerate(data["players"]):
        out += [(k, t) for t in mv.distinct_tiles(player["pool"], data["baston"])]
    return out


def fight_targets(state: State, me: int) -> list[tuple[int | None, str]]:
    data = st.data(state)
    if data["players"][me]["baston_home"] > 0:
        return pool_places(state)
    placed = {t for t, owners in data["baston"].items() if me in owners}
    return [(k, t) for k, t in pool_places(state) if placed - {t}]


def fight_sources(state: State, me: int, target: str) -> list[str]:
    """Tiles holding one of my Baston tokens that could move to ``target``."""
    data = st.data(state)
    return sorted(t for t, owners in data["baston"].items() if me in owners and t != target)


def water_targets(state: State, me: int) -> list[tuple[int | None, str]]:
    if not st.data(state)["players"][me]["pool"]:
        return []
    return [(k, t) for k, t in pool_places(state) if k != me]


def fire_targets(state: State, me: int) -> list[int]:
    data = st.data(state)
    if data["bears"] <= 0:
        return []
    out = []
    for k, player in enumerate(data["players"]):
        if k == me or state.seats[k] in state.out:
            continue
        if Ground.of(player).bear_cells(on_caves=state.options["bear_on_cave"]):
            out.append(k)
    return out


def is_void(state: State, me: int, scene: str, source: st.Source) -> bool:
    """Whether the effect of ``scene`` offers nothing now (it is then dropped)."""
    player = st.data(state)["players"][me]
    if scene == FE:
        return not laying.layable(state, me, EXTRA)
    if scene == RI:
        return not ritual_choices(state, me, source)
    if scene == BA:
        return not fight_targets(state, me)
    if scene == EA:
        return not water_targets(state, me)
    if scene == CH:
        if source == "token":
            return not can_take_steak(state)
        return not can_take_steak(state) and player["steaks"] == 0
    if scene == FU:
        return not fire_targets(state, me) and not player["bears"]
    return False  # Cueillette, Campement: always something


def food_can_matter(state: State, me: int) -> bool:
    """Whether a point of food more or less could ever change what happens to ``me``:
    a Baston token takes food only from a player who has some, so it could while
    another player's token lies on a tile or another player still plays (he may place
    one). Otherwise food only adds to the score and Cueillette's is taken at once."""
    data = st.data(state)
    if any(k != me for owners in data["baston"].values() for k in owners):
        return True
    return any(
        k != me and not p["finished"] and state.seats[k] not in state.out
        for k, p in enumerate(data["players"])
    )


def gathering_order_matters(state: State, me: int, pending: list[str]) -> bool:
    """Whether Cueillette's food before or after Festin's extra tile can change what
    the extra tile's Baston tokens take: with ``f`` food now, a tile carrying ``n`` of
    other players' tokens takes ``min(n, f + 1)`` after the food, ``min(n, f)``
    before it: they differ when some tile the extra tile could be has ``n > f``."""
    if CU not in pending or FE not in pending:
        return False
    data = st.data(state)
    food = data["players"][me]["food"]
    return any(
        sum(1 for k in data["baston"].get(t, ()) if k != me) > food
        for t in laying.layable(state, me, EXTRA)
    )


def could_help(state: State, me: int, scene: str) -> bool:
    """S7: whether playing the ``scene`` token could let a player who can lay nothing
    (not even as a new tribe) lay a tile: Cueillette opens the Plains, Eau brings in a
    tile that fits, Feu takes a bear off a square. The others never change that."""
    data = st.data(state)
    player = data["players"][me]
    modes = (PLAY, NEW_TRIBE)
    if scene == CU:
        here = Ground.of(player, plain_ok=True, apart=abandoned_apart(state.options))
        return any(here.can_lay(t, m) for t in player["pool"] for m in modes)
    if scene == EA:
        here = laying.ground(state, me)
        return any(here.can_lay(t, m) for _, t in water_targets(state, me) for m in modes)
    if scene == FU:
        for bear in player["bears"]:
            freed: st.PlayerData = {**player, "bears": [b for b in player["bears"] if b != bear]}
            here = Ground.of(
                freed, plain_ok=data["step"]["plain"], apart=abandoned_apart(state.options)
            )
            if any(here.can_lay(t, m) for t in player["pool"] for m in modes):
                return True
    return False


# -- moves ------------------------------------------------------------------------------


def place_label(key: str, state: State, where: int | None, tile: str) -> Text:
    """``key.common`` or ``key.pool`` (with the pool's ``owner``), naming the tile."""
    params = mv.tile_params(tile, st.data(state)["baston"].get(tile, ()))
    if where is None:
        return Text(f"{key}.common", params)
    return Text(f"{key}.pool", {**params, "owner": state.seats[where]})


def chooser_moves(state: State, me: int, frame: st.EffectsFrame) -> list[Move]:
    return [
        mv.mk(
            f"do:{s.lower()}",
            "sapiens.move.do_gather" if s == CU else "sapiens.move.do",
            "effect",
            scene=mv.scene_ref(s),
            n=SUPPLY.cueillette_food,
        )
        for s in frame["pending"]
    ]


def frame_moves(state: State, me: int, frame: st.SapiensFrame) -> list[Move]:
    """The choices of an effect's frame (``effects``, an effect, or its second step)."""
    data = st.data(state)
    player = data["players"][me]
    out: list[Move] = []
    if frame["kind"] == "effects":
        return chooser_moves(state, me, frame)
    if frame["kind"] == "fightfrom":
        return [
            Move(
                f"from:{mv.code_of_tile(t)}",
                place_label("sapiens.move.from", state, _where(state, t), t),
                "fight",
            )
            for t in fight_sources(state, me, frame["target"])
        ]
    if frame["kind"] == "watergive":
        return [
            Move(
                f"give:{mv.code_of_tile(t)}",
                place_label("sapiens.move.give", state, me, t),
                "water",
            )
            for t in mv.distinct_tiles(player["pool"], data["baston"])
        ]
    if frame["kind"] == "den":
        target = data["players"][frame["target"]]
        here = Ground.of(target)
        counts = state.options["bear_counts_abandoned"]
        return [
            mv.mk(
                f"den:{mv.sq_code(c)}",
                "sapiens.move.den",
                "caves" if c in here.board.caves else f"row{c[1]}",
                cell=mv.square_ref(c),
                n=here.bear_shelter(c, counts_abandoned=counts),
            )
            for c in here.bear_cells(on_caves=state.options["bear_on_cave"])
        ]
    if not st.is_effect(frame):
        raise CorruptState("sapiens.state.corrupt", detail=f"no choices for {frame['kind']}")
    kind = frame["kind"]
    if kind == "gather":
        out = [mv.mk("do:cu", "sapiens.move.gather", "effect", n=SUPPLY.cueillette_food)]
    elif kind == "feast":
        out = laying.tile_moves(state, me, EXTRA)
    elif kind == "ritual":
        out = [
            mv.mk(f"rite:{s.lower()}", "sapiens.move.rite", "ritual", scene=mv.scene_ref(s))
            for s in ritual_choices(state, me, frame["source"])
        ]
    elif kind == "fight":
        out = [
            Move(
                f"mark:{mv.code_of_tile(t)}", place_label("sapiens.move.mark", state, k, t), "fight"
            )
            for k, t in fight_targets(state, me)
        ]
    elif kind == "water":
        out = [
            Move(f"get:{mv.code_of_tile(t)}", place_label("sapiens.move.get", state, k, t), "water")
            for k, t in water_targets(state, me)
        ]
    elif kind == "hunt":
        taking = can_take_steak(state)
        have = player["steaks"] + (1 if taking else 0)
        way = "" if taking else "_none"  # the supply is empty: nothing to take first
        if have == 1 and taking:
            way = "_one"  # the steak just taken is the only one
        return [
            mv.mk("convert", f"sapiens.move.convert{way}", "hunt", n=have, food=steak_food(have)),
            mv.mk("keep", f"sapiens.move.keep{way}", "hunt", n=have),
        ]
    elif kind == "fire":
        out = [
            mv.mk(f"bear:{k}", "sapiens.move.bear", "fire", owner=state.seats[k])
            for k in fire_targets(state, me)
        ]
        out += [
            mv.mk(f"unbear:{mv.sq_code(c)}", "sapiens.move.unbear", "fire", cell=mv.square_ref(c))
            for c in player["bears"]
        ]
    if frame["source"] == "effect":
        out.append(mv.SKIP)
    return out


def _where(state: State, tile: str) -> int | None:
    data = st.data(state)
    for k, player in enumerate(data["players"]):
        if tile in player["pool"]:
            return k
    return None


# -- applying -----------------------------------------------------------------------------


def open_effect(
    state: State, me: int, scene: str, source: st.Source, record: Record, *, committed: bool
) -> None:
    """Start ``scene``'s effect (a scene connected, or a mountain token played)."""
    data = st.data(state)
    player = data["players"][me]
    seat = state.seats[me]
    if scene == CU and (source == "token" or not food_can_matter(state, me)):
        gather(state, me, record)
        if source == "token":
            data["step"]["plain"] = True
        return
    if scene == CA:
        player["shelter"] += SUPPLY.campement_shelter
        record.note("sapiens.note.campement", seat=seat, n=SUPPLY.campement_shelter)
        return
    if scene == CH and source == "token":
        take_steak(state, me, record)
        return
    frame: st.EffectFrame = {"kind": EFFECT_FRAMES[scene], "scene": scene, "source": source}
    if committed:
        frame["committed"] = True
    st.stack(data).add(frame)


def gather(state: State, me: int, record: Record) -> None:
    """Cueillette's food."""
    st.data(state)["players"][me]["food"] += SUPPLY.cueillette_food
    record.note("sapiens.note.cueillette", seat=state.seats[me], n=SUPPLY.cueillette_food)


def can_take_steak(state: State) -> bool:
    """S2: a steak is left in the supply (always, with the option ``steaks=unlimited``)."""
    return st.data(state)["steaks"] > 0 or unlimited_steaks(state.options)


def take_steak(state: State, me: int, record: Record) -> None:
    data = st.data(state)
    if can_take_steak(state):
        data["players"][me]["steaks"] += 1
        settle_steaks(state)
        record.note("sapiens.note.steak", seat=state.seats[me])


def settle_steaks(state: State) -> None:
    """The supply holds the box's steaks nobody holds (none left below zero)."""
    held = sum(p["steaks"] for p in st.data(state)["players"])
    st.data(state)["steaks"] = max(0, SUPPLY.steaks - held)


def undo(state: State, me: int, frame: st.EffectFrame) -> None:
    """``back`` out of an effect frame: the effect is pending again, or the token held."""
    data = st.data(state)
    scene = frame["scene"]
    if frame["source"] == "token":
        player = data["players"][me]
        player["used"].remove(scene)
        player["held"].append(scene)
        data["step"]["token"] = False
    else:
        for below in reversed(data["frames"]):
            if below["kind"] == "effects":
                below["pending"].append(scene)
                below["pending"].sort(key=_scene_order)
                break


def apply(state: State, me: int, kind: str, arg: str, record: Record) -> None:
    """One decision inside an effect frame (``skip`` included)."""
    data = st.data(state)
    frames = st.stack(data)
    frame = frames.top
    if frame is None:
        raise CorruptState("sapiens.state.corrupt", detail="no effect pending")
    player = data["players"][me]
    seat = state.seats[me]
    if kind == "skip" and st.is_effect(frame):
        frames.pop()
        record.note("sapiens.note.skip", seat=seat, scene=mv.scene_ref(frame["scene"]))
        return
    if kind == "do" and frame["kind"] == "gather":
        frames.pop()
        gather(state, me, record)
        return
    if kind == "do" and frame["kind"] == "effects":
        scene = arg.upper()
        frame["pending"].remove(scene)
        if scene == CU:  # picked first of two: picking it is taking the food
            gather(state, me, record)
            return
        open_effect(state, me, scene, "effect", record, committed=False)
        return
    if kind == "tile":  # Festin: which tile goes down as the extra one
        laying.start_cell(state, me, EXTRA, mv.tile_of_code(arg))
        return
    if kind == "rite":
        scene = arg.upper()
        frames.pop()
        for spot, token in list(player["spots"].items()):
            if token == scene:
                del player["spots"][spot]
                break
        else:
            (player["used"] if scene in player["used"] else player["gone"]).remove(scene)
        player["held"].append(scene)
        record.note("sapiens.note.rite", seat=seat, scene=mv.scene_ref(scene))
        return
    if kind == "mark":
        target = mv.tile_of_code(arg)
        if player["baston_home"] > 0:
            frames.pop()
            place_baston(state, me, target, record)
            return
        frames.add({"kind": "fightfrom", "target": target})
        sources = fight_sources(state, me, target)
        if len(sources) == 1:
            move_baston(state, me, sources[0], record)
        return
    if kind == "from":
        move_baston(state, me, mv.tile_of_code(arg), record)
        return
    if kind == "get":
        frames.add({"kind": "watergive", "get": mv.tile_of_code(arg)})
        own = mv.distinct_tiles(player["pool"], data["baston"])
        if len(own) == 1:
            swap(state, me, own[0], record)
        return
    if kind == "give":
        swap(state, me, mv.tile_of_code(arg), record)
        return
    if kind in ("convert", "keep"):
        frames.pop()
        take_steak(state, me, record)
        if kind == "convert" and player["steaks"]:
            n = player["steaks"]
            food = steak_food(n)
            player["steaks"] = 0
            settle_steaks(state)
            player["food"] += food
            key = "sapiens.note.convert_one" if n == 1 else "sapiens.note.convert"
            record.note(key, seat=seat, n=n, food=food)
        return
    if kind == "bear":
        frames.add({"kind": "den", "target": int(arg)})
        return
    if kind == "den" and frame["kind"] == "den":
        frames.pop()
        frames.pop()  # the fire frame
        valley = data["players"][frame["target"]]
        cell = mv.sq_of(arg)
        counts = state.options["bear_counts_abandoned"]
        gain = Ground.of(valley).bear_shelter(cell, counts_abandoned=counts)
        valley["bears"].append(cell)
        data["bears"] -= 1
        player["shelter"] += gain
        record.note(
            "sapiens.note.bear",
            seat=seat,
            owner=state.seats[frame["target"]],
            cell=mv.square_ref(cell),
            n=gain,
        )
        return
    if kind == "unbear":
        frames.pop()
        cell = mv.sq_of(arg)
        player["bears"].remove(cell)
        data["bears"] += 1
        record.note("sapiens.note.unbear", seat=seat, cell=mv.square_ref(cell))
        return
    raise ValueError(f"not an effect decision: {kind}")


def recall_moves(state: State, me: int) -> list[Move]:
    """S1: a player may take back any of his Baston tokens during his turn (offered
    between decisions of the play phase)."""
    data = st.data(state)
    if data["phase"] != "play":
        return []
    mine = sorted(t for t, owners in data["baston"].items() if me in owners)
    return [
        Move(
            f"recall:{mv.code_of_tile(t)}",
            place_label("sapiens.move.recall", state, _where(state, t), t),
            "fight",
        )
        for t in mine
    ]


def recall(state: State, me: int, tile: str, record: Record) -> None:
    data = st.data(state)
    owners = data["baston"][tile]
    owners.remove(me)
    if not owners:
        del data["baston"][tile]
    data["players"][me]["baston_home"] += 1
    record.note("sapiens.note.recall", seat=state.seats[me], **mv.tile_params(tile))


def place_baston(state: State, me: int, tile: str, record: Record) -> None:
    data = st.data(state)
    data["players"][me]["baston_home"] -= 1
    data["baston"].setdefault(tile, []).append(me)
    record.note("sapiens.note.mark", seat=state.seats[me], **mv.tile_params(tile))


def move_baston(state: State, me: int, source: str, record: Record) -> None:
    """All three tokens are out: take one back (S1: "à tout moment") and place it."""
    data = st.data(state)
    frames = st.stack(data)
    top = frames.pop()
    if top["kind"] != "fightfrom":
        raise CorruptState("sapiens.state.corrupt", detail="no Baston token moving")
    target = top["target"]
    frames.pop()  # the fight frame
    owners = data["baston"][source]
    owners.remove(me)
    if not owners:
        del data["baston"][source]
    data["players"][me]["baston_home"] += 1
    place_baston(state, me, target, record)


def swap(state: State, me: int, give: str, record: Record) -> None:
    """Eau: my tile ``give`` for the chosen one; Baston tokens stay on their tiles."""
    data = st.data(state)
    frames = st.stack(data)
    top = frames.pop()
    if top["kind"] != "watergive":
        raise CorruptState("sapiens.state.corrupt", detail="no Eau swap pending")
    get = top["get"]
    frames.pop()  # the water frame
    mine = data["players"][me]["pool"]
    where = _where(state, get)
    theirs = data["common"] if where is None else data["players"][where]["pool"]
    theirs[theirs.index(get)] = give
    mine[mine.index(give)] = get
    record.note(
        "sapiens.note.swap",
        seat=state.seats[me],
        **mv.tile_params(give, prefix="give_"),
        **mv.tile_params(get, prefix="get_"),
    )


__all__ = [
    "EFFECT_FRAMES",
    "SCENE_OF_FRAME",
    "apply",
    "could_help",
    "fight_targets",
    "fire_targets",
    "food_can_matter",
    "frame_moves",
    "gather",
    "gathering_order_matters",
    "is_void",
    "open_effect",
    "pending_cave",
    "recall",
    "recall_moves",
    "ritual_choices",
    "undo",
    "water_targets",
]
