"""rules.kit.stack: push/peek/pop, back with undo hooks, committed frames, settle."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.base import Move, Text
from rules.kit.stack import Frame, Stack

BACK = Move("back", Text("kit.back"), "back")
UNPLAY = Move("back", Text("kit.unplay"), "back")


def stack(data: dict[str, Any]) -> Stack:
    return Stack(data, backs={"act": BACK, "card": UNPLAY})


def test_push_peek_pop_keep_plain_json_in_data() -> None:
    data: dict[str, Any] = {"frames": []}
    s = stack(data)
    assert s.top is None and not s and len(s) == 0
    s.push("act", at="A3")
    s.push("reward", colour="violet")
    assert s.top == {"kind": "reward", "colour": "violet"} and len(s) == 2
    assert json.loads(json.dumps(data)) == data
    assert s.pop()["kind"] == "reward" and s.top == {"kind": "act", "at": "A3"}
    assert data["frames"] == [{"kind": "act", "at": "A3"}]
    s.push("reward", colour="green")
    s.clear()
    assert s.top is None and data["frames"] == []


def test_back_is_offered_per_kind_with_its_own_label() -> None:
    s = stack({"frames": []})
    moves = [Move("to:a1", Text("x"), "to")]
    assert s.with_back(moves) == moves  # nothing pending
    s.push("reward")
    assert not s.can_go_back() and s.with_back(moves) == moves
    s.push("card", card="A1")
    assert s.with_back(moves) == [*moves, UNPLAY]
    s.pop()
    s.push("act")
    assert s.back_move() == BACK


def test_back_runs_the_undo_hook_of_the_kind() -> None:
    hand: list[str] = []
    s = stack({"frames": []})
    s.push("card", card="A1")

    def unplay(frame: Frame) -> None:
        hand.append(frame["card"])

    assert s.back({"card": unplay}) == {"kind": "card", "card": "A1"}
    assert hand == ["A1"] and not s


def test_a_committed_frame_offers_no_back() -> None:
    s = stack({"frames": []})
    frame = s.push("card", card="A1")
    assert not Stack.is_committed(frame)
    Stack.commit(frame)
    assert s.top == {"kind": "card", "card": "A1", "committed": True}
    assert not s.can_go_back() and s.back_move() is None
    with pytest.raises(ValueError):
        s.back()


def test_settle_resolves_frames_that_need_no_decision() -> None:
    drawn: list[int] = []
    s = stack({"frames": []})
    s.push("act")
    s.push("empty")
    s.push("draw", n=2)

    def resolve(frame: Frame) -> None:
        if frame["kind"] == "draw":
            drawn.append(frame["n"])
            s.push("empty")

    s.settle(lambda f: f["kind"] in ("draw", "empty"), resolve)
    assert drawn == [2] and s.top == {"kind": "act"}
