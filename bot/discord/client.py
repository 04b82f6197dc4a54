"""The Discord client: opens the store and service, wires the commands, buttons, translator.

No privileged intents (only ``guilds``, for the channel and thread cache) and no message
content: everything happens through interactions.
"""

from __future__ import annotations

import gc
import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import tasks

from bot.discord import actions, days, tourney_items, tourney_posts
from bot.discord.commands import CampfireGroup
from bot.discord.cooldown import Cooldown
from bot.discord.errors import reply_error, send_private
from bot.discord.host import Handlers
from bot.discord.i18n import CampfireTranslator, lang_for, t
from bot.discord.publish import catch_up, resume_ai_turns
from bot.discord.ratelimits import MAX_WAIT, LongWaits, give_up_long_waits
from bot.discord.views import DYNAMIC_ITEMS, is_known, is_ours
from bot.service import GameService
from bot.shards import Shards
from bot.store import SqlStore, open_store
from bot.web.tokens import WebLinks

log = logging.getLogger("campfire.discord.client")

CATCH_UP_PASSES = 10
"""Every this many passes of the reminder loop (10 minutes at its 60 s), the tables
behind their game (a post that failed while the process ran) are caught up, as at a
start. A table whose channel is gone is skipped, logged once per try at info level."""


class CampfireTree(app_commands.CommandTree["CampfireClient"]):
    """The command tree whose ``on_error`` is the one error handler of every command."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await reply_error(interaction, error)


def intents() -> discord.Intents:
    """Guilds only: channel and thread cache. Nothing privileged, no message content."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


# Campfire never joins voice channels: the voice libraries' absence is not news.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class CampfireClient(discord.Client):
    """Campfire on Discord. ``service`` is ready once ``setup_hook`` has run.

    One gateway session serving every server (tests, ``campfire sync``);
    ``ShardedCampfireClient`` is the same client sharded by discord.py, the one
    ``campfire run`` uses (as many shards as Discord recommends, or ``--shard-count``).
    ``shards`` (only there): the shards this process opens; the service then does only their games'
    scheduled work (``bot.shards``), so several processes, each its range, share one
    PostgreSQL database.

    ``db_path`` opens a store in ``setup_hook`` (closed on ``close``); tests pass a ready
    ``service`` instead. ``sync_guild_id``: sync the commands to that server at start
    (development: instant); ``None`` leaves syncing to ``campfire sync``. ``handlers``
    answer clicks on our items (default: ``bot.discord.actions``). ``cooldown`` limits
    each user's costly commands and buttons (default: no limit; ``campfire run`` passes
    the ``CAMPFIRE_COOLDOWN`` setting). ``reminder_seconds``: run the reminder loop
    (``bot.discord.days``) at that interval once connected (``campfire run``: every
    minute); ``None`` (tests) leaves it off: tests run its passes themselves.
    ``render_processes``: draw pictures in a process per core instead of threads
    (``CAMPFIRE_RENDER=processes``). Discord's rate limits are waited out up to
    ``ratelimits.MAX_WAIT`` seconds and given up beyond (``ratelimits``).
    """

    def __init__(
        self,
        *,
        db_path: str | None = None,
        service: GameService | None = None,
        sync_guild_id: int | None = None,
        handlers: Handlers = actions,
        cooldown: Cooldown | None = None,
        reminder_seconds: float | None = None,
        shards: Shards | None = None,
        render_processes: bool = False,
        web: WebLinks | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("intents", intents())
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        options.setdefault("max_ratelimit_timeout", MAX_WAIT)
        if shards is not None:
            options.update(shard_ids=list(shards.ids), shard_count=shards.count)
        super().__init__(**options)
        # A rate limit longer than MAX_WAIT is given up (GaveUp), logged once.
        self.long_waits = LongWaits()
        self.http.request = give_up_long_waits(  # type: ignore[method-assign]
            self.http.request, self.long_waits
        )
        self._shards = shards
        self._render_processes = render_processes
        self.tree = CampfireTree(self)
        self._db_path = db_path
        self._service = service
        self._item_handlers = handlers
        self._store: SqlStore | None = None
        self._sync_guild_id = sync_guild_id
        self._caught_up = False
        self.cooldown = cooldown or Cooldown.off()
        self.web = web
        self.worker = days.worker_id(shards)
        self.reminders: tasks.Loop[Any] | None = None
        self._passes = 0
        if reminder_seconds is not None:
            self.reminders = tasks.loop(seconds=reminder_seconds)(self.reminder_pass)

    async def reminder_pass(self) -> None:
        """One pass of the reminder loop and of the tournaments' work
        (``tourney_posts.run_pass``), then a ``sweep``, and every
        ``CATCH_UP_PASSES``-th pass a catch-up of every table behind (a post Discord
        refused while the process runs: a 5xx, a rate limit it gave up on); a failure is
        logged and the loop goes on."""
        try:
            await days.run_pass(self, self.worker)
        except Exception:
            log.exception("the reminder loop's pass failed")
        try:
            await tourney_posts.run_pass(self)
        except Exception:
            log.exception("the tournaments' pass failed")
        await self.sweep()
        self._passes += 1
        if self._passes % CATCH_UP_PASSES == 0:
            try:
                caught = await catch_up(self)
            except Exception:
                log.exception("the periodic catch-up failed")
            else:
                if caught:
                    log.info("caught up %d table(s) behind: %s", len(caught), caught)

    async def sweep(self) -> list[int]:
        """Take up the catch-up and AI turns that a process which died left claimed,
        once their lease has run out (or at once, when it was this process's
        predecessor): the games done. Errors are logged; never raises."""
        done: list[int] = []
        for name, job in (("catching up", catch_up), ("AI turns", resume_ai_turns)):
            try:
                found = await job(self, sweep=True)
            except Exception:
                log.exception("the sweep (%s) failed", name)
                continue
            if found:
                log.info("sweep: %s taken up in %d game(s): %s", name, len(found), found)
            done += found
        return done

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the client has not been set up yet")
        return self._service

    @property
    def handlers(self) -> Handlers:
        """What a click on one of our items does (``views`` reaches them from here)."""
        return self._item_handlers

    async def setup_hook(self) -> None:
        """Open the service, add commands, restart-proof items and the translator."""
        if self._service is None:
            self._store = await open_store(self._db_path)
            self._service = GameService(
                self._store,
                render_processes=self._render_processes,
                shards=self._shards,
                worker=self.worker,  # a restart of these shards takes its leases back
            )
            self._service.boards.warm_up()
        self.tree.add_command(CampfireGroup())
        self.add_dynamic_items(*DYNAMIC_ITEMS, *tourney_items.TOURNAMENT_ITEMS)
        await self.tree.set_translator(CampfireTranslator())
        if self._sync_guild_id is not None:
            await self.sync_commands(self._sync_guild_id)

    async def sync_commands(self, guild_id: int | None) -> list[app_commands.AppCommand]:
        """Publish the commands: to one server (instant) or globally (``None``)."""
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("synced %d command(s) to %s", len(synced), guild_id or "every server")
        return synced

    async def on_ready(self) -> None:
        log.info("connected as %s to %d server(s)", self.user, len(self.guilds))
        if self._caught_up:  # on_ready comes again after each reconnection
            return
        self._caught_up = True
        if self.reminders is not None and not self.reminders.is_running():
            self.reminders.start()  # reminders live in the database: nothing to rebuild
        try:
            caught = await catch_up(self)  # mypy: the client is a ``CampfireBot``
        except Exception:
            log.exception("catching up the games' tables failed")
            return
        if caught:
            log.info("announced %d game(s) left unannounced: %s", len(caught), caught)
        try:
            resumed = await resume_ai_turns(self)
        except Exception:
            log.exception("resuming the AI seats' turns failed")
            resumed = []
        if resumed:
            log.info("AI seats played on in %d game(s): %s", len(resumed), resumed)
        # Everything made so far (modules, command tree, caches) lives as long as the
        # bot: out of the collector's sight, a full collection no longer stalls the
        # event loop for tens of milliseconds under load.
        gc.freeze()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the language of the caller's Discord (their direct messages speak it:
        a write only when it changed), and answer clicks on our components that no item
        can handle (forged or outdated)."""
        try:
            await self.service.notices.languages.seen(
                str(interaction.user.id), str(interaction.locale)
            )
        except Exception:
            log.exception("the language of %s was not recorded", interaction.user.id)
        if interaction.type is not discord.InteractionType.component:
            return
        data = cast(dict[str, Any], interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        known = is_known(custom_id) or tourney_items.is_known(custom_id)
        if is_ours(custom_id) and not known:
            log.info("unknown component id %r from %s", custom_id[:100], interaction.user.id)
            await send_private(interaction, t("discord.bad_button", lang_for(interaction)))

    async def close(self) -> None:
        """Stop: the loop, the gateway, then (a store this client opened) the
        tournaments' leases given back, the render pool and the store closed."""
        if self.reminders is not None:
            self.reminders.cancel()
        await super().close()
        if self._store is not None:
            try:
                await self.service.tournaments.release()
            except Exception:
                log.exception("the tournaments' leases were not given back")
            self.service.close()
            await self._store.close()
            self._store = None


class ShardedCampfireClient(CampfireClient, discord.AutoShardedClient):
    """``CampfireClient`` as discord.py's ``AutoShardedClient``, opening ``shards``
    (``campfire run --shards 0-3 --shard-count 8``; ``--shard-count`` alone: all)."""
