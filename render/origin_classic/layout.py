"""Where the Classic parts go: reward-board band geometry and the rows of a player panel.

Every Classic coordinate is computed here; the shared canvas (header, map, band, panels,
footer) comes from ``render.origin.layout.canvas`` with the heights below.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.kit.geometry import Box

COLUMNS = ("yellow", "orange", "violet", "brown")
SLOTS = {"yellow": 3, "orange": 3, "violet": 3, "brown": 6}
DECK_OF = {"yellow": "action", "orange": "permanent", "violet": "objective"}

BAND_TITLE = 24
BAND_HEIGHT = 140
COLUMN_GAP = 12
COLUMN_PAD = 8
STRIP = 30
TILE = 62  # a reward-board tile's side
PANEL_HEIGHT = 246

# Panel rows, relative to the panel's top-left corner.
ROW_A_LABEL, ROW_A = 42, 59
ROW_B_LABEL, ROW_B = 100, 116
ROW_C_LABEL, ROW_C = 178, 195
VILLAGES_X, HAND_X, PAWNS_X, TOKENS_X = 12, 104, 204, 352
STACKS_X, OBJECTIVES_X = 12, 330
CHIP_HEIGHT = 21
CHIP_GAP = 5


@dataclass(frozen=True)
class Column:
    """One reward-board column: its box, header strip and slot boxes."""

    colour: str
    box: Box
    strip: Box
    slots: tuple[Box, ...]


def columns(band: Box) -> tuple[Column, ...]:
    """The four reward-board columns inside the band (under its title line)."""
    top = band.y + BAND_TITLE
    height = band.bottom - top
    total_slots = sum(SLOTS.values())
    room = band.w - COLUMN_GAP * (len(COLUMNS) - 1) - 2 * COLUMN_PAD * len(COLUMNS)
    cell = room // total_slots
    spare = room - cell * total_slots
    out = []
    x = band.x
    for colour in COLUMNS:
        width = cell * SLOTS[colour] + 2 * COLUMN_PAD + (spare if colour == "brown" else 0)
        box = Box(x, top, width, height)
        strip = Box(x, top, width, STRIP)
        inner = (width - 2 * COLUMN_PAD) / SLOTS[colour]
        slot_y = strip.bottom + (height - STRIP - TILE) // 2
        slots = tuple(
            Box(round(x + COLUMN_PAD + inner * i + (inner - TILE) / 2), slot_y, TILE, TILE)
            for i in range(SLOTS[colour])
        )
        out.append(Column(colour, box, strip, slots))
        x += width + COLUMN_GAP
    return tuple(out)
