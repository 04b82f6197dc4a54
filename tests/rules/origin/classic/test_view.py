"""The Classic views (docs/contributors/origin-view.md, "Classic"): shape, public facts,
hidden hands (R18)."""

from __future__ import annotations

import json
import random

from rules.origin.classic import CLASSIC
from rules.origin.classic.cards import CARDS
from tests.rules.origin.classic.helpers import SEATS3, give_cards, give_stacks, play, started


def test_public_view_shape() -> None:
    state = started()
    give_stacks(state, 1, [[1, 2], [1]])
    view = CLASSIC.view(state, None)
    json.dumps(view)
    assert view["game"] == "origin" and view["me"] is None
    assert {c: len(v) for c, v in view["reward_board"].items()} == {
        "yellow": 3,
        "orange": 3,
        "violet": 3,
        "brown": 6,
    }
    slot = view["reward_board"]["yellow"][0]
    assert set(slot) == {"id", "level"}
    assert view["reserve"] == len(state.data["reserve"])
    assert view["decks"] == {
        d: len(state.data["decks"][d]) for d in ("action", "permanent", "objective")
    }
    ben = view["players"]["ben"]
    assert ben["tiles"] == [[1, 2], [1]]
    assert set(ben["hand"]) == {"action", "permanent", "objective"}
    assert ben["permanents"] == [] and ben["objectives_done"] == []
    assert view["pending"] is None and view["to_act"] == ["ana"]


def test_pending_and_last_move_in_the_view() -> None:
    state = started()
    state = play(state, "ana", "evolve:a7")
    assert CLASSIC.view(state, None)["pending"]["kind"] == "act"
    state = play(state, "ana", "pawn:z1s1b")
    view = CLASSIC.view(state, None)
    assert view["pending"] == {
        "seat": "ana",
        "kind": "reward",
        "action": None,
        "at": None,
        "card": None,
        "colour": "yellow",
    }
    assert view["last_move"]["to"] == "A7" and view["last_move"]["action"] == "evolve"
    assert "seat_index" not in view["last_move"]


def test_a_seat_sees_its_own_cards_with_texts_in_both_languages() -> None:
    state = started()
    give_cards(state, 0, ["P08"])
    mine = CLASSIC.view(state, "ana")["me"]
    power = next(c for c in mine["hand"]["permanent"] if c["id"] == "P08")
    assert power["level"] == 3 and power["en"]["title"] == "POWER"
    assert power["fr"]["text"] and power["en"]["text"] != power["fr"]["text"]


def _card_ids(value: object) -> set[str]:
    text = json.dumps(value)
    return {c for c in CARDS if f'"{c}"' in text}


def test_hands_and_dealt_objectives_never_leak() -> None:
    state = CLASSIC.setup(SEATS3, "secret")
    for seat in (None, "ben", "cy"):
        seen = _card_ids(CLASSIC.view(state, seat))
        assert not seen & set(state.data["dealt"][0])
    chooser = random.Random(3)
    for _ in range(120):
        if CLASSIC.outcome(state) is not None:
            break
        seat = sorted(CLASSIC.to_act(state))[0]
        moves = [m for m in CLASSIC.legal_moves(state, seat) if m.code != "back"]
        state = CLASSIC.apply(state, seat, chooser.choice(moves).code)
        data = state.data
        public = _card_ids(CLASSIC.view(state, None))
        views = {seat: CLASSIC.view(state, seat) for seat in state.seats}
        seen = {seat: _card_ids(view) for seat, view in views.items()}
        for i, owner in enumerate(state.seats):
            hand = {c for d in data["hands"][i].values() for c in d} | set(data["dealt"][i])
            assert not public & hand
            for other in state.seats:
                if other != owner:
                    assert not seen[other] & hand
            assert hand <= _card_ids(views[owner]["me"])


def test_scores_are_public_and_the_legend_category_is_listed() -> None:
    state = started()
    sheet = CLASSIC.scores(state)
    assert "origin.classic.score.legend" in sheet.categories
    assert not sheet.hidden and not sheet.final
