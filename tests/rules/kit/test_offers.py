"""rules.kit.offers: moves offered at every step, merged and routed by prefix."""

from __future__ import annotations

import pytest

from rules.base import Move, State, Text
from rules.kit.offers import Offer, Offers
from tests.rules.kit.helpers import bare_state


def _cards(state: State, player: int) -> list[Move]:
    return [Move(f"play:{c}", Text("play"), "play") for c in state.data["hands"][player]]


def _play(state: State, player: int, arg: str) -> None:
    state.data["hands"][player].remove(arg)
    state.data["played"].append(arg)


def _trades(state: State, player: int) -> list[Move]:
    return [Move("trade:wood", Text("trade"), "trade")]


def _trade(state: State, player: int, arg: str) -> None:
    state.data["traded"].append((player, arg))


OFFERS = Offers(Offer("play", _cards, _play), Offer("trade", _trades, _trade, inside_frames=True))


def state() -> State:
    return bare_state(2, hands=[["a1", "b2"], []], played=[], traded=[])


def test_offers_between_decisions_and_inside_frames() -> None:
    s = state()
    assert [m.code for m in OFFERS.moves(s, 0)] == ["play:a1", "play:b2", "trade:wood"]
    assert [m.code for m in OFFERS.moves(s, 0, pending=True)] == ["trade:wood"]
    assert [m.code for m in OFFERS.moves(s, 1)] == ["trade:wood"]


def test_merge_keeps_the_frame_moves_first_without_duplicates() -> None:
    own = [Move("to:a1", Text("to"), "to"), Move("trade:wood", Text("t"), "trade")]
    merged = OFFERS.merge(state(), 0, own, pending=True)
    assert [m.code for m in merged] == ["to:a1", "trade:wood"]


def test_route_applies_an_offered_code_and_leaves_the_rest() -> None:
    s = state()
    assert OFFERS.route(s, 0, "play:b2")
    assert s.data["hands"][0] == ["a1"] and s.data["played"] == ["b2"]
    assert OFFERS.route(s, 1, "trade:wood") and s.data["traded"] == [(1, "wood")]
    assert not OFFERS.route(s, 0, "player:x") and not OFFERS.route(s, 0, "end")


def test_two_offers_cannot_own_one_prefix() -> None:
    with pytest.raises(ValueError):
        Offers(Offer("play", _cards, _play), Offer("play", _trades, _trade))
