"""Recorded seeded Origin games replay to exactly the recorded states and views.

The fixture (``replays.json``) is made by ``replay_fixture.py`` from the engines as they
were before they moved onto ``rules/kit``: the same seed and moves must give the same
states, the same rng calls and the same public view.
"""

from __future__ import annotations

import json

import pytest

from rules.base import from_json, to_json
from tests.rules.origin.replay_fixture import ENGINES, FIXTURE, digest

GAMES = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("recorded", GAMES, ids=[g["seed"] for g in GAMES])
def test_replay_gives_the_recorded_states(recorded: dict) -> None:  # type: ignore[type-arg]
    game = ENGINES[recorded["game"]]
    state = game.setup(recorded["seats"], recorded["seed"], recorded["options"])
    chain = digest("", state)
    for seat, code in recorded["log"]:
        state = game.apply(state, seat, code)
        chain = digest(chain, state)
    assert json.loads(to_json(state)) == recorded["final"]
    assert chain == recorded["chain"], "an intermediate state differs"
    assert state == from_json(json.dumps(recorded["final"]))
    view = json.loads(json.dumps(game.view(state, None), sort_keys=True))
    assert view == recorded["view"]
