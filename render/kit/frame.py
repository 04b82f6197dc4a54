"""The frame around a game's board: header, seat panels' name bars, legends and tags.

Drawn from the standard view envelope (contract v2), read with defaults so that a view
without some key still draws: ``seats``, ``out``, ``to_act``, ``turn``, ``round``,
``over``, ``last`` ({seat, label, notes}), ``scores`` ({seat: {total, partial}}) and
``winners``. The header says whose turn it is (or who won), the round and turn, and one
line on the last move (the game may give its own line and a highlighted notice). A
seat panel's name bar shows the seat's marker, name and score, outlined and tagged
while it is to play or once it has won, greyed and tagged when it is out.

``paint_*`` functions draw static art on an RGB image (cached per language and seat
count); ``draw_*`` functions draw a turn on a palette ``Canvas``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.geometry import PANEL_BAR, WIDTH, Box, FPoint
from render.kit.names import fit_name, seat_name, seat_names, tr
from render.kit.paint import Canvas
from render.kit.style import RGB
from render.kit.text import ELLIPSIS, draw_text, ellipsise, fit_font, font, text_width
from rules.base import TABLE, Text, table_label
from rules.i18n import move_parts

View = Mapping[str, Any]
Names = Mapping[str, str] | None
Describer = Callable[[View, str, Names], str]

PAD = 18  # header text from the picture's edges
OVER_WIDTH = 760  # widest game-over line
NAME_WIDTH = 260  # widest name of a seat to play in the header
SUBTITLE_WIDTH = 160  # widest subtitle after a seat's name in its panel's bar


# ---------------------------------------------------------------- reading the envelope


def seats_of(view: View) -> list[str]:
    return [str(s) for s in view.get("seats") or []]


def out_of(view: View) -> set[str]:
    """Seats removed from the game (resigned, timed out, out of moves)."""
    return {str(s) for s in view.get("out") or []}


def acting(view: View) -> list[str]:
    """Seats that must decide now, in seat order (none once over; never a seat out)."""
    if view.get("over") or is_stopped(view):
        return []
    seats, out = seats_of(view), out_of(view)
    wanted = {str(s) for s in view.get("to_act") or []}
    return [s for s in seats if s in wanted and s not in out]


def winners_of(view: View) -> list[str]:
    return [str(s) for s in view.get("winners") or []] if view.get("over") else []


def last_seat(view: View) -> str | None:
    """Who made the last move (``None``: no move yet, or the view does not say)."""
    last = view.get("last")
    seat = last.get("seat") if isinstance(last, Mapping) else None
    return str(seat) if seat is not None else None


def last_params(view: View) -> Mapping[str, Any]:
    """The parameters of the last move's public label (``{}`` when there are none): what
    a game reads to highlight that move on its board."""
    last = view.get("last")
    label = last.get("label") if isinstance(last, Mapping) else None
    params = label.get("params") if isinstance(label, Mapping) else None
    return params if isinstance(params, Mapping) else {}


def round_turn(view: View, lang: str) -> str:
    """``Round 3 · Move 12``, or ``Move 12`` for a game without rounds: the envelope's
    ``turn`` counts the decisions played (the log's entries), so the picture says
    "Move"."""
    turn = view.get("turn", 0)
    if view.get("round") is None:
        return tr("render.kit.turn", lang, turn=turn)
    return tr("render.kit.round_turn", lang, round=view["round"], turn=turn)


def is_stopped(view: View) -> bool:
    """Whether the game was stopped before its end (aborted: no result). The rules never
    say it: a front end that draws a stopped game's position adds ``stopped: true``."""
    return bool(view.get("stopped"))


def over_text(view: View, lang: str, names: Names) -> str:
    """The game-over line, naming the winners when the view gives them (a tie says so);
    a stopped game's says it was stopped."""
    if is_stopped(view):
        return tr("render.kit.stopped", lang)
    winners = [str(s) for s in view.get("winners") or []]
    if not winners:
        return tr("render.kit.over", lang)
    if len(winners) > 1:
        return tr("render.kit.over_tie", lang, names=seat_names(winners, names))
    return tr("render.kit.over_won", lang, names=seat_names(winners, names))


LEFT_KEYS = ("seat.resign", "seat.timeout", "seat.out")


def ending_parts(view: View, lang: str, names: Names, own: Sequence[str] = ()) -> list[str]:
    """Why the game ended, in words, then what the game adds (``own[1:]``): a game ended
    by a seat leaving says who left; a stopped game that it was stopped; otherwise the
    game's own reason (``own[0]``). Empty while the game runs."""
    if is_stopped(view):
        return [tr("render.kit.stopped_why", lang)]
    if not view.get("over"):
        return []
    last = view.get("last")
    label = _text(last.get("label")) if isinstance(last, Mapping) else None
    if label is not None and label.key.removesuffix(TABLE) in LEFT_KEYS:
        seat = last.get("seat") if isinstance(last, Mapping) else None
        if seat is not None:
            label = table_label(label, str(seat))
        said = move_parts(label, [], lang, {k: v for k, v in (names or {}).items() if v})
        return [tr("render.kit.ended_left", lang, what=" · ".join(said))]
    return [part for part in own if part] or [tr("render.kit.over", lang)]


def describe_last(view: View, lang: str, names: Names) -> str:
    """The last move as the table reads it: ``Bob takes 2 · a note · another`` (the
    parts of ``last_parts``; empty when there is none)."""
    return " · ".join(last_parts(view, lang, names))


def last_parts(view: View, lang: str, names: Names) -> list[str]:
    """The last move's table label (the mover named in the third person) and its notes,
    as separate parts, a note that only repeats what is said left out: the one line of
    a move (``rules.i18n.move_parts``) read from the envelope's ``last``."""
    last = view.get("last")
    if not isinstance(last, Mapping):
        return []
    label = _text(last.get("label"))
    notes = [n for n in (_text(note) for note in last.get("notes") or []) if n is not None]
    seat = last.get("seat")
    if seat is not None and label is not None:
        label = table_label(label, str(seat))  # a view's is the table's already; not by hand
    return move_parts(label, notes, lang, {k: v for k, v in (names or {}).items() if v})


def _text(value: Any) -> Text | None:
    """A view's ``{"key", "params"}`` as a ``Text`` (``None`` when it is not one)."""
    if not isinstance(value, Mapping) or not isinstance(value.get("key"), str):
        return None
    params = value.get("params")
    return Text(value["key"], dict(params) if isinstance(params, Mapping) else {})


def fit_words(text: str, face: Any, room: float) -> str:
    """``text`` cut at a word's end with an ellipsis so that it fits ``room`` pixels (a
    single word too long for the room is cut as ``ellipsise`` does)."""
    if text_width(text, face) <= room:
        return text
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        head = " ".join(words[:count]).rstrip(" ·:,;")
        if head and text_width(head + ELLIPSIS, face) <= room:
            return head + ELLIPSIS
    return ellipsise(text, face, room)


def header_line(view: View, lang: str, parts: Sequence[str], *, width: int = WIDTH) -> str:
    """The header's second line from whole ``parts`` (the move's label, then its notes):
    as many as fit beside the round and turn, never a word cut; an ellipsis says some
    were left out (the move's history keeps them all)."""
    face = font(16)
    room = width - 2 * PAD - round(text_width(round_turn(view, lang), face)) - 30
    kept: list[str] = []
    for part in parts:
        line = " · ".join([*kept, part])
        if text_width(line, face) > room:
            break
        kept.append(part)
    if not kept:
        return fit_words(parts[0], face, room) if parts else ""
    if len(kept) < len(parts):
        line = " · ".join(kept) + " " + ELLIPSIS
        while len(kept) > 1 and text_width(line, face) > room:
            kept.pop()
            line = " · ".join(kept) + " " + ELLIPSIS
        return line if text_width(line, face) <= room else " · ".join(kept)
    return " · ".join(kept)


def score_text(view: View, seat: str, lang: str) -> str:
    """``12 pts``; ``≈ 12 pts`` when part of the score is hidden from this viewer."""
    score = (view.get("scores") or {}).get(seat) or {}
    text = tr("render.kit.points", lang, points=score.get("total", 0))
    return "≈ " + text if score.get("partial") else text


# ---------------------------------------------------------------- static parts


def paint_box(image: Image.Image, box: Box) -> None:
    """An empty framed panel (what a turn draws goes on top)."""
    ImageDraw.Draw(image).rounded_rectangle(
        box.xyxy(), radius=10, fill=style.PANEL, outline=style.RULE, width=2
    )


def paint_header(image: Image.Image, box: Box) -> None:
    ImageDraw.Draw(image).rectangle(box.xyxy(), fill=style.HEADER_BG)


def paint_seat_panel(image: Image.Image, box: Box, index: int) -> None:
    """A seat panel's frame and its name bar in the seat's colour, with its marker."""
    draw = ImageDraw.Draw(image)
    colour = style.player_colour(index)
    draw.rounded_rectangle(box.xyxy(), radius=10, fill=style.PANEL, outline=style.RULE, width=2)
    draw.rounded_rectangle((box.x, box.y, box.right, box.y + PANEL_BAR), radius=10, fill=colour)
    draw.rectangle((box.x, box.y + 20, box.right, box.y + PANEL_BAR), fill=colour)
    sprites.paste(image, sprites.marker_icon(index, radius=10), (box.x + 20, box.y + 18))


def paint_legend_arrow(image: Image.Image, x: int, y: int) -> None:
    """The last-move arrow of a legend, pointing right, 42 px long, from ``(x, y)``."""
    draw = ImageDraw.Draw(image)
    draw.line([(x, y + 9), (x + 38, y + 9)], fill=style.WHITE, width=7)
    draw.line([(x, y + 9), (x + 36, y + 9)], fill=style.ARROW, width=3)
    draw.polygon([(x + 42, y + 9), (x + 32, y + 3), (x + 32, y + 15)], fill=style.ARROW)


@dataclass(frozen=True)
class Icon:
    """A sprite in a legend row, placed from the row's top-left corner (its top-left,
    or its centre when ``centred``)."""

    sprite: Image.Image
    at: FPoint
    centred: bool = False


class Legend:
    """A framed legend on static art: a title, then rows of icons and a caption.

    Each row advances by its ``height``; captions are cut to the box. ``flow`` puts
    small icon-and-word pairs side by side on one line.
    """

    def __init__(self, image: Image.Image, box: Box, title: str, *, pad: int = 12) -> None:
        self.image = image
        self.box = box
        self.x = box.x + pad
        self.right = box.right - pad
        self.face = font(12)
        paint_box(image, box)
        draw_text(image, (self.x, box.y + 8), title, font(14, bold=True), style.INK)
        self.y = box.y + 8 + 24

    def row(
        self,
        caption: str | Sequence[str],
        icons: Sequence[Icon] = (),
        *,
        text_x: int = 52,
        text_y: int = 2,
        height: int = 24,
        line_height: int = 16,
        paint: Callable[[Image.Image, int, int], None] | None = None,
    ) -> None:
        """One row: ``icons`` (and a ``paint(image, x, y)`` symbol) at the left, the
        caption's lines from ``text_x``."""
        for icon in icons:
            ax, ay = self.x + icon.at[0], self.y + icon.at[1]
            if icon.centred:
                sprites.paste(self.image, icon.sprite, (ax, ay))
            else:
                sprites.paste_at(self.image, icon.sprite, (round(ax), round(ay)))
        if paint is not None:
            paint(self.image, self.x, self.y)
        lines = [caption] if isinstance(caption, str) else list(caption)
        left = self.x + text_x
        for i, line in enumerate(lines):
            text = fit_words(line, self.face, self.right - left)
            at = (left, self.y + text_y + i * line_height)
            draw_text(self.image, at, text, self.face, style.INK)
        self.y += height

    def flow(
        self, items: Sequence[tuple[Image.Image, str]], *, gap: int = 12, text_y: int = 2
    ) -> None:
        """Icon-and-word pairs side by side (a key of colours), on one line."""
        x = self.x
        for sprite, word in items:
            sprites.paste_at(self.image, sprite, (x, self.y))
            draw_text(self.image, (x + 22, self.y + text_y), word, self.face, style.INK)
            x += 22 + round(text_width(word, self.face)) + gap
        self.y += 24


# ---------------------------------------------------------------- per turn


def draw_header(
    canvas: Canvas,
    box: Box,
    view: View,
    lang: str,
    names: Names,
    *,
    title: str,
    line: str | None = None,
    notice: str = "",
    ending: Sequence[str] = (),
) -> None:
    """Title, round and turn, whose turn it is (or who won), and one line on the game.

    ``line`` replaces the last move's label and notes (``describe_last``); ``notice``
    (if not empty) is a highlighted tag after the title. Once the game is over (or
    stopped) the line says why instead, from ``ending_parts`` given the game's own
    ``ending`` parts: whole, never cut.
    """
    bg = style.HEADER_BG
    title_face = font(24, bold=True)
    canvas.text((box.x + PAD, box.y + 10), title, title_face, style.HEADER_INK, ground=bg)
    sub = round_turn(view, lang)
    canvas.text((box.x + PAD, box.y + 44), sub, font(16), style.HEADER_SOFT, ground=bg)
    seats = seats_of(view)
    right = box.right - PAD
    taken = right  # the left end of what the first line shows on the right
    ended = bool(view.get("over")) or is_stopped(view)
    if ended:
        over_line = over_text(view, lang, names)
        room = right - (box.x + PAD + text_width(title, title_face) + 24)
        face = fit_font(over_line, room, 22, bold=True, minimum=13)
        taken = right - round(text_width(over_line, face))
        canvas.text((right, box.y + 12), over_line, face, style.HIGHLIGHT, anchor="ra", ground=bg)
    else:
        players = acting(view)
        face = font(20, bold=True)
        to_play = tr("render.kit.to_play", lang)
        # Many seats at once (a simultaneous choice): names shrink, then only markers stay.
        room = right - (box.x + PAD + text_width(title, title_face) + 24)
        room -= text_width(to_play, font(18)) + 40 * len(players)
        widest = min(NAME_WIDTH, room / max(1, len(players)))
        x = right
        for seat in reversed(players):
            name = ellipsise(seat_name(seat, names), face, widest) if widest >= 40 else ""
            canvas.text((x, box.y + 12), name, face, style.HEADER_INK, anchor="ra", ground=bg)
            x -= round(text_width(name, face)) + 6 if name else 0
            marker = sprites.marker_icon(seats.index(seat), radius=10)
            canvas.sprite(marker, (x - 12, box.y + 24), ground=bg)
            x -= 34
        if players:
            taken = x - round(text_width(to_play, font(18)))
            canvas.text((x, box.y + 14), to_play, font(18), style.HIGHLIGHT, anchor="ra", ground=bg)
    if notice:
        start = box.x + PAD + round(text_width(title, title_face)) + 24
        draw_notice(canvas, box, notice, start, taken - 24)
    left = box.x + PAD + round(text_width(sub, font(16))) + 30
    if ended:  # why it ended, whole: smaller type, never an ellipsis
        face, text = ending_line(ending_parts(view, lang, names, ending), right - left)
        canvas.text((right, box.y + 46), text, face, style.HEADER_INK, anchor="ra", ground=bg)
        return
    text = describe_last(view, lang, names) if line is None else line
    if text:
        face = font(16)
        canvas.text(
            (right, box.y + 46),
            fit_words(text, face, right - left),
            face,
            style.HEADER_INK,
            anchor="ra",
            ground=bg,
        )


ENDING_SIZES = (16, 11)  # the ending line's largest and smallest type


def ending_line(parts: Sequence[str], room: float) -> tuple[Any, str]:
    """The face and text of the header's ending line: as many of ``parts`` (the reason
    first, then what the game adds) as fit ``room`` whole, in type from 16 down to 11
    pixels; the reason is always kept whole, never cut."""
    largest, smallest = ENDING_SIZES
    for count in range(len(parts), 0, -1):
        text = " · ".join(parts[:count])
        face = fit_font(text, room, largest, minimum=smallest)
        if text_width(text, face) <= room or count == 1:
            return face, text
    return font(largest), ""


def draw_notice(canvas: Canvas, box: Box, text: str, x: int, end: int) -> None:
    """A highlighted tag on the header's first line, from ``x``, never past ``end``."""
    face = font(17, bold=True)
    if not text or end - x < 80:
        return
    text = fit_words(text, face, end - x - 22)
    width = round(text_width(text, face)) + 22
    canvas.rectangle(
        (x, box.y + 10, x + width, box.y + 38), radius=8, fill=style.HIGHLIGHT, outline=style.INK
    )
    canvas.text(
        (x + width / 2, box.y + 24), text, face, style.INK, anchor="mm", ground=style.HIGHLIGHT
    )


def draw_tag(
    canvas: Canvas,
    x: float,
    mid: float,
    text: str,
    *,
    fill: RGB = style.HIGHLIGHT,
    from_left: bool = False,
) -> int:
    """A short bold word on a rounded plate centred on ``mid``, ending at ``x`` (or
    starting there, ``from_left``); returns its width."""
    face = font(13, bold=True)
    width = round(text_width(text, face)) + 14
    left = x if from_left else x - width
    canvas.rectangle(
        (left, mid - 10, left + width, mid + 10), radius=6, fill=fill, outline=style.INK
    )
    ink = style.ink_on(fill)
    canvas.text((left + width / 2, mid), text, face, ink, anchor="mm", ground=fill)
    return width


def draw_seat_bar(
    canvas: Canvas,
    box: Box,
    seat: str,
    view: View,
    lang: str,
    names: Names,
    *,
    score: str | None = None,
    subtitle: str = "",
) -> None:
    """A seat panel's name bar this turn: name, ``subtitle`` after it in a lighter face
    (a faction, a tribe: its room is kept before the name is fitted), ``score``
    (default: points from the envelope; ``""``: none) and a tag; the panel outlined
    while it is to play or has won."""
    index = seats_of(view).index(seat)
    colour = style.player_colour(index)
    ink = style.ink_on(colour)
    is_out = seat in out_of(view)
    to_play = seat in acting(view)
    won = seat in winners_of(view)
    if to_play or won:
        canvas.rectangle(box.inset(-4).xyxy(), radius=13, outline=style.HIGHLIGHT, width=5)
    mid = box.y + PANEL_BAR // 2
    score = score_text(view, seat, lang) if score is None else score
    score_face = font(22, bold=True)
    score_w = round(text_width(score, score_face)) if score else 0
    if score:
        canvas.text((box.right - 12, mid), score, score_face, ink, anchor="rm", ground=colour)
    name_room = box.w - 52 - score_w - 24
    tag = ""
    if won:
        tag = tr("render.kit.winner_tag", lang)
    elif is_out:
        tag = tr("render.kit.out_tag", lang)
    elif to_play:
        tag = tr("render.kit.to_play_tag", lang)
    if tag:
        fill = style.OUT if is_out and not won else style.HIGHLIGHT
        name_room -= draw_tag(canvas, box.right - 24 - score_w, mid, tag, fill=fill) + 8
    sub_face = font(16)
    sub_w = min(math.ceil(text_width(subtitle, sub_face)) + 1, SUBTITLE_WIDTH) if subtitle else 0
    name_face, name = fit_name(
        seat_name(seat, names), name_room - (sub_w + 12 if sub_w else 0), 22, minimum=14
    )
    name_ink = style.mix(ink, colour, 0.5) if is_out else ink
    canvas.text((box.x + 38, mid), name, name_face, name_ink, anchor="lm", ground=colour)
    if sub_w:
        x = box.x + 38 + round(text_width(name, name_face)) + 12
        sub = fit_words(subtitle, sub_face, sub_w)
        canvas.text(
            (x, mid + 1), sub, sub_face, style.mix(ink, colour, 0.3), anchor="lm", ground=colour
        )
