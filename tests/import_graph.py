"""The import graph of the repository's packages, read from the source: the reader the
import tests share (the one circle test, ``tests/test_import_circles.py``, and the test
of the layers of ``rules``).

Every import statement counts, wherever it is: at the top, lazily inside a function, or
under ``TYPE_CHECKING`` (a type-only import is still a dependency a reader follows, and
the first one made real would loop at start-up). ``from bot.store import rows`` is the
module ``bot.store.rows``; ``from bot.store import GameStore`` is the package's
``__init__``. Importing a submodule also runs its package's ``__init__``; that is not
counted (every package would then sit on its own ``__init__``). Relative imports are
resolved against the importing module."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("ai", "rules", "render", "bot", "bench", "scripts", "campfire_testing")
"""Every package of the repository (``tests`` aside)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))
}


def imports_of(path: Path) -> dict[str, int]:
    """Every module of the repository ``path`` imports, wherever the statement is, with
    the line of the first one."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                targets.append(full if full in MODULES else base)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            if target in MODULES and target != module:
                found.setdefault(target, node.lineno)
    return found


GRAPH = {name: imports_of(path) for name, path in MODULES.items()}
"""Each module of the repository: the modules it imports, with the line of the first
import."""


def within(package: str) -> dict[str, set[str]]:
    """The graph among the modules of ``package`` (its subpackages included)."""
    inside = {name for name in GRAPH if name == package or name.startswith(f"{package}.")}
    return {name: set(GRAPH[name]) & inside for name in inside}


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` (its modules, the first again at the end), or ``None``."""
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        found: list[str] = error.args[1]
        return found
    return None


def order(graph: dict[str, set[str]]) -> list[str]:
    """The modules of ``graph``, each after every module it imports."""
    return list(TopologicalSorter(graph).static_order())
