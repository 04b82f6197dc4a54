"""``bot.service`` imports in one direction: no module imports one that imports it back,
not lazily inside a function nor under ``TYPE_CHECKING``. The parts (timing, robots,
moves, lobby, undo, boards, jobs) are given the unit of work (``pipeline``) and the
store; none of them knows ``GameService`` (``core``), nor reaches into the private parts
of another."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import bot.service

PACKAGE = Path(bot.service.__file__).parent
MODULES = {p.stem for p in PACKAGE.glob("*.py")}
PARTS = ("timing", "robots", "moves", "lobby", "undo", "boards", "jobs")


def imports_of(path: Path) -> set[str]:
    """Every ``bot.service`` module ``path`` imports, wherever the import statement is
    (``from bot.service import X`` counts as the package's ``__init__`` unless ``X`` is
    a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "bot.service":
                for alias in node.names:
                    found.add(alias.name if alias.name in MODULES else "__init__")
            elif node.module.startswith("bot.service."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("bot.service.")}
    return found


def test_the_service_modules_import_one_another_without_a_circle() -> None:
    graph = {p.stem: imports_of(p) - {p.stem} for p in PACKAGE.glob("*.py")}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"import circle: {error.args[1]}") from error
    assert order.index("pipeline") < min(order.index(part) for part in PARTS)
    assert max(order.index(part) for part in PARTS) < order.index("core")


def test_no_part_knows_the_service_nor_reaches_into_private_parts() -> None:
    for part in (*PARTS, "pipeline"):
        tree = ast.parse((PACKAGE / f"{part}.py").read_text(encoding="utf-8"))
        assert "core" not in imports_of(PACKAGE / f"{part}.py"), part
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
                owner = node.value
                # Its own private parts only (``self._x``), never another object's.
                assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), (
                    f"{part}.py:{node.lineno} reaches into .{node.attr}"
                )
