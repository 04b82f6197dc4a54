"""Junior setup (rulebook "Mise en place"): pawns, neutral pawn, villages, decks, tokens."""

from __future__ import annotations

import pytest

from rules.base import InvalidOptions
from rules.origin import JUNIOR
from rules.origin.components import BOARD, PAWNS
from rules.origin.junior_data import (
    hunting_on_board,
    owner_at,
    straits_on_board,
    tile_stack,
    unused_hunting,
    villages_left,
)
from rules.registry import get


def test_registered_as_origin_junior() -> None:
    assert get("origin-junior") is JUNIOR


@pytest.mark.parametrize(("players", "pool"), [(2, 27), (3, 27), (4, 36)])
def test_pawn_pool_by_player_count(players: int, pool: int) -> None:
    state = JUNIOR.setup([f"p{i}" for i in range(players)], "seed")
    data = state.data
    assert sum(data["supply"].values()) + len(data["pawn_at"]) == pool
    assert [villages_left(data, i) for i in range(players)] == [9] * players
    assert data["cards"] == [[0, 0, 0]] * players


def test_two_to_four_players_only() -> None:
    with pytest.raises(InvalidOptions):
        JUNIOR.setup(["solo"], "seed")
    with pytest.raises(InvalidOptions):
        JUNIOR.setup(["a", "b", "c", "d", "e"], "seed")


def test_neutral_pawn_is_a_small_weak_pawn_on_origin_chosen_by_the_seed() -> None:
    seen = set()
    for n in range(30):
        data = JUNIOR.setup(["a", "b"], f"seed{n}").data
        assert list(data["pawn_at"]) == [BOARD.origin]
        assert owner_at(data) == {BOARD.origin: -1}
        seen.add(data["pawn_at"][BOARD.origin])
    assert seen == {"z1s1w", "z1s1b", "z1s1k"}
    assert JUNIOR.setup(["a", "b"], "same").data == JUNIOR.setup(["a", "b"], "same").data


def test_neutral_pawn_option_fixes_its_colour() -> None:
    for n in range(5):
        state = JUNIOR.setup(["a", "b"], f"s{n}", {"neutral_pawn": "black"})
        assert state.data["pawn_at"]["A1"] == "z1s1k"


def test_first_player_is_the_first_seat() -> None:
    state = JUNIOR.setup(["x", "y", "z"], "seed")
    assert JUNIOR.to_act(state) == {"x"}


def test_first_player_option_random() -> None:
    options = {"first_player": "random"}
    firsts = {
        next(iter(JUNIOR.to_act(JUNIOR.setup(["x", "y", "z"], f"s{n}", options))))
        for n in range(30)
    }
    assert firsts == {"x", "y", "z"}


def test_decks_tiles_and_tokens_are_laid_out() -> None:
    data = JUNIOR.setup(["a", "b", "c"], "seed").data
    assert data["decks"] == [14, 14, 14]
    assert tile_stack(data) == [f"IN{n:02d}" for n in range(1, 31)]
    assert set(hunting_on_board(data)) == set(BOARD.by_colour("green"))
    assert len(unused_hunting(data)) == 1
    assert set(straits_on_board(data)) == set(BOARD.straits)
    assert sorted(straits_on_board(data).values()) == [f"SR{n:02d}" for n in range(1, 12)]


def test_tokens_are_placed_at_random() -> None:
    layouts = {tuple(JUNIOR.setup(["a", "b"], f"s{n}").data["hunting"]) for n in range(10)}
    assert len(layouts) > 1


def test_four_players_have_two_copies_of_each_medium_pawn() -> None:
    data = JUNIOR.setup(["a", "b", "c", "d"], "seed").data
    for pawn in PAWNS.order:
        expected = 2 if PAWNS.pawns[pawn].size == 2 else 1
        on_map = list(data["pawn_at"].values()).count(pawn)
        assert data["supply"].get(pawn, 0) + on_map == expected


def test_first_moves_are_evolves_next_to_the_neutral_pawn() -> None:
    state = JUNIOR.setup(["a", "b"], "seed")
    assert [m.code for m in JUNIOR.legal_moves(state, "a")] == [
        "evolve:a3",
        "evolve:a4",
        "evolve:a5",
        "evolve:a7",
        "evolve:a8",
    ]
    assert JUNIOR.legal_moves(state, "b") == []
