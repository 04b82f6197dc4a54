"""The advanced modules on the Tribes picture: special tiles with their own art and a
legend band, Elders beside their village, the Glacier's stones; the base picture keeps
no band."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

from render.tribes import TRIBES, advanced, board, draw, model, pieces, render
from render.tribes.layout import split_board
from rules.registry import get
from tests.render.helpers import mean_difference, open_png

SEATS = ["s1", "s2", "s3", "s4"]


def advanced_view(*, elder: bool = True) -> dict[str, Any]:
    """A 4-player game with every special tile, the Glacier laid and a village with its
    Elder (public view)."""
    game = get("tribes")
    state = game.setup(SEATS, "adv", {"ancients": True, "terrains": "all", "map": "reference"})
    (seat,) = game.to_act(state)
    state = game.apply(state, seat, game.legal_moves(state, seat)[0].code)  # the Glacier
    data = state.data
    target = next(h for h in data["specials"] if data["specials"][h] == "oasis")
    index = list(data["hexes"]).index(target)
    data["members"][index * 4] = 2
    data["players"][0]["supply"] -= 2
    data["villages"][target] = 0
    data["village_aside"] = False
    if elder:
        data["elders"][0] = target
    view: dict[str, Any] = game.view(state, None)
    return view


def rgb(view: dict[str, Any]) -> Image.Image:
    return render(view, lang="en").convert("RGB")


def centre(view: dict[str, Any], hid: str) -> tuple[float, float, float]:
    layout = TRIBES.layout(len(view["seats"]))
    grid = board.grid_for(split_board(layout.board)[0], board.map_art(view, model.read(view)))
    cell = next(h for h in view["map"]["hexes"] if h["id"] == hid)
    cx, cy = grid.centre((cell["q"], cell["r"]))
    return cx, cy, grid.size


def test_the_base_game_has_no_legend_band() -> None:
    view = get("tribes").view(get("tribes").setup(SEATS[:2], "base"), None)
    assert board.map_art(view, model.read(view))[2] == ()


def test_the_map_art_names_each_tile_and_the_elder() -> None:
    view = advanced_view()
    cells, _, extras = board.map_art(view, model.read(view))
    assert set(extras) == {*advanced.TILES, advanced.ELDER}
    assert sum(":" in terrain for *_, terrain in cells) == 8


@pytest.mark.parametrize("tile", advanced.TILES)
def test_each_tile_has_its_own_colour_on_the_map(tile: str) -> None:
    view = advanced_view()
    hid = next(h["id"] for h in view["map"]["hexes"] if h.get("special") == tile)
    cx, cy, size = centre(view, hid)
    image = rgb(view)
    # the left corner of the hex, away from the pieces and the marks
    pixel = image.getpixel((round(cx - size * 0.7), round(cy - size * 0.1)))
    assert isinstance(pixel, tuple)
    basic = pieces.TERRAIN_FILL[next(h for h in view["map"]["hexes"] if h["id"] == hid)["terrain"]]
    if tile != "wild_land":  # three sectors of the basic colours
        mine = advanced.SPECIAL_FILL[tile]
        assert distance(pixel, mine) < distance(pixel, basic)


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=False))


def test_the_elder_stands_beside_its_village() -> None:
    with_elder, without = advanced_view(), advanced_view(elder=False)
    hid = next(h["id"] for h in with_elder["map"]["hexes"] if h.get("special") == "oasis")
    cx, cy, size = centre(with_elder, hid)
    box = (
        round(cx - size * 0.3),
        round(cy - size * 0.8),
        round(cx + size * 0.3),
        round(cy - size * 0.2),
    )
    assert mean_difference(rgb(with_elder).crop(box), rgb(without).crop(box)) > 5


def test_the_advanced_picture_stays_within_budget_and_reads_at_400px() -> None:
    view = advanced_view()
    before = copy.deepcopy(view)
    data = draw(view, lang="fr")
    assert view == before
    image = open_png(data)
    assert image.width >= 1280 and len(data) <= 200_000
    small = image.convert("RGB").resize((400, round(image.height * 400 / image.width)))
    assert small.height > 300
