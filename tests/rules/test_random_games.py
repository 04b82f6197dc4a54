"""Random games of every registered game and player count keep every contract invariant.

A game is covered by registering it in ``rules.registry``: the cases are built from
``registry.ids()`` and each game's ``spec.min_seats..max_seats``. The checks and the
number of games (``CAMPFIRE_RANDOM_GAMES``, ``CAMPFIRE_SOAK=1``) are described in
``campfire_testing/random_games.py``. Each test item plays at most ``GAMES_PER_ITEM`` games,
so a parallel run (pytest-xdist) spreads them over the workers.
"""

from __future__ import annotations

import itertools
import random

import pytest

from campfire_testing.random_games import (
    GAMES_PER_ITEM,
    REPLAY_EVERY,
    SAMPLE_EVERY,
    choose_move,
    games_per_count,
    play_random_game,
    seats_for,
)
from rules import registry


def _batches() -> list[object]:
    """One case per (game, player count, batch of at most ``GAMES_PER_ITEM`` seeds)."""
    total = games_per_count()
    cases = []
    for game_id in registry.ids():
        spec = registry.get(game_id).spec
        for players in range(spec.min_seats, spec.max_seats + 1):
            for first in range(0, total, GAMES_PER_ITEM):
                last = min(first + GAMES_PER_ITEM, total)
                case_id = f"{game_id}-{players}p-{first}-{last - 1}"
                cases.append(pytest.param(game_id, players, first, last, id=case_id))
    return cases


@pytest.mark.parametrize(("game_id", "players", "first", "last"), _batches())
def test_random_games_keep_every_invariant(
    game_id: str, players: int, first: int, last: int
) -> None:
    game = registry.get(game_id)
    for seed in range(first, last):
        replay_every = REPLAY_EVERY if seed % SAMPLE_EVERY == 0 else 0
        play_random_game(game, players, seed, replay_every=replay_every)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tribes_random_games_with_chief_powers(players: int) -> None:
    """L'Aube des Tribus with the ``chiefs`` option: the hidden pick, the 16 powers and
    their questions asked on other players' turns keep every invariant."""
    game = registry.get("tribes")
    for seed in range(min(games_per_count(), GAMES_PER_ITEM)):
        replay_every = REPLAY_EVERY if seed % SAMPLE_EVERY == 0 else 0
        play_random_game(game, players, seed, replay_every=replay_every, options={"chiefs": True})


TRIBES_MODULES: dict[str, tuple[object, ...]] = {
    "ancients": (False, True),
    "terrains": ("none", "all"),
    "chiefs": (False, True),
}
"""The advanced modules of L'Aube des Tribus and the values played: every combination
but the base game (covered above) gets a few games per player count (issue 11)."""
ADVANCED_GAMES = 3


def _advanced_cases() -> list[object]:
    base = {name: values[0] for name, values in TRIBES_MODULES.items()}
    cases = []
    for values in itertools.product(*TRIBES_MODULES.values()):
        options = dict(zip(TRIBES_MODULES, values, strict=True))
        if options == base:
            continue
        on = "+".join(f"{k}={v}" for k, v in options.items() if v != base[k])
        for players in (2, 3, 4):
            cases.append(pytest.param(options, players, id=f"tribes-{on}-{players}p"))
    return cases


@pytest.mark.parametrize(("options", "players"), _advanced_cases())
def test_random_games_with_the_advanced_modules(options: dict[str, object], players: int) -> None:
    game = registry.get("tribes")
    for seed in range(ADVANCED_GAMES):
        replay_every = REPLAY_EVERY if seed == 0 else 0
        play_random_game(game, players, seed, replay_every=replay_every, options=options)


@pytest.mark.parametrize("game_id", registry.ids())
def test_full_contract_check_after_every_move(game_id: str) -> None:
    """``Game.check_invariants`` (a full replay) after each of the first moves of a few
    games: quadratic, so only short stretches."""
    game = registry.get(game_id)
    for seed in range(3):
        chooser = random.Random(f"contract-{game_id}-{seed}")
        state = game.setup(seats_for(game.spec.min_seats), f"contract-{seed}")
        for _ in range(60):
            if game.outcome(state) is not None:
                break
            seat = sorted(game.to_act(state))[0]
            move = choose_move(chooser, game.legal_moves(state, seat))
            state = game.apply(state, seat, move.code)
            game.check_invariants(state)
