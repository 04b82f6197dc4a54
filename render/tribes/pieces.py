"""The pieces of L'Aube des Tribus as cached sprites: terrain marks, tribe members with
their count, villages, invaders, the mammoth, the tiger, the volcano, dice, resources.

Every sprite is drawn ``sprites.SS`` times larger and reduced, and kept in
``sprites.SPRITES`` under a key starting with ``"tribes."``. A tribe's members are one
token in the seat's colour and marker shape with the count written on it, so that a hex
reads at a glance on a phone; colour is never the only cue.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.kit import seatmark, sprites, style
from render.kit.style import RGB
from render.kit.text import font, text_width

TERRAIN_FILL: dict[str, RGB] = {
    "lake": (160, 200, 226),
    "forest": (146, 188, 116),
    "mountain": (196, 180, 160),
    "volcano": (96, 78, 72),
}
TERRAIN_MARK: dict[str, RGB] = {
    "lake": (70, 130, 180),
    "forest": (52, 110, 50),
    "mountain": (112, 96, 82),
    "volcano": (226, 92, 40),
}
RESOURCE_FILL: dict[str, RGB] = {
    "wood": (150, 98, 48),
    "food": (232, 176, 36),
    "stone": (140, 140, 150),
}
RESOURCES = ("wood", "food", "stone")
PRODUCES = {"forest": "wood", "lake": "food", "mountain": "stone"}

INVADER: RGB = (120, 26, 30)
MAMMOTH: RGB = (124, 84, 56)
TIGER: RGB = (236, 140, 30)
SUN: RGB = (246, 190, 20)
MOON: RGB = (52, 70, 140)
DIE: RGB = (252, 250, 244)
REDUCED: RGB = (178, 40, 40)
BOOSTED: RGB = (28, 130, 60)
STRENGTH_MARK_WIDTH = 13
"""The width a strength mark takes before a value (with its gap)."""


def strength_mark(level: int, x: float, cy: float, size: float = 10) -> list[tuple[float, float]]:
    """The mark of a reduced (0: a triangle pointing down) or boosted (2: pointing up)
    value, ``size`` wide with its left at ``x``; none for a normal one (1). Red and green
    come close for a deuteranope: the direction says it without the colour."""
    half = size / 2
    if level == 0:
        return [(x, cy - half * 0.8), (x + size, cy - half * 0.8), (x + half, cy + half * 0.9)]
    if level == 2:
        return [(x, cy + half * 0.8), (x + size, cy + half * 0.8), (x + half, cy - half * 0.9)]
    return []


FIRE: RGB = (236, 84, 20)
NEUTRAL: RGB = (150, 144, 136)

COLOURS: tuple[RGB, ...] = (
    *TERRAIN_FILL.values(),
    *TERRAIN_MARK.values(),
    *RESOURCE_FILL.values(),
    INVADER,
    MAMMOTH,
    TIGER,
    SUN,
    MOON,
    DIE,
    REDUCED,
    BOOSTED,
    FIRE,
    NEUTRAL,
)


def _key(*parts: object) -> tuple[object, ...]:
    return ("tribes", *parts)


# ---------------------------------------------------------------- terrain


def paint_terrain_mark(
    draw: ImageDraw.ImageDraw, terrain: str, cx: float, cy: float, r: float
) -> None:
    """The terrain's symbol (waves, a fir, a peak, a cone) in its mark colour."""
    ink = TERRAIN_MARK.get(terrain, style.INK_SOFT)
    w = max(1.0, r * 0.16)
    if terrain == "lake":
        for dy in (-0.35, 0.05, 0.45):
            y = cy + dy * r
            points = [
                (cx - r + 2 * r * i / 16, y + math.sin(i / 16 * 2 * math.pi * 1.5) * r * 0.16)
                for i in range(17)
            ]
            draw.line(points, fill=ink, width=round(w))
    elif terrain == "forest":
        for dx, s in ((-0.45, 0.75), (0.4, 0.95)):
            x = cx + dx * r
            h = r * s * 1.6
            top = cy + r * 0.7 - h
            draw.polygon(
                [(x, top), (x + h * 0.36, cy + r * 0.55), (x - h * 0.36, cy + r * 0.55)], fill=ink
            )
            draw.rectangle((x - w / 2, cy + r * 0.5, x + w / 2, cy + r * 0.85), fill=ink)
    elif terrain == "mountain":
        draw.polygon(
            [(cx - r, cy + r * 0.7), (cx - r * 0.25, cy - r * 0.7), (cx + r * 0.45, cy + r * 0.7)],
            fill=ink,
        )
        draw.polygon(
            [(cx - r * 0.1, cy + r * 0.7), (cx + r * 0.45, cy - r * 0.2), (cx + r, cy + r * 0.7)],
            fill=ink,
        )
        draw.polygon(
            [
                (cx - r * 0.25, cy - r * 0.7),
                (cx - r * 0.42, cy - r * 0.3),
                (cx - r * 0.08, cy - r * 0.3),
            ],
            fill=style.WHITE,
        )
    elif terrain == "volcano":
        draw.polygon(
            [
                (cx - r, cy + r * 0.75),
                (cx - r * 0.3, cy - r * 0.45),
                (cx + r * 0.3, cy - r * 0.45),
                (cx + r, cy + r * 0.75),
            ],
            fill=(60, 46, 42),
        )
        draw.polygon(
            [(cx - r * 0.3, cy - r * 0.45), (cx, cy - r * 0.05), (cx + r * 0.3, cy - r * 0.45)],
            fill=ink,
        )
        for dx, dy in ((-0.35, -0.8), (0.0, -1.0), (0.35, -0.8)):
            sprites.circle(draw, cx + dx * r, cy + dy * r, r * 0.14, fill=ink)


def terrain_icon(terrain: str, side: int = 22) -> Image.Image:
    """A small rounded swatch of a terrain with its symbol (legends, goal chips)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        fill = TERRAIN_FILL.get(terrain, NEUTRAL)
        draw.rounded_rectangle(
            (k, k, (side - 1) * k, (side - 1) * k),
            radius=4 * k,
            fill=fill,
            outline=style.INK,
            width=k,
        )
        paint_terrain_mark(draw, terrain, side * k / 2, side * k / 2, side * k * 0.32)

    return sprites.cached(_key("terrain", terrain, side), (side, side), paint)


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-topped hexagon of radius ``r`` (centre to corner)."""
    return [
        (
            cx + r * math.cos(math.radians(-90 + 60 * i)),
            cy + r * math.sin(math.radians(-90 + 60 * i)),
        )
        for i in range(6)
    ]


# ---------------------------------------------------------------- tokens on the map


def member_token(index: int, count: int, radius: int) -> Image.Image:
    """A tribe's members on a hex: the seat's shape and colour, the count written on it."""
    side = 2 * radius + 8

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        colour = style.player_colour(index)
        shape = style.player_shape(index)
        grow = 1.18 if shape == "triangle" else 1.0
        sprites.paint_shape(draw, shape, c, c, (radius + 2) * k * grow, style.INK, style.INK, k)
        sprites.paint_shape(draw, shape, c, c, radius * k * grow, colour, style.WHITE, 2 * k)
        ink = style.ink_on(colour)
        size = round(radius * (1.15 if count < 10 else 0.95))
        dy = radius * 0.22 * k if shape == "triangle" else 0
        draw.text(
            (c, c + dy + k), str(count), font=font(size * k, bold=True), fill=ink, anchor="mm"
        )

    return sprites.cached(_key("member", index, count, radius), (side, side), paint)


def invader_token(count: int, radius: int) -> Image.Image:
    """Invaders: a dark red spiked disc with their number."""
    side = 2 * radius + 12

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        spikes = []
        for i in range(16):
            angle = -math.pi / 2 + math.pi * i / 8
            rr = (radius + 5 if i % 2 == 0 else radius) * k
            spikes.append((c + rr * math.cos(angle), c + rr * math.sin(angle)))
        draw.polygon(spikes, fill=style.INK)
        sprites.circle(draw, c, c, radius * k, fill=INVADER, outline=style.WHITE, width=2 * k)
        size = round(radius * 1.1)
        draw.text(
            (c, c + k), str(count), font=font(size * k, bold=True), fill=style.WHITE, anchor="mm"
        )

    return sprites.cached(_key("invaders", count, radius), (side, side), paint)


def mammoth_icon(size: int, *, tamer: int | None = None) -> Image.Image:
    """The mammoth, seen from the side: a domed brown body, a head with a trunk curling
    down and a long white tusk; once tamed, a thick edge in its tamer's colour and the
    tamer's shape on its back."""
    w, h = round(size * 1.3), size

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        edge = style.player_colour(tamer) if tamer is not None else style.INK
        line = (4 if tamer is not None else 1) * k
        X, Y = w * k, h * k  # noqa: N806 - the sprite's size in supersampled pixels
        legs = [(0.16, 0.3), (0.34, 0.48), (0.52, 0.66)]
        for left, right in legs:
            draw.rectangle(
                (X * left, Y * 0.6, X * right - k, Y * 0.97),
                fill=MAMMOTH,
                outline=style.INK,
                width=k,
            )
        draw.chord(
            (X * 0.04, Y * 0.1, X * 0.8, Y * 1.1), 180, 360, fill=MAMMOTH, outline=edge, width=line
        )
        draw.rectangle((X * 0.05, Y * 0.55, X * 0.79, Y * 0.68), fill=MAMMOTH)
        draw.ellipse(
            (X * 0.58, Y * 0.08, X * 0.92, Y * 0.52), fill=MAMMOTH, outline=edge, width=line
        )
        trunk = [
            (X * 0.86, Y * 0.4),
            (X * 0.93, Y * 0.62),
            (X * 0.9, Y * 0.84),
            (X * 0.97, Y * 0.95),
        ]
        draw.line(trunk, fill=style.INK, width=round(Y * 0.15), joint="curve")
        draw.line(trunk, fill=MAMMOTH, width=round(Y * 0.11), joint="curve")
        draw.arc(
            (X * 0.62, Y * 0.36, X * 1.02, Y * 0.82),
            60,
            190,
            fill=style.WHITE,
            width=round(Y * 0.08),
        )
        sprites.circle(draw, X * 0.78, Y * 0.24, Y * 0.045, fill=style.INK)
        for x in (0.2, 0.32, 0.44):
            draw.line(
                [(X * x, Y * 0.22), (X * (x - 0.04), Y * 0.34)], fill=(84, 54, 34), width=k * 2
            )
        if tamer is not None:  # the tamer's shape on its back, not only the edge's colour
            seatmark.paint_seat_badge(draw, tamer, X * 0.3, Y * 0.4, Y * 0.17, k)

    return sprites.cached(_key("mammoth", size, tamer), (w, h), paint)


def tiger_icon(size: int) -> Image.Image:
    """The sabre-toothed tiger: an orange striped head with two long white fangs."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        for ex in (0.22, 0.78):
            draw.polygon(
                [(s * (ex - 0.14), s * 0.3), (s * ex, s * 0.04), (s * (ex + 0.14), s * 0.3)],
                fill=TIGER,
                outline=style.INK,
                width=k,
            )
        draw.ellipse(
            (s * 0.1, s * 0.14, s * 0.9, s * 0.86), fill=TIGER, outline=style.INK, width=2 * k
        )
        for x in (0.35, 0.5, 0.65):
            draw.line([(s * x, s * 0.16), (s * x, s * 0.34)], fill=style.INK, width=round(s * 0.05))
        for ex in (0.34, 0.66):
            sprites.circle(draw, s * ex, s * 0.45, s * 0.06, fill=style.INK)
        draw.polygon(
            [(s * 0.38, s * 0.62), (s * 0.44, s * 0.98), (s * 0.48, s * 0.62)],
            fill=style.WHITE,
            outline=style.INK,
            width=k,
        )
        draw.polygon(
            [(s * 0.52, s * 0.62), (s * 0.56, s * 0.98), (s * 0.62, s * 0.62)],
            fill=style.WHITE,
            outline=style.INK,
            width=k,
        )

    return sprites.cached(_key("tiger", size), (size, size), paint)


def village_icon(index: int | None, size: int) -> Image.Image:
    """A hut in the owner's colour with the owner's shape on its front (grey with a door
    when nobody owns it: the abandoned village)."""
    w, h = size, size

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        fill = style.player_colour(index) if index is not None else NEUTRAL
        pts = [
            (w * 0.5 * k, h * 0.04 * k),
            (w * 0.97 * k, h * 0.46 * k),
            (w * 0.84 * k, h * 0.46 * k),
            (w * 0.84 * k, h * 0.96 * k),
            (w * 0.16 * k, h * 0.96 * k),
            (w * 0.16 * k, h * 0.46 * k),
            (w * 0.03 * k, h * 0.46 * k),
        ]
        draw.polygon(pts, fill=fill, outline=style.WHITE, width=2 * k)
        draw.line(pts + [pts[0]], fill=style.INK, width=k)
        if index is None:
            draw.rectangle((w * 0.4 * k, h * 0.62 * k, w * 0.6 * k, h * 0.94 * k), fill=style.INK)
        else:  # the tribe's shape on the hut's front, where the door would be
            seatmark.paint_seat_emblem(draw, index, w * 0.5 * k, h * 0.71 * k, w * 0.22 * k, k)

    return sprites.cached(_key("village", index, size), (w, h), paint)


def fire_icon(size: int) -> Image.Image:
    """The forest-fire marker: a flame."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        outer = [
            (s * 0.5, s * 0.02),
            (s * 0.86, s * 0.5),
            (s * 0.8, s * 0.82),
            (s * 0.5, s * 0.98),
            (s * 0.2, s * 0.82),
            (s * 0.14, s * 0.5),
            (s * 0.36, s * 0.3),
        ]
        draw.polygon(outer, fill=FIRE, outline=style.INK, width=k)
        inner = [(s * 0.5, s * 0.4), (s * 0.68, s * 0.7), (s * 0.5, s * 0.9), (s * 0.32, s * 0.7)]
        draw.polygon(inner, fill=SUN)

    return sprites.cached(_key("fire", size), (size, size), paint)


# ---------------------------------------------------------------- dice and resources


def die_face(face: str | None, side: int) -> Image.Image:
    """A die showing ``sun``, ``moon`` or ``blank`` (``None``: an empty slot)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        box = (k, k, (side - 1) * k, (side - 1) * k)
        if face is None:
            draw.rounded_rectangle(box, radius=5 * k, outline=style.RULE, width=2 * k)
            return
        draw.rounded_rectangle(box, radius=5 * k, fill=DIE, outline=style.INK, width=2 * k)
        c, r = side * k / 2, side * k * 0.26
        if face == "sun":
            for i in range(8):
                a = math.pi * i / 4
                draw.line(
                    [
                        (c + r * 1.05 * math.cos(a), c + r * 1.05 * math.sin(a)),
                        (c + r * 1.6 * math.cos(a), c + r * 1.6 * math.sin(a)),
                    ],
                    fill=SUN,
                    width=round(side * k * 0.07),
                )
            sprites.circle(draw, c, c, r, fill=SUN, outline=(200, 140, 0), width=k)
        elif face == "moon":
            sprites.circle(draw, c, c, r * 1.3, fill=MOON)
            sprites.circle(draw, c + r * 0.6, c - r * 0.35, r * 1.1, fill=DIE)

    return sprites.cached(_key("die", face, side), (side, side), paint)


def resource_icon(resource: str, side: int) -> Image.Image:
    """Wood (a log), food (a fish) or stone (a rock), each its own shape and colour."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        fill = RESOURCE_FILL.get(resource, NEUTRAL)
        if resource == "wood":
            draw.rounded_rectangle(
                (s * 0.06, s * 0.28, s * 0.94, s * 0.72),
                radius=s * 0.2,
                fill=fill,
                outline=style.INK,
                width=k,
            )
            draw.ellipse(
                (s * 0.62, s * 0.28, s * 0.94, s * 0.72),
                fill=(214, 170, 110),
                outline=style.INK,
                width=k,
            )
            sprites.circle(draw, s * 0.78, s * 0.5, s * 0.06, fill=fill)
        elif resource == "food":
            draw.ellipse(
                (s * 0.06, s * 0.24, s * 0.72, s * 0.76), fill=fill, outline=style.INK, width=k
            )
            draw.polygon(
                [(s * 0.62, s * 0.5), (s * 0.96, s * 0.22), (s * 0.96, s * 0.78)],
                fill=fill,
                outline=style.INK,
                width=k,
            )
            sprites.circle(draw, s * 0.24, s * 0.44, s * 0.05, fill=style.INK)
        elif resource == "any":
            sprites.circle(
                draw, s / 2, s / 2, s * 0.44, fill=style.WHITE, outline=style.INK, width=k
            )
            face = font(round(s * 0.7), bold=True)
            draw.text((s / 2, s / 2 + k), "?", font=face, fill=style.INK, anchor="mm")
        else:
            pts = [
                (s * 0.2, s * 0.2),
                (s * 0.62, s * 0.08),
                (s * 0.94, s * 0.42),
                (s * 0.8, s * 0.9),
                (s * 0.28, s * 0.92),
                (s * 0.06, s * 0.56),
            ]
            draw.polygon(pts, fill=fill, outline=style.INK, width=k)
            draw.line(
                [(s * 0.3, s * 0.34), (s * 0.58, s * 0.26)],
                fill=(200, 200, 206),
                width=round(s * 0.07),
            )

    return sprites.cached(_key("resource", resource, side), (side, side), paint)


def member_icon(index: int, side: int = 18) -> Image.Image:
    """A small plain token of a seat (the members in a player's supply)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        grow = 1.15 if style.player_shape(index) == "triangle" else 1.0
        sprites.paint_shape(
            draw,
            style.player_shape(index),
            c,
            c,
            (side / 2 - 2) * k * grow,
            style.player_colour(index),
            style.INK,
            k,
        )

    return sprites.cached(_key("member_icon", index, side), (side, side), paint)


def pawn_icon(side: int = 18) -> Image.Image:
    """A member of no colour in particular: a card's price in members (Autel)."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        s = side * k
        body = [
            (s * 0.2, s * 0.94),
            (s * 0.27, s * 0.56),
            (s * 0.5, s * 0.46),
            (s * 0.73, s * 0.56),
            (s * 0.8, s * 0.94),
        ]
        draw.polygon(body, fill=style.WHITE, outline=style.INK, width=k)
        sprites.circle(draw, s / 2, s * 0.27, s * 0.2, fill=style.WHITE, outline=style.INK, width=k)

    return sprites.cached(_key("pawn", side), (side, side), paint)


def vp_marker(index: int, radius: int = 10) -> Image.Image:
    """A seat's score marker on the VP track (its marker with an ink edge)."""
    return sprites.marker_icon(index, radius=radius)


def star_icon(side: int = 18) -> Image.Image:
    """A victory point: a gold star."""

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        c = side * k / 2
        draw.polygon(
            sprites.shape_points("star", c, c, (side / 2 - 1) * k),
            fill=SUN,
            outline=style.INK,
            width=k,
        )

    return sprites.cached(_key("star", side), (side, side), paint)


def samples() -> list[Image.Image]:
    """Sprite sheets that seed the palette with the shades of every piece's edges."""
    pieces: list[Image.Image] = []
    for index in range(4):
        pieces += [member_token(index, n, r) for n, r in ((3, 18), (12, 22))]
        pieces += [village_icon(index, 26), member_icon(index)]
    pieces += [invader_token(3, 18), mammoth_icon(40), mammoth_icon(40, tamer=1), tiger_icon(36)]
    pieces += [village_icon(None, 26), fire_icon(26)]
    pieces += [die_face(f, 30) for f in ("sun", "moon", "blank", None)]
    pieces += [resource_icon(r, 22) for r in RESOURCES]
    pieces += [terrain_icon(t) for t in TERRAIN_FILL]
    pieces += [star_icon(), pawn_icon()]
    return [
        sprites.sheet(pieces, style.PANEL),
        sprites.sheet(pieces, TERRAIN_FILL["lake"]),
        sprites.sheet(pieces, TERRAIN_FILL["forest"]),
        sprites.sheet(pieces, TERRAIN_FILL["mountain"]),
    ]


def points_width(points: int) -> int:
    """How wide the gold disc holding ``points`` is: a disc for one digit, a pill as
    wide as the number and its margins for more (an "11" never spills out)."""
    return max(16, round(text_width(str(points), font(12, bold=True))) + 8)


def chip(text: str, points: int | None, fill: RGB, height: int = 20) -> Image.Image:
    """A card chip: its name on the card colour, its points in a gold star disc."""
    face = font(12, bold=True)
    ink = style.ink_on(fill)
    disc = 0 if points is None else points_width(points)
    width = round(text_width(text, face)) + 14 + (0 if points is None else disc + 6)

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        draw.rounded_rectangle(
            (0, 0, (width - 1) * k, (height - 1) * k),
            radius=6 * k,
            fill=fill,
            outline=style.INK,
            width=k,
        )
        draw.text(
            (7 * k, height * k / 2), text, font=font(12 * k, bold=True), fill=ink, anchor="lm"
        )
        if points is not None:
            cx, cy, r = (width - 4 - disc / 2) * k, height * k / 2, 8 * k
            if disc == 16:
                sprites.circle(draw, cx, cy, r, fill=SUN, outline=style.INK, width=k)
            else:
                left, right = (width - 4 - disc) * k, (width - 4) * k
                box = (left, cy - r, right, cy + r)
                draw.rounded_rectangle(box, radius=r, fill=SUN, outline=style.INK, width=k)
            draw.text(
                (cx, cy + k), str(points), font=font(12 * k, bold=True), fill=style.INK, anchor="mm"
            )

    return sprites.cached(_key("chip", text, points, fill, height), (width, height), paint)


DEVELOPMENT: RGB = (70, 120, 190)
ACHIEVEMENT: RGB = (150, 100, 60)


def goal_chip(
    name: str,
    *,
    development: bool,
    vp: int,
    cost: tuple[tuple[str, int], ...] = (),
    ready: bool = False,
    height: int = 22,
) -> Image.Image:
    """A goal card as a chip: blue development or brown achievement, its name, what it
    costs (developments in progress) and its points; a thick yellow edge when it could be
    completed now."""
    fill = DEVELOPMENT if development else ACHIEVEMENT
    face = font(12, bold=True)
    icon = height - 8
    cost_w = sum(icon + 2 + round(text_width(str(n), face)) + 4 for _, n in cost)
    width = 8 + round(text_width(name, face)) + 6 + cost_w + 20

    def paint(draw: ImageDraw.ImageDraw, k: int) -> None:
        box = (0, 0, (width - 1) * k, (height - 1) * k)
        edge = SUN if ready else style.INK
        draw.rounded_rectangle(
            box, radius=6 * k, fill=fill, outline=edge, width=(3 if ready else 1) * k
        )
        mid = height * k / 2
        draw.text((8 * k, mid), name, font=font(12 * k, bold=True), fill=style.WHITE, anchor="lm")
        x = 8 + round(text_width(name, face)) + 6
        for _, n in cost:
            x += icon + 2
            draw.text(
                (x * k, mid), str(n), font=font(12 * k, bold=True), fill=style.WHITE, anchor="lm"
            )
            x += round(text_width(str(n), face)) + 4
        cx, r = (width - 11) * k, 8 * k
        sprites.circle(draw, cx, mid, r, fill=SUN, outline=style.INK, width=k)
        draw.text((cx, mid + k), str(vp), font=font(12 * k, bold=True), fill=style.INK, anchor="mm")

    def build() -> Image.Image:
        chip = sprites.supersampled((width, height), paint)
        x = 8 + round(text_width(name, face)) + 6
        for resource, n in cost:
            chip.alpha_composite(resource_icon(resource, icon), (x, 4))
            x += icon + 2 + round(text_width(str(n), face)) + 4
        return chip

    key = _key("goal", name, development, vp, cost, ready, height)
    return sprites.SPRITES.get(key, build)
