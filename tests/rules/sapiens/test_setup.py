"""Set-up by player count (rulebook "Mise en place")."""

from __future__ import annotations

import pytest

from rules.sapiens import SAPIENS
from rules.sapiens.board import valley_of
from rules.sapiens.components import SCENE_IDS
from tests.rules.sapiens.helpers import SEATS, new_game


@pytest.mark.parametrize(("players", "removed", "pile"), [(2, 12, 38), (3, 18, 28), (4, 6, 36)])
def test_setup_by_player_count(players: int, removed: int, pile: int) -> None:
    state = new_game(players)
    data = state.data
    assert len(data["removed"]) == removed
    assert len(data["pile"]) == pile
    assert len(data["common"]) == 5
    lefts = set()
    rights = set()
    for player in data["players"]:
        assert len(player["pool"]) == 4
        left, right = player["faces"]
        assert left.startswith("VL") and right.startswith("VR")
        lefts.add(left[:3])
        rights.add(right[:3])
        board = valley_of(player)
        assert sorted(player["spots"]) == sorted(board.spots)
        assert sorted(player["spots"].values()) == sorted(SCENE_IDS)
        assert player["baston_home"] == 3
        assert (player["food"], player["shelter"], player["steaks"]) == (0, 0, 0)
        assert player["laid"] == [] and player["held"] == []
    assert len(lefts) == players and len(rights) == players  # each board used once
    assert data["phase"] == "start"
    assert data["steaks"] == 18 and data["bears"] == 18
    SAPIENS.check_game_invariants(state)


def test_first_player_is_random_and_starts() -> None:
    firsts = {new_game(4, f"seed-{n}").data["first"] for n in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = new_game(4, "seed-1")
    assert SAPIENS.to_act(state) == {SEATS[state.data["first"]]}


def test_faces_vary_between_games() -> None:
    faces = {tuple(new_game(2, f"f{n}").data["players"][0]["faces"]) for n in range(40)}
    assert len(faces) > 10


def test_public_view_hides_the_pile_and_removed_tiles() -> None:
    state = new_game(3)
    view = SAPIENS.view(state, None)
    assert view["pile"] == 28 and view["removed"] == 18
    text = repr(view)
    for tile in state.data["pile"] + state.data["removed"]:
        assert tile not in text
