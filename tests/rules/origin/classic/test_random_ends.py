"""How random Origin Classic games end, beyond the shared contract checks
(``tests/rules/test_random_games.py`` plays and checks them fully)."""

from __future__ import annotations

from campfire_testing.random_games import play_random_game
from rules.origin.classic import CLASSIC

ENDS = {"deck", "board", "supply", "villages", "blocked"}  # the four triggers, or stuck


def test_random_games_end_in_the_rulebook_ways_and_reach_several() -> None:
    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(6):
            state = play_random_game(CLASSIC, players, seed, checked=False)
            if state.ended is not None:
                continue  # a seat left and too few stayed: not one of the rulebook's ends
            outcome = CLASSIC.outcome(state)
            assert outcome is not None
            assert outcome.termination.key == f"origin.classic.end.{state.data['over']}"
            seen.add(state.data["over"])
    assert seen <= ENDS
    assert {"deck", "villages"} <= seen  # the usual ends of 3-4 and of 2 players
