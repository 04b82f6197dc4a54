"""What each command and button does: check, call the service, answer, then post.

Shared by the slash commands (``commands``) and the restart-proof items (``views``): a
click on *Join* and ``/campfire join`` run the same code. The shape is always the same:
call the (fast) service, answer the interaction right away, then do the slow part
(thread, picture) after answering. Errors propagate to the one error handler.

This module is the handlers the client hands the items (``host.Handlers``): the
playing ones are here (a move, a resignation, a rematch, an undo, an abort), the
lobby's in ``lobbies``, those that only read in ``reading``, the helpers around the
service in ``guards``.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord

from bot.discord import embeds, publish, threads, tourney_posts, turns
from bot.discord.context import (
    in_this_server,
    is_moderator,
    player_of,
    public_lang,
    service_of,
    user_key,
)
from bot.discord.days import claim as claim
from bot.discord.errors import DiscordError, send_private
from bot.discord.fairness import lobby_card
from bot.discord.guards import committed, throttle
from bot.discord.host import CampfireBot, bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.lobbies import (
    add_ai,
    create,
    join,
    leave,
    lobby_message,
    refresh_lobby,
    remove_ai,
    start,
)
from bot.discord.panels import lobby_view, move_menu, resign_view, undo_view, with_undo
from bot.discord.reading import (
    answer_private,
    board,
    board_text,
    full_board,
    games,
    hand,
    help_now,
    hint,
    record,
    replay,
    scores,
    what_now,
)
from bot.discord.replies import ephemeral, is_component
from bot.discord.tourney_actions import tournament_entry as tournament_entry
from bot.service import (
    GameInfo,
    MoveApplied,
    PlayResult,
    Rematch,
    ServiceError,
    UndoAnswer,
    is_ai_seat,
)
from bot.store import StoreError
from rules.i18n import table_text, with_names

__all__ = [
    "abort",
    "add_ai",
    "answer_private",
    "answer_undo",
    "board",
    "board_text",
    "claim",
    "committed",
    "create",
    "full_board",
    "games",
    "hand",
    "help_now",
    "hint",
    "join",
    "leave",
    "lobby_message",
    "moved_on",
    "open_menu",
    "play",
    "record",
    "refresh_lobby",
    "rematch",
    "remove_ai",
    "replay",
    "resign",
    "resign_confirmed",
    "scores",
    "start",
    "throttle",
    "tournament_entry",
    "undo",
    "what_now",
]

log = logging.getLogger("campfire.discord.actions")


log = logging.getLogger("campfire.discord.actions")


async def open_menu(
    interaction: discord.Interaction[Any],
    game_id: int,
    version: int | None,
    *,
    group: int | None = None,
    page: int = 0,
) -> None:
    """The caller's private menu of legal moves (from Play, or a page of the menu).
    Opening it counts against the caller's cooldown; turning its pages does not. A page
    keeps the Undo button while the caller may still ask to undo."""
    if group is None and page == 0:
        throttle(interaction)
    service = service_of(interaction)
    game = await service.game(game_id)
    lang = lang_for(interaction)
    me = user_key(interaction)
    if not game.has_seat(me):
        raise ServiceError("service.not_in_game")
    if version is not None and version != game.version:
        await moved_on(interaction, game)
        return
    if game.status != "running":
        raise ServiceError("service.not_running", status=f"@service.status.{game.status}")
    if me not in game.to_act:
        raise DiscordError("discord.wait_for", players=embeds.mentions(game.to_act, lang))
    moves = await service.legal_moves(game_id, me)
    menu = move_menu(game, moves, lang, group=group, page=page)
    view = menu.view
    if group is not None or page:
        # A page of the menu that came with a move's confirmation keeps its Undo button.
        offered = await service.undos.offer(game_id, me)
        if offered is not None:
            view = with_undo(view, game_id, offered, lang)
    await _show_private(interaction, menu.heading, view)


async def _show_private(
    interaction: discord.Interaction[Any], text: str, view: discord.ui.View | None
) -> None:
    """Edit the ephemeral menu in place when clicked from it; else a new ephemeral."""
    message = interaction.message
    if is_component(interaction) and message is not None and message.flags.ephemeral:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text, embed=None, view=view)
        else:
            await interaction.response.edit_message(content=text, embed=None, view=view)
        return
    await ephemeral(interaction, text, view=view or discord.utils.MISSING)


async def moved_on(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """A stale button: say so, show where the game is, and offer the fresh menu if it is
    the caller's turn."""
    lang = lang_for(interaction)
    me = user_key(interaction)
    lines = [t("discord.moved_on", lang, version=game.version)]
    view: discord.ui.View | None = None
    if game.status == "running":
        players = embeds.mentions(game.to_act, lang) or "—"
        if me in game.to_act:  # e.g. several players choosing at once: still theirs
            moves = await service_of(interaction).legal_moves(game.id, me)
            menu = move_menu(game, moves, lang)
            lines += [t("discord.moved_on.still_yours", lang), menu.heading]
            view = menu.view
        elif game.has_seat(me):
            lines.append(t("discord.wait_for", lang, players=players))
        else:
            lines.append(t("discord.games.turn", lang, players=players))
    else:
        lines.append(t(f"discord.lobby.status.{game.status}", lang))
    await _show_private(interaction, "\n".join(lines), view)


async def play(
    interaction: discord.Interaction[Any],
    game_id: int,
    text: str,
    *,
    expected_version: int | None = None,
    game: GameInfo | None = None,
) -> None:
    """Play one move (typed, or picked in the menu) and post the new board and turn.
    ``game``: the game as the caller just read it (a command resolved it), where it is
    played; read here otherwise."""
    if not interaction.response.is_done():
        if is_component(interaction):
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    client = bot_of(interaction)
    if game is None or game.id != game_id:
        game = await client.service.game(game_id)
    try:  # stored before any call to Discord that could wait (a rate limit): see below
        result = await client.service.play(
            game_id, user_key(interaction), text, expected_version=expected_version
        )
    except ServiceError as exc:
        if exc.key == "service.commit_found":
            await _found_after_all(interaction, game_id, exc)
            return
        if exc.key != "service.stale":
            raise
        await moved_on(interaction, await client.service.game(game_id))
        return
    lang = lang_for(interaction)
    played = [e for e in result.events if isinstance(e, MoveApplied)]
    names = result.game.names(lang)
    label = t(with_names(played[-1].label, names), lang) if played else text
    # The mover may ask back: the Undo button, beside the next decision's menu when the
    # turn goes on (the offer right after the move: the entry's stored bound).
    offered = (
        played[-1].version
        if played and played[-1].undoable and result.game.status == "running"
        else None
    )
    async with committed(interaction, game_id):
        content, view = _next_step(interaction, result, t("discord.played", lang, move=label))
        if offered is not None:
            view = with_undo(view, game_id, offered, lang)
        if is_component(interaction):
            await interaction.edit_original_response(content=content, view=view)
        else:
            await interaction.followup.send(
                content, ephemeral=True, view=view or discord.utils.MISSING
            )
    result = await _at_its_table(interaction, result)
    await publish.publish_result(client, result, await public_lang(interaction))
    await tourney_posts.after_change(client, result)
    if any(is_ai_seat(s) for s in result.game.to_act):
        await _undo_after_ai(interaction, game_id, offered)


async def _at_its_table(interaction: discord.Interaction[Any], result: PlayResult) -> PlayResult:
    """``result`` with the game where its table is now, after the move was stored.

    The table is found only now: finding a thread that is not in discord.py's cache (an
    archived one) is a call to Discord, which may wait for a rate limit, and a move must
    never wait for Discord before it is stored. A thread deleted meanwhile moves the
    game to its channel (``table_of``): the move stands, the player is told, and it is
    announced there. Any other failure is met again, and logged, by the announcement.
    """
    client = bot_of(interaction)
    try:
        await threads.table_of(client, result.game)
    except DiscordError as exc:
        if exc.key != "discord.thread_gone":
            return result
        await send_private(interaction, t(exc.key, lang_for(interaction), **exc.params))
        return replace(result, game=await client.service.game(result.game.id))
    except discord.HTTPException:
        return result
    return result


async def _undo_after_ai(
    interaction: discord.Interaction[Any], game_id: int, offered: int | None
) -> None:
    """After the AI seats replied to a move: the mover's confirmation carries the Undo
    button only if an undo could still be granted (``Undos.offer``: it takes the AI
    replies back with the move), for the game's revision now; the menu it may have
    shown is stale by then (the AI moved)."""
    client = bot_of(interaction)
    try:
        now = await client.service.undos.offer(game_id, user_key(interaction))
        if now == offered:
            return
        view = None if now is None else undo_view(game_id, now, lang_for(interaction))
        await interaction.edit_original_response(view=view)
    except (discord.HTTPException, ServiceError, StoreError):
        log.warning("game %s: the Undo button could not be updated", game_id, exc_info=True)


async def _found_after_all(
    interaction: discord.Interaction[Any], game_id: int, error: ServiceError
) -> None:
    """The caller's previous move, whose outcome was unknown (the database went away
    while it was stored), was stored after all, so this one was not played: say so,
    with the board as it stands."""
    lang = lang_for(interaction)
    text = t(error.key, lang, **error.params)
    client = bot_of(interaction)
    game = await client.service.game(game_id)
    picture = await client.service.boards.draw(game_id, lang)
    shown, file = turns.attachment(game, picture)
    embed = embeds.board_embed(shown, lang, filename=file.filename, lines=[])
    await interaction.followup.send(text, embed=embed, file=file, ephemeral=True)


def _next_step(
    interaction: discord.Interaction[Any], result: PlayResult, confirmation: str
) -> tuple[str, discord.ui.View | None]:
    """After a move: when the same player decides again (a turn made of several
    decisions), the menu of the next decision (``PlayResult.next_moves``) comes with
    the confirmation."""
    game, moves = result.game, list(result.next_moves)
    if game.status != "running" or user_key(interaction) not in game.to_act or not moves:
        return confirmation, None
    menu = move_menu(game, moves, lang_for(interaction))
    return f"{confirmation}\n{menu.heading}", menu.view


async def resign(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """Ask for confirmation: resigning ends the game for everybody."""
    if not game.has_seat(user_key(interaction)):
        raise ServiceError("service.not_in_game")
    if game.status != "running":
        raise ServiceError("service.not_running", status=f"@service.status.{game.status}")
    lang = lang_for(interaction)
    await ephemeral(
        interaction,
        t("discord.resign.confirm", lang, title=embeds.game_title(game, lang)),
        view=resign_view(game, lang),
    )


async def resign_confirmed(interaction: discord.Interaction[Any], game_id: int) -> None:
    client = bot_of(interaction)
    result = await client.service.resign(game_id, user_key(interaction))
    lang = lang_for(interaction)
    async with committed(interaction, game_id):
        await interaction.response.edit_message(content=t("discord.resign.done", lang), view=None)
    table_lang = await public_lang(interaction)
    notice = t(
        "discord.resign.notice",
        table_lang,
        player=result.game.name_of(user_key(interaction), table_lang),
    )
    await publish.post_notice(client, result.game, notice)
    await publish.publish_result(client, result, table_lang)
    await tourney_posts.after_change(client, result)


async def rematch(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The Rematch button: the first press posts the new lobby in the finished game's
    channel, inviting its other players; later presses join it. Answered privately."""
    service = service_of(interaction)
    result = await service.rematch(game_id, player_of(interaction))
    game, lang = result.game, await public_lang(interaction)
    client = bot_of(interaction)
    if result.opened:
        await _post_rematch_lobby(client, result, lang)
    link = embeds.jump_url(
        game.guild_id, game.channel_id, (await service.messages(game.id)).get("lobby")
    )
    if result.opened:
        key = "discord.rematch.opened"
    elif game.has_seat(user_key(interaction)):
        key = "discord.rematch.seated"
    else:
        key = "discord.rematch.closed"
    title = embeds.game_title(game, lang)
    await ephemeral(interaction, t(key, lang_for(interaction), title=title, link=link))
    if not result.opened and game.status == "lobby":
        await refresh_lobby(client, game, lang)


async def _post_rematch_lobby(client: CampfireBot, result: Rematch, lang: str) -> None:
    game = result.game
    channel: Any = client.get_channel(int(game.channel_id))
    if channel is None:
        guild_id = int(game.guild_id) if game.guild_id else None
        channel = client.get_partial_messageable(int(game.channel_id), guild_id=guild_id)
    told = await client.service.notices.tell(
        game, result.invited, "reminder", lang, detail="rematch"
    )
    players = embeds.addressed(game, result.invited, told.ping, lang)
    invite = t("discord.rematch.invite", lang, players=players)
    message = await channel.send(
        f"{invite}\n{embeds.lobby_text(game, lang)}"
        if result.invited
        else embeds.lobby_text(game, lang),
        embed=await lobby_card(client.service, game, lang),
        view=lobby_view(game, lang) or discord.utils.MISSING,
        allowed_mentions=turns.mentions_only(told.ping),
    )
    await client.service.set_message(game.id, "lobby", str(message.id))


async def undo(
    interaction: discord.Interaction[Any], game_id: int, version: int | None = None
) -> None:
    """The caller asks to take back their last move (``/campfire undo``, or the Undo
    button of the revision ``version`` their move made): the other players are asked
    at the table."""
    client = bot_of(interaction)
    answer = await client.service.undos.request(game_id, user_key(interaction), version=version)
    lang = lang_for(interaction)
    table_lang = await public_lang(interaction)
    game = await client.service.game(game_id)
    if answer.status == "undone":  # nobody else to ask
        move = table_text(answer.request.label, lang, game.names(lang))
        await ephemeral(interaction, t("discord.undo.done", lang, move=move))
        await _undone(client, answer, table_lang)
        return
    players = ", ".join(game.name_of(s, lang) for s in answer.request.waiting)
    await ephemeral(interaction, t("discord.undo.asked", lang, players=players))
    await publish.post_undo_request(client, game, answer.request, table_lang)


async def answer_undo(
    interaction: discord.Interaction[Any], game_id: int, version: int | None, *, agree: bool
) -> None:
    """A click on Agree / Refuse of an undo request: the request message says where it
    stands; the last agreement takes the move back and posts the board and turn."""
    client = bot_of(interaction)
    table_lang = await public_lang(interaction)
    try:
        answer = await client.service.undos.answer(
            game_id, user_key(interaction), agree, version=version
        )
    except ServiceError as exc:
        if exc.key != "service.undo_expired":
            raise
        if await client.service.undos.pending(game_id) is not None:
            # A request is still open at another revision: this press is stale (an old
            # button, or a forged one) and must not close the live request's message.
            await ephemeral(interaction, t("discord.undo.stale", lang_for(interaction)))
            return
        await interaction.response.edit_message(
            content=t("discord.undo.expired", table_lang), view=None
        )
        return
    game = await client.service.game(game_id)
    move = table_text(answer.request.label, table_lang, game.names(table_lang))
    if answer.status == "waiting":
        content = publish.undo_request_text(game, answer.request, table_lang)
        await interaction.response.edit_message(content=content)
        return
    if answer.status == "refused":
        who = game.name_of(answer.by or "", table_lang)
        content = t("discord.undo.refused", table_lang, player=who, move=move)
        await interaction.response.edit_message(content=content, view=None)
        return
    async with committed(interaction, game_id):
        content = t("discord.undo.done", table_lang, move=move)
        await interaction.response.edit_message(content=content, view=None)
    await _undone(client, answer, table_lang)


async def _undone(client: CampfireBot, answer: UndoAnswer, lang: str) -> None:
    """Post the board and turn after a move was taken back."""
    if answer.result is not None:
        await publish.publish_result(client, answer.result, lang)


async def abort(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """Creator or moderator (Manage Server / Manage Threads) stops the game, no result."""
    client = bot_of(interaction)
    # Permissions are those of this channel: they count only for this server's games.
    moderator = is_moderator(interaction) and in_this_server(interaction, game)
    done = await client.service.abort(game.id, user_key(interaction), is_moderator=moderator)
    lang = await public_lang(interaction)
    await ephemeral(
        interaction,
        t("discord.aborted", lang_for(interaction), title=embeds.game_title(done, lang)),
    )
    await refresh_lobby(client, done, lang)
    if game.status == "running":
        who = embeds.mention(user_key(interaction))
        await publish.post_notice(client, done, t("discord.abort.notice", lang, player=who))
