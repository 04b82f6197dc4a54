"""What random Origin Junior games show beyond the shared contract checks
(``tests/rules/test_random_games.py`` plays and checks them fully)."""

from __future__ import annotations

import pytest

from campfire_testing.random_games import play_random_game
from rules.base import State
from rules.origin import JUNIOR


def only_one_seat_acts(state: State) -> None:
    assert len(JUNIOR.to_act(state)) == 1, "Junior asks one seat at a time"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_seat_acts_at_a_time_and_no_deck_empties_in_one_round(players: int) -> None:
    lengths = [
        play_random_game(JUNIOR, players, seed, observe=only_one_seat_acts, checked=False).version
        for seed in range(10)
    ]
    assert min(lengths) > 2 * players  # nobody can empty a 14-card deck in one round
