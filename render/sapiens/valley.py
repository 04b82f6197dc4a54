"""A player's valley: its cells, rim, caves and waterfalls (static art, drawn once per
game), then the tiles, tokens and bears of a turn.

Forest cells are dark green with a few tree dots, Plain cells pale; each shows its food
value in the middle and its name (``B1``) at its top (covered once a tile lies there);
the rim's bare rock carries the column letters and row numbers. A cave is a dark mouth in the rock
rim beside its one valley cell, with its shelter pair (``8/5``: with a token / without);
a waterfall is a blue square at a corner. A turn stamps the tiles (face down for an
abandoned tribe), the mountain tokens still on caves and waterfalls, the bears, and a
bold frame around the tile laid last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.geometry import Box
from render.kit.paint import Canvas
from render.kit.style import RGB
from render.kit.text import draw_text, font
from render.sapiens import pieces
from render.sapiens.layout import CELL, COLUMNS, Pos, ValleyBox

GAP = 3  # board left visible around a laid tile
TOKEN = CELL // 2 - 8  # a mountain token's radius
TOKEN_ON_CAVE = CELL // 2 - 12


@dataclass(frozen=True)
class Cave:
    """A cave of a valley: its rim square and its shelter values."""

    id: str
    pos: Pos
    high: int
    low: int


@dataclass(frozen=True)
class ValleyArt:
    """What a valley's static art shows: 40 cells ``(pos, "F" | "P", food)``, caves and
    waterfalls (hashable: it keys the static-art cache)."""

    cells: tuple[tuple[Pos, str, int], ...]
    caves: tuple[Cave, ...]
    waterfalls: tuple[Pos, ...]


@dataclass(frozen=True)
class LaidTile:
    """A tile on a valley: its two halves ``(pos, scene)`` and whether it lies face down."""

    halves: tuple[tuple[Pos, str], tuple[Pos, str]]
    face_down: bool = False


@dataclass(frozen=True)
class ValleyTurn:
    """What a turn shows on one valley."""

    tiles: tuple[LaidTile, ...] = ()
    tokens: tuple[tuple[Pos, str], ...] = ()  # mountain tokens still on the rim
    bears: tuple[Pos, ...] = ()
    last: tuple[int, ...] = ()  # indexes in ``tiles`` laid by the last move
    pending: tuple[Pos, ...] = ()  # squares a placement in progress has chosen


# ---------------------------------------------------------------- static art


def paint_valley(image: Image.Image, where: ValleyBox, art: ValleyArt) -> None:
    """The rim, the cells with their food, the caves and the waterfalls."""
    draw = ImageDraw.Draw(image)
    outer = where.box
    draw.rounded_rectangle(outer.xyxy(), radius=14, fill=pieces.ROCK, outline=pieces.ROCK_DARK)
    food_face = font(22, bold=True)
    for pos, kind, food in art.cells:
        box = where.square(pos)
        forest = kind == "F"
        fill = pieces.FOREST if forest else pieces.PLAIN
        draw.rectangle(box.xyxy(), fill=fill, outline=pieces.CELL_LINE)
        if forest:
            for dx, dy in ((0.2, 0.22), (0.8, 0.24), (0.22, 0.8), (0.78, 0.78)):
                cx, cy = box.x + box.w * dx, box.y + box.h * dy
                sprites.circle(draw, cx, cy, 4, fill=pieces.FOREST_DOT)
        ink = style.WHITE if forest else (120, 110, 70)
        draw_text(image, box.centre, str(food), food_face, ink, anchor="mm")
    cells = where.cells
    draw.rectangle(cells.xyxy(), outline=pieces.ROCK_DARK, width=2)
    seam = cells.x + 4 * CELL
    draw.line([(seam, cells.y), (seam, cells.bottom)], fill=pieces.ROCK_DARK, width=2)
    for cave in art.caves:
        paint_cave(image, where.square(cave.pos), cave)
    for pos in art.waterfalls:
        sprites.paste(image, pieces.waterfall(CELL - 10), where.square(pos).centre)
    if art.cells:
        paint_names(image, where, art)


def paint_names(image: Image.Image, where: ValleyBox, art: ValleyArt) -> None:
    """The names move labels use: each cell's own (``B1``, small, at its top, hidden
    once a tile covers it) and, on the bare rock of the rim, the column letters A-H
    above and below the cells and the row numbers 1-5 left and right of them. A cave
    sits on the rim beside the cell it is named after (``the cave above B1``)."""
    taken = {cave.pos for cave in art.caves} | set(art.waterfalls)
    small = font(11, bold=True)
    for pos, kind, _ in art.cells:
        box = where.square(pos)
        ink = pieces.FOREST_NAME if kind == "F" else pieces.PLAIN_NAME
        draw_text(image, (box.centre[0], box.y + 3), cell_name(pos), small, ink, anchor="mt")
    rim = font(18, bold=True)
    for column in range(8):
        for row in (-1, 5):
            if (column, row) not in taken:
                text = COLUMNS[column]
                draw_text(
                    image,
                    where.square((column, row)).centre,
                    text,
                    rim,
                    pieces.ROCK_NAME,
                    anchor="mm",
                )
    for row in range(5):
        for column in (-1, 8):
            if (column, row) not in taken:
                text = str(row + 1)
                draw_text(
                    image,
                    where.square((column, row)).centre,
                    text,
                    rim,
                    pieces.ROCK_NAME,
                    anchor="mm",
                )


def cell_name(pos: Pos) -> str:
    """``(1, 0)`` -> ``"B1"``."""
    return f"{COLUMNS[pos[0]]}{pos[1] + 1}"


def paint_cave(image: Image.Image, box: Box, cave: Cave) -> None:
    """A cave mouth with its shelter pair written at its foot (a token leaves it seen)."""
    draw = ImageDraw.Draw(image)
    inner = (box.x + 4, box.y + 4, box.right - 4, box.bottom - 4)
    draw.rounded_rectangle(inner, radius=10, fill=pieces.CAVE, outline=(30, 26, 22), width=2)
    text = f"{cave.high}/{cave.low}"
    draw_text(
        image, (box.centre[0], box.bottom - 7), text, font(15, bold=True), style.WHITE, anchor="ms"
    )


# ---------------------------------------------------------------- a turn


def tile_sprite(tile: LaidTile) -> tuple[Image.Image, Pos]:
    """The sprite of a laid tile and the grid square of its top-left half."""
    (a, first), (b, second) = tile.halves
    vertical = a[0] == b[0]
    if (vertical and b[1] < a[1]) or (not vertical and b[0] < a[0]):
        (a, first), (b, second) = (b, second), (a, first)
    if tile.face_down:
        return pieces.tile_back(CELL, vertical=vertical, gap=GAP), a
    return pieces.tile(first, second, CELL, vertical=vertical, gap=GAP), a


def draw_valley(
    canvas: Canvas, where: ValleyBox, art: ValleyArt, turn: ValleyTurn, owner: RGB
) -> None:
    """This turn's tiles, tokens, bears and highlights on one valley."""
    for index, tile in enumerate(turn.tiles):
        sprite, top_left = tile_sprite(tile)
        box = where.square(top_left)
        canvas.sprite(sprite, (box.x + GAP, box.y + GAP), centre=False)
        if index in turn.last:
            frame_tile(canvas, where, tile)
    caves = {cave.pos for cave in art.caves}
    for pos, scene in turn.tokens:
        x, y = where.square(pos).centre
        if pos in caves:  # above the shelter pair
            canvas.sprite(pieces.mountain_token(scene, TOKEN_ON_CAVE, owner), (x, y - 8))
        else:
            canvas.sprite(pieces.mountain_token(scene, TOKEN, owner), (x, y))
    for pos in turn.bears:
        canvas.sprite(pieces.bear(CELL - 12), where.square(pos).centre)
    for pos in turn.pending:
        box = where.square(pos).inset(2)
        canvas.rectangle(box.xyxy(), outline=style.HIGHLIGHT, width=4, radius=8)


def frame_tile(canvas: Canvas, where: ValleyBox, tile: LaidTile) -> None:
    """A bold yellow-and-black frame around a tile: what the last move laid."""
    boxes = [where.square(pos) for pos, _ in tile.halves]
    left = min(b.x for b in boxes)
    top = min(b.y for b in boxes)
    right = max(b.right for b in boxes)
    bottom = max(b.bottom for b in boxes)
    canvas.rectangle(
        (left - 2, top - 2, right + 1, bottom + 1), outline=style.ARROW, width=7, radius=12
    )
    canvas.rectangle(
        (left, top, right - 1, bottom - 1), outline=style.HIGHLIGHT, width=3, radius=10
    )


def squares(turn: ValleyTurn) -> Sequence[Pos]:
    """Every grid square a turn covers with a tile."""
    return [pos for tile in turn.tiles for pos, _ in tile.halves]
