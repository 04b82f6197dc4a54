"""The Origin map each turn: pawns, tokens, the pending choice and the last move.

The map itself (ocean, land, discs, names) is static art from ``mapart``, cached per
language; a turn pastes occupied discs, tokens still on the board, a dashed ring on the
territory chosen in the first step of a turn, and the last move: bold rings on the
territories it touched and an arrow for a migration (double-headed for a swap) that
passes under the discs it crosses, names kept on top.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.kit import sprites
from render.kit.cache import MB, ArtCache
from render.kit.compose import Static, Turn
from render.kit.geometry import Box
from render.kit.paint import Canvas
from render.origin import mapart, pieces
from render.origin.layout import RING, map_layout
from rules.origin.components import BOARD
from rules.origin.pawns import parse_pawn
from rules.origin.view_parts import map_view_of

log = logging.getLogger(__name__)

View = Mapping[str, Any]

_maps: ArtCache[Image.Image] = ArtCache("origin.map", budget=10 * MB)


def paint_map(image: Image.Image, box: Box, static: Static) -> None:
    """The static map in the picture's language (drawn once per language)."""
    art = _maps.get(static.lang, lambda: mapart.paint_map(static.lang))
    image.paste(art, (box.x, box.y))


def draw_map(canvas: Canvas, box: Box, turn: Turn) -> None:
    """This turn's pieces on the map (the ``draw_board`` hook of both Origin pictures)."""
    draw_map_pieces(canvas, box, turn.view, turn.lang)


def draw_map_pieces(paint: Canvas, box: Box, view: View, lang: str) -> None:
    """Pawns, tokens still on the board, the pending choice and the last move."""
    layout = map_layout()
    typed = map_view_of(view)
    seats = list(typed.get("seats") or [])
    ox, oy = box.x, box.y

    def at(tid: str) -> tuple[int, int]:
        x, y = layout.centre(tid)
        return (x + ox, y + oy)

    last = typed.get("last_move")
    action = last.get("action") if last else None
    came, went = (last.get("from"), last.get("to")) if last else (None, None)
    marked = [t for t in (went, came) if t is not None and t in layout.places]
    if action in ("evolve", "migrate", "swap"):
        for tid in marked:
            paint.sprite(highlight_ring(), at(tid))
    # The arrow goes under the discs it crosses: pawns stay readable.
    crossed: set[str] = set()
    if action in ("migrate", "swap") and came is not None and went is not None and len(marked) == 2:
        draw_move_arrow(paint, at(came), at(went), box, both_ways=action == "swap")
        crossed = crossed_discs(came, went) - set(marked)
    territories = typed.get("territories") or {}
    for tid in crossed:
        spot = territories.get(tid)
        if not (spot and spot.get("pawn")):
            paint.sprite(
                pieces.empty_disc(BOARD.territories[tid].colour, tid == BOARD.origin), at(tid)
            )
    for tid, spot in territories.items():
        pawn = spot.get("pawn")
        if not pawn or tid not in layout.places:
            continue
        try:
            parsed = parse_pawn(str(pawn))
        except ValueError:
            log.warning("not a pawn id in the view: %r at %s", pawn, tid)
            continue
        owner = spot.get("owner")
        index = seats.index(owner) if owner in seats else None
        features = (parsed.size, parsed.strength, parsed.colour)
        sprite = pieces.occupied_disc(BOARD.territories[tid].colour, features, index)
        paint.sprite(sprite, at(tid))
    r = layout.radius
    for tid, token in (typed.get("hunting") or {}).items():
        if token.get("present") and tid in layout.places:
            x, y = at(tid)
            paint.sprite(pieces.hunting_token(token.get("value")), (x - r * 0.8, y - r * 0.8))
    for sid, token in (typed.get("straits") or {}).items():
        if token.get("present") and sid in BOARD.straits:
            x, y = mapart.token_spot(sid, lang)
            paint.sprite(pieces.strait_token(token.get("value")), (x + ox, y + oy))
    pending = typed.get("pending")
    where = pending.get("at") if pending else None
    if where is not None and where in layout.places:
        paint.sprite(pending_ring(), at(where))
    if (crossed or len(marked) == 2) and came is not None and went is not None:
        for tid in crossed_labels(came, went, lang):
            sprite, (x, y) = mapart.label_sprite(tid, lang)
            paint.sprite(sprite, (x + ox, y + oy), centre=False)


def crossed_labels(a: str, b: str, lang: str) -> list[str]:
    """Territories whose name the straight line from ``a`` to ``b`` runs through."""
    layout = map_layout()
    (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
    if abs(bx - ax) > layout.width / 2:
        return []
    steps = max(1, int(math.dist((ax, ay), (bx, by)) // 4))
    points = [(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps) for i in range(steps + 1)]
    found = []
    for tid, box in mapart.label_boxes(lang).items():
        near = box.inset(-6)
        if any(near.x <= x <= near.right and near.y <= y <= near.bottom for x, y in points):
            found.append(tid)
    return found


def crossed_discs(a: str, b: str) -> set[str]:
    """Territories whose disc (with its ring) the straight line from ``a`` to ``b`` touches."""
    layout = map_layout()
    (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
    if abs(bx - ax) > layout.width / 2:  # drawn as two stubs through the map edges
        return set()
    reach = layout.radius + RING + 4
    span = (bx - ax) ** 2 + (by - ay) ** 2 or 1
    found = set()
    for tid, place in layout.places.items():
        px, py = place.at
        t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / span))
        if math.dist((px, py), (ax + t * (bx - ax), ay + t * (by - ay))) < reach:
            found.add(tid)
    return found


def highlight_ring() -> Image.Image:
    """A bold ring around a territory touched by the last move."""
    return sprites.highlight_ring(map_layout().radius + RING + 7)


def pending_ring() -> Image.Image:
    """A dashed ring around the territory chosen in the first step of a turn."""
    return sprites.dashed_ring(map_layout().radius + RING + 7)


def draw_move_arrow(
    paint: Canvas,
    a: tuple[int, int],
    b: tuple[int, int],
    box: Box,
    *,
    both_ways: bool,
) -> None:
    """A cased arrow from ``a`` to ``b`` (heads at both ends for a swap).

    When the shorter way is across the map edge (the wrapped strait), two stubs are
    drawn, each leaving the map toward the other end.
    """
    if abs(b[0] - a[0]) > box.w / 2:
        west, east = (a, b) if a[0] < b[0] else (b, a)
        west_edge = (box.x + 2, west[1])
        east_edge = (box.right - 2, east[1])
        _arrow(
            paint,
            east if east is a else west_edge,
            east_edge if east is a else west,
            head_start=False,
            head_end=True,
        )
        _arrow(
            paint,
            west if west is a else east_edge,
            west_edge if west is a else east,
            head_start=False,
            head_end=True,
        )
        return
    _arrow(paint, a, b, head_start=both_ways, head_end=True)


def _arrow(
    paint: Canvas, a: tuple[int, int], b: tuple[int, int], *, head_start: bool, head_end: bool
) -> None:
    r = map_layout().radius + RING + 4
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 2 * r + 8:
        return
    sprite, corner = sprites.arrow(a, b, trim=r, head_start=head_start, head_end=head_end)
    paint.sprite(sprite, corner, centre=False)
