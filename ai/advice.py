"""A hint: the move ``greedy`` would make for a seat, and what it is worth.

``advise`` makes exactly the choice ``ai.choose(..., "greedy", seed)`` makes (same
generator, same determinization, same search, same tie-break), then follows greedy's
own next decisions of the same turn to say what the turn gains: the seat's total as its
own score sheet shows it, before and after, ``game.evaluate`` (points plus progress
against the best other seat: what greedy weighs) before and after, and what the game
says the line did (``game.hint_effects``). It does the same for the next best first
decision by greedy's measure, so that a hint can say what the advised move gains
against it. Like the rest of the package it never reads what the seat cannot see:
everything is measured on the determinized state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.greedy import MAX_DEPTH, NODE_CAP, greedy_move, line_values
from rules.base import Game, Move, Seat, State
from rules.core.hints import Effects
from rules.kit.stack import BACK

ENDS = ("win", "tie", "loss")


@dataclass(frozen=True)
class Advice:
    """Greedy's move for a seat and what its turn comes to.

    ``only``: the seat has no other legal move. ``total_before``/``total_after``: the
    seat's total on its own score sheet now and after greedy's line of this turn (the
    move, then greedy's next decisions while the seat still acts). ``value_before``/
    ``value_after``: ``game.evaluate`` at the same two points. ``ends``: ``win``, ``tie``
    or ``loss`` when that line ends the game, else ``None``. ``steps``: decisions in the
    line (the move included).
    """

    move: Move
    only: bool
    total_before: int
    total_after: int
    value_before: float
    value_after: float
    ends: str | None
    steps: int
    effects: Effects = Effects()
    other: Move | None = None
    other_effects: Effects | None = None
    winners: tuple[Seat, ...] = ()

    @property
    def code(self) -> str:
        return self.move.code

    @property
    def gain(self) -> int:
        """Points the line adds to the seat's total (negative when it pays some)."""
        return self.total_after - self.total_before


def advise(game: Game, state: State, seat: Seat, seed: str, *, cap: int = NODE_CAP) -> Advice:
    """Greedy's move for ``seat`` (``ai.choose`` at ``greedy`` with ``seed`` gives the same
    code) and what it is worth. Raises ``ValueError`` for a seat with no legal move."""
    rng = random.Random(f"{game.spec.id}|{seat}|greedy|{seed}")
    det = game.determinize(state, seat, rng)
    del state  # from here on only the determinized state exists
    moves = game.legal_moves(det, seat)
    if not moves:
        raise ValueError(f"seat {seat!r} has no legal move")
    only = len(moves) == 1
    other: Move | None = None
    if only:
        best = moves[0]
    else:
        moves = [m for m in moves if m.code != BACK] or moves
        order = list(moves)
        rng.shuffle(order)  # as greedy_pick: ties go the same way for the same seed
        values, _ = line_values(game, det, seat, order, cap, rng)
        ranked = sorted(range(len(order)), key=lambda i: -values[i])
        top = max(range(len(order)), key=lambda i: values[i])
        best = order[top]
        other = next((order[i] for i in ranked if i != top), None)
    total_before = game.scores(det, seat).total(seat)
    value_before = game.evaluate(det, seat)
    after, steps = _line(game, det, seat, best, rng)
    outcome = game.outcome(after)
    ends: str | None = None
    winners: tuple[Seat, ...] = ()
    if outcome is not None:
        winners = tuple(outcome.winners)
        if seat not in outcome.winners:
            ends = "loss"
        else:
            ends = "win" if len(outcome.winners) == 1 else "tie"
    other_effects: Effects | None = None
    if other is not None:
        other_after, _ = _line(game, det, seat, other, rng)
        other_effects = game.hint_effects(det, other_after, seat)
    return Advice(
        move=best,
        only=only,
        total_before=total_before,
        total_after=game.scores(after, seat).total(seat),
        value_before=value_before,
        value_after=game.evaluate(after, seat),
        ends=ends,
        steps=steps,
        effects=game.hint_effects(det, after, seat),
        other=other,
        other_effects=other_effects,
        winners=winners,
    )


def _line(
    game: Game, state: State, seat: Seat, first: Move, rng: random.Random
) -> tuple[State, int]:
    """``first``, then greedy's next decisions while the seat still acts in this turn:
    the state the line reaches and how many decisions it took."""
    after = game.apply_legal(state, seat, first)
    steps = 1
    while steps < MAX_DEPTH and seat in game.to_act(after) and game.outcome(after) is None:
        nexts = [m for m in game.legal_moves(after, seat) if m.code != BACK]
        if not nexts:
            break
        code = nexts[0].code if len(nexts) == 1 else greedy_move(game, after, seat, nexts, rng)
        after = game.apply_legal(after, seat, next(m for m in nexts if m.code == code))
        steps += 1
    return after, steps


__all__ = ["ENDS", "Advice", "advise"]
