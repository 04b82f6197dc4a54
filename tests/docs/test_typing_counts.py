"""``scripts.typing_counts`` counts what its doc says, on a module whose counts are known."""

from __future__ import annotations

from scripts.typing_counts import Counts, count_source, rows

SOURCE = '''
"""A docstring that says Any and data["key"] is not counted."""
import typing
from typing import Any

def f(data: dict[str, Any], other: typing.Any) -> Any:
    data["turn"] = data["turn"] + 1  # one read, one write; this Any is a comment
    del data["gone"]
    seen = data.get("seen", 0) + data[0] + data[key]
    return data["players"][0]["name"], other.get(key)
'''


def test_counts_of_a_known_module() -> None:
    # Any: ``dict[str, Any]``, ``typing.Any``, the return; reads: "turn",
    # .get("seen"), "players", "name" (not data[0], data[key], .get(key)); writes:
    # "turn", "gone".
    assert count_source(SOURCE) == Counts(any_uses=3, reads=4, writes=2)


def test_every_package_is_counted_and_the_wholes_hold_their_parts() -> None:
    table = dict(rows())
    parts = [c for name, c in table.items() if name.startswith("rules/")]
    assert all(c.reads for c in parts)
    assert table["rules"].reads >= sum(c.reads for c in parts)
