"""What the commands, items and publishers need of the Discord client, as protocols.

Imports in ``bot.discord`` go one way: ``client`` -> ``commands`` -> ``actions`` ->
``lobbies`` / ``reading`` -> ``publish`` (-> ``tables`` -> ``announcements`` ->
``turns``) / ``views`` -> ``context`` -> ``host``. The restart-proof items (``views``)
are built by ``actions``, so they cannot import it back: they reach the handlers
through the client that received the click (``bot_of(interaction).handlers``), typed
by ``Handlers`` so mypy checks every call. Nothing here imports another module of
``bot.discord``.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord
from discord.abc import GuildChannel, PrivateChannel

from bot.service import GameInfo, GameService
from bot.web.tokens import WebLinks


class Handlers(Protocol):
    """What a click on one of our items does (``bot.discord.actions`` implements it)."""

    async def join(
        self, interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
    ) -> None: ...

    async def leave(
        self, interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
    ) -> None: ...

    async def start(
        self, interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
    ) -> None: ...

    async def add_ai(
        self, interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
    ) -> None: ...

    async def remove_ai(
        self, interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
    ) -> None: ...

    async def full_board(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | None
    ) -> None: ...

    async def open_menu(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int | None,
        *,
        group: int | None = None,
        page: int = 0,
    ) -> None: ...

    async def play(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        text: str,
        *,
        expected_version: int | None = None,
        game: GameInfo | None = None,
    ) -> None: ...

    async def hand(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def hint(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def scores(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def resign_confirmed(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> None: ...

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...
    async def undo(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | None = None
    ) -> None: ...

    async def answer_undo(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int | None,
        *,
        agree: bool,
    ) -> None: ...

    async def claim(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | None, action: str
    ) -> None: ...

    async def tournament_entry(
        self, interaction: discord.Interaction[Any], tournament_id: int, *, register: bool
    ) -> None: ...


class Budget(Protocol):
    """A per-user limit (``bot.discord.cooldown.Cooldown`` implements it)."""

    def spend(self, user_id: str) -> None:
        """Take one use of ``user_id``'s budget, or raise a keyed error saying when to
        try again (and take nothing)."""
        ...


class CampfireBot(Protocol):
    """The Campfire client as the rest of ``bot.discord`` sees it: the game service, the
    item handlers, and the few ``discord.Client`` look-ups used to reach a table."""

    @property
    def service(self) -> GameService: ...

    @property
    def handlers(self) -> Handlers: ...

    @property
    def worker(self) -> str:
        """Who holds the work this process claims (reminders, catch-up, AI turns)."""
        ...

    @property
    def cooldown(self) -> Budget:
        """The per-user budget of costly commands and buttons (a picture, a replay)."""
        ...

    @property
    def web(self) -> WebLinks | None:
        """The web companion's address and secret (``None``: no **Web** links)."""
        ...

    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own user (``None`` before it logs in)."""
        ...

    def get_channel(self, id: int, /) -> GuildChannel | discord.Thread | PrivateChannel | None: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> GuildChannel | PrivateChannel | discord.Thread: ...

    def get_partial_messageable(
        self,
        id: int,
        *,
        guild_id: int | None = None,
        type: discord.ChannelType | None = None,
    ) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    async def create_dm(self, user: discord.abc.Snowflake, /) -> discord.DMChannel: ...


def bot_of(interaction: discord.Interaction[Any]) -> CampfireBot:
    """The Campfire client that received ``interaction``."""
    return cast(CampfireBot, interaction.client)


__all__ = ["Budget", "CampfireBot", "Handlers", "bot_of"]
