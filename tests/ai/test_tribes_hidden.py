"""L'Aube des Tribus hides the order of each goal deck: the AI's world never keeps it."""

from __future__ import annotations

import random

from rules import registry


def test_determinize_draws_goal_deck_orders_from_the_ai_generator_only() -> None:
    game = registry.get("tribes")
    state = game.setup(["a", "b", "c"], seed="hidden-decks", options={})
    flipped = state.copy()
    for mine in flipped.data["players"]:
        mine["deck"].reverse()  # same cards, another order: nothing any seat can see
    assert game.view(state, "a") == game.view(flipped, "a")
    one = game.determinize(state, "a", random.Random(7))
    two = game.determinize(flipped, "a", random.Random(7))
    assert [p["deck"] for p in one.data["players"]] == [p["deck"] for p in two.data["players"]]
    assert one.seed == two.seed and one.seed != state.seed
