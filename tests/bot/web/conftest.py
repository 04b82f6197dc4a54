"""Games played through the service into a store, and the web companion over it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import GameInfo, GameService, Player
from bot.store.database import SqlStore
from bot.web.app import create_app
from bot.web.tokens import game_subject, make_token

SECRET = b"a-test-secret-of-the-web-companion"
NOW = 1_800_000_000.0
GUILD = "4242"
PEOPLE = (Player("101", "Ann"), Player("202", "Bob"), Player("303", "Chloé"), Player("404", "Dan"))


async def open_game(service: GameService, rules: str, players: int) -> GameInfo:
    """A started game of ``rules`` on server ``GUILD`` with ``players`` people."""
    lobby = await service.create_lobby(
        rules=rules, options=None, guild_id=GUILD, channel_id="77", creator=PEOPLE[0]
    )
    for person in PEOPLE[1:players]:
        await service.join(lobby.id, person)
    return (await service.start(lobby.id, PEOPLE[0].user_id, shuffle_seats=False)).game


async def play(
    service: GameService,
    game: GameInfo,
    seed: int,
    *,
    moves: int | None = None,
    each: Callable[[GameInfo], Any] | None = None,
) -> GameInfo:
    """Random legal moves (``back`` last) for whoever acts, ``moves`` of them or to the end."""
    chooser = random.Random(seed)
    played = 0
    while game.status == "running" and (moves is None or played < moves):
        seat = game.to_act[0]
        legal = await service.legal_moves(game.id, seat)
        move = chooser.choice([m for m in legal if m.code != "back"] or legal)
        game = (await service.play(game.id, seat, move.code, expected_version=game.version)).game
        played += 1
        if each is not None:
            await each(game)
    return game


def game_token(game_id: int, now: float = NOW) -> str:
    return make_token(SECRET, game_subject(game_id), now)


def tiny_png(*_: Any, **__: Any) -> bytes:
    """A stand-in drawer: the same small PNG for every position."""
    from io import BytesIO

    from PIL import Image

    out = BytesIO()
    Image.new("RGB", (4, 4), (200, 120, 40)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
async def web_client(store: SqlStore) -> AsyncIterator[Callable[..., Any]]:
    """``await web_client(drawer=..., poll_seconds=...)``: a client of the app over ``store``
    at ``NOW``."""
    clients: list[TestClient[Any, Any]] = []

    async def make(**options: Any) -> TestClient[Any, Any]:
        options.setdefault("clock", lambda: NOW)
        app = create_app(store, SECRET, **options)
        client: TestClient[Any, Any] = TestClient(TestServer(app))
        await client.start_server()
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.close()
