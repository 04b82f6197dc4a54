"""Step 4: conflicts above the population limit (rulebook "Résolution des conflits", T6, T9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.base import CorruptState, State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes import conflicts as cf
from rules.tribes import crowding
from tests.rules.tribes.helpers import at_actions, codes, give, members, play, record, village


def _last_action(state_members: dict[str, list[int]], players: int = 2) -> State:
    """Player 0 has Lead done and a blank die left for Grow: ``grow:blank`` then ``done``
    ends step 3 without changing the map, so step 4 runs on ``state_members``."""
    return at_actions(players, members=state_members, hand=("blank",), used=("lead",))


def test_two_tribes_remove_one_each_until_one_is_left() -> None:
    state = _last_action({"H05": [4, 3]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [1, 0]
    assert state.data["players"][1]["supply"] == 20


def test_equal_tribes_can_empty_the_hex() -> None:
    state = _last_action({"H05": [3, 3]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [0, 0]


def test_three_tribes() -> None:
    state = _last_action({"H07": [2, 4, 3]}, players=3)
    state = play(state, "grow:blank", "done")
    assert members(state, "H07") == [0, 1, 0]


def test_one_tribe_above_the_limit_trims_to_it() -> None:
    state = _last_action({"H05": [7, 0]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [5, 0]
    assert state.data["players"][0]["supply"] == 15


def test_a_tribe_left_alone_above_the_limit_is_trimmed_too() -> None:
    state = _last_action({"H05": [9, 1]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [5, 0]


def test_five_members_is_no_conflict() -> None:
    state = _last_action({"H05": [3, 2]})
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [3, 2]


def test_the_active_player_picks_the_order_of_several_conflicts() -> None:
    state = _last_action({"H05": [3, 3], "H01": [6, 0]})
    state = play(state, "grow:blank", "done")
    assert sorted(codes(state)) == ["conflict:h01", "conflict:h05"]
    state = play(state, "conflict:h05")
    assert members(state, "H05") == [0, 0] and members(state, "H01") == [5, 0]


def test_bow_removes_a_defender_before_resolution() -> None:
    state = _last_action({"H05": [3, 4]})
    give(state, 0, done=["D4"])
    state = play(state, "grow:blank", "done")
    assert codes(state) == [f"bow:{state.data['players'][1]['tribe']}", "nobow"]
    state = play(state, codes(state)[0])
    # 3 against 3 once the Bow took one: the conflict goes on and empties the hex.
    assert members(state, "H05") == [0, 0]


def test_bow_may_be_left_unused() -> None:
    state = _last_action({"H05": [3, 4]})
    give(state, 0, done=["D4"])
    state = play(state, "grow:blank", "done", "nobow")
    assert members(state, "H05") == [0, 1]


def test_bow_is_for_the_attacker_only() -> None:
    state = _last_action({"H05": [4, 3]})
    give(state, 1, done=["D4"])
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [1, 0]


def test_bow_keeps_going_when_the_hex_drops_to_the_limit() -> None:
    state = _last_action({"H05": [4, 2]})
    give(state, 0, done=["D4"])
    state = play(state, "grow:blank", "done")
    state = play(state, codes(state)[0])  # 4 against 1: five members, still resolved
    assert members(state, "H05") == [3, 0]


def _fortified(state_members: dict[str, list[int]], players: int = 2, owner: int = 1) -> State:
    """``_last_action`` with ``owner``'s village on the first hex given and the
    Fortifications bought by ``owner``."""
    state = _last_action(state_members, players)
    village(state, next(iter(state_members)), owner)
    state.data["players"][owner]["acquired"].append("fortifications")
    return state


def _tribe(state: State, p: int) -> str:
    tribe: str = state.data["players"][p]["tribe"]
    return tribe


def test_fortifications_are_the_defenders_choice() -> None:
    """Rulebook, step 4: « Si le joueur en défense a acquis la carte Événement
    Fortifications et possède un village dans un hexagone en conflit, il peut retirer de
    l'hexagone un membre de tribu en attaque avant la résolution du conflit. » « il
    peut »: the defender decides, on the active player's turn."""
    state = _fortified({"H05": [4, 3]})
    state = play(state, "grow:blank", "done")
    assert GAME.to_act(state) == {"p1"} and members(state, "H05") == [4, 3]
    assert codes(state) == [f"fort:{_tribe(state, 0)}", "nofort"]  # no ``back``
    assert state.data["frames"][-1]["hex"] == "H05"
    state = play(state, f"fort:{_tribe(state, 0)}")
    # 3 against 3 after the Fortifications: the hex empties and the village is lost.
    assert members(state, "H05") == [0, 0]
    assert state.data["villages"].get("H05") is None
    notes = [n["key"] for n in state.last["notes"]] if state.last else []
    assert notes[0] == "tribes.note.fortify"
    assert state.data["turn"] == 1  # p0's turn went on to its end


def test_the_defender_may_leave_the_fortifications_unused() -> None:
    state = _fortified({"H05": [4, 3]})
    state = play(state, "grow:blank", "done", "nofort")
    assert members(state, "H05") == [1, 0]


def test_with_three_tribes_the_defenders_choice_changes_who_holds_the_hex() -> None:
    """Rulebook, step 4: « il peut retirer de l'hexagone un membre de tribu en attaque »,
    and « Pour l'utilisation des cartes, le joueur actif est considéré en « attaque »
    tandis que les autres joueurs sont considérés en « défense » »: only the active
    player's members may be taken (the third tribe defends too), and the defender's
    choice decides between an empty hex and the third tribe holding it."""
    state = _fortified({"H07": [3, 1, 3]}, players=3)
    state = play(state, "grow:blank", "done")
    assert GAME.to_act(state) == {"p1"}
    assert codes(state) == [f"fort:{_tribe(state, 0)}", "nofort"]
    error = GAME.explain_illegal(state, "p1", f"fort:{_tribe(state, 2)}")
    assert error.key == "tribes.illegal.fort_target"
    used = play(state, f"fort:{_tribe(state, 0)}")  # 2 1 3 -> 1 0 2 -> 0 0 1
    assert members(used, "H07") == [0, 0, 1]
    kept = play(state, "nofort")  # 3 1 3 -> 2 0 2 -> 1 0 1 -> 0 0 0
    assert members(kept, "H07") == [0, 0, 0]


def test_fortifications_need_a_village_on_that_hex() -> None:
    state = _last_action({"H05": [4, 3]})
    state.data["players"][1]["acquired"].append("fortifications")
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [1, 0]


def test_no_fortifications_question_without_an_attacker_on_the_hex() -> None:
    """Two defending tribes crowded on a hex (by an event, say): nobody attacks there."""
    state = _fortified({"H07": [0, 3, 3], "H01": [2, 0, 0]}, players=3)
    state = play(state, "grow:blank", "done")
    assert members(state, "H07") == [0, 0, 0] and state.data["turn"] == 1


def test_a_defender_who_leaves_during_the_question_lets_the_fight_go_on() -> None:
    state = _fortified({"H07": [4, 2, 0], "H01": [0, 0, 2]}, players=3)
    state = play(state, "grow:blank", "done")
    assert GAME.to_act(state) == {"p1"}
    state = GAME.remove_seat(state, "p1").state
    GAME.check_game_invariants(state)
    assert state.data["turn"] == 2  # p0's turn went on to its end
    assert members(state, "H07") == [4, 0, 0] and "H07" not in state.data["villages"]


def test_fortifications_of_rules_version_2_games_act_by_themselves() -> None:
    """Games stored under rules versions 1 and 2 replay as they were played: the
    Fortifications removed an attacking member without asking."""
    assert GAME.check_rules_version(2, {})["conflicts_reviewed"] is False
    assert GAME.check_rules_version(1, {})["conflicts_reviewed"] is False
    assert GAME.setup(["a", "b"], "v3").options["conflicts_reviewed"] is True
    state = _fortified({"H05": [4, 3]})
    state.options["conflicts_reviewed"] = False
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [0, 0] and state.data["turn"] == 1


def test_a_village_whose_tribe_is_wiped_out_is_lost() -> None:
    state = _last_action({"H05": [5, 2]})
    village(state, "H05", 1)
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [3, 0]
    assert state.data["villages"].get("H05") is None
    assert state.data["village_supply"] == 12 and not state.data["village_aside"]
    notes = [n["key"] for n in state.last["notes"]] if state.last else []
    assert "tribes.note.village_lost" in notes


def test_the_winner_keeps_its_village() -> None:
    state = _last_action({"H05": [2, 5]})
    village(state, "H05", 1)
    state = play(state, "grow:blank", "done")
    assert members(state, "H05") == [0, 3]
    assert state.data["villages"].get("H05") == 1


def test_spear_ignores_the_village_owners_first_removal() -> None:
    state = _last_action({"H05": [4, 3]})
    village(state, "H05", 1)
    give(state, 1, done=["D5"])
    state = play(state, "grow:blank", "done")
    # 4/3 -> 3/3 (Spear) -> 2/2 -> 1/1 -> 0/0
    assert members(state, "H05") == [0, 0]


def test_conflicts_only_above_the_limit() -> None:
    state = _last_action({"H05": [6, 0], "H01": [5, 0]})
    assert crowding.conflict_hexes(state) == ["H05"]
    assert crowding.population_limit(state, "H05") == 5
    cf.resolve(state, "H05", record())
    assert members(state, "H05") == [5, 0]


def test_a_game_stored_under_rules_version_2_replays_as_it_was_played() -> None:
    """A log made by the code of rules version 2 (automatic Fortifications, the Elder's
    point to the active player) replays to the same end once upgraded; under the
    current rules the same log is no longer legal, hence the version."""
    stored = json.loads((Path(__file__).parent / "v2_fortified_game.json").read_text())
    options = GAME.check_rules_version(stored["rules_version"], stored["options"])
    assert options["conflicts_reviewed"] is False
    state = GAME.setup(stored["seats"], stored["seed"], options)
    narrated: set[str] = set()
    for seat, code in stored["moves"]:
        state = GAME.apply(state, seat, code)
        narrated |= {n["key"] for n in state.last["notes"]} if state.last else set()
    GAME.check_game_invariants(state)
    assert {"tribes.note.fortified", "tribes.note.elder_taken"} <= narrated
    assert GAME.outcome(state) is not None
    scores = {s: sum(state.data["players"][i]["vp"]) for i, s in enumerate(state.seats)}
    assert scores == stored["scores"]
    with pytest.raises(CorruptState):
        GAME.replay(stored["seats"], stored["seed"], stored["options"], stored["moves"])
