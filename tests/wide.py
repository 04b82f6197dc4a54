"""A test game with many moves per decision, to exercise menus and autocomplete limits."""

from __future__ import annotations

from typing import Any

from rules.base import (
    Game,
    GameSpec,
    Move,
    OptionSpec,
    Outcome,
    Record,
    ScoreSheet,
    Seat,
    State,
    Text,
    rank_by,
)

GROUPS = {"alpha": 30, "beta": 20, "gamma": 10}  # 60 moves: more than one menu page


class Wide(Game):
    """Each player makes one choice among 60 (or ``picks`` choices in a row, a turn of
    several decisions); the bigger last number wins."""

    spec = GameSpec(
        id="wide",
        name=Text("wide"),
        min_seats=2,
        max_seats=2,
        options=(OptionSpec("picks", 1, minimum=1, maximum=2),),
        groups={group: Text(group) for group in GROUPS},  # no catalogue: keys read as is
    )

    def _setup(self, state: State) -> None:
        state.data = {"picked": {}, "count": {}}

    def _done(self, state: State, seat: Seat) -> bool:
        return bool(state.data["count"].get(seat, 0) >= state.options["picks"])

    def _to_act(self, state: State) -> frozenset[Seat]:
        waiting = [s for s in state.seats if not self._done(state, s)]
        return frozenset(waiting[:1])

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        moves, n = [], 0
        for group, count in GROUPS.items():
            for _ in range(count):
                moves.append(Move(f"{group}-{n:02d}", Text("wide.pick", {"n": n}), group))
                n += 1
        return moves

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        state.data["picked"][seat] = int(move.code.split("-")[1])
        state.data["count"][seat] = state.data["count"].get(seat, 0) + 1

    def _view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return {"picked": len(state.data["picked"])}

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        rows = {s: {"wide.pick": state.data["picked"].get(s, 0)} for s in state.seats}
        over = all(self._done(state, s) for s in state.seats)
        return ScoreSheet(("wide.pick",), rows, final=over)

    def _outcome(self, state: State) -> Outcome | None:
        if not all(self._done(state, s) for s in state.seats):
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s),) for s in state.seats}
        return Outcome(rank_by(state.seats, keys), sheet.totals(), Text("termination.normal"))


WIDE = Wide()
