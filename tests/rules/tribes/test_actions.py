"""The action board values (components 3.1) for each action at each strength, and the
village cost of every tribe board (components 3.6)."""

from __future__ import annotations

import pytest

from rules.tribes.components import TRIBES
from tests.rules.tribes.helpers import at_actions, codes, give, play

# The die placed on an action holding sun, moon, blank (left to right): a sun boosts it
# (sun, sun, moon), a moon reduces it (moon, sun, moon), a blank leaves it normal.
FACE_OF = {"boosted": "sun", "reduced": "moon", "normal": "blank"}


@pytest.mark.parametrize(("power", "n"), [("reduced", 2), ("normal", 3), ("boosted", 4)])
def test_grow(power: str, n: int) -> None:
    face = FACE_OF[power]
    state = at_actions(members={"H05": [1, 0]}, hand=(face, face))
    state = play(state, f"grow:{face}")
    assert state.data["frames"][-1]["left"] == n


@pytest.mark.parametrize(("power", "n"), [("reduced", 2), ("normal", 3), ("boosted", 4)])
def test_travel(power: str, n: int) -> None:
    face = FACE_OF[power]
    state = at_actions(members={"H05": [5, 0]}, hand=(face, face))
    state = play(state, f"travel:{face}", "from:h05", "to:h06")
    assert codes(state) == [f"n:{k}" for k in range(1, n + 1)] + ["back"]


@pytest.mark.parametrize(("power", "n"), [("reduced", 2), ("normal", 4), ("boosted", 6)])
def test_gather(power: str, n: int) -> None:
    face = FACE_OF[power]
    state = at_actions(members={"H04": [1, 0]}, hand=(face, face))  # a lake: food
    state = play(state, f"gather:{face}")
    assert state.data["players"][0]["resources"]["food"] == n


@pytest.mark.parametrize(("power", "n"), [("reduced", 1), ("normal", 2), ("boosted", 3)])
def test_lead(power: str, n: int) -> None:
    face = FACE_OF[power]
    state = at_actions(members={"H05": [1, 0]}, hand=(face, face))
    state = play(state, f"lead:{face}")
    assert len(state.data["players"][0]["goals"]) == n


@pytest.mark.parametrize("tribe", sorted(TRIBES))
def test_each_tribe_builds_at_its_own_cost(tribe: str) -> None:
    cost = dict(TRIBES[tribe].village)
    state = at_actions(
        members={"H05": [2, 0]},
        hand=("blank",),
        used=("lead",),
        tribes=(tribe, "kaha" if tribe != "kaha" else "daba"),
    )
    have = {r: cost.get(r, 0) for r in ("wood", "food", "stone")}
    if cost.get("any"):
        have["food"] += 1
    short = dict(have)
    short[next(r for r in short if short[r])] -= 1
    give(state, 0, **short)
    assert play(state, "grow:blank", "done").data["turn"] == 1  # one short: no village
    give(state, 0, **have)
    state = play(state, "grow:blank", "done")
    assert codes(state) == ["village:h05", "end"]
    state = play(state, "village:h05")
    if "pay:food" in codes(state):
        state = play(state, "pay:food")
    assert state.data["hexes"]["H05"]["village"] == 0
    assert sum(state.data["players"][0]["resources"].values()) == 0
