"""Embeds and short texts shown in Discord: lobby, board, scores, results, game lists, help.

Pure functions of service values and a language; no I/O. Colours and layout live here so
the other modules only decide *what* to show.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.discord.i18n import t
from bot.service import (
    GameInfo,
    Hint,
    Place,
    Reminder,
    ai_name,
    is_ai_seat,
)
from bot.service.present import game_help, game_name, options_lines, translate_sections
from rules import registry
from rules.base import Outcome, ScoreSheet, Section, Text
from rules.i18n import move_parts, table_text, with_names

LOBBY_COLOUR = discord.Colour(0xE67E22)
BOARD_COLOUR = discord.Colour(0x8E5B3A)
SCORES_COLOUR = discord.Colour(0xF1C40F)
OVER_COLOUR = discord.Colour(0x2ECC71)
ABORTED_COLOUR = discord.Colour(0x95A5A6)
MAX_FIELD = 1024
MAX_NAME = 256
MAX_FIELDS = 25
MAX_EMBED = 6000
FOOTER_ROOM = 200  # kept free for the title and the "left out" footer
MAX_DESCRIPTION = 4000


@dataclass(frozen=True)
class GameLine:
    """One row of ``/campfire games``: the game and where to jump to."""

    game: GameInfo
    link: str | None
    places: tuple[Place, ...] = ()
    """A finished game's final places, best first."""


def game_title(game: GameInfo, lang: str) -> str:
    return t("discord.game_title", lang, id=game.id, name=game_name(game.rules, lang))


def mention(user_id: str, lang: str = "en") -> str:
    """A user mention for Discord seats; console seats (not snowflakes) stay plain text;
    an AI seat is named in ``lang``, never mentioned ("AI 1 (greedy)")."""
    if is_ai_seat(user_id):
        return ai_name(user_id, lang)
    return f"<@{user_id}>" if user_id.isdigit() else user_id


def mentions(user_ids: Iterable[str], lang: str = "en") -> str:
    """Mentions of people; AI seats named in ``lang``."""
    return " ".join(mention(u, lang) for u in user_ids)


def addressed(game: GameInfo, seats: Iterable[str], pinged: Iterable[str] | None, lang: str) -> str:
    """People mentioned (``pinged``: only those; ``None``: all), the others named (their
    ping waits: quiet hours); AI seats named in ``lang``."""
    chosen = None if pinged is None else set(pinged)
    return " ".join(
        mention(s, lang) if chosen is None or s in chosen else seat_name(game, s, lang)
        for s in seats
    )


def seat_name(game: GameInfo, seat: str, lang: str) -> str:
    """A seat's display name at the table: a person's name, an AI seat's in ``lang``."""
    return ai_name(seat, lang) if is_ai_seat(seat) else game.name_of(seat, lang)


def jump_url(guild_id: str | None, channel_id: str, message_id: str | None = None) -> str:
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


def stamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: every client shows it in its own time zone and language
    (``R``: "in 3 hours", ``f``: the date and time)."""
    return f"<t:{int(moment.timestamp())}:{style}>"


CLOCK_KEYS = {
    0: "discord.clock.none",
    12: "discord.clock.half_day",
    24: "discord.clock.one_day",
    48: "discord.clock.two_days",
    72: "discord.clock.three_days",
    168: "discord.clock.week",
}
POLICY_KEYS = {
    "remind": "discord.policy.remind",
    "auto": "discord.policy.auto",
    "forfeit": "discord.policy.forfeit",
    "claim": "discord.policy.claim",
}
FREQUENCY_KEYS = {
    "turn": "discord.frequency.turn",
    "digest": "discord.frequency.digest",
    "reminders": "discord.frequency.reminders",
}
REMINDER_KEYS = {
    "half": "discord.remind.half",
    "hour": "discord.remind.hour",
    "nudge": "discord.remind.nudge",
    "late": "discord.remind.late",
    "early": "discord.remind.early",
}


def clock_name(hours: int | None, lang: str) -> str:
    return t(CLOCK_KEYS.get(hours or 0, "discord.clock.none"), lang)


def policy_name(policy: str | None, lang: str) -> str:
    return t(POLICY_KEYS.get(policy or "remind", "discord.policy.remind"), lang)


def clock_text(game: GameInfo, lang: str) -> str:
    """``1 day per move · when time runs out: the clock plays``, or ``no turn clock``."""
    if not game.clock_hours:
        return clock_name(0, lang)
    return f"{clock_name(game.clock_hours, lang)} · {policy_name(game.timeout_policy, lang)}"


def clock_lines(game: GameInfo, seats: Iterable[str], lang: str) -> list[str]:
    """Under a turn message: each seat's deadline (a Discord timestamp), or its time away."""
    lines = []
    for seat in seats:
        clock = game.clock_of(seat)
        if clock is None:
            continue
        if clock.away_until is not None:
            lines.append(
                t(
                    "discord.turn.away",
                    lang,
                    player=seat_name(game, seat, lang),
                    until=stamp(clock.away_until, "f"),
                )
            )
        elif clock.deadline is not None:
            lines.append(
                t(
                    "discord.turn.deadline",
                    lang,
                    player=seat_name(game, seat, lang),
                    at=stamp(clock.deadline, "f"),
                    left=stamp(clock.deadline),
                )
            )
    return lines


def reminder_line(game: GameInfo, reminder: Reminder, lang: str, *, ping: bool = True) -> str:
    """One reminder, mentioning its seat (``ping``; else naming it: the ping waits),
    with the deadline or the wait as a timestamp."""
    key = REMINDER_KEYS.get(reminder.kind, "discord.remind.nudge")
    deadline = reminder.deadline or reminder.since
    return t(
        key,
        lang,
        player=mention(reminder.seat) if ping else seat_name(game, reminder.seat, lang),
        title=game_title(game, lang),
        deadline=stamp(deadline),
        since=stamp(reminder.since),
    )


def options_text(game: GameInfo, lang: str) -> str:
    """The table's options in words, one a line (``Stones: 3``): those that differ from
    the game's defaults, or "standard rules" (``bot.service.present.options_lines``)."""
    return "\n".join(options_lines(game.rules, game.options, lang)) or "—"


def _clip(text: str, limit: int = MAX_FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lobby_text(game: GameInfo, lang: str) -> str:
    """The lobby message's text: the invitation while seats are open, then where the
    game stands (on, over, stopped), so nobody is invited to a game that started."""
    if game.status == "lobby":
        return t("discord.lobby.invite", lang, creator=mention(game.creator))
    return t(f"discord.lobby.status.{game.status}", lang)


def lobby_embed(game: GameInfo, lang: str) -> discord.Embed:
    """The lobby message: who sits, how many may sit, the options, and the state."""
    colour = LOBBY_COLOUR if game.status == "lobby" else ABORTED_COLOUR
    embed = discord.Embed(title=game_title(game, lang), colour=colour)
    embed.description = t(f"discord.lobby.status.{game.status}", lang)
    seated = "\n".join(f"• {mention(p.user_id, lang)}" for p in game.seats) or "—"
    embed.add_field(
        name=t("discord.lobby.players", lang, count=len(game.seats), max=game.max_seats),
        value=_clip(seated),
        inline=False,
    )
    embed.add_field(
        name=t("discord.lobby.needed", lang),
        value=t("discord.lobby.range", lang, min=game.min_seats, max=game.max_seats),
    )
    embed.add_field(name=t("discord.lobby.options", lang), value=_clip(options_text(game, lang)))
    embed.add_field(name=t("discord.lobby.clock", lang), value=clock_text(game, lang))
    embed.set_footer(text=t("discord.lobby.footer", lang, creator=game.name_of(game.creator, lang)))
    return embed


def board_embed(
    game: GameInfo, lang: str, *, filename: str | None, lines: Sequence[str]
) -> discord.Embed:
    """The board after a change: what happened, and the picture (as an attachment)."""
    embed = discord.Embed(title=game_title(game, lang), colour=BOARD_COLOUR)
    embed.description = _clip("\n".join(lines), MAX_DESCRIPTION) if lines else None
    if filename:
        embed.set_image(url=f"attachment://{filename}")
    embed.set_footer(text=t("discord.board.footer", lang, version=game.version))
    return embed


def move_line(
    game: GameInfo,
    seat: str,
    label: Text,
    lang: str,
    notes: Sequence[Text] = (),
    *,
    by_clock: bool = False,
) -> str:
    """``**Ann** takes 2`` (the table's ``label``, the mover's name in bold; ``… (the
    clock played: Ann ran out of time)``), then the public notes of the move that do
    not repeat it (``rules.i18n.move_parts``), each on its own line, seat ids shown as
    names."""
    names = game.names(lang)
    parts = move_parts(label, notes, lang, names) or [t(label, lang)]
    bold = {**names, seat: f"**{seat_name(game, seat, lang)}**"}
    line = table_text(label, lang, bold) or parts[0]
    if by_clock:
        line = t("discord.board.played_by_clock", lang, move=line)
    return "\n".join([line, *(f"-# {note}" for note in parts[1:])])


def hint_text(game: GameInfo, hint: Hint, lang: str) -> str:
    """The private answer to a hint: the move, why, and how many hints the seat took."""
    names = game.names(lang)
    move = t(with_names(hint.move.label, names), lang)
    return "\n".join(
        [
            t("discord.hint.move", lang, move=move, code=hint.move.code),
            t(hint.reason(names), lang),
            "-# " + t("discord.hint.count", lang, count=hint.count),
        ]
    )


def hint_line(game: GameInfo, taken: Mapping[str, int], lang: str) -> str | None:
    """ "Hints taken: Ann 2, Bob 1" for the seats that took any (``None``: nobody)."""
    counts = [
        f"{seat_name(game, p.user_id, lang)} {taken[p.user_id]}"
        for p in game.seats
        if taken.get(p.user_id)
    ]
    return t("discord.hint.taken", lang, names=", ".join(counts)) if counts else None


def scores_embed(game: GameInfo, sheet: ScoreSheet, lang: str) -> discord.Embed:
    """Per-player breakdown by scoring category, best total first."""
    key = "discord.scores.final" if sheet.final else "discord.scores.running"
    embed = discord.Embed(title=t(key, lang, title=game_title(game, lang)), colour=SCORES_COLOUR)
    totals = sheet.totals()
    for seat in sorted(sheet.rows, key=lambda s: -totals[s])[:25]:
        hidden = sheet.hidden.get(seat, frozenset())
        rows = []
        for category in sheet.categories:
            shown = "?" if category in hidden else str(sheet.rows[seat].get(category, 0))
            rows.append(f"{t(category, lang)}: **{shown}**")
        total = f"{totals[seat]}+?" if sheet.has_hidden(seat) else str(totals[seat])
        embed.add_field(
            name=_clip(
                t("discord.scores.total", lang, player=seat_name(game, seat, lang), total=total),
                256,
            ),
            value=_clip("\n".join(rows) or "—"),
            inline=True,
        )
    return embed


def outcome_lines(game: GameInfo, outcome: Outcome, lang: str) -> list[str]:
    """``1. Alice (12)`` lines, ties sharing a rank, then how the game ended."""
    lines = []
    rank = 1
    for group in outcome.ranking:
        names = ", ".join(f"{mention(s, lang)} ({outcome.scores.get(s, 0)})" for s in group)
        lines.append(t("discord.result.rank", lang, rank=rank, players=names))
        rank += len(group)
    lines.append(t(outcome.termination, lang))
    return lines


def result_embed(
    game: GameInfo,
    outcome: Outcome,
    sheet: ScoreSheet,
    lang: str,
    *,
    hints: Mapping[str, int] | None = None,
) -> discord.Embed:
    """The final message: ranking, winners, the full score breakdown, and the hints each
    seat took (``hints``, when any did)."""
    embed = scores_embed(game, sheet, lang)
    embed.colour = OVER_COLOUR
    winners = ", ".join(seat_name(game, s, lang) for s in outcome.winners)
    embed.title = t("discord.result.title", lang, title=game_title(game, lang), winners=winners)
    lines = outcome_lines(game, outcome, lang)
    taken = hint_line(game, hints or {}, lang)
    if taken is not None:
        lines = [*lines, taken]
    embed.description = _clip("\n".join(lines), MAX_DESCRIPTION)
    return embed


def games_embed(lines: Sequence[GameLine], lang: str) -> discord.Embed:
    """``/campfire games``: each game, its state, whose turn, and a jump link."""
    embed = discord.Embed(title=t("discord.games.title", lang), colour=LOBBY_COLOUR)
    if not lines:
        embed.description = t("discord.games.none", lang)
        return embed
    rows = []
    for line in lines:
        game = line.game
        if game.status == "running":
            state = t("discord.games.turn", lang, players=mentions(game.to_act, lang) or "—")
            deadlines = [
                c.deadline
                for c in game.clocks
                if c.seat in game.to_act and c.deadline is not None and c.away_until is None
            ]
            if deadlines:
                state += f" · ⏰ {stamp(min(deadlines))}"
        elif game.status == "over" and line.places:
            places = ", ".join(
                f"{p.rank}. {seat_name(game, p.seat, lang)} ({p.score})" for p in line.places
            )
            state = t("discord.games.result", lang, places=places)
        else:
            state = t(f"discord.lobby.status.{game.status}", lang)
        link = f" — [{t('discord.games.jump', lang)}]({line.link})" if line.link else ""
        rows.append(f"**{game_title(game, lang)}** · {state}{link}")
    embed.description = _clip("\n".join(rows), MAX_DESCRIPTION)
    return embed


def help_embeds(lang: str, game: GameInfo | None, now: str | None) -> list[discord.Embed]:
    """The commands, what the caller can do now, and this game's help (its rules in short,
    tips, and whatever the game explains in full: L'Aube des Tribus lists every event and
    chief power), one field per part of at most a field's length, over as many embeds
    as Discord's per-embed limits need (the caller sends one message each)."""
    first = discord.Embed(title=t("discord.help.title", lang), colour=LOBBY_COLOUR)
    first.description = t("discord.help.commands", lang)
    if now:
        first.add_field(name=t("discord.help.now", lang), value=_clip(now), inline=False)
    pages = [first]
    if game is None:
        names = "\n".join(f"• {game_name(rid, lang)} (`{rid}`)" for rid in registry.ids())
        first.add_field(name=t("discord.help.games", lang), value=_clip(names or "—"), inline=False)
        return pages
    lines = list(game_help(game.rules, lang))
    if not lines:
        return pages
    title = game_title(game, lang)
    for n, chunk in enumerate(field_chunks(lines)):
        name = _clip(title if n == 0 else f"{title} ({n + 1})", MAX_NAME)
        page = pages[-1]
        if len(page.fields) >= MAX_FIELDS or len(page) + len(name) + len(chunk) > MAX_EMBED:
            page = discord.Embed(title=_clip(title, MAX_NAME), colour=LOBBY_COLOUR)
            pages.append(page)
        page.add_field(name=name, value=chunk, inline=False)
    return pages


def hand_embed(game: GameInfo, sections: Sequence[Section], lang: str) -> discord.Embed:
    """What only the caller may see (the game's private sections, translated), one field
    per section.

    Discord's limits hold whatever the game shows: a section longer than a field goes
    on in a second field of the same name, and once 25 fields or 6000 characters would
    be exceeded the rest is left out, and the footer says how many lines were.
    """
    embed = discord.Embed(
        title=t("discord.hand.title", lang, title=game_title(game, lang)), colour=BOARD_COLOUR
    )
    if not sections:
        embed.description = t("discord.hand.nothing", lang)
        return embed
    left_out = 0
    for section in translate_sections(sections, lang):
        chunks = field_chunks(section.lines)
        for n, chunk in enumerate(chunks):
            name = _clip(section.title if n == 0 else f"{section.title} ({n + 1})", MAX_NAME)
            if (
                len(embed.fields) >= MAX_FIELDS
                or len(embed) + len(name) + len(chunk) > MAX_EMBED - FOOTER_ROOM
            ):
                left_out += sum(1 for c in chunks[n:] for line in c.splitlines())
                break
            embed.add_field(name=name, value=chunk, inline=False)
    if left_out:
        embed.set_footer(text=t("discord.hand.left_out", lang, count=left_out))
    return embed


def field_chunks(lines: Sequence[str], limit: int = MAX_FIELD) -> list[str]:
    """Lines bulleted (when several) and packed into field values of at most ``limit``
    characters, cut between lines; a single line too long for a field is clipped."""
    bullet = "• " if len(lines) > 1 else ""
    chunks: list[str] = []
    current = ""
    for line in lines or ["—"]:
        bulleted = line.startswith(("• ", "- "))  # a game's own list keeps its bullets
        item = _clip(line if bulleted else f"{bullet}{line}" if line else "—", limit)
        if current and len(current) + 1 + len(item) > limit:
            chunks.append(current)
            current = item
        else:
            current = f"{current}\n{item}" if current else item
    chunks.append(current)
    return chunks
