"""Abandoning a tribe (S6), a player out of moves (S7), the two-player discard, the end
of the game and the scores (rulebook "Abandonner sa Tribu", "Fin de partie")."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove, State
from rules.sapiens import SAPIENS
from rules.sapiens.board import PLAY, Ground
from tests.rules.sapiens.helpers import (
    SEATS,
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
    "WA3": "EA",
    "SB5": "CH",
    "NF1": "CU",
    "EH3": "BA",
    "SG5": "RI",
    "NW": "CA",
    "NE": "FU",
}


def hemmed_in(pool: list[str], players: int = 3) -> State:
    """Ana's tribe is one tile (Chasse on SB5, Feu on B5): only Feu can join it."""
    state = new_game(players, "abandon")
    set_valley(state, 0, "VL1-A", "VR1-A", dict(TOKENS))
    lay(state, 0, "CH-FU#1", "SB5", "B5")
    set_pool(state, 0, pool)
    return playing(state, 0)


def test_abandon_example_vianney_new_tribe_on_the_cueillette_cave_scores_5() -> None:
    """Rulebook example: no tile fits; Vianney picks the cave with the Cueillette token,
    the token leaves the game, any tile goes there, and he scores the lower 5."""
    state = hemmed_in(["RI-EA#1", "BA-CA#1"])
    assert codes(state) == ["abandon"]
    state = play(state, "abandon")
    assert sorted(codes(state)) == ["back", "tile:ba-ca#1", "tile:ri-ea#1"]
    state = play(state, "tile:ri-ea#1")
    assert sorted(codes(state)) == ["at:eh3", "at:nc1", "at:nf1", "at:sg5", "at:wa3", "back"]
    state = play(state, "at:nf1", "lay:nf1:f1")
    p = player(state, 0)
    assert p["shelter"] == 5  # NF1 is 8/5: the lower value
    assert p["gone"] == ["CU"] and "CU" not in p["held"]
    assert p["tribe"] == 2 and p["laid"][-1] == "RI-EA#1 NF1 F1 2"
    assert p["food"] == 0  # no food, no effect for a new tribe (S5)
    view = SAPIENS.view(state, None)["players"]["ana"]["tiles"]
    assert [t["abandoned"] for t in view] == [True, False]


def test_abandon_only_when_no_tile_fits() -> None:
    state = hemmed_in(["RI-EA#1", "EA-FU#1"])
    assert "abandon" not in codes(state)
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "abandon")
    assert caught.value.key == "sapiens.why.must_lay"


def test_tokens_stay_playable_before_abandoning() -> None:
    """S6: a token played "juste avant" may still make a tile fit (here Eau)."""
    state = hemmed_in(["RI-EA#1", "BA-CA#1"])
    hold(state, 0, "EA")
    set_common(state, ["EA-FU#1", "FE-RI#1", "FE-RI#2", "RI-CH#1", "CU-EA#1"])
    assert sorted(codes(state)) == ["abandon", "token:ea"]
    state = play(state, "token:ea", "get:ea-fu#1", "give:ba-ca#1")
    assert "tile:ea-fu#1" in codes(state) and "abandon" not in codes(state)


def test_new_tribe_needs_a_free_cave_with_a_free_cell() -> None:
    state = hemmed_in(["RI-EA#1", "BA-CA#1"])
    player(state, 0)["bears"] = ["C1", "A3"]
    state.data["bears"] -= 2
    state = play(state, "abandon", "tile:ri-ea#1")
    assert sorted(codes(state)) == ["at:eh3", "at:nf1", "at:sg5", "back"]


def test_new_tribe_no_cueillette_on_a_plain() -> None:
    state = hemmed_in(["FE-CU#1", "CU-RI#1"])
    state = play(state, "abandon", "tile:fe-cu#1")
    # NC1's cell C1 is a Plain: Cueillette must go on the cave there
    state = play(state, "at:nc1")
    assert player(state, 0)["laid"][-1] == "FE-CU#1 C1 NC1 2"


# -- an active tribe never touches an abandoned one (rules version 3) ---------------


def beside_old_tribe(options: dict[str, object] | None = None) -> State:
    """The issue's example (3 players): an abandoned tile (tribe 1) on D2/D3; the active
    tribe (tribe 2) is one tile, Festin on C1 and Rituel on the cave NC1."""
    state = SAPIENS.setup(SEATS[:3], "apart", options)
    set_valley(state, 0, "VL1-A", "VR1-A", {k: v for k, v in TOKENS.items() if k != "NC1"})
    lay(state, 0, "RI-EA#1", "D2", "D3", tribe=1)
    lay(state, 0, "FE-RI#1", "C1", "NC1", tribe=2)
    player(state, 0)["tribe"] = 2
    set_pool(state, 0, ["FE-CA#1", "EA-FU#1", "BA-CH#1"])
    return playing(state, 0)


def test_an_active_tile_never_lies_beside_an_abandoned_tile() -> None:
    """« Une Tribu active ne peut jamais être connectée à une Tribu Abandonnée. », where
    « Une tuile est dite connectée lorsqu'au moins un côté (pas une diagonale) d'une de
    ses deux Scènes est en contact avec une autre tuile. » Festin on D1 beside the
    Festin on C1 would touch the abandoned tile on D2: D1 is not offered, nor is C2
    (beside D2); typed, it is refused and the reason says why."""
    state = play(beside_old_tribe(), "tile:fe-ca#1")
    assert sorted(codes(state)) == ["at:a1", "at:b1", "at:b2", "back"]
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "at:d1")
    assert caught.value.key == "sapiens.why.abandoned"
    here = Ground.of(player(state, 0))
    assert here.check("FE-CA#1", ("D1", "E1"), PLAY) == "sapiens.why.abandoned"
    assert here.check("FE-CA#1", ("B1", "A1"), PLAY) is None


def test_the_version_2_reading_still_plays_with_the_option_off() -> None:
    """Games stored under rules versions 1 and 2 keep their reading: abandoned tiles
    only block their squares (option ``abandoned_apart`` off)."""
    assert SAPIENS.check_rules_version(2, {})["abandoned_apart"] is False
    assert SAPIENS.check_rules_version(3, {})["abandoned_apart"] is True
    state = play(beside_old_tribe({"abandoned_apart": False}), "tile:fe-ca#1")
    assert "at:d1" in codes(state)
    state = play(state, "at:d1")
    assert player(state, 0)["laid"][-1] == "FE-CA#1 D1 E1 2"
    assert player(state, 0)["food"] == 2  # D1 prints 2


def test_a_tile_that_fits_only_beside_an_abandoned_tile_is_not_offered() -> None:
    """« Cette nouvelle Tribu devient sa Tribu active, la seule à laquelle il peut
    connecter de nouvelles tuiles. Une Tribu active ne peut jamais être connectée à une
    Tribu Abandonnée. »: with a bear on B1, the Festin of FE-CA could join C1 only on D1
    or C2, both beside the abandoned tile; nothing else fits, so the player abandons."""
    state = beside_old_tribe()
    player(state, 0)["bears"] = ["B1"]  # Festin can join C1 only on D1 or C2 now
    state.data["bears"] -= 1
    assert codes(state) == ["abandon"]
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "tile:fe-ca#1")
    assert caught.value.key == "sapiens.why.abandoned_tile"
    assert SAPIENS.explain_illegal(state, "ana", "tile:ba-ch#1").key == "sapiens.why.cannot_lay"


def test_a_new_tribe_never_starts_beside_an_abandoned_tile() -> None:
    """« Une Tribu active ne peut jamais être connectée à une Tribu Abandonnée. »: the
    tile on the cave WA3 would cover A3, beside the old tribe's Feu on B3."""
    state = hemmed_in(["RI-EA#1", "BA-CA#1"])
    lay(state, 0, "CH-FU#2", "B4", "B3")
    state = playing(state, 0)
    state = play(state, "abandon", "tile:ri-ea#1")
    assert sorted(codes(state)) == ["at:eh3", "at:nc1", "at:nf1", "at:sg5", "back"]
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "at:wa3")
    assert caught.value.key == "sapiens.why.abandoned_cave"


def test_no_new_tribe_when_every_free_cave_is_beside_old_tiles() -> None:
    """« Une Tribu active ne peut jamais être connectée à une Tribu Abandonnée. » and
    « la partie d'un joueur peut s'achever avant celle des autres si, à son tour, il
    lui est impossible de poser une tuile en jeu, même en abandonnant sa Tribu. »"""
    state = hemmed_in(["RI-EA#1", "BA-CA#1"])
    for tile, a, b in [
        ("CH-FU#2", "B1", "B2"),  # beside C1 (NC1)
        ("FE-CH#1", "A4", "A5"),  # beside A3 (WA3)
        ("FE-FU#1", "E1", "E2"),  # beside F1 (NF1)
        ("FE-CU#1", "G4", "H4"),  # beside G5 (SG5) and H3 (EH3)
    ]:
        lay(state, 0, tile, a, b)
    state = playing(state, 0)
    assert codes(state) == ["stop"]
    with pytest.raises(IllegalMove) as caught:
        SAPIENS.apply(state, "ana", "abandon")
    assert caught.value.key == "sapiens.why.no_cave_apart"
    loose = SAPIENS.setup(SEATS[:3], "abandon", {"abandoned_apart": False})
    loose.data = state.data
    assert codes(loose) == ["abandon"]


def stuck(players: int = 3) -> State:
    """Every cave of Ana's valley is covered, her tribe shows only Feu, no Feu in pool."""
    state = new_game(players, "stuck")
    set_valley(state, 0, "VL1-A", "VR1-A", dict(TOKENS))
    for tile, cave, cell in [
        ("CH-FU#1", "SB5", "B5"),
        ("CA-FU#1", "NC1", "C1"),
        ("BA-FU#1", "WA3", "A3"),
        ("RI-FU#1", "NF1", "F1"),
        ("EA-FU#1", "EH3", "H3"),
        ("FE-FU#1", "SG5", "G5"),
    ]:
        lay(state, 0, tile, cave, cell)
    set_pool(state, 0, ["RI-EA#1", "BA-CA#1"])
    player(state, 0)["food"], player(state, 0)["shelter"] = 9, 12
    return playing(state, 0)


def test_out_of_moves_player_stops_and_keeps_points() -> None:
    """S7: no tile fits, no cave is free: the player's game is over, points kept."""
    state = stuck()
    assert codes(state) == ["stop"]
    state = play(state, "stop")
    p = player(state, 0)
    assert p["finished"] and (p["food"], p["shelter"]) == (9, 12)
    assert SAPIENS.to_act(state) == {"ben"}
    for _ in range(60):
        if SAPIENS.outcome(state) is not None:
            break
        assert "ana" not in SAPIENS.to_act(state)
        state = play(state, codes(state)[0])
    assert SAPIENS.scores(state).total("ana") == 9


def test_out_of_moves_is_found_when_the_turn_comes() -> None:
    state = stuck()
    state.data["turn"] = 2  # Cy plays, then Ana is found stuck and skipped
    for _ in range(40):
        if state.data["turn"] != 2:
            break
        state = play(state, codes(state)[0])
    assert player(state, 0)["finished"]
    assert state.data["turn"] == 1
    assert "sapiens.note.finished" in [n["key"] for n in state.last["notes"]]  # type: ignore[index]


def test_everybody_out_ends_the_game() -> None:
    state = stuck(2)
    player(state, 1)["finished"] = True
    state = play(state, "stop")
    assert SAPIENS.outcome(state) is not None
    assert state.data["over"] == "stuck"


def test_two_players_remove_a_common_tile_each_turn() -> None:
    state = hemmed_in(["EA-FU#1", "RI-EA#1"], players=2)
    set_common(state, ["BA-CA#1", "FE-RI#1", "FE-RI#2", "RI-CH#1", "CU-EA#1"])
    state.data["baston"] = {"CU-EA#1": [0]}
    player(state, 0)["baston_home"] = 2
    state = play(state, "tile:ea-fu#1", "at:a5")  # one way only: laid at once
    if state.data["frames"]:
        state = play(state, "skip")
    state = play(state, "take:ba-ca#1", "take:fe-ri#1", "take:ri-ch#1")
    assert sorted(codes(state)) == ["discard:cu-ea#1", "discard:fe-ri#2", "recall:cu-ea#1"]
    pile = len(state.data["pile"])
    state = play(state, "discard:cu-ea#1")
    assert state.data["discarded"] == ["CU-EA#1"]
    assert player(state, 0)["baston_home"] == 3 and state.data["baston"] == {}  # home
    assert len(state.data["common"]) == 5 and len(state.data["pile"]) == pile - 4


def test_three_players_remove_nothing() -> None:
    state = hemmed_in(["EA-FU#1", "RI-EA#1"], players=3)
    set_common(state, ["BA-CA#1", "FE-RI#1", "FE-RI#2", "RI-CH#1", "CU-EA#1"])
    state = play(state, "tile:ea-fu#1", "at:a5")  # one way only: laid at once
    if state.data["frames"]:
        state = play(state, "skip")
    state = play(state, "take:ba-ca#1", "take:fe-ri#1", "take:ri-ch#1")
    assert state.data["discarded"] == [] and state.data["turn"] == 1


def test_the_end_finishes_the_round() -> None:
    """The pile and the common pool empty: the round is played to the player before
    the first player; pools that are empty pass."""
    state = new_game(3, "end")
    while state.data["phase"] == "start":
        state = play(state, codes(state)[0])
    first = state.data["first"]
    data = state.data
    data["removed"] += data["pile"] + data["common"][1:]
    data["pile"], data["common"] = [], data["common"][:1]
    # the first player plays, takes the last common tile: the end is triggered
    while data["turn"] == first:
        state = play(state, codes(state)[0])
        data = state.data
    assert data["ending"] is not None and SAPIENS.outcome(state) is None
    turns: list[int] = []
    while SAPIENS.outcome(state) is None:
        if not turns or turns[-1] != data["turn"]:
            turns.append(data["turn"])
        state = play(state, codes(state)[0])
        data = state.data
    assert turns == [(first + 1) % 3, (first + 2) % 3]
    assert data["over"] == "normal"


def test_final_score_example_marceau_wins_30_to_28() -> None:
    """Rulebook: Vianney 38 food / 28 shelter keeps 28; Marceau 30 / 31 keeps 30."""
    state = SAPIENS.setup(["vianney", "marceau"], "final")
    data = state.data
    data["players"][0]["food"], data["players"][0]["shelter"] = 38, 28
    data["players"][1]["food"], data["players"][1]["shelter"] = 30, 31
    data["over"] = "normal"
    sheet = SAPIENS.scores(state)
    assert sheet.total("vianney") == 28 and sheet.total("marceau") == 30
    assert sheet.rows["vianney"] == {"sapiens.food": 38, "sapiens.shelter": 28}
    outcome = SAPIENS.outcome(state)
    assert outcome is not None
    assert outcome.ranking == (("marceau",), ("vianney",))


def test_ties_share_the_win() -> None:
    state = new_game(3, "tie")
    for p, (food, shelter) in zip(
        state.data["players"], [(20, 25), (27, 20), (19, 30)], strict=True
    ):
        p["food"], p["shelter"] = food, shelter
    state.data["over"] = "normal"
    outcome = SAPIENS.outcome(state)
    assert outcome is not None and set(outcome.winners) == {SEATS[0], SEATS[1]}


def test_a_player_who_resigns_leaves_the_others_playing() -> None:
    state = hemmed_in(["EA-FU#1", "RI-EA#1"])
    state.data["baston"] = {state.data["common"][0]: [0]}
    player(state, 0)["baston_home"] = 2
    state = play(state, "tile:ea-fu#1")
    state = SAPIENS.remove_seat(state, "ana", "resign").state
    SAPIENS.check_game_invariants(state)
    assert SAPIENS.to_act(state) == {"ben"}
    assert player(state, 0)["baston_home"] == 3 and state.data["baston"] == {}
    assert "EA-FU#1" in player(state, 0)["pool"]  # the pending step was dropped


def test_steps_before_a_draw_can_be_undone_a_draw_cannot() -> None:
    state = hemmed_in(["EA-FU#1", "RI-EA#1"])
    set_common(state, ["BA-CA#1", "FE-RI#1", "FE-RI#2", "RI-CH#1", "CU-EA#1"])
    applied = SAPIENS.play(state, "ana", "tile:ea-fu#1")
    assert applied.undoable
    state = applied.state
    assert "back" in codes(state)
    state = play(state, "at:a5")
    applied = SAPIENS.play(state, "ana", "take:ba-ca#1")
    assert applied.undoable  # the common pool is face up: nothing learned
    applied = SAPIENS.play(applied.state, "ana", "take:fe-ri#1")
    applied = SAPIENS.play(applied.state, "ana", "take:ri-ch#1")
    assert not applied.undoable  # the pile refilled the common pool: a tile was revealed
    assert any(n.key == "sapiens.note.reveal" for n in applied.notes)


def test_out_of_moves_no_token_is_cashed_that_lays_nothing() -> None:
    """S7: a player who can lay nothing, even as a new tribe, is out; only a token that
    could make a tile fit (Eau here) keeps him in, Campement does not."""
    state = stuck()
    hold(state, 0, "CA", "CH")
    assert codes(state) == ["stop"]
    hold(state, 0, "EA")
    set_common(state, ["BA-FU#2", "FE-RI#1", "FE-RI#2", "RI-CH#1", "CU-EA#1"])
    assert codes(state) == ["token:ea", "stop"]
    state.options["tokens_when_out"] = "any"  # rules version 1
    assert codes(state) == ["token:ea", "token:ca", "token:ch", "stop"]
