"""Fixtures for the service tests: Nim registered, a store and a service on a tmp file."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameInfo, GameService, Player
from bot.store import Store
from rules import registry
from rules.nim import NIM

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


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "campfire.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def service(store: Store, nim: None) -> GameService:
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
