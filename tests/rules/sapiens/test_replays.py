"""Games stored under rules version 2 replay to exactly the states they had.

The fixture (``replays.json``, made by ``replay_fixture.py`` with the version-2 engine)
holds random games that laid tiles against abandoned tribes and connected Cueillette
and Festin together: readings version 3 changed. With the options
``check_rules_version(2, ...)`` gives, every intermediate state is the recorded one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.base import CorruptState
from rules.sapiens import SAPIENS
from tests.rules.sapiens.replay_fixture import FIXTURE, digest

GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("recorded", GAMES, ids=[g["seed"] for g in GAMES])
def test_a_version_2_game_replays_to_the_recorded_states(recorded: dict[str, Any]) -> None:
    assert recorded["rules_version"] == 2
    options = SAPIENS.check_rules_version(recorded["rules_version"], recorded["options"])
    state = SAPIENS.setup(recorded["seats"], recorded["seed"], options)
    chain = digest("", state)
    for seat, code in recorded["log"]:
        state = SAPIENS.apply(state, seat, code)
        chain = digest(chain, state)
    assert chain == recorded["chain"], "a state differs from the recorded one"
    scores = {
        s: [p["food"], p["shelter"]]
        for s, p in zip(state.seats, state.data["players"], strict=True)
    }
    assert scores == recorded["scores"]
    assert SAPIENS.outcome(state) is not None


def test_the_fixture_needs_the_version_gate() -> None:
    """Under the current readings some recorded logs are illegal (a tile against an
    abandoned tribe): without the options of version 2 they would not load."""
    refused = 0
    for recorded in GAMES:
        try:
            SAPIENS.replay(
                recorded["seats"], recorded["seed"], recorded["options"], recorded["log"]
            )
        except CorruptState:
            refused += 1
    assert refused > 0
