"""The column right of the map: the action board, the event slots and the VP track.

Action board: a row per action with its name, its three dice from the entry slot (left)
to the exit slot (right), its reduced / normal / boosted values for the player whose
turn it is (the rules' numbers, his developments included: blue, with a ``+n`` after the
name, when they add to the printed board), and, for each face he holds in hand, the
value that die would give there (in red when reduced, in green when boosted; a flame
and the higher value where Fire could lift it). Actions already taken this turn are
outlined and numbered. Events: one box per slot with the event's name, the markers on
it (resources, the mammoth's die, cost markers) and what it costs when it can be bought
(Autel: a member from the map plus one of its prices); the deck's size in the title.
VP track: 0 to 15 with each seat's marker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from render.kit import sprites, style
from render.kit.compose import Static, Turn
from render.kit.frame import draw_tag, paint_box
from render.kit.geometry import Box
from render.kit.names import tr
from render.kit.paint import Canvas
from render.kit.text import Font, draw_text, ellipsise, fit_font, font, text_width, wrap
from render.tribes import pieces
from render.tribes.layout import ACTIONS, DIE, DIE_GAP, VP_GOAL, Side, side_layout, split_board
from render.tribes.model import Slot, Table, pushed, strength
from render.tribes.words import action_name, event_effect, event_name, value_text, values_text

PANEL = style.PANEL
DICE_X = 132  # dice start, from the row's left
HAND_X = DICE_X + 3 * DIE + 2 * DIE_GAP + 24
STRENGTH_INK = (pieces.REDUCED, style.INK, pieces.BOOSTED)
FACES = ("sun", "moon", "blank")
NAME_FACE = font(16, bold=True)


def side_of(board: Box, slots: int = 3) -> Side:
    return side_layout(split_board(board)[1], slots)


# ---------------------------------------------------------------- static


def paint_side(image: Image.Image, board: Box, static: Static) -> None:
    """Frames and titles of the action board, the events and the track; action names."""
    lang = static.lang
    side = side_of(board)
    title = font(15, bold=True)
    for box, key in (
        (side.actions, "render.tribes.actions"),
        (side.events, "render.tribes.events"),
        (side.track, "render.tribes.track"),
    ):
        paint_box(image, box)
        draw_text(image, (box.x + 10, box.y + 7), tr(key, lang), title, style.INK)
    draw = ImageDraw.Draw(image)
    for action, row in zip(ACTIONS, side.rows, strict=True):
        if row is not side.rows[0]:
            draw.line([(row.x, row.y), (row.right, row.y)], fill=style.RULE, width=1)
        name = ellipsise(action_name(action, lang), NAME_FACE, DICE_X - 12)
        draw_text(image, (row.x + 4, row.y + 8), name, NAME_FACE, style.INK)
        arrow_y = row.y + 10 + DIE // 2
        x0 = row.x + DICE_X - 14
        draw.polygon([(x0, arrow_y - 5), (x0 + 9, arrow_y), (x0, arrow_y + 5)], fill=style.INK_SOFT)
        x1 = row.x + DICE_X + 3 * DIE + 2 * DIE_GAP + 3
        draw.polygon([(x1, arrow_y - 5), (x1 + 9, arrow_y), (x1, arrow_y + 5)], fill=style.RULE)
    small = font(12)
    for cell_i, cell in enumerate(side.cells):
        fill = style.mix(style.PANEL, pieces.SUN, 0.45) if cell_i == VP_GOAL else style.PAPER
        draw.rounded_rectangle(cell.xyxy(), radius=4, fill=fill, outline=style.RULE)
        draw_text(
            image,
            (cell.x + cell.w / 2, cell.y + 3),
            str(cell_i),
            small,
            style.INK_SOFT,
            anchor="ma",
        )


# ---------------------------------------------------------------- per turn


def draw_side(canvas: Canvas, board: Box, turn: Turn, table: Table) -> None:
    side = side_of(board)
    _actions(canvas, side, turn, table)
    _events(canvas, side, turn, table)
    _track(canvas, side, turn, table)


def _actions(canvas: Canvas, side: Side, turn: Turn, table: Table) -> None:
    lang = turn.lang
    hand = list(dict.fromkeys(f for f in table.hand if f in FACES))
    if hand:
        _in_hand(canvas, side, table, lang)
    for action, row in zip(ACTIONS, side.rows, strict=True):
        _action_row(canvas, row, action, table, hand, lang)


def _in_hand(canvas: Canvas, side: Side, table: Table, lang: str) -> None:
    """The dice rolled and not placed yet, in the action board's title line."""
    label = tr("render.tribes.in_hand", lang)
    face = font(13, bold=True)
    right = side.actions.right - 10
    x = right - len(table.hand) * 26
    for i, die in enumerate(table.hand):
        canvas.sprite(
            pieces.die_face(die, 22), (x + i * 26, side.actions.y + 4), centre=False, ground=PANEL
        )
    canvas.text((x - 6, side.actions.y + 15), label, face, style.INK, anchor="rm", ground=PANEL)


def _action_row(
    canvas: Canvas, row: Box, action: str, table: Table, hand: Sequence[str], lang: str
) -> None:
    """One action: its dice, what it gives the player to act at each strength (and what
    improves it), then the action's order if taken this turn, else each die in hand's
    value there."""
    dice = table.dice.get(action, ())
    for i in range(3):
        shown = dice[i] if i < len(dice) else None
        x = row.x + DICE_X + i * (DIE + DIE_GAP)
        canvas.sprite(pieces.die_face(shown, DIE), (x, row.y + 10), centre=False, ground=PANEL)
    values = table.values.get(action)
    if values is None:
        return
    improved = _bonus(canvas, row, action, table, lang)
    _values_line(canvas, row, action, values, table.details.get(action, {}), improved, lang)
    if table.used and action in table.used:
        order = table.used.index(action) + 1
        canvas.rectangle(row.inset(-2, 0).xyxy(), radius=8, outline=style.HIGHLIGHT, width=4)
        done = tr("render.tribes.taken", lang, n=order)
        draw_tag(canvas, row.x + HAND_X, row.y + 25, done, from_left=True)
        return
    for i, die in enumerate(hand):
        level = table.would.get(action, {}).get(die, strength(pushed(dice, die)))
        top = row.y + (14 if len(hand) == 1 else 3 + i * 28)
        lifted = table.fire.get(action, {}).get(die)
        _die_value(canvas, (row.x + HAND_X, top), action, die, values, (level, lifted), lang)


def _bonus(canvas: Canvas, row: Box, action: str, table: Table, lang: str) -> bool:
    """A blue ``+n`` after the action's name when the player to act gets more from it
    than the board prints (his developments, Hiver clément); whether it is drawn."""
    if not table.improved_by.get(action):
        return False
    values, printed = table.values.get(action), table.printed.get(action)
    more = values[1] - printed[1] if values and printed else 0
    more += table.details.get(action, {}).get("extra", 0)
    name = ellipsise(action_name(action, lang), NAME_FACE, DICE_X - 12)
    x = row.x + 4 + round(text_width(name, NAME_FACE)) + 6
    pill = pieces.chip(f"+{more}" if more > 0 else "+", None, pieces.DEVELOPMENT, height=18)
    if x + pill.width <= row.x + DICE_X - 16:
        canvas.sprite(pill, (x, row.y + 8), centre=False, ground=PANEL)
    return True


def _die_value(
    canvas: Canvas,
    at: tuple[int, int],
    action: str,
    die: str,
    values: Sequence[int],
    levels: tuple[int, int | None],
    lang: str,
) -> None:
    """A die in hand and what the action would give with it, coloured by strength and
    marked ▼ reduced or ▲ boosted; with a flame and the higher value when Fire could
    lift it."""
    x, top = at
    level, lifted = levels
    canvas.sprite(pieces.die_face(die, 22), (x, top), centre=False, ground=PANEL)
    text = value_text(action, values[level], lang, short=True)
    face = font(18, bold=True)
    x += 24 + _strength_mark(canvas, level, x + 24, top + 11)
    canvas.text((x, top + 11), text, face, STRENGTH_INK[level], anchor="lm", ground=PANEL)
    if lifted is None:
        return
    x += round(text_width(text, face)) + 6
    canvas.sprite(pieces.fire_icon(16), (x, top + 3), centre=False, ground=PANEL)
    text = value_text(action, values[lifted], lang, short=True)
    small = font(15, bold=True)
    x += 18 + _strength_mark(canvas, lifted, x + 18, top + 11)
    canvas.text((x, top + 11), text, small, STRENGTH_INK[lifted], anchor="lm", ground=PANEL)


def _strength_mark(canvas: Canvas, level: int, x: int, cy: int) -> int:
    """A reduced or boosted value's triangle before it (colour is not the only sign);
    the width it takes."""
    points = pieces.strength_mark(level, x, cy)
    if not points:
        return 0
    canvas.polygon(points, fill=STRENGTH_INK[level])
    return pieces.STRENGTH_MARK_WIDTH


def _values_line(
    canvas: Canvas,
    row: Box,
    action: str,
    values: Sequence[int],
    details: Mapping[str, int],
    improved: bool,
    lang: str,
) -> None:
    """What the action gives the player to act, reduced / normal / boosted, under its
    name: blue when his improvements are in it."""
    text = values_text(action, values, details, lang)
    small = fit_font(text, DICE_X - 8, 12, minimum=9)
    ink = pieces.DEVELOPMENT if improved else style.INK_SOFT
    canvas.text((row.x + 4, row.y + 33), text, small, ink, ground=PANEL)


def _events(canvas: Canvas, side: Side, turn: Turn, table: Table) -> None:
    lang = turn.lang
    deck = tr("render.tribes.deck", lang, count=table.deck)
    title_w = round(text_width(tr("render.tribes.events", lang), font(15, bold=True)))
    canvas.text(
        (side.events.x + 20 + title_w, side.events.y + 9),
        deck,
        font(13),
        style.INK_SOFT,
        ground=PANEL,
    )
    for i, box in enumerate(side.slots):
        slot = table.slots[i] if i < len(table.slots) else None
        if slot is None:
            canvas.rectangle(box.xyxy(), radius=8, outline=style.RULE, width=2)
            canvas.text(
                (box.x + box.w / 2, box.y + box.h / 2),
                tr("render.tribes.free_slot", lang),
                font(12),
                style.INK_SOFT,
                anchor="mm",
                ground=PANEL,
            )
            continue
        fill = style.mix(style.PANEL, pieces.MOON, 0.12)
        canvas.rectangle(box.xyxy(), radius=8, fill=fill, outline=style.INK, width=1)
        name_face = font(12, bold=True)
        name = wrap(event_name(slot.id, lang), name_face, box.w - 12, 2)
        for n, line in enumerate(name):
            canvas.text((box.x + 6, box.y + 5 + n * 16), line, name_face, style.INK, ground=fill)
        body = _body_top(box, slot)
        _effect(
            canvas,
            Box(box.x + 6, box.y + 6 + 16 * len(name), box.w - 10, 0),
            body,
            slot,
            fill,
            lang,
        )
        _slot_body(canvas, box, slot, fill, turn, body)


def _stock_rows(box: Box, slot: Slot) -> int:
    per_row = max(1, (box.w - 58) // 54 + 1)
    return -(-len(slot.stock) // per_row)


def _body_top(box: Box, slot: Slot) -> int:
    """Where the card's pieces begin, from the bottom up: the prices (a row each), the
    mammoth's die, the resources on the card."""
    lines = price_lines(slot.prices)
    rows = len(lines) + (1 if slot.members and lines else 0)
    height = rows * 22 + (28 if slot.die is not None else 0) + _stock_rows(box, slot) * 24
    return box.bottom - 4 - height


def _effect(
    canvas: Canvas, where: Box, bottom: int, slot: Slot, fill: style.RGB, lang: str
) -> None:
    """The event's effect in a few words between its name and its pieces."""
    size, lines = effect_lines(event_effect(slot.id, lang), where.w, bottom - where.y)
    face = font(size)
    for n, line in enumerate(lines):
        canvas.text((where.x, where.y + n * (size + 2)), line, face, style.INK_SOFT, ground=fill)


def effect_lines(text: str, width: float, room: float) -> tuple[int, list[str]]:
    """The face size (11 px down to 9 px, the largest at which every word fits in
    ``room`` pixels of height) and the lines of ``text``."""
    size, lines = 9, []
    for size in (11, 10, 9):
        lines = whole_words(text, font(size), width, int(room // (size + 2)))
        if " ".join(lines) == text:
            break
    return size, lines


def whole_words(text: str, face: Font, width: float, max_lines: int) -> list[str]:
    """``text`` wrapped at spaces into at most ``max_lines`` lines; what does not fit
    ends the last line with an ellipsis after a whole word, never in a word."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if text_width(candidate, face) <= width or not current:
            current = candidate
            continue
        lines.append(current)
        current = word
    if current:
        lines.append(current)
    if len(lines) <= max_lines:
        return lines
    if max_lines < 1:
        return []
    kept = lines[:max_lines]
    words = kept[-1].split()
    while words and text_width(" ".join(words) + "…", face) > width:
        words.pop()
    kept[-1] = " ".join(words) + "…"
    return kept


def _slot_body(canvas: Canvas, box: Box, slot: Slot, fill: style.RGB, turn: Turn, top: int) -> None:
    """Resources on the card, the mammoth's taming die, the ways to buy the card now."""
    bold = font(14, bold=True)
    x, y = box.x + 6, top
    for resource, n in slot.stock:
        if x + 52 > box.right:
            x, y = box.x + 6, y + 24
        canvas.sprite(pieces.resource_icon(resource, 20), (x, y), centre=False, ground=fill)
        canvas.text((x + 22, y + 10), f"×{n}", bold, style.INK, anchor="lm", ground=fill)
        x += 54
    if slot.die is not None:
        top = box.bottom - 28
        canvas.sprite(pieces.die_face("blank", 22), (box.x + 6, top), centre=False, ground=fill)
        canvas.text(
            (box.x + 17, top + 11), str(slot.die), bold, style.INK, anchor="mm", ground=pieces.DIE
        )
        if slot.holder in turn.seats:
            marker = sprites.marker_icon(turn.index(slot.holder), radius=8)
            canvas.sprite(marker, (box.x + 44, top + 11), ground=fill)
    _prices(canvas, box, slot, fill, turn.lang)


def _prices(canvas: Canvas, box: Box, slot: Slot, fill: style.RGB, lang: str) -> None:
    """The ways to buy the card now, from the bottom up; the members it costs on top of
    any of them (Autel) on their own line first, followed by ``+``; ``−n`` after the
    first price for the markers that lowered it."""
    lines = price_lines(slot.prices)
    members = (("member", slot.members),) if slot.members and lines else None
    rows = [members, *lines] if members else lines
    bold, small = font(14, bold=True), font(12)
    for n, price in enumerate(reversed(rows)):
        top = box.bottom - 24 - n * 22
        x = box.x + 6
        if n == len(rows) - 1:
            word = tr("render.tribes.cost", lang)
            canvas.text((x, top + 10), word, small, style.INK_SOFT, anchor="lm", ground=fill)
            x += round(text_width(word, small)) + 4
        for resource, count in price:
            icon = (
                pieces.pawn_icon(18) if resource == "member" else pieces.resource_icon(resource, 18)
            )
            canvas.sprite(icon, (x, top + 1), centre=False, ground=fill)
            canvas.text((x + 19, top + 10), str(count), bold, style.INK, anchor="lm", ground=fill)
            x += 34
        if price is members:
            plus = x - 34 + 19 + round(text_width(str(price[0][1]), bold)) + 5
            canvas.text((plus, top + 10), "+", bold, style.INK, anchor="lm", ground=fill)
        elif price is lines[0] and slot.markers:
            cut = f"−{slot.markers}"  # markers put on the card by doubles, 1 off each
            canvas.text((x, top + 10), cut, bold, pieces.BOOSTED, anchor="lm", ground=fill)


def price_lines(prices: Sequence[tuple[tuple[str, int], ...]]) -> list[tuple[tuple[str, int], ...]]:
    """The ways to pay, shortest first; several prices of one resource each, all of the
    same amount, become one price of ``any`` (Autel: 4 of one kind); several prices of
    one each of k types (Autel once a marker lowered its one-of-each price) become k
    times 1 of ``any``, not the first of them."""
    single = [p for p in prices if len(p) == 1]
    mixed = [p for p in prices if len(p) != 1]
    amounts = {p[0][1] for p in single}
    out: list[tuple[tuple[str, int], ...]] = []
    if len(single) > 1 and len(amounts) == 1:
        out.append((("any", amounts.pop()),))
    else:
        out += single
    ones = {len(p) for p in mixed if all(n == 1 for _, n in p)}
    if len(mixed) > 1 and len(ones) == 1 and all(all(n == 1 for _, n in p) for p in mixed):
        out.append((("any", 1),) * ones.pop())
    else:
        out += mixed
    return out[:2]


def _track(canvas: Canvas, side: Side, turn: Turn, table: Table) -> None:
    stacks: dict[int, list[int]] = {}
    for index, seat in enumerate(turn.seats):
        stacks.setdefault(min(VP_GOAL, max(0, table.scores.get(seat, 0))), []).append(index)
    for score, indices in stacks.items():
        cell = side.cells[score]
        step = min(20, (cell.h - 22) // max(1, len(indices)))
        for n, index in enumerate(indices):
            canvas.sprite(
                pieces.vp_marker(index, radius=8), (cell.x + cell.w / 2, cell.y + 28 + n * step)
            )
