"""The handlers that read a game without changing it: hand, hint, boards, record, games.

Also the scores, the replay and the help. Called through ``actions``; each answers the
caller alone (ephemeral), the costly ones (pictures, replays) throttled
(``guards.throttle``).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.discord import embeds, turns
from bot.discord.context import (
    candidate_games,
    service_of,
    user_key,
)
from bot.discord.errors import DiscordError
from bot.discord.guards import throttle
from bot.discord.host import bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.panels import groups_of, move_menu, web_button
from bot.discord.replies import ephemeral
from bot.discord.weblinks import game_url
from bot.service import (
    GameInfo,
    GameService,
)
from bot.service.follows import SPECTATOR_MODES
from bot.service.record import build_record, record_json, record_text
from rules import registry

log = logging.getLogger("campfire.discord.actions")


MAX_LISTED_GAMES = 15


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
    as text; while the game runs the record keeps its secrets (see ``bot.service.record``)."""
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
    """The caller's games, the games they follow and this channel's, with whose turn
    and a jump link."""
    service = service_of(interaction)
    me = user_key(interaction)
    channel = str(interaction.channel_id) if interaction.channel_id is not None else None
    chosen = await service.follows.of_user(me)  # the games they follow
    listed = await candidate_games(interaction)
    listed += await followed_games(service, chosen, listed, me)
    listed += await service.finished_games(me, channel)  # for a day
    lines = []
    links: list[tuple[int, str]] = []
    for game in listed[:MAX_LISTED_GAMES]:
        url = await game_url(bot_of(interaction), game)
        if url is not None:
            links.append((game.id, url))
        link = await jump_link(service, game)
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


async def followed_games(
    service: GameService, chosen: dict[int, str], listed: Sequence[GameInfo], user_id: str
) -> list[GameInfo]:
    """The games ``user_id`` follows without a seat (``chosen``: their choices, by
    game), still being played or waiting to start, that ``listed`` does not hold yet."""
    seen = {game.id for game in listed}
    found = []
    for game_id, mode in chosen.items():
        if game_id in seen or mode not in SPECTATOR_MODES:
            continue
        game = await service.game(game_id)
        if game.is_active and not game.has_seat(user_id):
            found.append(game)
    return found


async def jump_link(service: GameService, game: GameInfo) -> str:
    """Where a listed game is: its live turn message, its lobby, or its thread."""
    messages = await service.messages(game.id)
    if game.status == "running" and "turn" in messages:
        return embeds.jump_url(game.guild_id, game.thread_id or game.channel_id, messages["turn"])
    if "lobby" in messages:
        return embeds.jump_url(game.guild_id, game.channel_id, messages["lobby"])
    return embeds.jump_url(game.guild_id, game.thread_id or game.channel_id)


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
