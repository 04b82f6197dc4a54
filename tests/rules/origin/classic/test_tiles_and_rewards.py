"""Innovation stacking and the reward phase (rulebook "Phase des récompenses",
"Tuiles Innovation - restrictions"; rulings R7, R8, R9, R10)."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, State
from rules.origin.classic import CLASSIC
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import COLUMNS
from tests.rules.origin.classic.helpers import (
    check,
    clear_hand,
    codes,
    give_cards,
    lay_permanents,
    play,
    resolved,
    set_board,
    started,
    tile_of,
)


def arrive(state: State, territory: str) -> State:
    """Ana evolves next to the neutral pawn into ``territory`` (A3 brown, A4 violet,
    A5 orange, A7 yellow); the reward decision is then pending."""
    return play(state, "ana", f"evolve:{territory.lower()}", "pawn:z1s1b")


def levels(state: State, player: int = 0) -> list[list[int]]:
    return [[tl.level(t) for t in s] for s in state.data["stacks"][player]]


# --------------------------------------------------------------------------- stacking


def test_stacking_example_tiles_1_2_3_1() -> None:
    """Rulebook example: with tiles 1-2-3-1 a player may take a 4 (on the 3), a 2 (on
    the 1) or a new 1, nothing else."""
    stacks = [[tile_of(1), tile_of(2), tile_of(3)], [tile_of(1, {tile_of(1)})]]
    assert [tl.can_place(stacks, lv) for lv in (1, 2, 3, 4, 5)] == [True, True, False, True, False]
    tl.place(stacks, tile_of(4))
    assert [[tl.level(t) for t in s] for s in stacks] == [[1, 2, 3, 4], [1]]
    tl.place(stacks, tile_of(2))
    assert [[tl.level(t) for t in s] for s in stacks] == [[1, 2, 3, 4], [1, 2]]
    with pytest.raises(ValueError):
        tl.place(stacks, tile_of(4, {tile_of(4)}))


def test_level_one_always_starts_a_new_stack() -> None:
    stacks: list[list[str]] = []
    tl.place(stacks, tile_of(1))
    tl.place(stacks, tile_of(1, {tile_of(1)}))
    assert len(stacks) == 2


def test_a_tile_that_cannot_be_stacked_is_never_offered() -> None:
    state = started()
    set_board(state, "yellow", [tile_of(3), tile_of(4), tile_of(1)])
    state = arrive(state, "A7")
    state = play(state, "ana", "reward:tile")
    assert codes(state, "ana") == [f"tile:{tile_of(1).lower()}"]
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", f"tile:{tile_of(3).lower()}")
    assert err.value.key == "origin.classic.illegal.tile_no_stack"


def test_tile_option_is_replaced_by_the_card_alone_when_no_tile_fits() -> None:
    """R8: no tile of the column fits, the top card is still gained."""
    state = started()
    set_board(state, "yellow", [tile_of(3), tile_of(4), tile_of(5)])
    state = arrive(state, "A7")
    assert sorted(codes(state, "ana")) == ["reward:card", "reward:draw"]
    before = len(state.data["hands"][0]["action"])
    state = play(state, "ana", "reward:card")
    assert len(state.data["hands"][0]["action"]) == before + 1
    assert resolved(state, "ana")
    check(state)


# --------------------------------------------------------------------------- colours


@pytest.mark.parametrize(
    ("territory", "colour", "deck"),
    [("A7", "yellow", "action"), ("A5", "orange", "permanent"), ("A4", "violet", "objective")],
)
def test_tile_then_card_option(territory: str, colour: str, deck: str) -> None:
    state = started()
    clear_hand(state, 0)
    set_board(state, colour, [tile_of(1), tile_of(2), tile_of(3)])
    reserve = len(state.data["reserve"])
    top = state.data["decks"][deck][-1]
    state = arrive(state, territory)
    assert {"reward:tile", "reward:draw"} == set(codes(state, "ana"))
    state = play(state, "ana", "reward:tile")
    assert codes(state, "ana") == [f"tile:{tile_of(1).lower()}"]
    state = play(state, "ana", f"tile:{tile_of(1).lower()}")
    assert levels(state) == [[1]]
    assert state.data["hands"][0][deck] == [top]
    assert None not in state.data["board"][colour]  # refilled from the reserve
    assert len(state.data["reserve"]) == reserve - 1
    assert state.data["last"]["gains"]["tiles"] == [tile_of(1)]
    check(state)


@pytest.mark.parametrize(
    ("territory", "colour", "deck"),
    [("A7", "yellow", "action"), ("A5", "orange", "permanent"), ("A4", "violet", "objective")],
)
def test_draw_three_put_two_back_option(territory: str, colour: str, deck: str) -> None:
    state = started()
    clear_hand(state, 0)
    top3 = state.data["decks"][deck][-3:]
    state = arrive(state, territory)
    state = play(state, "ana", "reward:draw")
    assert sorted(state.data["hands"][0][deck]) == sorted(top3)
    assert sorted(codes(state, "ana")) == sorted(f"putback:{c.lower()}" for c in top3)
    state = play(state, "ana", f"putback:{top3[0].lower()}", f"putback:{top3[1].lower()}")
    assert state.data["hands"][0][deck] == [top3[2]]
    assert state.data["decks"][deck][:2] == [top3[1], top3[0]]  # under the deck
    assert resolved(state, "ana")
    check(state)


def test_draw_option_may_put_back_older_cards() -> None:
    """R9: the two cards put back may be any Action cards of the hand."""
    state = started()
    clear_hand(state, 0)
    give_cards(state, 0, ["A05"])
    state = arrive(state, "A7")
    state = play(state, "ana", "reward:draw")
    assert "putback:a05" in codes(state, "ana")


def test_brown_two_tiles_option_and_refill_between_picks() -> None:
    state = started()
    set_board(
        state,
        "brown",
        [tile_of(1), tile_of(2), tile_of(5), tile_of(4), tile_of(3), tile_of(5, {tile_of(5)})],
    )
    state = arrive(state, "A3")
    assert set(codes(state, "ana")) == {"reward:brown", "reward:any"}
    state = play(state, "ana", "reward:brown")
    assert codes(state, "ana") == [f"tile:{tile_of(1).lower()}"]
    state = play(state, "ana", f"tile:{tile_of(1).lower()}")
    assert f"tile:{tile_of(2).lower()}" in codes(state, "ana")  # now it fits on the 1
    state = play(state, "ana", f"tile:{tile_of(2).lower()}")
    assert levels(state) == [[1, 2]]
    assert resolved(state, "ana")
    check(state)


def test_brown_one_tile_from_any_column_option() -> None:
    state = started()
    state = arrive(state, "A3")
    state = play(state, "ana", "reward:any")
    offered = [c[5:].upper() for c in codes(state, "ana")]
    assert offered and all(tl.level(t) == 1 for t in offered)
    assert {tl.column_of(state.data, t) for t in offered} <= set(COLUMNS)
    state = play(state, "ana", f"tile:{offered[-1].lower()}")
    assert levels(state) == [[1]] and state.data["frames"] == []


def test_harvest_takes_three_brown_tiles() -> None:
    state = started()
    lay_permanents(state, 0, ["P10"])
    state = arrive(state, "A3")
    state = play(state, "ana", "reward:brown")
    assert state.data["frames"][-1]["left"] == 3


def test_nothing_is_gained_when_no_tile_fits_and_the_deck_is_empty() -> None:
    """R8: the reward is skipped when neither a tile nor a card can be taken."""
    state = started()
    set_board(state, "yellow", [tile_of(3), tile_of(4), tile_of(5)])
    deck = state.data["decks"]["action"]
    state.data["discard"] += deck
    state.data["decks"]["action"] = []
    state = arrive(state, "A7")
    assert state.data["frames"] == []
    assert resolved(state, "ana")
    check(state)


def test_a_taken_tile_is_not_replaced_when_the_reserve_is_empty() -> None:
    data = {"board": tl.empty_board(), "reserve": []}
    data["board"]["yellow"] = [tile_of(1), None, None]
    tl.take_from_board(data, tile_of(1))
    assert data["board"]["yellow"] == [None, None, None]
    data["reserve"] = [tile_of(2)]
    tl.take_from_board(
        {
            "board": {**data["board"], "violet": [tile_of(3), None, None]},
            "reserve": data["reserve"],
        },
        tile_of(3),
    )
    assert data["reserve"] == []  # the reserve refilled a slot


def test_taking_a_tile_refills_its_slot_at_random_from_the_reserve() -> None:
    state = started()
    column = state.data["board"]["orange"]
    taken = column[1]
    reserve = list(state.data["reserve"])
    tl.take_from_board(state.data, taken)
    assert state.data["board"]["orange"][1] == reserve[-1]
    assert state.data["board"]["orange"][1] != taken
