"""Evolve placement (rulebook "Évoluer"): the four allowed configurations and the refusals."""

from __future__ import annotations

import random

import pytest

from rules.origin.components import BOARD, PAWNS
from rules.origin.movement import (
    evolve_candidates,
    evolve_options,
    evolve_targets,
    fitting_pawns,
    why_not_evolve_into,
    why_not_this_pawn,
)
from rules.origin.pawns import Evolution, evolution, evolutions_of, parse_pawn


def verdict(reference: str, new: str) -> Evolution:
    return evolution(parse_pawn(reference), parse_pawn(new))


# The rulebook's six pictured examples, in its order.
def test_evolve_rejects_a_strength_step_of_more_than_one() -> None:
    assert verdict("z1s1w", "z1s3w") is Evolution.STRENGTH_JUMP


def test_evolve_rejects_a_smaller_pawn() -> None:
    assert verdict("z2s1w", "z1s1w") is Evolution.SMALLER


def test_evolve_rejects_two_differences_colour_and_size() -> None:
    assert verdict("z1s1w", "z2s1b") is Evolution.TWO_CHANGES


def test_evolve_accepts_a_different_colour_only() -> None:
    assert verdict("z2s2w", "z2s2k") is Evolution.COLOUR


def test_evolve_accepts_size_plus_one_only() -> None:
    assert verdict("z1s2b", "z2s2b") is Evolution.SIZE_UP


def test_evolve_accepts_strength_plus_one_only() -> None:
    assert verdict("z2s1k", "z2s2k") is Evolution.STRENGTH_UP


def test_evolve_accepts_an_identical_pawn() -> None:
    assert verdict("z3s3k", "z3s3k") is Evolution.IDENTICAL


@pytest.mark.parametrize(
    ("reference", "new", "expected"),
    [
        ("z2s2w", "z2s1w", Evolution.WEAKER),
        ("z1s1w", "z3s1w", Evolution.SIZE_JUMP),
        ("z1s1w", "z2s2w", Evolution.TWO_CHANGES),
        ("z1s1w", "z1s2b", Evolution.TWO_CHANGES),
        ("z3s2b", "z2s3b", Evolution.SMALLER),
    ],
)
def test_evolve_refusals_are_named(reference: str, new: str, expected: Evolution) -> None:
    assert verdict(reference, new) is expected
    assert not expected.allowed


def test_every_pawn_pair_allowed_iff_listed_by_evolutions_of() -> None:
    ids = [f"z{z}s{s}{c}" for z in (1, 2, 3) for s in (1, 2, 3) for c in "wbk"]
    for ref in ids:
        allowed = {new for new in ids if verdict(ref, new).allowed}
        assert allowed == set(evolutions_of(parse_pawn(ref)))
        assert len(allowed) <= 5


def test_evolve_targets_are_empty_territories_next_to_any_pawn() -> None:
    pawn_at = {"A1": "z1s1w"}
    assert evolve_candidates(BOARD, pawn_at) == {"A3", "A4", "A5", "A7", "A8"}


def test_a_strait_counts_as_adjacency_for_evolve() -> None:
    pawn_at = {"A2": "z1s1w"}
    assert "E1" in evolve_candidates(BOARD, pawn_at)
    assert "z1s1k" in fitting_pawns(BOARD, pawn_at, "E1")


def test_the_player_picks_one_reference_among_several_neighbours() -> None:
    # A3 touches A1 (small weak white) and A2 (large strong black): either may be used.
    pawn_at = {"A1": "z1s1w", "A2": "z3s3k"}
    fits = fitting_pawns(BOARD, pawn_at, "A3")
    assert fits["z2s1w"] == "A1" and fits["z3s3w"] == "A2"
    assert "z2s2w" not in fits
    assert why_not_this_pawn(BOARD, pawn_at, "A3", "z3s3w") is None


def test_evolve_options_only_offer_pawns_left_in_supply() -> None:
    pawn_at = {"A1": "z1s1w"}
    options = evolve_options(BOARD, pawn_at, {"z1s2w": 1, "z3s3k": 1})
    assert options == {t: ["z1s2w"] for t in ("A3", "A4", "A5", "A7", "A8")}
    assert evolve_options(BOARD, pawn_at, {"z3s3k": 1}) == {}


def test_evolve_reasons_name_the_reference_territory() -> None:
    pawn_at = {"A2": "z2s2w"}
    reason = why_not_this_pawn(BOARD, pawn_at, "A3", "z2s1w")
    assert reason is not None
    assert reason.key == "origin.illegal.pawn_weaker"
    assert reason.params == {"pawn": "@origin.pawn.z2s1w", "where": "@origin.terr.A2"}
    occupied = why_not_evolve_into(BOARD, pawn_at, "A2")
    assert occupied is not None and occupied.key == "origin.illegal.occupied"
    lonely = why_not_evolve_into(BOARD, pawn_at, "T3")
    assert lonely is not None and lonely.key == "origin.illegal.not_adjacent"


def test_evolve_targets_match_evolve_options_on_random_positions() -> None:
    chooser = random.Random(11)
    free = [t for t in BOARD.order if t != BOARD.origin]
    for _ in range(300):
        pawn_at = {BOARD.origin: "z1s1w"}
        for t in chooser.sample(free, chooser.randrange(0, 20)):
            pawn_at[t] = chooser.choice(PAWNS.order)
        supply = {p: 1 for p in chooser.sample(PAWNS.order, chooser.randrange(0, 27))}
        assert evolve_targets(BOARD, pawn_at, supply) == set(evolve_options(BOARD, pawn_at, supply))
