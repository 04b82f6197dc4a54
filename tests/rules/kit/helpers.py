"""A bare ``State`` for kit tests (no game behind it)."""

from __future__ import annotations

from typing import Any

from rules.base import State


def bare_state(players: int = 3, seed: str = "kit", **data: Any) -> State:
    return State(
        game="test",
        rules_version=1,
        seats=[f"p{i}" for i in range(players)],
        seed=seed,
        options={},
        data=dict(data),
    )
