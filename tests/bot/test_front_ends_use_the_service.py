"""The front ends (``bot.discord``, ``bot.web``) go through the service, never around
it: no module of theirs reaches a store through an attribute (``service.store``,
``service.tournaments.store``...). The Discord client opens the store it hands to the
service (``client._store``); the web is given the service's ``Reads``."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.discord
import bot.web

PACKAGES = (Path(bot.discord.__file__).parent, Path(bot.web.__file__).parent)


def store_reaches(path: Path) -> list[str]:
    """``file:line`` of every ``<something>.store`` in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "store"
    ]


def test_the_checker_sees_a_reach_into_a_store(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(client):\n"
        "    store = client.service.tournaments.store\n"
        "    return getattr(client, 'store_name')\n",
        encoding="utf-8",
    )
    assert store_reaches(sample) == ["sample.py:2"]


def test_no_front_end_module_reaches_into_a_store() -> None:
    found = [
        reach
        for package in PACKAGES
        for path in sorted(package.rglob("*.py"))
        for reach in store_reaches(path)
    ]
    assert found == []
