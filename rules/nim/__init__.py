"""Nim (``nim``): the smallest complete game, and the worked example of contract v2.

Players take one to three stones in turn from one heap; whoever takes the last stone
wins. The heap starts with the ``stones`` option plus 0-2 stones drawn by the seeded
generator (so the table cannot plan the whole game from the option alone). Everything
a game needs is here and in ``render/nim``, registered by one line in each registry:
rules, texts (``locales/``), help tips, move-group names and private sections. A seat
that leaves does not end the game: the others play on (at least two must stay).

Its state is typed: ``NimData`` says every key of ``state.data`` (the turn keys and the
end key come from ``rules/kit``), ``NimPart`` every key ``_view`` gives, and ``NimView``
the whole view front ends and the renderer read (the contract's envelope and the
part), so the type checker knows each read. ``data(state)`` and ``view_of(view)`` are
the only places that say what a dict is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

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
from rules.core.envelope import ViewEnvelope
from rules.core.hints import Effect, Effects
from rules.i18n import register_package
from rules.kit.end import EndData, finish, new_end
from rules.kit.turns import TurnData, Turns, new_turns

register_package("rules.nim")

MAX_TAKE = 3


class NimData(TurnData, EndData):
    """``state.data`` of Nim: the kit's turn keys and end key, and the heap."""

    stones: int
    """Stones left on the heap."""
    start: int
    """Stones on the heap at the start."""
    taken: dict[Seat, int]
    """Stones each seat has taken."""
    winner: Seat | None
    """Who took the last stone (``None`` while the game runs)."""


class NimPart(TypedDict):
    """Nim's part of the view, what every seat sees (Nim hides nothing)."""

    stones: int
    start: int
    taken: dict[Seat, int]


class NimView(ViewEnvelope, NimPart):
    """A whole view of Nim: the contract's envelope and Nim's part."""


def data(state: State) -> NimData:
    """``state.data``, typed."""
    return cast(NimData, state.data)


def view_of(view: Mapping[str, Any]) -> NimView:
    """A view of Nim (from ``Game.view``), typed."""
    return cast(NimView, view)


class Nim(Game):
    """Players take 1-3 stones in turn; whoever takes the last stone wins."""

    spec = GameSpec(
        id="nim",
        name=Text("nim"),
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec(
                "stones",
                15,
                minimum=3,
                maximum=60,
                description=Text("nim.option.stones"),
                label=Text("nim.option.stones.label"),
            ),
        ),
        state_form=2,
        summary=Text("nim.summary"),
        tips=(Text("nim.tips"),),
        groups={"take": Text("nim.group.take")},
    )
    continues_without_a_seat = True

    def _setup(self, state: State) -> None:
        stones = state.options["stones"] + rng.randbelow(state, 3)
        nim: NimData = {
            **new_turns(0),
            **new_end(),
            "stones": stones,
            "start": stones,
            "taken": {s: 0 for s in state.seats},
            "winner": None,
        }
        state.data = cast(dict[str, Any], nim)

    def round_of(self, state: State) -> int | None:
        """Nim counts moves, not rounds (the kit's round count is for the turn order)."""
        return None

    def _copy_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """Only ``taken`` is a container a move changes (``ending`` stays ``None``)."""
        copied = dict(data)
        copied["taken"] = dict(data["taken"])
        return copied

    def _to_act(self, state: State) -> frozenset[Seat]:
        nim = data(state)
        if nim["over"] is not None:
            return frozenset()
        return frozenset({state.seats[nim["turn"]]})

    def _legal_moves(self, state: State, seat: Seat) -> list[Move]:
        top = min(MAX_TAKE, data(state)["stones"])
        return [Move(f"take{n}", Text("nim.take", {"n": n}), "take") for n in range(1, top + 1)]

    def is_well_formed(self, code: str) -> bool:
        return code.startswith("take") and code[4:].isdigit()

    def _apply(self, state: State, seat: Seat, move: Move, record: Record) -> None:
        n = int(move.code[4:])
        nim = data(state)
        nim["stones"] -= n
        nim["taken"][seat] += n
        record.note("nim.note.left", n=nim["stones"])
        if nim["stones"] == 0:
            nim["winner"] = seat
            finish(nim, "normal")
            return
        Turns(state).advance()

    def _remove_seat(self, state: State, seat: Seat, record: Record) -> None:
        turns = Turns(state)
        if turns.seat == seat:
            turns.advance()

    def _view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        nim = data(state)
        view: NimPart = {
            "stones": nim["stones"],
            "start": nim["start"],
            "taken": dict(nim["taken"]),
        }
        return cast(dict[str, Any], view)

    def private_sections(self, state: State, seat: Seat) -> list[Section]:
        taken = data(state)["taken"][seat]
        left = data(state)["stones"]
        lines = [Text("nim.present.taken", {"n": taken}), Text("nim.present.left", {"n": left})]
        if left:
            lines.append(
                Text("nim.present.hint" if left % (MAX_TAKE + 1) else "nim.present.hint_bad")
            )
        return [Section(Text("nim.present.title"), tuple(lines))]

    def scores(self, state: State, seat: Seat | None = None) -> ScoreSheet:
        winner = data(state)["winner"]
        rows = {s: {"nim.win": 1 if winner == s else 0} for s in state.seats}
        return ScoreSheet(("nim.win",), rows, final=winner is not None)

    def evaluate(self, state: State, seat: Seat) -> float:
        """The score sheet only knows the winner; the theory of Nim knows more: a heap
        that is a multiple of ``MAX_TAKE + 1`` is lost for whoever must take from it
        (exact with two players, a fair guess with more)."""
        nim = data(state)
        if nim["winner"] is not None:
            return 1.0 if nim["winner"] == seat else -1.0
        lost_heap = nim["stones"] % (MAX_TAKE + 1) == 0
        to_take = seat in self.to_act(state)
        return -0.5 if lost_heap == to_take else 0.5

    def hint_effects(self, before: State, after: State, seat: Seat) -> Effects:
        """The heap the line leaves, in the terms of the theory ``evaluate`` follows:
        with two players, a multiple of ``MAX_TAKE + 1`` left to the other seat wins for
        ``seat`` (the other seat can no longer win against good play); any other heap
        lets the other seat win by taking exactly the rest (``lost_to``). With more
        players the heap alone is said."""
        nim = data(after)
        left = nim["stones"]
        playing = [s for s in after.seats if s not in after.out]
        nxt = sorted(self.to_act(after))
        if nim["winner"] is not None or not nxt or len(playing) != 2 or nxt[0] == seat:
            return Effects((Effect("heap", Text("nim.hint.left", {"n": left})),))
        other = nxt[0]
        rest = left % (MAX_TAKE + 1)
        if rest == 0:
            text = Text("nim.hint.safe", {"n": left, "player": other, "m": MAX_TAKE + 1})
            return Effects((Effect("heap", text),))
        if left <= MAX_TAKE:
            text = Text("nim.hint.last", {"n": left, "player": other})
        else:
            params = {"n": left, "player": other, "k": rest, "m": MAX_TAKE + 1}
            text = Text("nim.hint.open", params)
        return Effects((Effect("heap", text),), lost_to=other)

    def _outcome(self, state: State) -> Outcome | None:
        if data(state)["over"] is None:
            return None
        sheet = self.scores(state)
        keys = {s: (sheet.total(s),) for s in state.seats}
        return Outcome(rank_by(state.seats, keys), sheet.totals(), Text("nim.end.last"))


NIM = Nim()

__all__ = ["NIM", "Nim", "NimData", "NimPart", "NimView", "data", "view_of"]
