"""End of the game, scores, Temple tokens and ties (rulebook "Fin de partie"; O7, O12)."""

from __future__ import annotations

import random

from rules.base import State
from rules.orbis import ORBIS
from tests.rules.orbis.helpers import SEATS, build, game, row, set_domain


def tokens(state: State) -> list[int]:
    return [row(state, i)["orbis.score.temple"] for i in range(len(state.seats))]


def test_temple_tokens_by_temple_icons_ties_to_the_highest_mystic_value() -> None:
    state = game()
    build(state, 0, {(0, 0): "L3-21"})  # 2 icons, mystic 2
    build(state, 1, {(0, 0): "L2-18"})  # 1 icon, mystic 5
    build(state, 2, {(0, 0): "L2-17"})  # 1 icon, mystic 1
    assert tokens(state) == [11, 7, 4, 0]  # dee has no Temple: no token


def test_the_mystic_tie_break_looks_at_every_white_tile() -> None:
    """O7: "la tuile blanche avec la valeur mystique la plus élevée", Temple or not."""
    state = game()
    build(state, 1, {(0, 0): "L2-18"})  # mystic 5
    build(state, 2, {(0, 0): "L2-17", (0, 1): "L1-20"})  # mystic 1, and a white Stone: 13
    assert tokens(state) == [0, 7, 11, 0]


def test_a_wasteland_shows_no_mystic_value() -> None:
    state = game()
    build(state, 1, {(0, 0): "L2-18"})
    build(state, 2, {(0, 0): "L2-17", (0, 1): "L1-20~"})
    assert tokens(state) == [0, 11, 7, 0]


def test_temple_count_option_tiles_counts_a_two_icon_tile_once() -> None:
    state = ORBIS.setup(SEATS, "t", {"temple_count": "tiles"})
    build(state, 0, {(0, 0): "L3-21"})  # 2 icons, mystic 2
    build(state, 1, {(0, 0): "L2-18"})  # 1 icon, mystic 5
    assert tokens(state) == [7, 11, 0, 0]
    state.options["temple_count"] = "icons"
    assert tokens(state) == [11, 7, 0, 0]


def test_three_players_use_9_4_2_and_two_players_7_2() -> None:
    state = game(players=3)
    for player, tile in ((0, "L2-17"), (1, "L2-18"), (2, "L3-22")):
        build(state, player, {(0, 0): tile})
    assert sorted(tokens(state)) == [2, 4, 9]
    state = game(players=2)
    build(state, 0, {(0, 0): "L2-17"})
    assert tokens(state) == [7, 0]


def test_score_parts_and_the_wasteland_penalty() -> None:
    state = game()
    build(state, 0, {(0, 0): "L1-14", (0, 1): "L2-03+", (0, 2): "L2-09-", (0, 3): "L1-09~"})
    assert row(state, 0) == {
        "orbis.score.tiles": 1 + 3,
        "orbis.score.god": 0,
        "orbis.score.temple": 0,
        "orbis.score.wastes": -1,
    }


def test_ties_go_to_the_most_cubes_left_then_are_shared() -> None:
    state = game()
    for player, tile in enumerate(["L1-14", "L1-18", "L1-08", "L1-12"]):  # 1 PC each
        build(state, player, {(0, 0): tile})
    set_domain(state, 0, red=3)
    set_domain(state, 1, red=5)
    set_domain(state, 2, blue=5)
    state.data["over"] = "normal"
    outcome = ORBIS.outcome(state)
    assert outcome is not None
    assert outcome.ranking == (("ben", "cy"), ("ana",), ("dee",))
    assert outcome.scores == {"ana": 1, "ben": 1, "cy": 1, "dee": 1}


def test_a_whole_game_is_fifteen_turns_each_fourteen_tiles_and_a_god() -> None:
    for players in (2, 3, 4):
        chooser = random.Random(players)
        state = ORBIS.setup(SEATS[:players], f"whole-{players}")
        while ORBIS.outcome(state) is None:
            seat = next(iter(ORBIS.to_act(state)))
            moves = [m for m in ORBIS.legal_moves(state, seat) if m.code != "back"]
            state = ORBIS.apply(state, seat, chooser.choice(moves).code)
        data = state.data
        assert all(b["turns"] == 15 and b["god"] for b in data["boards"])
        assert all(sum(1 for e in b["pyramid"] if e) == 14 for b in data["boards"])
        assert all(sum(b["domain"]) <= 10 for b in data["boards"])
        assert sum(len(p) for p in data["piles"].values()) == 0
        assert None not in data["display"]
        outcome = ORBIS.outcome(state)
        assert outcome is not None and outcome.termination.key == "orbis.end.normal"
        assert ORBIS.scores(state).final
