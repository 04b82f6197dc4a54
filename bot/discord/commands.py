"""The ``/campfire`` command group: one subcommand per thing a player can do.

Names and descriptions are ``locale_str`` (French via ``CampfireTranslator``). Inside a
game thread the game is implied; elsewhere the ``game`` option (autocompleted with the
caller's games and this channel's) chooses. Every callback is thin: it resolves the
game and hands over to ``actions``; failures go to the tree's error handler.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord import actions, agenda, days, following, seasons
from bot.discord import standings as ranked
from bot.discord.choices import (
    AI_LEVEL_CHOICES,
    CLOCK_CHOICES,
    GAME_DESCRIPTION,
    GAME_OPTION,
    POLICY_CHOICES,
    game_autocomplete,
    game_option,
    move_autocomplete,
    options_autocomplete,
    rule_choices,
)
from bot.discord.context import resolve_game
from bot.discord.i18n import cmd
from bot.discord.setup_commands import me_command, settings_command
from bot.discord.tournaments import TournamentGroup
from rules.base import CampfireError

log = logging.getLogger("campfire.discord.commands")


@app_commands.guild_only()
class CampfireGroup(app_commands.Group):
    """``/campfire ...``"""

    def __init__(self) -> None:
        super().__init__(
            name=cmd("campfire", "discord.cmd.campfire.name"),
            description=cmd("Play board games with your server", "discord.cmd.campfire.desc"),
        )
        self.add_command(TournamentGroup())
        self.add_command(me_command())
        self.add_command(settings_command())

    @app_commands.command(
        name=cmd("new", "discord.cmd.new.name"),
        description=cmd("Open a new game in this channel", "discord.cmd.new.desc"),
    )
    @app_commands.rename(
        rules=cmd("rules", "discord.opt.rules.name"),
        players=cmd("players", "discord.opt.players.name"),
        options=cmd("options", "discord.opt.options.name"),
        clock=cmd("clock", "discord.opt.clock.name"),
        timeout=cmd("timeout", "discord.opt.timeout.name"),
        ai=cmd("ai", "discord.opt.ai.name"),
        ai_level=cmd("ai_level", "discord.opt.ai_level.name"),
        min_completion=cmd("min_completion", "discord.opt.min_completion.name"),
        min_finished=cmd("min_finished", "discord.opt.min_finished.name"),
    )
    @app_commands.describe(
        rules=cmd("Which game to play", "discord.opt.rules.desc"),
        players=cmd(
            "Most players allowed (default: the game's maximum)", "discord.opt.players.desc"
        ),
        options=cmd("Variants, e.g. name=value name=value", "discord.opt.options.desc"),
        clock=cmd("Time for each move (default: this server's)", "discord.opt.clock.desc"),
        timeout=cmd(
            "What happens when the time is up (default: this server's)",
            "discord.opt.timeout.desc",
        ),
        ai=cmd("AI players seated at once (default: none)", "discord.opt.ai.desc"),
        ai_level=cmd("How well the AI plays (default: greedy)", "discord.opt.ai_level.desc"),
        min_completion=cmd(
            "Who joins must have finished at least this % of their games here (last 180 days)",
            "discord.opt.min_completion.desc",
        ),
        min_finished=cmd(
            "Who joins must have finished at least this many games here (last 180 days)",
            "discord.opt.min_finished.desc",
        ),
    )
    @app_commands.choices(
        rules=rule_choices(),
        clock=CLOCK_CHOICES,
        timeout=POLICY_CHOICES,
        ai_level=AI_LEVEL_CHOICES,
    )
    @app_commands.autocomplete(options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        rules: str,
        players: app_commands.Range[int, 1, 25] | None = None,
        options: app_commands.Range[str, 0, 200] | None = None,
        clock: str | None = None,
        timeout: str | None = None,
        ai: app_commands.Range[int, 0, 24] = 0,
        ai_level: str | None = None,
        min_completion: app_commands.Range[int, 1, 100] | None = None,
        min_finished: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        hours = None if clock is None else int(clock)
        await actions.create(
            interaction,
            rules,
            players,
            options,
            clock=hours,
            policy=timeout,
            ai=ai,
            ai_level=ai_level,
            min_completion=min_completion,
            min_finished=min_finished,
        )

    @app_commands.command(
        name=cmd("join", "discord.cmd.join.name"),
        description=cmd("Take a seat in a game that has not started", "discord.cmd.join.desc"),
    )
    @game_option
    async def join(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.join(interaction, found.id)

    @app_commands.command(
        name=cmd("leave", "discord.cmd.leave.name"),
        description=cmd("Give up your seat before the game starts", "discord.cmd.leave.desc"),
    )
    @game_option
    async def leave(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.leave(interaction, found.id)

    @app_commands.command(
        name=cmd("start", "discord.cmd.start.name"),
        description=cmd("Start your game with the players seated", "discord.cmd.start.desc"),
    )
    @game_option
    async def start(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.start(interaction, found.id)

    @app_commands.command(
        name=cmd("move", "discord.cmd.move.name"),
        description=cmd("Play a move (pick one from the list)", "discord.cmd.move.desc"),
    )
    @app_commands.rename(text=cmd("move", "discord.opt.move.name"), game=GAME_OPTION)
    @app_commands.describe(
        text=cmd("Your move: start typing to filter", "discord.opt.move.desc"),
        game=GAME_DESCRIPTION,
    )
    @app_commands.autocomplete(text=move_autocomplete, game=game_autocomplete)
    async def move(
        self,
        interaction: discord.Interaction[Any],
        text: app_commands.Range[str, 1, 200],
        game: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await resolve_game(interaction, game)
        await actions.play(interaction, found.id, text, game=found)

    @app_commands.command(
        name=cmd("board", "discord.cmd.board.name"),
        description=cmd("See the current board (only you)", "discord.cmd.board.desc"),
    )
    @game_option
    @app_commands.rename(text=cmd("text", "discord.opt.text.name"))
    @app_commands.describe(
        text=cmd("True: the board in words, for screen readers", "discord.opt.text.desc")
    )
    async def board(
        self, interaction: discord.Interaction[Any], game: str | None = None, text: bool = False
    ) -> None:
        found = await resolve_game(interaction, game)
        if text:
            await actions.board_text(interaction, found)
            return
        await actions.board(interaction, found)

    @app_commands.command(
        name=cmd("hand", "discord.cmd.hand.name"),
        description=cmd("See what only you can see (only you)", "discord.cmd.hand.desc"),
    )
    @game_option
    async def hand(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.hand(interaction, found.id)

    @app_commands.command(
        name=cmd("hint", "discord.cmd.hint.name"),
        description=cmd(
            "The move the greedy AI would make for you now, and why (only you)",
            "discord.cmd.hint.desc",
        ),
    )
    @game_option
    async def hint(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.hint(interaction, found.id)

    @app_commands.command(
        name=cmd("scores", "discord.cmd.scores.name"),
        description=cmd("Scores so far, category by category", "discord.cmd.scores.desc"),
    )
    @game_option
    async def scores(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.scores(interaction, found.id)

    @app_commands.command(
        name=cmd("record", "discord.cmd.record.name"),
        description=cmd(
            "The game's record as a file: seed, seats, every move", "discord.cmd.record.desc"
        ),
    )
    @game_option
    async def record(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.record(interaction, found)

    @app_commands.command(
        name=cmd("replay", "discord.cmd.replay.name"),
        description=cmd("The animated replay of a finished game", "discord.cmd.replay.desc"),
    )
    @game_option
    async def replay(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.replay(interaction, found)

    @app_commands.command(
        name=cmd("games", "discord.cmd.games.name"),
        description=cmd(
            "Your games and this channel's, with whose turn it is", "discord.cmd.games.desc"
        ),
    )
    @app_commands.rename(everywhere=cmd("all", "discord.opt.all.name"))
    @app_commands.describe(
        everywhere=cmd(
            "True: the games waiting on you in every server, by time left",
            "discord.opt.all.desc",
        )
    )
    async def games(self, interaction: discord.Interaction[Any], everywhere: bool = False) -> None:
        if everywhere:
            await agenda.all_games(interaction)
            return
        await actions.games(interaction)

    @app_commands.command(
        name=cmd("follow", "discord.cmd.follow.name"),
        description=cmd(
            "Mute a game you play, or follow one you don't by DM", "discord.cmd.follow.desc"
        ),
    )
    @game_option
    @app_commands.rename(mode=cmd("mode", "discord.opt.follow_mode.name"))
    @app_commands.describe(mode=cmd("What to change", "discord.opt.follow_mode.desc"))
    @app_commands.choices(mode=following.FOLLOW_CHOICES)
    async def follow(
        self, interaction: discord.Interaction[Any], mode: str, game: str | None = None
    ) -> None:
        await following.follow(interaction, game, mode)

    @app_commands.command(
        name=cmd("standings", "discord.cmd.standings.name"),
        description=cmd(
            "The best rated players of this server at a game", "discord.cmd.standings.desc"
        ),
    )
    @app_commands.rename(
        rules=cmd("rules", "discord.opt.rules.name"),
        season=cmd("season", "discord.opt.season.name"),
    )
    @app_commands.describe(
        rules=cmd("Which game (default: the most played here)", "discord.opt.ranked.desc"),
        season=cmd("A season of this server (default: all time)", "discord.opt.season_shown.desc"),
    )
    @app_commands.choices(rules=rule_choices())
    @app_commands.autocomplete(season=seasons.season_autocomplete)
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        rules: str | None = None,
        season: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await ranked.standings(interaction, rules, season)

    @app_commands.command(
        name=cmd("stats", "discord.cmd.stats.name"),
        description=cmd(
            "Games, wins and ratings of a player on this server", "discord.cmd.stats.desc"
        ),
    )
    @app_commands.rename(player=cmd("player", "discord.opt.player.name"))
    @app_commands.describe(player=cmd("Whose (default: you)", "discord.opt.player.desc"))
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | discord.Member | None = None,
    ) -> None:
        await ranked.stats(interaction, player)

    @app_commands.command(
        name=cmd("resign", "discord.cmd.resign.name"),
        description=cmd(
            "Leave a running game: you rank last, the others play on", "discord.cmd.resign.desc"
        ),
    )
    @game_option
    async def resign(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.resign(interaction, found)

    @app_commands.command(
        name=cmd("undo", "discord.cmd.undo.name"),
        description=cmd(
            "Ask the other players to take back your last move", "discord.cmd.undo.desc"
        ),
    )
    @game_option
    async def undo(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.undo(interaction, found.id)

    @app_commands.command(
        name=cmd("abort", "discord.cmd.abort.name"),
        description=cmd(
            "Stop a game without result (creator or moderators)", "discord.cmd.abort.desc"
        ),
    )
    @game_option
    async def abort(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        found = await resolve_game(interaction, game)
        await actions.abort(interaction, found)

    @app_commands.command(
        name=cmd("away", "discord.cmd.away.name"),
        description=cmd("Pause your clocks in every game until a date", "discord.cmd.away.desc"),
    )
    @app_commands.rename(until=cmd("until", "discord.opt.until.name"))
    @app_commands.describe(
        until=cmd("Back on (YYYY-MM-DD, UTC) or a number of days", "discord.opt.until.desc")
    )
    @app_commands.autocomplete(until=days.until_autocomplete)
    async def away(
        self, interaction: discord.Interaction[Any], until: app_commands.Range[str, 1, 40]
    ) -> None:
        await days.away(interaction, until)

    @app_commands.command(
        name=cmd("back", "discord.cmd.back.name"),
        description=cmd("You are back: your clocks run again", "discord.cmd.back.desc"),
    )
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await days.back(interaction)

    @app_commands.command(
        name=cmd("help", "discord.cmd.help.name"),
        description=cmd("How to play, and what you can do now", "discord.cmd.help.desc"),
    )
    @game_option
    async def help(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        try:
            found = await resolve_game(interaction, game)
        except CampfireError:
            if game:
                raise
            found = None
        await actions.help_now(interaction, found)
