"""What the commands offer to choose: autocompletes of games, moves and options, fixed choices.

The game, move and options autocompletes (at most ``MAX_CHOICES`` each, read from the
service), the fixed choices of the options (clocks, policies, pictures, AI levels,
layouts, languages) and the ``game`` option every command about one game takes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.discord.context import candidate_games, resolve_game, service_of, user_key
from bot.discord.embeds import game_title
from bot.discord.i18n import cmd, lang_for, t
from bot.discord.options import option_choices
from bot.service.present import game_name
from rules import registry
from rules.base import CampfireError, Move, normalise
from rules.i18n import with_names

log = logging.getLogger("campfire.discord.commands")


MAX_CHOICES = 25
CommandCallback = TypeVar("CommandCallback", bound=Callable[..., Any])


def rule_choices() -> list[app_commands.Choice[str]]:
    """Every registered rule set, named by its (translated) spec name."""
    choices = []
    for rules_id in registry.ids()[:MAX_CHOICES]:
        try:
            key = registry.get(rules_id).spec.name.key
        except Exception:  # a broken game package: still listed, by id
            log.exception("game %s cannot be loaded", rules_id)
            choices.append(app_commands.Choice(name=rules_id, value=rules_id))
            continue
        english = game_name(rules_id, "en")
        choices.append(app_commands.Choice(name=cmd(english, key), value=rules_id))
    return choices


async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's games, then this channel's, filtered by what is typed."""
    try:
        lang = lang_for(interaction)
        wanted = normalise(current)
        choices = []
        for game in await candidate_games(interaction):
            label = f"{game_title(game, lang)} · {t(f'discord.lobby.status.{game.status}', lang)}"
            if wanted and wanted not in normalise(label):
                continue
            choices.append(app_commands.Choice(name=label[:100], value=str(game.id)))
            if len(choices) >= MAX_CHOICES:
                break
        return choices
    except Exception:
        log.exception("game autocomplete failed")
        return []


async def move_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal moves whose code or label contains every typed word (<= 25).

    When more moves match than Discord shows, every kind of move (``Move.group``) gets
    its turn in the list, so a kind listed last by the game (cards to play, say) is
    still offered before anything is typed.
    """
    try:
        game = await resolve_game(interaction, getattr(interaction.namespace, "game", None))
        moves = await service_of(interaction).legal_moves(game.id, user_key(interaction))
        lang = lang_for(interaction)
        words = normalise(current).split()
        matching = []
        for move in moves:
            label = t(with_names(move.label, game.names(lang)), lang)
            haystack = f"{normalise(move.code)} {normalise(label)}"
            if all(w in haystack for w in words):
                matching.append((move, label))
        return [
            app_commands.Choice(name=(label or move.code)[:100], value=move.code)
            for move, label in fair_share(matching, MAX_CHOICES)
        ]
    except CampfireError:  # no game here, not seated...: the command itself will say so
        return []
    except Exception:  # autocomplete never shows errors, but a bug is logged
        log.exception("move autocomplete failed")
        return []


def fair_share(matching: list[tuple[Move, str]], limit: int) -> list[tuple[Move, str]]:
    """At most ``limit`` moves: all of them when they fit, else taken from each kind of
    move in turn; either way in the game's order."""
    if len(matching) <= limit:
        return matching
    by_group: dict[str, list[int]] = {}
    for index, (move, _) in enumerate(matching):
        by_group.setdefault(move.group, []).append(index)
    chosen: list[int] = []
    queues = list(by_group.values())
    while len(chosen) < limit:
        for queue in queues:
            if queue and len(chosen) < limit:
                chosen.append(queue.pop(0))
    return [matching[i] for i in sorted(chosen)]


async def options_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    try:
        return option_choices(
            getattr(interaction.namespace, "rules", None), current, lang_for(interaction)
        )
    except Exception:
        log.exception("options autocomplete failed")
        return []


CLOCK_CHOICES = [
    app_commands.Choice(name=cmd("no turn clock", "discord.clock.none"), value="0"),
    app_commands.Choice(name=cmd("12 hours per move", "discord.clock.half_day"), value="12"),
    app_commands.Choice(name=cmd("1 day per move", "discord.clock.one_day"), value="24"),
    app_commands.Choice(name=cmd("2 days per move", "discord.clock.two_days"), value="48"),
    app_commands.Choice(name=cmd("3 days per move", "discord.clock.three_days"), value="72"),
    app_commands.Choice(name=cmd("7 days per move", "discord.clock.week"), value="168"),
]
POLICY_CHOICES = [
    app_commands.Choice(name=cmd("only remind", "discord.policy.remind"), value="remind"),
    app_commands.Choice(name=cmd("the clock plays a move", "discord.policy.auto"), value="auto"),
    app_commands.Choice(
        name=cmd("the late player leaves the game", "discord.policy.forfeit"), value="forfeit"
    ),
    app_commands.Choice(name=cmd("the others choose", "discord.policy.claim"), value="claim"),
]
PICTURES_CHOICES = [
    app_commands.Choice(
        name=cmd("the turn card (the full board one press away)", "discord.pictures.card"),
        value="card",
    ),
    app_commands.Choice(
        name=cmd("the turn card and the full board, side by side", "discord.pictures.both"),
        value="both",
    ),
    app_commands.Choice(name=cmd("the full board", "discord.pictures.full"), value="full"),
]
AI_LEVEL_CHOICES = [
    app_commands.Choice(name=cmd("random", "discord.ai_level.random"), value="random"),
    app_commands.Choice(name=cmd("greedy", "discord.ai_level.greedy"), value="greedy"),
    app_commands.Choice(name=cmd("strong", "discord.ai_level.strong"), value="strong"),
]
LAYOUT_CHOICES = [
    app_commands.Choice(
        name=cmd("phone: large type, your choices first", "discord.layout.phone"), value="phone"
    ),
    app_commands.Choice(name=cmd("full board", "discord.layout.full"), value="full"),
]
FREQUENCY_CHOICES = [
    app_commands.Choice(
        name=cmd("every turn, a ping (and a DM if asked)", "discord.frequency.turn"),
        value="turn",
    ),
    app_commands.Choice(
        name=cmd("digest, one DM listing the games waiting", "discord.frequency.digest"),
        value="digest",
    ),
    app_commands.Choice(
        name=cmd("reminders only, no ping at each turn", "discord.frequency.reminders"),
        value="reminders",
    ),
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=cmd("English", "discord.language.en"), value="en"),
    app_commands.Choice(name=cmd("French", "discord.language.fr"), value="fr"),
]
GAME_OPTION = cmd("game", "discord.opt.game.name")
GAME_DESCRIPTION = cmd("Which game (default: this thread's game)", "discord.opt.game.desc")


def game_option(callback: CommandCallback) -> CommandCallback:
    """The optional ``game`` parameter most subcommands take: named and described in the
    user's language, autocompleted with the caller's games and this channel's."""
    callback = app_commands.autocomplete(game=game_autocomplete)(callback)
    callback = app_commands.describe(game=GAME_DESCRIPTION)(callback)
    return app_commands.rename(game=GAME_OPTION)(callback)
