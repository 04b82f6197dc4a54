"""Applying the moves of an Orbis turn (listed in ``moves``): the seven steps of a
Region tile, the god's immediate effect, the 10-cube limit and the refill.

Rulebook "Prendre une tuile Région" steps 1-7, "Prendre une tuile Dieu", the tile and
god effects; rulings O1-O6, O9-O11. ``Turn`` applies one move of the player to act;
``undo_hooks`` say what ``back`` (or a player leaving mid-turn) takes back.
"""

from __future__ import annotations

from rules.base import Record, State
from rules.kit.stack import Stack, Undo
from rules.orbis import domain as dm
from rules.orbis import pyramid as pm
from rules.orbis.components import COLOURS, GODS, SETUP, TILES
from rules.orbis.moves import (
    NEIGHBOURS,
    burn_slots,
    colour_word,
    cubes_text,
    next_burn,
    stack,
    tile_name,
    volcano_possible,
)
from rules.orbis.state import (
    Before,
    BoardData,
    BurnFrame,
    DeathFrame,
    LoseFrame,
    LoseWhy,
    LoveFrame,
    OrbisData,
    PayFrame,
    PickFrame,
    PlaceFrame,
    RegionAct,
    TradeFrame,
    data,
)

# -- applying -----------------------------------------------------------------------------


class Turn:
    """Applies one move of the player ``me`` (the seat to act) to ``state``."""

    def __init__(self, state: State, me: int, record: Record) -> None:
        self.state = state
        self.data: OrbisData = data(state)
        self.me = me
        self.board: BoardData = self.data["boards"][me]
        self.record = record
        self.seat = state.seats[me]
        self.ended = False
        """Set once the turn is over (the engine then passes it on)."""

    # free moves

    def take(self, slot: int) -> None:
        """Steps 1-2: generate worshippers on the orthogonal neighbours, collect the
        tile's cubes; then step 3 (pay) or 4 (place) opens."""
        data, board = self.data, self.board
        tile_id = data["display"][slot]
        assert tile_id is not None  # only a slot holding a tile is offered
        tile = TILES[tile_id]
        before: Before = {
            "cubes": list(data["cubes"]),
            "domain": list(board["domain"]),
            "last": data["last"],
        }
        for n in NEIGHBOURS[slot]:
            if data["display"][n] is not None:
                dm.change_on(data["cubes"], n, tile.colour, 1)
        self.record.note(
            "orbis.note.generate",
            colour=colour_word(tile.colour),
            n=sum(1 for n in NEIGHBOURS[slot] if data["display"][n] is not None),
        )
        got = dm.on_slot(data["cubes"], slot)
        if dm.total(got):
            self.record.note("orbis.note.collect", seat=self.seat, cubes=cubes_text(got))
        dm.add(board["domain"], got)
        dm.clear_slot(data["cubes"], slot)
        data["display"][slot] = None
        act: RegionAct = {"kind": "region", "tile": tile_id, "slot": slot, "step": "pay"}
        data["act"] = act
        data["last"] = {"seat": self.seat, "kind": "region", "tile": tile_id, "slot": slot}
        if not pm.spots(board["pyramid"], tile.colour):
            # No legal place as itself: paying could only lose cubes; it becomes a Wasteland.
            self.record.note("orbis.note.no_place")
            act["step"] = "place"
            stack(data).add({"kind": "place", "wild": True, "before": before, "untake": True})
        elif dm.is_free(tile, board["reductions"]):
            act["step"] = "place"
            stack(data).add({"kind": "place", "wild": False, "before": before, "untake": True})
        else:
            stack(data).add({"kind": "pay", "before": before})

    def god(self, god_id: str) -> None:
        """Take a god (once per game, O9) and start its immediate effect."""
        data, board = self.data, self.board
        at = data["gods"].index(god_id)
        data["gods"].remove(god_id)
        board["god"] = god_id
        before_last = data["last"]
        data["last"] = {"seat": self.seat, "kind": "god", "god": god_id, "slot": None, "tile": None}
        data["act"] = {"kind": "god", "god": god_id, "slot": None, "step": "effect"}
        kind = GODS[god_id].kind
        if kind == "on_take_gain":
            n = int(GODS[god_id].param("n"))
            stack(data).add({"kind": "love", "n": n, "at": at, "last": before_last})
        elif kind == "on_take_discard":
            n = int(GODS[god_id].param("n"))
            stack(data).add({"kind": "death", "n": n, "at": at, "last": before_last})
        else:
            self.finish_step()

    def trade_open(self, colour: str) -> None:
        stack(self.data).add({"kind": "trade", "give": colour})

    def trade_get(self, frame: TradeFrame, colour: str) -> None:
        stack(self.data).pop()
        dm.trade(self.board["domain"], frame["give"], colour)  # the move's label says it
        top = stack(self.data).top
        if top is not None and top["kind"] == "lose" and top["why"] == "limit":
            self.check_limit()

    # region steps

    def pay(self, letters: str) -> None:
        """Step 3: pay the cost (Farms waive their colour; multicolour = any)."""
        act = self.region()
        tile = TILES[act["tile"]]
        before = list(self.board["domain"])
        act["step"] = "place"
        cubes = dm.payment_cubes(tile, self.board["reductions"], letters)
        for i, n in enumerate(cubes):
            self.board["domain"][i] -= n
        stack(self.data).add({"kind": "place", "wild": False, "before": before, "untake": False})

    def decline(self) -> None:
        """Step 3 or 4 refused: the tile becomes a Wasteland, placed without rule 3."""
        self.region()["step"] = "place"
        before = list(self.board["domain"])
        stack(self.data).add({"kind": "place", "wild": True, "before": before, "untake": False})

    def place(self, frame: PlaceFrame, spot: str) -> None:
        """Step 4: the tile goes into the pyramid; nothing of the turn goes back now."""
        act = self.region()
        cell = pm.place(self.board["pyramid"], spot, act["tile"], wild=frame["wild"])
        stack(self.data).abandon()  # every decision of the turn so far is final
        act["step"] = "effect"
        act["cell"] = [cell.row, cell.x]
        if frame["wild"]:
            self.record.note("orbis.note.wasteland", seat=self.seat)
            self.finish_step()
        else:
            self.effect(cell)

    def effect(self, cell: pm.Cell) -> None:
        """Step 5: the tile's effect (rulebook "Effets des tuiles Région")."""
        data, board = self.data, self.board
        effect = TILES[cell.tile].effect
        kind = effect.kind
        if kind == "farm":
            assert effect.colour is not None
            if effect.colour not in board["reductions"]:
                board["reductions"].append(effect.colour)
                board["reductions"].sort(key=COLOURS.index)
            self.record.note("orbis.note.farm", seat=self.seat, colour=colour_word(effect.colour))
        elif kind == "proselytism":
            if effect.colour == "any":
                stack(data).add({"kind": "pick", "n": effect.n})
                return
            assert effect.colour is not None
            dm.change(board["domain"], effect.colour, effect.n)
            gained = {effect.colour: effect.n}
            self.record.note("orbis.note.gain", seat=self.seat, cubes=cubes_text(gained))
        elif kind == "irrigation":
            under = pm.below(board["pyramid"], cell.row, cell.x)
            ok = any(effect.colour in pm.colours_of(c) for c in under)
            self.mark("valid" if ok else "cancelled")
            self.record.note(
                "orbis.note.irrigation_ok" if ok else "orbis.note.irrigation_no", seat=self.seat
            )
        elif kind == "village":
            if dm.total(board["domain"]) >= effect.n:
                stack(data).add({"kind": "village", "n": effect.n})
                return
            self.mark("cancelled")
            self.record.note("orbis.note.village_no", seat=self.seat)
        elif kind == "volcano":
            need = dict(effect.cubes)
            if volcano_possible(data, need):
                stack(data).add({"kind": "volcano", "need": need})
                return
            self.mark("cancelled")
            self.record.note("orbis.note.volcano_no", seat=self.seat)
        self.finish_step()

    def region(self) -> RegionAct:
        """The Region tile taken this turn (its steps ask only while there is one)."""
        act = self.data["act"]
        assert act is not None and act["kind"] == "region"
        return act

    def mark(self, status: str) -> None:
        """The placed tile is validated, or cancelled (a Cancellation token on it)."""
        row, x = self.region()["cell"]
        pm.set_status(self.board["pyramid"], row, x, status)

    def gain(self, frame: PickFrame | LoveFrame, colour: str) -> None:
        dm.change(self.board["domain"], colour, 1)  # the move's label says it
        frame["n"] -= 1
        Stack.commit(frame)
        if frame["n"] <= 0:
            stack(self.data).pop()
            self.finish_step()

    def village(self, validate: bool) -> None:
        frames = stack(self.data)
        frame = frames.pop()
        assert frame["kind"] == "village"
        if validate:
            self.mark("valid")
            self.push_lose(frame["n"], "village")
        else:
            self.mark("cancelled")
            self.record.note("orbis.note.village_no", seat=self.seat)
            self.finish_step()

    def volcano(self, erupt: bool) -> None:
        frames = stack(self.data)
        frame = frames.pop()
        assert frame["kind"] == "volcano"
        if erupt:
            self.mark("valid")
            frames.add({"kind": "burn", "need": dict(frame["need"])})
            self.settle_burn()
        else:
            self.mark("cancelled")
            self.record.note("orbis.note.volcano_no", seat=self.seat)
            self.finish_step()

    def burn(self, frame: BurnFrame, slot: int) -> None:
        self.burn_one(frame, slot, next_burn(frame))
        self.settle_burn()

    def settle_burn(self) -> None:
        """A cube with a single possible tile is destroyed there without asking."""
        frames = stack(self.data)
        while True:
            frame = frames.top
            assert frame is not None and frame["kind"] == "burn"
            if not any(frame["need"].values()):
                frames.pop()
                self.record.note("orbis.note.volcano_ok", seat=self.seat)
                self.finish_step()
                return
            colour = next_burn(frame)
            slots = burn_slots(self.data, colour)
            if len(slots) != 1:
                return
            self.burn_one(frame, slots[0], colour)

    def burn_one(self, frame: BurnFrame, slot: int, colour: str) -> None:
        dm.change_on(self.data["cubes"], slot, colour, -1)
        frame["need"][colour] -= 1
        self.record.note(
            "orbis.note.burn", seat=self.seat, colour=colour_word(colour), slot=slot + 1
        )

    def death(self, sacrifice: bool) -> None:
        frame = stack(self.data).pop()
        assert frame["kind"] == "death"
        if sacrifice:
            self.push_lose(frame["n"], "death")
        else:
            self.board["god_cancelled"] = True
            self.record.note("orbis.note.death_no", seat=self.seat)
            self.finish_step()

    # discarding

    def push_lose(self, n: int, why: LoseWhy) -> None:
        stack(self.data).add({"kind": "lose", "n": n, "why": why})
        self.settle_lose()

    def lose(self, frame: LoseFrame, colour: str) -> None:
        dm.change(self.board["domain"], colour, -1)  # the move's label says it
        if frame["why"] == "limit":
            self.check_limit()
            return
        frame["n"] -= 1
        self.settle_lose()

    def settle_lose(self) -> None:
        """Village and God of Death discards: a domain of one colour needs no choice."""
        frames = stack(self.data)
        frame = frames.top
        assert frame is not None and frame["kind"] == "lose"
        while frame["n"] > 0 and len(dm.held(self.board["domain"])) == 1:
            colour = dm.held(self.board["domain"])[0]
            dm.change(self.board["domain"], colour, -1)
            self.record.note("orbis.note.lose", seat=self.seat, colour=colour_word(colour))
            frame["n"] -= 1
        if frame["n"] <= 0:
            frames.pop()
            if frame["why"] == "death":
                self.record.note("orbis.note.death_ok", seat=self.seat)
            else:
                self.record.note("orbis.note.village_ok", seat=self.seat)
            self.finish_step()

    def check_limit(self) -> None:
        """Step 6 (O10): the limit frame closes once the domain holds 10 cubes or fewer."""
        frames = stack(self.data)
        if dm.total(self.board["domain"]) <= SETUP.domain_limit:
            frames.pop()
            self.finish_turn()

    # closing the turn

    def finish_step(self) -> None:
        """The effect is over: step 6 (limit to 10 cubes), then 7 (refill) and the end."""
        act = self.data["act"]
        assert act is not None
        act["step"] = "limit"
        if dm.total(self.board["domain"]) > SETUP.domain_limit:
            stack(self.data).add({"kind": "lose", "n": 0, "why": "limit"})
            return
        self.finish_turn()

    def finish_turn(self) -> None:
        data = self.data
        act = data["act"]
        assert act is not None
        if act["kind"] == "region":
            refill(self.state, act["slot"], self.record)
        self.board["turns"] += 1
        data["act"] = None
        self.ended = True


def refill(state: State, slot: int, record: Record) -> None:
    """Step 7: the empty place gets the top tile of level 1, else 2, else 3."""
    orbis = data(state)
    for level in ("1", "2", "3"):
        pile = orbis["piles"][level]
        if pile:
            tile = pile.pop()
            orbis["display"][slot] = tile
            record.note("orbis.note.refill", tile=tile_name(tile), slot=slot + 1)
            record.learned = True
            return


def undo_hooks(data: OrbisData, me: int) -> dict[str, Undo]:
    """What ``back`` (or a player leaving mid-turn) takes back for each frame kind."""
    board = data["boards"][me]

    def untake(before: Before) -> None:
        act = data["act"]
        assert act is not None and act["kind"] == "region"
        data["cubes"] = list(before["cubes"])
        board["domain"] = list(before["domain"])
        data["display"][act["slot"]] = act["tile"]
        data["last"] = before["last"]
        data["act"] = None

    def pay(frame: PayFrame) -> None:
        untake(frame["before"])

    def place(frame: PlaceFrame) -> None:
        before = frame["before"]  # the whole take (``untake``), or the domain before paying
        if isinstance(before, dict):
            untake(before)
        else:
            board["domain"] = list(before)

    def god_back(frame: LoveFrame | DeathFrame) -> None:
        assert board["god"] is not None
        data["gods"].insert(frame["at"], board["god"])
        board["god"] = None
        data["last"] = frame["last"]
        data["act"] = None

    return {"pay": pay, "place": place, "love": god_back, "death": god_back}


__all__ = ["Turn", "refill", "undo_hooks"]
