"""The Origin picture: world map with pawns and tokens, player tableaux, supply and legend.

``draw(view, lang=..., names=...)`` renders the public view of an Origin Junior game
(format: docs/origin-view.md) as PNG bytes. ``compose`` is the same with hooks that the
Classic renderer uses to add its reward board (a band under the map) and per-player
extras, so both rule sets share this module. Pure: never imports bot or discord, never
mutates the view.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PIL import Image

from render.kit import sprites, style
from render.kit.cache import ArtCache
from render.kit.encode import build_palette, png_bytes
from render.kit.geometry import Box
from render.kit.geometry import FrameLayout as Frame
from render.kit.paint import Canvas, Palette
from render.origin import mapart, panels, pieces
from render.origin.colours import (
    BRIDGE,
    HUNT_BACK,
    LAND,
    LAND_EDGE,
    OCEAN,
    OCEAN_DEEP,
    PAWN_EDGE,
    PAWN_FILL,
    TERRITORY_COLOURS,
    TOKEN_BACK,
    TOKEN_FACE,
)
from render.origin.layout import PANEL_HEIGHT, RING, canvas, map_layout
from render.origin.panels import PlayerExtra, View
from rules.origin.components import BOARD
from rules.origin.pawns import parse_pawn

log = logging.getLogger(__name__)

__all__ = ["Extras", "compose", "draw", "render"]

BandPainter = Callable[[Canvas, Box, View, str], None]
StaticPainter = Callable[[Image.Image, Box, str], None]
Describer = panels.Describer
SUPPLY_WIDTH = 600


@dataclass(frozen=True)
class Extras:
    """What a variant adds to the shared Origin picture (Classic: the reward board).

    ``band_height`` reserves a band under the map; ``paint_band_static`` draws its
    unchanging art once (cached per key), ``draw_band`` its per-turn content;
    ``panel_height`` makes room in each player panel, where ``draw_player`` adds its
    parts below the shared rows (from ``box.y + PANEL_HEIGHT``); ``paint_legend``
    replaces the Junior legend (the rewards differ). ``paint_panel`` and
    ``draw_panel_body`` replace the Junior rows of a player panel (section titles, then
    per-turn content under the name bar); ``paint_piles`` and ``draw_piles`` replace the
    decks-and-tiles part of the supply box; ``describe`` replaces the header's line on the
    pending choice or last move, and ``notice`` adds a short highlighted notice to the
    header (empty: none). ``key`` names the variant in caches: two variants must not share
    a key. Extra colours should come from ``render.style`` (the palette is shared; other
    colours are mapped to their nearest entry).
    """

    key: str = "junior"
    band_height: int = 0
    panel_height: int = PANEL_HEIGHT
    paint_legend: StaticPainter | None = None
    paint_band_static: StaticPainter | None = None
    draw_band: BandPainter | None = None
    draw_player: PlayerExtra | None = None
    paint_panel: panels.PanelStatic | None = None
    draw_panel_body: PlayerExtra | None = None
    paint_piles: StaticPainter | None = None
    draw_piles: BandPainter | None = None
    describe: Describer | None = None
    notice: Describer | None = None


JUNIOR = Extras()

_static: ArtCache[tuple[Image.Image, Image.Image]] = ArtCache("origin.static", capacity=12)
_maps: ArtCache[Image.Image] = ArtCache("origin.map", capacity=4)
_palettes: ArtCache[Palette] = ArtCache("origin.palette", capacity=2)


def draw(view: View, *, lang: str = "en", names: Mapping[str, str] | None = None) -> bytes:
    """The Origin Junior board of a public ``view`` as PNG bytes."""
    return compose(view, lang=lang, names=names, extras=JUNIOR)


def compose(
    view: View,
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
    extras: Extras = JUNIOR,
) -> bytes:
    """``draw`` with a variant's ``extras``; returns palette PNG bytes."""
    return png_bytes(render(view, lang=lang, names=names, extras=extras))


def render(
    view: View,
    *,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
    extras: Extras = JUNIOR,
) -> Image.Image:
    """The composed picture as a palette image (before PNG encoding)."""
    seats = list(view.get("seats", []))
    frame = canvas(len(seats), extras.band_height, extras.panel_height)
    key = (lang, len(seats), extras.key)
    static_rgb, static_p = static_art(lang, len(seats), extras)
    paint = Canvas(static_rgb, static_p, palette(), key)
    panels.draw_header(
        paint, frame.header, view, lang, names, describe=extras.describe, notice=extras.notice
    )
    draw_map_pieces(paint, frame.board, view, lang)
    if extras.draw_band is not None and frame.band is not None:
        extras.draw_band(paint, frame.band, view, lang)
    for seat, box in zip(seats, frame.panels, strict=True):
        panels.draw_panel(
            paint, box, seat, view, lang, names, extras.draw_player, extras.draw_panel_body
        )
    panels.draw_supply(paint, supply_box(frame), view, lang, extras.draw_piles)
    return paint.image


def footer_boxes(frame: Frame) -> tuple[Box, Box]:
    """The footer's two parts: the supply (left) and the legend (right)."""
    if frame.footer is None:
        raise ValueError("the Origin frame always has a footer")
    supply, legend = frame.footer.split([SUPPLY_WIDTH, None])
    return supply, legend


def supply_box(frame: Frame) -> Box:
    return footer_boxes(frame)[0]


def legend_box(frame: Frame) -> Box:
    return footer_boxes(frame)[1]


def static_art(lang: str, players: int, extras: Extras) -> tuple[Image.Image, Image.Image]:
    """The unchanging art for ``players`` seats in ``lang``: (RGB, palette) images."""

    def build() -> tuple[Image.Image, Image.Image]:
        rgb = _paint_static(lang, players, extras)
        return rgb, palette().quantize(rgb)

    return _static.get((lang, players, extras.key), build)


def _paint_static(lang: str, players: int, extras: Extras) -> Image.Image:
    frame = canvas(players, extras.band_height, extras.panel_height)
    image = Image.new("RGB", (frame.width, frame.height), style.PAPER)
    panels.paint_header_frame(image, frame.header)
    image.paste(_maps.get(lang, lambda: mapart.paint_map(lang)), (frame.board.x, frame.board.y))
    if frame.band is not None and extras.paint_band_static is not None:
        extras.paint_band_static(image, frame.band, lang)
    for index, box in enumerate(frame.panels):
        panels.paint_panel_static(image, box, index, lang, extras.paint_panel)
    panels.paint_supply_static(image, supply_box(frame), lang, extras.paint_piles)
    (extras.paint_legend or panels.paint_legend)(image, legend_box(frame), lang)
    return image


def draw_map_pieces(paint: Canvas, box: Box, view: View, lang: str) -> None:
    """Pawns, tokens still on the board, the pending choice and the last move."""
    layout = map_layout()
    seats = list(view.get("seats", []))
    ox, oy = box.x, box.y

    def at(tid: str) -> tuple[int, int]:
        x, y = layout.centre(tid)
        return (x + ox, y + oy)

    last = view.get("last_move") or {}
    marked = [t for t in (last.get("to"), last.get("from")) if t in layout.places]
    if last.get("action") in ("evolve", "migrate", "swap"):
        for tid in marked:
            paint.sprite(highlight_ring(), at(tid))
    # The arrow goes under the discs it crosses: pawns stay readable.
    crossed: set[str] = set()
    if last.get("action") in ("migrate", "swap") and len(marked) == 2:
        draw_move_arrow(
            paint, at(last["from"]), at(last["to"]), box, both_ways=last.get("action") == "swap"
        )
        crossed = crossed_discs(last["from"], last["to"]) - set(marked)
    territories = view.get("territories", {})
    for tid in crossed:
        if not (territories.get(tid) or {}).get("pawn"):
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
    for tid, token in view.get("hunting", {}).items():
        if token.get("present") and tid in layout.places:
            x, y = at(tid)
            paint.sprite(pieces.hunting_token(token.get("value")), (x - r * 0.8, y - r * 0.8))
    for sid, token in view.get("straits", {}).items():
        if token.get("present") and sid in BOARD.straits:
            x, y = mapart.token_spot(sid, lang)
            paint.sprite(pieces.strait_token(token.get("value")), (x + ox, y + oy))
    pending = view.get("pending")
    if pending and pending.get("at") in layout.places:
        paint.sprite(pending_ring(), at(pending["at"]))
    if crossed or len(marked) == 2:
        for tid in crossed_labels(last["from"], last["to"], lang):
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


def palette() -> Palette:
    """The fixed palette of every Origin picture (built once from the art and sprites)."""
    return _palettes.get("origin", _build_palette)


def _exact_colours() -> list[style.RGB]:
    colours: list[style.RGB] = [
        style.PAPER,
        style.PANEL,
        style.INK,
        style.INK_SOFT,
        style.RULE,
        style.WHITE,
        style.HIGHLIGHT,
        style.ARROW,
        OCEAN,
        OCEAN_DEEP,
        LAND,
        LAND_EDGE,
        BRIDGE,
        TOKEN_BACK,
        TOKEN_FACE,
        HUNT_BACK,
        style.HEADER_BG,
        style.HEADER_INK,
        style.HEADER_SOFT,
        (0, 0, 0),
    ]
    colours += list(TERRITORY_COLOURS.values())
    colours += list(PAWN_FILL.values()) + list(PAWN_EDGE.values())
    colours += [style.player_colour(i) for i in range(4)]
    for ground in (style.PANEL, style.HEADER_BG):
        for fg in (style.INK, style.INK_SOFT, style.HEADER_INK, style.HEADER_SOFT):
            if fg != ground:
                colours += style.ramp(ground, fg, 6)[1:-1]
    for i in range(4):
        colours += style.ramp(style.player_colour(i), style.WHITE, 5)[1:-1]
        colours += style.ramp(style.player_colour(i), style.INK, 4)[1:-1]
    return colours


def _build_palette() -> Palette:
    sample = _paint_static("en", 4, JUNIOR)
    sheet = pieces.sprite_sheet()
    both = Image.new("RGB", (sample.width, sample.height + sheet.height), style.PAPER)
    both.paste(sample, (0, 0))
    both.paste(sheet, (0, sample.height))
    return Palette(build_palette(both, _exact_colours()))
