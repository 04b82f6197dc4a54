"""Classic set-up (rulebook "Mise en place"): decks, objective choice, reward board, tokens."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import rng
from rules.base import IllegalMove, State
from rules.origin.classic import CLASSIC
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import COLUMNS, DECK_CARDS
from rules.origin.components import BOARD, PAWNS, TILES, TOKENS
from tests.rules.origin.classic.helpers import SEATS3, check, codes, started


def test_setup_deals_three_private_objectives_to_every_seat() -> None:
    state = CLASSIC.setup(SEATS3, "deal")
    data = state.data
    assert [len(d) for d in data["dealt"]] == [3, 3, 3]
    assert len(data["decks"]["objective"]) == 20 - 9
    assert len(data["decks"]["action"]) == 14 and len(data["decks"]["permanent"]) == 14
    assert data["decks"]["action"] != list(DECK_CARDS["action"])  # shuffled
    check(state)


def test_all_seats_choose_their_objective_at_the_same_time() -> None:
    state = CLASSIC.setup(SEATS3, "choose")
    assert CLASSIC.to_act(state) == frozenset(SEATS3)
    kept = sorted(state.data["dealt"][1])[2]
    state = CLASSIC.apply(state, "ben", f"keep:{kept.lower()}")
    assert CLASSIC.to_act(state) == frozenset({"ana", "cy"})
    assert state.data["hands"][1]["objective"] == [kept]
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ben", "keep:ob01")
    assert err.value.key == "move.not_your_turn"
    for i, seat in ((0, "ana"), (2, "cy")):
        state = CLASSIC.apply(state, seat, f"keep:{state.data['dealt'][i][0].lower()}")
    assert state.data["phase"] == "play"
    assert CLASSIC.to_act(state) == frozenset({"ana"})
    assert len(state.data["decks"]["objective"]) == 17  # the six others went back
    check(state)


def test_keep_only_a_dealt_card() -> None:
    state = CLASSIC.setup(SEATS3, "choose")
    other = next(c for c in state.data["dealt"][1] if c not in state.data["dealt"][0])
    with pytest.raises(IllegalMove) as err:
        CLASSIC.apply(state, "ana", f"keep:{other.lower()}")
    assert err.value.key == "origin.classic.illegal.not_dealt"


def test_reward_board_holds_fifteen_tiles_with_three_level_one_at_least() -> None:
    for seed in range(40):
        state = CLASSIC.setup(SEATS3, f"board-{seed}")
        board = state.data["board"]
        assert [len(board[c]) for c in COLUMNS] == [3, 3, 3, 6]
        face_up = tl.board_tiles(state.data, COLUMNS)
        assert len(face_up) == 15 and len(state.data["reserve"]) == 15
        assert sum(1 for t in face_up if TILES.level(t) == 1) >= 3


def test_reward_board_is_dealt_again_when_fewer_than_three_level_one() -> None:
    tiles = [t.id for t in TILES.tiles]
    for seed in range(500):
        probe = State("origin", 1, ["a"], f"redeal-{seed}", {}, {})
        first = list(tiles)
        rng.shuffle(probe, first)
        if sum(1 for t in first[:15] if TILES.level(t) == 1) < 3:
            break
    else:
        pytest.fail("no seed gives a first deal with fewer than three level-1 tiles")
    fresh = State("origin", 1, ["a"], f"redeal-{seed}", {}, {})
    board, _ = tl.deal_board(fresh)
    assert fresh.rng > probe.rng  # a second shuffle happened
    face_up = [t for c in COLUMNS for t in board[c] if t is not None]
    assert sum(1 for t in face_up if TILES.level(t) == 1) >= 3


def test_tokens_lie_face_up_and_the_pawn_pool_depends_on_player_count() -> None:
    state = started()
    view = CLASSIC.view(state, None)
    assert all(h["value"] is not None for h in view["hunting"].values())
    assert all(s["value"] is not None for s in view["straits"].values())
    assert len(state.data["hunting"]) == len(BOARD.by_colour("green"))
    assert sorted(state.data["hunting"].values()) + state.data["hunting_unused"] != []
    assert sum(state.data["supply"].values()) == 27 - 1
    four = CLASSIC.setup(["a", "b", "c", "d"], "four")
    assert sum(four.data["supply"].values()) == 36 - 1
    neutral = state.data["pawn_at"][BOARD.origin]
    assert neutral in PAWNS.neutral_candidates.values()
    assert len(TOKENS.hunting) == 6


def test_first_move_after_the_choice_is_an_action_or_a_card() -> None:
    state = started()
    moves = codes(state, "ana")
    assert "evolve:a3" in moves and "end" not in moves
    assert Counter(m.split(":")[0] for m in moves)["evolve"] == 5
