"""Hot-seat play in a terminal (``campfire console``) through the same GameService as the bot.

After each move it writes the board PNG and prints its path, whose turn it is and the
numbered legal moves. A line is a number from that list, a move code, forgiving text
(English or French labels), or a command: ``help``, ``moves``, ``board``, ``scores``,
``hand`` (the private view of the seat to act), ``hint`` (the move the ``greedy`` AI
would make for the seat to act, and why), ``history``, ``quit``, and ``look`` (or
``board --text``): the board in words, the long form of its text twin (``render.twin``).

The start names the seats played at this keyboard and those the AI plays; the prompt's
move number is the one the picture and ``look`` show (the moves played so far); the end
names the winners and why the game ended, once, above the final places. An AI seat's id
carries its level (``p2-greedy``), so a stored game knows its AI seats again when
``campfire console --resume`` continues it (``bot.frontends.cli``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ai
from bot.service import GameInfo, GameService, MoveApplied, Player, PlayResult, ServiceError
from bot.service.present import (
    game_help,
    game_name,
    nothing_hidden,
    options_line,
    translate_sections,
)
from rules.base import CampfireError, Move, Outcome, ScoreSheet, Text
from rules.i18n import move_parts, translate, with_names

log = logging.getLogger("campfire.console")

CONSOLE_CHANNEL = "console"
"""The channel id of every game the console opens (``--resume`` looks there)."""

Reader = Callable[[str], str | None]
"""Reads one line after showing a prompt; ``None`` at end of input."""
Writer = Callable[[str], None]

COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "aide", "?", "h"),
    "moves": ("moves", "coups", "list", "liste"),
    "board": ("board", "plateau"),
    "scores": ("scores", "score", "points"),
    "hand": ("hand", "main", "me", "moi"),
    "hint": ("hint", "indice", "conseil"),
    "history": ("history", "historique", "log"),
    "look": ("look", "regarder", "board --text", "plateau --texte", "plateau --text"),
    "quit": ("quit", "exit", "q", "quitter", "sortir"),
}


_AI_SEAT = re.compile(r"p(\d+)-([a-z]+)")


def console_seats(count: int, lang: str, levels: Mapping[int, str]) -> list[Player]:
    """``count`` seats named ``Player 1..N``: ids ``p1..pN`` for the people at the
    keyboard, ``pN-<level>`` for the seats the AI plays (``levels``: seat number ->
    level), so that the stored game says which seats are the AI's."""
    return [
        Player(
            f"p{n}-{levels[n]}" if n in levels else f"p{n}",
            translate("console.player", lang, n=n),
        )
        for n in range(1, count + 1)
    ]


def ai_seats_of(info: GameInfo) -> dict[str, str]:
    """Seat id -> AI level of the seats ``console_seats`` gave to the AI."""
    found = {}
    for player in info.seats:
        match = _AI_SEAT.fullmatch(player.user_id)
        if match and match.group(2) in ai.LEVELS:
            found[player.user_id] = match.group(2)
    return found


def name_list(names: Sequence[str], lang: str) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy`` (``et`` in French)."""
    if len(names) < 2:
        return "".join(names)
    return translate("console.and", lang, first=", ".join(names[:-1]), last=names[-1])


def console_players(
    count: int, lang: str, *, prefix: str = "p", kind: str = "player"
) -> list[Player]:
    """``count`` local seats: ids ``p1..pN`` and localised names (``Player 1``...)."""
    return [
        Player(f"{prefix}{n}", translate(f"console.{kind}", lang, n=n)) for n in range(1, count + 1)
    ]


async def open_table(
    service: GameService,
    rules: str,
    players: Sequence[Player],
    *,
    options: Mapping[str, Any] | None = None,
    channel_id: str = CONSOLE_CHANNEL,
) -> GameInfo:
    """Create a lobby for ``players[0]``, seat the others, start it (seeded seat order)."""
    lobby = await service.create_lobby(
        rules=rules,
        options=dict(options or {}),
        guild_id=None,
        channel_id=channel_id,
        creator=players[0],
        max_seats=None,
    )
    for player in players[1:]:
        await service.join(lobby.id, player)
    started = await service.start(lobby.id, players[0].user_id)
    return started.game


async def resumable_game(service: GameService, game_id: int | None = None) -> GameInfo | None:
    """The console game ``--resume`` continues: ``game_id`` if it is an unfinished
    console game, else (``None``) the one played last; ``None`` when there is none."""
    games = [
        g
        for g in await service.games_in_channel(CONSOLE_CHANNEL, active_only=True)
        if g.status == "running" and (game_id is None or g.id == game_id)
    ]
    if not games:
        return None
    return max(games, key=lambda g: (g.updated_at or g.created_at, g.id))


def parse_number(text: str) -> int | None:
    """The choice number typed (``"3"`` -> 3), or ``None`` if the text is not a number."""
    stripped = text.strip()
    return int(stripped) if stripped.isdigit() else None


def error_text(error: CampfireError, lang: str) -> str:
    """The localised sentence of a keyed error."""
    return translate(Text(error.key, error.params), lang)


def move_lines(
    moves: Sequence[Move], lang: str, names: Mapping[str, str] | None = None
) -> list[str]:
    """``  1. Take 2 stones  [take2]`` for each legal move, seats by their ``names``."""
    width = len(str(len(moves)))
    shown = names or {}
    return [
        f"  {n:>{width}}. {translate(with_names(m.label, shown), lang)}  [{m.code}]"
        for n, m in enumerate(moves, 1)
    ]


def score_lines(sheet: ScoreSheet, names: Mapping[str, str], lang: str) -> list[str]:
    """One line per seat: name, total, then the non-zero categories."""
    lines = []
    for seat, row in sheet.rows.items():
        parts = [f"{translate(c, lang)} {row[c]}" for c in sheet.categories if row.get(c)]
        if sheet.has_hidden(seat):
            parts.append(translate("console.hidden", lang, count=len(sheet.hidden[seat])))
        detail = f"  ({', '.join(parts)})" if parts else ""
        total = translate(
            "console.score_line", lang, name=names.get(seat, seat), score=sheet.total(seat)
        )
        lines.append(f"  {total}{detail}")
    return lines


def standing_lines(outcome: Outcome, names: Mapping[str, str], lang: str) -> list[str]:
    """``1. Alice: 12`` per seat, ties sharing a rank, then the termination reason."""
    lines = [translate(outcome.termination, lang)]
    rank = 1
    for group in outcome.ranking:
        for seat in group:
            lines.append(
                "  "
                + translate(
                    "console.standing",
                    lang,
                    rank=rank,
                    name=names.get(seat, seat),
                    score=outcome.scores.get(seat, 0),
                )
            )
        rank += len(group)
    return lines


def final_lines(
    outcome: Outcome, sheet: ScoreSheet, names: Mapping[str, str], lang: str
) -> list[str]:
    """The end, said once: who won (or shared the win) and why the game ended, then one
    line per seat in its final place with its total and the categories that made it."""
    winners = [names.get(s, s) for s in outcome.winners]
    key = "console.won" if len(winners) == 1 else "console.won_shared"
    lines = [
        translate(key, lang, names=name_list(winners, lang))
        + " "
        + translate(outcome.termination, lang)
    ]
    rank = 1
    for group in outcome.ranking:
        for seat in group:
            row = sheet.rows.get(seat, {})
            parts = [f"{translate(c, lang)} {row[c]}" for c in sheet.categories if row.get(c)]
            detail = f"  ({', '.join(parts)})" if parts else ""
            place = translate(
                "console.standing",
                lang,
                rank=rank,
                name=names.get(seat, seat),
                score=outcome.scores.get(seat, 0),
            )
            lines.append(f"  {place}{detail}")
        rank += len(group)
    return lines


def hint_counts(taken: Mapping[str, int], info: GameInfo, lang: str) -> str:
    """The hints each seat took, in seat order ("Player 1: 2, Player 3: 1")."""
    return ", ".join(
        f"{info.name_of(p.user_id, lang)}: {taken[p.user_id]}"
        for p in info.seats
        if taken.get(p.user_id)
    )


@dataclass
class ConsoleSession:
    """One terminal table: reads lines, calls the service, prints what happened."""

    service: GameService
    game_id: int
    lang: str
    out_dir: Path
    read: Reader
    write: Writer
    drawing: bool = True
    ai_seats: Mapping[str, str] = field(default_factory=dict)
    """Seat id -> AI level: those seats play by themselves (``Robots.turns``)."""
    budget: tuple[float | None, int | None] = (None, None)
    """``strong``'s budget: milliseconds or simulated moves (``None``: the default)."""
    layout: str = "full"
    """``full``: the whole board, the legal targets of the seat to act marked; ``card``:
    that seat's private view laid out for a phone (the turn card once nobody at the
    keyboard is to act)."""
    resume: str | None = None
    """The command that continues this game after ``quit`` (``None``: it cannot be
    continued, and ``quit`` says so)."""

    async def run(self, *, resumed: bool = False) -> int:
        """Play until the game ends or the user quits; returns the process exit code.
        ``resumed``: the game was stored by an earlier run and goes on."""
        info = await self.service.game(self.game_id)
        name = game_name(info.rules, self.lang)
        if resumed:
            self.say("console.resumed", game=self.game_id, name=name, number=info.version)
        else:
            self.say("console.welcome", game=self.game_id, name=name)
        self.show_seats(info)
        self.say("console.help")
        await self.show_board()
        shown: tuple[int, str] | None = None
        while True:
            info = await self.service.game(self.game_id)
            if info.status != "running":
                await self.show_end(info)
                return 0
            seat = info.to_act[0]
            if seat in self.ai_seats:
                await self.play_ai(info, seat)
                continue
            moves = await self.service.legal_moves(self.game_id, seat)
            if shown != (info.version, seat):  # list the choices once per decision
                self.show_turn(info, seat, moves)
                shown = (info.version, seat)
            line = self.read(f"{info.name_of(seat, self.lang)}> ")
            if line is None:
                self.write("")
                return self.quit()
            text = line.strip()
            typed = " ".join(text.lower().split())
            command = next((c for c, words in COMMANDS.items() if typed in words), None)
            if command == "quit":
                return self.quit()
            if command is not None:
                await self.command(command, info, seat, moves)
                continue
            if not text:
                continue
            await self.play(info, seat, moves, text)

    async def play_ai(self, info: GameInfo, seat: str) -> None:
        """The AI seats to act play (each seeing only its own view), one decision at a
        time while the first seat to act is theirs, shown like a person's."""
        try:
            async for result in self.service.robots.turns(
                info, levels=self.ai_seats, lead_only=True, budget=self.budget, purpose=""
            ):
                await self.show_played(info, result)
        except CampfireError as error:
            self.write(error_text(error, self.lang))

    async def play(self, info: GameInfo, seat: str, moves: Sequence[Move], text: str) -> None:
        number = parse_number(text)
        if number is not None:
            if not 1 <= number <= len(moves):
                self.say("console.bad_number", n=number, max=len(moves))
                return
            text = moves[number - 1].code
        try:
            result = await self.service.play(
                self.game_id, seat, text, expected_version=info.version
            )
        except CampfireError as error:
            self.write(error_text(error, self.lang))
            return
        await self.show_played(info, result)

    async def show_played(self, info: GameInfo, result: PlayResult) -> None:
        """The decisions of one change, then the board."""
        for event in result.events:
            if isinstance(event, MoveApplied):  # a shared screen: the table's words
                parts = move_parts(event.table_label, event.notes, self.lang, info.names(self.lang))
                self.write("\n".join(f"    {p}" if n else p for n, p in enumerate(parts)))
        await self.show_board()

    async def command(self, command: str, info: GameInfo, seat: str, moves: Sequence[Move]) -> None:
        if command == "help":
            self.say("console.help")
            self.write("\n".join(game_help(info.rules, self.lang)))
        elif command == "moves":
            self.write("\n".join(move_lines(moves, self.lang, info.names(self.lang))))
        elif command == "board":
            await self.show_board()
        elif command == "look":
            words = await self.service.boards.words(self.game_id, self.lang, form="long")
            if not words:
                self.say("console.no_text")
            self.write("\n\n".join(words))
        elif command == "scores":
            sheet = await self.service.scores(self.game_id)
            self.say("console.scores_title")
            self.write("\n".join(score_lines(sheet, info.names(self.lang), self.lang)))
        elif command == "hand":
            self.say("console.hand_title", name=info.name_of(seat, self.lang))
            self.write("\n".join(await self.hand_lines(seat)))
            mine = await self.service.scores(self.game_id, seat)
            self.write("\n".join(score_lines(mine, info.names(self.lang), self.lang)))
        elif command == "hint":
            await self.show_hint(seat)
        elif command == "history":
            entries = await self.service.history(self.game_id)
            names = info.names(self.lang)
            if not entries:
                self.say("console.history_empty")
            for n, entry in enumerate(entries, 1):
                parts = move_parts(entry.public_label, entry.notes, self.lang, names)
                self.write(f"  {n}. {' · '.join(parts)}")

    async def show_hint(self, seat: str) -> None:
        """The move ``greedy`` would make for ``seat`` (from its own view) and why."""
        try:
            hint = await self.service.hints.hint(self.game_id, seat)
        except CampfireError as error:
            self.write(error_text(error, self.lang))
            return
        move = translate(hint.move.label, self.lang)
        self.say("console.hint", move=move, code=hint.move.code)
        info = await self.service.game(self.game_id)
        self.write("  " + translate(hint.reason(info.names(self.lang)), self.lang))

    async def hand_lines(self, seat: str) -> list[str]:
        """What only ``seat`` may see (the game's private sections), indented."""
        sections = await self.service.private_sections(self.game_id, seat)
        if not sections:
            return ["  " + nothing_hidden(self.lang)]
        lines = []
        for section in translate_sections(sections, self.lang):
            lines.append(f"  {section.title}")
            lines.extend(f"    - {line}" for line in section.lines)
        return lines

    def show_seats(self, info: GameInfo) -> None:
        """Which seats are played at this keyboard, and which by the AI (with its level)."""
        people = [
            info.name_of(p.user_id, self.lang) for p in info.seats if p.user_id not in self.ai_seats
        ]
        robots = [
            translate(
                "console.ai_seat",
                self.lang,
                name=info.name_of(p.user_id, self.lang),
                level=f"@service.ai.level.{self.ai_seats[p.user_id]}",
            )
            for p in info.seats
            if p.user_id in self.ai_seats
        ]
        self.say("console.seats", count=len(people), names=name_list(people, self.lang))
        if robots:
            self.say("console.ai_seats", count=len(robots), names=name_list(robots, self.lang))
        self.say("console.options", options=options_line(info.rules, info.options, self.lang))

    def show_turn(self, info: GameInfo, seat: str, moves: Sequence[Move]) -> None:
        """The move number as the picture and ``look`` say it (moves played so far), who
        decides, and the numbered choices."""
        self.write("")
        self.say("console.turn", number=info.version, name=info.name_of(seat, self.lang))
        others = [info.name_of(s, self.lang) for s in info.to_act if s != seat]
        if others:
            self.say("console.also_waiting", names=", ".join(others))
        self.write("\n".join(move_lines(moves, self.lang, info.names(self.lang))))

    async def show_board(self) -> None:
        info = await self.service.game(self.game_id)
        if not self.drawing or not self.service.boards.has_picture(info.rules):
            return
        boards = self.service.boards
        seat = next((s for s in info.to_act if s not in self.ai_seats), None)
        try:
            if seat is not None and info.status == "running":
                # the seat to decide at this keyboard: its private board, targets marked
                layout = "phone" if self.layout == "card" else "full"
                picture = await boards.draw_private(self.game_id, seat, self.lang, layout=layout)
                png = picture.png
            elif self.layout == "card":
                png = await boards.render_card(self.game_id, self.lang)
            else:
                png = await boards.render(self.game_id, self.lang)
        except ServiceError as error:  # logged by the service; play on without pictures
            self.write(error_text(error, self.lang))
            self.drawing = False
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"game{self.game_id}-move{info.version:04d}.png"
        path.write_bytes(png)
        self.say("console.board", path=str(path))

    async def show_end(self, info: GameInfo) -> None:
        """Who won and why, once, then the final places (``final_lines``)."""
        self.write("")
        outcome = await self.service.outcome(self.game_id)
        if outcome is None:  # stopped without a result
            self.say("console.over")
        else:
            sheet = await self.service.scores(self.game_id)
            self.write("\n".join(final_lines(outcome, sheet, info.names(self.lang), self.lang)))
        taken = await self.service.hints.counts(self.game_id)
        if taken:
            self.say("console.hints_taken", names=hint_counts(taken, info, self.lang))

    def quit(self) -> int:
        """Stop; the game stays stored, and the line says how to continue it (when it can)."""
        if self.resume is None:
            self.say("console.left", game=self.game_id)
        else:
            self.say("console.kept", game=self.game_id, command=self.resume)
        return 0

    def say(self, key: str, **params: Any) -> None:
        self.write(translate(key, self.lang, **params))
