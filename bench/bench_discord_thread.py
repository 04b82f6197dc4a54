"""What a game thread receives: messages, edits and pictures per seat-turn, every game.

Run: ``.venv/bin/python -m bench discord`` (with the other Discord benchmark) or
``.venv/bin/python -m bench.bench_discord_thread`` (``--entries N`` per game, ``--level``
of the AI seats, ``--pictures`` the server's setting). Every game is played with 2, 3
and 4 seats, first all people, then two people and an AI seat (3 seats), then one person
against AI seats, through the real Discord layer over the recording fake HTTP of
``campfire_testing/harness.py`` (the thread's requests are counted there): the lobby and
the start by command and buttons, then each person's move stored by the service and
announced as a click on Play would announce it; the AI seats play as they do on a
server. Pictures are an 8-pixel stand-in that draws both layouts (full board and turn
card), under the server's ``pictures`` setting (default: the server default, ``card``;
``--pictures both`` for the card and the full board side by side).

A seat-turn is a run of entries by the same seat in the log (a turn of several
decisions is one seat-turn). Counted per seat-turn: the messages posted in the thread
(each a notification for whoever it pings), the edits of a message already there, the
pictures uploaded (posts and edits) and how many of those are full boards (the rest
are turn cards), and the pictures visible (those the thread's messages show once the
game is played: what a reader scrolls through). Per message: the most pictures one
message shows at once (Discord lays two attachments side by side, each half the
width). Target: at most one message per seat-turn and one picture per message. Under
``both``: 4.39 pictures uploaded per seat-turn when edits uploaded both, 2.90 since
edits upload the card alone (``turns.EDIT_LAYOUTS``); figures in
docs/measurements/benchmarks.md. The summary also gives the medians over the games of
each figure per seat-turn.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import statistics
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from bot.discord import publish
from bot.store import GuildSettings
from campfire_testing.harness import ALICE, BOB, CAROL, CHANNEL_ID, GUILD_ID, User, harness_on
from rules import registry

DAVE = User(104, "Dave")
PEOPLE = (ALICE, BOB, CAROL, DAVE)
GAMES = ("nim", "origin-junior", "origin", "sapiens", "orbis", "tribes")
OPTIONS = {"nim": "stones=40"}


def _tiny_png(size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, "white").save(out, format="PNG")
    return out.getvalue()


TINY_FULL, TINY_CARD = _tiny_png((8, 4)), _tiny_png((4, 8))


def draw_tiny(
    rules: str,
    view: Any,
    *,
    lang: str,
    names: Mapping[str, str] | None,
    layout: str = "full",
) -> bytes:
    """The picture stand-in, in both layouts (the pipeline without the drawing)."""
    return TINY_CARD if layout == "card" else TINY_FULL


@dataclass(frozen=True)
class Count:
    """What one game's thread received over ``entries`` log entries."""

    rules: str
    seats: int
    ai: int
    entries: int
    seat_turns: int
    posts: int
    edits: int
    pictures: int
    boards: int
    visible: int
    most: int
    """The most pictures one message of the thread showed at once."""

    def per_turn(self, value: int) -> float:
        return value / max(1, self.seat_turns)


def seat_turns(seats: Sequence[str]) -> int:
    """Runs of the same seat in the log's order of entries."""
    return sum(1 for n, seat in enumerate(seats) if n == 0 or seats[n - 1] != seat)


async def play_one(
    folder: Path,
    rules: str,
    seats: int,
    ai: int,
    entries: int,
    level: str,
    seed: int,
    pictures: str | None = None,
) -> Count:
    """One game, ``seats`` seats of which ``ai`` are AI seats, for ``entries`` entries
    (or to its end), on a server whose ``pictures`` setting is given (default: none
    chosen)."""
    chooser = random.Random(seed)
    path = folder / f"{rules}-{seats}-{ai}.sqlite3"
    async with harness_on(path, seed_prefix=f"thread-{seed}", drawer=draw_tiny) as bot:
        if pictures is not None:
            await bot.service.timing.save_guild_settings(
                str(GUILD_ID), GuildSettings(pictures=pictures)
            )
        people = PEOPLE[: seats - ai]
        options = {"options": OPTIONS[rules]} if rules in OPTIONS else {}
        if ai:
            options |= {"ai": ai, "ai_level": level}
        await bot.command(ALICE, "new", rules=rules, players=seats, **options)
        lobby = bot.find(CHANNEL_ID, "cf:lobby:")
        for user in people[1:]:
            await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
        before = len(bot.fake.calls)
        await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
        game = await bot.service.game(1)
        thread = int(game.thread_id or 0)
        keys = {u.key: u for u in people}
        while game.status == "running" and game.version < entries:
            seat = next((s for s in game.to_act if s in keys), None)
            if seat is None:
                break
            moves = await bot.service.legal_moves(1, seat)
            move = chooser.choice([m for m in moves if m.code != "back"] or moves)
            result = await bot.service.play(1, seat, move.code)
            await publish.publish_result(bot.client, result, "en")
            await bot.settle()
            game = await bot.service.game(1)
        history = await bot.service.history(1)
        calls = [c for c in bot.fake.calls[before:] if c.channel_id == thread]
        shown = [
            sum(1 for a in m.get("attachments", []) if a["filename"].endswith(".png"))
            for m in bot.posted_in(thread)
        ]
    posts = [c for c in calls if c.method == "POST" and c.path.endswith("/messages")]
    edits = [c for c in calls if c.method == "PATCH" and "/messages/" in c.path]
    names = [name for c in posts + edits for name, _ in c.files if name.endswith(".png")]
    boards = sum(1 for name in names if not name.endswith("-card.png"))
    return Count(
        rules,
        seats,
        ai,
        len(history),
        seat_turns([h.seat for h in history]),
        len(posts),
        len(edits),
        len(names),
        boards,
        sum(shown),
        max(shown, default=0),
    )


def tables(seats: int) -> tuple[int, ...]:
    """The AI seats of the tables of ``seats`` seats: none, one (two people and an AI
    seat at three), all but one."""
    return (0, 1, 2) if seats == 3 else (0, seats - 1)


async def run(
    entries: int, level: str, games: Sequence[str], folder: Path, pictures: str | None = None
) -> list[Count]:
    counts = []
    for index, rules in enumerate(games):
        spec = registry.get(rules).spec
        for seats in range(max(2, spec.min_seats), min(4, spec.max_seats) + 1):
            for ai in tables(seats):
                count = await play_one(folder, rules, seats, ai, entries, level, index, pictures)
                counts.append(count)
                print(line(count), flush=True)
    return counts


def header() -> str:
    return (
        f"{'game':14} {'seats':>5} {'AI':>3} {'entries':>7} {'seat-turns':>10} "
        f"{'msgs/turn':>9} {'edits/turn':>10} {'pics/turn':>9} {'boards/turn':>11} "
        f"{'seen/turn':>9} {'per msg':>7}"
    )


def line(count: Count) -> str:
    return (
        f"{count.rules:14} {count.seats:5} {count.ai:3} {count.entries:7} "
        f"{count.seat_turns:10} {count.per_turn(count.posts):9.2f} "
        f"{count.per_turn(count.edits):10.2f} {count.per_turn(count.pictures):9.2f} "
        f"{count.per_turn(count.boards):11.2f} {count.per_turn(count.visible):9.2f} "
        f"{count.most:7}"
    )


def summary(counts: Sequence[Count]) -> str:
    turns = sum(c.seat_turns for c in counts)
    posts = sum(c.posts for c in counts)
    edits = sum(c.edits for c in counts)
    pictures = sum(c.pictures for c in counts)
    boards = sum(c.boards for c in counts)
    visible = sum(c.visible for c in counts)
    worst = max(counts, key=lambda c: c.per_turn(c.posts))
    mixed = [c for c in counts if c.seats == 3 and c.ai == 1]

    def median(value: Callable[[Count], int], among: Sequence[Count] = counts) -> float:
        return statistics.median(c.per_turn(value(c)) for c in among)

    lines = [
        f"all games: {turns} seat-turns, {posts / turns:.2f} messages, {edits / turns:.2f} "
        f"edits and {pictures / turns:.2f} pictures uploaded per seat-turn, "
        f"{boards / turns:.2f} of them full boards; {visible / turns:.2f} pictures visible "
        f"per seat-turn, at most {max(c.most for c in counts)} per message (side by side "
        f"on a phone when 2); most messages per seat-turn: {worst.rules} {worst.seats} "
        f"seats, {worst.ai} AI ({worst.per_turn(worst.posts):.2f})",
        f"medians over the {len(counts)} games: {median(lambda c: c.posts):.2f} messages, "
        f"{median(lambda c: c.edits):.2f} edits, {median(lambda c: c.pictures):.2f} pictures "
        f"uploaded, {median(lambda c: c.boards):.2f} full boards and "
        f"{median(lambda c: c.visible):.2f} pictures visible per seat-turn",
    ]
    if mixed:
        lines.append(
            f"two people and an AI seat ({len(mixed)} games): medians "
            f"{median(lambda c: c.posts, mixed):.2f} messages, "
            f"{median(lambda c: c.pictures, mixed):.2f} pictures uploaded, "
            f"{median(lambda c: c.visible, mixed):.2f} visible per seat-turn, most "
            f"{max(c.most for c in mixed)} per message"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.bench_discord_thread")
    parser.add_argument("--entries", type=int, default=60, help="log entries per game")
    parser.add_argument("--level", default="random", help="level of the AI seats")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument(
        "--pictures", choices=("card", "full", "both"), help="the server's pictures setting"
    )
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    with tempfile.TemporaryDirectory(prefix="campfire-thread-") as scratch:
        print(header(), flush=True)
        counts = asyncio.run(
            run(args.entries, args.level, args.games, Path(scratch), args.pictures)
        )
    print(summary(counts), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
