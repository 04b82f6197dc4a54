"""Which backend a ``--db`` / ``CAMPFIRE_DB`` value names: a file path (SQLite) or a
``postgresql://`` URL (PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from bot.store.database import SqlStore, default_path
from bot.store.postgres import PostgresStore, is_postgres_url
from bot.store.sqlite import Store


def store_for(target: str | Path | None = None) -> SqlStore:
    """The store (not yet open) for ``target`` (default ``default_path()``)."""
    chosen = default_path() if target is None else target
    if is_postgres_url(chosen):
        return PostgresStore(str(chosen))
    return Store(chosen)


async def open_store(target: str | Path | None = None) -> SqlStore:
    """``store_for(target)``, connected and migrated."""
    store = store_for(target)
    await store.connect()
    return store
