"""The Tribes picture drawn from real views of seeded random games, phase by phase."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from render.tribes import TRIBES, board, draw, model, render
from render.tribes.layout import split_board
from rules.registry import get
from tests.render.helpers import mean_difference, open_png
from tests.render.tribes_games import PHASES, phase_view, play

BUDGET_BYTES = 200_000
NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}
SHOWN = ("setup", "travel", "conflict", "over")


@pytest.fixture(scope="module")
def views() -> dict[tuple[int, str], dict[str, Any]]:
    """One real view per player count and phase."""
    return {(p, phase): phase_view(p, 10 * p + 1, phase) for p in (2, 3, 4) for phase in SHOWN}


def test_the_games_reach_every_phase(views: dict[tuple[int, str], dict[str, Any]]) -> None:
    for (_, phase), view in views.items():
        assert view["game"] == "tribes"
        if phase == "setup":
            assert view["step"] == "place"
        elif phase == "conflict":
            assert view["conflicts"] and not view["over"]
        elif phase == "over":
            assert view["over"] and view["winners"]
    assert set(SHOWN) <= set(PHASES)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", SHOWN)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pictures_have_the_layout_size_and_fit_the_budget(
    views: dict[tuple[int, str], dict[str, Any]], players: int, phase: str, lang: str
) -> None:
    view = views[(players, phase)]
    before = copy.deepcopy(view)
    data = draw(view, lang=lang, names=NAMES)
    assert view == before, "drawing must not mutate the view"
    image = open_png(data)
    frame = TRIBES.layout(players)
    assert image.size == (frame.width, frame.height) and image.width >= 1280
    assert image.mode == "P" and len(data) < BUDGET_BYTES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hex_of_the_map_is_inside_the_map_box(players: int) -> None:
    view = phase_view(players, 3, "setup")
    table = model.read(view)
    assert len(table.cells) == {2: 9, 3: 12, 4: 15}[players]
    map_box = split_board(TRIBES.layout(players).board)[0]
    for spot in view["map"]["volcano_spots"]:  # wherever the volcano lands, all fits
        with_volcano = dict(view, volcano={"q": spot[0], "r": spot[1]})
        grid = board.grid_for(map_box, board.map_art(with_volcano, model.read(with_volcano)))
        cells = [c.at for c in table.cells] + [tuple(spot)]
        bounds = grid.bounds(cells)  # type: ignore[arg-type]
        assert map_box.x <= bounds.x and bounds.right <= map_box.right
        assert map_box.y <= bounds.y and bounds.bottom <= map_box.bottom
        assert grid.size >= 50


def test_members_on_the_map_are_drawn_where_they_stand(
    views: dict[tuple[int, str], dict[str, Any]],
) -> None:
    """Taking a tribe's members off a hex changes that hex of the picture."""
    view = views[(4, "conflict")]
    grid = board.grid_for(
        split_board(TRIBES.layout(4).board)[0], board.map_art(view, model.read(view))
    )
    base = render(view).convert("RGB")
    for cell in [c for c in view["map"]["hexes"] if c["members"]][:4]:
        emptied = copy.deepcopy(view)
        target = next(c for c in emptied["map"]["hexes"] if c["id"] == cell["id"])
        target["members"] = {}
        target["conflict"] = False
        cx, cy = grid.centre((cell["q"], cell["r"]))
        box = (round(cx - 30), round(cy - 30), round(cx + 30), round(cy + 30))
        other = render(emptied).convert("RGB")
        assert mean_difference(base.crop(box), other.crop(box)) > 3, cell["id"]


def test_game_over_names_the_winner() -> None:
    game = get("tribes")
    state = play(3, 5)
    outcome = game.outcome(state)
    assert outcome is not None
    view = game.view(state, None)
    assert view["winners"] == list(outcome.winners)
    without = {k: v for k, v in view.items() if k != "winners"}
    assert draw(view) != draw(without)


def test_french_and_english_differ_only_in_words(
    views: dict[tuple[int, str], dict[str, Any]],
) -> None:
    view = views[(4, "travel")]
    english, french = open_png(draw(view, lang="en")), open_png(draw(view, lang="fr"))
    assert english.size == french.size
    assert 0 < mean_difference(english, french) < 8


@pytest.mark.parametrize("players", [2, 4])
def test_every_view_of_a_whole_game_draws_within_budget(players: int) -> None:
    """Each view of a seeded random game, in order, as the bot draws them: no state of
    the game (events' questions, conflicts, an eliminated tribe) breaks the picture."""
    game = get("tribes")
    state = game.setup([f"s{i + 1}" for i in range(players)], f"every-{players}")
    chooser = random.Random(players)
    largest = 0
    for _ in range(4000):
        largest = max(largest, len(draw(game.view(state, None), lang="fr")))
        if not game.to_act(state):
            break
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        state = game.apply(state, seat, chooser.choice([m for m in legal if m.code != "back"]))
    assert game.outcome(state) is not None
    assert largest < BUDGET_BYTES
