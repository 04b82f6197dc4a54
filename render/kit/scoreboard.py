"""The final score table: a row per seat (the winners first, marked), a column per
scoring category, the total last.

A game's picture draws it once the game is over, from the ``breakdown`` its public
view then carries (``ScoreSheet.to_json()``: ``categories`` are message keys, ``rows``
map a seat to its points by category, ``totals`` its total). ``breakdown_of`` reads
that mapping forgivingly (``None`` when there is none: the picture draws no table);
``draw_scoreboard`` fills a box with the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from render.kit import sprites, style
from render.kit.frame import winners_of
from render.kit.geometry import Box
from render.kit.names import fit_name, seat_name, tr
from render.kit.paint import Canvas
from render.kit.text import ellipsise, font, wrap

if TYPE_CHECKING:
    from render.kit.compose import Turn


@dataclass(frozen=True)
class Breakdown:
    """The end's score sheet: category keys, and per seat its points and total."""

    categories: tuple[str, ...]
    rows: Mapping[str, Mapping[str, int]]
    totals: Mapping[str, int]


def breakdown_of(view: Mapping[str, Any]) -> Breakdown | None:
    """The view's ``breakdown`` (``None`` while the game runs, or when it has none)."""
    raw = view.get("breakdown")
    if not isinstance(raw, Mapping) or not isinstance(raw.get("rows"), Mapping):
        return None
    categories = tuple(str(c) for c in raw.get("categories") or [])
    rows = {
        str(seat): {str(c): _int(v) for c, v in row.items()}
        for seat, row in raw["rows"].items()
        if isinstance(row, Mapping)
    }
    given: Mapping[str, Any] = raw["totals"] if isinstance(raw.get("totals"), Mapping) else {}
    totals = {seat: _int(given.get(seat, sum(row.values()))) for seat, row in rows.items()}
    return Breakdown(categories, rows, totals)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def standing(breakdown: Breakdown, seats: Sequence[str], winners: Sequence[str]) -> list[str]:
    """The seats of the table in order: the winners, then by total (turn order on ties)."""
    known = [s for s in seats if s in breakdown.rows]
    return sorted(
        known, key=lambda s: (s not in winners, -breakdown.totals.get(s, 0), known.index(s))
    )


NAME_W = 230
HEAD_H = 34


def draw_scoreboard(
    canvas: Canvas,
    box: Box,
    breakdown: Breakdown,
    *,
    seats: Sequence[str],
    winners: Sequence[str],
    lang: str,
    names: Mapping[str, str] | None,
) -> None:
    """The table over ``box`` (a panel of its own: it covers what lies there)."""
    edge = (box.x, box.y, box.right - 1, box.bottom - 1)  # inside the box, its last pixels too
    canvas.rectangle(edge, radius=10, fill=style.PANEL, outline=style.RULE, width=2)
    order = standing(breakdown, seats, winners)
    if not order:
        return
    ground = style.PANEL
    columns = [*breakdown.categories, ""]
    inner = Box(box.x + 12, box.y + 6, box.w - 24, box.h - 12)
    col_w = (inner.w - NAME_W) / len(columns)
    row_h = min(26, (inner.h - HEAD_H) // len(order))
    title = ellipsise(tr("render.kit.final_scores", lang), font(15, bold=True), NAME_W - 8)
    canvas.text((inner.x, inner.y + 4), title, font(15, bold=True), style.INK, ground=ground)
    head = font(12, bold=True)
    for i, key in enumerate(columns):
        label = tr("render.kit.total", lang) if key == "" else tr(key, lang)
        centre = inner.x + NAME_W + col_w * (i + 0.5)
        lines = wrap(label, head, col_w - 8, max_lines=2)
        for j, line in enumerate(lines):
            y = inner.y + (HEAD_H - 6) / 2 + (j - (len(lines) - 1) / 2) * 14
            canvas.text((centre, y), line, head, style.INK_SOFT, anchor="mm", ground=ground)
    top = inner.y + HEAD_H
    canvas.line([(inner.x, top - 2), (inner.right, top - 2)], fill=style.RULE, width=1)
    for r, seat in enumerate(order):
        y = top + r * row_h
        won = seat in winners
        fill = style.HIGHLIGHT if won else ground
        if won:
            canvas.rectangle(
                (inner.x - 4, y + 1, inner.right + 4, y + row_h - 1), fill=fill, radius=5
            )
        mid = y + row_h / 2
        index = list(seats).index(seat)
        canvas.sprite(sprites.marker_icon(index, radius=8), (inner.x + 10, mid), ground=fill)
        label = seat_name(seat, names)
        if won:
            label = f"{label} · {tr('render.kit.winner_tag', lang)}"
        face, text = fit_name(label, NAME_W - 34, 15, minimum=12)
        canvas.text((inner.x + 26, mid), text, face, style.INK, anchor="lm", ground=fill)
        row = breakdown.rows.get(seat, {})
        for i, key in enumerate(columns):
            centre = inner.x + NAME_W + col_w * (i + 0.5)
            value = breakdown.totals.get(seat, 0) if key == "" else row.get(key, 0)
            cell = font(16, bold=True) if key == "" else font(15)
            canvas.text((centre, mid), str(value), cell, style.INK, anchor="mm", ground=fill)


def table_height(seats: int) -> int:
    """The height the table needs for ``seats`` rows (a footer at least this high)."""
    return 12 + HEAD_H + 22 * seats


__all__ = ["Breakdown", "breakdown_of", "draw_scoreboard", "standing", "table_height"]


def draw_final_table(canvas: Canvas, box: Box, turn: Turn) -> bool:
    """The final score table over ``box`` once the game is over (``winners_of`` first);
    ``False``, drawing nothing, while it runs or when the view has no breakdown."""
    breakdown = breakdown_of(turn.view) if turn.view.get("over") else None
    if breakdown is None:
        return False
    draw_scoreboard(
        canvas,
        box,
        breakdown,
        seats=turn.seats,
        winners=winners_of(turn.view),
        lang=turn.lang,
        names=turn.names,
    )
    return True
