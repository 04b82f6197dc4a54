"""Migrate and Swap reach (rulebook "Migrer", "Échanger"), Hunting and Strait token checks."""

from __future__ import annotations

from rules.origin.components import BOARD
from rules.origin.movement import (
    NEUTRAL,
    hunting_claim,
    migrate_destinations,
    strait_claims,
    swap_targets,
    why_not_migrate_to,
    why_not_move_from,
    why_not_swap_with,
)


def test_migrate_crosses_an_occupied_territory() -> None:
    # Rulebook example: a size-2 pawn crosses a green territory held by another player
    # and ends on an orange one. Here: A9 -> A8 (green, occupied) -> A5 (orange).
    pawn_at = {"A9": "z2s1w", "A8": "z1s1b", "A7": "z1s1k"}
    destinations = migrate_destinations(BOARD, pawn_at, "A9", 2)
    assert "A5" in destinations and BOARD.colour("A5") == "orange"
    assert "A8" not in destinations and "A7" not in destinations


def test_migrate_may_stop_short_of_its_size() -> None:
    pawn_at = {"A9": "z3s1w"}
    assert {"A7", "A8"} <= set(migrate_destinations(BOARD, pawn_at, "A9", 3))


def test_migrate_reach_is_the_pawn_size() -> None:
    pawn_at = {"A9": "z1s1w"}
    assert migrate_destinations(BOARD, pawn_at, "A9", 1) == ["A7", "A8"]
    reason = why_not_migrate_to(BOARD, pawn_at, "A9", "A5", 1)
    assert reason.key == "origin.illegal.too_far"
    assert reason.params["steps"] == 2 and reason.params["size"] == 1


def test_migrate_follows_straits() -> None:
    assert "E1" in migrate_destinations(BOARD, {"A2": "z1s1w"}, "A2", 1)


def test_swap_example_stronger_pawn_takes_a_weaker_opponents_place() -> None:
    # Rulebook example: a size-2 strength-2 pawn swaps with a strength-1 pawn of
    # another player on a yellow territory (here A7), from A9.
    pawn_at = {"A9": "z2s2w", "A7": "z1s1b"}
    owner_at = {"A9": 0, "A7": 1}
    assert BOARD.colour("A7") == "yellow"
    assert swap_targets(BOARD, pawn_at, owner_at, "A9", 2) == ["A7"]


def test_swap_needs_a_strictly_weaker_pawn_of_another_player() -> None:
    pawn_at = {"A1": "z1s1w", "A7": "z2s2b", "A8": "z1s1k", "A9": "z2s2w", "A5": "z1s1b"}
    owner_at = {"A1": NEUTRAL, "A7": 1, "A8": 0, "A9": 0, "A5": 1}
    # A1 neutral, A7 equal strength, A8 own pawn: none allowed; A5 (2 steps) allowed.
    assert swap_targets(BOARD, pawn_at, owner_at, "A9", 2) == ["A5"]
    assert why_not_swap_with(BOARD, pawn_at, owner_at, "A9", "A7", 2).key == (
        "origin.illegal.swap_not_weaker"
    )
    assert why_not_swap_with(BOARD, pawn_at, owner_at, "A9", "A8", 2).key == (
        "origin.illegal.swap_own"
    )
    assert why_not_swap_with(BOARD, pawn_at, owner_at, "A9", "A1", 2).key == (
        "origin.illegal.swap_neutral"
    )
    assert why_not_swap_with(BOARD, pawn_at, owner_at, "A9", "A6", 2).key == (
        "origin.illegal.swap_empty"
    )


def test_only_own_pawns_move() -> None:
    owner_at = {"A1": NEUTRAL, "A7": 1}
    pawn_at = {"A1": "z1s1w", "A7": "z1s1b"}
    assert why_not_move_from(pawn_at, owner_at, "A7", 1) is None
    reason = why_not_move_from(pawn_at, owner_at, "A7", 0)
    assert reason is not None and reason.key == "origin.illegal.not_your_pawn"
    reason = why_not_move_from(pawn_at, owner_at, "A1", 0)
    assert reason is not None and reason.key == "origin.illegal.neutral_not_yours"
    reason = why_not_move_from(pawn_at, owner_at, "A2", 0)
    assert reason is not None and reason.key == "origin.illegal.no_pawn_there"


def test_hunting_token_lies_on_green_territories_only() -> None:
    assert hunting_claim(BOARD, {"A8": "HU2"}, "A8") == "HU2"
    assert hunting_claim(BOARD, {"A8": "HU2"}, "A7") is None
    assert hunting_claim(BOARD, {}, "A8") is None


def test_strait_token_goes_to_the_player_with_villages_on_both_ends() -> None:
    straits = {"ST01": "SR04", "ST02": "SR05"}
    owner_at = {"A2": 0, "E1": 0, "A3": 0, "E2": 1}
    assert strait_claims(BOARD, straits, owner_at) == [("ST01", 0)]
    assert strait_claims(BOARD, straits, owner_at, ["A3"]) == []
    assert strait_claims(BOARD, {"ST02": "SR05"}, owner_at) == []


def test_the_neutral_pawn_never_claims_a_strait() -> None:
    assert strait_claims(BOARD, {"ST01": "SR01"}, {"A2": NEUTRAL, "E1": NEUTRAL}) == []
