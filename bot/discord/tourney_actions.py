"""What ``/campfire tournament ...`` and the registration buttons do.

Each handler checks the caller (an organiser: Manage Server, administrator, or the role
``/campfire settings organiser_role:`` names), calls the service's tournaments
(``GameService.tournaments``), answers the interaction, then posts what the change
opened (``tourney_posts``: the tables' threads, the round's message, the final
standings).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.discord import tourney_posts, tourney_texts
from bot.discord.context import player_of, public_lang, service_of, user_key
from bot.discord.days import parse_until
from bot.discord.errors import DiscordError
from bot.discord.host import bot_of
from bot.discord.i18n import lang_for, t
from bot.discord.options import parse_options
from bot.discord.replies import ephemeral
from bot.discord.tourney_items import registration_view
from bot.discord.turns import NO_MENTIONS
from bot.service import Player, ServiceError
from bot.service.tournaments.values import TournamentInfo
from rules import registry
from rules.base import normalise

log = logging.getLogger("campfire.discord.tournaments")

MAX_CHOICES = 25


@dataclass(frozen=True)
class Opening:
    """What ``/campfire tournament open`` was given (``None``: the default)."""

    rules: str
    format: str = "swiss"
    rounds: int | None = None
    table_size: int | None = None
    options: str | None = None
    clock: int | None = None
    timeout: str | None = None
    cap: int | None = None
    closes: str | None = None
    round_days: int | None = None
    min_completion: int | None = None
    min_finished: int | None = None


# --------------------------------------------------------------------------- who may


async def is_organiser(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server or administrator here, or the role the server names
    (``Tournaments.may_organise``)."""
    perms = interaction.permissions
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    roles = [str(r.id) for r in getattr(interaction.user, "roles", ())]
    return await service_of(interaction).tournaments.may_organise(
        guild, manage_server=bool(perms.manage_guild or perms.administrator), roles=roles
    )


async def require_organiser(interaction: discord.Interaction[Any]) -> None:
    if interaction.guild_id is None:
        raise DiscordError("discord.guild_only")
    if not await is_organiser(interaction):
        raise DiscordError("discord.tournament.not_organiser")


# --------------------------------------------------------------------------- which one


def parse_ref(text: str | None) -> int | None:
    """``"3"``, ``"#3"`` or an autocomplete value ``"3 ..."`` -> 3."""
    if not text:
        return None
    head = text.strip().lstrip("#").split(" ", 1)[0]
    return int(head) if head.isdigit() and len(head) <= 18 else None


async def resolve(interaction: discord.Interaction[Any], ref: str | None) -> TournamentInfo:
    """The tournament a command is about: the one named, else this channel's only active
    one, else this server's only active one. Another server's is "not found"."""
    tournaments = service_of(interaction).tournaments
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    if ref:
        number = parse_ref(ref)
        if number is None:
            raise DiscordError("discord.tournament.bad_ref", text=ref[:40])
        found = await tournaments.tournament(number)
        if found.guild_id != guild:  # another server's: as if it did not exist
            raise ServiceError("service.tournament.not_found", tournament=number)
        return found
    channel = str(interaction.channel_id) if interaction.channel_id is not None else None
    here = await tournaments.tournaments(guild, channel)
    if len(here) == 1:
        return here[0]
    everywhere = await tournaments.tournaments(guild)
    if len(everywhere) == 1 and not here:
        return everywhere[0]
    if not here and not everywhere:  # none under way: this channel's latest (its standings)
        latest = await tournaments.tournaments(guild, channel, active_only=False)
        if latest:
            return latest[0]
    raise DiscordError(
        "discord.tournament.which" if here or everywhere else "discord.tournament.none_here"
    )


async def tournament_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """This server's tournaments, the newest first (those over or cancelled too: their
    standings stay), filtered by what is typed."""
    try:
        lang = lang_for(interaction)
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        wanted = normalise(current)
        choices = []
        tournaments = service_of(interaction).tournaments
        for found in await tournaments.tournaments(guild, active_only=False):
            status = t(f"discord.tournament.status.{found.status}", lang)
            label = f"{tourney_texts.title(found, lang)} · {status}"
            if wanted and wanted not in normalise(label):
                continue
            choices.append(app_commands.Choice(name=label[:100], value=str(found.id)))
        return choices[:MAX_CHOICES]
    except Exception:
        log.exception("tournament autocomplete failed")
        return []


# --------------------------------------------------------------------------- open


async def open_tournament(interaction: discord.Interaction[Any], opening: Opening) -> None:
    """``/campfire tournament open``: the registration message, with its buttons."""
    await require_organiser(interaction)
    if isinstance(interaction.channel, discord.Thread):  # its tables need threads of their own
        raise DiscordError("discord.tournament.not_in_thread")
    registry.get(opening.rules)  # game.unknown before anything else
    parsed = parse_options(opening.rules, opening.options)
    service = service_of(interaction)
    closes = None if opening.closes is None else parse_until(opening.closes, service.now())
    if closes is not None and closes <= service.now():
        raise DiscordError("discord.tournament.closes_past")
    lang = await public_lang(interaction)
    found = await service.tournaments.open(
        guild_id=str(interaction.guild_id),
        channel_id=str(interaction.channel_id),
        organiser=player_of(interaction),
        rules=opening.rules,
        options=parsed,
        format=opening.format,
        rounds=opening.rounds,
        table_size=opening.table_size,
        clock_hours=opening.clock,
        timeout_policy=opening.timeout,
        cap=opening.cap,
        closes_at=closes,
        round_hours=None if opening.round_days is None else opening.round_days * 24,
        min_completion=opening.min_completion,
        min_finished=opening.min_finished,
    )
    client = bot_of(interaction)
    web = await tourney_posts.web_url(client, found)
    response = await interaction.response.send_message(
        embed=await tourney_posts.registration(client, found, lang),
        view=registration_view(found.id, lang, web),
        allowed_mentions=NO_MENTIONS,
    )
    message_id = response.message_id if response is not None else None
    if message_id is None:
        message_id = (await interaction.original_response()).id
    await tourney_posts.remember(bot_of(interaction), found.id, str(message_id))


# --------------------------------------------------------------------------- register


async def tournament_entry(
    interaction: discord.Interaction[Any], tournament_id: int, *, register: bool
) -> None:
    """A click on Register / Withdraw under the registration message: the place taken or
    given back, the message redrawn (without its buttons once registration closed)."""
    client = bot_of(interaction)
    tournaments = client.service.tournaments
    found = await tournaments.tournament(tournament_id)
    if found.guild_id != (str(interaction.guild_id) if interaction.guild_id else None):
        raise ServiceError("service.tournament.not_found", tournament=tournament_id)
    lang = await public_lang(interaction)
    if found.status != "open":  # a message left behind: show it as it is now
        await interaction.response.edit_message(
            embed=await tourney_posts.registration(client, found, lang),
            view=await tourney_posts.web_view(client, found, lang),
        )
        return
    if register:
        found = await tournaments.register(tournament_id, player_of(interaction))
    else:
        found = await tournaments.unregister(tournament_id, user_key(interaction))
    if interaction.message is not None:  # the message the buttons are on
        await tourney_posts.remember(client, found.id, str(interaction.message.id))
    web = await tourney_posts.web_url(client, found)
    await interaction.response.edit_message(
        embed=await tourney_posts.registration(client, found, lang),
        view=registration_view(found.id, lang, web),
    )


# --------------------------------------------------------------------------- the organiser


async def start(interaction: discord.Interaction[Any], ref: str | None) -> None:
    """``/campfire tournament start``: registration closes, the first round opens (its
    tables' threads, its message in the channel)."""
    found = await resolve(interaction, ref)
    client = bot_of(interaction)
    organiser = await is_organiser(interaction)
    await interaction.response.defer(thinking=True)
    progress = await client.service.tournaments.start(
        found.id, user_key(interaction), organiser=organiser
    )
    lang = await public_lang(interaction)
    await interaction.followup.send(
        t("discord.tournament.started", lang, title=tourney_texts.title(found, lang)),
        allowed_mentions=NO_MENTIONS,
    )
    await tourney_posts.publish_progress(client, progress)


async def withdraw(
    interaction: discord.Interaction[Any],
    ref: str | None,
    player: discord.User | discord.Member | None,
) -> None:
    """``/campfire tournament withdraw [player]``: the caller (or, for an organiser, the
    player named) leaves the next rounds, an unfinished game of theirs ending for them;
    before the start, the place is given back."""
    found = await resolve(interaction, ref)
    me = user_key(interaction)
    who = me if player is None else str(player.id)
    organiser = who != me and await is_organiser(interaction)
    client = bot_of(interaction)
    try:
        progress = await client.service.tournaments.withdraw(
            found.id, who, by=me, organiser=organiser
        )
    except ServiceError as exc:  # the service's "you hold no place" is about another
        if who == me or player is None or exc.key != "service.tournament.not_entered":
            raise
        raise DiscordError(
            "discord.tournament.no_entrant", player=player.display_name[:64]
        ) from None
    lang = lang_for(interaction)
    name = found.names().get(who, who)
    if found.status == "open":
        await ephemeral(interaction, t("discord.tournament.unregistered", lang, player=name))
        await tourney_posts.refresh_registration(client, progress.tournament)
        return
    public = await public_lang(interaction)
    await ephemeral(interaction, t("discord.tournament.withdrew", lang, player=name))
    await tourney_posts.notice(
        client, progress.tournament, t("discord.tournament.withdrew_notice", public, player=name)
    )
    await tourney_posts.publish_progress(client, progress)


async def substitute(
    interaction: discord.Interaction[Any],
    ref: str | None,
    out: discord.User | discord.Member,
    into: discord.User | discord.Member,
) -> None:
    """``/campfire tournament substitute out: in:``: ``in`` takes ``out``'s place (its
    points and opponents) from the next round."""
    found = await resolve(interaction, ref)
    holder = found.entrant(str(out.id))
    if holder is None:
        raise DiscordError("discord.tournament.no_entrant", player=out.display_name[:64])
    newcomer = Player(user_id=str(into.id), name=into.display_name[:64])
    try:
        changed = await service_of(interaction).tournaments.substitute(
            found.id,
            holder.place,
            newcomer,
            user_key(interaction),
            organiser=await is_organiser(interaction),
        )
    except ServiceError as exc:  # the service's "you already hold a place" is the newcomer's
        if exc.key != "service.tournament.already" or newcomer.user_id == user_key(interaction):
            raise
        raise DiscordError("discord.tournament.already_entrant", player=newcomer.name) from None
    lang = await public_lang(interaction)
    text = t(
        "discord.tournament.substituted",
        lang,
        out=holder.name,
        into=newcomer.name,
        round=changed.current_round + 1,
    )
    await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)


async def cancel(interaction: discord.Interaction[Any], ref: str | None) -> None:
    """``/campfire tournament cancel``: the tournament stops; games under way play on
    as ordinary games."""
    found = await resolve(interaction, ref)
    client = bot_of(interaction)
    cancelled = await client.service.tournaments.cancel(
        found.id, user_key(interaction), organiser=await is_organiser(interaction)
    )
    lang = await public_lang(interaction)
    await interaction.response.send_message(
        t("discord.tournament.cancelled", lang, title=tourney_texts.title(found, lang)),
        allowed_mentions=NO_MENTIONS,
    )
    await tourney_posts.refresh_registration(client, cancelled)


# --------------------------------------------------------------------------- reading


async def standings(interaction: discord.Interaction[Any], ref: str | None) -> None:
    """``/campfire tournament standings``: the points and tie-breaks, explained, with the
    tournament's web page when the bot has a companion (only to the caller)."""
    found = await resolve(interaction, ref)
    client = bot_of(interaction)
    lines = await client.service.tournaments.standings(found.id) if found.current_round else ()
    lang = lang_for(interaction)
    embed = tourney_texts.standings_embed(found, lines, lang, final=found.status == "over")
    view = await tourney_posts.web_view(client, found, lang)
    await ephemeral(interaction, "", embed=embed, view=view or discord.utils.MISSING)
