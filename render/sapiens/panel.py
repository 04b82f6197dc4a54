"""A Sapiens seat panel under the kit's name bar: the valley, then the personal pool
and the counters (food, shelter, steaks, mountain tokens held, played or discarded, Baston
tokens left).

The valley's static art is drawn once per game (its two faces come from the seed);
a turn stamps the pieces, the pool tiles and the numbers.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import style
from render.kit.cache import MB, ArtCache
from render.kit.compose import Static, Turn
from render.kit.frame import draw_tag
from render.kit.geometry import PANEL_BAR, Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, font
from render.sapiens import pieces
from render.sapiens.layout import (
    COUNTERS_X,
    POOL_CELL,
    POOL_X,
    ROW_TOP,
    pool_slot,
    valley_box,
)
from render.sapiens.model import BLANK, PoolTile, SeatTable, Table, art_of
from render.sapiens.valley import draw_valley, paint_valley

PANEL = style.PANEL
LABEL = style.INK_SOFT
FOOD_X, SHELTER_X, STEAKS_X = 0, 92, 186  # counters, from COUNTERS_X
TOKENS_Y = 44  # the second counters line, from ROW_TOP
MAX_FISTS = 3  # Fight tokens drawn on one pool tile (more are counted)


def paint_panel(image: Image.Image, box: Box, index: int, static: Static) -> None:
    """The valley's static art and the captions of the pool and counters."""
    faces = static.art if isinstance(static.art, tuple) else ()
    art = art_of(faces[index]) if index < len(faces) else BLANK
    if art is not BLANK:
        paint_valley(image, valley_box(box), art)
    lang = static.lang
    label = font(12, bold=True)
    y = box.y + ROW_TOP + 4
    draw_text(image, (box.x + POOL_X, y), tr("render.sapiens.pool", lang), label, LABEL)
    x = box.x + COUNTERS_X
    for key, dx in (("food", FOOD_X), ("shelter", SHELTER_X), ("steaks", STEAKS_X)):
        draw_text(image, (x + dx, y), tr(f"render.sapiens.{key}", lang), label, LABEL)
    draw = ImageDraw.Draw(image)
    for i in range(4):
        paint_slot(draw, pool_slot(box, i))
    draw.line([(x - 12, box.y + ROW_TOP + 4), (x - 12, box.bottom - 8)], fill=style.RULE, width=2)


def paint_slot(draw: ImageDraw.ImageDraw, slot: Box) -> None:
    """An empty place for a pool tile (static: a tile covers it)."""
    draw.rounded_rectangle(slot.inset(2).xyxy(), radius=8, outline=style.RULE, width=2)


def draw_pool_tile(canvas: Canvas, slot: Box, tile: PoolTile, seats: int, cell: int) -> None:
    """A tile of a pool, face up, with the Baston tokens lying on it."""
    first, second = tile.scenes
    sprite = pieces.tile(first, second, cell, vertical=False, gap=2)
    canvas.sprite(sprite, (slot.x, slot.y), centre=False, ground=PANEL)
    radius = max(8, cell // 4)
    shown = tile.baston if len(tile.baston) <= MAX_FISTS else tile.baston[: MAX_FISTS - 1]
    for i, owner in enumerate(shown):  # on the tile's top-right corner, leftwards
        token = pieces.baston_token(radius, owner % max(1, seats))
        canvas.sprite(token, (slot.right - radius - i * (radius + 4), slot.y - 1))
    if len(shown) < len(tile.baston):  # more than fit on a tile: the rest counted
        more = f"+{len(tile.baston) - len(shown)}"
        x = slot.right - radius - len(shown) * (radius + 4)
        draw_tag(canvas, x + radius, slot.y - 1, more)
    if tile.picked:
        canvas.rectangle(slot.inset(-4).xyxy(), outline=style.HIGHLIGHT, width=4, radius=10)


def body_box(box: Box) -> Box:
    """What a panel's body covers: under the name bar, inside the frame (the outline of
    a seat to play and the name bar are the kit's)."""
    return Box(box.x + 3, box.y + PANEL_BAR, box.w - 6, box.h - PANEL_BAR - 3)


def draw_body(canvas: Canvas, box: Box, seat: str, turn: Turn, table: Table) -> None:
    """One seat's valley, pool and counters this turn.

    A body is a pure function of the static art under it and the seat's ``SeatTable``:
    drawn bodies are kept, so a turn redraws only the panels whose seat changed (most
    turns change one valley) and pastes the others whole.
    """
    mine = table.seats.get(seat)
    if mine is None:
        return
    index = turn.index(seat)
    where = body_box(box)
    key = (canvas.static_key, where, index, len(turn.seats), turn.lang, mine)
    kept = _bodies.get(key, lambda: _draw_body(canvas, box, where, index, turn, mine))
    canvas.image.paste(kept, (where.x, where.y))


_bodies: ArtCache[Image.Image] = ArtCache("sapiens.bodies", budget=4 * MB)


def _draw_body(
    canvas: Canvas, box: Box, where: Box, index: int, turn: Turn, mine: SeatTable
) -> Image.Image:
    seats = len(turn.seats)
    draw_valley(
        canvas, valley_box(box), art_of(mine.faces), mine.valley, style.player_colour(index)
    )
    if mine.targeted:  # Feu: the player to act is choosing where this valley gets a bear
        around = valley_box(box).box.inset(-3)
        canvas.rectangle(around.xyxy(), outline=style.HIGHLIGHT, width=4, radius=16)
    for i, tile in enumerate(mine.pool[:4]):
        draw_pool_tile(canvas, pool_slot(box, i), tile, seats, POOL_CELL)
    right = box.right - 12
    if mine.finished:
        mid = box.y + ROW_TOP + TOKENS_Y + 10
        text = tr("render.sapiens.finished", turn.lang)
        right -= draw_tag(canvas, right, mid, text, fill=style.OUT) + 6
    draw_counters(canvas, box, mine, index, right)
    return canvas.image.crop(where.xyxy())


def draw_counters(canvas: Canvas, box: Box, mine: SeatTable, index: int, right: int) -> None:
    """Food, shelter and steaks in big figures; tokens held and Baston tokens left."""
    x, y = box.x + COUNTERS_X, box.y + ROW_TOP + 18
    big = font(24, bold=True)
    low = min(mine.food, mine.shelter)
    for value, dx in ((mine.food, FOOD_X), (mine.shelter, SHELTER_X)):
        ink = style.INK if value == low else style.INK_SOFT
        canvas.text((x + dx, y), str(value), big, ink, ground=PANEL)
    canvas.sprite(pieces.steak(26), (x + STEAKS_X, y + 1), centre=False, ground=PANEL)
    canvas.text((x + STEAKS_X + 30, y), f"×{mine.steaks}", big, style.INK, ground=PANEL)
    ty = box.y + ROW_TOP + TOKENS_Y + 10
    colour = style.player_colour(index)
    bastons = max(0, min(3, mine.baston_left))
    bx = right - bastons * 22
    for i in range(bastons):
        canvas.sprite(pieces.baston_token(10, index), (bx + 11 + i * 22, ty))
    room = max(0, (bx - 8 - x) // 23)
    tokens = [(scene, "held") for scene in mine.held]
    tokens += [(scene, "used") for scene in mine.used]
    tokens += [(scene, "gone") for scene in mine.gone]
    shown = tokens if len(tokens) <= room else tokens[: max(0, room - 1)]
    for i, (scene, kind) in enumerate(shown):
        if kind == "held":
            sprite = pieces.mountain_token(scene, 10, colour)
        else:
            sprite = pieces.spent_token(scene, 10, colour, gone=kind == "gone")
        canvas.sprite(sprite, (x + 10 + i * 23, ty))
    if len(shown) < len(tokens):
        more = f"+{len(tokens) - len(shown)}"
        canvas.text(
            (x + len(shown) * 23, ty),
            more,
            font(14, bold=True),
            style.INK,
            anchor="lm",
            ground=PANEL,
        )
