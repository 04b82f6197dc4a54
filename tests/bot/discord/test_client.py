"""The client itself: intents, set-up from a database path, command sync, entry points."""

from __future__ import annotations

import gc
from pathlib import Path

import discord
import pytest

from bot.config import ConfigError, Settings
from bot.discord.client import CampfireClient, ShardedCampfireClient, intents
from bot.discord.runner import run_bot, sync_commands
from bot.discord.tourney_items import TOURNAMENT_ITEMS
from bot.discord.views import DYNAMIC_ITEMS
from bot.shards import Shards
from campfire_testing.harness import GUILD_ID, Harness
from tests.bot.discord.conftest import ALICE, BOB, make_harness
from tests.bot.discord.test_command_tree import SUBCOMMANDS
from tests.bot.discord.test_game_flow import start_game


def test_no_privileged_intents_and_no_message_content() -> None:
    chosen = intents()
    assert chosen.guilds
    assert not (chosen.message_content or chosen.members or chosen.presences)
    assert chosen.value == discord.Intents(guilds=True).value


async def test_setup_hook_opens_the_store_and_registers_items(tmp_path: Path) -> None:
    client = CampfireClient(db_path=str(tmp_path / "bot.sqlite3"))
    await client._async_setup_hook()
    await client.setup_hook()
    try:
        patterns = set(client._connection._view_store._dynamic_items)
        items = (*DYNAMIC_ITEMS, *TOURNAMENT_ITEMS)
        assert patterns == {item.__discord_ui_compiled_template__ for item in items}
        assert [c.name for c in client.tree.get_commands()] == ["campfire"]
        assert await client.service.games_in_channel("1") == []
    finally:
        await client.close()
    assert (tmp_path / "bot.sqlite3").exists()


async def test_sync_to_a_guild_uploads_the_translated_tree(bot: Harness) -> None:
    synced = await bot.client.sync_commands(GUILD_ID)
    assert [c.name for c in synced] == ["campfire"]
    upload = bot.fake.calls[-1]
    assert upload.method == "PUT" and str(GUILD_ID) in upload.url
    group = upload.json[0]  # type: ignore[index]
    assert group["name_localizations"]["fr"] == "campfire"
    assert len(group["options"]) == len(SUBCOMMANDS)


async def test_unarchives_the_thread_before_posting(bot: Harness) -> None:
    thread = await start_game(bot, BOB)
    bot.fake.channels[thread]["thread_metadata"]["archived"] = True
    game = await bot.service.game(1)
    player = next(u for u in (ALICE, BOB) if u.key == game.to_act[0])
    calls = await bot.command(player, "move", channel=thread, move="take1")
    paths = [(c.method, c.path) for c in calls]
    unarchive = paths.index(("PATCH", "/channels/{channel_id}"))
    assert calls[unarchive].json == {"archived": False}
    assert unarchive < paths.index(("POST", "/channels/{channel_id}/messages"))


def test_entry_points_need_a_token() -> None:
    settings = Settings(token=None, db_path=":memory:", dev_guild_id=None, log_level="INFO")
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        run_bot(settings)
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        sync_commands(settings, None)


async def test_once_caught_up_at_start_the_long_lived_objects_leave_the_collector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full collection over every module and cache stalled the event loop for 60 to
    80 ms under load (``python -m bench load``): they are frozen once ready."""
    harness, _ = await make_harness(tmp_path / "gc.sqlite3", monkeypatch)
    gc.unfreeze()
    try:
        await harness.client.on_ready()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


async def test_a_client_given_shards_serves_those_and_its_service_their_games(
    tmp_path: Path,
) -> None:
    shards = Shards.parse("2-3", 8)
    client = ShardedCampfireClient(db_path=str(tmp_path / "bot.sqlite3"), shards=shards)
    assert isinstance(client, discord.AutoShardedClient)
    assert client.shard_ids == [2, 3] and client.shard_count == 8
    await client._async_setup_hook()
    await client.setup_hook()
    try:
        assert client.service.shards == shards
    finally:
        await client.close()
    single = CampfireClient(db_path=str(tmp_path / "bot.sqlite3"))
    assert not isinstance(single, discord.AutoShardedClient)
