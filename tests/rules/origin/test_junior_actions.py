"""Junior actions through the engine: Evolve, Migrate, Swap, rewards, tokens and the end."""

from __future__ import annotations

import dataclasses

import pytest

from rules.base import CorruptState, IllegalMove
from rules.origin import JUNIOR, junior_data
from rules.origin.components import RULES
from rules.origin.junior_data import (
    hunting_on_board,
    hunting_won,
    straits_on_board,
    straits_won,
    tile_stack,
    villages_left,
)
from tests.rules.origin.helpers import codes, owner, position


def test_evolve_is_two_decisions_and_places_pawn_and_village() -> None:
    state = position({})
    state = JUNIOR.apply(state, "ana", "evolve:a7")
    assert codes(state, "ana") == ["pawn:z1s1b", "pawn:z1s1k", "pawn:z1s2w", "pawn:z2s1w", "back"]
    state = JUNIOR.apply(state, "ana", "pawn:z2s1w")
    data = state.data
    assert data["pawn_at"]["A7"] == "z2s1w" and owner(state, "A7") == 0
    assert villages_left(data, 0) == 8 and "z2s1w" not in data["supply"]
    assert data["cards"][0] == [1, 0, 0]  # A7 is yellow
    assert JUNIOR.to_act(state) == {"ben"}


@pytest.mark.parametrize(
    ("pawn", "key"),
    [
        ("z1s3w", "origin.illegal.pawn_strength_jump"),
        ("z2s1b", "origin.illegal.pawn_two_changes"),
        ("z3s1w", "origin.illegal.pawn_size_jump"),
    ],
)
def test_evolve_rejects_rulebook_incorrect_placements(pawn: str, key: str) -> None:
    state = JUNIOR.apply(position({}), "ana", "evolve:a7")
    with pytest.raises(IllegalMove) as caught:
        JUNIOR.apply(state, "ana", f"pawn:{pawn}")
    assert caught.value.key == key
    assert caught.value.params["where"] == "@origin.terr.A1"


def test_evolve_rejects_a_smaller_or_weaker_pawn_with_the_reference_named() -> None:
    state = position({"A2": ("z2s2w", 1)})
    state = JUNIOR.apply(state, "ana", "evolve:a6")
    with pytest.raises(IllegalMove) as caught:
        JUNIOR.apply(state, "ana", "pawn:z2s1w")
    assert caught.value.key == "origin.illegal.pawn_weaker"
    assert caught.value.params == {"pawn": "@origin.pawn.z2s1w", "where": "@origin.terr.A2"}
    with pytest.raises(IllegalMove) as caught:
        JUNIOR.apply(state, "ana", "pawn:z1s2w")
    assert caught.value.key == "origin.illegal.pawn_smaller"


@pytest.mark.parametrize("pawn", ["z2s2k", "z3s2w", "z2s3w", "z2s2w"])
def test_evolve_accepts_rulebook_correct_placements(pawn: str) -> None:
    state = position({"A2": ("z2s2w", 1)}, neutral="z1s1b")
    if pawn == "z2s2w":  # an identical pawn needs a second copy: 4 players
        state = position({"A2": ("z2s2w", 1)}, seats=["a", "ana", "c", "d"], turn=1)
    seat = state.seats[state.data["turn"]]
    state = JUNIOR.apply(state, seat, "evolve:a6")
    state = JUNIOR.apply(state, seat, f"pawn:{pawn}")
    assert state.data["pawn_at"]["A6"] == pawn


def test_evolve_reference_may_be_the_neutral_pawn_or_any_player() -> None:
    state = position({"A7": ("z3s3k", 1)})
    state = JUNIOR.apply(state, "ana", "evolve:a8")  # touches A1 (neutral) and A7 (ben)
    offered = codes(state, "ana")
    assert "pawn:z2s1w" in offered  # from the neutral small weak white
    assert "pawn:z3s3w" in offered  # from ben's tall strong black


def test_back_cancels_the_first_decision() -> None:
    state = JUNIOR.apply(position({}), "ana", "evolve:a7")
    state = JUNIOR.apply(state, "ana", "back")
    assert state.data["frames"] == [] and JUNIOR.to_act(state) == {"ana"}


def test_migrate_through_an_occupied_territory_to_an_orange_one() -> None:
    # Rulebook example: size-2 pawn crosses a green territory held by another player.
    state = position({"A9": ("z2s1w", 0), "A8": ("z1s1b", 1), "A7": ("z1s1k", 2)})
    state = JUNIOR.apply(state, "ana", "migrate:a9")
    assert "to:a5" in codes(state, "ana") and "to:a8" not in codes(state, "ana")
    state = JUNIOR.apply(state, "ana", "to:a5")
    data = state.data
    assert "A9" not in data["pawn_at"] and owner(state, "A5") == 0
    assert data["cards"][0] == [0, 1, 0]  # orange
    assert villages_left(data, 0) == 8


def test_migrate_may_stop_after_one_step() -> None:
    state = position({"A9": ("z2s1w", 0), "A8": ("z1s1b", 1)})
    state = JUNIOR.apply(state, "ana", "migrate:a9")
    assert codes(state, "ana") == ["to:a7", "to:a5", "to:a6", "back"]


def test_swap_rulebook_example_weaker_pawn_takes_the_movers_place() -> None:
    # Rulebook example: a size-2 strength-2 pawn swaps onto a yellow territory held by
    # a strength-1 pawn of another player, who goes where the stronger pawn was.
    state = position({"A9": ("z2s2w", 0), "A7": ("z1s1b", 1)})
    state = JUNIOR.apply(state, "ana", "swap:a9")
    assert codes(state, "ana") == ["to:a7", "back"]
    state = JUNIOR.apply(state, "ana", "to:a7")
    data = state.data
    assert (data["pawn_at"]["A7"], owner(state, "A7")) == ("z2s2w", 0)
    assert (data["pawn_at"]["A9"], owner(state, "A9")) == ("z1s1b", 1)
    assert data["cards"][0] == [1, 0, 0]  # the swapping player takes the yellow reward
    assert data["cards"][1] == [0, 0, 0]  # the displaced player gains nothing (A9 violet)
    last = data["last"]
    assert last["action"] == "swap" and last["swapped"]["owner"] == "ben"


def test_swap_never_with_the_neutral_pawn_nor_equal_strength() -> None:
    state = position({"A8": ("z2s2w", 0), "A7": ("z2s2b", 1)}, neutral="z1s1k")
    assert "swap:a8" not in codes(state, "ana")
    state = JUNIOR.apply(state, "ana", "migrate:a8")
    with pytest.raises(IllegalMove) as caught:
        JUNIOR.apply(state, "ana", "to:a1")
    assert caught.value.key == "origin.illegal.migrate_occupied"


def test_swap_checks_strait_tokens_for_the_displaced_player() -> None:
    # ben holds E1; after the swap his pawn lands on A2, the other end of Gibraltar.
    state = position({"A2": ("z2s2w", 0), "A3": ("z1s1k", 1), "E1": ("z1s1b", 1)})
    token = straits_on_board(state.data)["ST01"]
    state = JUNIOR.apply(state, "ana", "swap:a2")
    state = JUNIOR.apply(state, "ana", "to:a3")
    assert "ST01" not in straits_on_board(state.data)
    assert straits_won(state.data, 1) == [(token, "ST01")]
    assert state.data["last"]["swapped"]["straits"] == ["ST01"]


def test_strait_token_goes_to_the_first_player_with_both_ends() -> None:
    state = position({"A2": ("z1s1k", 0)})
    token = straits_on_board(state.data)["ST01"]
    state = JUNIOR.apply(state, "ana", "evolve:e1")
    state = JUNIOR.apply(state, "ana", "pawn:z1s1b")
    assert straits_won(state.data, 0) == [(token, "ST01")]
    assert state.data["last"]["gains"]["straits"] == ["ST01"]


def test_hunting_token_goes_to_the_first_pawn_on_a_green_territory_only() -> None:
    state = position({"A9": ("z1s1b", 1)})
    token = hunting_on_board(state.data)["A8"]
    state = JUNIOR.apply(state, "ana", "evolve:a8")
    state = JUNIOR.apply(state, "ana", "pawn:z2s1w")
    assert hunting_won(state.data, 0) == [(token, "A8")]
    assert "A8" not in hunting_on_board(state.data)
    # Migrating away and coming back gives nothing more; the token is never lost.
    state.data["turn"] = 0
    state = JUNIOR.apply(state, "ana", "migrate:a8")
    state = JUNIOR.apply(state, "ana", "to:a5")
    state.data["turn"] = 0
    state = JUNIOR.apply(state, "ana", "migrate:a5")
    state = JUNIOR.apply(state, "ana", "to:a8")
    assert hunting_won(state.data, 0) == [(token, "A8")]
    assert state.data["last"]["gains"]["hunting"] == []


def test_brown_territory_gives_two_tiles_then_what_is_left() -> None:
    state = position({})
    state.data["tiles_of"][2] = tile_stack(state.data)[3:]
    state = JUNIOR.apply(state, "ana", "evolve:a3")
    state = JUNIOR.apply(state, "ana", "pawn:z1s1b")
    assert len(state.data["tiles_of"][0]) == 2 and len(tile_stack(state.data)) == 1
    assert state.data["last"]["gains"]["tiles"] == 2
    state.data["turn"] = 0
    state = JUNIOR.apply(state, "ana", "migrate:a3")
    state = JUNIOR.apply(state, "ana", "to:a2")
    state.data["turn"] = 0
    state = JUNIOR.apply(state, "ana", "migrate:a2")
    state = JUNIOR.apply(state, "ana", "to:a3")
    assert len(state.data["tiles_of"][0]) == 3 and tile_stack(state.data) == []
    assert state.data["last"]["gains"]["tiles"] == 1


def test_game_ends_at_once_when_the_last_card_of_a_deck_is_taken() -> None:
    state = position({})
    state.data["decks"][0] = 1
    state.data["cards"][1][0] = 13
    state = JUNIOR.apply(state, "ana", "evolve:a7")
    state = JUNIOR.apply(state, "ana", "pawn:z1s2w")
    assert state.data["over"] and state.data["decks"][0] == 0
    assert JUNIOR.to_act(state) == frozenset()
    outcome = JUNIOR.outcome(state)
    assert outcome is not None and outcome.winners == ("ben",)
    assert outcome.termination.key == "origin.end.deck"
    with pytest.raises(IllegalMove) as caught:
        JUNIOR.apply(state, "ben", "evolve:a8")
    assert caught.value.key == "move.game_over"


def test_brown_gives_nothing_when_the_tile_stack_is_empty() -> None:
    state = position({})
    state.data["tiles_of"][1] = tile_stack(state.data)
    state = JUNIOR.apply(state, "ana", "evolve:a3")
    state = JUNIOR.apply(state, "ana", "pawn:z1s1b")
    assert state.data["tiles_of"][0] == [] and state.data["last"]["gains"]["tiles"] == 0


def test_tie_break_most_cards_then_shared_win() -> None:
    state = position({})
    data = state.data
    data["over"] = "deck"
    # Equal points (3 each): ben holds 3 cards, ana 2, so ben ranks first.
    data["cards"] = [[2, 0, 0], [1, 1, 1], [11, 0, 0]]
    data["decks"] = [0, 13, 13]
    JUNIOR.check_game_invariants(state)
    sheet = JUNIOR.scores(state)
    assert sheet.total("ana") == sheet.total("ben") == 3 and sheet.total("cy") == 43
    outcome = JUNIOR.outcome(state)
    assert outcome is not None and outcome.ranking == (("cy",), ("ben",), ("ana",))
    # Equal points and equal cards: the place is shared.
    data["cards"] = [[2, 0, 0], [2, 0, 0], [10, 0, 0]]
    data["decks"] = [0, 14, 14]
    outcome = JUNIOR.outcome(state)
    assert outcome is not None and outcome.ranking == (("cy",), ("ana", "ben"))


def test_pass_only_when_no_action_and_everyone_passing_ends_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = position({}, seats=["ana", "ben"])
    # A contrived, blocked table: no player owns a village, so nobody can evolve, and
    # nobody has a pawn to move.
    monkeypatch.setattr(junior_data, "RULES", dataclasses.replace(RULES, villages_per_player=0))
    assert codes(state, "ana") == ["pass"]
    with pytest.raises(IllegalMove) as caught:
        JUNIOR.apply(state, "ana", "evolve:a3")
    assert caught.value.key == "origin.illegal.no_village"
    state = JUNIOR.apply(state, "ana", "pass")
    assert not state.data["over"] and JUNIOR.to_act(state) == {"ben"}
    state = JUNIOR.apply(state, "ben", "pass")
    assert state.data["over"] == "blocked"
    outcome = JUNIOR.outcome(state)
    assert outcome is not None and outcome.termination.key == "origin.end.blocked"


def test_swap_by_a_later_seat_moves_each_village_with_its_pawn() -> None:
    # The mover (cy, third seat) swaps with an earlier seat (ana): each village must
    # travel with its own pawn, whatever the seat order.
    state = position({"A9": ("z2s2w", 2), "A7": ("z1s1b", 0), "E1": ("z1s1k", 0)}, turn=2)
    state = JUNIOR.apply(state, "cy", "swap:a9")
    state = JUNIOR.apply(state, "cy", "to:a7")
    data = state.data
    assert (data["pawn_at"]["A7"], owner(state, "A7")) == ("z2s2w", 2)
    assert (data["pawn_at"]["A9"], owner(state, "A9")) == ("z1s1b", 0)
    assert data["villages_at"][2] == ["A7"] and sorted(data["villages_at"][0]) == ["A9", "E1"]
    assert data["last"]["swapped"]["owner"] == "ana"
    assert data["cards"][2] == [1, 0, 0] and data["cards"][0] == [0, 0, 0]


def test_swap_by_a_later_seat_gives_the_displaced_player_a_strait_token() -> None:
    # ben (second seat) swaps with ana's pawn on A3; ana lands on A2 and, holding E1,
    # completes Gibraltar.
    state = position({"A2": ("z2s2w", 1), "A3": ("z1s1k", 0), "E1": ("z1s1b", 0)}, turn=1)
    token = straits_on_board(state.data)["ST01"]
    state = JUNIOR.apply(state, "ben", "swap:a2")
    state = JUNIOR.apply(state, "ben", "to:a3")
    assert straits_won(state.data, 0) == [(token, "ST01")]
    assert straits_won(state.data, 1) == []
    assert state.data["last"]["swapped"]["straits"] == ["ST01"]
    assert state.data["last"]["gains"]["straits"] == []


def test_invariants_check_that_the_last_move_left_each_village_with_its_pawn() -> None:
    state = position({"A9": ("z2s2w", 1), "A7": ("z1s1b", 0)}, turn=1)
    state = JUNIOR.apply(state, "ben", "swap:a9")
    state = JUNIOR.apply(state, "ben", "to:a7")
    JUNIOR.check_game_invariants(state)
    villages = state.data["villages_at"]
    villages[0], villages[1] = villages[1], villages[0]  # what the old Swap left behind
    with pytest.raises(CorruptState) as caught:
        JUNIOR.check_game_invariants(state)
    assert "last move" in caught.value.params["detail"]
