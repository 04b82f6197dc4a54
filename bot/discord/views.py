"""Restart-proof buttons and selects: ``DynamicItem``s whose custom id carries the state.

Each custom id names the game and (where it matters) the state version it was made for,
e.g. ``cf:play:12:7``. Nothing else is kept in View or Item objects: a click after a
restart rebuilds the item from its custom id alone and asks the service. The callbacks
are thin: inside the error guard (``guards.guarded``) they hand over to the client's handlers
(``bot.discord.host.Handlers``, implemented by ``bot.discord.actions``, which builds
these items and so cannot be imported from here).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Self, cast

import discord
from discord import ui

from bot.discord.guards import guarded, guarded_game
from bot.discord.host import bot_of
from bot.discord.i18n import t
from bot.service import GameInfo

PREFIX = "cf:"
GAME = r"(?P<game>[0-9]{1,18})"
VERSION = r"(?P<version>[0-9]{1,9})"
PAGE_SIZE = 25


def selected(interaction: discord.Interaction[Any]) -> list[str]:
    """The values chosen in a select menu interaction."""
    data = cast(dict[str, Any], interaction.data or {})
    return [str(v) for v in data.get("values") or []]


class GameButton(ui.DynamicItem[ui.Button[Any]], template=PREFIX + r"(?!)"):
    """The shape every game button shares: its custom id is ``cf:<stem>:<game>``, then
    ``:<version>`` when the button is ``versioned``.

    A subclass names its ``stem``, ``button_style`` and ``label_key`` in its class
    statement and says what a click does in ``handle`` (run inside the error guard). The
    base itself matches no custom id and is never registered.
    """

    stem: ClassVar[str]
    button_style: ClassVar[discord.ButtonStyle]
    label_key: ClassVar[str]
    versioned: ClassVar[bool]

    def __init_subclass__(
        cls,
        *,
        stem: str,
        button_style: discord.ButtonStyle,
        label_key: str,
        versioned: bool = False,
    ) -> None:
        cls.stem, cls.button_style = stem, button_style
        cls.label_key, cls.versioned = label_key, versioned
        template = PREFIX + stem + ":" + GAME + (":" + VERSION if versioned else "")
        super().__init_subclass__(template=template)

    def __init__(self, game_id: int, lang: str = "en", *, version: int | None = None) -> None:
        self.game_id, self.version = game_id, version
        suffix = "" if version is None else f":{version}"
        super().__init__(
            ui.Button(
                label=t(self.label_key, lang),
                style=self.button_style,
                custom_id=f"{PREFIX}{self.stem}:{game_id}{suffix}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> Self:
        version = int(match["version"]) if cls.versioned else None
        return cls(int(match["game"]), version=version)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.handle, self.game_id)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


class JoinButton(
    GameButton,
    stem="lobby:join",
    button_style=discord.ButtonStyle.success,
    label_key="discord.button.join",
):
    """On the lobby message: take a seat."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.join(interaction, self.game_id, from_lobby=True)


class LeaveButton(
    GameButton,
    stem="lobby:leave",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.leave",
):
    """On the lobby message: give one's seat back."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.leave(interaction, self.game_id, from_lobby=True)


class StartButton(
    GameButton,
    stem="lobby:start",
    button_style=discord.ButtonStyle.primary,
    label_key="discord.button.start",
):
    """On the lobby message: the host starts the game."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.start(interaction, self.game_id, from_lobby=True)


class AddAiButton(
    GameButton,
    stem="lobby:ai",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.add_ai",
):
    """On the lobby message: the creator seats an AI player (at the level of the lobby's
    last AI seat, else ``greedy``)."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.add_ai(interaction, self.game_id, from_lobby=True)


class RemoveAiButton(
    GameButton,
    stem="lobby:unai",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.remove_ai",
):
    """On the lobby message: the creator takes back the last AI seat."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.remove_ai(interaction, self.game_id, from_lobby=True)


class PlayButton(
    GameButton,
    stem="play",
    button_style=discord.ButtonStyle.primary,
    label_key="discord.button.play",
    versioned=True,
):
    """On a turn message: opens the caller's private menu of legal moves."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.open_menu(interaction, self.game_id, self.version)


class HintButton(
    GameButton,
    stem="hint",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.hint",
):
    """On a turn message, beside Play: the move the ``greedy`` AI would make for the
    caller's decision now, and why (ephemeral; any version: it answers for now)."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.hint(interaction, self.game_id)


class HandButton(
    GameButton,
    stem="hand",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.hand",
):
    """On a turn message: the caller's private view, ephemeral."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.hand(interaction, self.game_id)


class ScoresButton(
    GameButton,
    stem="scores",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.scores",
):
    """On a turn message: the score breakdown as the caller may see it, ephemeral."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.scores(interaction, self.game_id)


class FullBoardButton(
    GameButton,
    stem="full",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.full_board",
    versioned=True,
):
    """On a turn message: the full board of the revision the message shows, privately."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.full_board(interaction, self.game_id, self.version)


class ResignButton(
    GameButton,
    stem="resign",
    button_style=discord.ButtonStyle.danger,
    label_key="discord.button.resign",
):
    """The confirmation of ``/campfire resign`` (ephemeral; any version: the intent stands)."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.resign_confirmed(interaction, self.game_id)


class RematchButton(
    GameButton,
    stem="rematch",
    button_style=discord.ButtonStyle.success,
    label_key="discord.button.rematch",
):
    """On the result message: open (or join) the rematch lobby of this game."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.rematch(interaction, self.game_id)


class UndoButton(
    GameButton,
    stem="undo",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.undo",
    versioned=True,
):
    """In the mover's confirmation of an undoable move: ask the table to take it back
    (for the revision the move made; any later entry makes it stale)."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.undo(interaction, self.game_id, self.version)


class UndoAgreeButton(
    GameButton,
    stem="undo:yes",
    button_style=discord.ButtonStyle.success,
    label_key="discord.button.undo_yes",
    versioned=True,
):
    """On an undo request at the table: agree to take the move back."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.answer_undo(interaction, self.game_id, self.version, agree=True)


class UndoRefuseButton(
    GameButton,
    stem="undo:no",
    button_style=discord.ButtonStyle.danger,
    label_key="discord.button.undo_no",
    versioned=True,
):
    """On an undo request at the table: refuse (the move stands)."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.answer_undo(interaction, self.game_id, self.version, agree=False)


class ClaimAutoButton(
    GameButton,
    stem="claim:auto",
    button_style=discord.ButtonStyle.primary,
    label_key="discord.button.claim_auto",
    versioned=True,
):
    """Under a passed deadline (policy ``claim``): the clock plays for the late player."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).handlers.claim(interaction, self.game_id, self.version, "auto")


class ClaimForfeitButton(
    GameButton,
    stem="claim:forfeit",
    button_style=discord.ButtonStyle.danger,
    label_key="discord.button.claim_forfeit",
    versioned=True,
):
    """Under a passed deadline (policy ``claim``): the late player leaves the game."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.claim(interaction, self.game_id, self.version, "forfeit")


class ClaimExtendButton(
    GameButton,
    stem="claim:extend",
    button_style=discord.ButtonStyle.secondary,
    label_key="discord.button.claim_extend",
    versioned=True,
):
    """Under a passed deadline (policy ``claim``): one more day for the late player."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.claim(interaction, self.game_id, self.version, "extend")


class GameSelect(ui.DynamicItem[ui.Select[Any]], template=PREFIX + r"(?!)"):
    """The shape of the private move menus: custom id ``cf:<stem>:<game>:<version>``.

    A subclass names its ``stem``, ``placeholder_key`` and the value of the lone
    ``blank`` option (shown when no options are given) in its class statement, and says
    what a choice does in ``choose`` (run inside the error guard).
    """

    stem: ClassVar[str]
    placeholder_key: ClassVar[str]
    blank: ClassVar[str]

    def __init_subclass__(cls, *, stem: str, placeholder_key: str, blank: str) -> None:
        cls.stem, cls.placeholder_key, cls.blank = stem, placeholder_key, blank
        super().__init_subclass__(template=PREFIX + stem + ":" + GAME + ":" + VERSION)

    def __init__(
        self,
        game_id: int,
        version: int,
        options: Sequence[discord.SelectOption] = (),
        lang: str = "en",
    ) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            ui.Select(
                placeholder=t(self.placeholder_key, lang),
                custom_id=f"{PREFIX}{self.stem}:{game_id}:{version}",
                options=list(options) or [discord.SelectOption(label="-", value=self.blank)],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected(interaction)
        await guarded(interaction, lambda i: self.choose(i, values), self.game_id)

    async def choose(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        raise NotImplementedError


class MoveSelect(GameSelect, stem="move", placeholder_key="discord.menu.placeholder", blank="-"):
    """The private menu of legal moves; the chosen value is the move code."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected(interaction)

        async def play(interaction: discord.Interaction[Any], game: GameInfo) -> None:
            await self.play(interaction, values, game)

        await guarded_game(interaction, play, self.game_id)

    async def choose(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        await self.play(interaction, values, None)

    async def play(
        self, interaction: discord.Interaction[Any], values: list[str], game: GameInfo | None
    ) -> None:
        """Play the chosen code (``game``: as the guard read it, where it is played)."""
        code = (values or [""])[0]
        await bot_of(interaction).handlers.play(
            interaction, self.game_id, code, expected_version=self.version, game=game
        )


class GroupSelect(
    GameSelect, stem="group", placeholder_key="discord.menu.group_placeholder", blank="0"
):
    """When there are too many moves for one menu: choose a kind of move first."""

    async def choose(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        raw = (values or ["0"])[0]
        group = int(raw) if raw.isdigit() else -1
        await bot_of(interaction).handlers.open_menu(
            interaction, self.game_id, self.version, group=group, page=0
        )


class PageButton(
    ui.DynamicItem[ui.Button[Any]],
    template=PREFIX
    + r"page:"
    + GAME
    + ":"
    + VERSION
    + r":(?P<group>-|[0-9]{1,3}):(?P<page>[0-9]{1,3})",
):
    """Previous / next page of a long menu, or back to the kinds of moves."""

    def __init__(
        self, game_id: int, version: int, group: int | None, page: int, label: str = "…"
    ) -> None:
        self.game_id, self.version, self.group, self.page = game_id, version, group, page
        marker = "-" if group is None else str(group)
        super().__init__(
            ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}page:{game_id}:{version}:{marker}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        group = None if match["group"] == "-" else int(match["group"])
        return cls(int(match["game"]), int(match["version"]), group, int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction,
            lambda i: bot_of(i).handlers.open_menu(
                i, self.game_id, self.version, group=self.group, page=self.page
            ),
            self.game_id,
        )


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    JoinButton,
    LeaveButton,
    StartButton,
    AddAiButton,
    RemoveAiButton,
    PlayButton,
    HintButton,
    HandButton,
    ScoresButton,
    FullBoardButton,
    ResignButton,
    RematchButton,
    UndoButton,
    UndoAgreeButton,
    UndoRefuseButton,
    ClaimAutoButton,
    ClaimForfeitButton,
    ClaimExtendButton,
    MoveSelect,
    GroupSelect,
    PageButton,
)


def is_ours(custom_id: str) -> bool:
    return custom_id.startswith(PREFIX)


def is_known(custom_id: str) -> bool:
    """Whether one of our items will handle ``custom_id`` (else it is forged or outdated)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)
