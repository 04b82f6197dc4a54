"""Make ``stored_games.sqlite3``: a Campfire database with games of every rule set.

Run from the repository root, on the commit whose stored form the fixture must keep:
``python -m tests.data.make_stored_games tests/data/stored_games.sqlite3``. The file in
the repository was made before the games' state was typed (commit ``6909e6d``), so it
holds snapshots in each game's first data layout; ``tests/bot/test_stored_games.py``
checks that today's code still loads, audits and plays every one of them.

For each rule set, with three players: one game played to its end and one stopped in the
middle (25 entries; Nim, 3), every move chosen at random among the legal ones with a
fixed seed.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from bot.service import GameService
from bot.service.values import Player
from bot.store import open_store
from rules import registry

PLAYERS = (Player("u1", "Alice"), Player("u2", "Bob"), Player("u3", "Carol"))
MIDDLE = {"nim": 3}
LIMIT = 4000


async def play(service: GameService, rules: str, seed: int, entries: int | None) -> int:
    """A started game of ``rules``, played at random for ``entries`` (None: to its end)."""
    lobby = await service.create_lobby(
        rules=rules, options={}, guild_id="g1", channel_id="c1", creator=PLAYERS[0]
    )
    for player in PLAYERS[1:]:
        await service.join(lobby.id, player)
    await service.start(lobby.id, PLAYERS[0].user_id, shuffle_seats=False)
    pick = random.Random(seed)
    for _ in range(LIMIT if entries is None else entries):
        info = await service.game(lobby.id)
        if not info.to_act:
            break
        seat = sorted(info.to_act)[0]
        moves = await service.legal_moves(lobby.id, seat)
        await service.play(lobby.id, seat, pick.choice(moves).code)
    return lobby.id


async def main(path: str) -> None:
    Path(path).unlink(missing_ok=True)
    store = await open_store(path)
    try:
        service = GameService(store)
        for number, rules in enumerate(registry.ids()):
            await play(service, rules, 100 + number, None)
            await play(service, rules, 200 + number, MIDDLE.get(rules, 25))
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
