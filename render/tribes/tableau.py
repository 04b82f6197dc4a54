"""A player's panel under the kit's name bar: resources, tribe, goals in progress and done.

The tribe's name follows the player's in the bar (``subtitle``). Row A: wood, food
and stone held (big counts), members still in the supply, villages with what the next
one costs. Row B: the events bought (Fortifications,
Pirogue, Autel) at the right of its caption, then the goal cards in progress (face up:
public): developments in blue with their cost, achievements in brown, each with its
points, edged in yellow when it could be completed now. Row C: goals completed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import Image

from render.kit import style
from render.kit.compose import Static, Turn
from render.kit.frame import draw_tag
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, font, text_width
from render.tribes import advanced, pieces
from render.tribes.layout import (
    CHIP_GAP,
    CHIP_HEIGHT,
    ROW_A,
    ROW_B,
    ROW_B_LABEL,
    ROW_C,
    ROW_C_LABEL,
)
from render.tribes.model import Goal, Player, Table
from render.tribes.strips import Painter, strip
from render.tribes.words import chief_text, event_name, goal_name, score_name, tribe_name
from rules.tribes.view_types import view_of

PANEL = style.PANEL
TOKEN: style.RGB = (96, 84, 150)
CHIEF: style.RGB = (150, 52, 44)  # the chief power's chip (option chiefs)


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
    inner = box.w - 12
    row_a = Box(box.x + 6, box.y + ROW_A - 2, inner, 34)
    if (
        view_of(turn.view).get("over") and player.vp_by
    ):  # the end: where each player's points came from
        total = table.scores.get(seat, sum(n for _, n in player.vp_by))
        key = ("score", player.vp_by, total, lang)
        strip(canvas, row_a, key, lambda p: _score_row(p, box, player.vp_by, total, lang))
    else:
        key_a = (index, player.resources, player.supply, player.villages, player.village_cost)
        strip(canvas, row_a, (*key_a, lang), lambda p: _row_a(p, box, player, index, lang))
    gone = (
        table.step not in ("chiefs", "place", "")
        and not player.on_map
        and seat not in view_of(turn.view).get("out", [])
    )
    if gone and not view_of(turn.view).get(
        "over"
    ):  # every member lost: back at the start of the turn
        tag = tr("render.tribes.off_map", lang)
        draw_tag(canvas, box.right - 12, box.y + ROW_C_LABEL + 5, tag, fill=pieces.REDUCED)
    caption = text_width(tr("render.tribes.goals_open", lang), font(12, bold=True))
    left = tr("render.tribes.deck_left", lang, n=player.deck)
    where = (box.x + 12 + round(caption) + 8, box.y + ROW_B_LABEL)
    canvas.text(where, left, font(12), style.INK_SOFT, ground=PANEL)
    right = box.right - 12
    chief = chief_text(
        player.chief, player.chief_chosen, player.ambush, player.hidden_village, lang
    )
    if chief:  # the chief power, right of the goals' caption
        sprite = pieces.chip(chief, None, CHIEF, height=18)
        right -= sprite.width
        canvas.sprite(sprite, (right, box.y + ROW_B_LABEL - 4), centre=False, ground=PANEL)
        right -= CHIP_GAP
    for token in reversed(player.tokens):  # the events bought, right of the goals' caption
        sprite = pieces.chip(event_name(token, lang), None, TOKEN, height=18)
        right -= sprite.width
        canvas.sprite(sprite, (right, box.y + ROW_B_LABEL - 4), centre=False, ground=PANEL)
        right -= CHIP_GAP
    advanced.draw_panel_elder(canvas, (right, box.y + ROW_B_LABEL - 4), player.elder, index, lang)
    for top, goals in ((ROW_B, player.open_goals), (ROW_C, player.done_goals)):
        room = Box(box.x + 12, box.y + top, box.w - 24, CHIP_HEIGHT)
        band = Box(box.x + 6, box.y + top, inner, CHIP_HEIGHT + 2)
        strip(canvas, band, (goals, lang), partial(_goals, room=room, goals=goals, lang=lang))


def _row_a(canvas: Painter, box: Box, player: Player, index: int, lang: str) -> None:
    """Resources, members in the supply, villages and what the next one costs (the
    tribe's name is in the name bar: ``subtitle``)."""
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
        bold = font(13, bold=True)
        for resource, n in player.village_cost:
            icon = pieces.resource_icon(resource, 16)
            canvas.sprite(icon, (x, y + 6), centre=False, ground=PANEL)
            x += 17
            canvas.text((x, y + 14), str(n), bold, style.INK, anchor="lm", ground=PANEL)
            x += round(text_width(str(n), bold)) + 6


SCORE_FILL: style.RGB = (232, 224, 204)


def _score_row(
    canvas: Painter, box: Box, vp_by: Sequence[tuple[str, int]], total: int, lang: str
) -> None:
    """The final score of a player by category, one chip each (its name, its points in
    the gold disc), then ``= total``."""
    y = box.y + ROW_A + 4
    x = box.x + 12
    big = font(18, bold=True)
    for category, points in vp_by:
        sprite = pieces.chip(score_name(category, lang), points, SCORE_FILL, height=22)
        canvas.sprite(sprite, (x, y), centre=False, ground=PANEL)
        x += sprite.width + CHIP_GAP + 2
    canvas.text((x + 4, y + 11), f"= {total}", big, style.INK, anchor="lm", ground=PANEL)


def subtitle(turn: Turn, seat: str, table: Table) -> str:
    """The tribe's name, after the player's name in the panel's bar."""
    player = table.players.get(seat)
    return tribe_name(player.tribe, turn.lang) if player and player.tribe else ""


def _goals(canvas: Painter, room: Box, goals: Sequence[Goal], lang: str) -> None:
    """Goal chips flowed on one line; ``+n`` for those that do not fit."""
    if not goals:
        canvas.text((room.x, room.y + 2), "—", font(14), style.INK_SOFT, ground=PANEL)
        return
    x = room.x
    face = font(14, bold=True)
    for i, goal in enumerate(goals):
        sprite = pieces.goal_chip(
            goal_name(goal.id, lang),
            development=goal.development,
            vp=goal.vp,
            cost=goal.cost,
            ready=goal.ready,
        )
        reserve = 0 if i == len(goals) - 1 else 34
        if x + sprite.width + reserve > room.right:
            more = f"+{len(goals) - i}"
            canvas.text((x, room.y + 11), more, face, style.INK, anchor="lm", ground=PANEL)
            return
        canvas.sprite(sprite, (x, room.y), centre=False, ground=PANEL)
        x += sprite.width + CHIP_GAP
