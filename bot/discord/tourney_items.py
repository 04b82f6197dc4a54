"""The registration message's restart-proof buttons: Register and Withdraw.

Their custom id names the tournament, ``cf:tour:join:<id>`` and ``cf:tour:leave:<id>``:
a click after a restart rebuilds the button from it alone and asks the service. As the
game items (``views``), they reach their handler through the client that received the
click (``bot_of(interaction).handlers.tournament_entry``, implemented by ``actions``),
inside the error guard.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord
from discord import ui

from bot.discord.guards import guarded
from bot.discord.host import bot_of
from bot.discord.i18n import t
from bot.discord.panels import web_button
from bot.discord.views import PREFIX

TOURNAMENT = r"(?P<tournament>[0-9]{1,18})"


class EntryButton(ui.DynamicItem[ui.Button[Any]], template=PREFIX + r"(?!)"):
    """A button of the registration message: ``cf:tour:<stem>:<tournament>``; a subclass
    says whether it registers (``register``) or takes the registration back."""

    stem: ClassVar[str]
    register: ClassVar[bool]
    button_style: ClassVar[discord.ButtonStyle]
    label_key: ClassVar[str]

    def __init_subclass__(
        cls, *, stem: str, register: bool, button_style: discord.ButtonStyle, label_key: str
    ) -> None:
        cls.stem, cls.register = stem, register
        cls.button_style, cls.label_key = button_style, label_key
        super().__init_subclass__(template=PREFIX + "tour:" + stem + ":" + TOURNAMENT)

    def __init__(self, tournament_id: int, lang: str = "en") -> None:
        self.tournament_id = tournament_id
        super().__init__(
            ui.Button(
                label=t(self.label_key, lang),
                style=self.button_style,
                custom_id=f"{PREFIX}tour:{self.stem}:{tournament_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = bot_of(interaction).handlers
        await guarded(
            interaction,
            lambda i: handlers.tournament_entry(i, self.tournament_id, register=self.register),
        )


class RegisterButton(
    EntryButton,
    stem="join",
    register=True,
    button_style=discord.ButtonStyle.success,
    label_key="discord.tournament.button.register",
):
    """On the registration message: take a place."""


class UnregisterButton(
    EntryButton,
    stem="leave",
    register=False,
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.tournament.button.unregister",
):
    """On the registration message: give one's place back before the start."""


TOURNAMENT_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (RegisterButton, UnregisterButton)


def registration_view(tournament_id: int, lang: str, web: str | None = None) -> ui.View:
    """Register / Withdraw, while registration is open, and the **Web** link to the
    tournament's page (``web``) when there is one (a finished view: the clicks are
    routed by the templates registered on the client)."""
    view = ui.View(timeout=None)
    view.add_item(RegisterButton(tournament_id, lang))
    view.add_item(UnregisterButton(tournament_id, lang))
    if web is not None:
        view.add_item(web_button(web, lang))
    view.stop()
    return view


def is_known(custom_id: str) -> bool:
    """Whether a tournament button will handle ``custom_id``."""
    return any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in TOURNAMENT_ITEMS
    )
