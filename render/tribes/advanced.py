"""The advanced modules on the Tribes picture: special terrains and the Elders.

Special terrains are static art (their tiles are part of the map's art key): each hex
keeps its basic type's colour family with its own art on top (a double ring and a
``+1`` on the great tiles, three sectors on the wild land, dense trees on the jungle, a
pool and a palm on the oasis, a crack on the chasm, ice on the glacier), and a legend
band under the map names each tile in play with its effect in a few words. Each turn:
an Elder (a robed figure with a staff in its tribe's colour, never a counted token)
beside the village it sits on, the stones on the Glacier (``2/5``) and, once it has
melted, the stones waiting on its mountain. Pure: reads ``model.Cell`` values only.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import seatmark, sprites, style
from render.kit.geometry import Box, HexGrid
from render.kit.names import tr, tr_or
from render.kit.paint import Canvas
from render.kit.style import RGB
from render.kit.text import draw_text, ellipsise, font
from render.tribes import pieces
from render.tribes.model import Cell, Table
from rules.tribes.components import SPECIAL_TERRAINS
from rules.tribes.view_types import view_of

TILES: tuple[str, ...] = tuple(SPECIAL_TERRAINS)
"""The special terrains in the rules' data order (the legend's order)."""
ELDER = "elder"
CHIEF = "chief"
"""The legend entry of the Elders (in the art's extras when the option is on)."""

SPECIAL_FILL: dict[str, RGB] = {
    "great_lake": (120, 176, 214),
    "great_mountain": (176, 156, 132),
    "great_forest": (118, 168, 88),
    "jungle": (62, 128, 70),
    "oasis": (226, 204, 146),
    "chasm": (150, 176, 196),
    "glacier": (226, 240, 250),
    "wild_land": (190, 196, 150),
}
ICE: RGB = (120, 170, 214)
PANEL_CHIP: RGB = (236, 226, 200)
CRACK: RGB = (36, 30, 34)
COLOURS: tuple[RGB, ...] = (*SPECIAL_FILL.values(), ICE, CRACK)
BAND_ROW = 28
BAND_COLUMNS = 4
"""The legend band under the map (special tiles, Elders): rows of four entries."""


def basic_of(terrain: str) -> tuple[str, str | None]:
    """``"lake:great_lake"`` (a map-art terrain) -> ``("lake", "great_lake")``."""
    basic, _, tile = terrain.partition(":")
    return basic, tile or None


def art_terrain(cell: Cell) -> str:
    """The terrain a cell puts in the map's art key (its special tile after a colon)."""
    return f"{cell.terrain}:{cell.special}" if cell.special else cell.terrain


def legend_entries(view: Mapping[str, Any], table: Table) -> tuple[str, ...]:
    """The legend band's entries: the special tiles on the map (a melted Glacier too) and
    the Elder when the option is on; ``()`` in the base game (no band)."""
    present = {c.special for c in table.cells if c.special} | {
        "glacier" for c in table.cells if c.glacier is not None
    }
    options = view_of(view).get("options")
    elders = isinstance(options, Mapping) and bool(options.get("ancients"))
    chiefs = isinstance(options, Mapping) and bool(options.get("chiefs"))
    seats = [str(s) for s in view_of(view).get("seats") or []]
    powers = tuple(
        chief_entry(i, (table.players[s].chief if s in table.players else ""))
        for i, s in enumerate(seats)
        if chiefs
    )
    return tuple(t for t in TILES if t in present) + ((ELDER,) if elders else ()) + powers


def chief_entry(index: int, power: str) -> str:
    """A legend entry for seat ``index``'s chief power (``chief:1:`` while secret): a row
    is kept for each seat from the start, so the map does not move when powers show."""
    return f"{CHIEF}:{index}:{power}"


def fill_of(terrain: str) -> RGB:
    basic, tile = basic_of(terrain)
    if tile is not None:
        return SPECIAL_FILL.get(tile, pieces.NEUTRAL)
    return pieces.TERRAIN_FILL.get(basic, pieces.NEUTRAL)


# ------------------------------------------------------------------- the map's area


def map_area(map_box: Box, extras: Sequence[str]) -> tuple[Box, Box | None]:
    """The box the hexes use and the legend band under them (``None``: no band)."""
    if not extras:
        return map_box, None
    height = -(-len(extras) // BAND_COLUMNS) * BAND_ROW
    band = Box(map_box.x + 10, map_box.bottom - height - 6, map_box.w - 20, height)
    return Box(map_box.x, map_box.y, map_box.w, map_box.h - height - 6), band


# ------------------------------------------------------------------ static tile art


def paint_tile(
    draw: ImageDraw.ImageDraw, tile: str, basic: str, cx: float, cy: float, r: float, k: int
) -> None:
    """A special tile over hex ``(cx, cy)`` of radius ``r`` (supersampled by ``k``)."""
    points = pieces.hex_points(cx, cy, r)
    fill = SPECIAL_FILL.get(tile, pieces.NEUTRAL)
    draw.polygon(points, fill=fill)
    if tile == "wild_land":
        for i, terrain in enumerate(("lake", "forest", "mountain")):
            sector = [
                (cx, cy),
                points[(2 * i) % 6],
                points[(2 * i + 1) % 6],
                points[(2 * i + 2) % 6],
            ]
            draw.polygon(sector, fill=pieces.TERRAIN_FILL[terrain])
        sprites.circle(draw, cx, cy, r * 0.22, fill=SPECIAL_FILL["wild_land"])
    draw.line([*points, points[0]], fill=style.WHITE, width=3 * k)
    mark_y = cy + r * 0.6
    if tile.startswith("great_"):
        inner = pieces.hex_points(cx, cy, r * 0.9)
        ink = pieces.TERRAIN_MARK.get(basic, style.INK)
        draw.line([*inner, inner[0]], fill=ink, width=4 * k)
        pieces.paint_terrain_mark(draw, basic, cx, mark_y, r * 0.2)
    elif tile == "jungle":
        ink = (24, 70, 30)
        for dx in (-0.3, 0.0, 0.3):
            pieces_x = cx + dx * r
            draw.ellipse(
                (pieces_x - r * 0.13, mark_y - r * 0.2, pieces_x + r * 0.13, mark_y + r * 0.06),
                fill=ink,
            )
            draw.rectangle(
                (pieces_x - r * 0.02, mark_y, pieces_x + r * 0.02, mark_y + r * 0.16), fill=ink
            )
    elif tile == "oasis":
        draw.ellipse(
            (cx - r * 0.3, mark_y - r * 0.06, cx + r * 0.14, mark_y + r * 0.14),
            fill=pieces.TERRAIN_MARK["lake"],
        )
        trunk = (112, 84, 50)
        draw.line(
            [(cx + r * 0.24, mark_y + r * 0.14), (cx + r * 0.2, mark_y - r * 0.16)],
            fill=trunk,
            width=3 * k,
        )
        for angle in (200, 250, 290, 340):
            a = math.radians(angle)
            tip = (cx + r * 0.2 + math.cos(a) * r * 0.16, mark_y - r * 0.16 + math.sin(a) * r * 0.1)
            draw.line([(cx + r * 0.2, mark_y - r * 0.16), tip], fill=(52, 110, 50), width=3 * k)
    elif tile == "chasm":
        crack = [
            (cx - r * 0.34, mark_y - r * 0.1),
            (cx - r * 0.1, mark_y - r * 0.02),
            (cx - r * 0.02, mark_y - r * 0.16),
            (cx + r * 0.14, mark_y - r * 0.04),
            (cx + r * 0.34, mark_y - r * 0.12),
            (cx + r * 0.18, mark_y + r * 0.1),
            (cx + r * 0.02, mark_y + r * 0.02),
            (cx - r * 0.12, mark_y + r * 0.14),
        ]
        draw.polygon(crack, fill=CRACK)
    elif tile == "glacier":
        for i in range(3):
            a = math.radians(60 * i)
            dx, dy = math.cos(a) * r * 0.16, math.sin(a) * r * 0.16
            draw.line([(cx - dx, mark_y - dy), (cx + dx, mark_y + dy)], fill=ICE, width=3 * k)


def tile_icon(tile: str, side: int = 20) -> Image.Image:
    """A small hexagon of a special tile (the legend)."""
    basic = {
        "great_lake": "lake",
        "great_mountain": "mountain",
        "great_forest": "forest",
        "jungle": "forest",
        "oasis": "lake",
        "chasm": "lake",
        "glacier": "mountain",
        "wild_land": "lake",
    }.get(tile, "lake")

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        r = (side / 2) * k
        paint_tile(draw, tile, basic, c, c - r * 0.35, r, k)
        points = pieces.hex_points(c, c - r * 0.35, r)
        draw.line([*points, points[0]], fill=style.INK, width=k)

    return sprites.cached(("tribes", "tile", tile, side), (side, side), paint)


def paint_band(image: Image.Image, band: Box, extras: Sequence[str], lang: str) -> None:
    """The legend band: each special tile in play (and the Elder) with its effect."""
    face = font(12)
    bold = font(12, bold=True)
    width = band.w // BAND_COLUMNS
    for i, entry in enumerate(extras):
        row, col = divmod(i, BAND_COLUMNS)
        x = band.x + col * width
        y = band.y + row * BAND_ROW
        if entry.startswith(f"{CHIEF}:"):
            index, power = _chief_of(entry)
            sprites.paste_at(image, pieces.member_icon(index, 22), (x, y + 2))
            name, effect = chief_words(power, lang)
        else:
            icon = elder_icon(0, 22) if entry == ELDER else tile_icon(entry, 22)
            sprites.paste_at(image, icon, (x, y + 2))
            name = tr(f"render.tribes.special.{entry}", lang)
            effect = tr(f"render.tribes.special.{entry}.effect", lang)
        draw_text(image, (x + 26, y + 1), ellipsise(name, bold, width - 30), bold, style.INK)
        draw_text(
            image, (x + 26, y + 14), ellipsise(effect, face, width - 30), face, style.INK_SOFT
        )


def _chief_of(entry: str) -> tuple[int, str]:
    _, index, power = entry.split(":", 2)
    return int(index), power


def chief_words(power: str, lang: str) -> tuple[str, str]:
    """A chief power's name and its effect in a few words for the legend band; while
    it is secret, "chief" and "secret"."""
    if not power:
        return tr("render.tribes.chief.name", lang), tr("render.tribes.chief.unknown", lang)
    name = tr_or(f"tribes.chief.{power}", power, lang)
    return name, tr_or(f"render.tribes.chief.effect.{power}", "", lang)


def paint_marks(
    image: Image.Image, grid: HexGrid, cells: Sequence[tuple[str, int, int, str]]
) -> None:
    """What a special tile gives, written beside its resource icon (static)."""
    small = max(14, round(grid.size * 0.2))
    face = font(max(11, round(grid.size * 0.15)), bold=True)
    for _hid, q, r, terrain in cells:
        basic, tile = basic_of(terrain)
        if tile is None:
            continue
        cx, cy = grid.centre((q, r))
        size = grid.size
        if tile.startswith("great_"):
            draw_text(image, (cx + size * 0.5, cy + size * 0.6), "+1", face, style.INK, anchor="lm")
        elif tile == "wild_land":
            for j, resource in enumerate(("food", "wood")):
                icon = pieces.resource_icon(resource, small)
                sprites.paste(image, icon, (cx - size * 0.34 + j * small * 1.1, cy + size * 0.6))
        elif tile in ("jungle", "oasis"):
            ink = style.WHITE if tile == "jungle" else style.INK
            draw_text(image, (cx - size * 0.5, cy + size * 0.6), "3+", face, ink, anchor="lm")
        elif tile == "glacier":
            draw_text(
                image, (cx - size * 0.5, cy + size * 0.6), "max 3", face, style.INK, anchor="lm"
            )


# ------------------------------------------------------------------- each turn


def elder_icon(index: int, side: int) -> Image.Image:
    """An Elder: a robed figure with a staff, in its tribe's colour, edged in ink, the
    tribe's shape on the robe."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        colour = style.player_colour(index)
        robe = [(s * 0.5, s * 0.3), (s * 0.8, s * 0.96), (s * 0.2, s * 0.96)]
        draw.polygon(robe, fill=colour, outline=style.INK, width=k)
        sprites.circle(draw, s * 0.5, s * 0.2, s * 0.15, fill=colour, outline=style.INK, width=k)
        draw.line([(s * 0.86, s * 0.12), (s * 0.86, s * 0.98)], fill=style.INK, width=2 * k)
        draw.line([(s * 0.86, s * 0.12), (s * 0.74, s * 0.04)], fill=style.INK, width=2 * k)
        sprites.circle(draw, s * 0.5, s * 0.2, s * 0.05, fill=style.WHITE)
        seatmark.paint_seat_emblem(draw, index, s * 0.5, s * 0.74, s * 0.18, k)

    return sprites.cached(("tribes", "elder", index, side), (side, side), paint)


def ground_of(cell: Cell) -> RGB | None:
    """The colour pieces stand on when the hex is a special tile."""
    return SPECIAL_FILL.get(cell.special) if cell.special else None


def draw_cell_extras(canvas: Canvas, grid: HexGrid, cell: Cell, seats: Sequence[str]) -> None:
    """The Elder beside its village; the Glacier's stones."""
    size = grid.size
    cx, cy = grid.centre(cell.at)
    ground = ground_of(cell) or pieces.TERRAIN_FILL.get(cell.terrain, pieces.NEUTRAL)
    if cell.elder is not None and cell.elder in seats:
        icon = elder_icon(seats.index(cell.elder), round(size * 0.46))
        canvas.sprite(icon, (cx + size * 0.0, cy - size * 0.46), ground=ground)
    if cell.glacier is not None:
        stones, melted = cell.glacier
        if melted and not stones:
            return
        face = font(max(12, round(size * 0.16)), bold=True)
        text = f"{stones}" if melted else f"{stones}/5"
        x, y = cx - size * 0.02, cy - size * 0.47
        canvas.sprite(
            pieces.resource_icon("stone", max(14, round(size * 0.2))), (x, y), ground=ground
        )
        canvas.text((x + size * 0.14, y), text, face, style.INK, anchor="lm", ground=ground)


def draw_panel_elder(
    canvas: Canvas, right_top: tuple[int, int], hex_id: str | None, index: int, lang: str
) -> None:
    """A player's panel: a chip ``Elder H05`` ending at ``right_top`` while it is on the map."""
    if hex_id is None:
        return
    text = tr("render.tribes.elder_at", lang, hex=hex_id)
    chip = pieces.chip(text, None, PANEL_CHIP, height=18)
    right, top = right_top
    x = right - chip.width
    canvas.sprite(chip, (x, top), centre=False, ground=style.PANEL)
    icon = elder_icon(index, 18)
    canvas.sprite(icon, (x - 20, top), centre=False, ground=style.PANEL)
