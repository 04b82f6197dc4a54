"""Draw the README pictures: a turn message as Discord shows it, from the payload Campfire sends.

Discord cannot be reached from here (no network, no token), so nothing is faked as a
screenshot: a seeded Origin Junior game is played through the real Discord layer with
the test harness (``tests/bot/discord``: real ``Interaction`` objects, a recording fake
of Discord's HTTP side), and the message the bot posts for one turn -- the mention, the
embed with the turn card (PNG attachment) and the buttons -- is drawn with Pillow as a
dark-theme chat mock-up, captioned as such; Discord's markdown is drawn as Discord shows
it (``**bold**`` bold, a ``-#`` line as small muted subtext, mentions as pills).

Regenerate from the repository root::

    .venv/bin/python -m scripts.render_turn_message --out docs/img

(``python -m scripts.docs_pictures`` makes it with every other picture of the docs.)
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from campfire_testing.harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    Call,
    Harness,
    harness_on,
    walk_components,
)

log = logging.getLogger("campfire.scripts.render_turn_message")

FONTS = Path(__file__).resolve().parent.parent / "render" / "fonts"
CAPTION = "Drawn from the payload Campfire sends (offline mock-up, not a Discord screenshot)"
SIZE_LIMIT = 600 * 1024
PLAYERS = (ALICE, BOB, CAROL)

# Discord's dark theme.
BACKGROUND = (49, 51, 56)
HEADER_LINE = (31, 32, 35)
EMBED_BACKGROUND = (43, 45, 49)
TEXT = (219, 222, 225)
STRONG = (242, 243, 245)
MUTED = (148, 155, 164)
FOOTER = (181, 186, 193)
BLURPLE = (88, 101, 242)
MENTION_TEXT = (201, 205, 251)
MENTION_BACKGROUND = (61, 66, 112)  # blurple at 30 % over the background
PINGED_BACKGROUND = (68, 63, 55)  # gold at 8 % over the background
PINGED_BAR = (240, 178, 50)
BUTTON_COLOURS = {1: BLURPLE, 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60), 5: (78, 80, 88)}

WIDTH = 700
CONTENT_X = 72
EMBED_INNER = 520  # the board is shown about this wide, as Discord does

SUBTEXT = "-# "
_INLINE = re.compile(r"\*\*(.+?)\*\*|<@!?(\d+)>")
_TOKENS = re.compile(r"\s+|\S+")


@dataclass(frozen=True)
class Button:
    """One button of a message's action rows."""

    label: str
    style: int
    disabled: bool


@dataclass(frozen=True)
class SentMessage:
    """What one recorded request asked Discord to post."""

    content: str
    embeds: tuple[dict[str, Any], ...]
    rows: tuple[tuple[Button, ...], ...]
    files: tuple[tuple[str, bytes], ...]
    pinged: tuple[int, ...]

    @classmethod
    def from_call(cls, call: Call) -> SentMessage:
        body = call.data
        rows = tuple(
            tuple(
                Button(str(c.get("label") or ""), int(c.get("style") or 2), bool(c.get("disabled")))
                for c in walk_components(row.get("components") or [])
                if c.get("type") == 2
            )
            for row in body.get("components") or []
        )
        allowed = (call.json or {}).get("allowed_mentions") or {}
        return cls(
            content=call.content,
            embeds=tuple(call.embeds),
            rows=tuple(r for r in rows if r),
            files=tuple(call.files),
            pinged=tuple(int(u) for u in allowed.get("users") or []),
        )

    def attachment(self, url: str) -> bytes | None:
        name = url.removeprefix("attachment://")
        return next((data for filename, data in self.files if filename == name), None)


@dataclass(frozen=True)
class RecordedTurn:
    """The messages of one turn and what the mock-up needs around them."""

    messages: tuple[SentMessage, ...]
    names: Mapping[int, str]
    viewer: int | None
    channel: str
    thread: str
    timestamp: str


# --------------------------------------------------------------------------- recording


async def record_turn(db_path: Path, *, moves: int = 6) -> RecordedTurn:
    """Play a seeded Origin Junior game through the Discord layer for at least ``moves``
    moves (then on until a move hands the turn to someone else) and return the turn
    message the bot sent after the last one (its picture, its mention, its buttons)."""
    async with harness_on(db_path, seed_prefix="oj", drawer=None) as bot:
        return await _play(bot, moves)


async def _play(bot: Harness, moves: int) -> RecordedTurn:
    users = {u.key: u for u in PLAYERS}
    await bot.command(ALICE, "new", rules="origin-junior")
    lobby = bot.find(CHANNEL_ID, "cf:lobby:")
    for user in (BOB, CAROL):
        await bot.press(user, bot.message(lobby["id"]), "cf:lobby:join:1")
    await bot.press(ALICE, bot.message(lobby["id"]), "cf:lobby:start:1")
    thread = int((await bot.service.game(1)).thread_id or 0)
    for played in range(moves + 20):
        game = await bot.service.game(1)
        user = users[game.to_act[0]]
        choices = await bot.autocomplete(user, "move", "move", channel=thread, move="")
        calls = await bot.command(user, "move", channel=thread, move=choices[0]["value"])
        posted = [c for c in calls if c.path == "/channels/{channel_id}/messages"]
        turn = next(
            (c for c in posted if any(i.startswith("cf:play:") for i in c.custom_ids())), None
        )
        if played + 1 >= moves and turn and turn.files and SentMessage.from_call(turn).pinged:
            messages = (SentMessage.from_call(turn),)
            stamp = datetime.fromisoformat(bot.posted_in(thread)[-1]["timestamp"])
            return RecordedTurn(
                messages=messages,
                names={u.id: u.name for u in PLAYERS},
                viewer=messages[0].pinged[0],
                channel=str(bot.fake.channels[CHANNEL_ID]["name"]),
                thread=str(bot.fake.channels[thread]["name"]),
                timestamp=stamp.strftime("%d/%m/%Y %H:%M"),
            )
    raise RuntimeError("no turn message pinged a player")


# --------------------------------------------------------------------------- drawing


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


@dataclass(frozen=True)
class Run:
    """A piece of inline text: ``plain``, ``bold`` or a ``mention``."""

    text: str
    kind: str


def parse_inline(text: str, names: Mapping[int, str]) -> list[Run]:
    """Split Discord markdown into runs: ``**bold**`` and ``<@id>`` user mentions."""
    runs: list[Run] = []
    position = 0
    for match in _INLINE.finditer(text):
        if match.start() > position:
            runs.append(Run(text[position : match.start()], "plain"))
        if match.group(1) is not None:
            runs.append(Run(match.group(1), "bold"))
        else:
            runs.append(Run("@" + names.get(int(match.group(2)), "unknown-user"), "mention"))
        position = match.end()
    if position < len(text):
        runs.append(Run(text[position:], "plain"))
    return runs


class Canvas:
    """An RGB image with Discord-sized drawing helpers; every length is scaled by ``scale``."""

    def __init__(self, width: int, height: int, scale: float, colour: tuple[int, int, int]):
        self.scale = scale
        self.image = Image.new("RGB", (self.px(width), self.px(height)), colour)
        self.draw = ImageDraw.Draw(self.image)

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        return font(self.px(size), bold)

    def box(self, x: float, y: float, w: float, h: float, fill: Any, radius: float = 0) -> None:
        shape = (self.px(x), self.px(y), self.px(x + w) - 1, self.px(y + h) - 1)
        self.draw.rounded_rectangle(shape, radius=self.px(radius), fill=fill)

    def text(
        self, x: float, y: float, text: str, size: int, fill: Any, bold: bool = False
    ) -> float:
        """Draw ``text`` with its top at ``y``; return its width (unscaled)."""
        face = self.font(size, bold)
        self.draw.text((self.px(x), self.px(y)), text, font=face, fill=fill)
        return face.getlength(text) / self.scale

    def width(self, text: str, size: int, bold: bool = False) -> float:
        return self.font(size, bold).getlength(text) / self.scale

    def paragraph(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: int,
        line: float,
        width: float,
        fill: Any,
        names: Mapping[int, str],
        bold: bool = False,
    ) -> float:
        """Wrap and draw inline markdown within ``width``; return the height used. A line
        that starts with ``-# `` is Discord's subtext: smaller and muted, as it shows it."""
        top = y
        base_size, base_line, base_fill = size, line, fill
        for source_line in text.split("\n"):
            size, line, fill = base_size, base_line, base_fill
            if source_line.startswith(SUBTEXT):
                source_line = source_line.removeprefix(SUBTEXT)
                size, line, fill = round(base_size * 0.8), base_line * 0.8, MUTED
            cursor = 0.0
            for run in parse_inline(source_line, names):
                strong = bold or run.kind != "plain"
                tokens = [run.text] if run.kind == "mention" else _TOKENS.findall(run.text)
                for token in tokens:
                    span = self.width(token, size, strong)
                    if cursor and cursor + span > width and not token.isspace():
                        cursor, y = 0.0, y + line
                    if cursor == 0 and token.isspace():
                        continue
                    if run.kind == "mention":
                        self.box(x + cursor - 1, y, span + 4, line, MENTION_BACKGROUND, 3)
                        self.text(x + cursor + 1, y + 1, token, size, MENTION_TEXT, True)
                        span += 4
                    else:
                        colour = STRONG if run.kind == "bold" and fill != MUTED else fill
                        self.text(x + cursor, y + 1, token, size, colour, strong)
                    cursor += span
            y += line
        return y - top


def avatar(diameter: int) -> Image.Image:
    """The bot's round avatar: a small campfire (drawn 4x and scaled down, antialiased)."""
    big = diameter * 4
    art = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(art)
    pen.ellipse((0, 0, big - 1, big - 1), fill=(92, 46, 26))

    def at(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(px * big, py * big) for px, py in points]

    for start, end in (((0.26, 0.86), (0.74, 0.74)), ((0.26, 0.74), (0.74, 0.86))):
        pen.line(at((start, end)), fill=(139, 90, 43), width=round(big * 0.08))
    outer = (
        (0.50, 0.12), (0.63, 0.33), (0.71, 0.54), (0.67, 0.72), (0.50, 0.79),
        (0.33, 0.72), (0.29, 0.55), (0.36, 0.40), (0.42, 0.50), (0.44, 0.30),
    )  # fmt: skip
    inner = ((0.51, 0.41), (0.60, 0.60), (0.57, 0.73), (0.50, 0.76), (0.43, 0.73), (0.41, 0.61))
    pen.polygon(at(outer), fill=(245, 124, 31))
    pen.polygon(at(inner), fill=(255, 210, 63))
    return art.resize((diameter, diameter), Image.Resampling.LANCZOS)


def _embed(
    canvas: Canvas,
    message: SentMessage,
    embed: Mapping[str, Any],
    x: float,
    y: float,
    names: Mapping[int, str],
) -> float:
    """Draw one rich embed (colour bar, title, description, fields, image, footer);
    return its height."""
    inner_x, inner_w = x + 16, EMBED_INNER
    height = _embed_body(canvas, message, embed, inner_x, y, inner_w, names, measure=True)
    canvas.box(x, y, inner_w + 32, height, EMBED_BACKGROUND, 4)
    colour = int(embed.get("color") or 0x1E1F22)
    canvas.box(x, y, 4, height, ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255), 2)
    _embed_body(canvas, message, embed, inner_x, y, inner_w, names, measure=False)
    return height


def _embed_body(
    canvas: Canvas,
    message: SentMessage,
    embed: Mapping[str, Any],
    x: float,
    y: float,
    width: float,
    names: Mapping[int, str],
    *,
    measure: bool,
) -> float:
    target = Canvas(1, 1, canvas.scale, BACKGROUND) if measure else canvas

    def write(at_x: float, at_y: float, text: str, span: float, fill: Any, **style: Any) -> float:
        size, line = style.pop("size", 14), style.pop("line", 19)
        return target.paragraph(
            at_x, at_y, text, size=size, line=line, width=span, fill=fill, names=names, **style
        )

    top, y = y, y + 12
    if embed.get("title"):
        y += write(x, y, str(embed["title"]), width, STRONG, size=15, line=20, bold=True) + 4
    if embed.get("description"):
        y += write(x, y, str(embed["description"]), width, TEXT)
    for row in field_rows(embed.get("fields") or []):
        column = (width - 8 * (len(row) - 1)) / len(row)
        heights = []
        for n, field in enumerate(row):
            left = x + n * (column + 8)
            name = write(left, y + 8, f"**{field.get('name', '')}**", column, STRONG)
            heights.append(
                name + write(left, y + 8 + name, str(field.get("value", "")), column, TEXT)
            )
        y += 8 + max(heights)
    image = (embed.get("image") or {}).get("url")
    data = message.attachment(str(image)) if image else None
    if data is not None:
        y += 16
        picture = Image.open(io.BytesIO(data)).convert("RGB")
        w = target.px(width)
        h = round(picture.height * w / picture.width)
        if not measure:
            shown = picture.resize((w, h), Image.Resampling.LANCZOS)
            mask = Image.new("L", (w, h), 0)
            ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), target.px(4), fill=255)
            target.image.paste(shown, (target.px(x), target.px(y)), mask)
        y += h / target.scale
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        y += 8
        target.text(x, y + 2, str(footer), 11, FOOTER)
        y += 16
    return y + 16 - top


def field_rows(fields: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """Discord's field grid: up to three consecutive inline fields share a row."""
    rows: list[list[Mapping[str, Any]]] = []
    for field in fields:
        if field.get("inline") and rows and rows[-1][-1].get("inline") and len(rows[-1]) < 3:
            rows[-1].append(field)
        else:
            rows.append([field])
    return rows


def _buttons(canvas: Canvas, rows: Sequence[Sequence[Button]], x: float, y: float) -> float:
    """Draw the action rows; return their height."""
    top = y
    for row in rows:
        cursor = x
        for button in row:
            w = canvas.width(button.label, 14) + 32
            colour = BUTTON_COLOURS.get(button.style, BUTTON_COLOURS[2])
            if button.disabled:  # Discord fades a disabled button to half opacity
                colour = _blend(colour, BACKGROUND)
            canvas.box(cursor, y, w, 32, colour, 8)
            canvas.text(cursor + 16, y + 7, button.label, 14, (255, 255, 255))
            cursor += w + 8
        y += 40
    return y - top


def _blend(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2, (a[2] + b[2]) // 2)


def _message(
    message: SentMessage, turn: RecordedTurn, scale: float, *, header: bool
) -> Image.Image:
    """One message as its own strip (header or grouped), highlighted if it pings the viewer."""
    pinged = turn.viewer is not None and turn.viewer in message.pinged
    # Discord tints a message that mentions you, with a gold bar on its left.
    canvas = Canvas(WIDTH, 2400, scale, PINGED_BACKGROUND if pinged else BACKGROUND)
    y = 4.0
    if header:
        face = avatar(canvas.px(40))
        canvas.image.paste(face, (canvas.px(16), canvas.px(4)), face)
        x = CONTENT_X + canvas.text(CONTENT_X, 2, "Campfire", 16, STRONG, bold=True) + 6
        tag = canvas.width("BOT", 10, bold=True) + 8
        canvas.box(x, 5, tag, 16, BLURPLE, 3)
        canvas.text(x + 4, 7, "BOT", 10, (255, 255, 255), bold=True)
        canvas.text(x + tag + 8, 5, turn.timestamp, 12, MUTED)
        y = 26.0
    if message.content:
        y += canvas.paragraph(
            CONTENT_X,
            y,
            message.content,
            size=15,
            line=22,
            width=WIDTH - CONTENT_X - 40,
            fill=TEXT,
            names=turn.names,
        )
    for embed in message.embeds:
        y += 4
        y += _embed(canvas, message, embed, CONTENT_X, y, turn.names)
    if message.rows:
        y += 8
        y += _buttons(canvas, message.rows, CONTENT_X, y)
    y += 6
    if pinged:
        canvas.box(0, 0, 2, y, PINGED_BAR)
    return canvas.image.crop((0, 0, canvas.image.width, canvas.px(y)))


def draw_turn_message(turn: RecordedTurn, *, scale: float = 2.0) -> Image.Image:
    """The mock-up: thread header, the turn's messages grouped under one author, caption."""
    header = Canvas(WIDTH, 49, scale, BACKGROUND)
    x = 16 + header.text(16, 12, "#", 20, MUTED, bold=True) + 8
    x += header.text(x, 14, turn.channel, 15, MUTED, bold=True) + 8
    x += header.text(x, 14, "›", 15, MUTED) + 8
    header.text(x, 14, turn.thread, 15, STRONG, bold=True)
    header.box(0, 47, WIDTH, 2, HEADER_LINE)
    strips = [
        _message(message, turn, scale, header=n == 0) for n, message in enumerate(turn.messages)
    ]
    caption = Canvas(WIDTH, 34, scale, BACKGROUND)
    caption.box(16, 4, WIDTH - 32, 1, (63, 65, 71))
    caption.text(16, 12, CAPTION, 11, MUTED)
    gap = round(16 * scale)
    height = header.image.height + gap + sum(s.height for s in strips) + gap + caption.image.height
    picture = Image.new("RGB", (header.image.width, height), BACKGROUND)
    picture.paste(header.image, (0, 0))
    y = header.image.height + gap
    for strip in strips:
        picture.paste(strip, (0, y))
        y += strip.height
    picture.paste(caption.image, (0, y + gap))
    return picture


def encode(picture: Image.Image, limit: int = SIZE_LIMIT) -> bytes:
    """PNG bytes under ``limit``: full colour if it fits, else 256 well-chosen colours."""
    out = io.BytesIO()
    picture.save(out, format="PNG", optimize=True)
    if out.tell() <= limit:
        return out.getvalue()
    out = io.BytesIO()
    reduced = picture.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    reduced.save(out, format="PNG", optimize=True)
    return out.getvalue()


async def write_pictures(out_dir: Path, *, moves: int) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="campfire-readme-") as scratch:
        turn = await record_turn(Path(scratch) / "campfire.sqlite3", moves=moves)
    target = out_dir / "turn-message.png"
    target.write_bytes(encode(draw_turn_message(turn)))
    written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/img"), help="output folder")
    parser.add_argument("--moves", type=int, default=6, help="moves played before the shot")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    log.setLevel(logging.INFO)
    for path in asyncio.run(write_pictures(args.out, moves=args.moves)):
        log.info("wrote %s (%d KB)", path, path.stat().st_size // 1024)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
