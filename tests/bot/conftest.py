"""Fixtures for the service tests: Nim registered, a store and a service over each backend.

``store`` (and ``service`` over it) is opened on ``database``: a SQLite file in the
test's folder, or a fresh database on this worker's private PostgreSQL cluster
(``tests/pgcluster.py``). A test that uses them runs once per backend; one that names
``db_path`` (the SQLite file) runs on SQLite only. Without PostgreSQL the PostgreSQL runs
are skipped with the reason, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
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
from rules import registry
from rules.nim import NIM
from tests.pgcluster import Cluster, fresh_database, missing_reason, running_cluster

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


class FakeClock:
    """A clock that moves one second per reading, so timestamps are distinct and known."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def seeds(prefix: str = "seed") -> Callable[[], str]:
    counter = iter(range(1_000_000))
    return lambda: f"{prefix}{next(counter)}"


@pytest.fixture
def nim() -> None:
    if "nim" not in registry.ids():
        registry.register(NIM)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test over ``backend`` runs once per backend, unless it names the SQLite file."""
    if "backend" in metafunc.fixturenames:
        chosen = ("sqlite",) if "db_path" in metafunc.fixturenames else BACKENDS
        metafunc.parametrize("backend", chosen, indirect=True)


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
    """Where the test's games are kept: a SQLite file path or a PostgreSQL URL."""
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
