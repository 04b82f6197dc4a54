"""No import circle anywhere in the repository: in every package (``ai``, ``rules``,
``render``, ``bot`` and its subpackages, ``bench``, ``scripts``, ``campfire_testing``)
and between them, no module imports one that imports it back, directly or through
others, not lazily inside a function nor under ``TYPE_CHECKING``. The graph and what
counts as an import: ``tests/import_graph.py``."""

from __future__ import annotations

from tests.import_graph import GRAPH, MODULES, PACKAGES, circle


def describe(found: list[str]) -> str:
    """``a -> b (a:12) -> ...``: each module, then the one it imports, at which line."""
    if len(found) > 1 and found[1] not in GRAPH[found[0]]:
        found = found[::-1]  # the sorter may name a circle against its imports
    steps = [found[0]]
    for before, after in zip(found, found[1:], strict=False):
        steps.append(f"{after} ({before}:{GRAPH[before].get(after)})")
    return " -> ".join(steps)


def test_no_module_of_the_repository_imports_one_that_imports_it_back() -> None:
    found = circle({name: set(edges) for name, edges in GRAPH.items()})
    assert found is None, "import circle: " + describe(found or [])


def test_the_graph_holds_every_package_and_every_kind_of_import() -> None:
    assert {name.split(".")[0] for name in MODULES} == set(PACKAGES)
    assert {"bot.discord.host", "bot.service.pipeline", "bot.store.sql"} <= set(MODULES)
    # Absolute, of a package's ``__init__``, into another package.
    assert "bot.store.sql" in GRAPH["bot.store.schema"]
    assert (
        "bot.store" in GRAPH["bot.service.core"]
        or "bot.store.protocol" in GRAPH["bot.service.core"]
    )
    assert "rules.base" in GRAPH["bot.store.errors"]


def test_the_check_names_a_circle_where_there_is_one() -> None:
    # Two circles the repository had, put back: the contract's (base -> core.game ->
    # core.parsing -> i18n -> base) and the store's type-only one (schema -> database
    # -> session -> schema); the check must fail and name them.
    for importer, imported in (
        ("rules.i18n", "rules.base"),
        ("bot.store.schema", "bot.store.database"),
    ):
        graph = {name: set(edges) for name, edges in GRAPH.items()}
        graph[importer] = {*graph[importer], imported}
        found = circle(graph)
        assert found is not None
        assert {importer, imported} <= set(found)
        assert importer in describe(found)


PARTS = ("bot.store", "bot.service", "bot.discord", "bot.web", "bot.config", "bot.shards")
"""The parts of ``bot/`` the front ends stand on (``docs/contributors/architecture.md``)."""


def test_no_part_of_the_bot_imports_a_front_end() -> None:
    """The front ends (``bot.frontends``: the command line, console, demo, arena, the
    database commands, what serves) call the service, the store and the Discord layer;
    none of those ever imports a front end back."""
    found = {
        f"{name} -> {target} ({name}:{line})"
        for name, edges in GRAPH.items()
        if name.startswith(PARTS)
        for target, line in edges.items()
        if target.startswith("bot.frontends")
    }
    assert found == set()
    assert any(t.startswith("bot.service") for t in GRAPH["bot.frontends.console"])
