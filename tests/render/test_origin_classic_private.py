"""The Classic picture never needs, nor shows, what a seat holds in hand."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from render.origin_classic import draw
from rules.registry import get
from tests.render.classic_games import PHASES, play, seat_view


class NoPrivatePart(dict[str, Any]):
    """A view that fails the test if anything reads its ``me`` entry."""

    def __getitem__(self, key: str) -> Any:
        assert key != "me", "the renderer read the private part of a view"
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        assert key != "me", "the renderer read the private part of a view"
        return super().get(key, default)

    def items(self) -> Any:
        raise AssertionError("the renderer walked the whole view")

    def values(self) -> Any:
        raise AssertionError("the renderer walked the whole view")

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("the renderer walked the whole view")


def test_a_seats_private_part_is_never_read() -> None:
    state = play(3, 21, until=PHASES["mid"])
    own = seat_view(state, "s2")
    assert own["me"] and own["me"]["hand"], "a seat's own view carries its hand"
    guarded = NoPrivatePart(own)
    assert draw(guarded) == draw(get("origin").view(state, None))


def test_set_up_choice_is_never_shown() -> None:
    """At set-up the dealt objectives are secret: a seat's view draws like the public one."""
    state = play(4, 3, until=PHASES["setup"])
    own = seat_view(state, "s4")
    assert own["me"]["dealt"], "s4 is still choosing among its dealt objectives"
    assert draw(own, lang="fr") == draw(get("origin").view(state, None), lang="fr")


def test_different_hands_with_the_same_counts_give_the_same_picture() -> None:
    game = get("origin")
    state = play(3, 8, until=PHASES["mid"])
    other = copy.deepcopy(state)
    data = other.data
    # Swap one card of s1's hand with the top card of the same deck.
    deck = next(d for d in ("action", "permanent", "objective") if data["hands"][0][d])
    assert data["decks"][deck], "the chosen game should still have cards in that deck"
    hand, pile = data["hands"][0][deck], data["decks"][deck]
    hand[0], pile[-1] = pile[-1], hand[0]
    assert seat_view(state, "s1")["me"] != seat_view(other, "s1")["me"]
    public_a, public_b = game.view(state, None), game.view(other, None)
    assert public_a == public_b
    for lang in ("en", "fr"):
        assert draw(public_a, lang=lang) == draw(public_b, lang=lang)
