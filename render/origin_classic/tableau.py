"""A Classic player panel under the shared name bar: hand, pawns, tokens, stacks, cards.

Row A: villages left, cards in hand per deck (counts only: hands are secret), pawns on
the map by colour, hunting and strait tokens with their values. Row B: Innovation
stacks (each drawn as its free top tile, framed in yellow, over one plate per tile
beneath) and completed objectives with their points (or, at set-up, whether the player
is still choosing). Row C: Permanent cards in play, by title.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static, Turn
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, font, text_width
from render.origin import pieces
from render.origin.colours import TERRITORY_COLOURS
from render.origin.panels import (
    View,
    draw_card_counts,
    draw_pawn_counts,
    draw_villages_left,
    pawn_colours,
)
from render.origin_classic.board import level_tile
from render.origin_classic.layout import (
    CHIP_GAP,
    CHIP_HEIGHT,
    HAND_X,
    OBJECTIVES_X,
    PAWNS_X,
    ROW_A,
    ROW_A_LABEL,
    ROW_B,
    ROW_B_LABEL,
    ROW_C,
    ROW_C_LABEL,
    STACKS_X,
    TOKENS_X,
    VILLAGES_X,
)
from render.origin_classic.words import card_title, view_of

if TYPE_CHECKING:  # only the type: a render worker does not import the Classic rules
    from rules.origin.classic.view import ClassicPlayerView

PANEL = style.PANEL
HAND_COLOURS = (("action", "yellow"), ("permanent", "orange"), ("objective", "violet"))
STACK_TILE = 38
PLATE = 4
ORANGE = TERRITORY_COLOURS["orange"]
VIOLET = TERRITORY_COLOURS["violet"]


def paint_panel(image: Image.Image, box: Box, index: int, static: Static) -> None:
    """Section titles of a Classic panel (static)."""
    lang = static.lang
    label = font(12, bold=True)
    for key, x, y in (
        ("render.origin.villages", VILLAGES_X, ROW_A_LABEL),
        ("render.origin.classic.hand", HAND_X, ROW_A_LABEL),
        ("render.origin.pawns", PAWNS_X, ROW_A_LABEL),
        ("render.origin.tokens", TOKENS_X, ROW_A_LABEL),
        ("render.origin.classic.stacks", STACKS_X, ROW_B_LABEL),
        ("render.origin.classic.objectives", OBJECTIVES_X, ROW_B_LABEL),
        ("render.origin.classic.permanents", STACKS_X, ROW_C_LABEL),
    ):
        draw_text(image, (box.x + x, box.y + y), tr(key, lang), label, style.INK_SOFT)
    draw = ImageDraw.Draw(image)
    x = box.x + OBJECTIVES_X - 10
    draw.line([(x, box.y + ROW_B_LABEL), (x, box.y + ROW_C_LABEL - 10)], fill=style.RULE, width=2)


def draw_body(canvas: Canvas, box: Box, seat: str, turn: Turn) -> None:
    """One player's Classic rows (per turn)."""
    view, lang = turn.view, turn.lang
    classic = view_of(view)
    index = turn.index(seat)
    player = (classic.get("players") or {}).get(seat)
    _row_a(canvas, box, index, player, view, seat)
    _stacks(canvas, box, (player.get("tiles") if player else None) or [])
    _objectives(canvas, box, player, view, lang)
    permanents = (player.get("permanents") if player else None) or []
    titles = [card_title(str(c), lang) for c in permanents]
    room = Box(box.x + STACKS_X, box.y + ROW_C, box.w - 2 * STACKS_X, 2 * CHIP_HEIGHT + CHIP_GAP)
    _chips(canvas, room, [(t, None) for t in titles], ORANGE)
    ending = classic.get("ending")
    last_turns = (ending.get("last_turns") if ending else None) or []
    if not classic.get("over") and seat in last_turns:
        text = tr("render.origin.classic.last_turn", lang)
        face = font(12, bold=True)
        width = round(text_width(text, face)) + 14
        right = box.right - 12
        top = box.y + ROW_C_LABEL - 3
        canvas.rectangle(
            (right - width, top, right, top + 19), radius=6, fill=style.HIGHLIGHT, outline=style.INK
        )
        canvas.text(
            (right - width / 2, top + 10),
            text,
            face,
            style.INK,
            anchor="mm",
            ground=style.HIGHLIGHT,
        )


def _row_a(
    canvas: Canvas,
    box: Box,
    index: int,
    player: ClassicPlayerView | None,
    view: View,
    seat: str,
) -> None:
    y = box.y + ROW_A
    left = (player.get("villages_left") if player else None) or 0
    draw_villages_left(canvas, (box.x + VILLAGES_X, y), index, left)
    hand = (player.get("hand") if player else None) or {}
    held = [(colour, hand.get(deck, 0)) for deck, colour in HAND_COLOURS]
    draw_card_counts(canvas, (box.x + HAND_X, y), held)
    draw_pawn_counts(canvas, (box.x + PAWNS_X, y), pawn_colours(view, seat))
    hunting = (player.get("hunting") if player else None) or []
    straits = (player.get("straits") if player else None) or []
    tokens = [("hunt", t.get("value")) for t in hunting]
    tokens += [("strait", t.get("value")) for t in straits]
    x = box.x + TOKENS_X
    if not tokens:
        canvas.text((x, y + 6), "—", font(14), style.INK_SOFT, ground=PANEL)
    step = min(27, (box.right - 12 - 26 - x) // max(1, len(tokens) - 1))
    for i, (kind, value) in enumerate(tokens):
        sprite = (
            pieces.hunting_token(value, radius=12)
            if kind == "hunt"
            else pieces.strait_token(value, radius=12)
        )
        canvas.sprite(sprite, (x + i * step, y + 2), centre=False, ground=PANEL)


def stack_sprite(levels: Sequence[int | None]) -> Image.Image:
    """A stack: one plate per covered tile, the free top tile on them, framed in yellow."""
    depth = max(0, len(levels) - 1)
    side = STACK_TILE
    key = ("classic.stack", tuple(levels))

    def build() -> Image.Image:
        image = Image.new("RGBA", (side + 2, side + depth * PLATE + 2), (0, 0, 0, 0))
        plate = sprites.SPRITES.get(
            ("classic.plate", side),
            lambda: sprites.supersampled(
                (side, side),
                lambda d, k: d.rounded_rectangle(
                    (k, k, (side - 1) * k, (side - 1) * k),
                    radius=5 * k,
                    fill=TERRITORY_COLOURS["brown"],
                    outline=style.INK,
                    width=2 * k,
                ),
            ),
        )
        for i in range(depth, 0, -1):
            image.alpha_composite(plate, (1, i * PLATE + 1))
        image.alpha_composite(level_tile(levels[-1], side, free=True), (1, 1))
        return image

    return sprites.SPRITES.get(key, build)


def _stacks(canvas: Canvas, box: Box, stacks: Sequence[Sequence[int | None]]) -> None:
    x = box.x + STACKS_X
    y = box.y + ROW_B
    real = [list(s) for s in stacks if s]
    if not real:
        canvas.text((x, y + 6), "—", font(14), style.INK_SOFT, ground=PANEL)
        return
    room = OBJECTIVES_X - STACKS_X - 20
    step = min(STACK_TILE + 10, (room - STACK_TILE) // max(1, len(real) - 1))
    for i, levels in enumerate(real):
        canvas.sprite(stack_sprite(levels), (x + i * step, y), centre=False, ground=PANEL)


def _objectives(
    canvas: Canvas, box: Box, player: ClassicPlayerView | None, view: View, lang: str
) -> None:
    x, y = box.x + OBJECTIVES_X, box.y + ROW_B
    if view_of(view).get("phase") == "choose":
        if player and player.get("choosing"):
            text = tr("render.origin.classic.choosing", lang)
            face = font(15, bold=True)
            width = round(text_width(text, face)) + 16
            canvas.rectangle(
                (x, y, x + width, y + 26), radius=7, fill=style.HIGHLIGHT, outline=style.INK
            )
            canvas.text((x + 8, y + 13), text, face, style.INK, anchor="lm", ground=style.HIGHLIGHT)
        else:
            text = tr("render.origin.classic.kept", lang)
            canvas.text((x, y + 4), text, font(14, bold=True), style.INK_SOFT, ground=PANEL)
        return
    done = [
        (card_title(str(o.get("id")), lang), o.get("points"))
        for o in (player.get("objectives_done") if player else None) or []
    ]
    room = Box(x, y, box.right - 12 - x, 2 * CHIP_HEIGHT + CHIP_GAP)
    _chips(canvas, room, done, VIOLET)


def chip(text: str, points: int | None, fill: style.RGB) -> Image.Image:
    """A card chip: its title on the card colour, and its points in a white disc."""
    face = font(12, bold=True)
    ink = style.WHITE if style.is_dark(fill) else style.INK
    text_w = round(text_width(text, face))
    extra = 0 if points is None else 22
    width = text_w + 14 + extra
    height = CHIP_HEIGHT

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        draw.rounded_rectangle(
            (0, 0, (width - 1) * k, (height - 1) * k),
            radius=6 * k,
            fill=fill,
            outline=style.INK,
            width=k,
        )
        draw.text(
            (7 * k, height * k / 2), text, font=font(12 * k, bold=True), fill=ink, anchor="lm"
        )
        if points is not None:
            cx, cy, r = (width - 12) * k, height * k / 2, 8 * k
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), fill=style.WHITE, outline=style.INK, width=k
            )
            draw.text(
                (cx, cy + k), str(points), font=font(12 * k, bold=True), fill=style.INK, anchor="mm"
            )

    key = ("classic.chip", text, points, fill)
    return sprites.SPRITES.get(key, lambda: sprites.supersampled((width, height), paint))


def _chips(
    canvas: Canvas, room: Box, items: Sequence[tuple[str, int | None]], fill: style.RGB
) -> None:
    """Chips flowed left to right over the lines of ``room``; ``+n`` when they overflow."""
    if not items:
        canvas.text((room.x, room.y + 2), "—", font(14), style.INK_SOFT, ground=PANEL)
        return
    lines = max(1, (room.h + CHIP_GAP) // (CHIP_HEIGHT + CHIP_GAP))
    face = font(12, bold=True)
    x, line = room.x, 0
    for i, (text, points) in enumerate(items):
        label = ellipsise(text, face, room.w - 40)
        sprite = chip(label, points, fill)
        left = len(items) - i
        reserve = 0 if left == 1 else 34
        if x + sprite.width + reserve > room.right and x > room.x:
            if line + 1 >= lines:
                more = f"+{left}"
                canvas.text(
                    (x, room.y + line * (CHIP_HEIGHT + CHIP_GAP) + CHIP_HEIGHT / 2),
                    more,
                    font(14, bold=True),
                    style.INK,
                    anchor="lm",
                    ground=PANEL,
                )
                return
            x, line = room.x, line + 1
        y = room.y + line * (CHIP_HEIGHT + CHIP_GAP)
        canvas.sprite(sprite, (x, y), centre=False, ground=PANEL)
        x += sprite.width + CHIP_GAP
