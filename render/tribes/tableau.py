"""A player's panel under the kit's name bar: resources, tribe, goals in progress and done.

Row A: wood, food and stone held (big counts), members still in the supply, villages
with what the next one costs, the acquired events (Fortifications, Pirogue, Autel, the
tamed mammoth). Row B: goal cards in progress (face up: public), developments in blue
with their cost, achievements in brown. Row C: goals completed, with their points.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.kit import style
from render.kit.compose import Static, Turn
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, font, text_width
from render.tribes import pieces
from render.tribes.layout import (
    CHIP_GAP,
    CHIP_HEIGHT,
    ROW_A,
    ROW_B,
    ROW_B_LABEL,
    ROW_C,
    ROW_C_LABEL,
)
from render.tribes.model import Player, Table
from render.tribes.words import event_name, goal_name, tribe_name

PANEL = style.PANEL
DEVELOPMENT: style.RGB = (70, 120, 190)
ACHIEVEMENT: style.RGB = (150, 100, 60)
TOKEN: style.RGB = (96, 84, 150)


def paint_panel(image: Image.Image, box: Box, index: int, static: Static) -> None:
    """Row captions (static)."""
    lang = static.lang
    label = font(12, bold=True)
    draw_text(
        image,
        (box.x + 12, box.y + ROW_B_LABEL),
        tr("render.tribes.goals_open", lang),
        label,
        style.INK_SOFT,
    )
    draw_text(
        image,
        (box.x + 12, box.y + ROW_C_LABEL),
        tr("render.tribes.goals_done", lang),
        label,
        style.INK_SOFT,
    )


def draw_panel(canvas: Canvas, box: Box, seat: str, turn: Turn, table: Table) -> None:
    player = table.players.get(seat) or Player(seat)
    index = turn.index(seat)
    lang = turn.lang
    y = box.y + ROW_A
    x = box.x + 12
    big = font(22, bold=True)
    held = dict(player.resources)
    for resource in pieces.RESOURCES:
        canvas.sprite(pieces.resource_icon(resource, 28), (x, y), centre=False, ground=PANEL)
        text = str(held.get(resource, 0))
        canvas.text((x + 31, y + 14), text, big, style.INK, anchor="lm", ground=PANEL)
        x += 31 + round(text_width(text, big)) + 14
    x += 6
    canvas.sprite(pieces.member_icon(index, 24), (x, y + 2), centre=False, ground=PANEL)
    text = tr("render.tribes.supply", lang, n=player.supply)
    canvas.text((x + 28, y + 14), text, font(16, bold=True), style.INK, anchor="lm", ground=PANEL)
    x += 28 + round(text_width(text, font(16, bold=True))) + 14
    canvas.sprite(pieces.village_icon(index, 26), (x, y + 1), centre=False, ground=PANEL)
    text = f"{player.villages}"
    canvas.text((x + 30, y + 14), text, big, style.INK, anchor="lm", ground=PANEL)
    x += 30 + round(text_width(text, big)) + 6
    if player.village_cost:
        small = font(12)
        canvas.text(
            (x, y + 14),
            tr("render.tribes.costs", lang),
            small,
            style.INK_SOFT,
            anchor="lm",
            ground=PANEL,
        )
        x += round(text_width(tr("render.tribes.costs", lang), small)) + 4
        for resource, n in player.village_cost:
            if resource in pieces.RESOURCE_FILL:
                canvas.sprite(
                    pieces.resource_icon(resource, 16), (x, y + 6), centre=False, ground=PANEL
                )
                x += 17
            else:
                x += 2
            canvas.text(
                (x, y + 14),
                str(n) if resource in pieces.RESOURCE_FILL else f"+{n}?",
                font(13, bold=True),
                style.INK,
                anchor="lm",
                ground=PANEL,
            )
            x += round(text_width(str(n), font(13, bold=True))) + 6
    tokens = [event_name(t, lang) for t in player.tokens]
    if tokens:
        room = Box(x + 8, y + 4, box.right - 12 - x - 8, CHIP_HEIGHT)
        _chips(canvas, room, [(t, None) for t in tokens], TOKEN)
    if player.tribe:
        name = tribe_name(player.tribe, lang)
        canvas.text(
            (box.right - 12, box.y + ROW_B_LABEL + 6),
            name,
            font(12),
            style.INK_SOFT,
            anchor="rm",
            ground=PANEL,
        )
    open_goals = [(goal_name(g, lang), None, g) for g in player.open_goals]
    room = Box(box.x + 12, box.y + ROW_B, box.w - 24, CHIP_HEIGHT)
    _chips(canvas, room, [(name, None) for name, _, _ in open_goals], None, ids=player.open_goals)
    done = [(goal_name(g, lang), None) for g in player.done_goals]
    room = Box(box.x + 12, box.y + ROW_C, box.w - 24, CHIP_HEIGHT)
    _chips(canvas, room, done, None, ids=player.done_goals)


def _chip_fill(goal: str) -> style.RGB:
    return DEVELOPMENT if goal.startswith("D") else ACHIEVEMENT


def _chips(
    canvas: Canvas,
    room: Box,
    items: Sequence[tuple[str, int | None]],
    fill: style.RGB | None,
    *,
    ids: Sequence[str] = (),
) -> None:
    """Chips flowed left to right on one line; ``+n`` when they overflow."""
    if not items:
        canvas.text((room.x, room.y + 2), "—", font(14), style.INK_SOFT, ground=PANEL)
        return
    face = font(12, bold=True)
    x = room.x
    for i, (text, points) in enumerate(items):
        colour = fill if fill is not None else _chip_fill(ids[i] if i < len(ids) else "")
        sprite = pieces.chip(ellipsise(text, face, 150), points, colour)
        reserve = 0 if i == len(items) - 1 else 34
        if x + sprite.width + reserve > room.right:
            canvas.text(
                (x, room.y + CHIP_HEIGHT / 2),
                f"+{len(items) - i}",
                font(14, bold=True),
                style.INK,
                anchor="lm",
                ground=PANEL,
            )
            return
        canvas.sprite(sprite, (x, room.y), centre=False, ground=PANEL)
        x += sprite.width + CHIP_GAP
