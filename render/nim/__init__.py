"""The Nim picture: a row of stones, the ones taken greyed, the last move's ringed.

Nim (the test game: take 1 to 3 stones in turn; whoever takes the last stone wins) is
drawn on ``render.kit`` alone, to show what a new game's renderer needs: its board,
its panel rows, its legend and a few words. The view is a ``rules.nim.NimView`` (the
standard envelope plus ``stones`` left, ``start`` and ``taken``, {seat: stones taken}),
read typed through ``view_of``; the last move's count comes from its label's ``n``.
The spots of all ``start`` stones are static art, cached per start (drawn at random).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import frame, sprites, style
from render.kit.card import Card, row_pieces
from render.kit.compose import Picture, Static, Turn
from render.kit.frame import Icon, Legend, draw_tag, last_params, last_seat, paint_box
from render.kit.geometry import PANEL_BAR, Box, FrameLayout, SquareGrid
from render.kit.names import seat_name, tr
from render.kit.paint import Canvas
from render.kit.phone import Phone, Target, label_params
from render.kit.text import draw_text, font, text_width
from rules.nim import view_of

STONE, STONE_EDGE, STONE_LIGHT = (128, 122, 112), (62, 58, 52), (196, 190, 180)
GHOST = style.mix(style.PANEL, STONE, 0.22)
CAPTION = 44  # the line above the stones


def stone(side: int, *, taken: bool = False) -> Image.Image:
    """A pebble (or the pale outline left where one was taken)."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c, r = side * k / 2, (side / 2 - 1) * k
        if taken:
            sprites.circle(d, c, c, r, fill=GHOST, outline=style.RULE, width=2 * k)
            return
        sprites.circle(d, c, c, r, fill=STONE, outline=STONE_EDGE, width=max(1, side // 16) * k)
        sprites.circle(d, c - r * 0.3, c - r * 0.3, r * 0.3, fill=STONE_LIGHT)

    return sprites.cached(("nim.stone", side, taken), (side, side), paint)


def counts(view: Mapping[str, Any]) -> tuple[int, int, int]:
    """Stones left, stones at the start, stones the last move took."""
    nim = view_of(view)
    left = max(0, nim.get("stones") or 0)
    taken = sum((nim.get("taken") or {}).values())
    start = max(nim.get("start") or 0, left + taken, 1)
    last = last_params(view).get("n")
    return left, start, min(last if isinstance(last, int) else 0, start - left)


def grid(board: Box, start: int) -> SquareGrid:
    area = Box(board.x + 16, board.y + CAPTION, board.w - 32, board.h - CAPTION - 12)
    return SquareGrid.fit(area, start, gap=12, largest=64)


def paint_board(image: Image.Image, board: Box, static: Static) -> None:
    paint_box(image, board)
    start = static.art if isinstance(static.art, int) else 1
    for cell in grid(board, start).cells():
        sprites.paste_at(image, stone(cell.w, taken=True), (cell.x, cell.y))


def draw_board(canvas: Canvas, board: Box, turn: Turn) -> None:
    left, start, last = counts(turn.view)
    caption = tr("render.nim.left", turn.lang, count=left, start=start)
    face = font(20, bold=True)
    canvas.text((board.x + 16, board.y + 12), caption, face, style.INK, ground=style.PANEL)
    cells = grid(board, start)
    for i in range(left):
        cell = cells.at(i)
        canvas.sprite(stone(cell.w), (cell.x, cell.y), centre=False, ground=style.PANEL)
    for i in range(left, left + last):
        cell = cells.at(i)
        canvas.sprite(sprites.highlight_ring(cell.w // 2 + 4), cell.centre)


def paint_panel(image: Image.Image, box: Box, index: int, static: Static) -> None:
    label = tr("render.nim.taken", static.lang)
    draw_text(image, (box.x + 12, box.y + PANEL_BAR + 8), label, font(12, bold=True), style.INK)


def draw_panel(canvas: Canvas, box: Box, seat: str, turn: Turn) -> None:
    """Stones the seat took, and ``+n`` on a highlight when it made the last move."""
    taken = (view_of(turn.view).get("taken") or {}).get(seat, 0)
    y = box.y + PANEL_BAR + 26
    canvas.sprite(stone(32), (box.x + 12, y), centre=False, ground=style.PANEL)
    text, big = f"× {taken}", font(26, bold=True)
    canvas.text((box.x + 52, y + 16), text, big, style.INK, anchor="lm", ground=style.PANEL)
    last = counts(turn.view)[2]
    if last and last_seat(turn.view) == seat:
        draw_tag(canvas, box.x + 64 + text_width(text, big), y + 16, f"+{last}", from_left=True)


def paint_legend(image: Image.Image, footer: Box, static: Static) -> None:
    legend = Legend(image, footer, tr("render.kit.legend", static.lang))
    ring = sprites.highlight_ring(13)
    rows: tuple[tuple[str, list[Icon]], ...] = (
        ("stone", [Icon(stone(22), (0, -2))]),
        ("ghost", [Icon(stone(22, taken=True), (0, -2))]),
        ("last", [Icon(stone(22, taken=True), (0, -2)), Icon(ring, (11, 9), centred=True)]),
        ("rule", []),
    )
    for key, icons in rows:
        legend.row(tr(f"render.nim.legend.{key}", static.lang), icons, text_x=40, text_y=3)


NIM = Picture(
    name="nim",
    title="render.nim.title",
    board_height=220,
    panel_height=104,
    footer_height=140,
    paint_board=paint_board,
    draw_board=draw_board,
    paint_panel=paint_panel,
    draw_panel=draw_panel,
    paint_footer=paint_legend,
    score=lambda turn, seat: "",
    ending=lambda turn: [  # the last stone's taker wins
        tr("render.nim.ended", turn.lang, name=seat_name(str(last_seat(turn.view)), turn.names))
    ],
    art=lambda view: counts(view)[1],
    colours=(STONE, STONE_EDGE, STONE_LIGHT, GHOST),
    samples=lambda: [
        sprites.sheet([stone(s, taken=t) for s in (26, 40, 64) for t in (False, True)], style.PANEL)
    ],
)


def draw(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """The Nim table of a public ``view`` as PNG bytes."""
    return NIM.draw(view, lang=lang, names=names)


def heap_focus(view: Mapping[str, Any], layout: FrameLayout) -> list[Box]:
    """The card's close-up: the whole heap in pieces (its caption: how many are left)."""
    start = counts(view)[1]
    cells = grid(layout.board, start)
    return row_pieces([cells.at(i) for i in range(start)], len(frame.seats_of(view)), 6)


def left_words(view: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    return tr("render.nim.left", lang, count=counts(view)[0], start=counts(view)[1])


CARD = Card(name="nim", picture=lambda seats: NIM, focus=heap_focus, caption=left_words)


def draw_card(
    view: Mapping[str, Any], *, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Nim's turn card of a public ``view`` as PNG bytes."""
    return CARD.draw(view, lang=lang, names=names)


def stone_targets(
    view: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    layout: FrameLayout,
    seat: str,
    lang: str,
) -> list[Target]:
    """The stones each ``take`` move would take (the last ones of the row), labelled
    with how many: taking 2 takes the stone marked 2 and the one after it."""
    left, start, _ = counts(view)
    cells = grid(layout.board, start)
    out = []
    for move in moves:
        n = label_params(move).get("n")
        if not isinstance(n, int) or not 1 <= n <= left:
            continue
        out.append(Target(cells.at(left - n), str(n)))
    return out


PHONE = Phone(card=CARD, targets=stone_targets)
