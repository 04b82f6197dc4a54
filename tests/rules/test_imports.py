"""``rules`` imports in one direction (no circle: ``tests/test_import_circles.py``, for
every package); every import of a ``rules`` module is at the top of its file, so the
graph read here is the one Python runs.

The layers (docs/contributors/architecture.md): ``rules.core`` (the contract's parts)
stands on nothing but itself and ``rules.i18n``, which takes ``Text`` from the core;
``rules.kit`` stands on the contract, never on a game; a game never imports another.
L'Aube des Tribus, the largest package, keeps named layers of its own (``TRIBES``)."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import pytest

import rules
from rules.tribes.flow import FLOW
from tests.import_graph import GRAPH as ALL_GRAPH
from tests.import_graph import MODULES as ALL_MODULES

ROOT = Path(rules.__file__).parent
GAMES = ("nim", "orbis", "origin", "sapiens", "tribes")

TRIBES = (
    # The state and its frames: the data, who stands where, the players, the pending
    # decisions and the procedures they hand control back to, the events' state, the
    # options, the Elders, villages built and lost.
    {
        "state",
        "view_types",
        "components",
        "event_cards",
        "data_copy",
        "board",
        "players",
        "frames",
        "flow",
        "event_state",
        "options",
        "ancients",
        "villages",
    },
    # The map: special terrains, goals, what the events do to it and what they sell.
    {"terrains", "goals", "event_effects", "event_market"},
    # The chiefs' state and what an action gives or reaches.
    {"chiefs", "values"},
    # The rules of the steps: events on a double, chief powers, the actions, the
    # conflicts, building, set-up.
    {
        "events",
        "crowding",
        "chief_roll",
        "chief_frames",
        "chief_conflicts",
        "actions",
        "build",
        "conflicts",
        "setup",
    },
    # The turn, then what the contract shows: the engine, the view, the reasons, the AI.
    {"turn"},
    {"engine", "view", "explain", "heuristic", "hints", "__init__"},
)


MODULES = {name: path for name, path in ALL_MODULES.items() if name.split(".")[0] == "rules"}
GRAPH = {name: ALL_GRAPH[name] for name in MODULES}
"""The ``rules`` modules and what each imports (``tests/import_graph.py`` reads it; the
one circle test of the repository, ``tests/test_import_circles.py``, checks it)."""


def names_rules(node: ast.AST) -> bool:
    """Whether ``node`` is an import statement of a ``rules`` module."""
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] == "rules"
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == "rules" for alias in node.names)
    return False


def test_imports_of_rules_modules_are_at_the_top_of_the_file() -> None:
    late = [
        f"{name}:{inner.lineno} {ast.unparse(inner)}"
        for name, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.If)
        for inner in ast.walk(node)
        if names_rules(inner)
    ]
    assert not late, "imports inside a function or a condition: " + "; ".join(late)


def test_the_core_stands_on_itself_and_the_catalogues_on_the_core() -> None:
    for name, edges in GRAPH.items():
        if name.startswith("rules.core."):
            wrong = [e for e in edges if not e.startswith("rules.core.") and e != "rules.i18n"]
            assert not wrong, f"{name} imports {wrong}: the core imports nothing above it"
    wrong = [e for e in GRAPH["rules.i18n"] if not e.startswith("rules.core.")]
    assert not wrong, f"rules.i18n imports {wrong}: only the core (Text)"


def test_the_kit_knows_no_game_and_no_game_another() -> None:
    def game_of(name: str) -> str | None:
        parts = name.split(".")
        return parts[1] if len(parts) > 1 and parts[1] in GAMES else None

    for name, edges in GRAPH.items():
        if name.startswith("rules.kit"):
            assert not [e for e in edges if game_of(e) or e == "rules.registry"], name
        game = game_of(name)
        if game is not None:
            others = [e for e in edges if game_of(e) not in (None, game) or e == "rules.registry"]
            assert not others, f"{name} imports {others}"


@pytest.mark.parametrize("layer", range(len(TRIBES)))
def test_each_tribes_module_stands_on_its_layer_or_lower(layer: int) -> None:
    below = set().union(*TRIBES[: layer + 1])
    for short in TRIBES[layer]:
        name = "rules.tribes" if short == "__init__" else f"rules.tribes.{short}"
        for target, line in GRAPH[name].items():
            if target.startswith("rules.tribes."):
                other = target.rpartition(".")[2]
                assert other in below, (
                    f"{name}:{line} imports {other}, a layer above it (see TRIBES)"
                )


def test_every_tribes_module_has_a_layer() -> None:
    placed = set().union(*TRIBES)
    present = {p.stem for p in (ROOT / "tribes").glob("*.py")}
    assert present == placed, (
        f"place in a layer of TRIBES: {sorted(present - placed)}; gone: {sorted(placed - present)}"
    )


def test_every_procedure_a_decision_hands_back_to_is_provided() -> None:
    # Importing ``rules.tribes`` imports every module, and each fills its slots.
    empty = [f.name for f in fields(FLOW) if getattr(FLOW, f.name) is f.default]
    assert not empty, f"flow slots no module filled: {empty}"
