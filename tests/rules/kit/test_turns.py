"""rules.kit.turns: rotation, rounds, seats out, passes in a row, the final round."""

from __future__ import annotations

from rules.base import State
from rules.kit.turns import BLOCKED, Turns, new_turns
from tests.rules.kit.helpers import bare_state


def game(players: int = 3, first: int = 0) -> State:
    return bare_state(players, **new_turns(first))


def test_rotation_counts_a_round_when_the_first_player_comes_back() -> None:
    s = game(3, first=1)
    t = Turns(s)
    seen = []
    for _ in range(4):
        assert t.end_turn() is None
        seen.append((t.current, s.data["round"]))
    assert seen == [(2, 1), (0, 1), (1, 2), (2, 2)]


def test_seats_out_are_skipped_and_passing_over_the_first_still_counts() -> None:
    s = game(4, first=0)
    s.out.append("p0")
    s.data["turn"] = 3
    t = Turns(s)
    t.advance()
    assert t.current == 1 and s.data["round"] == 2
    s.out.append("p2")
    t.advance()
    assert t.current == 3 and t.after(3) == [1]


def test_everyone_passing_in_a_row_blocks_and_an_action_starts_over() -> None:
    s = game(2)
    t = Turns(s)
    t.passed()
    assert t.end_turn() is None and t.current == 1
    t.acted()
    t.passed()
    assert t.end_turn() is None
    t.passed()
    assert t.everyone_passed and t.end_turn() == BLOCKED


def test_final_round_the_trigger_finishes_and_every_other_plays_once() -> None:
    s = game(3, first=0)
    s.data["turn"] = 1
    t = Turns(s)
    t.start_final_round("deck")
    t.start_final_round("board")  # only the first trigger counts
    assert t.is_final_round and s.data["ending"] == {"reason": "deck", "by": 1, "left": [2, 0]}
    assert t.end_turn() is None and t.current == 2
    assert t.end_turn() is None and t.current == 0 and s.data["round"] == 2
    assert t.end_turn() == "deck"


def test_final_round_skips_a_seat_that_left_meanwhile() -> None:
    s = game(3)
    t = Turns(s)
    t.start_final_round("supply")
    s.out.append("p1")
    assert t.end_turn() is None and t.current == 2
    assert t.end_turn() == "supply"


def test_final_round_wins_over_a_blocked_table() -> None:
    s = game(2)
    t = Turns(s)
    t.start_final_round("villages")
    t.passed()
    t.passed()
    assert t.end_turn() is None and t.current == 1


def test_step_visits_every_seat_in_order_out_or_not_and_says_when_a_round_starts() -> None:
    s = game(3, first=1)
    s.out.append("p2")
    t = Turns(s)
    seen = [(t.step(), t.current, s.data["round"]) for _ in range(4)]
    assert seen == [(False, 2, 1), (False, 0, 1), (True, 1, 2), (False, 2, 2)]


def test_a_round_played_out_leaves_only_the_players_before_the_first() -> None:
    s = game(4, first=1)
    s.data["turn"] = 3
    t = Turns(s)
    t.start_final_round("pile", round_out=True)
    assert s.data["ending"] == {"reason": "pile", "by": 3, "left": [0]}
    assert t.step() is False and t.current == 0 and s.data["ending"]["left"] == []
    assert t.step() is True  # the first player again: the round is played out


def test_a_round_played_out_from_the_last_player_leaves_nobody() -> None:
    s = game(3, first=0)
    s.data["turn"] = 2
    t = Turns(s)
    t.start_final_round("pile", round_out=True)
    assert s.data["ending"] == {"reason": "pile", "by": 2, "left": []}
    assert t.end_turn() == "pile"
