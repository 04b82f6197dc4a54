"""``GameStore``: every store method the service uses is in the protocol, and the SQLite
``Store`` and the ``PostgresStore`` have each of them with the same parameters (mypy
checks the types where a service is built over a store)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from bot.store import GameStore, PostgresStore, Store


def members() -> set[str]:
    return {
        name
        for name, value in vars(GameStore).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


def shape(function: object) -> list[tuple[str, object, object]]:
    """Parameter names, kinds and defaults (annotations are checked by mypy)."""
    signature = inspect.signature(function)  # type: ignore[arg-type]
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


def test_every_store_call_of_the_service_is_in_the_protocol() -> None:
    used = set()
    for path in Path("bot/service").glob("*.py"):
        used |= set(re.findall(r"\bstore\.([a-z_]+)\b", path.read_text(encoding="utf-8")))
    assert used, "the service reads no store?"
    assert sorted(used - members()) == []


@pytest.mark.parametrize("kind", [Store, PostgresStore])
def test_each_store_has_every_protocol_method_with_the_same_parameters(kind: type) -> None:
    for name in sorted(members() - {"path"}):
        wanted = getattr(GameStore, name)
        found = getattr(kind, name, None)
        assert found is not None, name
        assert inspect.iscoroutinefunction(found) == inspect.iscoroutinefunction(wanted), name
        assert shape(found) == shape(wanted), name


def test_the_sqlite_store_says_where_it_keeps_the_games(tmp_path: Path) -> None:
    store: GameStore = Store(tmp_path / "x.sqlite3")
    assert store.path == str(tmp_path / "x.sqlite3")
