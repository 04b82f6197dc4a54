"""The README's turn-message picture is drawn from a payload the bot really sent."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from scripts.render_turn_message import (
    BACKGROUND,
    BLURPLE,
    CAPTION,
    MUTED,
    PINGED_BAR,
    SIZE_LIMIT,
    STRONG,
    TEXT,
    WIDTH,
    Canvas,
    Run,
    draw_turn_message,
    encode,
    field_rows,
    parse_inline,
    record_turn,
)
from tests.bot.discord.test_game_flow import PNG


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    found = image.getcolors(image.width * image.height) or []
    return {colour for _, colour in found}


def test_inline_markdown_gives_bold_runs_and_named_mentions() -> None:
    runs = parse_inline("<@102>: **Alice** played <@!7>", {102: "Bob"})
    assert runs == [
        Run("@Bob", "mention"),
        Run(": ", "plain"),
        Run("Alice", "bold"),
        Run(" played ", "plain"),
        Run("@unknown-user", "mention"),
    ]


async def test_turn_picture_is_drawn_from_the_recorded_board_and_turn_messages(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn = await record_turn(db_path, moves=3)
    (board,) = turn.messages  # one message a turn: picture, mention, buttons
    image_url = board.embeds[0]["image"]["url"]
    assert image_url.endswith("-card.png")  # the turn card (the default: alone)
    assert (board.attachment(image_url) or b"").startswith(PNG)
    assert board.pinged == (turn.viewer,)
    assert f"<@{turn.viewer}>" in board.content
    assert [b.label for b in board.rows[0]] == ["Play", "Hint", "My hand", "Scores", "Full board"]

    picture = draw_turn_message(turn, scale=1.0)
    assert picture.width == WIDTH
    # header + author line + embed with the board about 520 px wide + prompt + buttons
    assert 800 < picture.height < 1600
    found = colours(picture)
    assert len(found) > 1000  # the board picture is in it, not a blank canvas
    colour = int(board.embeds[0]["color"])
    assert ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255) in found  # embed bar
    assert BLURPLE in found  # the primary Play button (and the BOT tag)
    assert PINGED_BAR in found  # the message pings its viewer

    caption = picture.crop((0, picture.height - 24, picture.width, picture.height))
    assert len(colours(caption)) > 2  # the caption text is drawn
    assert "not a Discord screenshot" in CAPTION


async def test_full_size_picture_fits_the_readme_budget(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn = await record_turn(db_path, moves=3)
    data = encode(draw_turn_message(turn))
    assert data.startswith(PNG)
    assert len(data) <= SIZE_LIMIT


def test_inline_fields_share_rows_of_three_like_discord() -> None:
    fields = [{"name": str(n), "value": "v", "inline": n != 4} for n in range(6)]
    rows = field_rows(fields)
    assert [[f["name"] for f in row] for row in rows] == [["0", "1", "2"], ["3"], ["4"], ["5"]]


def test_a_subtext_line_is_drawn_small_and_grey_without_its_marker() -> None:
    """Discord shows ``-# text`` as small muted text (bold in it muted too): the mock-up
    draws exactly that, never the raw ``-#``."""
    line = "Alice: **violet** cards +1"
    marked = Canvas(320, 40, 1.0, BACKGROUND)
    height = marked.paragraph(0, 0, f"-# {line}", size=15, line=20, width=320, fill=TEXT, names={})
    small = Canvas(320, 40, 1.0, BACKGROUND)
    small.paragraph(0, 0, line, size=12, line=16, width=320, fill=MUTED, names={})
    normal = Canvas(320, 40, 1.0, BACKGROUND)
    assert normal.paragraph(0, 0, line, size=15, line=20, width=320, fill=TEXT, names={}) == 20
    assert height == 16
    assert marked.image.tobytes() == small.image.tobytes()
    assert MUTED in colours(marked.image) and not {TEXT, STRONG} & colours(marked.image)
