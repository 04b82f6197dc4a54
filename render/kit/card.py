"""The turn card: a portrait picture a phone reads at 400 px wide without zooming.

A second layout of a game's picture, 800 px wide, built from the same public view and
names as the full board (so it shows nothing the full board hides):

    header      the game's title, round and turn
    to play     who must decide now, with the seat's marker and colour (once the game
                is over: who won)
    last move   the line the full board's header reads, wrapped in large type
    close-up    a caption (whose area it is, in words) and the regions of the full
                picture the game chose for whoever looks at the card, cut from the
                full picture's own drawing: on a new turn message, the area of the
                seat now to act; within a turn, what the last decision changed
    scores      one bar per seat in its colour: marker, name, tag, score

Every text of the card's own (all but the close-up) is at least ``MIN_TEXT`` pixels tall
(``text.record_sizes`` lets a test check it). A game gives a ``Card``: its full
``Picture`` (per seat count), ``focus``, the regions of that picture (full-picture
coordinates) its close-up shows, and ``caption``, the words above them. A region
(``Region``) holds whole elements and is never cut: the kit fits every region of a
close-up at one scale, scaled down when they are too large, at most ``ZOOM`` times
larger when small, with the context the region allows around it; the words a region
declares stay at least ``MIN_CLOSE_TEXT`` pixels once fitted. No region, or none
inside the picture, shows the whole board. ``new_turn`` says which of the two a view
is: the seats to act are not the last move's player (a new turn message), or they
are (an edit of the live one).

The card is painted like the board: static art (frame, bars, panels) cached per
language, seat count and game, then this turn's stamps on a palette copy; the close-up
is pasted from the full picture's palette image (the card shares its palette).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

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
Caption = Callable[[View, str, Names], str]

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
ZOOM = 2  # a small close-up is shown at most this many times larger
GAP = 8  # between two regions of a close-up
CAPTION_H = 40  # the close-up's caption (whose area it shows), when the game gives one
MIN_CLOSE_TEXT = 16  # the smallest words a region declares, once fitted (8 px at 400 px)


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
    """A game's turn card: ``picture(seats)`` is its full picture, ``focus`` the regions
    of that picture the close-up shows (``[]``: the whole board), ``caption`` the words
    above them, ``describe`` the last move in words when the full picture's header line
    (fitted to one line) would leave some out."""

    name: str
    picture: Callable[[int], Picture]
    focus: Focus
    caption: Caption | None = None
    describe: Callable[[Turn], str] | None = None

    def cuts(self, view: View, *, caption: bool = False) -> list[Cut]:
        """The close-up's cuts of ``view`` (``close_up_cuts``): below its caption when
        ``caption`` (the game gave one for this view)."""
        seats = len(frame.seats_of(view))
        close = card_layout(seats).close
        if caption:
            close = Box(close.x, close.y + CAPTION_H, close.w, close.h - CAPTION_H)
        layout = self.picture(seats).layout(seats)
        return close_up_cuts(close, self.focus(view, layout), layout)

    def line(self, turn: Turn) -> str | None:
        """The last move in words on the card: the card's own ``describe`` (the whole
        line: the card wraps it on four lines), else the full picture's header line,
        else ``None`` (the kit's ``describe_last``)."""
        if self.describe is not None:
            return self.describe(turn)
        picture = self.picture(len(turn.seats))
        return picture.describe(turn) if picture.describe is not None else None

    def caption_of(self, view: View, lang: str, names: Names) -> str:
        """The close-up's caption of ``view`` (``""``: none)."""
        return self.caption(view, lang, names) if self.caption is not None else ""

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
        caption = self.caption_of(view, lang, names)
        cuts = self.cuts(view, caption=bool(caption))
        if full is None:  # only the parts the close-up cuts from are drawn
            with unrecorded():
                full = picture.render(
                    view, lang=lang, names=names, within=[cut.source for cut in cuts]
                )
        rgb, paletted = self.static_art(len(seats))
        key = (self.name, picture.name, len(seats))
        canvas = Canvas(rgb, paletted, picture.palette_of(), ("card", key))
        turn = Turn(view, lang, names)
        draw_title(canvas, layout.header, view, lang, tr(picture.title, lang))
        draw_to_play(canvas, layout.to_play, view, lang, names)
        if view.get("over") or frame.is_stopped(view):
            own = picture.ending(turn) if picture.ending is not None else ()
            ending = " · ".join(frame.ending_parts(view, lang, names, own))
            draw_last(canvas, layout.last, ending, lang, title="render.kit.card.ended")
        else:
            line = self.line(turn)
            text = frame.describe_last(view, lang, names) if line is None else line
            if not text and view.get("last") is None:
                text = tr("render.kit.card.none", lang)
            draw_last(canvas, layout.last, text, lang)
        if caption:
            draw_caption(canvas, layout.close, caption)
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


def new_turn(view: View) -> bool:
    """Whether ``view`` is the first of a turn message: no move yet, the game over, or
    the last move's player is not among the seats to act (the seats to act changed).
    Otherwise the same player goes on deciding and the live message is edited."""
    last = frame.last_seat(view)
    return last is None or last not in frame.acting(view)


def turn_seat(view: View) -> str | None:
    """The seat whose area a close-up shows when nothing of the game says otherwise:
    the first winner once over (else the last mover), the first seat to act on a new
    turn message; ``None`` within a turn (the game says whose area the last decision
    changed)."""
    if view.get("over"):
        winners = frame.winners_of(view)
        return winners[0] if winners else frame.last_seat(view)
    acting = frame.acting(view)
    return acting[0] if new_turn(view) and acting else None


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
    if view.get("over") or frame.is_stopped(view):
        winners = frame.winners_of(view)
        label = "render.kit.card.over_tie" if len(winners) > 1 else "render.kit.card.over"
        if frame.is_stopped(view):
            label, winners = "render.kit.card.stopped", []
        label_face = font(22, bold=True)
        canvas.text((x, y), tr(label, lang), label_face, style.INK, ground=ground)
        text = ", ".join(seat_name(s, names) for s in winners)
        if not winners:
            text = tr("render.kit.stopped" if frame.is_stopped(view) else "render.kit.over", lang)
        face, text = fit_name(text, box.w - 32, 34, minimum=MIN_TEXT)
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


def draw_last(
    canvas: Canvas, box: Box, text: str, lang: str, *, title: str = "render.kit.card.last"
) -> None:
    """The last move in words (or, at the end, how the game ended: ``title``), wrapped
    into at most ``LAST_LINES`` lines."""
    ground = style.PANEL
    x = box.x + 16
    canvas.text(
        (x, box.y + 8),
        tr(title, lang),
        font(MIN_TEXT, bold=True),
        style.INK,
        ground=ground,
    )
    face = font(LINE_SIZE)
    lines = wrap(text, face, box.w - 32, LAST_LINES) if text else []
    step = round(LINE_SIZE * 1.25)
    for n, line in enumerate(lines):
        canvas.text((x, box.y + 38 + n * step), line, face, style.INK, ground=ground)


@dataclass(frozen=True)
class Region(Box):
    """A part of the full picture a close-up shows whole: ``Box`` holds whole elements
    (tiles, hexes, cards, badges, words), so the close-up never cuts it: it is scaled
    down when larger than the close-up box, up to ``ZOOM`` times larger when smaller.
    ``context``: the part of the picture that may fill the room left around it (the
    map around a hex); ``None``: nothing, the region alone on the close-up's paper.
    ``text``: the size in pixels of the words a player must read in it (``0``: none),
    which must stay at least ``MIN_CLOSE_TEXT`` once fitted."""

    context: Box | None = None
    text: int = 0

    @staticmethod
    def of(box: Box, *, context: Box | None = None, text: int = 0) -> Region:
        return Region(box.x, box.y, box.w, box.h, context=context, text=text)


class Cut(NamedTuple):
    """One piece of a close-up: ``region`` of the full picture, ``source`` the pixels
    cut out (the region and the context around it), ``target`` where they go on the
    card, ``scale`` how much larger they are drawn (below 1: smaller)."""

    region: Region
    source: Box
    target: Box
    scale: float


def _clip(box: Box, bounds: Box) -> Box:
    left, top = max(box.x, bounds.x), max(box.y, bounds.y)
    right, bottom = min(box.right, bounds.right), min(box.bottom, bounds.bottom)
    return Box(left, top, max(1, right - left), max(1, bottom - top))


def _centred(start: int, length: int, span: int, lo: int, hi: int) -> int:
    """Where a ``span`` starts that is centred on ``[start, start + length)`` and kept
    within ``[lo, hi)`` (it is never shorter than the region it holds)."""
    return min(max(round(start + length / 2 - span / 2), lo), hi - span)


def draw_caption(canvas: Canvas, close: Box, text: str) -> None:
    """The close-up's caption on its top strip: whose area it shows, in card type."""
    face, line = fit_name(text, close.w - 24, MIN_TEXT + 2, minimum=MIN_TEXT, bold=True)
    canvas.text(
        (close.x + 12, close.y + CAPTION_H // 2),
        line,
        face,
        style.INK,
        anchor="lm",
        ground=style.PANEL,
    )


def fit_regions(close: Box, regions: Sequence[Box], bounds: Box) -> list[Cut]:
    """The cuts showing every one of ``regions`` whole in the ``close`` box: side by
    side or one above the other (whichever draws them larger), all at one scale, the
    largest at which they all fit, at most ``ZOOM``; each centred in its share of the
    box and surrounded by its ``context`` (a plain ``Box`` has the whole picture as
    context) as far as the share reaches. ``bounds``: the part of the picture cuts may
    take from."""
    kept = [
        r if isinstance(r, Region) else Region.of(r, context=bounds)
        for r in regions
        if r.overlaps(bounds)
    ]
    boxes = [_clip(r, bounds) for r in kept]
    n = len(boxes)
    if not n:
        return []
    across = min(
        ZOOM,
        (close.w - GAP * (n - 1)) / sum(b.w for b in boxes),
        close.h / max(b.h for b in boxes),
    )
    down = min(
        ZOOM,
        close.w / max(b.w for b in boxes),
        (close.h - GAP * (n - 1)) / sum(b.h for b in boxes),
    )
    scale = max(across, down)
    side_by_side = across >= down
    spare = (
        close.w - GAP * (n - 1) - sum(b.w for b in boxes) * scale
        if side_by_side
        else close.h - GAP * (n - 1) - sum(b.h for b in boxes) * scale
    )
    out = []
    at = float(close.x if side_by_side else close.y)
    for region, box in zip(kept, boxes, strict=True):
        if side_by_side:
            share = box.w * scale + spare / n
            slot = Box(round(at), close.y, round(at + share) - round(at), close.h)
        else:
            share = box.h * scale + spare / n
            slot = Box(close.x, round(at), close.w, round(at + share) - round(at))
        at += share + GAP
        area = _clip(region.context, bounds) if region.context is not None else box
        w = min(max(box.w, math.floor(slot.w / scale)), max(area.w, box.w))
        h = min(max(box.h, math.floor(slot.h / scale)), max(area.h, box.h))
        left = _centred(box.x, box.w, w, min(area.x, box.x), max(area.right, box.right))
        top = _centred(box.y, box.h, h, min(area.y, box.y), max(area.bottom, box.bottom))
        source = Box(left, top, w, h)
        tw, th = min(slot.w, round(w * scale)), min(slot.h, round(h * scale))
        target = Box(slot.x + (slot.w - tw) // 2, slot.y + (slot.h - th) // 2, tw, th)
        out.append(Cut(region, source, target, scale))
    return out


def row_pieces(row: Sequence[Box], seats: int, margin: int = 0) -> list[Box]:
    """A row of whole elements (a heap of stones, a strip of tiles) as the regions of a
    captioned close-up of a ``seats``-seat card: cut into as many pieces, one above the
    other, as draws them largest (each grown by ``margin``)."""
    close = card_layout(seats).close
    close = Box(close.x, close.y + CAPTION_H, close.w, close.h - CAPTION_H)
    everywhere = Box(-(10**6), -(10**6), 2 * 10**6, 2 * 10**6)
    best: tuple[float, list[Box]] = (0.0, [])
    for count in range(1, 5):
        size = -(-len(row) // count)
        pieces: list[Box] = []
        for first in range(0, len(row), size):
            part = row[first : first + size]
            left, top = min(b.x for b in part), min(b.y for b in part)
            right, bottom = max(b.right for b in part), max(b.bottom for b in part)
            box = Box(left, top, right - left, bottom - top).inset(-margin)
            pieces.append(Region.of(box))
        scale = min((c.scale for c in fit_regions(close, pieces, everywhere)), default=0.0)
        if scale > best[0] + 0.01:
            best = (scale, pieces)
    return best[1]


def close_up_cuts(close: Box, regions: Sequence[Box], layout: FrameLayout) -> list[Cut]:
    """The cuts (``fit_regions``) of the close-up box ``close`` for the ``regions``
    of a full picture laid out as ``layout``: those below its header (the card has its
    own), or its board when none is."""
    top = layout.header.bottom
    bounds = Box(0, top, layout.width, layout.height - top)
    kept = [r for r in regions if r.overlaps(bounds)]
    if not kept:
        kept = [Region.of(layout.board)]
    return fit_regions(close, kept, bounds)


def paste_cuts(
    canvas: Canvas,
    full: Image.Image,
    cuts: Sequence[Cut],
    *,
    shrink: Image.Resampling = Image.Resampling.LANCZOS,
    grow: Image.Resampling = Image.Resampling.LANCZOS,
) -> None:
    """Paste each cut of the full picture (``close_up_cuts``) where it goes: as it is,
    twice as large pixel for pixel, or resampled (with ``shrink`` when drawn smaller,
    ``grow`` when larger) and mapped back onto the palette."""
    for cut in cuts:
        piece = full.crop(cut.source.xyxy())
        size = (cut.target.w, cut.target.h)
        if piece.size != size:
            if cut.scale == ZOOM and size == (piece.width * ZOOM, piece.height * ZOOM):
                piece = piece.resize(size, Image.Resampling.NEAREST)
            else:
                smaller = size[0] < piece.width or size[1] < piece.height
                rgb = piece.convert("RGB").resize(size, shrink if smaller else grow)
                piece = canvas.palette.quantize(rgb)
        canvas.image.paste(piece, (cut.target.x, cut.target.y))


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
