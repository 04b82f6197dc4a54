"""rules.kit.decks: seeded shuffles, draws with an emptied hook, bags, dice, displays."""

from __future__ import annotations

import pytest

from rules import rng
from rules.kit import decks
from tests.rules.kit.helpers import bare_state


def test_shuffle_is_seeded_and_uses_the_state_generator() -> None:
    a, b = bare_state(seed="x"), bare_state(seed="x")
    pile = list(range(10))
    decks.shuffle(a, pile)
    same = list(range(10))
    rng.shuffle(b, same)
    assert pile == same and a.rng == b.rng == 9
    assert decks.shuffled(bare_state(seed="x"), range(10)) == pile
    assert decks.shuffled(bare_state(seed="y"), range(10)) != pile


def test_draw_takes_from_the_top_and_notices_the_last_card() -> None:
    emptied: list[bool] = []
    pile = ["c1", "c2", "c3"]
    assert decks.draw(pile, 2, on_empty=lambda: emptied.append(True)) == ["c3", "c2"]
    assert not emptied
    hand: list[str] = []
    assert decks.draw_into(pile, hand, 3, on_empty=lambda: emptied.append(True)) == 1
    assert hand == ["c1"] and emptied == [True]
    assert decks.draw(pile, 1, on_empty=lambda: emptied.append(True)) == []
    assert emptied == [True]  # an empty pile is not emptied again


def test_put_under_goes_to_the_bottom() -> None:
    pile = ["a", "b"]
    decks.put_under(pile, "z")
    assert decks.draw(pile, 3) == ["b", "a", "z"]


def test_bag_and_dice_draw_with_the_seeded_generator() -> None:
    state = bare_state(seed="bag")
    bag = ["t1", "t2", "t3"]
    got = [decks.draw_from_bag(state, bag) for _ in range(3)]
    assert sorted(got) == ["t1", "t2", "t3"] and state.rng >= 3
    with pytest.raises(ValueError):
        decks.draw_from_bag(state, bag)
    rolls = {decks.roll(state, 6) for _ in range(200)}
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_refill_fills_empty_slots_first_first_while_the_pile_lasts() -> None:
    emptied: list[bool] = []
    slots: list[str | None] = ["a", None, None, "d", None]
    pile = ["x", "y"]
    assert decks.refill(slots, pile, on_empty=lambda: emptied.append(True)) == 2
    assert slots == ["a", "y", "x", "d", None] and emptied == [True]
