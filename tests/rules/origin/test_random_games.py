"""Random Junior games (2, 3 and 4 players) with the contract's invariants after every move.

After every move: the seat to act has a legal move, the state survives JSON, the input
state is untouched, every piece is conserved (game invariants), and the game ends
within a bound. Replay of the whole log equals the snapshot every ``REPLAY_EVERY``
moves and at the end (a full replay after every move would be quadratic).
"""

from __future__ import annotations

import random

import pytest

from rules.base import from_json, to_json
from rules.origin import JUNIOR

GAMES_PER_COUNT = 334  # x 3 player counts = 1002 games
MAX_MOVES = 1500
REPLAY_EVERY = 97


def play_random_game(players: int, seed: int, replay_every: int = 0) -> int:
    """Play one random game with full checks; return the number of moves."""
    chooser = random.Random(seed)
    state = JUNIOR.setup([f"p{i}" for i in range(players)], f"rg-{players}-{seed}")
    text = to_json(state)  # the JSON of ``state``, taken before it is played on
    for count in range(1, MAX_MOVES + 1):
        actors = JUNIOR.to_act(state)
        assert len(actors) == 1
        seat = next(iter(actors))
        legal = JUNIOR.legal_moves(state, seat)
        assert legal, f"{seat} has no legal move"
        move = chooser.choice(legal)
        new = JUNIOR.apply(state, seat, move.code)
        # One comparison checks both: ``state`` round-trips through JSON, and ``apply``
        # left it exactly as it was before the move.
        assert from_json(text) == state, "input state mutated or JSON round-trip lost data"
        JUNIOR.check_game_invariants(new)
        state, text = new, to_json(new)
        if replay_every and count % replay_every == 0:
            assert JUNIOR.replay(state.seats, state.seed, state.options, state.log) == state
        if JUNIOR.outcome(state) is not None:
            assert JUNIOR.to_act(state) == frozenset()
            assert from_json(text) == state
            JUNIOR.check_invariants(state)  # includes the full replay
            sheet = JUNIOR.scores(state)
            assert sheet.final and not sheet.hidden
            return count
    raise AssertionError(f"game {players}/{seed} did not end within {MAX_MOVES} moves")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    lengths = [
        play_random_game(players, seed, REPLAY_EVERY if seed % 10 == 0 else 0)
        for seed in range(GAMES_PER_COUNT)
    ]
    assert min(lengths) > 2 * players  # nobody can empty a 14-card deck in one round
