"""The variants (section 4 switches as options), each against its default."""

from __future__ import annotations

import random

import pytest

from rules.base import RulesChanged
from rules.sapiens import SAPIENS
from rules.sapiens.components import SCENE_IDS
from tests.rules.sapiens.helpers import (
    SEATS,
    codes,
    lay,
    play,
    player,
    playing,
    set_valley,
)
from tests.rules.sapiens.test_effects import TOKENS, position


def test_default_options_are_the_rulings() -> None:
    state = SAPIENS.setup(SEATS[:2], "opts")
    assert state.options == {
        "steaks": "limited",
        "bear_counts_abandoned": True,
        "ritual_reclaims_discarded": False,
        "bear_on_cave": False,
        "tokens_when_out": "helping",
        "abandoned_apart": True,
        "gathering_optional": True,
    }


def test_rules_version_1_games_keep_any_token_when_out() -> None:
    assert SAPIENS.spec.rules_version == 3
    assert SAPIENS.check_rules_version(1, {})["tokens_when_out"] == "any"
    assert SAPIENS.check_rules_version(2, {})["tokens_when_out"] == "helping"


def test_rules_versions_1_and_2_keep_the_readings_version_3_changed() -> None:
    """Issue 23: an active tribe touching an abandoned one, and Cueillette's food before
    Festin's extra tile, stay as they were in games stored before version 3."""
    for version in (1, 2):
        options = SAPIENS.check_rules_version(version, {})
        assert options["abandoned_apart"] is False
        assert options["gathering_optional"] is False
    assert SAPIENS.check_rules_version(3, {})["abandoned_apart"] is True
    with pytest.raises(RulesChanged):
        SAPIENS.check_rules_version(4, {})


def test_limited_steaks_hunt_gives_none_when_all_are_held() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("EA-CH#1", "A4", "A3")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    player(state, 1)["steaks"] = 18
    state.data["steaks"] = 0
    state = play(state, "tile:ca-ch#1", "at:a2", "lay:b2:a2")
    assert not state.data["frames"]  # nothing to take, nothing to convert
    assert player(state, 0)["steaks"] == 0


def test_unlimited_steaks_hunt_gives_one_beyond_the_box() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("EA-CH#1", "A4", "A3")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    state.options["steaks"] = "unlimited"
    player(state, 1)["steaks"] = 18
    state.data["steaks"] = 0
    state = play(state, "tile:ca-ch#1", "at:a2", "lay:b2:a2", "keep")
    assert player(state, 0)["steaks"] == 1 and state.data["steaks"] == 0


def test_bear_counts_abandoned_tiles_or_not() -> None:
    for counts, gain in ((True, 2), (False, 1)):
        state = position(["EA-FU#1", "CA-CH#1"])
        state.options["bear_counts_abandoned"] = counts
        player(state, 1)["tribe"] = 2
        lay(state, 1, "FE-CA#1", "C1", "D1", tribe=2)  # B2/B3 is now Ben's old tribe
        playing(state, 0)
        state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "bear:1", "den:c2")
        assert player(state, 0)["shelter"] == gain  # C2 touches B2 (old) and C1 (new)


def test_ritual_reclaims_discarded_tokens_with_the_option() -> None:
    for allowed in (False, True):
        state = position(["CA-CH#1", "EA-FU#1"])
        state.options["ritual_reclaims_discarded"] = allowed
        p = player(state, 0)
        p["gone"] = [s for s in SCENE_IDS if s != "RI"]
        p["used"] = []
        p["spots"] = {}
        p["held"] = ["RI"]
        moves = codes(state)
        assert ("token:ri" in moves) is allowed
        if allowed:
            state = play(state, "token:ri", "rite:fe")
            assert "FE" in player(state, 0)["held"] and "FE" not in player(state, 0)["gone"]


def test_bear_on_cave_with_the_option() -> None:
    for allowed in (False, True):
        state = position(["EA-FU#1", "CA-CH#1"])
        state.options["bear_on_cave"] = allowed
        set_valley(state, 1, "VL1-A", "VR1-A", dict(TOKENS))
        lay(state, 1, "FE-CA#2", "C1", "D1")  # on C1 only: the cave NC1 stays free
        playing(state, 0)
        state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "bear:1")
        assert ("den:nc1" in codes(state)) is allowed
        if allowed:
            state = play(state, "den:nc1")
            assert player(state, 1)["bears"] == ["NC1"] and player(state, 0)["shelter"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_every_variant(players: int) -> None:
    options = {
        "steaks": "unlimited",
        "bear_counts_abandoned": False,
        "ritual_reclaims_discarded": True,
        "bear_on_cave": True,
        "abandoned_apart": False,
        "gathering_optional": False,
    }
    for seed in range(3):
        chooser = random.Random(seed)
        state = SAPIENS.setup(SEATS[:players], f"variants-{seed}", options)
        while SAPIENS.outcome(state) is None:
            seat = sorted(SAPIENS.to_act(state))[0]
            state = SAPIENS.apply(
                state, seat, chooser.choice(SAPIENS.legal_moves(state, seat)).code
            )
            SAPIENS.check_game_invariants(state)
        SAPIENS.check_invariants(state)
