"""``ai.advise``: the hint is the move ``greedy`` plays, seen from the seat alone."""

from __future__ import annotations

import random

import pytest

import ai
from rules import registry
from tests.ai.test_contract import _midgame

GAMES = registry.ids()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("plies", [0, 5, 17])
def test_the_hint_is_the_move_greedy_makes(game_id: str, plies: int) -> None:
    game = registry.get(game_id)
    state = _midgame(game, f"hint{plies}", plies)
    for seat in sorted(game.to_act(state)):
        for seed in ("s1", "s2"):
            advice = ai.advise(game, state, seat, seed)
            assert advice.code == ai.choose(game, state, seat, "greedy", seed)
            assert advice.code in {m.code for m in game.legal_moves(state, seat)}
            assert advice.steps >= 1
            assert advice.gain == advice.total_after - advice.total_before


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_reads_nothing_the_seat_cannot_see(game_id: str) -> None:
    """Another world with the same view for the seat (other hidden things): the same
    advice, word for word and figure for figure."""
    game = registry.get(game_id)
    state = _midgame(game, "hint-hidden", 11)
    if not game.to_act(state):
        pytest.skip("the game ended")
    seat = sorted(game.to_act(state))[0]
    for r in range(2):
        other = game.determinize(state, seat, random.Random(f"other{r}"))
        assert ai.advise(game, other, seat, "s") == ai.advise(game, state, seat, "s")


def test_a_winning_move_is_said_to_win() -> None:
    """Nim: three stones or fewer left, the seat to act takes them all and wins."""
    game = registry.get("nim")
    state = game.setup(["a", "b"], "win", {"stones": 3})
    while state.data["stones"] > 3:
        seat = sorted(game.to_act(state))[0]
        state = game.apply(state, seat, game.legal_moves(state, seat)[0])
    assert state.data["stones"] <= 3
    seat = sorted(game.to_act(state))[0]
    advice = ai.advise(game, state, seat, "s")
    assert advice.ends == "win"
    assert advice.gain == 1  # the sheet's one point for the winner


def test_a_seat_with_no_move_is_refused() -> None:
    game = registry.get("nim")
    state = game.setup(["a", "b"], "none", None)
    idle = next(s for s in state.seats if s not in game.to_act(state))
    with pytest.raises(ValueError, match="no legal move"):
        ai.advise(game, state, idle, "s")
