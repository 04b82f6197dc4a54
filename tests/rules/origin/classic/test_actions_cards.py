"""Action cards (rulebook "Cartes Action": effect, then discard; R12): every card by name,
``back`` before the card commits, one Action card per turn, play before or after the action."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.origin.classic import CLASSIC
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS, Card
from tests.rules.origin.classic.helpers import (
    check,
    clear_hand,
    codes,
    give_cards,
    give_stacks,
    place,
    play,
    set_board,
    started,
    tile_of,
)


def test_journey_a01_gives_an_extra_migrate_with_its_reward() -> None:
    state = started()
    place(state, {"A9": ("z2s2b", 0)})
    give_cards(state, 0, ["A01"])
    state = play(state, "ana", "evolve:a7", "pawn:z1s1b", "reward:draw")
    for _ in range(2):
        state = play(state, "ana", next(c for c in codes(state, "ana") if c != "putback:a01"))
    assert "play:a01" in codes(state, "ana") and "end" in codes(state, "ana")
    state = play(state, "ana", "play:a01", "migrate:a9", "to:a5")
    assert state.data["discard"] == ["A01"] and state.data["played_now"] == ["A01"]
    assert state.data["frames"][-1] == {"kind": "reward", "colour": "orange"}
    assert state.data["last"]["card"] == "A01"
    check(state)


def test_growth_a03_gives_an_extra_evolve_with_its_reward() -> None:
    state = started()
    give_cards(state, 0, ["A03"])
    state = play(state, "ana", "play:a03", "evolve:a3", "pawn:z1s1k")
    assert state.data["frames"][-1]["kind"] == "reward"
    assert state.data["acted"] is False  # the turn's own action is still due
    state = play(state, "ana", "reward:any", codes(play(state, "ana", "reward:any"), "ana")[0])
    assert any(c.startswith("evolve:") for c in codes(state, "ana"))
    assert "end" not in codes(state, "ana")


def test_back_returns_an_uncommitted_card_to_the_hand() -> None:
    state = started()
    give_cards(state, 0, ["A03"])
    played = play(state, "ana", "play:a03", "evolve:a3")
    assert "A03" not in played.data["hands"][0]["action"]
    back = play(played, "ana", "back", "back")
    assert "A03" in back.data["hands"][0]["action"] and back.data["frames"] == []
    assert back.data["played"]["action"] == 0
    check(back)


def test_one_action_card_per_turn() -> None:
    state = started()
    give_cards(state, 0, ["A09", "A10"])
    state = play(state, "ana", "play:a09", "deck:action", "deck:permanent")
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", "play:a10")
    assert err.value.key == "origin.classic.illegal.card_limit"


def test_theft_a05_takes_a_random_card_from_an_opponent() -> None:
    state = started()
    clear_hand(state, 2)
    give_cards(state, 0, ["A05"])
    assert "from:p3" not in codes(play(state, "ana", "play:a05"), "ana")
    before = sum(len(v) for v in state.data["hands"][1].values())
    state = play(state, "ana", "play:a05", "from:p2")
    assert sum(len(v) for v in state.data["hands"][1].values()) == before - 1
    assert state.data["discard"] == ["A05"]
    check(state)


def test_raid_a06_takes_a_strait_token() -> None:
    state = started()
    place(state, {"A2": ("z2s2w", 1), "E1": ("z2s2b", 1)})
    give_cards(state, 0, ["A06"])
    token = state.data["straits_of"][1][0][0]
    state = play(state, "ana", "play:a06", f"token:{token.lower()}")
    assert state.data["straits_of"][0] == [[token, "ST01"]] and state.data["straits_of"][1] == []
    check(state)


def test_plunder_a07_takes_a_free_tile_and_stacks_it() -> None:
    state = started()
    give_stacks(state, 1, [[1, 2]])
    give_stacks(state, 0, [[1]])
    give_cards(state, 0, ["A07"])
    top = state.data["stacks"][1][0][-1]
    assert codes(play(state, "ana", "play:a07"), "ana") == [f"tile:{top.lower()}", "back"]
    state = play(state, "ana", "play:a07", f"tile:{top.lower()}")
    assert [tl.level(t) for t in state.data["stacks"][0][0]] == [1, 2]
    assert [len(s) for s in state.data["stacks"][1]] == [1]
    check(state)


def test_plunder_a07_sends_an_unstackable_tile_to_the_reserve() -> None:
    state = started()
    give_stacks(state, 1, [[1, 2, 3]])
    give_cards(state, 0, ["A07"])
    top = state.data["stacks"][1][0][-1]
    state = play(state, "ana", "play:a07", f"tile:{top.lower()}")
    assert state.data["stacks"][0] == [] and top in state.data["reserve"]
    check(state)


def test_insight_a08_takes_any_board_tile() -> None:
    state = started()
    set_board(state, "brown", [tile_of(1), tile_of(3), None, None, None, None])
    give_cards(state, 0, ["A08"])
    moves = codes(play(state, "ana", "play:a08"), "ana")
    assert f"tile:{tile_of(1).lower()}" in moves and f"tile:{tile_of(3).lower()}" not in moves
    state = play(state, "ana", "play:a08", f"tile:{tile_of(1).lower()}")
    assert state.data["stacks"][0] == [[tile_of(1)]]
    check(state)


def test_gathering_a09_draws_two_cards_from_any_decks() -> None:
    state = started()
    clear_hand(state, 0)
    give_cards(state, 0, ["A09"])
    state = play(state, "ana", "play:a09", "deck:permanent")
    assert "back" not in codes(state, "ana")  # committed by the first draw
    state = play(state, "ana", "deck:objective")
    hand = state.data["hands"][0]
    assert len(hand["permanent"]) == 1 and len(hand["objective"]) == 1
    check(state)


def test_gathering_respects_the_objective_hand_limit() -> None:
    state = started()
    clear_hand(state, 0)
    deck = state.data["decks"]["objective"]
    give_cards(state, 0, [deck[0], deck[1], "A09"])
    state = play(state, "ana", "play:a09", "deck:objective", "deck:objective")
    assert all(c.startswith("discard:") for c in codes(state, "ana"))
    state = play(state, "ana", codes(state, "ana")[0])
    state = play(state, "ana", codes(state, "ana")[0])
    assert len(state.data["hands"][0]["objective"]) == 2
    check(state)


def test_ambush_a11_swaps_whatever_the_strength() -> None:
    state = started()
    place(state, {"A9": ("z2s1w", 0), "A7": ("z1s3k", 1)})
    give_cards(state, 0, ["A11"])
    assert "swap:a9" not in codes(state, "ana")
    state = play(state, "ana", "play:a11", "swap:a9", "to:a7")
    assert state.data["owner_at"]["A7"] == 0 and state.data["owner_at"]["A9"] == 1
    assert state.data["frames"][-1] == {"kind": "reward", "colour": "yellow"}


def test_exodus_a12_moves_three_territories_without_board_reward() -> None:
    state = started()
    place(state, {"A9": ("z1s2b", 0)})
    give_cards(state, 0, ["A12"])
    state = play(state, "ana", "play:a12", "migrate:a9")
    assert "to:a4" in codes(state, "ana")  # A9-A8-A1-A4, three steps for a size-1 pawn
    state = play(state, "ana", "to:a4")
    assert state.data["frames"] == []  # no reward-board reward
    green = play(started(), "ana")
    place(green, {"A9": ("z1s2b", 0)})
    give_cards(green, 0, ["A12"])
    green = play(green, "ana", "play:a12", "migrate:a9", "to:a8")
    assert green.data["hunting_of"][0][0][1] == "A8"  # tokens as usual


def test_renewal_a13_renews_a_column_then_takes_one_tile() -> None:
    state = started()
    set_board(state, "orange", [tile_of(3), tile_of(4), tile_of(5)])
    give_cards(state, 0, ["A13"])
    old = list(state.data["board"]["orange"])
    state = play(state, "ana", "play:a13", "column:orange")
    assert state.data["board"]["orange"] != old
    assert all(t is not None for t in state.data["board"]["orange"])
    if state.data["frames"]:
        assert state.data["frames"][-1]["columns"] == ["orange"]
    check(state)


def test_adaptation_a14_evolves_with_two_different_features() -> None:
    state = started()
    give_cards(state, 0, ["A14"])
    state = play(state, "ana", "play:a14", "evolve:a7")
    assert {"pawn:z2s1b", "pawn:z1s2k", "pawn:z2s2w"} <= set(codes(state, "ana"))
    state = play(state, "ana", "pawn:z2s1b")
    assert state.data["pawn_at"]["A7"] == "z2s1b" and state.data["discard"] == ["A14"]


def test_a_card_may_be_played_before_the_action() -> None:
    state = started()
    give_cards(state, 0, ["A09"])
    state = play(state, "ana", "play:a09", "deck:action", "deck:action")
    assert any(c.startswith("evolve:") for c in codes(state, "ana"))
    assert "end" not in codes(state, "ana")


def test_adaptation_a14_needs_two_different_features_not_one() -> None:
    """The card's pawn differs from the reference in two features (components 3.7 A14):
    an identical pawn or a one-feature evolution is the ordinary Evolve, not this card."""
    state = started()
    give_cards(state, 0, ["A14"])
    state = play(state, "ana", "play:a14", "evolve:a7")
    offered = set(codes(state, "ana"))
    # The neutral pawn z1s1w is the only reference next to A7.
    for one_feature in ("pawn:z1s1b", "pawn:z1s2w", "pawn:z2s1w"):
        assert one_feature not in offered
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", "pawn:z1s1b")
    assert err.value.key == "origin.classic.illegal.adapt_two_features"


def test_exodus_reach_comes_from_the_card_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine implements the kind ``free_move``; its ``steps`` come from cards.json."""
    shorter = Card("A12", "action", "free_move", {"steps": 2})
    monkeypatch.setitem(CARDS, "A12", shorter)
    state = started()
    place(state, {"A9": ("z1s2b", 0)})
    give_cards(state, 0, ["A12"])
    state = play(state, "ana", "play:a12", "migrate:a9")
    offered = set(codes(state, "ana"))
    assert "to:a6" in offered  # A9-A7-A6, two steps
    assert "to:a4" not in offered  # three steps: beyond this card's reach


def test_an_opponent_is_named_by_seat_never_by_a_number() -> None:
    """``Take a random card from Bob``: the label carries the seat id, which every front
    end shows as the display name (``player`` is a seat parameter)."""
    from rules.base import Text
    from rules.i18n import translate, with_names

    state = started()
    give_cards(state, 0, ["A05"])
    state = play(state, "ana", "play:a05")
    moves = {m.code: m for m in CLASSIC.legal_moves(state, "ana")}
    label = moves["from:p2"].label
    assert label.params["player"] == state.seats[1]
    named = with_names(label, {state.seats[1]: "Bob"})
    assert translate(named, "en") == "Take a random card from Bob"
    assert translate(named, "fr") == "Prendre une carte au hasard à Bob"
    applied = CLASSIC.play(state, "ana", "from:p2")
    assert applied.label == label and isinstance(applied.label, Text)
