"""The chief powers (option ``chiefs``) in the Tribes picture: each player's panel shows
its power once revealed, "secret" before, and what Embuscade and Village caché hold."""

from __future__ import annotations

import random
from typing import Any

from render.tribes import draw, model, render
from render.tribes.words import chief_text
from rules.tribes import TRIBES_GAME as GAME
from tests.render.helpers import mean_difference

BUDGET_BYTES = 200_000


def _views(players: int, seed: int) -> list[dict[str, Any]]:
    chooser = random.Random(seed)
    state = GAME.setup([f"s{i + 1}" for i in range(players)], f"chiefs-{seed}", {"chiefs": True})
    views = [GAME.view(state, None)]
    while GAME.outcome(state) is None and state.version < 400:
        seat = chooser.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, seat, chooser.choice(GAME.legal_moves(state, seat)).code)
        views.append(GAME.view(state, None))
    return views


def test_chief_text_is_secret_before_the_reveal_then_the_power() -> None:
    assert chief_text("", False, 0, 0, "en") == ""  # no chiefs in this game
    assert chief_text("", True, 0, 0, "en") == "chief: secret"
    assert chief_text("travellers", True, 0, 0, "fr") == "Voyageurs"
    assert chief_text("ambush", True, 2, 0, "en") == "Ambush: 2 in ambush"
    assert chief_text("hidden_village", True, 0, 1, "fr") == "Village caché : construit"


def test_panels_read_the_chief_of_each_player_from_the_view() -> None:
    views = _views(3, 1)
    placed = next(v for v in views if v["step"] not in ("chiefs", "place"))
    table = model.read(placed)
    assert all(p.chief for p in table.players.values())
    assert model.read(views[0]).players["s1"].chief == ""


def test_a_chiefs_game_draws_every_view_within_budget() -> None:
    views = _views(4, 2)
    for view in views[:: max(1, len(views) // 12)]:
        assert len(draw(view, lang="fr")) <= BUDGET_BYTES


def test_the_chief_chip_changes_the_panel() -> None:
    view = next(v for v in _views(2, 3) if v["step"] == "actions")
    bare = {
        **view,
        "players": {
            s: {**p, "chief": None, "chief_chosen": False} for s, p in view["players"].items()
        },
    }
    assert mean_difference(render(view), render(bare)) > 0
