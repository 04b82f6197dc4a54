"""The hex map: terrain as static art (cached per map), the pieces drawn each turn.

Static art per map (the terrain laid at random and the volcano's spot are the art key):
each hex filled with its terrain colour, its symbol and the resource it gives, its id
at the top left; the volcano hex; a stone mark on hexes next to the volcano. Each
turn: a token per tribe with its member count, invaders with theirs, the mammoth
(edged in its tamer's colour), the tiger, villages in their owner's colour (grey: the
abandoned village nobody holds yet), the forest-fire marker, and the hexes the last
move touched outlined in yellow.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.cache import MB, ArtCache
from render.kit.compose import Static, Turn
from render.kit.frame import paint_box
from render.kit.geometry import Box, Hex, HexGrid
from render.kit.paint import Canvas
from render.kit.text import draw_text, font, text_width
from render.tribes import advanced, pieces
from render.tribes.layout import hex_grid, item_spots, split_board, token_radius
from render.tribes.model import Cell, Table

MapArt = tuple[tuple[tuple[str, int, int, str], ...], Hex | None, tuple[str, ...]]

_grids: ArtCache[HexGrid] = ArtCache("tribes.grids", budget=MB)


def map_art(view: Mapping[str, Any], table: Table) -> MapArt:
    """The static-art key of a view's map: every hex's id, place and terrain (with its
    special tile), the volcano's place (``None`` until it is laid), and the entries of
    the advanced modules' legend (``advanced``)."""
    cells = tuple(sorted((c.id, c.at[0], c.at[1], advanced.art_terrain(c)) for c in table.cells))
    return cells, table.volcano, advanced.legend_entries(view, table)


def grid_for(map_box: Box, art: MapArt) -> HexGrid:
    """The hex grid of a map (hexes as large as the map box allows)."""
    cells, volcano, extras = art
    area, _ = advanced.map_area(map_box, extras)
    places = [(q, r) for _, q, r, _ in cells] + ([volcano] if volcano else [])
    key: Hashable = (area, tuple(places))
    return _grids.get(key, lambda: hex_grid(area, places))


def _art_of(static: Static) -> MapArt:
    art = static.art
    if isinstance(art, tuple) and len(art) == 3 and isinstance(art[0], tuple):
        return art
    return (), None, ()


def paint_map(image: Image.Image, board: Box, static: Static) -> None:
    """The map box with every hex's terrain (static art of one map)."""
    map_box, _ = split_board(board)
    paint_box(image, map_box)
    art = _art_of(static)
    if not art[0]:
        return
    grid = grid_for(map_box, art)
    cells, volcano, extras = art
    near = set(HexGrid.neighbours(volcano)) if volcano else set()
    size = grid.size

    def paint(draw: ImageDraw.ImageDraw, k: int, ox: float, oy: float) -> None:
        for _hid, q, r, terrain in cells:
            cx, cy = grid.centre((q, r))
            basic, tile = advanced.basic_of(terrain)
            if tile is not None:
                x, y, radius = (cx - ox) * k, (cy - oy) * k, (size - 2) * k
                advanced.paint_tile(draw, tile, basic, x, y, radius, k)
                continue
            points = pieces.hex_points((cx - ox) * k, (cy - oy) * k, (size - 2) * k)
            draw.polygon(points, fill=pieces.TERRAIN_FILL.get(terrain, pieces.NEUTRAL))
            draw.line([*points, points[0]], fill=style.WHITE, width=3 * k)
            pieces.paint_terrain_mark(
                draw, terrain, (cx - ox) * k, (cy - oy + size * 0.6) * k, size * 0.16 * k
            )
        if volcano is not None:
            cx, cy = grid.centre(volcano)
            points = pieces.hex_points((cx - ox) * k, (cy - oy) * k, (size - 2) * k)
            draw.polygon(points, fill=pieces.TERRAIN_FILL["volcano"])
            draw.line([*points, points[0]], fill=style.WHITE, width=3 * k)
            pieces.paint_terrain_mark(
                draw, "volcano", (cx - ox) * k, (cy - oy + size * 0.1) * k, size * 0.42 * k
            )

    bounds = grid.bounds([(q, r) for _, q, r, _ in cells] + ([volcano] if volcano else []))
    area = bounds.inset(-4)
    layer = sprites.supersampled((area.w, area.h), lambda d, k: paint(d, k, area.x, area.y))
    image.paste(layer, (area.x, area.y), layer)
    label = font(max(11, round(size * 0.15)), bold=True)
    small = max(14, round(size * 0.2))
    for hid, q, r, full in cells:
        terrain = advanced.basic_of(full)[0]
        cx, cy = grid.centre((q, r))
        ink = style.mix(pieces.TERRAIN_MARK.get(terrain, style.INK), style.INK, 0.5)
        draw_text(image, (cx - size * 0.5, cy - size * 0.5), hid, label, ink, anchor="lm")
        resource = pieces.PRODUCES.get(terrain)
        if resource:
            icon = pieces.resource_icon(resource, small)
            sprites.paste(image, icon, (cx + size * 0.34, cy + size * 0.6))
        if (q, r) in near:
            stone = pieces.resource_icon("stone", small)
            sprites.paste(image, stone, (cx - size * 0.34, cy + size * 0.6))
    advanced.paint_marks(image, grid, cells)
    _, band = advanced.map_area(map_box, extras)
    if band is not None:
        advanced.paint_band(image, band, extras, static.lang)


def draw_map(canvas: Canvas, board: Box, turn: Turn, table: Table, art: MapArt) -> None:
    """This turn's pieces on the map and the last move's hexes."""
    if not art[0]:
        return
    map_box, _ = split_board(board)
    grid = grid_for(map_box, art)
    seats = turn.seats
    marked, focus = set(table.marked), set(table.focus)
    for cell in table.cells:
        if cell.id in marked:
            outline(canvas, grid, cell.at)
    for cell in table.cells:
        draw_cell(canvas, grid, cell, seats)
        if cell.conflict or cell.id in table.conflicts:
            crowded(canvas, grid, cell)
        if cell.id in focus:
            canvas.sprite(sprites.dashed_ring(round(grid.size * 0.78)), grid.centre(cell.at))
    where = {cell.id: cell.at for cell in table.cells}
    for source, target in table.paths:
        a, b = grid.centre(where[source]), grid.centre(where[target])
        sprite, corner = sprites.arrow(
            (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), trim=round(grid.size * 0.45)
        )
        canvas.sprite(sprite, corner, centre=False)


def outline(canvas: Canvas, grid: HexGrid, at: Hex) -> None:
    """A bold yellow-and-ink outline around a hex (what the last move touched)."""
    cx, cy = grid.centre(at)
    outer = pieces.hex_points(cx, cy, grid.size - 3)
    inner = pieces.hex_points(cx, cy, grid.size - 9)
    canvas.line([*outer, outer[0]], fill=style.INK, width=3)
    canvas.line([*inner, inner[0]], fill=style.HIGHLIGHT, width=9)


def crowded(canvas: Canvas, grid: HexGrid, cell: Cell) -> None:
    """A hex above its population limit: a red badge ``6/5`` at its top right."""
    cx, cy = grid.centre(cell.at)
    population = sum(n for _, n in cell.members) + cell.invaders
    text = f"{population}/{cell.limit}"
    face = font(max(12, round(grid.size * 0.17)), bold=True)
    width = round(text_width(text, face)) + 12
    x, y = cx - width / 2, cy - grid.size * 0.76
    fill = pieces.REDUCED
    canvas.rectangle(
        (x, y - 10, x + width, y + 10), radius=7, fill=fill, outline=style.WHITE, width=2
    )
    canvas.text((x + width / 2, y), text, face, style.WHITE, anchor="mm", ground=fill)


def draw_cell(canvas: Canvas, grid: HexGrid, cell: Cell, seats: Sequence[str]) -> None:
    """One hex's pieces: village at the top, tokens across the middle, fire below."""
    size = grid.size
    cx, cy = grid.centre(cell.at)
    # Pieces stand on the hex's flat colour: their stamps serve every hex of that terrain.
    ground = advanced.ground_of(cell) or pieces.TERRAIN_FILL.get(cell.terrain, pieces.NEUTRAL)
    tokens: list[Image.Image] = []
    count = len(cell.members) + (cell.invaders > 0) + cell.mammoth + cell.tiger
    radius = token_radius(size, count)
    for seat, n in cell.members:
        index = seats.index(seat) if seat in seats else 5
        tokens.append(pieces.member_token(index, n, radius))
    if cell.invaders:
        tokens.append(pieces.invader_token(cell.invaders, radius - 2))
    if cell.mammoth:
        tamer = seats.index(cell.tamer) if cell.tamer in seats else None
        tokens.append(pieces.mammoth_icon(round(radius * 1.7), tamer=tamer))
    if cell.tiger:
        tokens.append(pieces.tiger_icon(round(radius * 1.8)))
    for sprite, spot in zip(tokens, item_spots(len(tokens), (cx, cy), size), strict=True):
        canvas.sprite(sprite, spot, ground=ground)
    if cell.village is not None or cell.abandoned:
        owner = seats.index(cell.village) if cell.village in seats else None
        canvas.sprite(
            pieces.village_icon(owner, round(size * 0.42)),
            (cx + size * 0.4, cy - size * 0.45),
            ground=ground,
        )
    if cell.fire:
        canvas.sprite(pieces.fire_icon(round(size * 0.3)), (cx, cy + size * 0.58), ground=ground)
    advanced.draw_cell_extras(canvas, grid, cell, seats)
