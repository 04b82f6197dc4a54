"""Taking a Region tile: the rulebook's seven steps, each a small decision or automatic."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.orbis import ORBIS
from tests.rules.orbis.helpers import (
    build,
    cell,
    codes,
    cubes_at,
    domain,
    game,
    play,
    put_cubes,
    put_display,
    row,
    set_domain,
)


def test_rulebook_generation_example_one_cube_on_each_orthogonal_neighbour() -> None:
    """ "Le joueur a choisi la tuile A. Il génère 1 Adorateur bleu" on every adjacent tile."""
    state = game()
    put_display(state, 5, "L2-09")  # a blue tile in the centre
    for slot in (1, 2, 3, 4, 6, 7, 8, 9):
        put_cubes(state, slot - 1, [0, 0, 0, 0, 0])
    state = play(state, "take:5")
    blue = [cubes_at(state, s)[2] for s in range(9)]
    assert blue == [0, 1, 0, 1, 0, 1, 0, 1, 0]


def test_a_corner_tile_generates_on_its_two_neighbours_only() -> None:
    state = game()
    put_display(state, 1, "L1-13")  # red, free
    state = play(state, "take:1")
    red = [cubes_at(state, s)[3] for s in range(9)]
    assert red == [0, 1, 0, 1, 0, 0, 0, 0, 0]


def test_the_cubes_on_the_taken_tile_are_collected() -> None:
    state = game()
    put_display(state, 2, "L1-13", green=2, white=1)
    state = play(state, "take:2")
    assert domain(state, 0) == {"green": 2, "white": 1}
    assert cubes_at(state, 1) == [0, 0, 0, 0, 0]
    assert state.data["display"][1] is None  # in the player's hands until placed


def test_rulebook_cost_example_blue_green_and_any_colour() -> None:
    """ "Coût de la tuile : 1 Adorateur bleu, 1 Adorateur vert et 1 ... de n'importe quelle
    couleur": every colour may pay the multicolour symbol."""
    state = game()
    put_display(state, 1, "L2-09")
    set_domain(state, 0, blue=2, green=1, red=1, white=1)
    state = play(state, "take:1")
    pays = [c for c in codes(state) if c.startswith("pay")]
    assert pays == ["pay:b", "pay:r", "pay:w"]
    state = play(state, "pay:r")
    assert domain(state, 0) == {"blue": 1, "white": 1}


def test_forget_box_pay_with_the_cubes_that_were_on_the_tile() -> None:
    state = game()
    put_display(state, 1, "L2-09", green=1, blue=1, yellow=1)
    state = play(state, "take:1")
    assert "pay:y" in codes(state)
    state = play(state, "pay:y", "place:start")
    assert domain(state, 0) == {}


def test_forget_box_a_farm_never_pays_a_multicolour_symbol() -> None:
    state = game()
    state.data["boards"][0]["reductions"] = ["green", "blue"]
    put_display(state, 1, "L2-09")  # 1G + 1B + 1*
    state = play(state, "take:1")
    assert [c for c in codes(state) if c.startswith("pay")] == []
    assert "wild" in codes(state)
    set_domain(state, 0, red=1)
    assert [c for c in codes(state) if c.startswith("pay")] == ["pay:r"]


def test_a_farm_waives_every_symbol_of_its_colour_o1() -> None:
    state = game()
    state.data["boards"][0]["reductions"] = ["green"]
    put_display(state, 1, "L3-06")  # 1Y + 2G + 1*
    set_domain(state, 0, yellow=1, red=1)
    state = play(state, "take:1")
    assert [c for c in codes(state) if c.startswith("pay")] == ["pay:r"]


def test_a_free_tile_goes_straight_to_placing() -> None:
    state = game()
    put_display(state, 1, "L1-09")
    state = play(state, "take:1")
    assert codes(state) == ["place:start", "wild", "back"]


def test_forget_box_cubes_are_generated_even_for_a_future_wasteland() -> None:
    """Forget box: a player always generates worshippers, even for a future Wasteland;
    declining to pay makes the tile a Wasteland (-1 PC) and costs nothing."""
    state = game()
    put_display(state, 5, "L2-09")
    set_domain(state, 0, blue=1, green=1, red=1)
    before = list(state.data["cubes"])
    state = play(state, "take:5", "wild")
    assert codes(state) == ["place:start", "back"]
    state = play(state, "place:start")
    assert cell(state, 0, 0, 0).wild
    assert domain(state, 0) == {"blue": 1, "green": 1, "red": 1}
    assert [cubes_at(state, s)[2] - before[5 * s + 2] for s in (1, 3, 5, 7)] == [1, 1, 1, 1]
    assert row(state, 0)["orbis.score.wastes"] == -1


def test_refusing_to_place_a_paid_tile_makes_it_a_wasteland_and_the_cost_stays_paid() -> None:
    state = game()
    put_display(state, 1, "L1-01")  # Farm(G), cost 1G
    set_domain(state, 0, green=1)
    state = play(state, "take:1", "pay", "wild", "place:start")
    assert cell(state, 0, 0, 0).wild
    assert domain(state, 0) == {}
    assert state.data["boards"][0]["reductions"] == []  # a Wasteland has no effect


def test_a_tile_with_no_legal_place_becomes_a_wasteland_without_paying() -> None:
    state = game()
    build(
        state,
        0,
        {
            (0, 0): "L1-13",
            (0, 1): "L1-14",
            (0, 2): "L1-15",
            (0, 3): "L1-16",
            (0, 4): "L3-16",
            (1, 0): "L2-13",
            (1, 1): "L2-14",
            (1, 2): "L2-15",
            (1, 3): "L2-16",
            (2, 0): "L3-17",
            (2, 1): "L3-18",
            (2, 2): "L3-19",
        },
    )
    put_display(state, 1, "L2-09")  # blue: no blue or Wasteland below any free place
    set_domain(state, 0, blue=1, green=1, red=1)
    state = play(state, "take:1")
    assert codes(state) == ["place:r4s1", "place:r4s2", "back"]
    assert ORBIS.view(state, None)["pending"]["wasteland"] is True


def test_back_puts_the_tile_and_every_cube_back() -> None:
    state = game()
    put_display(state, 5, "L2-09", red=2)
    set_domain(state, 0, blue=1, green=1)
    start = state
    state = play(state, "take:5", "pay:r", "back", "back")
    assert state.data == start.data


def test_forget_box_trade_three_cubes_for_one_of_any_colour() -> None:
    """Forget box: 3 cubes of one colour for 1 of any colour, at any moment of the turn."""
    state = game()
    put_display(state, 1, "L2-09")
    set_domain(state, 0, yellow=3, green=1)
    state = play(state, "take:1")
    assert [c for c in codes(state) if c.startswith("pay")] == []
    assert "trade:y" in codes(state)
    state = play(state, "trade:y")
    assert codes(state) == ["get:g", "get:b", "get:r", "get:w", "back"]
    state = play(state, "get:b")
    assert domain(state, 0) == {"green": 1, "blue": 1}
    assert [c for c in codes(state) if c.startswith("pay")] == []  # still one short
    state = play(state, "back")
    assert domain(state, 0) == {"yellow": 3, "green": 1}  # back undoes the trade too


def test_trade_is_refused_with_fewer_than_three() -> None:
    state = game()
    set_domain(state, 0, red=2)
    with pytest.raises(IllegalMove) as refused:
        ORBIS.apply(state, "ana", "trade:r")
    assert refused.value.key == "orbis.illegal.trade_short"


def test_refill_takes_level_1_then_2_then_3() -> None:
    """Step 7: the empty place gets the top tile of level 1; once that pile is empty, of
    level 2; then of level 3. (Piles are emptied by hand: no invariant check here.)"""
    state = game(players=2)
    for level in ("1", "2", "3"):
        for lower in range(1, int(level)):
            state.data["piles"][str(lower)] = []
        state.data["display"][0] = "L1-09"  # a free tile
        put_cubes(state, 0, [0, 0, 0, 0, 0])
        top = state.data["piles"][level][-1]
        seat = next(iter(ORBIS.to_act(state)))
        state = ORBIS.apply(state, seat, "take:1")
        state = ORBIS.apply(state, seat, codes(state)[0])
        assert state.data["display"][0] == top
        assert "orbis.note.refill" in [n["key"] for n in state.last["notes"]]


def test_forget_box_ten_cubes_at_most_at_the_end_of_the_turn() -> None:
    """Forget box: no more than 10 cubes at the end of one's turn (O10)."""
    state = game()
    put_display(state, 1, "L1-09", red=4)  # Proselytism: +1 blue
    set_domain(state, 0, yellow=5, green=2)
    state = play(state, "take:1", "place:start")
    assert sum(domain(state, 0).values()) == 12
    assert codes(state) == ["lose:y", "lose:g", "lose:b", "lose:r", "trade:y", "trade:r"]
    state = play(state, "lose:b", "lose:r")
    assert domain(state, 0) == {"yellow": 5, "green": 2, "red": 3}
    assert state.data["turn"] == 1


def test_a_trade_can_bring_the_domain_down_to_ten() -> None:
    state = game()
    put_display(state, 1, "L1-09", red=4)
    set_domain(state, 0, yellow=5, green=2)
    state = play(state, "take:1", "place:start", "trade:y", "get:w")
    assert domain(state, 0) == {"yellow": 2, "green": 2, "blue": 1, "red": 4, "white": 1}
    assert state.data["turn"] == 1


def test_exactly_ten_cubes_needs_no_discard() -> None:
    state = game()
    put_display(state, 1, "L1-09")
    set_domain(state, 0, yellow=9)
    state = play(state, "take:1", "place:start")
    assert state.data["turn"] == 1


def test_declining_to_pay_when_unable_is_the_way_on() -> None:
    """Step 3: "S'il ne veut pas ou ne peut pas payer": with no way to pay, declining
    (or a trade) is what is offered; the Wasteland keeps no effect and no PC."""
    state = game()
    put_display(state, 1, "L3-01")  # Village 5 PC, 1Y + 1G + 1R + 1*
    set_domain(state, 0, yellow=1)
    state = play(state, "take:1")
    assert codes(state) == ["wild", "back"]
    state = play(state, "wild", "place:start")
    assert cell(state, 0, 0, 0).wild
    assert row(state, 0)["orbis.score.tiles"] == 0
    assert domain(state, 0) == {"yellow": 1}
    assert state.data["turn"] == 1
