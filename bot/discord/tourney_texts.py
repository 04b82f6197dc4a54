"""What a tournament's messages say: the registration message, a round's message, the
standings with their tie-breaks explained, the final announcement.

Pure builders over the service's tournament values (no call to Discord or the service):
``tourney_posts`` sends them. Every date is a Discord timestamp
(``discord.utils.format_dt``); public texts name players, never "you".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.discord.embeds import LOBBY_COLOUR, OVER_COLOUR, clock_name, field_chunks, policy_name
from bot.discord.i18n import t
from bot.service.events import format_points
from bot.service.present import game_name, options_line
from bot.service.tournaments.values import (
    RoundInfo,
    Standing,
    TableInfo,
    TournamentInfo,
)

MAX_LISTED = 60
"""The most registered players named in the registration message (the rest counted)."""


def title(tournament: TournamentInfo, lang: str) -> str:
    """``Tournament #3 · Nim`` (or the title the organiser gave)."""
    name = tournament.title or game_name(tournament.rules, lang)
    return t("discord.tournament.title", lang, id=tournament.id, name=name)


def format_line(tournament: TournamentInfo, lang: str) -> str:
    """``Swiss, 4 rounds · tables of 2`` or ``round robin · tables of 3``."""
    if tournament.format == "swiss":
        kind = t("discord.tournament.swiss_rounds", lang, rounds=tournament.rounds)
    else:
        kind = t("discord.tournament.format.round_robin", lang)
    return f"{kind} · {t('discord.tournament.table_size', lang, size=tournament.table_size)}"


def clock_line(tournament: TournamentInfo, lang: str) -> str:
    """``1 day per move · when time runs out: the clock plays``, or ``no turn clock``
    alone (a rule for a clock that does not run says nothing)."""
    clock = clock_name(tournament.clock_hours, lang)
    if not tournament.clock_hours:
        return clock
    return f"{clock} · {policy_name(tournament.timeout_policy, lang)}"


def rates_line(name: str, rate: int | None, lang: str) -> str:
    """A registered player's line: their name, and their completion rate (percent) when
    known."""
    if rate is None:
        return name
    return t("discord.tournament.with_rate", lang, name=name, rate=rate)


def registration_embed(
    tournament: TournamentInfo, lang: str, rates: Mapping[str, int] | None = None
) -> discord.Embed:
    """The registration message: the game, format, clock, cap, closing date, what a
    player needs, and who registered (with their completion rate where ``rates`` says)."""
    embed = discord.Embed(title=title(tournament, lang)[:256], colour=LOBBY_COLOUR)
    lines = [
        f"**{game_name(tournament.rules, lang)}** · {format_line(tournament, lang)}",
        t("discord.tournament.organiser", lang, organiser=f"<@{tournament.organiser}>"),
        t("discord.tournament.clock", lang, clock=clock_line(tournament, lang)),
    ]
    options = options_line(tournament.rules, tournament.options, lang)
    lines.append(t("discord.tournament.options", lang, options=options))
    if tournament.round_hours:
        lines.append(t("discord.tournament.round_days", lang, days=tournament.round_hours // 24))
    if tournament.status != "open":
        pass  # registration closed: its date is history, the status line says it
    elif tournament.closes_at is not None:
        when = discord.utils.format_dt(tournament.closes_at, "f")
        left = discord.utils.format_dt(tournament.closes_at, "R")
        lines.append(t("discord.tournament.closes", lang, when=when, left=left))
    else:
        lines.append(t("discord.tournament.closes_on_word", lang))
    if tournament.min_completion:
        lines.append(t("discord.tournament.min_completion", lang, rate=tournament.min_completion))
    if tournament.min_finished:
        lines.append(t("discord.tournament.min_finished", lang, count=tournament.min_finished))
    lines.append(t(f"discord.tournament.status.{tournament.status}", lang))
    embed.description = "\n".join(lines)
    holders = [e for e in tournament.entries if e.plays or e.status == "withdrawn"]
    count = len([e for e in holders if e.plays])
    heading = (
        t("discord.tournament.registered_cap", lang, count=count, cap=tournament.cap)
        if tournament.cap
        else t("discord.tournament.registered", lang, count=count)
    )
    names = [
        rates_line(e.name, (rates or {}).get(e.user_id), lang)
        for e in holders[:MAX_LISTED]
        if e.plays
    ]
    if count > MAX_LISTED:
        names.append(t("discord.tournament.more", lang, count=count - MAX_LISTED))
    for n, chunk in enumerate(field_chunks(names or ["—"])[:3]):
        embed.add_field(name=heading if n == 0 else "\u200b", value=chunk, inline=False)
    return embed


def table_line(
    table: TableInfo, names: Mapping[str, str], threads: Mapping[int, str], lang: str
) -> str:
    """``Table 2 · Ann vs Bob · #thread``, a bye, or the table's result once it ended."""
    players = [names.get(p, p) for p in table.players]
    if table.bye:
        return t("discord.tournament.bye", lang, player=players[0] if players else "?")
    where = ""
    if table.game_id is not None and table.game_id in threads:
        where = f" · <#{threads[table.game_id]}>"
    if table.ranks is not None:
        placed = sorted(zip(table.ranks, players, strict=True))
        players = [f"{rank}. {name}" for rank, name in placed]
    joiner = " · " if table.ranks is not None else t("discord.tournament.versus", lang)
    return t("discord.tournament.table", lang, number=table.number) + (
        f" · {joiner.join(players)}{where}"
    )


MAX_MESSAGE = 2000
"""The most characters of a Discord message."""


def round_text(
    tournament: TournamentInfo,
    round: RoundInfo,
    threads: Mapping[int, str],
    lang: str,
) -> list[str]:
    """The round's message in the channel: its tables with their threads, its byes and
    its deadline (a Discord timestamp); several messages when a large round does not fit
    in one, each line whole."""
    names = tournament.names()
    head = t(
        "discord.tournament.round_opened",
        lang,
        title=title(tournament, lang),
        round=round.number,
        rounds=tournament.rounds,
    )
    lines = [head]
    lines += [table_line(table, names, threads, lang) for table in round.tables]
    if round.deadline is not None:
        when = discord.utils.format_dt(round.deadline, "f")
        left = discord.utils.format_dt(round.deadline, "R")
        lines.append(t("discord.tournament.round_deadline", lang, when=when, left=left))
    messages = [""]
    for line in lines:
        line = line[:MAX_MESSAGE]
        if messages[-1] and len(messages[-1]) + 1 + len(line) > MAX_MESSAGE:
            messages.append("")
        messages[-1] = f"{messages[-1]}\n{line}" if messages[-1] else line
    return messages


TIEBREAK_KEYS = ("discord.tournament.tb.opponents", "discord.tournament.tb.scored")
"""The tie-breaks shown after the points, in order (the rating, last, is not shown)."""
CRITERIA = (
    ("points", None),
    ("opponents", "discord.tournament.tb.opponents"),
    ("scored", "discord.tournament.tb.scored"),
    ("rating", None),
)
"""The points and the tie-breaks in the order they apply, with the short name a line of
the standings gives each figure."""


def how_counted(lang: str) -> str:
    """How the points and each tie-break are counted, one line each, in the words of the
    standings themselves (``service.events.<name>.name`` and ``.explain``)."""
    lines = []
    for name, short in CRITERIA:
        label = f"**{t(f'service.events.{name}.name', lang)}**"
        if short is not None:
            label += f" ({t(short, lang)})"
        lines.append(f"{label} : " if lang == "fr" else f"{label}: ")
        lines[-1] += t(f"service.events.{name}.explain", lang)
    return "\n".join(lines)[:1024]


def standing_line(line: Standing, lang: str) -> str:
    """``1. Ann — 3 pts · OP 4.5 · Sc 310``, and what became of a withdrawn player."""
    opponents, scored = TIEBREAK_KEYS
    breaks = (
        f"{t(opponents, lang)} {format_points(line.opponents, lang)} · "
        f"{t(scored, lang)} {format_points(line.scored, lang)}"
    )
    text = t(
        "discord.tournament.standing",
        lang,
        rank=line.rank,
        name=line.name,
        points=format_points(line.points, lang),
    )
    if breaks:
        text += f" · {breaks}"
    if line.status == "withdrawn":
        text += " " + t("discord.tournament.withdrawn_mark", lang)
    return text


STANDINGS_ROOM = 3500
"""The most characters of standings lines in one embed (its other parts stay within
Discord's 6,000 in all)."""


def standings_embed(
    tournament: TournamentInfo, lines: Sequence[Standing], lang: str, *, final: bool = False
) -> discord.Embed:
    """The standings: one line per place, then how points and tie-breaks are counted."""
    key = "discord.tournament.final_title" if final else "discord.tournament.standings_title"
    embed = discord.Embed(
        title=t(key, lang, title=title(tournament, lang))[:256],
        colour=OVER_COLOUR if final else LOBBY_COLOUR,
    )
    rows = [standing_line(line, lang) for line in lines] or [t("discord.tournament.none", lang)]
    shown = field_chunks(rows, STANDINGS_ROOM)[0]
    left = len(rows) - shown.count("\n") - 1
    if left > 0:  # the rest on the web page (a Discord embed holds 6,000 characters)
        shown += "\n" + t("discord.tournament.more", lang, count=left)
    embed.description = shown
    embed.add_field(name=t("discord.tournament.how_title", lang), value=how_counted(lang))
    if tournament.status == "running":
        embed.set_footer(
            text=t(
                "discord.tournament.after_round",
                lang,
                round=tournament.current_round,
                rounds=tournament.rounds,
            )
        )
    return embed


def final_text(tournament: TournamentInfo, lines: Sequence[Standing], lang: str) -> str:
    """The final announcement's first line: who won (ties share the first place)."""
    first = [line.name for line in lines if line.rank == 1]
    if not first:
        return t("discord.tournament.over_empty", lang, title=title(tournament, lang))
    return t(
        "discord.tournament.over",
        lang,
        title=title(tournament, lang),
        winners=", ".join(f"**{name}**" for name in first),
    )
