"""Fixtures for the service tests: Nim registered, a store and a service over each backend.

``store`` (and ``service`` over it) is opened on ``database``: a SQLite file in the
test's folder, or a fresh database on this worker's private PostgreSQL cluster
(``campfire_testing/pgcluster.py``). A test that uses them runs once per backend; one that names
``db_path`` (the SQLite file) runs on SQLite only. Without PostgreSQL the PostgreSQL runs
are skipped with the reason, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.service import GameInfo, GameService, Player
from bot.store import (
    MIGRATIONS,
    POSTGRES_MIGRATIONS,
    PostgresStore,
    SqlStore,
    Store,
    is_postgres_url,
    open_store,
)
from campfire_testing.clock import FakeClock, seeds
from campfire_testing.pgcluster import (
    Cluster,
    empty_tables,
    fresh_database,
    missing_reason,
    running_cluster,
)
from rules import registry
from rules.nim import NIM

BACKENDS = ("sqlite", "postgresql")
DATABASE_ERRORS = (sqlite3.Error, asyncpg.PostgresError)
"""What either database raises for a statement it refuses (a constraint, a trigger)."""


def store_on(database: str, migrations: int | None = None) -> SqlStore:
    """A store (not open) on ``database``; ``migrations``: only that many of them."""
    if is_postgres_url(database):
        return PostgresStore(database, POSTGRES_MIGRATIONS[:migrations])
    return Store(database, MIGRATIONS[:migrations])


async def execute(store: SqlStore, sql: str, params: Sequence[Any] = ()) -> int:
    """Run one raw statement (``?`` placeholders) on ``store``; rows changed."""
    async with store._session() as db:
        return await db.execute(sql, params)


ALICE = Player("u1", "Alice")
BOB = Player("u2", "Bob")
CAROL = Player("u3", "Carol")
DAVE = Player("u4", "Dave")


@pytest.fixture
def nim() -> None:
    if "nim" not in registry.ids():
        registry.register(NIM)


WHOLE_GAME_MODULES = frozenset(
    {
        "test_orbis_service",
        "test_origin_classic_service",
        "test_origin_junior_service",
        "test_sapiens_service",
        "test_tribes_service",
    }
)
"""Whole games of one rule set played through the console: tests of the game, not of the
store (whose every path the Nim tests take on both backends), and long: SQLite only."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test over ``backend`` runs once per backend, unless it names the SQLite file
    or plays a whole game of one rule set."""
    if "backend" in metafunc.fixturenames:
        sqlite_only = (
            "db_path" in metafunc.fixturenames
            or metafunc.module.__name__.rpartition(".")[2] in WHOLE_GAME_MODULES
        )
        backends = [
            pytest.param(b, marks=pytest.mark.pg) if b == "postgresql" else b
            for b in (("sqlite",) if sqlite_only else BACKENDS)
        ]
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """This worker's PostgreSQL cluster, started at its first use, stopped at the end."""
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {reason}", pytrace=False)
        pytest.skip(reason)
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture(scope="session")
def pg_migrated(pg_cluster: Cluster) -> str:
    """The URL of this worker's migrated database, emptied before each test that uses it
    (cheaper than migrating a new one each time). Migrated in a thread of its own: the
    session fixture may be set up while a test's event loop runs."""

    async def migrate() -> None:
        async with PostgresStore(pg_cluster.url()):
            pass

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, migrate()).result()
    return pg_cluster.url()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "campfire.sqlite3"


@pytest.fixture
async def database(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """Where the test's games are kept, migrated and empty: a SQLite file path (created
    when opened) or a PostgreSQL URL."""
    if backend == "sqlite":
        yield str(tmp_path / "campfire.sqlite3")
        return
    url = request.getfixturevalue("pg_migrated")
    await empty_tables(url)
    yield url


@pytest.fixture
async def empty_database(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """Like ``database``, but not migrated yet (a new file, a new PostgreSQL schema)."""
    if backend == "sqlite":
        yield str(tmp_path / "campfire.sqlite3")
        return
    async with fresh_database(request.getfixturevalue("pg_cluster")) as url:
        yield url


@pytest.fixture
async def store(database: str) -> AsyncIterator[SqlStore]:
    opened = await open_store(database)
    yield opened
    await opened.close()


@pytest.fixture
async def service(store: SqlStore, nim: None) -> GameService:
    return GameService(store, seed_source=seeds(), clock=FakeClock())


async def nim_lobby(
    service: GameService, creator: Player = ALICE, options: dict[str, Any] | None = None
) -> GameInfo:
    """An open Nim lobby (default options) of ``creator`` in channel c1 of guild g1."""
    return await service.create_lobby(
        rules="nim",
        options={} if options is None else options,
        guild_id="g1",
        channel_id="c1",
        creator=creator,
    )


async def running_nim(service: GameService, *players: Player, stones: int = 5) -> int:
    """A started Nim game with ``players`` seated in the given order; returns its id."""
    info = await nim_lobby(service, players[0], {"stones": stones})
    for player in players[1:]:
        await service.join(info.id, player)
    await service.start(info.id, players[0].user_id, shuffle_seats=False)
    return info.id
