"""Turn rotation, rounds, passes in a row and the final round, over ``state.data``.

Keys (put there by ``new_turns`` at setup): ``first`` (index of the first player),
``turn`` (index of the player whose turn it is), ``round`` (from 1, grows when the turn
comes back to the first player), ``passes`` (turns in a row where nobody could act),
``ending`` (``None``, or the final round: ``{"reason", "by", "left"}``). Seats in
``state.out`` are skipped.
"""

from __future__ import annotations

from typing import TypedDict, cast

from rules.base import State

BLOCKED = "blocked"
"""The reason ``end_turn`` gives when every player still in passed in a row."""


class Ending(TypedDict):
    """The final round under way: why it started, who started it, who still plays."""

    reason: str
    by: int
    left: list[int]


class TurnData(TypedDict):
    """The turn keys of ``state.data``: a game's data type inherits them
    (``class NimData(TurnData, EndData): ...``)."""

    first: int
    turn: int
    round: int
    passes: int
    ending: Ending | None


def new_turns(first: int) -> TurnData:
    """The turn keys of a new game (merge them into ``state.data``)."""
    return {"first": first, "turn": first, "round": 1, "passes": 0, "ending": None}


class Turns:
    """A thin view over the turn keys of ``state.data``."""

    __slots__ = ("data", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.data = cast(TurnData, state.data)

    @property
    def current(self) -> int:
        """Index (in ``state.seats``) of the player whose turn it is."""
        return self.data["turn"]

    @property
    def seat(self) -> str:
        """The seat whose turn it is."""
        return self.state.seats[self.data["turn"]]

    @property
    def is_final_round(self) -> bool:
        return self.data.get("ending") is not None

    def _is_in(self, index: int) -> bool:
        return self.state.seats[index] not in self.state.out

    def after(self, index: int) -> list[int]:
        """The other players still in, in turn order from the one after ``index``."""
        count = len(self.state.seats)
        others = ((index + k) % count for k in range(1, count))
        return [i for i in others if self._is_in(i)]

    # -- passes ---------------------------------------------------------------------

    def passed(self) -> None:
        """The player could not act: one more pass in a row."""
        self.data["passes"] += 1

    def acted(self) -> None:
        """Something changed on the table: the run of passes starts over."""
        self.data["passes"] = 0

    @property
    def everyone_passed(self) -> bool:
        return bool(self.data["passes"] >= len(self.state.playing))

    # -- the final round ------------------------------------------------------------

    def start_final_round(self, reason: str, *, round_out: bool = False) -> None:
        """The current player triggered the end (``reason``): they finish this turn,
        then every other player still in plays one more. With ``round_out`` the final
        round is the rest of the current round instead: only the players after this one
        and before the first player play (Sapiens: the round is played out when the
        pile runs out). Nothing if already started."""
        if self.data.get("ending") is None:
            me = self.current
            left = self.after(me)
            if round_out:
                first, count = self.data["first"], len(self.state.seats)
                left = [i for i in left if (i - first) % count > (me - first) % count]
            self.data["ending"] = {"reason": reason, "by": me, "left": left}

    # -- passing the turn -------------------------------------------------------------

    def end_turn(self) -> str | None:
        """The current turn is over: the reason the game ends now (the final round is
        played out, or ``BLOCKED``: everyone passed in a row), else ``None`` once the
        turn has passed to the next player (the round counted)."""
        ending = self.data.get("ending")
        if ending is not None:
            left = ending["left"]
            while left and not self._is_in(left[0]):
                left.pop(0)
            if not left:
                return ending["reason"]
            self._move_to(left.pop(0))
            return None
        if self.everyone_passed:
            return BLOCKED
        self.advance()
        return None

    def advance(self) -> None:
        """Give the turn to the next player still in; a round starts each time the turn
        reaches or passes over the first player."""
        count = len(self.state.seats)
        turn = self.current
        for _ in range(count):
            turn = (turn + 1) % count
            if turn == self.data["first"]:
                self.data["round"] += 1
            if self._is_in(turn):
                break
        self.data["turn"] = turn

    def step(self) -> bool:
        """Give the turn to the very next seat, in or out, for a game that decides seat
        by seat whom to skip (it calls ``step`` again): ``True`` when the turn reaches
        the first player, a new round (counted). A seat reached in a final round leaves
        its ``left``; a final round started with ``round_out`` is over when ``step``
        returns ``True``."""
        turn = (self.current + 1) % len(self.state.seats)
        self._move_to(turn)
        ending = self.data.get("ending")
        if ending is not None and turn in ending["left"]:
            ending["left"].remove(turn)
        return turn == self.data["first"]

    def _move_to(self, index: int) -> None:
        self.data["turn"] = index
        if index == self.data["first"]:
            self.data["round"] += 1


__all__ = ["BLOCKED", "Ending", "TurnData", "Turns", "new_turns"]
