"""``/campfire tournament ...``: one nested group of the ``/campfire`` command.

``open`` (an organiser: Manage Server, or the role ``/campfire settings
organiser_role:`` names), ``start``, ``standings``, ``withdraw``, ``substitute`` and
``cancel``. Every callback is thin: it hands over to ``tourney_actions``; failures go to
the tree's error handler.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord import tourney_actions
from bot.discord.choices import CLOCK_CHOICES, POLICY_CHOICES, options_autocomplete, rule_choices
from bot.discord.days import until_autocomplete
from bot.discord.i18n import cmd

log = logging.getLogger("campfire.discord.tournaments")

FORMAT_CHOICES = [
    app_commands.Choice(name=cmd("Swiss", "discord.tournament.format.swiss"), value="swiss"),
    app_commands.Choice(
        name=cmd("round robin", "discord.tournament.format.round_robin"), value="round_robin"
    ),
]
TOURNAMENT_OPTION = cmd("tournament", "discord.opt.tournament.name")
TOURNAMENT_DESCRIPTION = cmd(
    "Which tournament (default: this channel's)", "discord.opt.tournament.desc"
)


class TournamentGroup(app_commands.Group):
    """``/campfire tournament ...``"""

    def __init__(self) -> None:
        super().__init__(
            name=cmd("tournament", "discord.cmd.tournament.name"),
            description=cmd("Tournaments on this server", "discord.cmd.tournament.desc"),
        )

    @app_commands.command(
        name=cmd("open", "discord.cmd.tournament.open.name"),
        description=cmd(
            "Open a tournament in this channel (organisers)", "discord.cmd.tournament.open.desc"
        ),
    )
    @app_commands.rename(
        rules=cmd("rules", "discord.opt.rules.name"),
        format=cmd("format", "discord.opt.format.name"),
        rounds=cmd("rounds", "discord.opt.rounds.name"),
        table_size=cmd("table_size", "discord.opt.table_size.name"),
        options=cmd("options", "discord.opt.options.name"),
        clock=cmd("clock", "discord.opt.clock.name"),
        timeout=cmd("timeout", "discord.opt.timeout.name"),
        cap=cmd("cap", "discord.opt.cap.name"),
        closes=cmd("closes", "discord.opt.closes.name"),
        round_days=cmd("round_days", "discord.opt.round_days.name"),
        min_completion=cmd("min_completion", "discord.opt.min_completion.name"),
        min_finished=cmd("min_finished", "discord.opt.min_finished.name"),
    )
    @app_commands.describe(
        rules=cmd("Which game to play", "discord.opt.rules.desc"),
        format=cmd("Swiss (default) or round robin", "discord.opt.format.desc"),
        rounds=cmd("Rounds of a Swiss (default: 4)", "discord.opt.rounds.desc"),
        table_size=cmd(
            "Players at each table (default: the game's fewest)", "discord.opt.table_size.desc"
        ),
        options=cmd("Variants, e.g. name=value name=value", "discord.opt.options.desc"),
        clock=cmd("Time for each move (default: this server's)", "discord.opt.clock.desc"),
        timeout=cmd(
            "What happens when the time is up (default: this server's)",
            "discord.opt.timeout.desc",
        ),
        cap=cmd("Most players (default: no cap)", "discord.opt.cap.desc"),
        closes=cmd(
            "Registration closes, then round 1 opens: YYYY-MM-DD (UTC) or a number of days",
            "discord.opt.closes.desc",
        ),
        round_days=cmd("Days a round lasts at most", "discord.opt.round_days.desc"),
        min_completion=cmd(
            "Completion rate a player needs to register (%)", "discord.opt.entry_completion.desc"
        ),
        min_finished=cmd(
            "Finished games a player needs to register", "discord.opt.entry_finished.desc"
        ),
    )
    @app_commands.choices(
        rules=rule_choices(), format=FORMAT_CHOICES, clock=CLOCK_CHOICES, timeout=POLICY_CHOICES
    )
    @app_commands.autocomplete(options=options_autocomplete, closes=until_autocomplete)
    async def open(
        self,
        interaction: discord.Interaction[Any],
        rules: str,
        format: str = "swiss",
        rounds: app_commands.Range[int, 1, 12] | None = None,
        table_size: app_commands.Range[int, 2, 6] | None = None,
        options: app_commands.Range[str, 0, 200] | None = None,
        clock: str | None = None,
        timeout: str | None = None,
        cap: app_commands.Range[int, 2, 512] | None = None,
        closes: app_commands.Range[str, 1, 40] | None = None,
        round_days: app_commands.Range[int, 1, 60] | None = None,
        min_completion: app_commands.Range[int, 0, 100] | None = None,
        min_finished: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        await tourney_actions.open_tournament(
            interaction,
            tourney_actions.Opening(
                rules=rules,
                format=format,
                rounds=rounds,
                table_size=table_size,
                options=options,
                clock=None if clock is None else int(clock),
                timeout=timeout,
                cap=cap,
                closes=closes,
                round_days=round_days,
                min_completion=min_completion,
                min_finished=min_finished,
            ),
        )

    @app_commands.command(
        name=cmd("start", "discord.cmd.tournament.start.name"),
        description=cmd(
            "Close registration and open the first round (organisers)",
            "discord.cmd.tournament.start.desc",
        ),
    )
    @app_commands.rename(tournament=TOURNAMENT_OPTION)
    @app_commands.describe(tournament=TOURNAMENT_DESCRIPTION)
    async def start(
        self, interaction: discord.Interaction[Any], tournament: str | None = None
    ) -> None:
        await tourney_actions.start(interaction, tournament)

    @app_commands.command(
        name=cmd("standings", "discord.cmd.tournament.standings.name"),
        description=cmd(
            "Points and tie-breaks of a tournament", "discord.cmd.tournament.standings.desc"
        ),
    )
    @app_commands.rename(tournament=TOURNAMENT_OPTION)
    @app_commands.describe(tournament=TOURNAMENT_DESCRIPTION)
    async def standings(
        self, interaction: discord.Interaction[Any], tournament: str | None = None
    ) -> None:
        await tourney_actions.standings(interaction, tournament)

    @app_commands.command(
        name=cmd("withdraw", "discord.cmd.tournament.withdraw.name"),
        description=cmd(
            "Leave the next rounds (organisers: another player)",
            "discord.cmd.tournament.withdraw.desc",
        ),
    )
    @app_commands.rename(
        tournament=TOURNAMENT_OPTION, player=cmd("player", "discord.opt.player.name")
    )
    @app_commands.describe(
        tournament=TOURNAMENT_DESCRIPTION,
        player=cmd("Who (default: you)", "discord.opt.withdrawn.desc"),
    )
    async def withdraw(
        self,
        interaction: discord.Interaction[Any],
        tournament: str | None = None,
        player: discord.User | discord.Member | None = None,
    ) -> None:
        await tourney_actions.withdraw(interaction, tournament, player)

    @app_commands.command(
        name=cmd("substitute", "discord.cmd.tournament.substitute.name"),
        description=cmd(
            "A player takes another's place from the next round (organisers)",
            "discord.cmd.tournament.substitute.desc",
        ),
    )
    @app_commands.rename(
        tournament=TOURNAMENT_OPTION,
        out=cmd("out", "discord.opt.out.name"),
        into=cmd("in", "discord.opt.in.name"),
    )
    @app_commands.describe(
        tournament=TOURNAMENT_DESCRIPTION,
        out=cmd("Whose place", "discord.opt.out.desc"),
        into=cmd("Who takes it", "discord.opt.in.desc"),
    )
    async def substitute(
        self,
        interaction: discord.Interaction[Any],
        out: discord.User | discord.Member,
        into: discord.User | discord.Member,
        tournament: str | None = None,
    ) -> None:
        await tourney_actions.substitute(interaction, tournament, out, into)

    @app_commands.command(
        name=cmd("cancel", "discord.cmd.tournament.cancel.name"),
        description=cmd(
            "Stop a tournament; its games play on (organisers)",
            "discord.cmd.tournament.cancel.desc",
        ),
    )
    @app_commands.rename(tournament=TOURNAMENT_OPTION)
    @app_commands.describe(tournament=TOURNAMENT_DESCRIPTION)
    async def cancel(
        self, interaction: discord.Interaction[Any], tournament: str | None = None
    ) -> None:
        await tourney_actions.cancel(interaction, tournament)

    @start.autocomplete("tournament")
    @standings.autocomplete("tournament")
    @withdraw.autocomplete("tournament")
    @substitute.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    async def tournament_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await tourney_actions.tournament_choices(interaction, current)
