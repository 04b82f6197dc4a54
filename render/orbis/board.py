"""The Orbis board: the 3 x 3 display with the cubes on each tile, the draw piles by
level, the Temple tokens and the gods still on offer.

Each display cell is a tile (its cost along the top, its slot number 1-9 on a dark disc
at its top left corner, as the menu names it) and, beside it, the cubes lying on it as
one cube and ``xN`` per colour. A slot emptied by the turn under way shows a
dashed outline; the slot the last tile was taken from (refilled since) is tagged. A god
is a card: the god's badge and PC, its name and a few words on what it does.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import badges, sprites, style
from render.kit.compose import Static, Turn
from render.kit.frame import draw_tag, paint_box
from render.kit.geometry import Box
from render.kit.names import tr, tr_or
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, font, wrap
from render.orbis import colours, layout, model, pieces

PANEL = style.PANEL


def god_name(god: str, lang: str) -> str:
    return tr_or(f"orbis.god.{god}.name", god, lang)


def paint_board(image: Image.Image, board: Box, static: Static) -> None:
    """Section titles and the frame of every display cell (static)."""
    paint_box(image, board)
    lang = static.lang
    head = font(16, bold=True)
    area = layout.display_area(board)
    draw_text(image, (area.x, board.y + 8), tr("render.orbis.display", lang), head, style.INK)
    right = layout.right_area(board)
    draw_text(image, (right.x, board.y + 8), tr("render.orbis.piles", lang), head, style.INK)
    tokens_x = layout.token_centre(board, 0)[0] - layout.TOKEN_RADIUS
    draw_text(image, (tokens_x, board.y + 8), tr("render.orbis.tokens", lang), head, style.INK)
    gods_y = board.y + layout.GODS_TOP - 26
    draw_text(image, (right.x, gods_y), tr("render.orbis.gods", lang), head, style.INK)
    draw = ImageDraw.Draw(image)
    for slot in range(9):
        cell = layout.display_cell(board, slot)
        column = Box(cell.x + layout.DISPLAY_TILE + 4, cell.y, layout.CUBE_COLUMN, cell.h)
        draw.rounded_rectangle(column.xyxy(), radius=6, fill=style.PAPER)
    for level in (1, 2, 3):
        box = layout.pile_box(board, level)
        label = tr("render.orbis.level", lang, level=level)
        draw_text(image, (box.right + 8, box.y + 2), label, font(12), style.INK_SOFT)


def draw_board(canvas: Canvas, board: Box, turn: Turn) -> None:
    view, lang = turn.view, turn.lang
    taken = model.last_taken(view)
    pending = model.pending(view)
    burning = pending.need if pending is not None and pending.decision == "burn" else {}
    for slot, place in enumerate(model.display(view)):
        if burning and any(place.cubes.get(c) for c in burning):
            # a Volcano being resolved: the tiles holding cubes it may destroy
            ring = layout.display_cell(board, slot).inset(-4)
            canvas.rectangle(ring.xyxy(), radius=8, outline=colours.LAVA, width=3)
        tile_box = layout.display_tile(board, slot)
        if place.tile is None:
            canvas.sprite(
                pieces.empty_slot(tile_box.w), (tile_box.x, tile_box.y), centre=False, ground=PANEL
            )
        else:
            sprite = pieces.region_tile(place.tile, tile_box.w, cost=True, state="plain")
            canvas.sprite(sprite, (tile_box.x, tile_box.y), centre=False, ground=PANEL)
        _cubes_on(canvas, layout.display_cell(board, slot), place.cubes)
        # the slot's number, as the menu names it ("take slot 5")
        canvas.sprite(badges.number_badge(str(slot + 1)), (tile_box.x + 3, tile_box.y + 3))
        if taken is not None and taken.slot == slot and taken.tile is not None and place.tile:
            cell = layout.display_cell(board, slot)
            draw_tag(canvas, cell.right - 2, cell.bottom - 12, tr("render.orbis.new", lang))
    _piles(canvas, board, model.piles(view))
    holders = _token_holders(view, turn.seats)
    for i, value in enumerate(model.temple_tokens(view)):
        x, y = layout.token_centre(board, i)
        canvas.sprite(pieces.temple_token(value, layout.TOKEN_RADIUS), (x, y), ground=PANEL)
        for j, index in enumerate(holders.get(value, [])):
            at = (x - 11 * (len(holders[value]) - 1) + 22 * j, y + layout.TOKEN_RADIUS + 14)
            canvas.sprite(sprites.marker_icon(index, radius=9), at, ground=PANEL)
    if not model.temple_tokens(view):
        x, y = layout.token_centre(board, 0)
        canvas.text(
            (x - layout.TOKEN_RADIUS, y), "—", font(16), style.INK_SOFT, anchor="lm", ground=PANEL
        )
    gods = model.gods_on_offer(view)
    for i, god in enumerate(gods[:5]):
        _god_card(canvas, layout.god_box(board, i), god, lang)
    if not gods:
        box = layout.god_box(board, 0)
        canvas.text((box.x, box.y + 10), "—", font(16), style.INK_SOFT, ground=PANEL)


def _token_holders(view: model.View, seats: list[str]) -> dict[int, list[int]]:
    """Which seats (by index) would get each Temple token now (the rules' ranking)."""
    out: dict[int, list[int]] = {}
    for index, seat in enumerate(seats):
        player = model.player(view, seat)
        token = player.get("temple_token") if player is not None else None
        if isinstance(token, int) and token:
            out.setdefault(token, []).append(index)
    return out


def _cubes_on(canvas: Canvas, cell: Box, cubes: dict[str, int]) -> None:
    """One row per colour present: a cube and ``×n`` (on the cell's cube column)."""
    x = cell.x + layout.DISPLAY_TILE + 9
    rows = [(c, n) for c, n in cubes.items() if n]
    top = cell.y + (cell.h - 20 * len(rows)) // 2
    for i, (colour, count) in enumerate(rows):
        sprite = pieces.cube_count(colour, count, width=layout.CUBE_COLUMN - 8, prefix="×", size=15)
        canvas.sprite(sprite, (x, top + i * 20), centre=False, ground=style.PAPER)


def _piles(canvas: Canvas, board: Box, counts: dict[int, int]) -> None:
    for level, count in counts.items():
        box = layout.pile_box(board, level)
        if count:
            canvas.sprite(
                pieces.tile_back(level, box.w), (box.x, box.y), centre=False, ground=PANEL
            )
        else:
            canvas.sprite(pieces.empty_slot(box.w - 6), (box.x, box.y), centre=False, ground=PANEL)
        canvas.text(
            (box.right + 8, box.y + 20), str(count), font(22, bold=True), style.INK, ground=PANEL
        )


def god_card_lines(god: str, lang: str, width: int) -> tuple[list[str], list[str]]:
    """A god card's name and effect lines, wrapped to ``width``."""
    name = wrap(god_name(god, lang), font(14, bold=True), width, max_lines=2)
    words = tr_or(f"render.orbis.god.{god}", "", lang)
    return name, wrap(words, font(12), width, max_lines=6) if words else []


def _god_card(canvas: Canvas, box: Box, god: str, lang: str) -> None:
    """A god on offer: badge and PC, name, what it does (one cached sprite)."""
    canvas.sprite(god_card(god, lang, box.w, box.h), (box.x, box.y), centre=False, ground=PANEL)


def god_card(god: str, lang: str, width: int, height: int) -> Image.Image:
    """The card of a god on offer, drawn once per god, language and size."""

    def build() -> Image.Image:
        image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        light = colours.GOD_LIGHT
        ImageDraw.Draw(image).rounded_rectangle(
            (0, 0, width - 1, height - 1), radius=8, fill=light, outline=colours.GOD, width=2
        )
        sprites.paste_at(image, pieces.god_badge(30), (6, 6))
        pc = tr("render.orbis.pc", lang, pc=model.god_pc(god))
        draw_text(image, (width - 8, 21), pc, font(18, bold=True), style.INK, anchor="rm")
        inner = width - 14
        name, words = god_card_lines(god, lang, inner)
        y = 44
        for line in name:
            draw_text(image, (7, y), line, font(14, bold=True), colours.GOD)
            y += 17
        y += 5
        for line in words:
            if y + 15 > height - 4:
                break
            draw_text(image, (7, y), ellipsise(line, font(12), inner), font(12), style.INK)
            y += 15
        return image

    return sprites.SPRITES.get(("orbis.god_card", god, lang, width, height), build)
