"""Every scene effect, with and without its mountain token (rulebook page 8).

Player 0 (Ana) plays on VL1-A + VR1-A unless said otherwise. VL1-A rows: 1 P1 P1 P2 F2,
2 P1 P3 F3 F2, 3 P2 P2 F4 F4, 4 P2 F2 F3 F3, 5 P1 P1 P2 F2; caves NC1 8/5, WA3 6/4,
SB5 7/5, waterfall NW. VR1-A caves NF1 8/5, EH3 7/5, SG5 6/4, waterfall NE.
"""

from __future__ import annotations

import pytest

from rules.base import State
from rules.sapiens import SAPIENS
from tests.rules.sapiens.helpers import (
    codes,
    hold,
    lay,
    new_game,
    play,
    player,
    playing,
    set_common,
    set_pool,
    set_valley,
)

TOKENS = {
    "NC1": "FE",
    "WA3": "CU",
    "SB5": "CH",
    "NF1": "RI",
    "EH3": "BA",
    "SG5": "EA",
    "NW": "CA",
    "NE": "FU",
}
# The start of Ana's tribe: Chasse on the cave SB5, Feu on B5, then Feu on B4 and
# Festin on C4.
TRIBE = [("CH-FU#1", "SB5", "B5"), ("FE-FU#1", "C4", "B4")]


def position(
    pool: list[str],
    laid: list[tuple[str, str, str]] | None = None,
    tokens: dict[str, str] | None = None,
    faces: tuple[str, str] = ("VL1-A", "VR1-A"),
    players: int = 3,
) -> State:
    state = new_game(players, "effects")
    set_valley(state, 0, faces[0], faces[1], dict(TOKENS if tokens is None else tokens))
    for tile, a, b in TRIBE if laid is None else laid:
        lay(state, 0, tile, a, b)
    lay(state, 1, "RI-EA#2", "B2", "B3")  # Ben's valley holds one tile (bears can go there)
    set_pool(state, 0, pool)
    return playing(state, 0)


def notes(state: State) -> list[str]:
    assert state.last is not None
    return [n["key"] for n in state.last["notes"]]


# -- Festin -------------------------------------------------------------------------------


def test_festin_example_vianney_scores_3_and_only_the_connected_effect() -> None:
    """Rulebook example: Festin on a 3 beside a Festin scores 3 and gives the Festin
    effect; the Rituel half touches nothing: no food, no effect."""
    state = position(["FE-RI#1", "EA-FU#1", "CA-CH#1"])
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert player(state, 0)["food"] == 3
    top = state.data["frames"][-1]
    assert top["kind"] == "feast"  # the only effect: asked at once
    assert "skip" in codes(state) and "back" not in codes(state)


def test_festin_extra_tile_scores_no_food_and_no_effect() -> None:
    state = position(["FE-RI#1", "EA-FU#1", "CA-CH#1"])
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3", "tile:ea-fu#1", "at:a3", "lay:a3:a4")
    p = player(state, 0)
    assert p["food"] == 3  # the extra Feu on A4 (2) scores nothing
    assert "EA-FU#1 A3 A4 1" in p["laid"]
    assert not state.data["frames"]  # no Feu effect
    assert state.data["last_tile"]["extra"] is True


def test_festin_extra_tile_on_a_cave_takes_its_token_and_shelter() -> None:
    """S9: the extra tile "rejoint une Caverne": the token and the higher value."""
    laid = [*TRIBE, ("EA-FU#2", "A4", "A5")]
    state = position(
        ["FE-RI#1", "EA-CA#1", "CA-CH#1"], laid=laid, tokens={**TOKENS, "WA3": "CA", "NW": "CU"}
    )
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    # extra tile: Eau on A3 beside Eau (A4), Campement on the cave WA3 (token CA)
    state = play(state, "tile:ea-ca#1", "at:wa3")
    p = player(state, 0)
    assert "EA-CA#1 A3 WA3 1" in p["laid"]
    assert p["food"] == 3  # nothing for the extra tile
    assert p["shelter"] == 6 and "CA" in p["held"]  # WA3 is 6/4


def test_festin_token_before_laying() -> None:
    state = position(["EA-FU#1", "FE-RI#1", "CA-CH#1"])
    hold(state, 0, "FE")
    state = play(state, "token:fe")
    assert state.data["frames"][-1]["kind"] == "feast"
    assert "back" in codes(state) and "skip" not in codes(state)  # a token is not wasted
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4")
    p = player(state, 0)
    assert p["food"] == 0 and p["used"][-1] == "FE"
    assert not state.data["step"]["laid"]  # the turn's own tile is still to come
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert player(state, 0)["food"] == 3
    assert not any(c.startswith("token:") for c in codes(state))  # one token a turn


def test_back_out_of_a_token_gives_it_back() -> None:
    state = position(["EA-FU#1", "FE-RI#1", "CA-CH#1"])
    hold(state, 0, "FE")
    state = play(state, "token:fe", "back")
    assert player(state, 0)["held"] == ["FE"]
    assert "token:fe" in codes(state)


# -- Cueillette and Campement -------------------------------------------------------


def test_cueillette_connected_gives_one_more_food() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("CU-FU#2", "C4", "B4")]
    state = position(["CU-EA#1", "CA-CH#1"], laid=laid)
    state = play(state, "tile:cu-ea#1", "at:d4", "lay:d4:d3")
    assert player(state, 0)["food"] == 3
    assert codes(state) == ["do:cu", "skip"]  # the player's choice (rules version 3)
    state = play(state, "do:cu")
    assert player(state, 0)["food"] == 3 + 1
    assert "sapiens.note.cueillette" in notes(state)


def test_cueillette_may_be_left() -> None:
    """« Un joueur n'est jamais obligé d'appliquer l'effet d'une Scène connectée. »
    (a Baston token takes food only from a player who has some: a point less may
    spare one)."""
    laid = [("CH-FU#1", "SB5", "B5"), ("CU-FU#2", "C4", "B4")]
    state = position(["CU-EA#1", "CA-CH#1"], laid=laid)
    state = play(state, "tile:cu-ea#1", "at:d4", "lay:d4:d3", "skip")
    assert player(state, 0)["food"] == 3
    assert "sapiens.note.skip" in notes(state)
    assert not state.data["frames"]


def test_cueillette_is_taken_at_once_when_no_token_can_ever_take_food() -> None:
    """Nobody else plays on and no Baston token of another player lies on a tile: a
    point of food can only add to the score, so it is not asked."""
    laid = [("CH-FU#1", "SB5", "B5"), ("CU-FU#2", "C4", "B4")]
    state = position(["CU-EA#1", "CA-CH#1"], laid=laid, players=2)
    player(state, 1)["finished"] = True
    assert not state.data["baston"]
    state = play(state, "tile:cu-ea#1", "at:d4", "lay:d4:d3")
    assert player(state, 0)["food"] == 3 + 1


def fists_on(state: State, tile: str, owners: list[int]) -> None:
    """Baston tokens of ``owners`` (seat indexes) on ``tile``, taken from their homes."""
    state.data["baston"][tile] = list(owners)
    for k in owners:
        player(state, k)["baston_home"] -= 1


def gathering_beside_feast(options: dict[str, object] | None = None) -> State:
    """Ana's tribe: Festin on C4, Cueillette on D4. She lays FE-CU#1 with Festin on C5
    (P2) and Cueillette on D5 (F2): both halves connected, 4 food. FE-RI#1 in her pool
    (Festin can go on B4 as the extra tile) carries five Baston tokens (Ben's three, two
    of Cy's): with 4 food she pays four of them, with 5 all five."""
    state = new_game(3, "effects")
    if options:
        state = SAPIENS.setup(state.seats, state.seed, options)
    set_valley(state, 0, "VL1-A", "VR1-A", dict(TOKENS))
    lay(state, 0, "FE-CU#2", "C4", "D4")
    lay(state, 1, "RI-EA#2", "B2", "B3")
    set_pool(state, 0, ["FE-CU#1", "FE-RI#1"])
    fists_on(state, "FE-RI#1", [1, 1, 1, 2, 2])
    return playing(state, 0)


def test_cueillette_and_festin_in_the_order_the_player_chooses() -> None:
    """« Si les deux Scènes de la tuile posée sont connectées, le joueur peut résoudre
    les deux effets dans l'ordre de son choix. » Taking Cueillette's food first pays all
    five Baston tokens of the extra tile; Festin first leaves the last one with no food
    to take, then the food comes."""
    state = play(gathering_beside_feast(), "tile:fe-cu#1", "at:c5")
    assert player(state, 0)["food"] == 2 + 2
    assert sorted(codes(state)) == ["do:cu", "do:fe"]
    first = play(state, "do:cu", "tile:fe-ri#1", "at:b4", "lay:b4:a4")
    assert [player(first, k)["food"] for k in range(3)] == [0, 3, 2]
    later = play(state, "do:fe", "tile:fe-ri#1", "at:b4", "lay:b4:a4", *["pay:1"] * 3)
    assert [player(later, k)["food"] for k in range(3)] == [0, 3, 1]
    assert codes(later) == ["do:cu", "skip"]  # then the food, still the player's choice
    later = play(later, "do:cu")
    assert [player(later, k)["food"] for k in range(3)] == [1, 3, 1]


def test_cueillette_and_festin_order_not_asked_when_it_changes_nothing() -> None:
    """With the tokens off the pool's tile the order changes nothing: Cueillette is
    asked first, then Festin."""
    state = gathering_beside_feast()
    for k in (1, 2):
        player(state, k)["baston_home"] = 3
    state.data["baston"].clear()
    state = play(state, "tile:fe-cu#1", "at:c5")
    assert codes(state) == ["do:cu", "skip"]
    state = play(state, "do:cu")
    assert state.data["frames"][-1]["kind"] == "feast" and player(state, 0)["food"] == 5


def test_version_2_reading_takes_cueillette_first_with_the_option_off() -> None:
    """Games stored under rules versions 1 and 2 replay as they were played: the food
    at once, then Festin (option ``gathering_optional`` off)."""
    state = gathering_beside_feast({"gathering_optional": False})
    state = play(state, "tile:fe-cu#1", "at:c5")
    assert player(state, 0)["food"] == 5
    assert state.data["frames"][-1]["kind"] == "feast"
    state = play(state, "tile:fe-ri#1", "at:b4", "lay:b4:a4")
    assert [player(state, k)["food"] for k in range(3)] == [0, 3, 2]


def test_cueillette_token_gives_one_food() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "CU")
    state = play(state, "token:cu")
    assert player(state, 0)["food"] == 1 and state.data["step"]["plain"] is True


def test_campement_connected_gives_3_shelter() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("CA-FU#1", "A4", "A5")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    state = play(state, "tile:ca-ch#1", "at:a3", "lay:a3:b3")
    assert player(state, 0)["shelter"] == 3
    assert player(state, 0)["food"] == 2  # A3 prints 2


def test_campement_token_gives_3_shelter() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "CA")
    state = play(state, "token:ca")
    assert player(state, 0)["shelter"] == 3


# -- Rituel and the caves -----------------------------------------------------------------


def rituel_cave(with_token: bool) -> State:
    """Marceau's example: VR1-B has the cave SE5 (7/5) beside E5 (Plain 2)."""
    # VR1-B caves: NG1, EH4, SE5; waterfall SE
    tokens = {
        "NC1": "FE",
        "WA3": "CU",
        "SB5": "CH",
        "NG1": "RI",
        "EH4": "BA",
        "SE5": "CA",
        "NW": "EA",
        "SE": "FU",
    }
    if not with_token:
        del tokens["SE5"]
    laid = [("RI-CH#1", "E4", "E3")]
    return position(
        ["RI-CA#1", "EA-FU#1", "FE-CH#1"], laid=laid, tokens=tokens, faces=("VL1-A", "VR1-B")
    )


def test_rituel_cave_example_marceau_scores_2_food_then_7_shelter() -> None:
    state = rituel_cave(with_token=True)
    state = play(state, "tile:ri-ca#1", "at:se5")  # one way only: laid at once
    p = player(state, 0)
    assert p["food"] == 2  # E5 prints 2; the Campement on the cave touches nothing (S4)
    assert p["shelter"] == 0  # food and effect first, then the cave
    assert state.data["frames"][-1]["kind"] == "ritual"
    # the cave's own token is not offered: the tribe is taking it
    assert sorted(codes(state)) == sorted(
        ["rite:fe", "rite:cu", "rite:ch", "rite:ri", "rite:ba", "rite:ea", "rite:fu", "skip"]
    )
    state = play(state, "rite:fe")
    p = player(state, 0)
    assert p["shelter"] == 7 and p["held"] == ["FE", "CA"]


def test_rituel_cave_example_without_token_would_score_5() -> None:
    state = rituel_cave(with_token=False)
    state = play(state, "tile:ri-ca#1", "at:se5")
    state = play(state, "skip")
    assert player(state, 0)["shelter"] == 5


def test_rituel_takes_a_used_token_when_none_is_left() -> None:
    state = rituel_cave(with_token=True)
    p = player(state, 0)
    p["used"] += [s for s in p["spots"].values() if s != "CA"]
    p["spots"] = {"SE5": "CA"}
    state = play(state, "tile:ri-ca#1", "at:se5")
    assert "rite:ch" in codes(state) and "rite:ca" not in codes(state)


def test_rituel_token_cannot_fetch_itself() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    p = player(state, 0)
    p["used"] += list(p["spots"].values())
    p["spots"] = {}
    p["used"].remove("RI")
    p["held"] = ["RI"]
    state = play(state, "token:ri")
    assert "rite:ri" not in codes(state) and "rite:fe" in codes(state)
    state = play(state, "rite:fe")
    assert player(state, 0)["held"] == ["FE"]


def test_discarded_tokens_never_come_back() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    p = player(state, 0)
    p["gone"] = list(p["spots"].values())
    p["spots"] = {}
    p["used"] = []
    p["gone"].remove("RI")
    p["held"] = ["RI"]
    assert "token:ri" not in codes(state)  # nothing to fetch: not offered


# -- Baston -------------------------------------------------------------------------------


def baston_laid() -> list[tuple[str, str, str]]:
    return [("CH-FU#1", "SB5", "B5"), ("BA-FU#1", "A4", "A5")]


def test_baston_places_a_token_on_any_pool() -> None:
    state = position(["BA-EA#1", "CA-CH#1", "EA-FU#1"], laid=baston_laid())
    state = play(state, "tile:ba-ea#1", "at:a3", "lay:a3:b3")
    moves = codes(state)
    assert any(m.startswith("mark:") for m in moves) and "skip" in moves
    ben_tile = state.data["players"][1]["pool"][0]
    state = play(state, f"mark:{ben_tile.lower()}")
    assert state.data["baston"] == {ben_tile: [0]}
    assert player(state, 0)["baston_home"] == 2


def test_baston_resolution_takes_one_food_from_the_layer() -> None:
    """S1: Ben lays a tile carrying Ana's token: Ben -1 food, Ana +1, before scoring."""
    state = position([])
    set_valley(state, 1, "VL1-A", "VR1-A", TOKENS)
    lay(state, 1, "CH-FU#2", "SB5", "B5")
    lay(state, 1, "FE-FU#2", "C4", "B4")
    set_pool(state, 1, ["FE-RI#1"])
    state.data["baston"] = {"FE-RI#1": [0]}
    player(state, 0)["baston_home"] = 2
    player(state, 1)["food"] = 1
    playing(state, 1)
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert player(state, 1)["food"] == 1 - 1 + 3
    assert player(state, 0)["food"] == 1
    assert player(state, 0)["baston_home"] == 3 and state.data["baston"] == {}


def test_baston_token_without_food_does_nothing() -> None:
    state = position(["FE-RI#1"])
    state.data["baston"] = {"FE-RI#1": [1]}
    player(state, 1)["baston_home"] = 2
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert player(state, 0)["food"] == 3 and player(state, 1)["food"] == 0
    assert player(state, 1)["baston_home"] == 3
    assert "sapiens.note.baston_void" in notes(state)


def test_baston_order_is_chosen_when_food_runs_short() -> None:
    state = position(["FE-RI#1"], players=3)
    state.data["baston"] = {"FE-RI#1": [1, 2]}
    player(state, 1)["baston_home"] = 2
    player(state, 2)["baston_home"] = 2
    player(state, 0)["food"] = 1
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert sorted(codes(state)) == ["back", "pay:1", "pay:2"]
    state = play(state, "pay:2")
    assert player(state, 2)["food"] == 1 and player(state, 1)["food"] == 0
    assert player(state, 0)["food"] == 3


def test_baston_order_not_asked_when_every_token_is_paid() -> None:
    state = position(["FE-RI#1"], players=3)
    state.data["baston"] = {"FE-RI#1": [1, 2]}
    player(state, 1)["baston_home"] = 2
    player(state, 2)["baston_home"] = 2
    player(state, 0)["food"] = 2
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert player(state, 0)["food"] == 3
    assert player(state, 1)["food"] == 1 and player(state, 2)["food"] == 1


def test_baston_with_all_tokens_out_moves_one() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "BA")
    common = state.data["common"]
    state.data["baston"] = {common[0]: [0], common[1]: [0], common[2]: [0, 0]}
    state.data["baston"][common[2]] = [0]
    player(state, 0)["baston_home"] = 0
    state = play(state, "token:ba", f"mark:{common[3].lower()}")
    assert state.data["frames"][-1]["kind"] == "fightfrom"
    state = play(state, f"from:{common[0].lower()}")
    assert state.data["baston"] == {common[1]: [0], common[2]: [0], common[3]: [0]}


def test_baston_token_taken_back_during_ones_turn() -> None:
    """S1: "Un joueur peut récupérer n'importe lequel de ses jetons Baston à tout moment"
    (of his own turn, between decisions)."""
    state = position(["CA-CH#1", "EA-FU#1"])
    tile = state.data["common"][0]
    state.data["baston"] = {tile: [0]}
    player(state, 0)["baston_home"] = 2
    assert f"recall:{tile.lower()}" in codes(state)
    state = play(state, f"recall:{tile.lower()}")
    assert state.data["baston"] == {} and player(state, 0)["baston_home"] == 3
    state.data["baston"] = {tile: [0]}
    player(state, 0)["baston_home"] = 2
    state = play(state, "tile:ea-fu#1")
    assert not any(c.startswith("recall:") for c in codes(state))  # not inside a step


def test_baston_token_places_a_token() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "BA")
    tile = state.data["common"][0]
    state = play(state, "token:ba", f"mark:{tile.lower()}")
    assert state.data["baston"] == {tile: [0]}


# -- Eau ------------------------------------------------------------------------------------


def test_eau_swaps_with_another_pool_and_baston_tokens_stay() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("EA-FU#1", "A4", "A5")]
    state = position(["RI-EA#1", "CA-CH#1", "FE-CH#1"], laid=laid)
    ben = state.data["players"][1]["pool"][0]
    state.data["baston"] = {ben: [2], "CA-CH#1": [1]}
    player(state, 1)["baston_home"] = 2
    player(state, 2)["baston_home"] = 2
    state = play(state, "tile:ri-ea#1", "at:a3", "lay:b3:a3")
    state = play(state, f"get:{ben.lower()}")
    assert state.data["frames"][-1]["kind"] == "watergive"
    state = play(state, "give:ca-ch#1")
    assert ben in player(state, 0)["pool"] and "CA-CH#1" in player(state, 1)["pool"]
    assert state.data["baston"] == {ben: [2], "CA-CH#1": [1]}


def test_eau_token_swaps_with_the_common_pool() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "EA")
    tile = state.data["common"][2]
    state = play(state, "token:ea", f"get:{tile.lower()}", "give:ca-ch#1")
    assert tile in player(state, 0)["pool"] and "CA-CH#1" in state.data["common"]


# -- Chasse ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "food"), [(0, 1), (1, 3), (2, 5), (3, 7), (4, 10), (6, 10)])
def test_chasse_converts_every_steak_by_the_table(before: int, food: int) -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("EA-CH#1", "A4", "A3")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    player(state, 0)["steaks"] = before
    state.data["steaks"] -= before
    # Chasse on A2 beside Chasse (A3), Campement on B2 beside nothing
    state = play(state, "tile:ca-ch#1", "at:a2", "lay:b2:a2")
    assert sorted(codes(state)) == ["convert", "keep"]
    state = play(state, "convert")
    p = player(state, 0)
    assert p["steaks"] == 0 and p["food"] == 1 + food  # A2 prints 1
    assert state.data["steaks"] == 18


def test_chasse_keep_takes_a_steak_only() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("EA-CH#1", "A4", "A3")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    state = play(state, "tile:ca-ch#1", "at:a2", "lay:b2:a2", "keep")
    assert player(state, 0)["steaks"] == 1 and player(state, 0)["food"] == 1


def test_chasse_token_gives_a_steak_without_conversion() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "CH")
    player(state, 0)["steaks"] = 4
    state.data["steaks"] -= 4
    state = play(state, "token:ch")
    assert player(state, 0)["steaks"] == 5 and player(state, 0)["food"] == 0
    assert "convert" not in codes(state)


def test_chasse_with_no_steak_left_can_still_convert() -> None:
    laid = [("CH-FU#1", "SB5", "B5"), ("EA-CH#1", "A4", "A3")]
    state = position(["CA-CH#1", "EA-FU#1"], laid=laid)
    player(state, 0)["steaks"] = 2
    player(state, 1)["steaks"] = 16
    state.data["steaks"] = 0
    state = play(state, "tile:ca-ch#1", "at:a2", "lay:b2:a2", "convert")
    assert player(state, 0)["food"] == 1 + 3


# -- Feu ------------------------------------------------------------------------------------


def test_feu_puts_a_bear_in_another_valley_for_shelter() -> None:
    state = position(["EA-FU#1", "CA-CH#1"])
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4")
    assert state.data["frames"][-1]["kind"] == "fire"
    assert "bear:1" in codes(state) and "bear:0" not in codes(state)
    state = play(state, "bear:1")
    # Ben's tile covers B2 and B3: B1, A2, C2, A3, C3 and B4 touch it
    assert sorted(codes(state)) == sorted(
        ["den:b1", "den:a2", "den:c2", "den:a3", "den:c3", "den:b4", "back"]
    )
    state = play(state, "den:c2")
    assert player(state, 1)["bears"] == ["C2"] and player(state, 0)["shelter"] == 1
    assert state.data["bears"] == 17


def test_feu_bear_counts_every_distinct_touching_tile() -> None:
    state = position(["EA-FU#1", "CA-CH#1"])
    lay(state, 1, "EA-CA#1", "C2", "D2")
    lay(state, 1, "FE-CA#1", "B1", "A1")
    playing(state, 0)
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "bear:1")
    assert "den:c1" in codes(state)
    state = play(state, "den:c1")  # C1 touches B1 (FE-CA) and C2 (CA-EA)
    assert player(state, 0)["shelter"] == 2


def test_feu_may_remove_a_bear_from_ones_own_valley() -> None:
    state = position(["EA-FU#1", "CA-CH#1"])
    player(state, 0)["bears"] = ["G3"]
    state.data["bears"] -= 1
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "unbear:g3")
    assert player(state, 0)["bears"] == [] and state.data["bears"] == 18


def test_feu_token_puts_a_bear() -> None:
    state = position(["CA-CH#1", "EA-FU#1"])
    hold(state, 0, "FU")
    state = play(state, "token:fu", "bear:1", "den:b1")
    assert player(state, 1)["bears"] == ["B1"] and player(state, 0)["shelter"] == 1


def test_feu_with_no_bear_left_can_only_remove() -> None:
    state = position(["EA-FU#1", "CA-CH#1"])
    player(state, 0)["bears"] = ["G3"]
    player(state, 2)["bears"] = [f"{c}5" for c in "ABCDEFGH"] + [f"{c}4" for c in "ABCDEFGH"]
    player(state, 2)["bears"].append("H3")
    state.data["bears"] = 0
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4")
    assert sorted(codes(state)) == ["skip", "unbear:g3"]


# -- order and choice -----------------------------------------------------------------------


def test_two_effects_in_the_order_the_player_picks() -> None:
    state = position(["FE-FU#2", "EA-FU#1", "CA-CH#1"])
    state = play(state, "tile:fe-fu#2", "at:c3", "lay:c3:b3")
    assert sorted(codes(state)) == ["do:fe", "do:fu"]
    state = play(state, "do:fu")
    assert state.data["frames"][-1]["kind"] == "fire" and "back" in codes(state)
    state = play(state, "back")
    assert sorted(codes(state)) == ["do:fe", "do:fu"]
    state = play(state, "do:fu", "bear:1", "den:b1")
    assert state.data["frames"][-1]["kind"] == "feast"  # the other one follows
    state = play(state, "skip")
    assert not state.data["frames"]


def test_effects_are_optional() -> None:
    state = position(["EA-FU#1", "CA-CH#1"])
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "skip")
    assert player(state, 0)["shelter"] == 0 and not state.data["frames"]


def test_effect_with_nothing_to_do_is_dropped() -> None:
    state = position(["FE-RI#1"])  # Festin with an empty pool: nothing to lay
    state = play(state, "tile:fe-ri#1", "at:d4", "lay:d4:d3")
    assert not state.data["frames"]
    assert state.data["step"]["laid"]


def test_common_pool_refill_and_token_after_laying() -> None:
    state = position(["EA-FU#1", "CA-CH#1"])
    hold(state, 0, "CA")
    set_common(state, ["BA-CA#1", "FE-RI#1", "FE-RI#2", "RI-EA#1", "CU-EA#1"])
    state = play(state, "tile:ea-fu#1", "at:a3", "lay:a3:a4", "skip")
    moves = codes(state)
    assert "token:ca" in moves and "take:ba-ca#1" in moves
    state = play(state, "take:ba-ca#1")
    assert not any(c.startswith("token:") for c in codes(state))  # refilling started
    state = play(state, "take:fe-ri#1", "take:cu-ea#1")
    assert sorted(player(state, 0)["pool"]) == ["BA-CA#1", "CA-CH#1", "CU-EA#1", "FE-RI#1"]
    assert len(state.data["common"]) == 5  # refilled from the pile
    assert SAPIENS.to_act(state) == {"ben"}


def test_the_ai_counts_cueillette_food_still_to_be_asked() -> None:
    """The heuristic judges a line cut at the Cueillette question as it will end (the
    food taken), so the new question does not make connecting Cueillette look worse."""
    laid = [("CH-FU#1", "SB5", "B5"), ("CU-FU#2", "C4", "B4")]
    state = position(["CU-EA#1", "CA-CH#1"], laid=laid)
    state = play(state, "tile:cu-ea#1", "at:d4", "lay:d4:d3")
    assert codes(state) == ["do:cu", "skip"]
    taken = play(state, "do:cu")
    assert SAPIENS.evaluate(state, "ana") == pytest.approx(SAPIENS.evaluate(taken, "ana"))
    assert SAPIENS.evaluate(state, "ben") == pytest.approx(SAPIENS.evaluate(taken, "ben"))
