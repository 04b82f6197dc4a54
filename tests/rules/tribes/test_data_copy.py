"""The copy of a Tribes state made for every move (``data_copy``): it shares nothing with
the original, keys it does not know included, and equals what the generic copy gives."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.base import CorruptState, State, copy_json, to_json
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes.data_copy import check_shape, copy_data


def _states(players: int, seed: int, every: int = 7) -> Iterator[State]:
    """Every ``every``-th state of a random game (frames, events and villages come up)."""
    chooser = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(players)], f"copy-{seed}")
    while GAME.outcome(state) is None and state.version < 2000:
        if state.version % every == 0:
            yield state
        seat = chooser.choice(sorted(GAME.to_act(state)))
        moves = [m for m in GAME.legal_moves(state, seat) if m.code != "back"]
        state = GAME.apply(state, seat, chooser.choice(moves).code)
    yield state


def _containers(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _containers(v)
    elif isinstance(value, list):
        yield value
        for v in value:
            yield from _containers(v)


def _poke_everything(value: Any) -> None:
    """Change every container reachable from ``value`` in place."""
    for box in list(_containers(value)):
        if isinstance(box, dict):
            box["__poked__"] = [1]
        else:
            box.append({"poked": 1})


def _future_keys(data: dict[str, Any]) -> None:
    """Keys a later module might add, at every level the copy knows."""
    data["future"] = {"nested": [[1, 2], {"deep": [3]}]}
    data["players"][0]["future"] = {"chief": [{"hex": "H01"}]}
    data["events"]["future"] = [[4], {"five": [5]}]


@pytest.mark.parametrize("players", [2, 4])
def test_a_copied_state_shares_no_container_with_the_original(players: int) -> None:
    for state in _states(players, seed=players):
        _future_keys(state.data)
        before = to_json(state)
        new = state.copy(copy_data)
        assert new == state
        assert new.data == copy_json(state.data)
        mine = {id(box) for box in _containers(state.data)}
        assert not any(id(box) in mine for box in _containers(new.data))
        _poke_everything(new.data)
        assert to_json(state) == before


def test_a_move_leaves_the_state_it_was_applied_to_untouched() -> None:
    for state in _states(3, seed=5, every=3):
        if GAME.outcome(state) is not None:
            continue
        _future_keys(state.data)
        before = to_json(state)
        seat = sorted(GAME.to_act(state))[0]
        new = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0].code)
        _poke_everything(new.data)
        assert to_json(state) == before


def test_a_container_copied_one_level_deep_must_hold_atoms_only() -> None:
    state = next(_states(2, seed=1))
    check_shape(state.data)
    state.data["players"][1]["goals"].append(["A1"])
    with pytest.raises(CorruptState):
        check_shape(state.data)
    state = next(_states(2, seed=1))
    state.data["villages"]["H01"] = {"owner": 0}
    with pytest.raises(CorruptState):
        GAME.check_game_invariants(state)
