"""A player's panel: the pyramid, and beside it the god, the domain, Reductions, temples.

The pyramid's 14 places are dashed outlines in the static art; each placed tile is drawn
over its place (colour, effect icon, PC in a disc: white, green-edged and ticked once
validated, black and struck once cancelled; a Wasteland turned over). The tile the last
move placed is framed in yellow and black. The tile being taken in a turn under way
waits in the corner of the panel, ringed with dashes, until it is placed; meanwhile
each place where it may go carries a plate naming it as the menu does ("row 2 ·
place 1", "right end"; the left end's plate sits over the leftmost tile's edge).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import badges, sprites, style
from render.kit.compose import Static, Turn
from render.kit.geometry import Box
from render.kit.names import tr, tr_or
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, font, text_width, wrap
from render.orbis import colours, layout, model, pieces
from render.orbis.board import god_name

PANEL = style.PANEL
LABEL = font(12, bold=True)
# Rows of the right column, from its top.
GOD_Y, CUBES_Y, FARMS_Y, TEMPLES_Y, HAND_Y = 0, 64, 122, 176, 228


def paint_panel(image: Image.Image, box: Box, index: int, static: Static) -> None:
    """The pyramid's empty places and the right column's labels (static)."""
    pyramid = layout.pyramid(box)
    for row, x in pyramid.places():
        place = pyramid.place(row, x)
        sprites.paste_at(image, pieces.empty_slot(place.w), (place.x, place.y))
    side = layout.side(box)
    for key, y in (("god", GOD_Y), ("cubes", CUBES_Y), ("farms", FARMS_Y), ("temples", TEMPLES_Y)):
        draw_text(
            image,
            (side.x, side.y + y),
            tr(f"render.orbis.{key}", static.lang),
            LABEL,
            style.INK_SOFT,
        )


def draw_panel(canvas: Canvas, box: Box, seat: str, turn: Turn) -> None:
    view, lang = turn.view, turn.lang
    board = model.board(view, seat)
    pyramid = layout.pyramid(box)
    for cell in board.pyramid:
        if not (0 <= cell.row < 4 and 0 <= cell.x < layout.PYRAMID_ROWS[cell.row]):
            continue
        place = pyramid.place(cell.row, cell.x)
        canvas.sprite(
            pieces.region_tile(cell.tile, place.w), (place.x, place.y), centre=False, ground=PANEL
        )
    _spots(canvas, pyramid, view, seat, lang)
    taken = model.last_taken(view)
    if taken is not None and taken.seat == seat and taken.tile is not None:
        for cell in board.pyramid:
            if cell.tile.get("id") == taken.tile and cell.row < 4 and cell.x < 5 - cell.row:
                place = pyramid.place(cell.row, cell.x)
                canvas.sprite(pieces.last_frame(place.w), place.centre)
    side = layout.side(box)
    _god(
        canvas,
        side,
        board,
        lang,
        framed=taken is not None and taken.seat == seat and taken.god is not None,
    )
    _domain(canvas, side, board, lang)
    _farms(canvas, side, board)
    _temples(canvas, side, board, lang)
    _in_hand(canvas, side, view, seat, lang)


def _spots(canvas: Canvas, pyramid: layout.Pyramid, view: model.View, seat: str, lang: str) -> None:
    """While a placement is pending: a plate on each place the tile may go."""
    pending = model.pending(view)
    if pending is None or pending.seat != seat:
        return
    for spot in pending.spots:
        if spot.row == 0 and spot.x < 0:
            lines: tuple[str, ...] = (tr("render.orbis.spot.left", lang),)
            place = pyramid.place(0, 0)
            plate = badges.place_plate(lines, place.w - 20)
            canvas.sprite(plate, (place.x - 4, place.y + place.h - plate.height - 2), centre=False)
            continue
        if not (0 <= spot.row < 4 and 0 <= spot.x < layout.PYRAMID_ROWS[spot.row]):
            continue
        place = pyramid.place(spot.row, spot.x)
        if spot.row == 0:
            key = "start" if spot.code == "start" else "right"
            lines = (tr(f"render.orbis.spot.{key}", lang),)
        else:
            lines = (
                tr("render.orbis.spot.row", lang, row=spot.row + 1),
                tr("render.orbis.spot.place", lang, place=spot.x + 1),
            )
        canvas.rectangle(place.inset(2).xyxy(), radius=8, outline=style.HIGHLIGHT, width=3)
        plate = badges.place_plate(lines, place.w - 12)
        canvas.sprite(plate, place.centre)


def _god(canvas: Canvas, side: Box, board: model.Board, lang: str, *, framed: bool) -> None:
    y = side.y + GOD_Y + 18
    if board.god is None:
        text = tr("render.orbis.no_god", lang)
        canvas.text((side.x, y + 8), text, font(14), style.INK_SOFT, ground=PANEL)
        return
    if framed:
        ring = (side.x - 4, y - 4, side.right + 4, y + 44)
        canvas.rectangle(ring, radius=9, outline=style.HIGHLIGHT, width=3)
    chip = god_chip(board.god, board.god_cancelled, board.god_now, lang, side.w)
    canvas.sprite(chip, (side.x, y), centre=False, ground=PANEL)


def god_chip(god: str, cancelled: bool, now: int | None, lang: str, width: int) -> Image.Image:
    """A player's god: badge, name, its PC (``now/printed`` while a condition is not met;
    struck when cancelled); cached."""

    def build() -> Image.Image:
        height = 41
        image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        light = colours.GOD_LIGHT
        draw.rounded_rectangle(
            (0, 0, width - 1, height - 1), radius=7, fill=light, outline=colours.GOD, width=2
        )
        sprites.paste_at(image, pieces.god_badge(26), (4, 6))
        ink = style.INK_SOFT if cancelled else style.INK
        printed = model.god_pc(god)
        waiting = now is not None and now != printed and not cancelled
        pc = f"{now}/{printed}" if waiting else str(printed)
        draw_text(image, (width - 8, 20), pc, font(18, bold=True), ink, anchor="rm")
        face = font(12, bold=True)
        room = width - 34 - round(text_width(pc, font(18, bold=True))) - 14
        lines = wrap(god_name(god, lang), face, room, max_lines=2)
        top = 20 - 7 * len(lines)
        for i, line in enumerate(lines):
            draw_text(image, (34, top + 14 * i), line, face, colours.GOD)
        if cancelled:
            draw.line([(width - 22, 30), (width - 4, 10)], fill=colours.CANCEL, width=3)
        return image

    return sprites.SPRITES.get(("orbis.god_chip", god, cancelled, now, lang, width), build)


def _domain(canvas: Canvas, side: Box, board: model.Board, lang: str) -> None:
    total = sum(board.domain.values())
    label_w = round(text_width(tr("render.orbis.cubes", lang), LABEL)) + 8
    canvas.text((side.x + label_w, side.y + CUBES_Y), f"{total}/10", LABEL, style.INK, ground=PANEL)
    y = side.y + CUBES_Y + 20
    step = (side.w + 2) // 5
    for i, colour in enumerate(model.COLOURS):
        sprite = pieces.cube_count(colour, board.domain.get(colour, 0), width=step - 1)
        canvas.sprite(sprite, (side.x + i * step, y + 1), centre=False, ground=PANEL)


def _farms(canvas: Canvas, side: Box, board: model.Board) -> None:
    y = side.y + FARMS_Y + 18
    if not board.reductions:
        canvas.text((side.x, y + 4), "—", font(14), style.INK_SOFT, ground=PANEL)
        return
    for i, colour in enumerate(board.reductions[:5]):
        canvas.sprite(
            pieces.reduction_token(colour, 12), (side.x + i * 30, y), centre=False, ground=PANEL
        )


def _temples(canvas: Canvas, side: Box, board: model.Board, lang: str) -> None:
    y = side.y + TEMPLES_Y + 18
    canvas.sprite(pieces.temple_icon(24), (side.x, y), centre=False, ground=PANEL)
    face = font(16, bold=True)
    canvas.text(
        (side.x + 28, y + 12), f"×{board.temples}", face, style.INK, anchor="lm", ground=PANEL
    )
    if board.token:
        canvas.sprite(pieces.temple_token(board.token, 15), (side.x + 92, y + 12), ground=PANEL)
        del lang


def _in_hand(canvas: Canvas, side: Box, view: model.View, seat: str, lang: str) -> None:
    """The Region tile taken by the turn under way, not placed yet."""
    pending = model.pending(view)
    if pending is None or pending.seat != seat or pending.tile is None:
        return
    y = side.y + HAND_Y
    size = 68
    state = "wasteland" if pending.wasteland else "plain"
    sprite = pieces.region_tile(pending.tile, size, state=state)
    canvas.sprite(sprite, (side.x + 12, y + 4), centre=False, ground=PANEL)
    canvas.sprite(sprites.dashed_ring(size // 2 + 6), (side.x + 12 + size / 2, y + 4 + size / 2))
    key = f"render.orbis.step.{pending.decision or pending.step}"
    word = tr_or(key, "", lang)
    if word:
        face = font(13, bold=True)
        text = ellipsise(word, face, side.w - size - 26)
        at = (side.x + size + 24, y + size / 2 + 4)
        canvas.text(at, text, face, style.INK, anchor="lm", ground=PANEL)
