"""Random Classic games: every API invariant after every move, 1000 games of 2-4 players.

After each move: someone is to act and every seat to act has a legal move; pieces,
cards and tiles are conserved (``check_game_invariants``); the game stays short. At the
end the state round-trips through JSON and the log is replayed step by step: every
intermediate state must equal the one the game went through, which proves both "replay
equals snapshot" and "apply never changed its input" (a changed input would differ
from its fresh replay). Every tenth game also round-trips the whole state through
``to_json``/``from_json`` after every move (equality after the round trip rules out
tuples, sets and non-string keys); the other games do it at the end.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest

from rules.base import State, from_json, to_json
from rules.origin.classic import CLASSIC

GAMES = 1000
CHUNKS = 10
MAX_MOVES = 2500


def play_random(seed: int, players: int, round_trip: bool = False) -> State:
    """Play one random game, checking the invariants after each move."""
    chooser = random.Random(seed)
    state = CLASSIC.setup([f"p{i}" for i in range(players)], f"random-{seed}")
    history = [state]
    while CLASSIC.outcome(state) is None:
        actors = sorted(CLASSIC.to_act(state))
        assert actors, "a running game needs someone to act"
        options = {seat: CLASSIC.legal_moves(state, seat) for seat in actors}
        assert all(options.values()), f"a seat to act has no legal move (seed {seed})"
        seat = chooser.choice(actors)
        moves = options[seat]
        forward = [m for m in moves if m.code != "back"]
        move = chooser.choice(forward if forward and chooser.random() > 0.05 else moves)
        state = CLASSIC.apply(state, seat, move.code)
        if round_trip:
            assert from_json(to_json(state)) == state, "JSON round trip changed the state"
        CLASSIC.check_game_invariants(state)
        history.append(state)
        assert state.version < MAX_MOVES, f"game {seed} does not end"
    replayed = CLASSIC.setup(state.seats, state.seed, state.options)
    assert replayed == history[0]
    for index, (seat, code) in enumerate(state.log, start=1):
        replayed = CLASSIC.apply(replayed, seat, code)
        seen = history[index]
        assert replayed.data == seen.data and replayed.rng == seen.rng, f"step {index} differs"
        assert len(seen.log) == index, f"step {index} changed its log"
    assert replayed == state, "replay differs from the snapshot"
    assert from_json(to_json(state)) == state
    outcome = CLASSIC.outcome(state)
    assert outcome is not None
    assert sorted(s for group in outcome.ranking for s in group) == sorted(state.seats)
    assert not CLASSIC.to_act(state)
    return state


@pytest.fixture
def no_cyclic_gc() -> Iterator[None]:
    """States are acyclic (freed by reference counting); the cyclic collector would only
    rescan the kept history again and again, so it is paused during the games."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.usefixtures("no_cyclic_gc")
def test_random_games_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    ends: set[str] = set()
    for n in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        state = play_random(n, 2 + n % 3, round_trip=n % 10 == 0)
        ends.add(state.data["end"])
    assert ends <= {"deck", "board", "supply", "villages", "blocked"}


def test_full_contract_check_on_some_games() -> None:
    """``Game.check_invariants`` (replay at every step) on a few short games."""
    for seed in range(3):
        chooser = random.Random(seed)
        state = CLASSIC.setup(["a", "b"], f"contract-{seed}")
        steps = 0
        while CLASSIC.outcome(state) is None and steps < 60:
            seat = sorted(CLASSIC.to_act(state))[0]
            moves = [m for m in CLASSIC.legal_moves(state, seat) if m.code != "back"]
            state = CLASSIC.apply(state, seat, chooser.choice(moves).code)
            CLASSIC.check_invariants(state)
            steps += 1
