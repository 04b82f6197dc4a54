"""Junior scoring (rulebook "Calcul des points") and the worked example that scores 61."""

from __future__ import annotations

import pytest

from rules.origin import JUNIOR
from rules.origin.components import BOARD, TOKENS
from rules.origin.junior_data import GREENS
from rules.origin.scoring import (
    CAT_COLOURS,
    CAT_HUNTING,
    CAT_STRAITS,
    CAT_TILES,
    has_colour_bonus,
    junior_row,
    series_points,
)
from tests.rules.origin.helpers import position


@pytest.mark.parametrize(
    ("cards", "points"),
    [(0, 0), (1, 1), (2, 3), (3, 7), (4, 13), (5, 21), (6, 22), (7, 24), (10, 42), (12, 45)],
)
def test_card_series_table(cards: int, points: int) -> None:
    assert series_points(cards) == points


def test_seven_cards_make_a_five_series_and_a_two_series() -> None:
    assert series_points(7) == series_points(5) + series_points(2) == 24


def test_colour_bonus_needs_two_pawns_of_each_colour() -> None:
    assert has_colour_bonus(["z1s1w", "z2s1w", "z1s1b", "z3s3b", "z1s2k", "z1s3k"])
    assert not has_colour_bonus(["z1s1w", "z2s1w", "z1s1b", "z3s3b", "z1s2k", "z1s3w"])


# The rulebook's player: 7 yellow, 2 orange, Hunting 4, Straits 4 + 5, tiles 1+1+4+5,
# pawns 4 white, 2 brown, 3 black.
EXAMPLE_PAWNS = ["z1s2w", "z2s1w", "z2s2w", "z3s1w", "z1s2b", "z2s3b", "z1s2k", "z2s1k", "z3s3k"]
EXAMPLE_TILES = ["IN01", "IN02", "IN25", "IN29"]


def test_rulebook_example_row_scores_61() -> None:
    row = junior_row([7, 2, 0], EXAMPLE_PAWNS, ["HU1"], ["SR05", "SR09"], EXAMPLE_TILES)
    assert row == {
        "origin.score.yellow": 24,
        "origin.score.orange": 3,
        "origin.score.violet": 0,
        CAT_COLOURS: 10,
        CAT_HUNTING: 4,
        CAT_STRAITS: 9,
        CAT_TILES: 11,
    }
    assert sum(row.values()) == 61


def test_rulebook_example_scores_61_in_a_finished_game() -> None:
    territories = ["A2", "A3", "A4", "A5", "A6", "A7", "A9", "E2", "E5"]
    state = position({t: (p, 0) for t, p in zip(territories, EXAMPLE_PAWNS, strict=True)})
    data = state.data
    # Strait tokens 4 (SR05) and 5 (SR09) won on ST02 (A3-E2) and ST03 (A4-E5).
    others = iter(t.id for t in TOKENS.strait if t.id not in ("SR05", "SR09"))
    data["straits"] = [
        {"ST02": "SR05", "ST03": "SR09"}.get(sid) or next(others) for sid in BOARD.straits
    ]
    data["straits_of"][0] = ["SR05", "SR09"]
    # Hunting token 4 (HU1) won on A8 earlier.
    data["hunting"] = ["HU1" if t == "A8" else f"HU{n + 2}" for n, t in enumerate(GREENS)]
    data["hunting_of"][0] = ["HU1"]
    data["tiles_of"][0] = list(EXAMPLE_TILES)
    data["cards"][0] = [7, 2, 0]
    data["cards"][1] = [7, 0, 0]
    data["decks"] = [0, 12, 14]
    data["over"] = "deck"
    JUNIOR.check_game_invariants(state)
    sheet = JUNIOR.scores(state)
    assert sheet.final and sheet.total("ana") == 61 and sheet.total("ben") == 24
    outcome = JUNIOR.outcome(state)
    assert outcome is not None and outcome.winners == ("ana",)
    assert outcome.termination.key == "origin.end.deck"
