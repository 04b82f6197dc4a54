"""Every Region tile effect (rulebook "Effets des tuiles Région"; rulings O1, O4-O6)."""

from __future__ import annotations

from rules.orbis import ORBIS
from tests.rules.orbis.helpers import (
    build,
    cell,
    codes,
    cubes_at,
    domain,
    game,
    play,
    put_cubes,
    put_display,
    row,
    set_domain,
)


def tiles_points(state, player: int = 0) -> int:  # type: ignore[no-untyped-def]
    return row(state, player)["orbis.score.tiles"]


# -- Farm -----------------------------------------------------------------------------


def test_farm_gives_its_reduction_token_after_its_own_cost_is_paid() -> None:
    state = game()
    put_display(state, 1, "L1-01")  # Farm(green), costs 1 green: paid in full (O1)
    set_domain(state, 0, green=1)
    state = play(state, "take:1")
    assert [c for c in codes(state) if c.startswith("pay")] == ["pay"]
    state = play(state, "pay", "place:start")
    assert state.data["boards"][0]["reductions"] == ["green"]
    assert ORBIS.view(state, None)["players"]["ana"]["reductions"] == ["green"]


# -- Village --------------------------------------------------------------------------


def village_game():  # type: ignore[no-untyped-def]
    state = game()
    put_display(state, 1, "L2-03")  # Village: discard 2, 3 PC; costs 1G + 1W
    return state


def test_village_validated_by_discarding_cubes_of_the_players_choice() -> None:
    state = village_game()
    set_domain(state, 0, green=1, white=1, yellow=2, red=1)
    state = play(state, "take:1", "pay", "place:start")
    assert codes(state) == ["validate", "cancel"]
    state = play(state, "validate")
    assert codes(state) == ["lose:y", "lose:r"]
    state = play(state, "lose:r")  # then only yellow is left: taken without asking
    assert domain(state, 0) == {"yellow": 1}
    assert cell(state, 0, 0, 0).status == "valid"
    assert tiles_points(state) == 3


def test_village_refused_gets_a_cancellation_token_and_scores_nothing() -> None:
    state = village_game()
    set_domain(state, 0, green=1, white=1, yellow=2)
    state = play(state, "take:1", "pay", "place:start", "cancel")
    assert cell(state, 0, 0, 0).status == "cancelled"
    assert domain(state, 0) == {"yellow": 2}
    assert tiles_points(state) == 0
    assert ORBIS.view(state, None)["players"]["ana"]["pyramid"][0]["status"] == "cancelled"


def test_village_without_enough_cubes_is_cancelled_at_once() -> None:
    state = village_game()
    set_domain(state, 0, green=1, white=1, yellow=1)
    state = play(state, "take:1", "pay", "place:start")
    assert cell(state, 0, 0, 0).status == "cancelled"
    assert state.data["turn"] == 1


def test_village_discard_from_a_one_colour_domain_needs_no_choice() -> None:
    state = village_game()
    set_domain(state, 0, green=1, white=1, red=3)
    state = play(state, "take:1", "pay", "place:start", "validate")
    assert domain(state, 0) == {"red": 1}
    assert state.data["turn"] == 1


# -- Forest ---------------------------------------------------------------------------


def test_rulebook_forest_validated() -> None:
    """ "Forêt validée": a Forest needing 2 yellow or blue tiles around it has them."""
    state = game()
    build(state, 0, {(0, 0): "L1-04", (0, 1): "L2-05", (0, 2): "L1-09"})  # Y, Forest, B
    assert tiles_points(state) == 3
    assert ORBIS.view(state, None)["players"]["ana"]["pyramid"][1]["status"] == "valid"


def test_rulebook_forest_not_validated() -> None:
    """ "Forêt non validée": only one of the touching tiles has a wanted colour."""
    state = game()
    build(state, 0, {(0, 0): "L1-04", (0, 1): "L2-05", (0, 2): "L1-13"})  # Y, Forest, R
    assert tiles_points(state) == 0
    assert ORBIS.view(state, None)["players"]["ana"]["pyramid"][1]["status"] == "waiting"


def test_forest_is_checked_at_the_end_tiles_above_count() -> None:
    """O4: the tiles resting on it count, and they may come later."""
    state = game()
    build(state, 0, {(0, 0): "L1-04", (0, 1): "L2-05", (0, 2): "L1-13"})
    assert tiles_points(state) == 0
    build(state, 0, {(1, 1): "L2-10"})  # blue, resting on the Forest and the red tile
    assert tiles_points(state) == 3


def test_a_wasteland_counts_as_every_colour_around_a_forest() -> None:
    state = game()
    build(state, 0, {(0, 0): "L1-13~", (0, 1): "L2-05", (0, 2): "L1-09"})
    assert tiles_points(state) == 3


def test_a_forest_that_became_a_wasteland_scores_nothing() -> None:
    state = game()
    build(state, 0, {(0, 0): "L1-04", (0, 1): "L2-05~", (0, 2): "L1-09"})
    assert tiles_points(state) == 0


# -- Irrigation -----------------------------------------------------------------------


def irrigation_game(below: dict) -> object:  # type: ignore[type-arg]
    state = game()
    build(state, 0, below)
    put_display(state, 1, "L2-09")  # blue Irrigation(yellow), 3 PC; 1G + 1B + 1*
    set_domain(state, 0, green=1, blue=1, red=1)
    return state


def test_irrigation_validated_by_the_colour_below() -> None:
    state = irrigation_game({(0, 0): "L1-04", (0, 1): "L1-09"})  # yellow, blue
    state = play(state, "take:1", "pay:r", "place:r2s1")  # type: ignore[arg-type]
    assert cell(state, 0, 1, 0).status == "valid"
    assert tiles_points(state) == 3


def test_irrigation_without_its_colour_below_is_cancelled() -> None:
    state = irrigation_game({(0, 0): "L1-13", (0, 1): "L1-09"})  # red, blue
    state = play(state, "take:1", "pay:r", "place:r2s1")  # type: ignore[arg-type]
    assert cell(state, 0, 1, 0).status == "cancelled"
    assert tiles_points(state) == 0


def test_irrigation_on_the_bottom_row_is_cancelled_o5() -> None:
    state = irrigation_game({})
    state = play(state, "take:1", "pay:r", "place:start")  # type: ignore[arg-type]
    assert cell(state, 0, 0, 0).status == "cancelled"


def test_forget_box_one_wasteland_allows_the_blue_tile_and_validates_it() -> None:
    """ "Une tuile Terre sauvage peut être utilisée pour placer légalement une tuile bleue
    ET pour valider son effet"."""
    state = irrigation_game({(0, 0): "L1-13~", (0, 1): "L1-14"})  # Wasteland, red
    state = play(state, "take:1", "pay:r")  # type: ignore[arg-type]
    assert "place:r2s1" in codes(state)
    state = play(state, "place:r2s1")
    assert cell(state, 0, 1, 0).status == "valid"


# -- Volcano --------------------------------------------------------------------------


def volcano_game():  # type: ignore[no-untyped-def]
    state = game()
    put_display(state, 1, "L2-14")  # Volcano: destroy 1 blue + 1 white; 1G + 1B + 1W
    for slot in range(2, 10):
        put_cubes(state, slot - 1, [0, 0, 0, 0, 0])
    put_cubes(state, 1, [0, 0, 1, 0, 0])  # slot 2: a blue
    put_cubes(state, 2, [0, 0, 0, 0, 2])  # slot 3: two white
    put_cubes(state, 8, [0, 0, 0, 0, 1])  # slot 9: a white
    set_domain(state, 0, green=1, blue=1, white=1)
    return state


def test_volcano_destroys_exactly_its_cubes_on_the_other_display_tiles() -> None:
    state = play(volcano_game(), "take:1", "pay", "place:start")
    assert codes(state) == ["erupt", "cancel"]
    state = play(state, "erupt")  # the only blue lies on slot 2: taken without asking
    assert codes(state) == ["burn:3", "burn:9"]
    state = play(state, "burn:9")
    assert cell(state, 0, 0, 0).status == "valid"
    assert cubes_at(state, 1) == [0, 0, 0, 1, 0]  # the blue gone, the red generated
    assert cubes_at(state, 8) == [0, 0, 0, 0, 0]
    assert cubes_at(state, 2) == [0, 0, 0, 0, 2]
    assert tiles_points(state) == 3


def test_volcano_refused_destroys_nothing_and_is_cancelled() -> None:
    state = play(volcano_game(), "take:1", "pay", "place:start", "cancel")
    assert cell(state, 0, 0, 0).status == "cancelled"
    assert cubes_at(state, 8) == [0, 0, 0, 0, 1]
    assert tiles_points(state) == 0


def test_volcano_without_the_cubes_on_the_display_is_cancelled_at_once() -> None:
    state = volcano_game()
    put_cubes(state, 1, [0, 0, 0, 0, 0])  # no blue anywhere
    state = play(state, "take:1", "pay", "place:start")
    assert cell(state, 0, 0, 0).status == "cancelled"
    assert state.data["turn"] == 1


def test_volcano_cannot_use_the_cubes_of_the_taken_tile() -> None:
    """O6: "les 8 tuiles restantes": the cubes on the taken tile were collected."""
    state = volcano_game()
    put_cubes(state, 1, [0, 0, 0, 0, 0])
    put_cubes(state, 0, [0, 0, 1, 0, 0])  # the only blue is on the Volcano itself
    state = play(state, "take:1", "pay", "place:start")
    assert cell(state, 0, 0, 0).status == "cancelled"


# -- Proselytism, Sacred Stone, Temple ------------------------------------------------


def test_proselytism_of_one_colour() -> None:
    state = game()
    put_display(state, 1, "L1-09")
    state = play(state, "take:1", "place:start")
    assert domain(state, 0) == {"blue": 1}


def test_proselytism_of_two_cubes() -> None:
    state = game()
    put_display(state, 1, "L1-10")  # +2 blue, costs 1 red
    set_domain(state, 0, red=1)
    state = play(state, "take:1", "pay", "place:start")
    assert domain(state, 0) == {"blue": 2}


def test_proselytism_of_the_players_choice() -> None:
    state = game()
    put_display(state, 1, "L1-06")
    state = play(state, "take:1", "place:start")
    assert codes(state) == ["gain:y", "gain:g", "gain:b", "gain:r", "gain:w"]
    state = play(state, "gain:w")
    assert domain(state, 0) == {"white": 1}


def test_sacred_stone_is_worth_one_pc() -> None:
    state = game()
    put_display(state, 1, "L1-14")
    state = play(state, "take:1", "place:start")
    assert tiles_points(state) == 1


def test_temple_pc_always_count_and_its_icons_rank_for_the_tokens() -> None:
    state = game()
    build(state, 0, {(0, 0): "L3-21"})  # two temple icons, 1 PC
    assert tiles_points(state) == 1
    assert ORBIS.view(state, None)["players"]["ana"]["temples"] == 2


def test_forest_not_validated_at_the_end_reads_not_valid_in_the_view() -> None:
    """A Forest is checked at the end: once the game is over it is no longer waiting."""
    state = game()
    build(state, 0, {(0, 0): "L1-04", (0, 1): "L2-05", (0, 2): "L1-13"})  # Y, Forest, R
    state.data["over"] = "normal"
    assert ORBIS.view(state, None)["players"]["ana"]["pyramid"][1]["status"] == "cancelled"
