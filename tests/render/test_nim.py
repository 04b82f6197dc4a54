"""The Nim picture: a renderer made of render.kit and a few lines (the new-game path)."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from campfire_testing.nim_views import finished_view, nim_view
from render import registry
from render.nim import NIM, counts, draw, grid
from tests.render.helpers import mean_difference, open_png

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
PACKAGE = Path(__file__).resolve().parents[2] / "render" / "nim"


def rgb(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return open_png(draw(view, lang=lang, names=NAMES)).convert("RGB")


def crop(image: Image.Image, box: Any) -> Image.Image:
    return image.crop(box.xyxy())


@pytest.mark.parametrize("view", [nim_view(), finished_view()], ids=["mid", "over"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_nim_picture_is_a_wide_small_palette_png(view: dict[str, Any], lang: str) -> None:
    before = copy.deepcopy(view)
    data = draw(view, lang=lang, names=NAMES)
    assert view == before, "drawing must not mutate the view"
    image = open_png(data)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and image.mode == "P"
    assert image.size == (1280, NIM.layout(len(view["seats"])).height)
    assert len(data) < 60_000


def test_the_registry_draws_nim() -> None:
    assert "nim" in registry.ids()
    view = nim_view()
    assert registry.draw("nim", view, lang="fr") == draw(view, lang="fr")


def test_stones_stay_large_enough_to_read_on_a_phone() -> None:
    """At Discord's 400 px preview a 62-stone table still shows stones of 12 px or more."""
    layout = NIM.layout(4)
    cells = grid(layout.board, 62)
    assert cells.rows * cells.columns >= 62
    assert cells.cell_w * 400 / layout.width >= 12
    assert layout.board.contains((cells.box.x, cells.box.y))
    assert cells.box.right <= layout.board.right and cells.box.bottom <= layout.board.bottom


def test_each_stone_taken_changes_the_board_and_its_taker_panel_only() -> None:
    layout = NIM.layout(3)
    before = rgb(nim_view())
    after = rgb(nim_view(stones=8, taken={"s1": 3, "s2": 4, "s3": 1}, last=None))
    assert mean_difference(crop(before, layout.board), crop(after, layout.board)) > 0
    assert mean_difference(crop(before, layout.panels[2]), crop(after, layout.panels[2])) > 0
    assert crop(before, layout.panels[0]).tobytes() == crop(after, layout.panels[0]).tobytes()


def test_the_last_move_is_ringed_on_the_board_and_tagged_on_its_player() -> None:
    layout = NIM.layout(3)
    ringed, calm = rgb(nim_view()), rgb(nim_view(last=None))
    cells = grid(layout.board, 16)
    for index in (9, 10, 11):  # the three stones Bob just took
        cell = cells.at(index)
        assert mean_difference(crop(ringed, cell.inset(-4)), crop(calm, cell.inset(-4))) > 5
    untouched = cells.at(12).inset(-2)
    assert crop(ringed, untouched).tobytes() == crop(calm, untouched).tobytes()
    bob, amelie = layout.panels[1], layout.panels[0]
    assert mean_difference(crop(ringed, bob), crop(calm, bob)) > 0
    assert crop(ringed, amelie).tobytes() == crop(calm, amelie).tobytes()
    assert counts(nim_view()) == (9, 16, 3)


def test_whose_turn_it_is_outlines_that_panel_and_names_them_in_the_header() -> None:
    layout = NIM.layout(3)
    chloe, amelie = rgb(nim_view()), rgb(nim_view(to_act=["s1"]))
    for box in (layout.header, layout.panels[0], layout.panels[2]):
        assert mean_difference(crop(chloe, box.inset(-6)), crop(amelie, box.inset(-6))) > 0


def test_a_seat_out_of_the_game_is_tagged_and_never_to_play() -> None:
    layout = NIM.layout(3)
    playing = rgb(nim_view(to_act=["s1"]))
    out = rgb(nim_view(to_act=["s1"], out=["s3"]))
    assert mean_difference(crop(playing, layout.panels[2]), crop(out, layout.panels[2])) > 0
    assert crop(playing, layout.header).tobytes() == crop(out, layout.header).tobytes()
    # A view naming an out seat among those to act still does not show it to play.
    odd = rgb(nim_view(to_act=["s3"], out=["s3"]))
    idle = rgb(nim_view(to_act=[], out=["s3"]))
    assert odd.tobytes() == idle.tobytes()


def test_game_over_names_the_winner_and_english_and_french_differ_in_words() -> None:
    over = finished_view()
    english, french = rgb(over, "en"), rgb(over, "fr")
    assert english.size == french.size and 0 < mean_difference(english, french) < 8
    crowned = rgb(dict(over, winners=["s1"]))
    assert mean_difference(crowned, english) > 0


@pytest.mark.parametrize(
    "view",
    [
        {"game": "nim", "seats": ["a", "b"]},
        nim_view(start=None, taken=None, last={"seat": "s9", "label": "take"}),
        nim_view(stones=40, start=16, taken={}),
    ],
    ids=["bare", "odd", "more-than-start"],
)
def test_a_sparse_or_odd_view_still_draws(view: dict[str, Any]) -> None:
    assert open_png(draw(view)).width == 1280


def test_the_renderer_is_only_kit_and_a_few_lines() -> None:
    """A new game's renderer is one small package on render.kit: nothing of another game."""
    source = (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 190  # with its targets (the stones) and its card
    # the picture, its text twin (every game with a picture has one: render.twin) and
    # the one object the registry loads (render.kit.renderer)
    files = sorted(p.name for p in PACKAGE.iterdir() if p.suffix == ".py")
    assert files == ["__init__.py", "renderer.py", "twin.py"]
    assert len((PACKAGE / "renderer.py").read_text(encoding="utf-8").splitlines()) <= 10
    twin = (PACKAGE / "twin.py").read_text(encoding="utf-8")
    assert len(twin.splitlines()) <= 60
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            allowed = ("__future__", "collections", "typing", "PIL", "render", "rules")
            assert node.module.split(".")[0] in allowed, node.module
            assert not node.module.startswith("rules") or node.module == "rules.nim"  # its view
            assert not node.module.startswith("render.") or node.module.startswith("render.kit")
