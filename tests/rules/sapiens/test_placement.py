"""Every placement rule of "Poser une tuile" and its pictures, legal and illegal.

The valley is VL1-A + VR1-A (docs/contributors/components/sapiens.md 3.3): row 3 is
P2 P2 F4 F4 | P4 P4 F2 P1, row 4 is P2 F2 F3 F3 | P3 P3 F2 P1, row 5 is
P1 P1 P2 F2 | P2 F2 P1 P2. The active tribe: Chasse on the cave SB5 and Feu on B5 (its
first tile), then Feu on B4 and Festin on C4.
"""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, InvalidMove, State
from rules.sapiens import SAPIENS
from rules.sapiens.board import EXTRA, PLAY, Ground
from tests.rules.sapiens.helpers import (
    codes,
    hold,
    lay,
    new_game,
    play,
    player,
    playing,
    set_pool,
    set_valley,
)

TOKENS = {"NC1": "FE", "WA3": "CU", "NF1": "RI", "EH3": "BA", "SG5": "EA", "NW": "CA", "NE": "FU"}


def position(pool: list[str]) -> State:
    state = new_game(3, "place")
    set_valley(state, 0, "VL1-A", "VR1-A", {**TOKENS, "SB5": "CH"})
    lay(state, 0, "CH-FU#1", "SB5", "B5")
    lay(state, 0, "FE-FU#1", "C4", "B4")
    set_pool(state, 0, pool)
    return playing(state, 0)


def ground(state: State) -> Ground:
    return Ground.of(player(state, 0))


def test_connected_scenes_identical_is_legal() -> None:
    state = position(["EA-FU#1"])
    assert ground(state).check("EA-FU#1", ("A3", "A4"), PLAY) is None  # Feu beside Feu
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4")
    p = player(state, 0)
    assert p["food"] == 2  # only the Feu half touches the tribe: A4 prints 2
    assert "EA-FU#1 A3 A4 1" in p["laid"]


def test_double_connection_is_legal_and_scores_both_halves() -> None:
    state = position(["FE-FU#2", "EA-FU#1"])
    lay(state, 1, "RI-EA#2", "NC1", "C1")  # a tile in Ben's valley: Feu has a target
    assert ground(state).check("FE-FU#2", ("C3", "B3"), PLAY) is None
    state = play(state, "tile:fe-fu#2", "at:c3", "lay:c3:b3")
    assert player(state, 0)["food"] == 4 + 2
    assert state.data["frames"][-1]["pending"] == ["FE", "FU"]  # both effects, player's order


def test_every_touching_scene_must_be_identical() -> None:
    state = position([])
    here = ground(state)
    # C5 touches Festin (C4) and Feu (B5): nothing can lie there
    assert here.check("FE-CU#1", ("C5", "D5"), PLAY) == "sapiens.why.different"
    assert here.check("FE-FU#2", ("D5", "C5"), PLAY) == "sapiens.why.different"


def test_connected_scene_must_match() -> None:
    state = position([])
    assert ground(state).check("RI-EA#1", ("A4", "A3"), PLAY) == "sapiens.why.different"


def test_tiles_cannot_overlap() -> None:
    state = position([])
    assert ground(state).check("FE-FU#2", ("C4", "C3"), PLAY) == "sapiens.why.overlap"


def test_unconnected_tile_is_refused() -> None:
    state = position([])
    assert ground(state).check("FE-FU#2", ("G2", "G3"), PLAY) == "sapiens.why.unconnected"
    # a diagonal is no connection: D3 only touches C4 by a corner... C3/D3 do touch C4?
    assert ground(state).check("EA-CA#1", ("D5", "E5"), PLAY) == "sapiens.why.unconnected"


def test_cueillette_never_on_a_plain_even_unconnected() -> None:
    state = position([])
    here = ground(state)
    # Feu joins B4 from A4; Cueillette would lie on A3 (a Plain), although unconnected
    assert here.check("CU-FU#1", ("A3", "A4"), PLAY) == "sapiens.why.plain"
    # on a Forest it is fine: Festin on D4 beside Festin, Cueillette on D3 (F4)
    assert here.check("FE-CU#1", ("D4", "D3"), PLAY) is None


def test_cueillette_token_allows_plains_for_the_rest_of_the_turn() -> None:
    state = position(["CU-FU#1", "RI-EA#1"])
    hold(state, 0, "CU")
    assert "tile:cu-fu#1" not in codes(state)
    state = play(state, "token:cu")
    assert player(state, 0)["food"] == 1  # the token gives its +1 food too
    assert "tile:cu-fu#1" in codes(state)
    state = play(state, "tile:cu-fu#1", "at:a3", "lay:a3:a4")
    assert "CU-FU#1 A3 A4 1" in player(state, 0)["laid"]


def test_no_tile_on_a_bear() -> None:
    state = position([])
    player(state, 0)["bears"] = ["A4"]
    state.data["bears"] -= 1
    assert ground(state).check("EA-FU#1", ("A3", "A4"), PLAY) == "sapiens.why.bear"


def test_no_tile_on_a_waterfall() -> None:
    state = position(["CA-FU#1"])
    board = ground(state).board
    assert all("NW" not in pair and "NE" not in pair for pair in board.pairs)
    with pytest.raises(InvalidMove):
        SAPIENS.apply(state, "ana", "lay:nw:a1")


def test_cave_scene_must_match_its_token() -> None:
    state = new_game(3, "cave")
    set_valley(state, 0, "VL1-A", "VR1-A", {**TOKENS, "SB5": "CH"})
    lay(state, 0, "CH-FU#1", "SB5", "B5")
    lay(state, 0, "RI-FU#1", "A4", "A5")  # Feu on A5 beside Feu on B5
    playing(state, 0)
    here = ground(state)
    # WA3 holds the Cueillette token: Rituel beside Rituel on A3, cave gets the other half
    assert here.check("RI-EA#1", ("A3", "WA3"), PLAY) == "sapiens.why.token"
    assert here.check("CU-RI#1", ("WA3", "A3"), PLAY) is None
    # without a token any scene goes on the cave
    del player(state, 0)["spots"]["WA3"]
    player(state, 0)["used"].append("CU")
    assert ground(state).check("RI-EA#1", ("A3", "WA3"), PLAY) is None


def test_cave_touches_only_its_own_cell() -> None:
    """S4: a scene on a cave neither connects nor has to match anything."""
    state = position([])
    here = ground(state)
    assert here.touching("CA", "WA3") == (False, True)


def test_abandoned_tribe_neither_connects_nor_lets_the_active_one_touch_it() -> None:
    state = position([])
    player(state, 0)["tribe"] = 2
    lay(state, 0, "EA-CA#1", "NF1", "F1", tribe=2)  # the new tribe on the cave NF1
    playing(state, 0)
    here = ground(state)
    # B3 touches the old tribe's Feu (B4) only: it may not lie there (rules version 3)
    assert here.check("FE-FU#2", ("C3", "B3"), PLAY) == "sapiens.why.abandoned"
    # versions 1 and 2 (option abandoned_apart off): the old tribe only blocks squares
    loose = Ground.of(player(state, 0), apart=False)
    assert loose.check("FE-FU#2", ("C3", "B3"), PLAY) == "sapiens.why.unconnected"
    # beside the new tribe's Campement (F1), and next to nothing else
    assert here.check("CA-CH#1", ("F2", "F3"), PLAY) is None
    assert here.check("CA-CH#1", ("G1", "G2"), PLAY) is None


def test_extra_tile_follows_the_same_rules() -> None:
    state = position([])
    here = ground(state)
    assert here.check("EA-FU#1", ("A3", "A4"), EXTRA) is None
    assert here.check("RI-EA#1", ("A4", "A3"), EXTRA) == "sapiens.why.different"


def test_refusal_through_the_moves_says_why() -> None:
    state = position(["EA-FU#1", "RI-EA#1"])
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "tile:fe-cu#1")
    assert caught.value.key == "sapiens.why.not_in_pool"
    state = play(state, "tile:ea-fu#1", "at:a3")
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "lay:a3:a2")
    assert caught.value.key == "sapiens.why.unconnected"
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "lay:a3:c5")
    assert caught.value.key == "sapiens.why.not_adjacent"


def test_refused_square_says_why() -> None:
    state = position(["EA-FU#1", "RI-EA#1"])
    state = play(state, "tile:ea-fu#1")
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "at:c5")
    assert caught.value.key == "sapiens.why.different"  # C5 touches Festin and Feu
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "at:g2")
    assert caught.value.key == "sapiens.why.unconnected"
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "at:b4")
    assert caught.value.key == "sapiens.why.overlap"
