"""Refused moves get a specific, translated reason (explain_illegal) and change nothing."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, InvalidMove, to_json
from rules.i18n import has_key, translate
from rules.origin.classic import CLASSIC
from tests.rules.origin.classic.helpers import give_cards, place, play, started


def refuse(state, seat: str, code: str) -> IllegalMove:  # type: ignore[no-untyped-def]
    before = to_json(state)
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, seat, code)
    assert to_json(state) == before
    assert has_key(err.value.key), err.value.key
    assert translate(err.value.key, "fr", **err.value.params) != err.value.key
    return err.value


@pytest.mark.parametrize(
    ("setup_moves", "code", "key"),
    [
        ((), "end", "origin.classic.illegal.act_first"),
        ((), "tile:in01", "origin.classic.illegal.nothing_pending"),
        ((), "evolve:e5", "origin.illegal.not_adjacent"),
        ((), "migrate:a1", "origin.illegal.neutral_not_yours"),
        ((), "play:p14", "origin.classic.illegal.not_in_hand"),
        (("evolve:a7",), "to:a3", "origin.illegal.expect_pawn"),
        (("evolve:a7",), "pawn:z3s3k", "origin.illegal.pawn_size_jump"),
        (("evolve:a7",), "play:a01", "origin.classic.illegal.finish_step"),
        (("evolve:a7", "pawn:z1s1b"), "back", "origin.classic.illegal.cannot_go_back"),
        (("evolve:a7", "pawn:z1s1b"), "evolve:a3", "origin.classic.illegal.finish_step"),
        (
            ("evolve:a7", "pawn:z1s1b", "reward:draw"),
            "putback:ob20",
            "origin.classic.illegal.not_in_hand",
        ),
        (
            ("evolve:a3", "pawn:z1s1b", "reward:any", "tile:in01"),
            "evolve:a4",
            "origin.classic.illegal.already_acted",
        ),
    ],
)
def test_specific_reasons(setup_moves: tuple[str, ...], code: str, key: str) -> None:
    state = started()
    if key == "origin.classic.illegal.already_acted":
        give_cards(state, 0, ["A09"])  # a card to play keeps the turn open after the action
    state = play(state, "ana", *setup_moves)
    if code == "evolve:a4" and state.data["frames"]:
        pytest.skip("tile in01 not offered in this layout")
    assert refuse(state, "ana", code).key == key


def test_not_your_turn_and_unknown_text() -> None:
    state = started()
    assert refuse(state, "ben", "evolve:a7").key == "move.not_your_turn"
    with pytest.raises(InvalidMove):
        CLASSIC.apply(state, "ana", "fly:away")


def test_swap_reasons_name_the_rule() -> None:
    state = started()
    place(state, {"A9": ("z2s1w", 0), "A7": ("z1s2k", 1), "A8": ("z2s3b", 0)})
    assert refuse(state, "ana", "swap:a9").key == "origin.illegal.no_swap_target"
    state = play(state, "ana", "swap:a8")
    assert refuse(state, "ana", "to:a9").key == "origin.illegal.swap_own"


def test_card_reasons() -> None:
    state = started()
    give_cards(state, 0, ["P05", "A06"])
    assert refuse(state, "ana", "play:p05").key == "origin.classic.illegal.needs_level"
    assert refuse(state, "ana", "play:a06").key == "origin.classic.illegal.card_no_effect"


def test_reward_reasons() -> None:
    state = play(started(), "ana", "evolve:a3", "pawn:z1s1b")
    assert refuse(state, "ana", "reward:draw").key == "origin.classic.illegal.not_this_colour"
    yellow = play(started(), "ana", "evolve:a7", "pawn:z1s1b")
    if "reward:tile" in [m.code for m in CLASSIC.legal_moves(yellow, "ana")]:
        assert refuse(yellow, "ana", "reward:card").key == "origin.classic.illegal.take_the_tile"


def all_codes() -> list[str]:
    from rules.origin.classic.cards import CARDS
    from rules.origin.components import BOARD

    out = [f"{k}:{t.lower()}" for k in ("evolve", "migrate", "swap", "to") for t in BOARD.order]
    out += [f"pawn:z{a}s{b}{c}" for a in (1, 2, 3) for b in (1, 2, 3) for c in "wbk"]
    out += [f"{k}:{c.lower()}" for k in ("play", "keep", "putback", "discard") for c in CARDS]
    out += [f"tile:in{n:02d}" for n in range(1, 31)] + [f"token:sr{n:02d}" for n in range(1, 12)]
    out += [f"reward:{x}" for x in ("tile", "card", "draw", "brown", "any")]
    out += [f"from:p{n}" for n in range(1, 5)] + ["back", "end", "pass"]
    out += [f"deck:{d}" for d in ("action", "permanent", "objective")]
    return out + [f"column:{c}" for c in ("yellow", "orange", "violet")]


def test_every_refusal_in_random_games_has_a_specific_translated_reason() -> None:
    import random

    codes_ = all_codes()
    chooser = random.Random(11)
    for game in range(4):
        state = CLASSIC.setup(["a", "b", "c"][: 2 + game % 2], f"explain-{game}")
        while CLASSIC.outcome(state) is None:
            seat = sorted(CLASSIC.to_act(state))[0]
            legal = {m.code for m in CLASSIC.legal_moves(state, seat)}
            for code in chooser.sample(codes_, 6):
                assert CLASSIC.is_well_formed(code), code
                if code in legal:
                    continue
                error = CLASSIC.explain_illegal(state, seat, code)
                assert error.key != "move.not_legal", code
                assert has_key(error.key), error.key
            moves = [c for c in legal if c != "back"]
            state = CLASSIC.apply(state, seat, chooser.choice(sorted(moves)))
