"""The parts of the Origin picture around the map: header, player tableaux, supply, legend."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.geometry import Box
from render.kit.names import seat_name, tr
from render.kit.paint import Canvas
from render.kit.text import draw_text, ellipsise, fit_font, font, text_width
from render.origin import pieces
from render.origin.colours import TERRITORY_COLOURS
from render.origin.names import pawn_words, territory_name

View = Mapping[str, Any]
PlayerExtra = Callable[[Canvas, Box, str, View, str], None]
PanelStatic = Callable[[Image.Image, Box, int, str], None]
PilesPainter = Callable[[Canvas, Box, View, str], None]
Describer = Callable[[View, str, Mapping[str, str] | None], str]
PANEL = style.PANEL
StaticPainter = Callable[[Image.Image, Box, str], None]

CARD_ORDER = ("yellow", "orange", "violet")


# ---------------------------------------------------------------- static parts


def paint_frame(image: Image.Image, box: Box) -> None:
    """An empty panel background (the per-turn content goes on top)."""
    ImageDraw.Draw(image).rounded_rectangle(
        box.xyxy(), radius=10, fill=style.PANEL, outline=style.RULE, width=2
    )


def paint_header_frame(image: Image.Image, box: Box) -> None:
    ImageDraw.Draw(image).rectangle(box.xyxy(), fill=style.HEADER_BG)


def paint_legend(image: Image.Image, box: Box, lang: str) -> None:
    """The legend (static: depends on the language only), right part of the footer."""
    paint_frame(image, box)
    title = font(14, bold=True)
    small = font(12)
    x, y = box.x + 12, box.y + 8
    draw_text(image, (x, y), tr("render.origin.legend", lang), title, style.INK)
    width = box.w - 24

    def line(key: str, at: tuple[int, int], indent: int) -> None:
        text = ellipsise(tr(key, lang), small, width - indent)
        draw_text(image, at, text, small, style.INK)

    # Pawn glyphs.
    y += 24
    for i, (size, strength) in enumerate(((1, 1), (2, 2), (3, 3))):
        sprites.paste_at(image, pieces.pawn_icon(size, strength, "wbk"[i]), (x + i * 22, y))
    for i, key in enumerate(("pawn", "badge")):
        line(f"render.origin.legend.{key}", (x + 72, y + 2 + 16 * i), 72)
    # Owner ring and marker shape.
    y += 40
    sprites.paste(image, sprites.marker_icon(0, radius=8), (x + 10, y + 9))
    sprites.paste(image, sprites.marker_icon(1, radius=8), (x + 32, y + 9))
    line("render.origin.legend.owner", (x + 52, y + 2), 52)
    # Tokens face down, last move arrow.
    y += 24
    sprites.paste(image, pieces.strait_token(None, radius=9), (x + 10, y + 9))
    sprites.paste(image, pieces.hunting_token(None, radius=9), (x + 32, y + 9))
    line("render.origin.legend.tokens", (x + 52, y + 2), 52)
    y += 24
    draw_legend_arrow(image, x, y)
    line("render.origin.legend.last", (x + 52, y + 2), 52)
    # Territory colours and what they give (Junior).
    y += 26
    cx = x
    for colour in ("yellow", "orange", "violet", "brown", "green", "neutral"):
        label = tr(f"render.origin.legend.terr.{colour}", lang)
        sprite = _swatch(colour)
        sprites.paste_at(image, sprite, (cx, y))
        draw_text(image, (cx + 22, y + 2), label, small, style.INK)
        cx += 22 + round(text_width(label, small)) + 12


def draw_legend_arrow(image: Image.Image, x: int, y: int) -> None:
    """The last-move arrow of the legends, pointing right, 42 px long, from ``(x, y)``."""
    draw = ImageDraw.Draw(image)
    draw.line([(x, y + 9), (x + 38, y + 9)], fill=style.WHITE, width=7)
    draw.line([(x, y + 9), (x + 36, y + 9)], fill=style.ARROW, width=3)
    draw.polygon([(x + 42, y + 9), (x + 32, y + 3), (x + 32, y + 15)], fill=style.ARROW)


def _swatch(colour: str) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        fill = TERRITORY_COLOURS[colour]
        draw.ellipse((k, k, 17 * k, 17 * k), fill=fill, outline=style.INK, width=k)
        pieces.paint_symbol(draw, colour, 9 * k, 9 * k, 5 * k, style.mix(fill, style.INK, 0.45))

    return sprites.SPRITES.get(("swatch", colour), lambda: sprites.supersampled((18, 18), paint))


# ---------------------------------------------------------------- per turn


def draw_header(
    canvas: Canvas,
    box: Box,
    view: View,
    lang: str,
    names: Mapping[str, str] | None,
    *,
    describe: Describer | None = None,
    notice: Describer | None = None,
) -> None:
    """Title, round and turn, whose turn it is (or game over), and what just happened.

    ``describe`` replaces the Junior sentence on the pending choice or last move;
    ``notice`` (if it gives a text) is a highlighted tag after the title.
    """
    bg = style.HEADER_BG
    title = tr(
        "render.origin.title." + ("junior" if view.get("game") == "origin-junior" else "classic"),
        lang,
    )
    title_face = font(24, bold=True)
    canvas.text((box.x + 18, box.y + 10), title, title_face, style.HEADER_INK, ground=bg)
    sub = tr("render.origin.round_turn", lang, round=view.get("round", 0), turn=view.get("turn", 0))
    canvas.text((box.x + 18, box.y + 44), sub, font(16), style.HEADER_SOFT, ground=bg)
    seats: list[str] = list(view.get("seats", []))
    right = box.right - 18
    taken = right  # the left end of what the first line shows on the right
    if view.get("over"):
        over_line = ellipsise(over_text(view, lang, names), font(22, bold=True), 760)
        taken = right - round(text_width(over_line, font(22, bold=True)))
        canvas.text(
            (right, box.y + 12),
            over_line,
            font(22, bold=True),
            style.HIGHLIGHT,
            anchor="ra",
            ground=bg,
        )
    else:
        acting = [s for s in view.get("to_act", []) if s in seats]
        face = font(20, bold=True)
        x = right
        for seat in reversed(acting):
            name = ellipsise(seat_name(seat, names), face, 260)
            canvas.text((x, box.y + 12), name, face, style.HEADER_INK, anchor="ra", ground=bg)
            x -= round(text_width(name, face)) + 6
            canvas.sprite(
                sprites.marker_icon(seats.index(seat), radius=10), (x - 12, box.y + 24), ground=bg
            )
            x -= 34
        if acting:
            taken = x - round(text_width(tr("render.origin.to_play", lang), font(18)))
            canvas.text(
                (x, box.y + 14),
                tr("render.origin.to_play", lang),
                font(18),
                style.HIGHLIGHT,
                anchor="ra",
                ground=bg,
            )
    if notice is not None:
        start = box.x + 18 + round(text_width(title, title_face)) + 24
        _draw_notice(canvas, box, notice(view, lang, names), start, taken - 24)
    line = (describe or describe_turn)(view, lang, names)
    if line:
        face = font(16)
        left = box.x + 18 + round(text_width(sub, font(16))) + 30
        canvas.text(
            (right, box.y + 46),
            ellipsise(line, face, right - left),
            face,
            style.HEADER_INK,
            anchor="ra",
            ground=bg,
        )


def _draw_notice(canvas: Canvas, box: Box, text: str, x: int, end: int) -> None:
    """A highlighted tag on the first header line, from ``x``, never past ``end``."""
    face = font(17, bold=True)
    if not text or end - x < 80:
        return
    text = ellipsise(text, face, end - x - 22)
    width = round(text_width(text, face)) + 22
    canvas.rectangle(
        (x, box.y + 10, x + width, box.y + 38), radius=8, fill=style.HIGHLIGHT, outline=style.INK
    )
    canvas.text(
        (x + width / 2, box.y + 24), text, face, style.INK, anchor="mm", ground=style.HIGHLIGHT
    )


def over_text(view: View, lang: str, names: Mapping[str, str] | None) -> str:
    """The game-over line, naming the winners when the view gives them (key ``winners``)."""
    winners = [seat_name(str(s), names) for s in view.get("winners") or []]
    if not winners:
        return tr("render.origin.over", lang)
    return tr("render.origin.over_won", lang, names=", ".join(winners))


def describe_turn(view: View, lang: str, names: Mapping[str, str] | None) -> str:
    """One sentence: the pending choice, else the last move and what it gained."""
    pending = view.get("pending")
    if pending:
        return tr(
            f"render.origin.pending.{pending.get('action')}",
            lang,
            player=seat_name(pending.get("seat", "?"), names),
            at=territory_name(str(pending.get("at")), lang),
        )
    last = view.get("last_move")
    if not last:
        return ""
    text = action_words(last, lang, names)
    gains = gains_words(last.get("gains") or {}, lang)
    return f"{text} {gains}" if gains else text


def action_words(last: Mapping[str, Any], lang: str, names: Mapping[str, str] | None) -> str:
    """What a view's ``last_move`` did (who, which pawn, from where to where, whom it
    displaced), without its gains; Junior and Classic share these sentences."""
    action = last.get("action")
    params: dict[str, Any] = {
        "player": seat_name(str(last.get("seat", "?")), names),
        "pawn": pawn_words(str(last.get("pawn") or "?"), lang),
        "from": territory_name(str(last.get("from")), lang),
        "to": territory_name(str(last.get("to")), lang),
    }
    swapped = last.get("swapped")
    if action == "swap" and swapped:
        params["other"] = seat_name(str(swapped.get("owner", "?")), names)
        params["other_pawn"] = pawn_words(str(swapped.get("pawn", "?")), lang)
    return tr(f"render.origin.last.{action}", lang, **params)


def gains_words(gains: Mapping[str, Any], lang: str) -> str:
    parts = []
    for colour, count in sorted((gains.get("cards") or {}).items()):
        if count:
            parts.append(tr(f"render.origin.gain.card.{colour}", lang, count=count))
    return gains_line(parts + tile_and_token_gains(gains, lang))


def tile_and_token_gains(gains: Mapping[str, Any], lang: str) -> list[str]:
    """The tile, Hunting and Strait parts of a ``gains`` record (tiles: a count in Junior,
    a list of ids in Classic)."""
    parts = []
    tiles = gains.get("tiles")
    count = len(tiles) if isinstance(tiles, list) else int(tiles or 0)
    if count:
        parts.append(tr("render.origin.gain.tiles", lang, count=count))
    if gains.get("hunting"):
        parts.append(tr("render.origin.gain.hunting", lang, count=len(gains["hunting"])))
    if gains.get("straits"):
        parts.append(tr("render.origin.gain.straits", lang, count=len(gains["straits"])))
    return parts


def gains_line(parts: list[str]) -> str:
    """``(+ a, b)`` from the parts of a gain, or ``""`` when nothing was gained."""
    return f"(+ {', '.join(parts)})" if parts else ""


PANEL_BAR = 36
TOKENS_X, TILES_X, CARDS_X, PAWNS_X = 12, 300, 104, 204


def _rows(box: Box) -> tuple[int, int, int, int]:
    """(label y, icon y) of the two body rows of a panel."""
    top = box.y + PANEL_BAR + 6
    row1 = top + 17
    top2 = row1 + 40
    return top, row1, top2, top2 + 16


def paint_panel_static(
    image: Image.Image, box: Box, index: int, lang: str, body: PanelStatic | None = None
) -> None:
    """A player panel's unchanging parts: frame, colour bar, marker, section titles.

    ``body`` replaces the Junior section titles (a variant with other rows).
    """
    draw = ImageDraw.Draw(image)
    colour = style.player_colour(index)
    draw.rounded_rectangle(box.xyxy(), radius=10, fill=style.PANEL, outline=style.RULE, width=2)
    draw.rounded_rectangle((box.x, box.y, box.right, box.y + PANEL_BAR), radius=10, fill=colour)
    draw.rectangle((box.x, box.y + 20, box.right, box.y + PANEL_BAR), fill=colour)
    sprites.paste(image, sprites.marker_icon(index, radius=10), (box.x + 20, box.y + 18))
    if body is not None:
        body(image, box, index, lang)
        return
    label = font(12, bold=True)
    top, _, top2, _ = _rows(box)
    for key, x, y in (
        ("villages", 12, top),
        ("cards", CARDS_X, top),
        ("pawns", PAWNS_X, top),
        ("tokens", TOKENS_X, top2),
        ("tiles", TILES_X, top2),
    ):
        draw_text(image, (box.x + x, y), tr(f"render.origin.{key}", lang), label, style.INK_SOFT)


def draw_panel(
    canvas: Canvas,
    box: Box,
    seat: str,
    view: View,
    lang: str,
    names: Mapping[str, str] | None,
    extra: PlayerExtra | None = None,
    body: PlayerExtra | None = None,
) -> None:
    """One player's tableau: name, score, villages, cards, pawns, tokens, tiles.

    ``body`` replaces everything under the name bar (a variant's rows); ``extra`` adds
    parts after the rows.
    """
    seats = list(view.get("seats", []))
    index = seats.index(seat)
    colour = style.player_colour(index)
    ink = style.WHITE if style.is_dark(colour) else style.INK
    acting = seat in view.get("to_act", []) and not view.get("over")
    won = bool(view.get("over")) and seat in (view.get("winners") or [])
    if acting or won:
        canvas.rectangle(box.inset(-4).xyxy(), radius=13, outline=style.HIGHLIGHT, width=5)
    mid = box.y + PANEL_BAR // 2
    score = view.get("scores", {}).get(seat, {})
    score_text = tr("render.origin.points", lang, points=score.get("total", 0))
    if score.get("partial"):
        score_text = "≈ " + score_text
    score_face = font(22, bold=True)
    score_w = round(text_width(score_text, score_face))
    canvas.text((box.right - 12, mid), score_text, score_face, ink, anchor="rm", ground=colour)
    name_room = box.w - 52 - score_w - 24
    if acting or won:
        tag = tr("render.origin." + ("to_play_tag" if acting else "winner_tag"), lang)
        tag_face = font(13, bold=True)
        tag_w = round(text_width(tag, tag_face)) + 14
        tx = box.right - 24 - score_w - tag_w
        canvas.rectangle(
            (tx, mid - 10, tx + tag_w, mid + 10), radius=6, fill=style.HIGHLIGHT, outline=style.INK
        )
        canvas.text(
            (tx + tag_w / 2, mid), tag, tag_face, style.INK, anchor="mm", ground=style.HIGHLIGHT
        )
        name_room -= tag_w + 8
    name_face = fit_font(seat_name(seat, names), name_room, 22, bold=True, minimum=14)
    name = ellipsise(seat_name(seat, names), name_face, name_room)
    canvas.text((box.x + 38, mid), name, name_face, ink, anchor="lm", ground=colour)
    (body or draw_panel_rows)(canvas, box, seat, view, lang)
    if extra is not None:
        extra(canvas, box, seat, view, lang)


def draw_villages_left(canvas: Canvas, xy: tuple[int, int], index: int, left: int) -> None:
    """A player's village icon at ``xy`` and how many villages are left beside it."""
    x, y = xy
    canvas.sprite(pieces.village_icon(index, side=26), (x, y + 2), centre=False, ground=PANEL)
    big = font(20, bold=True)
    canvas.text((x + 32, y + 15), str(left), big, style.INK, anchor="lm", ground=PANEL)


def draw_card_counts(canvas: Canvas, xy: tuple[int, int], held: Sequence[tuple[str, int]]) -> None:
    """One card icon per ``(colour, count)`` from ``xy`` rightwards, the count on it."""
    x, y = xy
    for i, (colour, count) in enumerate(held):
        canvas.sprite(
            pieces.card_icon(colour, count, height=30),
            (x + i * 28, y),
            centre=False,
            ground=PANEL,
        )


def draw_pawn_counts(canvas: Canvas, xy: tuple[int, int], counts: Mapping[str, int]) -> None:
    """A pawn of each colour (white, brown, black) from ``xy`` with how many stand on the map."""
    x, y = xy
    for i, pawn_colour in enumerate("wbk"):
        px = x + i * 46
        canvas.sprite(
            pieces.pawn_icon(2, 2, pawn_colour, scale=0.9),
            (px, y - 1),
            centre=False,
            ground=PANEL,
        )
        canvas.text(
            (px + 21, y + 16),
            str(counts[pawn_colour]),
            font(17, bold=True),
            style.INK,
            anchor="lm",
            ground=PANEL,
        )


def draw_panel_rows(canvas: Canvas, box: Box, seat: str, view: View, lang: str) -> None:
    """The Junior rows under the name bar: villages, cards, pawns, tokens, tiles."""
    seats = list(view.get("seats", []))
    index = seats.index(seat)
    player: Mapping[str, Any] = view.get("players", {}).get(seat, {})
    _, row1, _, row2 = _rows(box)
    draw_villages_left(canvas, (box.x + 12, row1), index, player.get("villages_left", 0))
    cards = player.get("cards", {})
    held = [(card, int(cards.get(card, 0))) for card in CARD_ORDER]
    draw_card_counts(canvas, (box.x + CARDS_X, row1), held)
    draw_pawn_counts(canvas, (box.x + PAWNS_X, row1), pawn_colours(view, seat))
    tokens = [("hunt", t.get("value")) for t in player.get("hunting", [])]
    tokens += [("strait", t.get("value")) for t in player.get("straits", [])]
    x = box.x + TOKENS_X
    if not tokens:
        canvas.text((x, row2 + 4), "—", font(14), style.INK_SOFT, ground=PANEL)
    step = min(25, (TILES_X - TOKENS_X - 34) // max(1, len(tokens)))
    for i, (kind, value) in enumerate(tokens):
        sprite = (
            pieces.hunting_token(value, radius=11)
            if kind == "hunt"
            else pieces.strait_token(value, radius=11)
        )
        canvas.sprite(sprite, (x + i * step, row2), centre=False, ground=PANEL)
    tiles = list(player.get("tiles", []))
    x = box.x + TILES_X
    if not tiles:
        canvas.text((x, row2 + 4), "—", font(14), style.INK_SOFT, ground=PANEL)
    elif all(t.get("level") is None for t in tiles):
        canvas.sprite(pieces.tile_icon(None, side=22), (x, row2), centre=False, ground=PANEL)
        canvas.text(
            (x + 30, row2 + 12),
            f"× {len(tiles)}",
            font(17, bold=True),
            style.INK,
            anchor="lm",
            ground=PANEL,
        )
    else:
        room = box.right - x - 12
        step = max(8, min(26, (room - 24) // max(1, len(tiles) - 1)))
        for i, tile in enumerate(sorted(tiles, key=lambda t: t.get("level") or 0)):
            canvas.sprite(
                pieces.tile_icon(tile.get("level"), side=22),
                (x + i * step, row2),
                centre=False,
                ground=PANEL,
            )


def pawn_colours(view: View, seat: str) -> dict[str, int]:
    """How many pawns of each colour ``seat`` has on the map."""
    counts = {"w": 0, "b": 0, "k": 0}
    for spot in view.get("territories", {}).values():
        pawn = spot.get("pawn")
        if spot.get("owner") == seat and pawn:
            colour = str(pawn).split("#", 1)[0][-1:]
            if colour in counts:
                counts[colour] += 1
    return counts


SUPPLY_CELL = (44, 41)
PILES_X = 12 + 9 * SUPPLY_CELL[0] + 18


def piles_box(box: Box) -> Box:
    """The right part of the supply box (decks and tiles), right of its rule."""
    return Box(box.x + PILES_X, box.y, box.w - PILES_X, box.h)


def paint_supply_static(
    image: Image.Image, box: Box, lang: str, piles: StaticPainter | None = None
) -> None:
    """The supply box: frame, titles, the grid's empty marks and the piles' captions.

    ``piles`` replaces the Junior captions of the piles part (``piles_box``).
    """
    paint_frame(image, box)
    draw = ImageDraw.Draw(image)
    title = font(14, bold=True)
    draw_text(image, (box.x + 12, box.y + 8), tr("render.origin.supply", lang), title, style.INK)
    head = font(11, bold=True)
    for col in range(9):
        x, _ = _supply_cell(box, 0, col)
        draw_text(
            image,
            (x + 12, box.y + 30),
            f"{col // 3 + 1}·{col % 3 + 1}",
            head,
            style.INK_SOFT,
            anchor="ma",
        )
    for row in range(3):
        for col in range(9):
            x, y = _supply_cell(box, row, col)
            draw.line([(x + 5, y + 30), (x + 19, y + 30)], fill=style.RULE, width=2)
    x = box.x + PILES_X
    draw.line([(x - 10, box.y + 10), (x - 10, box.bottom - 10)], fill=style.RULE, width=2)
    if piles is not None:
        piles(image, piles_box(box), lang)
        return
    draw_text(image, (x, box.y + 8), tr("render.origin.piles", lang), title, style.INK)
    draw_text(
        image, (x, box.y + 136), tr("render.origin.tiles_left", lang), font(12), style.INK_SOFT
    )


def _supply_cell(box: Box, row: int, col: int) -> tuple[int, int]:
    return box.x + 12 + col * SUPPLY_CELL[0], box.y + 44 + row * SUPPLY_CELL[1]


def draw_supply(
    canvas: Canvas, box: Box, view: View, lang: str, piles: PilesPainter | None = None
) -> None:
    """Copies left of each of the 27 pawns, and the piles (decks, face-down tiles).

    ``piles`` replaces the Junior piles (drawn in ``piles_box``).
    """
    supply: Mapping[str, int] = view.get("supply", {})
    count_face = font(13, bold=True)
    for row, colour in enumerate("wbk"):
        for col in range(9):
            size, strength = col // 3 + 1, col % 3 + 1
            left = supply.get(f"z{size}s{strength}{colour}", 0)
            if not left:
                continue
            x, y = _supply_cell(box, row, col)
            canvas.rectangle((x + 2, y + 26, x + 22, y + 34), fill=PANEL)
            canvas.sprite(
                pieces.pawn_icon(size, strength, colour), (x, y + 2), centre=False, ground=PANEL
            )
            if left > 1:
                canvas.text(
                    (x + 22, y + 34), f"×{left}", count_face, style.INK, anchor="ls", ground=PANEL
                )
    if piles is not None:
        piles(canvas, piles_box(box), view, lang)
        return
    x = box.x + PILES_X
    decks: Mapping[str, int] = view.get("decks", {})
    for i, colour in enumerate(c for c in CARD_ORDER if c in decks):
        canvas.sprite(
            pieces.card_icon(colour, int(decks[colour]), height=44),
            (x + i * 40, box.y + 34),
            centre=False,
            ground=PANEL,
        )
    ty = box.y + 96
    canvas.sprite(pieces.tile_icon(None, side=28), (x, ty), centre=False, ground=PANEL)
    canvas.text(
        (x + 36, ty + 15),
        f"× {int(view.get('tiles_left', 0))}",
        font(20, bold=True),
        style.INK,
        anchor="lm",
        ground=PANEL,
    )
