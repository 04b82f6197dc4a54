"""The data files of Sapiens hold what docs/contributors/components/sapiens.md section 3 states."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.sapiens.components import (
    CU,
    FACES,
    LEFT_BOARDS,
    RIGHT_BOARDS,
    SCENE_IDS,
    STEAKS,
    SUPPLY,
    TILES,
    steak_food,
    valley,
)

SUMMARY = {  # section 3.2: forest, plain, food total, cave high sum, cave low sum
    "VL1-A": (9, 11, 43, 21, 14),
    "VL1-B": (8, 12, 41, 20, 14),
    "VL2-A": (8, 12, 40, 20, 13),
    "VL2-B": (8, 12, 43, 21, 13),
    "VL3-A": (9, 11, 40, 20, 13),
    "VL3-B": (8, 12, 45, 20, 13),
    "VL4-A": (9, 11, 43, 21, 14),
    "VL4-B": (8, 12, 41, 20, 14),
    "VR1-A": (8, 12, 43, 21, 14),
    "VR1-B": (8, 12, 40, 20, 14),
    "VR2-A": (9, 11, 43, 20, 13),
    "VR2-B": (9, 11, 43, 21, 13),
    "VR3-A": (8, 12, 41, 20, 13),
    "VR3-B": (8, 12, 41, 20, 13),
    "VR4-A": (9, 11, 42, 21, 14),
    "VR4-B": (9, 11, 43, 20, 14),
}


def test_63_tiles_in_28_pairs_cueillette_three_times() -> None:
    assert len(TILES) == 63
    pairs = Counter(frozenset(p) for p in TILES.values())
    assert len(pairs) == 28
    for pair, copies in pairs.items():
        assert copies == (3 if CU in pair else 2), pair
    halves = Counter(s for p in TILES.values() for s in p)
    assert halves[CU] == 21
    assert all(halves[s] == 15 for s in SCENE_IDS if s != CU)
    assert all(a != b for a, b in TILES.values())


def test_sixteen_faces_with_their_printed_sums() -> None:
    assert set(FACES) == set(SUMMARY)
    for fid, (forest, plain, food, high, low) in SUMMARY.items():
        face = FACES[fid]
        terrains = Counter(t for t, _ in face.cells.values())
        assert (terrains["F"], terrains["P"]) == (forest, plain), fid
        assert sum(f for _, f in face.cells.values()) == food, fid
        assert sum(c.high for c in face.caves) == high, fid
        assert sum(c.low for c in face.caves) == low, fid
        assert len(face.cells) == 20 and len(face.caves) == 3, fid
        assert (
            face.waterfall
            == {
                ("left", "recto"): "NW",
                ("left", "verso"): "SW",
                ("right", "recto"): "NE",
                ("right", "verso"): "SE",
            }[(face.half, face.side)]
        )


def test_48_caves_with_shelter_pairs_from_the_allowed_list() -> None:
    allowed = {(5, 3), (5, 4), (6, 3), (6, 4), (7, 4), (7, 5), (8, 5), (8, 6), (9, 6)}
    caves = [c for face in FACES.values() for c in face.caves]
    assert len(caves) == 48
    assert all((c.high, c.low) in allowed for c in caves)
    assert FACES["VL1-A"].caves[0].square == "NC1"
    assert (FACES["VL1-A"].caves[0].high, FACES["VL1-A"].caves[0].low) == (8, 5)


@pytest.mark.parametrize("left", [f for pair in LEFT_BOARDS for f in pair])
def test_every_valley_has_40_cells_6_caves_2_waterfalls(left: str) -> None:
    for right in (f for pair in RIGHT_BOARDS for f in pair):
        board = valley(left, right)
        assert len(board.terrain) == 40
        assert len(board.caves) == 6 and len(board.falls) == 2
        assert len(board.spots) == 8
        food = sum(board.food.values())
        assert 80 <= food <= 88
        assert 40 <= sum(c.high for c in board.caves.values()) <= 42


def test_steak_table() -> None:
    assert [steak_food(n) for n in range(8)] == [0, 1, 3, 5, 7, 10, 10, 10]
    assert STEAKS[-1] == 10


def test_counts_and_supplies() -> None:
    assert SUPPLY.removed == {2: 12, 3: 18, 4: 6}
    piles = {n: 63 - SUPPLY.removed[n] - 5 - 4 * n for n in (2, 3, 4)}
    assert piles == {2: 38, 3: 28, 4: 36}
    assert (SUPPLY.common_pool, SUPPLY.personal_pool) == (5, 4)
    assert (SUPPLY.mountain_tokens, SUPPLY.baston, SUPPLY.steaks, SUPPLY.bears) == (8, 3, 18, 18)
    assert (SUPPLY.campement_shelter, SUPPLY.cueillette_food) == (3, 1)
