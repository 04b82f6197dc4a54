"""A seat's private view, laid out for a phone, and the legal targets of its decision.

What ``/campfire board``, ``hand`` and ``scores`` answer one player alone. Drawn from
the public view (exactly what the table sees) plus ``mine``, what that seat alone is
shown, already in words:

    seat        the seat whose private view this is
    moves       its legal moves now, in menu order: ``{"code", "label": {"key",
                "params"}, "text"}`` (``text``: the label as the menu writes it)
    sections    its private sections, translated: ``{"title", "lines": [...]}`` (its
                hand; a score breakdown)
    focus       ``board``, ``hand`` or ``scores``: which block comes first

Two layouts of the same content:

- ``full``: the game's full picture with the **legal targets** marked: every place its
  legal moves point at (a territory, a valley square, a display slot, a pyramid place,
  a hex, the stones) framed and labelled with the name the menu uses. Each game says
  where its targets are (``Targets``); the public picture keeps marking only the place
  being chosen.
- ``phone``: portrait, 800 px wide, built from the turn card's pieces (``render.kit.
  card``): the title, who is to play, the seat's choices in large type, a close-up of
  the board around its targets (or the last move) with the targets marked in large
  type, its private sections, its own seat panel cut from the full picture, the last
  move and every seat's score. Every text of the layout's own is at least
  ``card.MIN_TEXT`` pixels tall (``text.record_sizes`` checks it in the tests).

A private view only ever adds the owner's own sections and moves to the public view:
it shows no other seat's hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from render.kit import card as cards
from render.kit import frame, sprites, style
from render.kit.cache import MB, ArtCache
from render.kit.card import MARGIN, MIN_TEXT, WIDTH, Card, Cut, Region
from render.kit.compose import Picture, Turn
from render.kit.encode import BAND_ROWS, png_bytes
from render.kit.geometry import Box, FrameLayout
from render.kit.names import tr
from render.kit.paint import Canvas, Palette
from render.kit.text import ellipsise, font, text_width, unrecorded, wrap

View = Mapping[str, Any]
Mine = Mapping[str, Any]
Names = Mapping[str, str] | None
LAYOUTS = ("phone", "full")
FOCUSES = ("board", "hand", "scores")


@dataclass(frozen=True)
class Target:
    """A place a legal move points at: its box on the full picture and its name (as
    the menu names it)."""

    box: Box
    label: str


Targets = Callable[[View, Sequence[Mapping[str, Any]], FrameLayout, str, str], Sequence[Target]]
"""``targets(view, moves, layout, seat, lang)``: the places of ``seat``'s legal
``moves`` on the full picture laid out as ``layout``."""

INNER = WIDTH - 2 * MARGIN
CHOICE_SIZE = 24
CHOICE_STEP = 32
MAX_CHOICES = 8
LINE = 22
LINE_STEP = 29
MAX_SECTION_LINES = 8
BLOCK_TITLE = 40
GAP = 12  # between two blocks
PHONE_BYTES = 140_000
"""A phone page is deflated quickly (``png_bytes(..., quick=True)``: ISA-L, about the
bytes of zlib's level 3 in well under half its time); one larger than this (a few
crowded Origin Classic pages at 4 players) is deflated again by zlib at
``PHONE_DENSE_LEVEL``, so that every page stays well within the 150 KB budget."""
PHONE_DENSE_LEVEL = 6
PLATE = 22  # a target's name on the phone's close-up
FULL_PLATE = 14  # on the full picture (its own texts are 11 to 16 px)


def moves_of(mine: Mine | None) -> list[Mapping[str, Any]]:
    """The seat's legal moves (``[]`` when it has no decision pending)."""
    moves = (mine or {}).get("moves") or []
    return [m for m in moves if isinstance(m, Mapping)]


def sections_of(mine: Mine | None) -> list[tuple[str, list[str]]]:
    """The seat's private sections as ``(title, lines)``."""
    out = []
    for section in (mine or {}).get("sections") or []:
        if isinstance(section, Mapping):
            lines = [str(line) for line in section.get("lines") or [] if str(line)]
            out.append((str(section.get("title") or ""), lines))
    return out


def label_params(move: Mapping[str, Any]) -> Mapping[str, Any]:
    """The parameters of a move's label (``{}`` when it has none)."""
    label = move.get("label")
    params = label.get("params") if isinstance(label, Mapping) else None
    return params if isinstance(params, Mapping) else {}


def param_text(value: Any, lang: str) -> str:
    """A label parameter as the menu writes it (``@key`` values translated)."""
    text = str(value)
    return tr(text[1:], lang) if text.startswith("@") else text


def merge_targets(targets: Sequence[Target]) -> list[Target]:
    """One target per place: moves that point at the same box share it (their names
    joined when they differ)."""
    merged: dict[Box, list[str]] = {}
    for target in targets:
        labels = merged.setdefault(target.box, [])
        if target.label and target.label not in labels:
            labels.append(target.label)
    return [Target(box, " / ".join(labels)) for box, labels in merged.items()]


# ---------------------------------------------------------------- marking targets


def mark_targets(
    canvas: Canvas, targets: Sequence[Target], *, size: int, bounds: Box | None = None
) -> None:
    """Frame each target in the highlight colour and write its name on a plate above
    it (below when there is no room above), kept inside ``bounds``."""
    width, height = canvas.size
    area = bounds or Box(0, 0, width, height)
    face = font(size, bold=True)
    plates = []
    for target in targets:
        box = target.box
        canvas.rectangle(box.inset(-5).xyxy(), radius=8, outline=style.INK, width=2)
        canvas.rectangle(box.inset(-3).xyxy(), radius=6, outline=style.HIGHLIGHT, width=4)
        if target.label:
            plates.append(target)
    for target in plates:
        box = target.box
        text = ellipsise(target.label, face, min(area.w - 8, max(box.w + 120, 12 * size)))
        w = round(text_width(text, face)) + 12
        h = size + 10
        left = min(max(round(box.centre[0]) - w // 2, area.x + 2), area.right - w - 2)
        top = box.y - 6 - h
        if top < area.y + 2:
            top = min(box.bottom + 6, area.bottom - h - 2)
        canvas.rectangle(
            (left, top, left + w, top + h), radius=6, fill=style.HIGHLIGHT, outline=style.INK
        )
        canvas.text(
            (left + w / 2, top + h / 2),
            text,
            face,
            style.ink_on(style.HIGHLIGHT),
            anchor="mm",
            ground=style.HIGHLIGHT,
        )


def overlay(image: Image.Image, picture: Picture, key: object) -> Canvas:
    """A canvas over a copy of a composed picture (flat grounds only): its ``image``
    is the picture with what was drawn on it."""
    return Canvas(image, image, picture.palette_of(), ("overlay", key))


# ---------------------------------------------------------------- the phone layout


@dataclass(frozen=True)
class Block:
    kind: str  # title, to_play, choices, close, sections, panel, last, scores
    box: Box


def _banded(height: int) -> int:
    """``height`` made a little taller, so that with the gap after it, it is a whole
    number of PNG bands: the blocks below a block of varying height then keep their
    band boundaries from turn to turn, and their compressed bands are found cached
    (``render.kit.encode``)."""
    return -(-(height + GAP) // BAND_ROWS) * BAND_ROWS - GAP


def _choices_height(count: int) -> int:
    if count == 0:
        return 0
    lines = min(count, MAX_CHOICES) + (1 if count > MAX_CHOICES else 0)
    return _banded(BLOCK_TITLE + lines * CHOICE_STEP + 10)


def _sections_height(lines: Sequence[int]) -> int:
    if not lines:
        return 0
    return _banded(sum(BLOCK_TITLE + max(1, n) * LINE_STEP + 6 for n in lines) + 10)


ORDER = {
    "board": ("title", "to_play", "choices", "close", "sections", "panel", "last", "scores"),
    "hand": ("title", "to_play", "sections", "panel", "choices", "close", "last", "scores"),
    "scores": ("title", "scores", "sections", "to_play", "choices", "close", "panel", "last"),
}


def phone_blocks(
    seats: int, focus: str, choices: int, section_lines: Sequence[int], panel: tuple[int, int]
) -> tuple[tuple[Block, ...], int]:
    """The blocks of a phone view, top to bottom, and its height."""
    heights = {
        "title": cards.HEADER,
        "to_play": cards.TO_PLAY,
        "choices": _choices_height(choices),
        "close": cards.CLOSE_H,
        "sections": _sections_height(section_lines),
        "panel": panel[1] if panel[0] <= INNER else 0,
        "last": cards.LAST,
        "scores": seats * (cards.ROW + cards.ROW_GAP) - cards.ROW_GAP,
    }
    y = 0
    out = []
    for kind in ORDER.get(focus, ORDER["board"]):
        h = heights[kind]
        if not h:
            continue
        if kind == "title":
            out.append(Block(kind, Box(0, 0, WIDTH, h)))
            y = h + GAP
            continue
        out.append(Block(kind, Box(MARGIN, y, INNER, h)))
        y += h + GAP
    return tuple(out), y + MARGIN - GAP


_statics: ArtCache[Image.Image] = ArtCache("phone.statics", budget=8 * MB)
_cuts: ArtCache[Image.Image] = ArtCache("phone.cuts", budget=6 * MB)
"""What the phone views of one position cut from its full picture: a close-up as
pasted (resampled, before its targets are marked) and a seat's panel. ``board``,
``hand`` and ``scores`` of one seat share them, and the seats not to act share the
close-up of the last move: only the first of them composes the full picture."""


def view_key(view: View, lang: str, names: Names) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """What the full picture of ``view`` depends on, as a key: a digest of the view
    (canonical JSON), the language and the seats' names."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=repr)
    digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    return digest, lang, tuple(sorted((str(k), str(v)) for k, v in (names or {}).items()))


def paint_phone(blocks: Sequence[Block], height: int, palette: Palette) -> Image.Image:
    """The unchanging art of a phone view, straight in ``palette``'s indices (flat
    shapes only, so no colour is lost and nothing needs quantizing): paper, header
    band, framed blocks, seat bars. The seat markers are stamped each turn."""
    image = Image.new("P", (WIDTH, height), palette.index(style.PAPER))
    image.putpalette(palette.image.getpalette() or [])
    draw = ImageDraw.Draw(image)
    panel, rule = palette.index(style.PANEL), palette.index(style.RULE)
    for block in blocks:
        box = block.box
        if block.kind == "title":
            draw.rectangle(box.xyxy(), fill=palette.index(style.HEADER_BG))
        elif block.kind in ("to_play", "choices", "sections", "last"):
            draw.rounded_rectangle(box.xyxy(), radius=10, fill=panel, outline=rule, width=2)
        elif block.kind in ("close", "panel"):
            draw.rectangle(box.inset(-3).xyxy(), fill=panel, outline=rule, width=3)
        elif block.kind == "scores":
            rows = (box.h + cards.ROW_GAP) // (cards.ROW + cards.ROW_GAP)
            for index in range(rows):
                row = Box(box.x, box.y + index * (cards.ROW + cards.ROW_GAP), box.w, cards.ROW)
                colour = palette.index(style.player_colour(index))
                draw.rounded_rectangle(row.xyxy(), radius=12, fill=colour)
    return image


@dataclass(frozen=True)
class Phone:
    """A game's private views: its turn card (picture and close-up of the last move)
    and where the legal targets of a seat's moves are."""

    card: Card
    targets: Targets

    # ------------------------------------------------------------ targets

    def targets_of(
        self, view: View, mine: Mine | None, layout: FrameLayout, lang: str
    ) -> list[Target]:
        """The places the seat's legal moves point at (none when it has no decision)."""
        seat = str((mine or {}).get("seat") or "")
        moves = moves_of(mine)
        if not seat or not moves:
            return []
        return merge_targets(self.targets(view, moves, layout, seat, lang))

    # ------------------------------------------------------------ full layout

    def render_full(
        self, view: View, mine: Mine | None, *, lang: str = "en", names: Names = None
    ) -> Image.Image:
        """The full picture with the seat's legal targets marked."""
        seats = frame.seats_of(view)
        picture = self.card.picture(len(seats))
        image = picture.render(view, lang=lang, names=names)
        layout = picture.layout(len(seats))
        targets = self.targets_of(view, mine, layout, lang)
        if not targets:
            return image
        canvas = overlay(image, picture, picture.name)
        mark_targets(canvas, targets, size=FULL_PLATE)
        return canvas.image

    # ------------------------------------------------------------ phone layout

    def render_phone(
        self, view: View, mine: Mine | None, *, lang: str = "en", names: Names = None
    ) -> Image.Image:
        """The phone layout of the seat's private view as a palette image."""
        seats = frame.seats_of(view)
        picture = self.card.picture(len(seats))
        layout = picture.layout(len(seats))
        seat = str((mine or {}).get("seat") or "")
        focus = str((mine or {}).get("focus") or "board")
        moves = moves_of(mine)
        sections = [(title, self._wrapped(lines)) for title, lines in sections_of(mine)]
        panel = layout.panels[seats.index(seat)] if seat in seats else None
        panel_size = (panel.w, panel.h) if panel is not None else (0, 0)
        blocks, height = phone_blocks(
            len(seats), focus, len(moves), [len(lines) for _, lines in sections], panel_size
        )
        plans = {
            block.box: self._close_plan(block.box, view, mine, layout, lang)
            for block in blocks
            if block.kind == "close"
        }
        key = (picture.name, len(seats), blocks, height)
        with unrecorded():  # a palette's first build draws the full picture's static art
            palette = picture.palette_of()
        paletted = _statics.get(key, lambda: paint_phone(blocks, height, palette))
        canvas = Canvas(paletted, paletted, palette, ("phone", key))
        shown = view_key(view, lang, names) + (picture.name, len(seats), palette.token)
        parts: dict[Hashable, tuple[Hashable, list[Box]]] = {}
        for box, (_, cuts) in plans.items():
            relative = _relative(cuts, box)
            parts[box] = (("close", shown, box.w, box.h, relative), [c.source for c in cuts])
        if panel is not None and any(block.kind == "panel" for block in blocks):
            parts["panel"] = (("panel", shown, panel), [panel])
        found = {name: _cuts.peek(key) for name, (key, _) in parts.items()}
        missing = [name for name, value in found.items() if value is None]
        if missing:
            wanted = [region for name in missing for region in parts[name][1]]
            with unrecorded():  # only the parts of the full picture cut from are drawn
                full = picture.render(view, lang=lang, names=names, within=wanted)
            for name in missing:
                if isinstance(name, Box):
                    make = partial(self._paste_close, canvas, name, full, plans[name][1])
                else:
                    make = partial(full.crop, parts[name][1][0].xyxy())
                found[name] = _cuts.get(parts[name][0], make)
        turn = Turn(view, lang, names)
        for block in blocks:
            box = block.box
            if block.kind == "title":
                cards.draw_title(canvas, box, view, lang, tr(picture.title, lang))
            elif block.kind == "to_play":
                cards.draw_to_play(canvas, box, view, lang, names)
            elif block.kind == "choices":
                self._draw_choices(canvas, box, moves, lang)
            elif block.kind == "close":
                close = found[box]
                assert close is not None
                canvas.image.paste(close, (box.x, box.y))
                self._mark_close(canvas, box, *plans[box])
            elif block.kind == "sections":
                self._draw_sections(canvas, box, sections)
            elif block.kind == "panel" and panel is not None:
                cut = found["panel"]
                assert cut is not None
                canvas.image.paste(cut, (box.x + (box.w - panel.w) // 2, box.y))
            elif block.kind == "last":
                line = picture.describe(turn) if picture.describe is not None else None
                text = frame.describe_last(view, lang, names) if line is None else line
                if not text and view.get("last") is None:
                    text = tr("render.kit.card.none", lang)
                cards.draw_last(canvas, box, text, lang)
            elif block.kind == "scores":
                for index, one in enumerate(seats):
                    row = Box(box.x, box.y + index * (cards.ROW + cards.ROW_GAP), box.w, cards.ROW)
                    marker = sprites.marker_icon(index, radius=14)
                    ground = style.player_colour(index)
                    canvas.sprite(marker, (row.x + 28, row.y + cards.ROW // 2), ground=ground)
                    score = picture.score(turn, one) if picture.score is not None else None
                    cards.draw_score_row(canvas, row, one, view, lang, names, score=score)
                    if one == seat:
                        canvas.rectangle(
                            row.inset(-4).xyxy(), radius=15, outline=style.INK, width=3
                        )
        return canvas.image

    @staticmethod
    def _wrapped(lines: Sequence[str]) -> list[str]:
        face = font(LINE)
        out: list[str] = []
        for line in lines:
            out += wrap(line, face, INNER - 32, 3)
        if len(out) > MAX_SECTION_LINES:
            out = [*out[: MAX_SECTION_LINES - 1], "…"]
        return out

    @staticmethod
    def _draw_choices(
        canvas: Canvas, box: Box, moves: Sequence[Mapping[str, Any]], lang: str
    ) -> None:
        ground = style.PANEL
        x = box.x + 16
        title = tr("render.kit.phone.choices", lang, count=len(moves))
        canvas.text((x, box.y + 10), title, font(MIN_TEXT, bold=True), style.INK, ground=ground)
        face = font(CHOICE_SIZE)
        number_face = font(CHOICE_SIZE, bold=True)
        width = len(str(min(len(moves), MAX_CHOICES))) * 16 + 20
        y = box.y + BLOCK_TITLE
        for n, move in enumerate(moves[:MAX_CHOICES], 1):
            canvas.text((x, y), f"{n}.", number_face, style.INK, ground=ground)
            text = ellipsise(
                str(move.get("text") or move.get("code") or ""), face, box.w - 48 - width
            )
            canvas.text((x + width, y), text, face, style.INK, ground=ground)
            y += CHOICE_STEP
        if len(moves) > MAX_CHOICES:
            more = tr("render.kit.phone.more", lang, count=len(moves) - MAX_CHOICES)
            canvas.text((x + width, y), more, font(MIN_TEXT), style.INK_SOFT, ground=ground)

    @staticmethod
    def _draw_sections(canvas: Canvas, box: Box, sections: Sequence[tuple[str, list[str]]]) -> None:
        ground = style.PANEL
        x = box.x + 16
        y = box.y + 10
        title_face, face = font(MIN_TEXT, bold=True), font(LINE)
        for title, lines in sections:
            canvas.text(
                (x, y),
                ellipsise(title, title_face, box.w - 32),
                title_face,
                style.INK,
                ground=ground,
            )
            y += BLOCK_TITLE - 10
            for line in lines or ["—"]:
                canvas.text((x, y), line, face, style.INK, ground=ground)
                y += LINE_STEP
            y += 16

    def _close_plan(
        self, box: Box, view: View, mine: Mine | None, layout: FrameLayout, lang: str
    ) -> tuple[list[Target], list[Cut]]:
        """What the close-up ``box`` shows: the seat's targets, and the cuts of the
        full picture (``render.kit.card.fit_regions``): the board around the targets,
        shrunk until they all fit when they do not at full size, else around the last
        move, as the turn card shows it."""
        targets = self.targets_of(view, mine, layout, lang)
        top = layout.header.bottom
        bounds = Box(0, top, layout.width, layout.height - top)
        region = _clip(_around([t.box for t in targets]), bounds) if targets else None
        if region is not None and (region.w > box.w or region.h > box.h):
            scale = min(box.w / region.w, box.h / region.h)
            w, h = max(1, round(region.w * scale)), max(1, round(region.h * scale))
            spot = Box(box.x + (box.w - w) // 2, box.y + (box.h - h) // 2, w, h)
            return targets, [Cut(Region.of(region), region, spot, scale)]
        regions = [region] if region is not None else list(self.card.focus(view, layout))
        kept = [r for r in regions if r.overlaps(bounds)] or [layout.board]
        return targets, cards.fit_regions(box, kept, bounds)

    @staticmethod
    def _paste_close(
        canvas: Canvas, box: Box, full: Image.Image, cuts: Sequence[Cut]
    ) -> Image.Image:
        """The close-up planned by ``_close_plan`` pasted on ``canvas``, and its pixels:
        its cuts pasted as the turn card pastes them (``render.kit.card.paste_cuts``:
        resampled, not pixel for pixel, at a fractional scale, with the cheaper area
        average when shrunk and bilinear when enlarged: a third of Lanczos' time)."""
        cards.paste_cuts(
            canvas, full, cuts, shrink=Image.Resampling.BOX, grow=Image.Resampling.BILINEAR
        )
        return canvas.image.crop(box.xyxy())

    @staticmethod
    def _mark_close(
        canvas: Canvas, box: Box, targets: Sequence[Target], cuts: Sequence[Cut]
    ) -> None:
        """The targets of the close-up ``box`` framed and named on top of it, crisp."""
        if not targets:
            return
        shown = []
        for t in targets:
            for _, source, spot, zoom in cuts:
                if _inside(t.box, source):
                    moved = Box(
                        round(spot.x + (t.box.x - source.x) * zoom),
                        round(spot.y + (t.box.y - source.y) * zoom),
                        round(t.box.w * zoom),
                        round(t.box.h * zoom),
                    )
                    shown.append(Target(moved, t.label))
                    break
        mark_targets(canvas, shown, size=PLATE, bounds=box)

    # ------------------------------------------------------------ bytes

    def draw(
        self,
        view: View,
        mine: Mine | None,
        *,
        lang: str = "en",
        names: Names = None,
        layout: str = "phone",
    ) -> bytes:
        """The seat's private view in ``layout`` (``phone`` or ``full``) as PNG bytes."""
        if layout not in LAYOUTS:
            raise ValueError(f"unknown layout {layout!r}: {', '.join(LAYOUTS)}")
        if layout == "full":
            return png_bytes(self.render_full(view, mine, lang=lang, names=names))
        image = self.render_phone(view, mine, lang=lang, names=names)
        data = png_bytes(image, quick=True)
        if len(data) > PHONE_BYTES:
            data = png_bytes(image, level=PHONE_DENSE_LEVEL)
        return data


def _relative(cuts: Sequence[Cut], box: Box) -> tuple[tuple[object, ...], ...]:
    """``cuts`` as a key, their targets relative to ``box``: the same close-up in
    another place on the page (another focus) is the same pixels."""
    return tuple(
        (c.source, c.target.x - box.x, c.target.y - box.y, c.target.w, c.target.h, c.scale)
        for c in cuts
    )


def _around(boxes: Sequence[Box]) -> Box:
    left = min(b.x for b in boxes) - 40
    top = min(b.y for b in boxes) - 40
    right = max(b.right for b in boxes) + 40
    bottom = max(b.bottom for b in boxes) + 40
    return Box(left, top, right - left, bottom - top)


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner.x >= outer.x
        and inner.y >= outer.y
        and inner.right <= outer.right
        and inner.bottom <= outer.bottom
    )


def _clip(box: Box, bounds: Box) -> Box:
    left, top = max(box.x, bounds.x), max(box.y, bounds.y)
    right, bottom = min(box.right, bounds.right), min(box.bottom, bounds.bottom)
    return Box(left, top, max(1, right - left), max(1, bottom - top))
