"""``Game.replay_steps``, the one way through a log: removals included, lazy, the same
states and labels as applying the entries one by one, errors that name the entry."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules import registry
from rules.base import REMOVAL_PREFIX, CorruptState, Game, State
from rules.nim import NIM

ENTRIES = 40
"""Entries of each random game (enough for every game's opening turns, quick)."""


def _old_replay(game: Game, state: State, log: Sequence[Sequence[str]]) -> list[State]:
    """The loop every caller used to write: a removal is ``remove_seat``, else ``apply``."""
    states = []
    for seat, code in log:
        if code.startswith(REMOVAL_PREFIX):
            state = game.remove_seat(state, seat, code[len(REMOVAL_PREFIX) :]).state
        else:
            state = game.apply(state, seat, code)
        states.append(state)
    return states


def _random_log(game: Game, seed: int) -> tuple[State, list[list[str]]]:
    """A seeded random game of three seats (or the fewest allowed): a seat resigns after
    three entries where the others play on, and another seat times out at the end
    where the game still runs."""
    rng = random.Random(seed)
    seats = [f"s{i}" for i in range(max(game.spec.min_seats, min(3, game.spec.max_seats)))]
    opening = game.setup(seats, f"steps{seed}", None)
    state = opening
    for turn in range(ENTRIES):
        if game.outcome(state) is not None:
            break
        if turn == 3 and game.continues_without_a_seat:
            state = game.remove_seat(state, seats[-1], "resign").state
            continue
        seat = sorted(game.to_act(state))[0]
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    if game.outcome(state) is None:
        state = game.remove_seat(state, seats[0], "timeout").state
    return opening, state.log


@pytest.mark.parametrize("rules", registry.ids())
def test_the_states_are_those_of_each_entry_applied_in_turn(rules: str) -> None:
    game = registry.get(rules)
    opening, log = _random_log(game, 7)
    # a removal in the log, unless the game ended by its rules first
    assert any(code.startswith(REMOVAL_PREFIX) for _, code in log) or len(log) < ENTRIES
    steps = list(game.replay_steps(opening, log))
    assert [a.state for a in steps] == _old_replay(game, opening, log)
    assert [[a.seat, a.move.code] for a in steps if a.move.code != "out"] == [
        e for e in log if not e[1].startswith(REMOVAL_PREFIX)
    ]
    assert steps[-1].state == game.replay(opening.seats, opening.seed, opening.options, log)


@pytest.mark.parametrize("rules", registry.ids())
def test_each_step_tells_what_play_and_remove_seat_tell(rules: str) -> None:
    game = registry.get(rules)
    opening, log = _random_log(game, 11)
    state = opening
    for (seat, code), applied in zip(log, game.replay_steps(opening, log), strict=True):
        if code.startswith(REMOVAL_PREFIX):
            expected = game.remove_seat(state, seat, code[len(REMOVAL_PREFIX) :])
        else:
            expected = game.play(state, seat, code, judge=False)
        assert (applied.seat, applied.move, applied.label, applied.notes, applied.table) == (
            expected.seat,
            expected.move,
            expected.label,
            expected.notes,
            expected.table,
        )
        assert applied.undoable == expected.undoable
        state = expected.state


def test_a_game_that_ends_by_a_removal_ends_in_the_replay_too() -> None:
    opening = NIM.setup(["a", "b"], "s", {"stones": 10})
    log = [["a", "take2"], ["b", "take1"], ["a", "!timeout"]]
    *_, last = NIM.replay_steps(opening, log)
    assert last.move.code == "out" and not last.undoable
    assert last.state.out == ["a"] and last.state.ended == "termination.timeout"
    outcome = NIM.outcome(last.state)
    assert outcome is not None and outcome.winners == ("b",)
    assert NIM.to_act(last.state) == frozenset()
    assert last.state == NIM.replay(["a", "b"], "s", {"stones": 10}, log)
    with pytest.raises(CorruptState):  # nothing applies after the end
        list(NIM.replay_steps(opening, [*log, ["b", "take1"]]))


def test_judge_gives_plays_full_judgement() -> None:
    opening = NIM.setup(["a", "b"], "s", {"stones": 10})
    log = [["a", "take2"], ["b", "!resign"]]
    judged = list(NIM.replay_steps(opening, log, judge=True))
    assert judged[0].undoable == NIM.play(opening, "a", "take2").undoable
    assert not judged[1].undoable


def test_a_refused_entry_is_named_by_its_place_in_the_whole_log() -> None:
    opening = NIM.setup(["a", "b", "c"], "s", {"stones": 10})
    log = [["a", "take2"], ["b", "take1"], ["c", "take1"], ["c", "take3"]]
    middle = NIM.replay(["a", "b", "c"], "s", {"stones": 10}, log[:2])
    with pytest.raises(CorruptState) as refused:
        list(NIM.replay_steps(middle, log[2:]))  # from a checkpoint after two entries
    assert refused.value.key == "state.replay_failed"
    assert refused.value.params == {"index": 3, "move": "take3"}
    with pytest.raises(CorruptState):  # an unknown reason of leaving
        list(NIM.replay_steps(opening, [["a", "!bored"]]))


def test_it_is_lazy_and_leaves_the_input_untouched() -> None:
    opening = NIM.setup(["a", "b"], "s", {"stones": 10})
    steps = NIM.replay_steps(opening, [["a", "take1"], ["b", "nonsense"]])
    first = next(steps)  # the bad second entry is not applied yet
    assert first.state.revision == 1 and opening.revision == 0 and opening.log == []
    with pytest.raises(CorruptState):
        next(steps)
