"""``bot/service/events`` is pure: it imports no store, clock, network or file access,
and draws only from its own seeded generators (never the ``random`` module's global
one), so the same entries, history and seed give the same tables."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.service.events

PACKAGE = Path(bot.service.events.__file__).parent
ALLOWED = {
    "__future__",
    "collections",
    "collections.abc",
    "dataclasses",
    "fractions",
    "itertools",
    "math",
    "random",
    "types",
    "typing",
    "networkx",
    "bot.service.values",
}


def test_the_package_imports_only_pure_modules() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                module = node.module
                assert module in ALLOWED or module.startswith("bot.service.events"), (
                    f"{path.name} imports {module}"
                )
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name in ALLOWED, f"{path.name} imports {alias.name}"
            elif isinstance(node, ast.Name):
                assert node.id not in ("open", "print", "input"), f"{path.name} uses {node.id}"


def test_randomness_comes_from_seeded_generators_only() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name}:{node.lineno} random.{node.attr}"
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "Random":
                assert node.args, f"{path.name}:{node.lineno}: a generator without a seed"
