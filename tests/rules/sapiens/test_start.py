"""The starting round (rulebook "Caverne de départ et première tuile", ruling S5)."""

from __future__ import annotations

from rules.base import State
from rules.sapiens import SAPIENS
from tests.rules.sapiens.helpers import (
    codes,
    new_game,
    play,
    player,
    set_common,
    set_pool,
    set_valley,
)

TOKENS = {
    "NC1": "FE",
    "WA3": "CU",
    "SB5": "CH",
    "NF1": "RI",
    "EH3": "BA",
    "SG5": "EA",
    "NW": "CA",
    "NE": "FU",
}


def start_position(players: int = 3) -> tuple[State, int]:
    state = new_game(players, "start")
    me = state.data["first"]
    set_valley(state, me, "VL1-A", "VR1-A", TOKENS)
    set_pool(state, me, ["CH-FU#1", "CA-FU#1", "CA-CH#1", "EA-CA#1"])
    SAPIENS.check_game_invariants(state)
    return state, me


def test_first_cave_marceau_scores_7_with_the_chasse_token() -> None:
    """Rulebook example: Marceau starts on the cave under the Chasse token and scores 7."""
    state, me = start_position()
    assert "tile:ch-fu#1" in codes(state)
    state = play(state, "tile:ch-fu#1")
    assert codes(state) == ["at:sb5", "back"]  # only the Chasse cave fits this tile
    state = play(state, "at:sb5")  # one way only: Chasse on the cave, Feu on B5
    p = player(state, me)
    assert p["laid"] == ["CH-FU#1 SB5 B5 1"]
    assert p["shelter"] == 7 and p["food"] == 0  # the higher value; no food (S5)
    assert p["held"] == ["CH"] and "SB5" not in p["spots"]


def test_start_tile_must_match_a_cave_token() -> None:
    state, _ = start_position()
    # CA-FU: Campement lies on a waterfall (NW) and Feu on one (NE): no cave fits
    assert "tile:ca-fu#1" not in codes(state)
    assert "tile:ea-ca#1" in codes(state)  # Eau on the cave SG5


def test_start_no_cueillette_on_the_plain_next_to_the_cave() -> None:
    state = new_game(3, "start")
    me = state.data["first"]
    set_valley(state, me, "VL1-A", "VR1-A", {**TOKENS, "WA3": "CA", "NW": "CU"})
    # FE-CU: only Festin's cave NC1 could take it, and Cueillette would lie on C1, a Plain
    set_pool(state, me, ["FE-CU#1", "CA-FU#1", "CH-FU#1", "EA-CA#1"])
    assert "tile:fe-cu#1" not in codes(state)


def test_no_mountain_token_in_the_starting_round() -> None:
    state, me = start_position()
    player(state, me)["held"] = []
    state = play(state, "tile:ch-fu#1", "at:sb5")
    assert not any(c.startswith("token:") for c in codes(state))


def test_start_refill_from_the_common_pool_by_choice() -> None:
    state, me = start_position(3)
    set_common(state, ["BA-CA#1", "FE-RI#1", "FE-RI#2", "RI-EA#1", "CU-EA#1"])
    state = play(state, "tile:ch-fu#1", "at:sb5")
    assert sorted(codes(state)) == ["take:ba-ca#1", "take:cu-ea#1", "take:fe-ri#1", "take:ri-ea#1"]
    pile = len(state.data["pile"])
    state = play(state, "take:ba-ca#1")
    assert "BA-CA#1" in player(state, me)["pool"]
    assert len(state.data["common"]) == 5 and len(state.data["pile"]) == pile - 1
    assert state.data["turn"] == (me + 1) % 3  # the next player starts


def test_two_players_remove_a_common_tile_in_the_starting_round_too() -> None:
    state, me = start_position(2)
    set_common(state, ["BA-CA#1", "FE-RI#1", "FE-RI#2", "RI-EA#1", "CU-EA#1"])
    state = play(state, "tile:ch-fu#1", "at:sb5", "take:ba-ca#1")
    assert sorted(codes(state)) == ["discard:cu-ea#1", "discard:fe-ri#1", "discard:ri-ea#1"]
    state = play(state, "discard:ri-ea#1")
    assert state.data["discarded"] == ["RI-EA#1"]
    assert len(state.data["common"]) == 5


def test_every_player_starts_then_the_first_player_plays() -> None:
    state = new_game(3, "round")
    first = state.data["first"]
    while state.data["phase"] == "start":
        moves = codes(state)
        state = play(state, moves[0])
    assert state.data["turn"] == first
    assert all(p["started"] and len(p["laid"]) == 1 for p in state.data["players"])
    assert state.data["round"] == 2


def test_no_matching_tile_starts_like_a_new_tribe() -> None:
    """Ruling S5: no tile matches a cave's token -> any free cave, token out, low value."""
    state = new_game(3, "start")
    me = state.data["first"]
    set_valley(state, me, "VL1-A", "VR1-A", {**TOKENS, "NW": "CH", "SB5": "CA"})
    # the caves hold FE, CU, CA, RI, BA, EA; the pool only shows Chasse and Feu
    set_pool(state, me, ["CH-FU#1", "CH-FU#2"])
    moves = codes(state)
    assert moves == ["tile:ch-fu#1"]
    state = play(state, "tile:ch-fu#1")
    assert "at:nc1" in codes(state) and "at:sb5" in codes(state)
    state = play(state, "at:nc1", "lay:nc1:c1")
    p = player(state, me)
    assert p["shelter"] == 5 and p["gone"] == ["FE"] and p["tribe"] == 1
