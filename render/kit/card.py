"""The turn card: a portrait picture a phone reads at 400 px wide without zooming.

A second layout of a game's picture, 800 px wide, built from the same public view and
names as the full board (so it shows nothing the full board hides):

    header      the game's title, round and turn
    to play     who must decide now, with the seat's marker and colour (once the game
                is over: who won)
    last move   the line the full board's header reads, wrapped in large type
    close-up    the part of the board the last move changed, cut from the full board's
                own drawing and shown twice as large when it is small enough
    scores      one bar per seat in its colour: marker, name, tag, score

Every text of the card's own (all but the close-up) is at least ``MIN_TEXT`` pixels tall
(``text.record_sizes`` lets a test check it). A game gives a ``Card``: its full
``Picture`` (per seat count) and ``focus``, the boxes of that picture (full-picture
coordinates) its close-up shows; no box, or none inside the picture, shows the board
cut around its middle.

The card is painted like the board: static art (frame, bars, panels) cached per
language, seat count and game, then this turn's stamps on a palette copy; the close-up
is pasted from the full picture's palette image (the card shares its palette).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.kit import frame, sprites, style
from render.kit.cache import MB, ArtCache, image_bytes
from render.kit.compose import Picture, Turn
from render.kit.encode import png_bytes
from render.kit.geometry import Box, FrameLayout
from render.kit.names import fit_name, seat_name, tr
from render.kit.paint import Canvas
from render.kit.text import ellipsise, font, text_width, unrecorded, wrap

View = Mapping[str, Any]
Names = Mapping[str, str] | None
Focus = Callable[[View, FrameLayout], Sequence[Box]]

WIDTH = 800
MARGIN = 16
INNER = WIDTH - 2 * MARGIN  # 768
MIN_TEXT = 20  # the smallest text of the card's own, in pixels at 800 px wide
HEADER = 84
TO_PLAY = 112  # two rows of names (a simultaneous choice)
LINE_SIZE = 24
LAST_LINES = 4
LAST = 36 + LAST_LINES * round(LINE_SIZE * 1.25) + 12
CLOSE_H = 440
ROW = 58  # a seat's score bar
ROW_GAP = 8
ZOOM = 2  # a small close-up is shown this many times larger
CONTEXT = 48  # board shown above and below a close-up's region, in all


@dataclass(frozen=True)
class CardLayout:
    header: Box
    to_play: Box
    last: Box
    close: Box
    rows: tuple[Box, ...]
    height: int


def card_layout(seats: int) -> CardLayout:
    """Where each part of a card goes for ``seats`` seats (the height follows)."""
    y = 0
    header = Box(0, y, WIDTH, HEADER)
    y += HEADER + 12
    to_play = Box(MARGIN, y, INNER, TO_PLAY)
    y += TO_PLAY + 10
    last = Box(MARGIN, y, INNER, LAST)
    y += LAST + 10
    close = Box(MARGIN, y, INNER, CLOSE_H)
    y += CLOSE_H + 14
    rows = []
    for _ in range(seats):
        rows.append(Box(MARGIN, y, INNER, ROW))
        y += ROW + ROW_GAP
    return CardLayout(header, to_play, last, close, tuple(rows), y + MARGIN - ROW_GAP)


_statics: ArtCache[tuple[Image.Image, Image.Image]] = ArtCache(
    "card.statics", budget=16 * MB, size=lambda pair: image_bytes(pair[0])
)


@dataclass(frozen=True)
class Card:
    """A game's turn card: ``picture(seats)`` is its full picture, ``focus`` the boxes of
    that picture the close-up shows (``[]``: the board, cut around its middle)."""

    name: str
    picture: Callable[[int], Picture]
    focus: Focus

    def static_art(self, seats: int) -> tuple[Image.Image, Image.Image]:
        """The card's frame (no words: the same in every language) on the full
        picture's palette, built once per seat count."""
        picture = self.picture(seats)

        def build() -> tuple[Image.Image, Image.Image]:
            # the palette image alone (a fifth of the RGB one's bytes) is the ground too
            paletted = picture.palette_of().quantize(paint_card(card_layout(seats)))
            return paletted, paletted

        return _statics.get((self.name, picture.name, seats), build)

    def render(
        self,
        view: View,
        *,
        lang: str = "en",
        names: Names = None,
        full: Image.Image | None = None,
    ) -> Image.Image:
        """The card of a public ``view`` as a palette image (before PNG); ``full``: the
        full picture of the same view, language and names when it is already drawn."""
        seats = frame.seats_of(view)
        picture = self.picture(len(seats))
        layout = card_layout(len(seats))
        frame_layout = picture.layout(len(seats))
        cuts = close_up_cuts(layout.close, self.focus(view, frame_layout), frame_layout)
        if full is None:  # only the parts the close-up cuts from are drawn
            with unrecorded():
                full = picture.render(
                    view, lang=lang, names=names, within=[source for source, _, _ in cuts]
                )
        rgb, paletted = self.static_art(len(seats))
        key = (self.name, picture.name, len(seats))
        canvas = Canvas(rgb, paletted, picture.palette_of(), ("card", key))
        turn = Turn(view, lang, names)
        draw_title(canvas, layout.header, view, lang, tr(picture.title, lang))
        draw_to_play(canvas, layout.to_play, view, lang, names)
        line = picture.describe(turn) if picture.describe is not None else None
        text = frame.describe_last(view, lang, names) if line is None else line
        if not text and view.get("last") is None:
            text = tr("render.kit.card.none", lang)
        draw_last(canvas, layout.last, text, lang)
        paste_cuts(canvas, full, cuts)
        for seat, box in zip(seats, layout.rows, strict=True):
            score = picture.score(turn, seat) if picture.score is not None else None
            draw_score_row(canvas, box, seat, view, lang, names, score=score)
        return canvas.image

    def draw(self, view: View, *, lang: str = "en", names: Names = None) -> bytes:
        """The card of a public ``view`` as palette PNG bytes."""
        return png_bytes(self.render(view, lang=lang, names=names))

    def draw_both(
        self, view: View, *, lang: str = "en", names: Names = None
    ) -> tuple[bytes, bytes]:
        """The full picture and the card of a public ``view`` as PNG bytes, the full
        picture composed once for both (a thread that gets both pictures)."""
        picture = self.picture(len(frame.seats_of(view)))
        with unrecorded():
            full = picture.render(view, lang=lang, names=names)
        card = self.render(view, lang=lang, names=names, full=full)
        return png_bytes(full), png_bytes(card)


# ---------------------------------------------------------------- static art


def paint_card(layout: CardLayout) -> Image.Image:
    """The card's unchanging art: paper, header band, framed boxes, seat bars."""
    image = Image.new("RGB", (WIDTH, layout.height), style.PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle(layout.header.xyxy(), fill=style.HEADER_BG)
    for box in (layout.to_play, layout.last):
        frame.paint_box(image, box)
    draw.rectangle(layout.close.inset(-3).xyxy(), fill=style.PANEL, outline=style.RULE, width=3)
    for index, box in enumerate(layout.rows):
        colour = style.player_colour(index)
        draw.rounded_rectangle(box.xyxy(), radius=12, fill=colour)
        sprites.paste(image, sprites.marker_icon(index, radius=14), (box.x + 28, box.y + ROW // 2))
    return image


# ---------------------------------------------------------------- a turn


def draw_title(canvas: Canvas, box: Box, view: View, lang: str, title: str) -> None:
    bg = style.HEADER_BG
    face = font(26, bold=True)
    canvas.text(
        (box.x + MARGIN, box.y + 12), ellipsise(title, face, 420), face, style.HEADER_INK, ground=bg
    )
    canvas.text(
        (box.x + MARGIN, box.y + 48),
        frame.round_turn(view, lang),
        font(MIN_TEXT),
        style.HEADER_SOFT,
        ground=bg,
    )


def draw_to_play(canvas: Canvas, box: Box, view: View, lang: str, names: Names) -> None:
    """Who decides now (one or two rows of names with their markers), or who won."""
    ground = style.PANEL
    seats = frame.seats_of(view)
    x, y = box.x + 16, box.y + 12
    if view.get("over"):
        label_face = font(22, bold=True)
        canvas.text((x, y), tr("render.kit.card.over", lang), label_face, style.INK, ground=ground)
        winners = frame.winners_of(view)
        text = ", ".join(seat_name(s, names) for s in winners) if winners else ""
        face, text = fit_name(text or tr("render.kit.over", lang), box.w - 32, 34, minimum=MIN_TEXT)
        canvas.text((x, y + 40), text, face, style.INK, ground=ground)
        return
    players = frame.acting(view)
    label = tr("render.kit.to_play", lang)
    canvas.text((x, y), label, font(22, bold=True), style.INK, ground=ground)
    if not players:
        return
    per_row = 1 if len(players) == 1 else 2
    room = (box.w - 32) // per_row - 48
    for n, seat in enumerate(players[:4]):
        row, column = divmod(n, per_row)
        if row > 1:
            break
        size = 34 if len(players) <= 2 else 26
        left = x + column * ((box.w - 32) // per_row)
        top = y + 32 + row * 36
        index = seats.index(seat)
        canvas.sprite(sprites.marker_icon(index, radius=13), (left + 14, top + 20), ground=ground)
        face, name = fit_name(seat_name(seat, names), room, size, minimum=MIN_TEXT)
        canvas.text((left + 36, top + 20), name, face, style.INK, anchor="lm", ground=ground)
        canvas.rectangle(
            (left + 36, top + 36, left + 36 + round(text_width(name, face)), top + 40),
            fill=style.player_colour(index),
        )


def draw_last(canvas: Canvas, box: Box, text: str, lang: str) -> None:
    """The last move in words, wrapped into at most ``LAST_LINES`` lines."""
    ground = style.PANEL
    x = box.x + 16
    canvas.text(
        (x, box.y + 8),
        tr("render.kit.card.last", lang),
        font(MIN_TEXT, bold=True),
        style.INK,
        ground=ground,
    )
    face = font(LINE_SIZE)
    lines = wrap(text, face, box.w - 32, LAST_LINES) if text else []
    step = round(LINE_SIZE * 1.25)
    for n, line in enumerate(lines):
        canvas.text((x, box.y + 38 + n * step), line, face, style.INK, ground=ground)


def close_up_boxes(close: Box, regions: Sequence[Box], bounds: Box) -> list[tuple[Box, Box, int]]:
    """For each region of the full picture: the part of it cut out, where it goes in
    the close-up box, and its zoom. Regions sit side by side, each given a share of the
    width in proportion to its own; the zoom is ``ZOOM`` when every region fits twice
    as large, else 1. A cut is centred on its region (``CONTEXT`` pixels taller, never
    taller than the box), kept inside the picture, and centred in the box's height."""
    gap = 8
    room = close.w - gap * (len(regions) - 1)
    total = max(1, sum(r.w for r in regions))
    fits = ZOOM * total <= room and all(ZOOM * r.h <= close.h for r in regions)
    zoom = ZOOM if fits else 1
    out = []
    x = close.x
    for n, region in enumerate(regions):
        share = (
            room - (x - close.x - gap * n) if n == len(regions) - 1 else room * region.w // total
        )
        w = min(share // zoom, bounds.w)
        h = min(close.h // zoom, bounds.h, region.h + CONTEXT)
        cx, cy = region.centre
        left = min(max(round(cx - w / 2), bounds.x), bounds.right - w)
        top = min(max(round(cy - h / 2), bounds.y), bounds.bottom - h)
        y = close.y + (close.h - h * zoom) // 2
        out.append((Box(left, top, w, h), Box(x, y, w * zoom, h * zoom), zoom))
        x += share + gap
    return out


def close_up_cuts(
    close: Box, regions: Sequence[Box], layout: FrameLayout
) -> list[tuple[Box, Box, int]]:
    """The cuts (``close_up_boxes``) of the close-up box ``close`` for the ``regions``
    of a full picture laid out as ``layout``: those below its header (the card has its
    own), or its board when none is."""
    top = layout.header.bottom
    bounds = Box(0, top, layout.width, layout.height - top)
    kept = [r for r in regions if r.overlaps(bounds)]
    if not kept:
        kept = [layout.board]
    return close_up_boxes(close, kept, bounds)


def paste_close_up(
    canvas: Canvas, close: Box, full: Image.Image, regions: Sequence[Box], layout: FrameLayout
) -> None:
    """Cut the ``regions`` out of the full picture (palette indices, no colour change)
    and paste them into the close-up box, enlarged when they are small."""
    paste_cuts(canvas, full, close_up_cuts(close, regions, layout))


def paste_cuts(canvas: Canvas, full: Image.Image, cuts: Sequence[tuple[Box, Box, int]]) -> None:
    """Paste each cut of the full picture (``close_up_cuts``) where it goes."""
    for source, target, zoom in cuts:
        piece = full.crop(source.xyxy())
        if zoom != 1:
            piece = piece.resize((target.w, target.h), Image.Resampling.NEAREST)
        canvas.image.paste(piece, (target.x, target.y))


def draw_score_row(
    canvas: Canvas,
    box: Box,
    seat: str,
    view: View,
    lang: str,
    names: Names,
    *,
    score: str | None = None,
) -> None:
    """A seat's bar: name, tag (to play, winner, out) and score, in the seat's colour."""
    index = frame.seats_of(view).index(seat)
    colour = style.player_colour(index)
    ink = style.ink_on(colour)
    mid = box.y + ROW // 2
    if seat in frame.acting(view) or seat in frame.winners_of(view):
        canvas.rectangle(box.inset(-4).xyxy(), radius=15, outline=style.HIGHLIGHT, width=5)
    score = frame.score_text(view, seat, lang) if score is None else score
    score_face = font(26, bold=True)
    canvas.text((box.right - 14, mid), score, score_face, ink, anchor="rm", ground=colour)
    room = box.w - 56 - round(text_width(score, score_face)) - 28
    tag = ""
    if seat in frame.winners_of(view):
        tag = tr("render.kit.winner_tag", lang)
    elif seat in frame.out_of(view):
        tag = tr("render.kit.out_tag", lang)
    elif seat in frame.acting(view):
        tag = tr("render.kit.to_play_tag", lang)
    if tag:
        tag_face = font(MIN_TEXT, bold=True)
        width = round(text_width(tag, tag_face)) + 16
        right = box.right - 14 - round(text_width(score, score_face)) - 16
        fill = (
            style.OUT
            if seat in frame.out_of(view) and tag != tr("render.kit.winner_tag", lang)
            else style.HIGHLIGHT
        )
        canvas.rectangle(
            (right - width, mid - 15, right, mid + 15), radius=7, fill=fill, outline=style.INK
        )
        canvas.text(
            (right - width / 2, mid), tag, tag_face, style.ink_on(fill), anchor="mm", ground=fill
        )
        room -= width + 16
    face, name = fit_name(seat_name(seat, names), room, 26, minimum=MIN_TEXT)
    name_ink = style.mix(ink, colour, 0.5) if seat in frame.out_of(view) else ink
    canvas.text((box.x + 52, mid), name, face, name_ink, anchor="lm", ground=colour)
