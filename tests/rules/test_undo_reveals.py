"""Undo never takes back what someone saw (issue 26, point 1).

A move is undoable only if neither the public view nor any seat's view shows anything
that was hidden before it. The contract judges that itself (``Game._reveals``: the same
move played in states the viewer cannot tell from the real one must look the same to
it), so a game registered later is covered without a flag of its own. Here: the two
kinds of move that slipped through (Origin Junior's hidden tokens, Origin Classic's
reward board refilled from the face-down reserve), and a walk through random games of
every registered game where every move said "undoable" is asked again, independently:
other draws, and every seat's own view besides the mover's and the public one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from campfire_testing.random_games import choose_move, seats_for
from rules import registry
from rules.base import Game, State
from rules.core.game import ONLOOKER
from rules.origin import JUNIOR
from rules.origin.classic.engine import CLASSIC

ORACLE_SAMPLES = 4
"""Draws per sight of the independent second opinion (the contract draws 16 for the
mover's and the public view; the second opinion draws elsewhere, for every seat)."""


def _walk(game: Game, players: int, seed: int, moves: int = 400) -> list[tuple[State, Any]]:
    """(state before, ``Applied``) for each move of a seeded random game."""
    chooser = random.Random(f"undo/{game.spec.id}/{players}/{seed}")
    state = game.setup(seats_for(players), f"undo-{seed}")
    steps = []
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(game.to_act(state)))
        applied = game.play(state, seat, choose_move(chooser, game.legal_moves(state, seat)))
        steps.append((state, applied))
        state = applied.state
    return steps


def test_moving_onto_a_hidden_token_in_origin_junior_cannot_be_undone() -> None:
    """The mover sees the value of the Hunting or Strait token it moved onto."""

    def won(data: dict[str, Any], seat: int) -> int:
        return len(data["hunting_of"][seat]) + len(data["straits_of"][seat])

    tokens = 0
    for seed in range(3):
        for before, applied in _walk(JUNIOR, 3, seed):
            me = before.seats.index(applied.seat)
            if won(applied.state.data, me) > won(before.data, me):
                assert not applied.undoable, applied.move.code
                tokens += 1
    assert tokens >= 3


def test_refilling_the_reward_board_in_origin_classic_cannot_be_undone() -> None:
    """Taking an Innovation tile turns the next tile of the face-down reserve up. (The
    last tile of the reserve is no secret: every other tile is in sight, so turning it
    up shows nothing and may be undone.)"""
    refills = kept = 0
    for seed in range(3):
        for before, applied in _walk(CLASSIC, 3, seed):
            reserve = len(before.data["reserve"])
            if len(applied.state.data["reserve"]) < reserve and reserve > 1:
                assert not applied.undoable, applied.move.code
                refills += 1
            elif applied.undoable:
                kept += 1
    assert refills >= 3 and kept >= 50  # the other moves stay undoable


@pytest.mark.parametrize("game_id", registry.ids())
def test_onlooker_draws_keep_the_public_view(game_id: str) -> None:
    """``determinize`` for ``ONLOOKER`` (no seat) keeps what the table sees."""
    game = registry.get(game_id)
    players = min(3, game.spec.max_seats)
    for before, _applied in _walk(game, players, 0, moves=60)[::10]:
        other = game.determinize(before, ONLOOKER, random.Random(1))
        assert game.view(other, None) == game.view(before, None)


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_move_said_undoable_shows_anything_hidden(game_id: str) -> None:
    """Every move of a random game that says "undoable", asked again with other draws
    from every seat's view and the public one, shows nobody anything new."""
    game = registry.get(game_id)
    players = min(3, game.spec.max_seats)
    undoable = 0
    for before, applied in _walk(game, players, 1, moves=250):
        if not applied.undoable:
            continue
        undoable += 1
        sights = [*applied.state.playing, None]
        assert not game._reveals(
            before,
            applied.state,
            applied.seat,
            applied.move,
            samples=ORACLE_SAMPLES,
            sights=sights,
            salt="second-opinion",
        ), f"{game_id}: {applied.move.code} (move {applied.state.version}) said undoable"
    assert undoable
