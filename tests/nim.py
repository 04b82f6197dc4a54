"""A tiny complete game (Nim) used to test the contract, the service and the bot
independently of any real game's rules."""

from __future__ import annotations

from typing import Any

from rules import rng
from rules.base import (
    Game,
    GameSpec,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    ScoreSheet,
    Seat,
    State,
    Text,
    rank_by,
)


class Nim(Game):
    """Players take 1-3 stones in turn; whoever takes the last stone wins."""

    spec = GameSpec(
        id="nim",
        name=Text("nim"),
        min_seats=2,
        max_seats=4,
        options=(OptionSpec("stones", 15, minimum=3, maximum=60),),
    )

    def _setup(self, state: State) -> None:
        state.data = {
            "stones": state.options["stones"] + rng.randbelow(state, 3),
            "turn": 0,
            "taken": {s: 0 for s in state.seats},
            "winner": None,
        }

    def to_act(self, state: State) -> frozenset[Seat]:
        if state.data["winner"] is not None:
            return frozenset()
        return frozenset({state.seats[state.data["turn"] % len(state.seats)]})

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        top = min(3, state.data["stones"])
        return [Move(f"take{n}", Text("nim.take", {"n": n}), "take") for n in range(1, top + 1)]

    def is_well_formed(self, code: str) -> bool:
        return code.startswith("take") and code[4:].isdigit()

    def explain_illegal(self, state: State, seat: Seat, code: str) -> IllegalMove:
        return IllegalMove("move.not_legal", move=code)

    def _apply(self, state: State, seat: Seat, move: Move) -> None:
        n = int(move.code[4:])
        state.data["stones"] -= n
        state.data["taken"][seat] += n
        if state.data["stones"] == 0:
            state.data["winner"] = seat
        state.data["turn"] += 1

    def view(self, state: State, seat: Seat | None) -> Any:
        return {"stones": state.data["stones"], "to_act": sorted(self.to_act(state))}

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        rows = {s: {"nim.win": 1 if state.data["winner"] == s else 0} for s in state.seats}
        return ScoreSheet(("nim.win",), rows, final=state.data["winner"] is not None)

    def outcome(self, state: State) -> Outcome | None:
        if state.data["winner"] is None:
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s),) for s in state.seats}
        return Outcome(rank_by(state.seats, keys), sheet.totals(), Text("termination.normal"))


NIM = Nim()
