"""Set-up by player count and the starting placements (rulebook "Préparation", T16)."""

from __future__ import annotations

import pytest

from rules.tribes import TRIBES_GAME as GAME
from rules.tribes.components import MAPS
from tests.rules.tribes.helpers import codes, members, new_state, play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_by_player_count(players: int) -> None:
    state = GAME.setup([f"p{i}" for i in range(players)], "seed")
    data = state.data
    assert len(data["hexes"]) == 3 * (players + 1)
    terrains = [t for t in data["hexes"].values()]
    assert all(terrains.count(t) == players + 1 for t in ("lake", "forest", "mountain"))
    assert len({p["tribe"] for p in data["players"]}) == players
    assert all(p["supply"] == 20 and sum(p["resources"].values()) == 0 for p in data["players"])
    assert data["board"] == ["sun", "moon", "blank"] * 4  # grow, travel, gather, lead
    assert len(data["pushed"]) == 2 and data["hand"] == []
    assert data["village_aside"] and data["village_supply"] == 11
    assert GAME.view(state, None)["step"] == "place"


def test_terrain_is_laid_at_random_and_the_reference_map_is_fixed() -> None:
    layouts = {
        tuple(t for t in GAME.setup(["a", "b"], str(s)).data["hexes"].values()) for s in range(8)
    }
    assert len(layouts) > 1
    fixed = GAME.setup(["a", "b"], "x", {"map": "reference"})
    assert [t for t in fixed.data["hexes"].values()] == [h.reference for h in MAPS[2].hexes]


def test_the_first_player_is_drawn_and_decks_are_shuffled_per_player() -> None:
    firsts = {GAME.setup(["a", "b", "c"], str(s)).data["first"] for s in range(20)}
    assert firsts == {0, 1, 2}
    decks = GAME.setup(["a", "b", "c"], "d").data["players"]
    assert len({tuple(p["deck"]) for p in decks}) > 1


def test_four_player_placements() -> None:
    state = new_state(4, first=2)
    assert GAME.to_act(state) == {"p2"}
    assert len(codes(state)) == 15  # the first player may pick any hex
    state = play(state, "place:h07")
    assert members(state, "H07") == [0, 0, 2, 0]
    assert GAME.to_act(state) == {"p3"}
    assert "place:h07" not in codes(state)  # the others need an unoccupied hex
    state = play(state, "place:h01")
    assert members(state, "H01") == [0, 0, 0, 3]
    # the third player: 3 members and 2 resources of his choice
    state = play(state, "place:h10")
    assert codes(state) == [
        "take:wood+wood",
        "take:wood+food",
        "take:wood+stone",
        "take:food+food",
        "take:food+stone",
        "take:stone+stone",
    ]
    state = play(state, "take:wood+stone")
    assert state.data["players"][0]["resources"] == {"wood": 1, "food": 0, "stone": 1}
    # the fourth player: 2 + 1 over two adjacent unoccupied hexes, then 2 resources
    assert GAME.to_act(state) == {"p1"}
    state = play(state, "place:h14")
    assert sorted(codes(state)) == ["back", "single:h08", "single:h09", "single:h13", "single:h15"]
    state = play(state, "back")
    assert members(state, "H14") == [0, 0, 0, 0]
    state = play(state, "place:h14", "single:h15", "take:food+food")
    assert members(state, "H14")[1] == 2 and members(state, "H15")[1] == 1
    assert state.data["players"][1]["resources"]["food"] == 2
    # the game starts with the first player's roll
    assert state.data["step"] == "actions" and state.data["turn"] == 2
    assert len(state.data["hand"]) == 2


def test_the_fourth_player_needs_a_hex_with_a_free_neighbour() -> None:
    state = new_state(4, first=0)
    state = play(state, "place:h05", "place:h11", "place:h06", "take:wood+wood")
    # H10 touches only H05 and H11, both occupied
    assert "place:h10" not in codes(state)


@pytest.mark.parametrize("name", ["ancients", "chiefs", "terrains"])
def test_advanced_options_are_off_by_default(name: str) -> None:
    assert GAME.spec.option(name).default in (False, "none")
    assert GAME.setup(["a", "b"], "s").options[name] in (False, "none")


def test_a_first_player_gone_at_set_up_does_not_take_the_first_turn() -> None:
    state = new_state(3, first=0)
    state = GAME.remove_seat(state, "p0", "resign").state
    assert GAME.to_act(state) == {"p1"}
    state = play(state, "place:h05", "place:h07", "take:wood+food")
    assert state.data["step"] == "actions" and state.data["turn"] == 1
