"""The registry: one ``Renderer`` per game, named in one line and imported on first use;
every function of the registry reads that one object."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from campfire_testing.nim_views import nim_view
from render import registry
from render.kit.renderer import Renderer
from render.nim import draw as draw_nim
from render.nim import twin as nim_twin

BOARD_ONLY = Renderer(board=draw_nim)
"""A game that draws its board and nothing else (no card, private views nor twin)."""


@pytest.fixture
def board_only() -> Iterator[str]:
    registry.register("nim-board", "tests.render.test_registry:BOARD_ONLY")
    try:
        yield "nim-board"
    finally:
        registry._GAMES.pop("nim-board")


def test_importing_the_registry_loads_no_game_and_no_pillow() -> None:
    code = (
        "import sys, render.registry as r\n"
        "assert len(r.ids()) >= 6\n"
        "loaded = [m for m in sys.modules if m.startswith(('PIL', 'render.'))]\n"
        "print(sorted(loaded))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['render.registry']"


def test_every_line_names_one_renderer_whose_parts_the_registry_uses() -> None:
    assert registry.ids() == sorted(registry._GAMES)
    for game_id in registry.ids():
        found = registry.get(game_id)
        assert isinstance(found, Renderer)
        assert found.card is not None and found.phone is not None and found.twin is not None
        assert registry.renderer(game_id) is found.board
        assert registry.renderer(game_id, "card") == found.card.draw
        assert registry.twin(game_id) is found.twin
    view = nim_view()
    nim = registry.get("nim")
    assert nim.card is not None and nim.phone is not None
    assert registry.draw("nim", view) == nim.board(view)
    assert registry.draw_card("nim", view, lang="fr") == nim.card.draw(view, lang="fr")
    assert registry.draw_private("nim", view, None) == nim.phone.draw(view, None)
    assert registry.twin("nim") is nim_twin


def test_a_game_with_a_board_alone_is_listed_only_where_it_has_a_part(board_only: str) -> None:
    view = nim_view()
    assert board_only in registry.ids()
    assert board_only not in registry.card_ids()
    assert board_only not in registry.phone_ids()
    assert board_only not in registry.twin_ids()
    assert not any(registry.has(board_only, part) for part in ("card", "phone", "twin"))
    assert all(registry.has("nim", part) for part in ("card", "phone", "twin"))
    assert not registry.has("no-such-game", "card")
    assert registry.draw(board_only, view) == registry.draw("nim", view)
    with pytest.raises(registry.UnknownGame):
        registry.draw_card(board_only, view)
    with pytest.raises(registry.UnknownGame):
        registry.draw_both(board_only, view)
    with pytest.raises(registry.UnknownGame):
        registry.draw_private(board_only, view, None)
    with pytest.raises(registry.UnknownGame):
        registry.describe(board_only, view)


def test_unknown_games_and_wrong_objects_are_refused() -> None:
    with pytest.raises(registry.UnknownGame):
        registry.get("no-such-game")
    with pytest.raises(registry.UnknownGame):
        registry.draw_both("no-such-game", nim_view())
    registry.register("nim-draw", "render.nim:draw")  # a function, not a Renderer
    try:
        with pytest.raises(TypeError, match="Renderer"):
            registry.draw("nim-draw", nim_view())
    finally:
        registry._GAMES.pop("nim-draw")
