"""What a message carries below its text: the views of a lobby, a turn, an undo, a claim, a result.

Built from the restart-proof items of ``views`` (each custom id carries the game and
revision); the move menu, grouped by kind of move and paged, is built here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from bot.discord.i18n import t
from bot.discord.views import (
    PAGE_SIZE,
    AddAiButton,
    ClaimAutoButton,
    ClaimExtendButton,
    ClaimForfeitButton,
    FullBoardButton,
    GameButton,
    GroupSelect,
    HandButton,
    HintButton,
    JoinButton,
    LeaveButton,
    MoveSelect,
    PageButton,
    PlayButton,
    RematchButton,
    RemoveAiButton,
    ResignButton,
    ScoresButton,
    StartButton,
    UndoAgreeButton,
    UndoButton,
    UndoRefuseButton,
)
from bot.service import GameInfo
from rules import registry
from rules.base import Move
from rules.i18n import with_names


def _static(view: ui.View) -> ui.View:
    """A finished view: discord.py renders its components but does not track it. Clicks
    are routed by the ``DynamicItem`` templates registered on the client, so no view
    object (and no timeout task) lives on between messages."""
    view.stop()
    return view


def lobby_view(game: GameInfo, lang: str) -> ui.View | None:
    """Join / Leave / Start / Add AI while the game is a lobby, and Remove AI while an AI
    sits in it; nothing afterwards."""
    if game.status != "lobby":
        return None
    view = ui.View(timeout=None)
    buttons: list[type[GameButton]] = [JoinButton, LeaveButton, StartButton, AddAiButton]
    if any(p.ai_level for p in game.seats):
        buttons.append(RemoveAiButton)
    for button in buttons:
        view.add_item(button(game.id, lang))
    return _static(view)


def turn_view(
    game: GameInfo,
    lang: str = "en",
    *,
    play: bool = True,
    hints: bool = True,
    web: str | None = None,
) -> ui.View:
    """Play (for the version it was posted at; left out while only AI seats think,
    ``play=False``), Hint (unless the server turned hints off, or nobody can play),
    Hand, Scores and Full board (of that version), and the **Web** link (``web``)."""
    view = ui.View(timeout=None)
    if play:
        view.add_item(PlayButton(game.id, lang, version=game.version))
        if hints:
            view.add_item(HintButton(game.id, lang))
    view.add_item(HandButton(game.id, lang))
    view.add_item(ScoresButton(game.id, lang))
    view.add_item(FullBoardButton(game.id, lang, version=game.version))
    if web is not None:
        view.add_item(web_button(web, lang))
    return _static(view)


def web_button(url: str, lang: str, game_id: int | None = None) -> ui.Button[Any]:
    """The **Web** link button: the game's page on the web companion (``url``, made by
    ``bot.discord.weblinks.game_url``); ``game_id`` names the game on it (lists)."""
    label = t("discord.web.button", lang)
    if game_id is not None:
        label = t("discord.web.button_of", lang, id=game_id)
    return ui.Button(style=discord.ButtonStyle.link, label=label, url=url)


def resign_view(game: GameInfo, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ResignButton(game.id, lang))
    return _static(view)


def rematch_view(game: GameInfo, lang: str) -> ui.View:
    """Under a finished game's result: Rematch."""
    view = ui.View(timeout=None)
    view.add_item(RematchButton(game.id, lang))
    return _static(view)


def undo_view(game_id: int, version: int, lang: str) -> ui.View:
    """The mover's Undo button, for the revision their move made."""
    view = ui.View(timeout=None)
    view.add_item(UndoButton(game_id, lang, version=version))
    return _static(view)


def with_undo(view: ui.View | None, game_id: int, version: int, lang: str) -> ui.View:
    """``view`` (the menu of the mover's next decision, or none) with the mover's Undo
    button for ``version`` (see ``Undos.offer``): a turn of several decisions can take
    back the last one while the next is being chosen."""
    if view is None:
        return undo_view(game_id, version, lang)
    view.add_item(UndoButton(game_id, lang, version=version))
    return _static(view)


def claim_view(game: GameInfo, lang: str) -> ui.View:
    """The other players' choices once a deadline passed: play for the late player,
    remove them, or give one more day (for this revision: any move makes it stale)."""
    view = ui.View(timeout=None)
    for item in (ClaimAutoButton, ClaimForfeitButton, ClaimExtendButton):
        view.add_item(item(game.id, lang, version=game.version))
    return _static(view)


def undo_vote_view(game_id: int, version: int, lang: str) -> ui.View:
    """Agree / Refuse on an undo request of the move that made revision ``version``."""
    view = ui.View(timeout=None)
    view.add_item(UndoAgreeButton(game_id, lang, version=version))
    view.add_item(UndoRefuseButton(game_id, lang, version=version))
    return _static(view)


@dataclass(frozen=True)
class Menu:
    """One screen of the private move menu: a heading and its components."""

    heading: str
    view: ui.View


def groups_of(moves: Sequence[Move]) -> list[str]:
    """The kinds of moves, in the order the game lists them."""
    seen: dict[str, None] = {}
    for move in moves:
        seen.setdefault(move.group, None)
    return list(seen)


def move_menu(
    game: GameInfo, moves: Sequence[Move], lang: str, *, group: int | None = None, page: int = 0
) -> Menu:
    """The legal moves as a select (at most 25 per page).

    Up to 25 moves: one select. More: first a select of the kinds of moves
    (``Move.group``), then the moves of the chosen kind, paged with buttons.
    """
    groups = groups_of(moves)
    if len(moves) > PAGE_SIZE and len(groups) > 1 and group is None:
        return _group_menu(game, moves, groups, lang, page)
    chosen = list(moves)
    if len(moves) > PAGE_SIZE and len(groups) > 1 and group is not None:
        name = groups[group] if 0 <= group < len(groups) else None
        chosen = [m for m in moves if m.group == name]
    pages = max(1, -(-len(chosen) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = chosen[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    options = [
        discord.SelectOption(
            label=t(with_names(m.label, game.names(lang)), lang)[:100] or m.code,
            value=m.code,
            description=m.code[:100],
        )
        for m in shown
    ]
    view = ui.View(timeout=None)
    view.add_item(MoveSelect(game.id, game.version, options, lang))
    if pages > 1:
        _add_pager(view, game, group, page, pages, lang)
    if len(moves) > PAGE_SIZE and len(groups) > 1:
        view.add_item(PageButton(game.id, game.version, None, 0, t("discord.menu.back", lang)))
    heading = t("discord.menu.heading", lang, count=len(chosen), page=page + 1, pages=pages)
    return Menu(heading, _static(view))


def _group_menu(
    game: GameInfo, moves: Sequence[Move], groups: list[str], lang: str, page: int
) -> Menu:
    pages = max(1, -(-len(groups) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    spec = registry.get(game.rules).spec
    options = []
    for index in range(page * PAGE_SIZE, min(len(groups), (page + 1) * PAGE_SIZE)):
        name = groups[index]
        count = sum(1 for m in moves if m.group == name)
        label = t(spec.group_label(name), lang)
        options.append(discord.SelectOption(label=f"{label} ({count})"[:100], value=str(index)))
    view = ui.View(timeout=None)
    view.add_item(GroupSelect(game.id, game.version, options, lang))
    if pages > 1:
        _add_pager(view, game, None, page, pages, lang)
    heading = t("discord.menu.groups", lang, count=len(moves))
    return Menu(heading, _static(view))


def _add_pager(
    view: ui.View, game: GameInfo, group: int | None, page: int, pages: int, lang: str
) -> None:
    if page > 0:
        view.add_item(
            PageButton(game.id, game.version, group, page - 1, t("discord.menu.previous", lang))
        )
    if page < pages - 1:
        view.add_item(
            PageButton(game.id, game.version, group, page + 1, t("discord.menu.next", lang))
        )
