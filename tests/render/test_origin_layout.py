"""The Origin map layout: every rules territory placed, nothing overlapping, names clear."""

from __future__ import annotations

import copy
import itertools
import json
import math
from importlib import resources
from typing import Any

import pytest

from render.origin import mapart
from render.origin.layout import (
    LAND_PAD,
    RING,
    LayoutError,
    map_layout,
    parse_layout,
)
from rules.origin.components import BOARD

LANGS = ("en", "fr")


def raw_layout() -> dict[str, Any]:
    path = resources.files("render.origin").joinpath("data", "origin_layout.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_rules_territory_is_placed_in_its_continent() -> None:
    layout = map_layout()
    assert set(layout.places) == set(BOARD.territories)
    for tid, place in layout.places.items():
        assert place.continent == BOARD.territories[tid].continent


def test_a_missing_territory_is_refused() -> None:
    raw = raw_layout()
    del raw["continents"]["AF"]["territories"]["A5"]
    with pytest.raises(LayoutError, match="A5"):
        parse_layout(raw)


def test_a_territory_in_the_wrong_continent_is_refused() -> None:
    raw = copy.deepcopy(raw_layout())
    raw["continents"]["EU"]["territories"]["A5"] = raw["continents"]["AF"]["territories"].pop("A5")
    with pytest.raises(LayoutError, match="A5"):
        parse_layout(raw)


def test_discs_do_not_overlap() -> None:
    layout = map_layout()
    reach = layout.radius + RING
    for a, b in itertools.combinations(layout.places, 2):
        assert math.dist(layout.centre(a), layout.centre(b)) >= 2 * reach + 8, (a, b)


def test_continents_are_visibly_separated() -> None:
    """Land drawn around discs of different continents never touches (ocean between)."""
    layout = map_layout()
    land = layout.radius + LAND_PAD + 3
    for a, b in itertools.combinations(layout.places, 2):
        if layout.places[a].continent != layout.places[b].continent:
            assert math.dist(layout.centre(a), layout.centre(b)) >= 2 * land + 12, (a, b)


def test_land_borders_do_not_cross_other_discs() -> None:
    layout = map_layout()
    for a, b in mapart.land_edges():
        (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
        for other in layout.places:
            if other in (a, b):
                continue
            px, py = layout.centre(other)
            t = max(
                0.0,
                min(
                    1.0,
                    ((px - ax) * (bx - ax) + (py - ay) * (by - ay))
                    / ((bx - ax) ** 2 + (by - ay) ** 2),
                ),
            )
            gap = math.dist((px, py), (ax + t * (bx - ax), ay + t * (by - ay)))
            assert gap > layout.radius + 4, (a, b, other)


@pytest.mark.parametrize("lang", LANGS)
def test_names_do_not_overlap_discs_or_each_other(lang: str) -> None:
    boxes = mapart.label_boxes(lang)
    discs = {t: mapart.disc_box(t) for t in map_layout().places}
    for a, b in itertools.combinations(boxes, 2):
        assert not boxes[a].overlaps(boxes[b]), (a, b)
    for name, box in boxes.items():
        for tid, disc in discs.items():
            assert not box.overlaps(disc), (name, tid)
        assert box.x >= 0 and box.right <= map_layout().width
        assert box.y >= 0 and box.bottom <= map_layout().height


@pytest.mark.parametrize("lang", LANGS)
def test_strait_tokens_sit_clear_of_names_and_discs(lang: str) -> None:
    from render.kit.geometry import Box

    size = mapart.TOKEN_CLEARANCE
    obstacles = list(mapart.label_boxes(lang).values())
    obstacles += [mapart.disc_box(t) for t in map_layout().places]
    for sid in BOARD.straits:
        x, y = mapart.token_spot(sid, lang)
        box = Box(x - size + 2, y - size + 2, 2 * size - 4, 2 * size - 4)
        assert not any(box.overlaps(o) for o in obstacles), sid


def test_small_land_faces_are_filled_and_never_cover_a_disc() -> None:
    faces = mapart.land_faces(map_layout())
    assert ("T1", "T2", "T3", "T4") in faces or any(
        set(f) == {"T1", "T2", "T3", "T4"} for f in faces
    )
    for face in faces:
        continents = {BOARD.territories[t].continent for t in face}
        assert len(continents) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_canvas_is_wide_enough_and_panels_do_not_overlap(players: int) -> None:
    from render.origin import JUNIOR

    frame = JUNIOR.layout(players)
    assert frame.width >= 1280
    assert len(frame.panels) == players
    assert frame.footer is not None
    for a, b in itertools.combinations(frame.panels + (frame.footer, frame.board), 2):
        assert not a.overlaps(b)
    assert frame.footer.bottom <= frame.height


@pytest.mark.parametrize("lang", LANGS)
def test_continent_names_sit_in_clear_water(lang: str) -> None:
    layout = map_layout()
    names = mapart.label_boxes(lang)
    for cid in layout.continent_labels:
        box = mapart.continent_label_box(cid, lang)
        assert box.x >= 0 and box.right <= layout.width and box.bottom <= layout.height, cid
        for tid in layout.places:
            assert not box.overlaps(names[tid]), (cid, tid)
            assert not box.overlaps(mapart.disc_box(tid)), (cid, tid)


def test_seat_colours_are_not_territory_colours() -> None:
    from render.kit import style
    from render.origin.colours import TERRITORY_COLOURS

    colours = {style.player_colour(i) for i in range(4)}
    assert not colours & set(TERRITORY_COLOURS.values())
