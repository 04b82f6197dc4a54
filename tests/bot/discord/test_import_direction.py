"""``bot.discord`` imports in one direction: no module imports one that imports it back,
not lazily inside a function nor under ``TYPE_CHECKING``; the items reach the handlers
through the client (``bot.discord.host``)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import bot.discord
from bot.discord import actions
from bot.discord.client import CampfireClient
from bot.discord.host import CampfireBot

PACKAGE = Path(bot.discord.__file__).parent


def imports_of(path: Path) -> set[str]:
    """Every ``bot.discord`` module ``path`` imports, wherever the import statement is."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "bot.discord":
                found |= {alias.name for alias in node.names}
            elif node.module.startswith("bot.discord."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("bot.discord.")}
    return found


def test_the_discord_modules_import_one_another_without_a_circle() -> None:
    graph = {p.stem: imports_of(p) - {p.stem} for p in PACKAGE.glob("*.py")}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"import circle: {error.args[1]}") from error
    assert order.index("host") < order.index("views") < order.index("actions")
    assert order.index("actions") < order.index("client")
    assert imports_of(PACKAGE / "host.py") == set()
    # The private replies every module needs come from one small module, not ``actions``.
    assert imports_of(PACKAGE / "replies.py") == set()
    assert "actions" not in imports_of(PACKAGE / "standings.py") | imports_of(PACKAGE / "days.py")


def test_the_client_hands_the_items_the_actions() -> None:
    client = CampfireClient()
    bot_view: CampfireBot = client
    assert bot_view.handlers is actions
