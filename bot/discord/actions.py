"""What each command and button does: check, call the service, answer, then post.

Shared by the slash commands (``commands``) and the restart-proof items (``views``): a
click on *Join* and ``/campfire join`` run the same code. The shape is always the same:
call the (fast) service, answer the interaction right away, then do the slow part
(thread, picture) after answering. Errors propagate to the one error handler.
"""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any, cast

import discord
from discord import ui

from bot.discord import embeds, publish, threads, turns
from bot.discord.context import (
    candidate_games,
    in_this_server,
    is_moderator,
    player_of,
    public_lang,
    service_of,
    user_key,
)
from bot.discord.days import claim as claim
from bot.discord.errors import DiscordError, send_private
from bot.discord.host import CampfireBot, bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.options import parse_options
from bot.discord.replies import ephemeral, is_component
from bot.discord.views import (
    groups_of,
    lobby_view,
    move_menu,
    resign_view,
    undo_view,
    web_button,
    with_undo,
)
from bot.discord.weblinks import game_url
from bot.record import build_record, record_json, record_text
from bot.service import (
    DEFAULT_AI_LEVEL,
    GameInfo,
    MoveApplied,
    PlayResult,
    Rematch,
    ServiceError,
    UndoAnswer,
    is_ai_seat,
)
from bot.store import StoreError
from rules import registry

log = logging.getLogger("campfire.discord.actions")
MAX_LISTED_GAMES = 15


def throttle(interaction: discord.Interaction[Any]) -> None:
    """Spend one of the caller's costly uses (a picture, a replay: see ``cooldown``), or
    refuse with "try again in N s" before anything is read or drawn."""
    bot_of(interaction).cooldown.spend(user_key(interaction))


@asynccontextmanager
async def committed(interaction: discord.Interaction[Any], game_id: int) -> AsyncIterator[None]:
    """Answer the caller about a change already committed (a move, a start, a
    resignation), at best effort: if Discord refuses that answer (an expired
    interaction, a server error) the failure is logged and the table is still told,
    so a stored move is never left unannounced."""
    try:
        yield
    except discord.HTTPException:
        log.warning(
            "game %s: the answer to interaction %s failed; posting to the table anyway",
            game_id,
            interaction.id,
            exc_info=True,
        )


# --------------------------------------------------------------------------- lobby


async def create(
    interaction: discord.Interaction[Any],
    rules_id: str,
    players: int | None,
    options: str | None,
    *,
    clock: int | None = None,
    policy: str | None = None,
    ai: int = 0,
    ai_level: str | None = None,
) -> None:
    """``/campfire new``: a public lobby message with Join / Leave / Start / Add AI, with
    ``ai`` AI seats of ``ai_level`` (default ``greedy``) already seated; the turn clock
    and timeout policy default to the server's settings."""
    registry.get(rules_id)  # game.unknown before anything else
    parsed = parse_options(rules_id, options)
    channel_id = interaction.channel_id
    if channel_id is None:
        raise DiscordError("discord.guild_only")
    game = await service_of(interaction).create_lobby(
        rules=rules_id,
        options=parsed,
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        channel_id=str(channel_id),
        creator=player_of(interaction),
        max_seats=players,
        clock_hours=clock,
        timeout_policy=policy,
        ai=ai,
        ai_level=ai_level or DEFAULT_AI_LEVEL,
    )
    lang = await public_lang(interaction)
    view = lobby_view(game, lang)
    response = await interaction.response.send_message(
        embeds.lobby_text(game, lang),
        embed=embeds.lobby_embed(game, lang),
        view=view or discord.utils.MISSING,
        allowed_mentions=turns.NO_MENTIONS,
    )
    message_id = response.message_id if response is not None else None
    if message_id is None:
        message_id = (await interaction.original_response()).id
    await service_of(interaction).set_message(game.id, "lobby", str(message_id))


async def refresh_lobby(client: CampfireBot, game: GameInfo, lang: str) -> None:
    """Redraw the lobby message after a change made elsewhere (a command, an abort)."""
    message = await lobby_message(client, game)
    if message is None:
        return
    try:
        await message.edit(
            content=embeds.lobby_text(game, lang),
            embed=embeds.lobby_embed(game, lang),
            view=lobby_view(game, lang),
        )
    except discord.HTTPException:
        log.warning("game %s: lobby message not updated", game.id, exc_info=True)


async def lobby_message(client: CampfireBot, game: GameInfo) -> discord.PartialMessage | None:
    message_id = (await client.service.messages(game.id)).get("lobby")
    if message_id is None:
        return None
    channel: Any = client.get_channel(int(game.channel_id))
    if channel is None:
        guild_id = int(game.guild_id) if game.guild_id else None
        channel = client.get_partial_messageable(int(game.channel_id), guild_id=guild_id)
    return cast(discord.PartialMessage, channel.get_partial_message(int(message_id)))


async def _after_lobby_change(
    interaction: discord.Interaction[Any], game: GameInfo, from_lobby: bool, key: str
) -> None:
    lang = await public_lang(interaction)
    if from_lobby:
        await interaction.response.edit_message(
            content=embeds.lobby_text(game, lang),
            embed=embeds.lobby_embed(game, lang),
            view=lobby_view(game, lang),
        )
        return
    await ephemeral(interaction, t(key, lang_for(interaction), title=embeds.game_title(game, lang)))
    await refresh_lobby(bot_of(interaction), game, lang)


async def join(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    game = await service_of(interaction).join(game_id, player_of(interaction))
    await _after_lobby_change(interaction, game, from_lobby, "discord.joined")


async def leave(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    game = await service_of(interaction).leave(game_id, user_key(interaction))
    await _after_lobby_change(interaction, game, from_lobby, "discord.left")


async def add_ai(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    """The creator seats an AI player, at the level of the lobby's last AI seat (the
    ``ai_level`` of ``/campfire new``), else ``greedy``."""
    service = service_of(interaction)
    known = await service.game(game_id)
    levels = [p.ai_level for p in known.seats if p.ai_level]
    level = levels[-1] if levels else DEFAULT_AI_LEVEL
    game = await service.robots.add(game_id, user_key(interaction), level)
    await _after_lobby_change(interaction, game, from_lobby, "discord.ai_added")


async def remove_ai(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    """The creator takes back the lobby's last AI seat."""
    game = await service_of(interaction).robots.remove(game_id, user_key(interaction))
    await _after_lobby_change(interaction, game, from_lobby, "discord.ai_removed")


async def start(
    interaction: discord.Interaction[Any], game_id: int, *, from_lobby: bool = False
) -> None:
    """The creator starts: lobby closed, thread opened under it, first board and turn."""
    client = bot_of(interaction)
    result = await client.service.start(game_id, user_key(interaction))
    lang = await public_lang(interaction)
    lobby: discord.PartialMessage | discord.Message | None
    if from_lobby and interaction.message is not None:
        lobby = interaction.message
        async with committed(interaction, game_id):
            await interaction.response.edit_message(
                content=embeds.lobby_text(result.game, lang),
                embed=embeds.lobby_embed(result.game, lang),
                view=None,
            )
    else:
        title = embeds.game_title(result.game, lang)
        async with committed(interaction, game_id):
            await ephemeral(interaction, t("discord.started", lang_for(interaction), title=title))
        await refresh_lobby(client, result.game, lang)
        lobby = await lobby_message(client, result.game)
    await threads.open_thread(client, result.game, lobby, lang)
    game = await client.service.game(game_id)
    await publish.publish(client, game, result.events, lang)


# --------------------------------------------------------------------------- playing


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
    label = t(played[-1].label, lang) if played else text
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
    invite = t("discord.rematch.invite", lang, players=embeds.mentions(result.invited, lang))
    message = await channel.send(
        f"{invite}\n{embeds.lobby_text(game, lang)}"
        if result.invited
        else embeds.lobby_text(game, lang),
        embed=embeds.lobby_embed(game, lang),
        view=lobby_view(game, lang) or discord.utils.MISSING,
        allowed_mentions=turns.mentions_only(result.invited),
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
        move = t(answer.request.label, lang)
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
    move = t(answer.request.label, table_lang)
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


# --------------------------------------------------------------------------- reading


async def hand(interaction: discord.Interaction[Any], game_id: int) -> None:
    """What only the caller may see (the game's private sections), in an ephemeral embed."""
    throttle(interaction)
    service = service_of(interaction)
    game = await service.game(game_id)
    sections = await service.private_sections(game_id, user_key(interaction))
    lang = lang_for(interaction)
    embed = embeds.hand_embed(game, sections, lang)
    await answer_private(interaction, game, embed, "hand", lang)


async def hint(interaction: discord.Interaction[Any], game_id: int) -> None:
    """``/campfire hint`` and the Hint button: the move the ``greedy`` AI would make for
    the caller's decision now (from what the caller sees) and why, to the caller alone,
    with the menu of their moves to play it (or another) at once. Counted for their
    seat; refused where the server turned hints off."""
    throttle(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    service = service_of(interaction)
    me = user_key(interaction)
    found = await service.hints.hint(game_id, me)
    game = await service.game(game_id)
    lang = lang_for(interaction)
    lines = [embeds.hint_text(game, found, lang)]
    view: discord.ui.View | None = None
    if game.status == "running" and me in game.to_act and game.version == found.version:
        menu = move_menu(game, await service.legal_moves(game_id, me), lang)
        lines.append(menu.heading)
        view = menu.view
    await interaction.followup.send(
        "\n".join(lines), ephemeral=True, view=view or discord.utils.MISSING
    )


async def scores(interaction: discord.Interaction[Any], game_id: int) -> None:
    throttle(interaction)
    service = service_of(interaction)
    game = await service.game(game_id)
    me = user_key(interaction)
    sheet = await service.scores(game_id, me if game.has_seat(me) else None)
    lang = lang_for(interaction)
    await answer_private(interaction, game, embeds.scores_embed(game, sheet, lang), "scores", lang)


async def answer_private(
    interaction: discord.Interaction[Any],
    game: GameInfo,
    embed: discord.Embed,
    focus: str,
    lang: str,
) -> None:
    """``hand`` and ``scores``: the text ``embed``, with the caller's private view laid
    out for a phone (``focus`` first) as its picture when that is their layout
    (``/campfire me layout:``); a game without pictures gets the text alone."""
    service = service_of(interaction)
    user = user_key(interaction)
    if (
        game.status not in ("running", "over")
        or not service.boards.has_private_picture(game.rules)
        or await service.timing.layout_of(user) != "phone"
    ):
        await ephemeral(interaction, "", embed=embed)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    picture = await service.boards.draw_private(game.id, user, lang, layout="phone", focus=focus)
    shown, file = turns.attachment(game, picture)
    embed.set_image(url=f"attachment://{file.filename}")
    await interaction.followup.send(embed=embed, file=file, ephemeral=True)


async def board(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """A private look at the current board (the thread has the public one), in the
    caller's layout (``/campfire me layout:``): laid out for a phone or the full board,
    with the legal targets of their pending decision marked."""
    throttle(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = lang_for(interaction)
    service = service_of(interaction)
    user = user_key(interaction)
    layout = await service.timing.layout_of(user)
    picture = await service.boards.draw_private(game.id, user, lang, layout=layout)
    shown, file = turns.attachment(game, picture)
    embed = embeds.board_embed(shown, lang, filename=file.filename, lines=[])
    await interaction.followup.send(embed=embed, file=file, ephemeral=True)


async def board_text(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """The board in words, to the caller alone (``render.twin``): the long form of the
    public board, then what only the caller's seat sees; split over as many private
    messages as it needs (2,000 characters each)."""
    from render.twin import chunks  # the renderers' side: loaded on use

    throttle(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = lang_for(interaction)
    words = await service_of(interaction).boards.words(
        game.id, lang, form="long", user_id=user_key(interaction)
    )
    pieces = [piece for text in words for piece in chunks(text)]
    if not pieces:
        raise DiscordError("discord.board.no_text", game=game.id)
    for piece in pieces:
        await interaction.followup.send(piece, ephemeral=True, allowed_mentions=turns.NO_MENTIONS)


async def full_board(
    interaction: discord.Interaction[Any], game_id: int, version: int | None
) -> None:
    """The Full board button of a turn message: the full picture of the revision that
    message shows (the board now if the game cannot go back to it), to the caller alone."""
    throttle(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = service_of(interaction)
    game = await service.game(game_id)
    lang = lang_for(interaction)
    wanted = game.version if version is None else version
    picture = await service.boards.draw_at(game_id, wanted, lang)
    shown, file = turns.attachment(game, picture)
    embed = embeds.board_embed(shown, lang, filename=file.filename, lines=[])
    text = "" if picture.version == wanted else t("discord.full_board.now", lang)
    await interaction.followup.send(text, embed=embed, file=file, ephemeral=True)


async def record(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """The game's record to the caller alone, in JSON (``campfire replay`` reads it) and
    as text; while the game runs the record keeps its secrets (see ``bot.record``)."""
    throttle(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = lang_for(interaction)
    data = await build_record(service_of(interaction), game.id, lang)
    stem = f"campfire-{game.id}-record"
    files = [
        discord.File(io.BytesIO(record_json(data).encode()), f"{stem}.json"),
        discord.File(io.BytesIO(record_text(data).encode()), f"{stem}.txt"),
    ]
    text = t("record.sent", lang, game=game.id)
    await interaction.followup.send(text, files=files, ephemeral=True)


async def replay(interaction: discord.Interaction[Any], game: GameInfo) -> None:
    """The animated replay of a finished game, to the caller alone."""
    throttle(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = lang_for(interaction)
    picture = await service_of(interaction).boards.animation(game.id, lang)
    description = await turns.describe(bot_of(interaction), game, lang)
    file = discord.File(
        io.BytesIO(picture), filename=turns.replay_filename(game), description=description
    )
    text = t("discord.replay.sent", lang, game=game.id)
    await interaction.followup.send(text, file=file, ephemeral=True)


async def games(interaction: discord.Interaction[Any]) -> None:
    """The caller's games and this channel's, with whose turn and a jump link."""
    service = service_of(interaction)
    channel = str(interaction.channel_id) if interaction.channel_id is not None else None
    listed = await candidate_games(interaction)
    listed += await service.finished_games(user_key(interaction), channel)  # for a day
    lines = []
    links: list[tuple[int, str]] = []
    for game in listed[:MAX_LISTED_GAMES]:
        url = await game_url(bot_of(interaction), game)
        if url is not None:
            links.append((game.id, url))
        messages = await service.messages(game.id)
        if game.status == "running" and "turn" in messages:
            link = embeds.jump_url(
                game.guild_id, game.thread_id or game.channel_id, messages["turn"]
            )
        elif "lobby" in messages:
            link = embeds.jump_url(game.guild_id, game.channel_id, messages["lobby"])
        else:
            link = embeds.jump_url(game.guild_id, game.thread_id or game.channel_id)
        places = await service.results(game.id) if game.status == "over" else ()
        lines.append(embeds.GameLine(game, link, places))
    lang = lang_for(interaction)
    extra: dict[str, Any] = {}
    if links:  # a Web button a game (at most 15: three rows of five)
        view = ui.View(timeout=None)
        for game_id, url in links:
            view.add_item(web_button(url, lang, game_id))
        view.stop()
        extra["view"] = view
    await ephemeral(interaction, "", embed=embeds.games_embed(lines, lang), **extra)


async def help_now(interaction: discord.Interaction[Any], game: GameInfo | None) -> None:
    """The commands, this game's summary and tips, and what the caller can do now."""
    lang = lang_for(interaction)
    me = user_key(interaction)
    kinds: list[str] = []
    private = False
    if game is not None and game.status == "running" and game.has_seat(me):
        service = service_of(interaction)
        spec = registry.get(game.rules).spec
        groups = groups_of(await service.legal_moves(game.id, me))
        kinds = [t(spec.group_label(g), lang) for g in groups]
        private = bool(await service.private_sections(game.id, me))
    now = what_now(game, me, lang, kinds=kinds, private=private)
    first, *more = embeds.help_embeds(lang, game, now)
    await ephemeral(interaction, "", embed=first)
    for page in more:  # a message holds 6000 characters of embeds: one message a page
        await interaction.followup.send(embed=page, ephemeral=True)


def what_now(
    game: GameInfo | None,
    me: str,
    lang: str,
    *,
    kinds: Sequence[str] = (),
    private: bool = False,
) -> str:
    """One or two sentences: what the caller can do right now.

    ``kinds`` names the kinds of moves the caller has now (``Move.group``, localised);
    ``private`` says the caller has something only they can see (``/campfire hand``).
    """
    if game is None:
        return t("discord.now.no_game", lang)
    title = embeds.game_title(game, lang)
    if game.status == "lobby":
        if not game.has_seat(me):
            return t("discord.now.lobby_join", lang, title=title)
        if game.creator == me:
            return t(
                "discord.now.lobby_start",
                lang,
                title=title,
                count=len(game.seats),
                min=game.min_seats,
            )
        return t("discord.now.lobby_wait", lang, title=title)
    if game.status == "running":
        if me in game.to_act and kinds:
            now = t("discord.now.your_turn_kinds", lang, title=title, kinds=", ".join(kinds))
        elif me in game.to_act:
            now = t("discord.now.your_turn", lang, title=title)
        elif game.has_seat(me):
            now = t(
                "discord.now.wait", lang, title=title, players=embeds.mentions(game.to_act, lang)
            )
        else:
            return t("discord.now.watch", lang, title=title)
        return f"{now}\n{t('discord.now.hand', lang)}" if private else now
    return t("discord.now.over", lang, title=title)
