"""Objective cards (rulebook "Cartes Objectif", R11, R12): every card by name, its
condition met and just missed, connected groups across straits, the redraw."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, State
from rules.origin.classic import CLASSIC
from rules.origin.classic.objectives import groups
from tests.rules.origin.classic.helpers import (
    check,
    clear_hand,
    codes,
    give_cards,
    give_stacks,
    place,
    play,
    started,
)

PAWN_POOL = [
    "z2s1k", "z2s2b", "z2s2k", "z2s2w", "z3s1b", "z3s1k", "z2s1b", "z2s3w", "z3s2w",
    "z3s3b", "z1s2k", "z1s2b",
]  # fmt: skip


def setup_with(card: str, territories: list[str], pawns: list[str] | None = None) -> State:
    state = started()
    clear_hand(state, 0)
    give_cards(state, 0, [card])
    chosen = pawns or PAWN_POOL[: len(territories)]
    place(state, {t: (p, 0) for t, p in zip(territories, chosen, strict=True)})
    return check(state)


# card: (territories meeting it, territories just short, pawns or None)
CASES: dict[str, tuple[list[str], list[str], list[str] | None, list[str] | None]] = {
    "OB01": (["A8", "E13"], ["A8"], None, None),
    "OB02": (["A3", "E3", "E6"], ["A3", "E3"], None, None),
    "OB03": (["A5", "A6", "E1"], ["A5", "A6"], None, None),
    "OB04": (["A2", "A7", "E4"], ["A2", "A7"], None, None),
    "OB05": (["A2", "A3", "A4"], ["A2", "A3", "E2"], None, None),
    "OB06": (["E1", "E2", "E3"], ["E1", "E2", "A2"], None, None),
    "OB07": (["O1", "O2", "O5"], ["O1", "O2", "E11"], None, None),
    "OB08": (["S1", "S2", "S3"], ["S1", "S2"], None, None),
    "OB09": (["N1", "N2", "N3"], ["N1", "N2", "E12"], None, None),
    "OB10": (["T1", "T2", "T3"], ["T1", "T2", "S6"], None, None),
    "OB11": (["A2", "A3", "A6", "A7"], ["A2", "A3", "A6", "E1"], None, None),
    "OB12": (["A2", "E1", "E2", "A3"], ["A2", "A3", "A6", "A7"], None, None),
    "OB13": (["A2", "E1", "N1", "S1"], ["A2", "E1", "N1"], None, None),
    "OB14": (["A2", "E1", "N1"], ["A2", "E1", "N1"], ["z1s3w", "z2s3b", "z3s3k"],
             ["z1s3w", "z2s3b", "z3s2k"]),
    "OB15": (["A2", "E1", "N1"], ["A2", "E1", "N1"], ["z3s1w", "z3s2b", "z3s3k"],
             ["z3s1w", "z3s2b", "z2s3k"]),
    "OB16": (["A2", "E1", "N1", "S1", "T1", "O1"], ["A2", "E1", "N1", "S1", "T1", "O1"],
             ["z2s1w", "z2s2w", "z2s1b", "z2s2b", "z2s1k", "z2s2k"],
             ["z2s1w", "z2s2w", "z2s1b", "z2s2b", "z2s1k", "z2s3b"]),
    "OB17": (["A2", "E1", "A3", "E2"], ["A2", "E1", "A3"], None, None),
    "OB20": (["A8", "A2", "E1"], ["A8", "A2"], None, None),
}  # fmt: skip


@pytest.mark.parametrize("card", sorted(CASES))
def test_objective_condition_met_and_missed(card: str) -> None:
    good, short, pawns, short_pawns = CASES[card]
    state = setup_with(card, good, pawns)
    assert f"play:{card.lower()}" in codes(state, "ana")
    missed = setup_with(card, short, short_pawns)
    assert f"play:{card.lower()}" not in codes(missed, "ana")
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(missed, "ana", f"play:{card.lower()}")
    assert err.value.key == "origin.classic.illegal.objective_unmet"


@pytest.mark.parametrize(
    ("card", "good", "short"),
    [
        ("OB18", [[1, 2, 3, 4]], [[1, 2, 3], [1, 2]]),
        ("OB19", [[1, 2, 3], [1, 2], [1]], [[1, 2, 3], [1, 2]]),
    ],
)
def test_tile_objectives(card: str, good: list[list[int]], short: list[list[int]]) -> None:
    for stacks, met in ((good, True), (short, False)):
        state = setup_with(card, [])
        give_stacks(state, 0, stacks)
        assert (f"play:{card.lower()}" in codes(check(state), "ana")) is met


def test_playing_an_objective_scores_it_and_draws_a_new_one_at_once() -> None:
    state = setup_with("OB05", ["A2", "A3", "A4"])
    top = state.data["decks"]["objective"][-1]
    state = play(state, "ana", "play:ob05")
    assert state.data["objectives_done"][0] == ["OB05"]
    assert state.data["hands"][0]["objective"] == [top]
    assert CLASSIC.scores(state).rows["ana"]["origin.classic.score.objectives"] == 3
    check(state)


def test_an_objective_stays_when_the_condition_is_lost() -> None:
    state = setup_with("OB01", ["A8", "E13"])
    state = play(state, "ana", "play:ob01", "migrate:a8", "to:a9")
    assert state.data["objectives_done"][0] == ["OB01"]


def test_one_objective_per_turn() -> None:
    state = setup_with("OB05", ["A2", "A3", "A4", "A6"])
    give_cards(state, 0, ["OB11"])
    state = play(state, "ana", "play:ob05")
    assert "play:ob11" not in codes(state, "ana")
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", "play:ob11")
    assert err.value.key == "origin.classic.illegal.card_limit"


def test_connected_groups_follow_straits_and_continents() -> None:
    assert len(groups(["A2", "E1"], same_continent=False)) == 1
    assert len(groups(["A2", "E1"], same_continent=True)) == 2
    assert len(groups(["O1", "O5"], same_continent=True)) == 1  # Torres: one continent
    assert len(groups(["A2", "A7"], same_continent=False)) == 2
