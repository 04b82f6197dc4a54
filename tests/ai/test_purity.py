"""``ai/`` and ``rules/`` are pure: no I/O, no front end, no global randomness, and a
clock only where ``strong`` honours a time budget."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {
    "bot",
    "render",
    "discord",
    "aiosqlite",
    "PIL",
    "asyncio",
    "socket",
    "subprocess",
    "sqlite3",
    "datetime",
    "os",
    "secrets",
    "threading",
}
CLOCK_ALLOWED = {"ai/strong.py"}


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _imports(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", ["ai", "rules"])
def test_pure_packages_import_no_front_end_and_no_io(package: str) -> None:
    for path in _modules(package):
        name = path.relative_to(ROOT).as_posix()
        imported = _imports(ast.parse(path.read_text("utf-8")))
        assert not imported & FORBIDDEN, (name, imported & FORBIDDEN)
        if "time" in imported:
            assert name in CLOCK_ALLOWED, name


@pytest.mark.parametrize("package", ["ai", "rules"])
def test_no_module_level_random_functions(package: str) -> None:
    """Only ``random.Random`` instances (seeded by the caller) draw numbers."""
    for path in _modules(package):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", (path.name, node.attr)
