"""Nim (``nim``): the smallest complete game, and the worked example of contract v2.

Players take one to three stones in turn from one heap; whoever takes the last stone
wins. The heap starts with the ``stones`` option plus 0-2 stones drawn by the seeded
generator (so the table cannot plan the whole game from the option alone). Everything
a game needs is here and in ``render/nim``, registered by one line in each registry:
rules, texts (``locales/``), help tips, move-group names and private sections. A seat
that leaves does not end the game: the others play on (at least two must stay).
"""

from __future__ import annotations

from typing import Any

from rules import rng
from rules.base import (
    Game,
    GameSpec,
    Move,
    OptionSpec,
    Outcome,
    Record,
    ScoreSheet,
    Seat,
    Section,
    State,
    Text,
    rank_by,
)
from rules.i18n import register_package

register_package("rules.nim")

MAX_TAKE = 3


class Nim(Game):
    """Players take 1-3 stones in turn; whoever takes the last stone wins."""

    spec = GameSpec(
        id="nim",
        name=Text("nim"),
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec("stones", 15, minimum=3, maximum=60, description=Text("nim.option.stones")),
        ),
        summary=Text("nim.summary"),
        tips=(Text("nim.tips"),),
        groups={"take": Text("nim.group.take")},
    )
    continues_without_a_seat = True

    def _setup(self, state: State) -> None:
        stones = state.options["stones"] + rng.randbelow(state, 3)
        state.data = {
            "stones": stones,
            "start": stones,
            "turn": 0,
            "taken": {s: 0 for s in state.seats},
            "winner": None,
        }

    def _to_act(self, state: State) -> frozenset[Seat]:
        if state.data["winner"] is not None:
            return frozenset()
        return frozenset({state.seats[state.data["turn"] % len(state.seats)]})

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        top = min(MAX_TAKE, state.data["stones"])
        return [Move(f"take{n}", Text("nim.take", {"n": n}), "take") for n in range(1, top + 1)]

    def is_well_formed(self, code: str) -> bool:
        return code.startswith("take") and code[4:].isdigit()

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        n = int(move.code[4:])
        data = state.data
        data["stones"] -= n
        data["taken"][seat] += n
        record.note("nim.note.left", n=data["stones"])
        if data["stones"] == 0:
            data["winner"] = seat
            return
        self._advance(state)

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        if state.seats[state.data["turn"] % len(state.seats)] == seat:
            self._advance(state)

    @staticmethod
    def _advance(state: State) -> None:
        """The next seat still playing takes the turn."""
        data = state.data
        for _ in state.seats:
            data["turn"] += 1
            if state.seats[data["turn"] % len(state.seats)] not in state.out:
                return

    def _view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        data = state.data
        return {"stones": data["stones"], "start": data["start"], "taken": dict(data["taken"])}

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        taken = state.data["taken"][seat]
        left = state.data["stones"]
        lines = [Text("nim.present.taken", {"n": taken}), Text("nim.present.left", {"n": left})]
        if left:
            lines.append(
                Text("nim.present.hint" if left % (MAX_TAKE + 1) else "nim.present.hint_bad")
            )
        return [Section(Text("nim.present.title"), tuple(lines))]

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        winner = state.data["winner"]
        rows = {s: {"nim.win": 1 if winner == s else 0} for s in state.seats}
        return ScoreSheet(("nim.win",), rows, final=winner is not None)

    def evaluate(self, state: State, seat: Seat) -> float:
        """The score sheet only knows the winner; the theory of Nim knows more: a heap
        that is a multiple of ``MAX_TAKE + 1`` is lost for whoever must take from it
        (exact with two players, a fair guess with more)."""
        if state.data["winner"] is not None:
            return 1.0 if state.data["winner"] == seat else -1.0
        lost_heap = state.data["stones"] % (MAX_TAKE + 1) == 0
        to_take = seat in self.to_act(state)
        return -0.5 if lost_heap == to_take else 0.5

    def _outcome(self, state: State) -> Outcome | None:
        if state.data["winner"] is None:
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s),) for s in state.seats}
        return Outcome(rank_by(state.seats, keys), sheet.totals(), Text("termination.normal"))


NIM = Nim()

__all__ = ["NIM", "Nim"]
