"""How much of the game state the type checker cannot see: ``Any`` and string keys.

Run from the repository root: ``python -m scripts.typing_counts`` (``--markdown`` for
the table of ``docs/measurements/typing.md``). Counted on the syntax tree of every
``.py`` file, per package:

- ``Any``: each use of the name in code (``Any``, ``typing.Any``); the import lines,
  comments and docstrings are not counted.
- string-keyed reads: a subscript by a string literal that is read (``data["turn"]``,
  not ``data["turn"] = 1``), and ``.get("key")`` with a literal key. Most are reads of a
  game's state or view; a few read a data file or a parameter dict the same way, and
  those are counted too (the count is a trend to follow, not an inventory).
- string-keyed writes: the same subscripts assigned or deleted.

A string-keyed read of a typed dict (a ``TypedDict``) is checked by mypy; one of a
``dict[str, Any]`` is not. ``--mypy`` adds what tells them apart: the expressions mypy
infers as ``Any`` (its ``--any-exprs-report``), per package, out of all the expressions
it checks there. That run takes about a minute.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "rules/core",
    "rules/kit",
    "rules/nim",
    "rules/orbis",
    "rules/origin",
    "rules/sapiens",
    "rules/tribes",
    "render/kit",
    "render/nim",
    "render/orbis",
    "render/origin",
    "render/origin_classic",
    "render/sapiens",
    "render/tribes",
)
"""The packages counted one by one (``rules`` and ``render`` are also summed whole,
their top-level modules included)."""


@dataclass(frozen=True)
class Counts:
    any_uses: int = 0
    reads: int = 0
    writes: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.any_uses + other.any_uses, self.reads + other.reads, self.writes + other.writes
        )


def _literal_key(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def count_source(text: str) -> Counts:
    """The counts of one module's source (see the module doc)."""
    any_uses = reads = writes = 0
    for node in ast.walk(ast.parse(text)):
        if (isinstance(node, ast.Name) and node.id == "Any") or (
            isinstance(node, ast.Attribute) and node.attr == "Any"
        ):
            any_uses += 1
        elif isinstance(node, ast.Subscript) and _literal_key(node.slice):
            if isinstance(node.ctx, ast.Load):
                reads += 1
            else:
                writes += 1
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and _literal_key(node.args[0])
        ):
            reads += 1
    return Counts(any_uses, reads, writes)


def count_files(paths: Iterable[Path]) -> Counts:
    total = Counts()
    for path in paths:
        total += count_source(path.read_text(encoding="utf-8"))
    return total


def count_folder(folder: str) -> Counts:
    return count_files(sorted((ROOT / folder).rglob("*.py")))


def rows() -> list[tuple[str, Counts]]:
    found = [(folder, count_folder(folder)) for folder in PACKAGES]
    return [*found, ("rules", count_folder("rules")), ("render", count_folder("render"))]


def any_expressions(report: str) -> dict[str, tuple[int, int]]:
    """Per package of ``rows()``, (expressions inferred as ``Any``, expressions), summed
    from the text of mypy's ``any-exprs.txt`` (one line per module)."""
    modules: list[tuple[str, int, int]] = []
    for line in report.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[1].isdigit() and parts[0] != "Total":
            modules.append((parts[0], int(parts[1]), int(parts[2])))
    found = {}
    for folder in [*PACKAGES, "rules", "render"]:
        prefix = folder.replace("/", ".")
        mine = [(a, e) for name, a, e in modules if name == prefix or name.startswith(prefix + ".")]
        found[folder] = (sum(a for a, _ in mine), sum(e for _, e in mine))
    return found


def run_mypy() -> dict[str, tuple[int, int]]:
    """Run mypy's ``--any-exprs-report`` over ``rules`` and ``render``."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "mypy", "--any-exprs-report", out, "rules", "render"]
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
        return any_expressions((Path(out) / "any-exprs.txt").read_text(encoding="utf-8"))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="scripts.typing_counts")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    parser.add_argument("--mypy", action="store_true", help="add mypy's Any expressions")
    args = parser.parse_args(argv)
    table = rows()
    seen = run_mypy() if args.mypy else {}

    def anys(name: str) -> str:
        if name not in seen:
            return ""
        found, total = seen[name]
        return f"{found:,} of {total:,}"

    if args.markdown:
        extra = (" expressions mypy sees as `Any` |", "---:|") if seen else ("", "")
        print(f"| package | `Any` | string-keyed reads | string-keyed writes |{extra[0]}")
        print(f"|---|---:|---:|---:|{extra[1]}")
        for name, c in table:
            cell = f" {anys(name)} |" if seen else ""
            print(f"| `{name}/` | {c.any_uses} | {c.reads:,} | {c.writes} |{cell}")
        return
    for name, c in table:
        line = f"{name + '/':<24} Any {c.any_uses:4}  reads {c.reads:5}  writes {c.writes:4}"
        print(f"{line}  Any expressions {anys(name)}" if seen else line)


if __name__ == "__main__":
    main(sys.argv[1:])
