"""``scripts.typing_counts`` counts what its doc says, on a module whose counts are known."""

from __future__ import annotations

from scripts.typing_counts import Counts, any_expressions, count_source, rows

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


REPORT = """\
                  Name   Anys   Exprs   Coverage
------------------------------------------------
         rules.nim        6     345     98.26%
    rules.kit.turns       2     100     98.00%
     rules.kit.end        0      50    100.00%
        rules.kitchen     9       9      0.00%
        render.nim        1     600     99.83%
------------------------------------------------
             Total       18    1104     98.37%
"""


def test_mypy_any_expressions_are_summed_per_package() -> None:
    found = any_expressions(REPORT)
    assert found["rules/nim"] == (6, 345)
    assert found["rules/kit"] == (2, 150)  # not rules.kitchen
    assert found["rules"] == (17, 504)
    assert found["render/nim"] == (1, 600)
    assert found["render/tribes"] == (0, 0)
