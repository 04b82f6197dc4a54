"""Permanent cards (rulebook "Cartes Permanent", R13): every card by name."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.origin.classic import CLASSIC
from rules.origin.classic.perks import perks
from tests.rules.origin.classic.helpers import (
    check,
    clear_hand,
    codes,
    give_cards,
    give_stacks,
    lay_permanents,
    place,
    play,
    resolved,
    set_board,
    started,
    tile_of,
)


def test_a_permanent_needs_an_owned_tile_of_its_level_covered_or_not() -> None:
    state = started()
    give_cards(state, 0, ["P08"])
    assert "play:p08" not in codes(state, "ana")
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", "play:p08")
    assert err.value.key == "origin.classic.illegal.needs_level"
    give_stacks(state, 0, [[1, 2, 3, 4]])  # the level-3 tile is covered
    state = play(check(state), "ana", "play:p08")
    assert state.data["permanents"][0] == ["P08"]
    assert "P08" not in state.data["hands"][0]["permanent"]


def test_one_permanent_per_turn() -> None:
    state = started()
    give_cards(state, 0, ["P01", "P02"])
    give_stacks(state, 0, [[1]])
    state = play(state, "ana", "play:p01")
    assert "play:p02" not in codes(state, "ana")


def test_a_permanent_stays_when_its_tile_is_lost() -> None:
    state = started()
    give_stacks(state, 0, [[1]])
    give_cards(state, 0, ["P01"])
    state = play(state, "ana", "play:p01")
    give_cards(state, 1, ["A07"])
    state.data["turn"] = 1
    state.data["acted"] = True
    state = play(state, "ben", "play:a07", f"tile:{state.data['stacks'][0][0][0].lower()}")
    assert state.data["stacks"][0] == [] and state.data["permanents"][0] == ["P01"]
    assert perks(state.data, 0).move_bonus == {1: 1}
    check(state)


def test_stride_p01_small_pawns_move_one_further() -> None:
    state = started()
    place(state, {"A9": ("z1s2b", 0)})
    state = play(state, "ana", "migrate:a9")
    assert "to:a5" not in codes(state, "ana")
    lay_permanents(state, 0, ["P01"])
    assert "to:a5" in codes(state, "ana")


def test_endurance_p09_every_pawn_moves_one_further_and_stacks_with_stride() -> None:
    state = started()
    place(state, {"A9": ("z1s2b", 0), "E1": ("z2s2b", 0)})
    lay_permanents(state, 0, ["P09"])
    assert perks(state.data, 0).steps(2) == 3 and perks(state.data, 0).steps(1) == 2
    lay_permanents(state, 0, ["P01"])
    assert perks(state.data, 0).steps(1) == 3
    state = play(state, "ana", "migrate:e1")
    assert "to:e5" in codes(state, "ana")  # E1-E2-E4-E5: three steps


@pytest.mark.parametrize(
    ("card", "territory", "deck"), [("P02", "A7", "action"), ("P03", "A5", "permanent")]
)
def test_craft_and_lore_put_back_only_one(card: str, territory: str, deck: str) -> None:
    state = started()
    clear_hand(state, 0)
    lay_permanents(state, 0, [card])
    state = play(state, "ana", f"evolve:{territory.lower()}", "pawn:z1s1b", "reward:draw")
    first = codes(state, "ana")[0]
    state = play(state, "ana", first)
    assert len(state.data["hands"][0][deck]) == 2 and resolved(state, "ana")


def test_vision_p06_puts_back_one_then_the_hand_limit_applies() -> None:
    state = started()
    clear_hand(state, 0)
    give_cards(state, 0, [state.data["decks"]["objective"][0]])
    lay_permanents(state, 0, ["P06"])
    state = play(state, "ana", "evolve:a4", "pawn:z1s1b", "reward:draw")
    assert len(state.data["hands"][0]["objective"]) == 4
    state = play(state, "ana", codes(state, "ana")[0])  # put back only one
    assert len(state.data["hands"][0]["objective"]) == 3
    assert all(c.startswith("discard:") for c in codes(state, "ana"))  # limit 2
    state = play(state, "ana", codes(state, "ana")[0])
    assert len(state.data["hands"][0]["objective"]) == 2 and resolved(state, "ana")
    check(state)


def test_seafaring_p04_draws_an_action_card_with_each_strait_token() -> None:
    state = started()
    clear_hand(state, 0)
    place(state, {"A2": ("z2s2w", 0)})
    lay_permanents(state, 0, ["P04"])
    top = state.data["decks"]["action"][-1]
    state = play(state, "ana", "evolve:e1", "pawn:z2s2b")
    assert state.data["straits_of"][0][0][1] == "ST01"
    assert state.data["hands"][0]["action"] == [top]


def test_memory_p05_keeps_three_objectives() -> None:
    state = started()
    clear_hand(state, 0)
    deck = state.data["decks"]["objective"]
    give_cards(state, 0, [deck[0], deck[1]])
    set_board(state, "violet", [tile_of(3), tile_of(4), tile_of(5)])
    after = play(state, "ana", "evolve:a4", "pawn:z1s1b", "reward:card")
    assert all(c.startswith("discard:") for c in codes(after, "ana"))
    assert len(codes(after, "ana")) == 3
    after = play(after, "ana", codes(after, "ana")[0])
    assert len(after.data["hands"][0]["objective"]) == 2
    lay_permanents(state, 0, ["P05"])
    kept = play(state, "ana", "evolve:a4", "pawn:z1s1b", "reward:card")
    assert len(kept.data["hands"][0]["objective"]) == 3 and resolved(kept, "ana")
    check(kept)


def test_defence_p07_needs_a_lead_of_two_even_against_power() -> None:
    state = started()
    place(state, {"A9": ("z2s2w", 0), "A7": ("z1s1k", 1), "A8": ("z2s1b", 1)})
    state = play(state, "ana", "swap:a9")
    assert {"to:a7", "to:a8"} <= set(codes(state, "ana"))
    lay_permanents(state, 1, ["P07"])
    assert "to:a7" not in codes(state, "ana")
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", "to:a7")
    assert err.value.key == "origin.classic.illegal.protected"
    lay_permanents(state, 0, ["P08"])
    assert "to:a7" not in codes(state, "ana")


def test_power_p08_swaps_with_equal_strength() -> None:
    state = started()
    place(state, {"A9": ("z2s2w", 0), "A7": ("z1s2k", 1)})
    assert "swap:a9" not in codes(state, "ana")
    lay_permanents(state, 0, ["P08"])
    state = play(state, "ana", "swap:a9", "to:a7")
    assert state.data["owner_at"]["A7"] == 0 and state.data["owner_at"]["A9"] == 1


def test_mutation_p11_evolves_one_size_and_one_strength_at_once() -> None:
    state = started()
    state = play(state, "ana", "evolve:a7")
    assert "pawn:z2s2w" not in codes(state, "ana")
    lay_permanents(state, 0, ["P11"])
    assert "pawn:z2s2w" in codes(state, "ana")
    assert "pawn:z2s2b" not in codes(state, "ana")  # same colour only
    assert "pawn:z2s1b" not in codes(state, "ana")


def test_expansion_p12_evolves_two_steps_from_the_reference() -> None:
    state = started()
    assert "evolve:a9" not in codes(state, "ana")  # A9 is two steps from the Origin
    lay_permanents(state, 0, ["P12"])
    assert "evolve:a9" in codes(state, "ana")


def test_leadership_p13_two_action_cards_per_turn() -> None:
    state = started()
    give_cards(state, 0, ["A09", "A10"])
    state = play(state, "ana", "play:a09", "deck:action", "deck:action")
    assert "play:a10" not in codes(state, "ana")
    lay_permanents(state, 0, ["P13"])
    assert "play:a10" in codes(state, "ana")


def test_legend_p14_adds_one_point_per_token() -> None:
    state = started()
    place(state, {"A8": ("z2s2w", 0), "A2": ("z2s2b", 0), "E1": ("z2s2k", 0)})
    before = CLASSIC.scores(state).rows["ana"]
    lay_permanents(state, 0, ["P14"])
    after = CLASSIC.scores(state).rows["ana"]
    assert after["origin.classic.score.legend"] == 2
    assert sum(after.values()) == sum(before.values()) + 2
