"""The bot's tournaments' leases: held under the bot's worker (its host and shards, then
its instance: what a restart of the same shards takes back at once), and given back
when it stops cleanly, for any other process to take at once."""

from __future__ import annotations

import socket
from pathlib import Path

from bot.discord.client import CampfireClient
from bot.service import GameService
from bot.store import open_store
from tests.bot.conftest import ALICE, BOB, CAROL


async def test_the_bot_holds_its_tournament_leases_as_itself_and_gives_them_back_at_close(
    tmp_path: Path, nim: None
) -> None:
    path = str(tmp_path / "bot.sqlite3")
    client = CampfireClient(db_path=path)
    await client._async_setup_hook()
    await client.setup_hook()
    try:
        tournaments = client.service.tournaments
        assert tournaments.rounds.worker == client.worker
        assert client.worker.startswith(f"{socket.gethostname()}/all#")
        info = await tournaments.open(
            guild_id="g1",
            channel_id="c1",
            organiser=ALICE,
            rules="nim",
            options={"stones": 3},
            rounds=1,
        )
        for player in (BOB, CAROL):
            await tournaments.register(info.id, player)
        await tournaments.start(info.id, ALICE.user_id, organiser=True)
        (news,) = await tournaments.news()  # being posted when the bot is stopped
        assert news.worker == client.worker
    finally:
        await client.close()
    store = await open_store(path)
    try:
        other = GameService(store, worker="elsewhere/all#0001")
        (taken,) = await other.tournaments.news()  # at once: it was given back
        assert taken.id == news.id
        other.close()
    finally:
        await store.close()
