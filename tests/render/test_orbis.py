"""The Orbis picture drawn from real views of seeded random games, phase by phase."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
from PIL import Image

from render import registry
from render.kit.geometry import Box
from render.orbis import ORBIS, draw, layout, render
from rules.i18n import translate
from rules.orbis.components import GODS
from rules.registry import get
from tests.render.helpers import assert_image_similar, mean_difference, open_png
from tests.render.orbis_games import GOLDEN, GOLDENS, NAMES, PHASES, phase_view, play

BUDGET_BYTES = 200_000
View = dict[str, Any]


@pytest.fixture(scope="module")
def views() -> dict[tuple[int, str], View]:
    """One real view per player count and phase (start, tile pending, placed, late, over)."""
    return {(p, phase): phase_view(p, 10 * p + 1, phase) for p in (2, 3, 4) for phase in PHASES}


def rgb(view: View, lang: str = "en") -> Image.Image:
    return render(view, lang=lang, names=NAMES).convert("RGB")


def crop(image: Image.Image, box: Box) -> Image.Image:
    return image.crop(box.xyxy())


def only_inside(a: Image.Image, b: Image.Image, box: Box) -> bool:
    """``a`` and ``b`` differ inside ``box`` and nowhere else."""
    masked = b.copy()
    masked.paste(crop(a, box), (box.x, box.y))
    return mean_difference(crop(a, box), crop(b, box)) > 0 and mean_difference(a, masked) == 0


def test_the_games_reach_every_phase(views: dict[tuple[int, str], View]) -> None:
    for (_, phase), view in views.items():
        assert view["game"] == "orbis"
        if phase == "start":
            assert view["turn"] == 0 and all(s["tile"] for s in view["display"])
        elif phase == "pending":
            assert view["pending"]["tile"] is not None
        elif phase == "placed":
            assert view["last_take"]["tile"] and view["pending"] is None
        elif phase == "over":
            assert view["over"] and view["to_act"] == []
            assert all(p["pyramid_size"] == 14 for p in view["players"].values())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pictures_have_the_layout_size_and_fit_the_budget(
    views: dict[tuple[int, str], View], players: int, phase: str, lang: str
) -> None:
    view = views[(players, phase)]
    before = copy.deepcopy(view)
    data = draw(view, lang=lang, names=NAMES)
    assert view == before, "drawing must not mutate the view"
    image = open_png(data)
    frame = ORBIS.layout(players)
    assert image.size == (frame.width, frame.height) and image.width >= 1280
    assert image.mode == "P"
    assert len(data) < BUDGET_BYTES


def test_the_registry_draws_orbis(views: dict[tuple[int, str], View]) -> None:
    view = views[(3, "late")]
    assert "orbis" in registry.ids()
    assert registry.draw("orbis", view, lang="fr") == draw(view, lang="fr")


def test_french_and_english_differ_only_in_words(views: dict[tuple[int, str], View]) -> None:
    view = views[(4, "late")]
    english, french = rgb(view, "en"), rgb(view, "fr")
    assert english.size == french.size
    assert 0 < mean_difference(english, french) < 8


def test_cubes_on_a_display_tile_change_that_cell_only(views: dict[tuple[int, str], View]) -> None:
    view = views[(3, "late")]
    board = ORBIS.layout(3).board
    for slot in (0, 4, 8):
        changed = copy.deepcopy(view)
        cubes = changed["display"][slot]["cubes"]
        cubes["red"] = cubes["red"] + 3
        assert only_inside(rgb(view), rgb(changed), layout.display_cell(board, slot)), slot


def test_each_display_tile_shows_its_cost_effect_and_pc(views: dict[tuple[int, str], View]) -> None:
    view = views[(2, "start")]
    board = ORBIS.layout(2).board
    base = rgb(view)
    for key, value in (
        ("pc", 5),
        ("cost", {"blue": 2, "any": 1}),
        ("effect", {"kind": "temple", "icons": 2}),
    ):
        changed = copy.deepcopy(view)
        if changed["display"][2]["tile"][key] == value:
            continue
        changed["display"][2]["tile"][key] = value
        assert only_inside(base, rgb(changed), layout.display_tile(board, 2)), key


def test_pile_sizes_gods_and_temple_tokens_are_drawn(views: dict[tuple[int, str], View]) -> None:
    view = views[(4, "pending")]
    board = ORBIS.layout(4).board
    base = rgb(view)
    changed = copy.deepcopy(view)
    changed["piles"]["3"] -= 2
    area = layout.pile_box(board, 3)
    assert only_inside(base, rgb(changed), Box(area.x, area.y, 100, area.h))
    fewer = copy.deepcopy(view)
    fewer["gods"] = fewer["gods"][:-1]
    assert only_inside(base, rgb(fewer), layout.right_area(board))
    tokens = copy.deepcopy(view)
    tokens["temple_tokens"] = tokens["temple_tokens"][:-1]
    assert mean_difference(base, rgb(tokens)) > 0


def _cell(view: View, seat: str, status: str | None) -> tuple[int, dict[str, Any]]:
    cells = view["players"][seat]["pyramid"]
    for i, cell in enumerate(cells):
        if not cell["wasteland"] and cell["status"] == status:
            return i, cell
    raise AssertionError(f"no cell with status {status} for {seat}")


def test_a_cancelled_tile_looks_unlike_a_validated_one(views: dict[tuple[int, str], View]) -> None:
    view = views[(4, "over")]
    seat = "s1"
    index = view["seats"].index(seat)
    frame = ORBIS.layout(4)
    base = rgb(view)
    i, cell = _cell(view, seat, None)
    place = layout.pyramid(frame.panels[index]).place(cell["row"], cell["x"])
    for status, wasteland in (("cancelled", False), ("valid", False), (None, True)):
        changed = copy.deepcopy(view)
        changed["players"][seat]["pyramid"][i].update(status=status, wasteland=wasteland)
        other = rgb(changed)
        assert mean_difference(crop(base, place), crop(other, place)) > 3, status
        assert only_inside(base, other, place.inset(-2))


def test_the_last_tile_taken_is_framed_in_its_pyramid(views: dict[tuple[int, str], View]) -> None:
    view = views[(4, "placed")]
    taken = view["last_take"]
    index = view["seats"].index(taken["seat"])
    panel = ORBIS.layout(4).panels[index]
    calm = copy.deepcopy(view)
    calm["last_take"] = None
    a, b = rgb(view), rgb(calm)
    cell = next(
        c for c in view["players"][taken["seat"]]["pyramid"] if c["tile"]["id"] == taken["tile"]
    )
    place = layout.pyramid(panel).place(cell["row"], cell["x"])
    ring = place.inset(-6)
    assert mean_difference(crop(a, ring), crop(b, ring)) > 3
    others = [p for i, p in enumerate(ORBIS.layout(4).panels) if i != index]
    assert all(crop(a, p).tobytes() == crop(b, p).tobytes() for p in others)
    # the refilled display slot is tagged
    cell_box = layout.display_cell(ORBIS.layout(4).board, taken["slot"] - 1)
    assert mean_difference(crop(a, cell_box), crop(b, cell_box)) > 0


def test_the_tile_being_taken_waits_in_its_player_panel(views: dict[tuple[int, str], View]) -> None:
    view = views[(3, "pending")]
    seat = view["pending"]["seat"]
    panel = ORBIS.layout(3).panels[view["seats"].index(seat)]
    view = copy.deepcopy(view)
    view["pending"]["spots"] = []  # the places it may go are another test's
    calm = copy.deepcopy(view)
    calm["pending"] = None
    assert only_inside(rgb(view), rgb(calm), layout.side(panel))
    slot = view["pending"]["slot"] - 1
    assert view["display"][slot]["tile"] is None  # its slot waits empty for the refill


def test_a_god_taken_is_shown_with_its_pc_and_a_cancelled_one_struck(
    views: dict[tuple[int, str], View],
) -> None:
    view = views[(2, "over")]
    seat = "s2"
    side = layout.side(ORBIS.layout(2).panels[1])
    base = rgb(view)
    changed = copy.deepcopy(view)
    changed["players"][seat]["god"] = GODS["GD10"].to_json()
    changed["players"][seat]["god_cancelled"] = True
    other = rgb(changed)
    if view["players"][seat]["god"]["id"] != "GD10" or not view["players"][seat]["god_cancelled"]:
        assert only_inside(base, other, side)


def test_domain_reductions_and_temples_are_drawn(views: dict[tuple[int, str], View]) -> None:
    view = views[(3, "late")]
    side = layout.side(ORBIS.layout(3).panels[0])
    base = rgb(view)
    for key, value in (
        ("domain", {"yellow": 9, "green": 0, "blue": 0, "red": 1, "white": 0}),
        ("reductions", ["yellow", "green", "blue", "red", "white"]),
        ("temples", 3),
        ("temple_token", 11),
    ):
        changed = copy.deepcopy(view)
        if changed["players"]["s1"][key] == value:
            continue
        changed["players"]["s1"][key] = value
        assert only_inside(base, rgb(changed), side), key


def test_pyramids_read_on_a_phone() -> None:
    """At Discord's 400 px preview a pyramid tile is still 23 px wide and the four
    pyramids fit in the picture's panels."""
    frame = ORBIS.layout(4)
    scale = 400 / frame.width
    assert layout.PYRAMID_TILE * scale >= 23
    for panel in frame.panels:
        pyramid = layout.pyramid(panel)
        corners = [pyramid.place(r, x) for r, x in pyramid.places()]
        assert all(
            panel.contains((b.x, b.y)) and b.right <= panel.right and b.bottom <= panel.bottom
            for b in corners
        )
        assert all(not b.overlaps(layout.side(panel)) for b in corners)


@pytest.mark.parametrize(
    "view",
    [
        {"game": "orbis", "seats": ["a", "b"]},
        {
            "game": "orbis",
            "seats": ["a", "b", "c"],
            "display": [None, "L1-01", {"tile": "ZZ"}],
            "gods": ["GD99", {"id": "GD01"}],
        },
        {
            "game": "orbis",
            "seats": ["a", "b"],
            "players": {
                "a": {
                    "pyramid": [
                        {"row": 7, "x": 9, "tile": "L1-02"},
                        {"row": 0, "x": 0, "tile": None},
                    ]
                }
            },
            "last_take": {"seat": "a", "tile": "L1-02", "slot": 12},
            "pending": {"seat": "b", "tile": "nope", "decision": "odd"},
        },
    ],
    ids=["bare", "odd-display", "odd-players"],
)
def test_a_sparse_or_odd_view_still_draws(view: View) -> None:
    assert open_png(draw(view)).width == 1280


def test_game_over_names_the_winners_by_the_rules_ranking() -> None:
    game = get("orbis")
    for players, seed in ((2, 6), (3, 7), (4, 8)):
        state = play(players, seed)
        outcome = game.outcome(state)
        assert outcome is not None
        view = game.view(state, None)
        assert sorted(view["winners"]) == sorted(outcome.winners)
        without = {k: v for k, v in view.items() if k != "winners"}
        assert draw(view) != draw(without)


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_pictures(name: str) -> None:
    view = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    actual = open_png(registry.draw("orbis", view, lang=GOLDENS[name][3], names=NAMES))
    expected = open_png((GOLDEN / f"{name}.png").read_bytes())
    assert_image_similar(actual, expected, epsilon=1.0, name=name)


def _catalogue(lang: str) -> dict[str, str]:
    path = resources.files("render.orbis").joinpath("locales", f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_orbis_words_exist_in_both_languages() -> None:
    en, fr = _catalogue("en"), _catalogue("fr")
    assert set(en) == set(fr)
    assert all(key.startswith("render.orbis.") for key in en)
    for god in GODS:
        assert f"render.orbis.god.{god}" in en
    decisions = ("trade", "pay", "place", "pick", "village", "volcano", "burn", "lose")
    assert all(f"render.orbis.step.{d}" in en for d in decisions)
    assert sum(en[k] != fr[k] for k in en) > len(en) // 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_header_line_names_players_and_writes_colours_as_words(lang: str) -> None:
    """The rules write cubes as coloured squares (Discord shows them, the picture's font
    has none) and notes name seats by id: the picture writes words and names."""
    from render.kit.compose import Turn
    from render.orbis import words

    view = phase_view(3, 4, "placed")
    view["last"] = {
        "seat": "s2",
        "label": {"key": "orbis.move.pay", "params": {"cubes": "1🟦 2🌈"}},
        "notes": [{"key": "orbis.note.collect", "params": {"seat": "s3", "cubes": "1🟨 1⬜"}}],
    }
    line = words.describe(Turn(view, lang, NAMES))
    assert not set(line) & set(words.SQUARES), line
    assert "Bob" in line and "Chloé" in line and "s3" not in line
    assert translate("orbis.colour.blue", lang) in line


def test_a_volcano_being_resolved_outlines_the_tiles_it_may_burn(
    views: dict[tuple[int, str], View],
) -> None:
    view = copy.deepcopy(views[(3, "late")])
    board = ORBIS.layout(3).board
    view["pending"] = {
        "seat": "s1",
        "kind": "region",
        "tile": None,
        "god": None,
        "slot": 1,
        "step": "effect",
        "decision": "burn",
        "need": {"red": 1},
        "wasteland": False,
        "left": None,
    }
    for place in view["display"]:
        place["cubes"]["red"] = 0
    view["display"][4]["cubes"]["red"] = 2
    calm = copy.deepcopy(view)
    calm["pending"]["decision"] = "village"
    ring = layout.display_cell(board, 4).inset(-5)
    assert only_inside(rgb(calm), rgb(view), ring)


def test_the_board_parts_fit_side_by_side() -> None:
    """Nine display cells, three piles, four Temple tokens and five gods: inside the board
    and never over one another."""
    board = ORBIS.layout(4).board
    parts = [layout.display_cell(board, slot).inset(-4) for slot in range(9)]
    parts += [layout.pile_box(board, level) for level in (1, 2, 3)]
    parts += [layout.god_box(board, i) for i in range(5)]
    r = layout.TOKEN_RADIUS
    centres = [layout.token_centre(board, i) for i in range(4)]
    parts += [Box(x - r, y - r, 2 * r, 2 * r + 24) for x, y in centres]
    for i, part in enumerate(parts):
        assert board.contains((part.x, part.y)) and part.right <= board.right, part
        assert part.bottom <= board.bottom, part
        assert not any(part.overlaps(other) for other in parts[i + 1 :]), part


def test_the_display_slots_carry_the_numbers_the_menu_names() -> None:
    """``take slot 5``: each display tile shows its slot number on a dark disc."""
    from render.kit import style

    view = phase_view(3, 31, "start")
    image = rgb(view)
    board = ORBIS.layout(3).board
    for slot in range(9):
        tile = layout.display_tile(board, slot)
        pixel = image.getpixel((tile.x - 5, tile.y + 3))  # the disc, beside the digit
        assert isinstance(pixel, tuple)
        assert max(abs(a - b) for a, b in zip(pixel[:3], style.INK, strict=True)) < 40


def _placing_view() -> View:
    """A real view with a tile waiting to be placed on the second row (or higher)."""
    game = get("orbis")
    seats_ = ["s1", "s2"]
    state = game.setup(seats_, "41")
    import random

    chooser = random.Random(5)
    while not game.outcome(state):
        seat = next(iter(game.to_act(state)))
        moves = game.legal_moves(state, seat)
        upper = [m for m in moves if m.code.startswith("place:r") and m.code[7].isdigit()]
        if upper:
            return game.view(state, None)
        state = game.apply(state, seat, chooser.choice(moves))
    raise AssertionError("no placement on an upper row")


def test_the_places_a_pending_tile_may_go_are_named_in_its_pyramid() -> None:
    """While a placement is pending, each legal place carries ``row r · place p``, as
    the menu's ``row r, place p: on …``; nothing else of the picture changes."""
    view = _placing_view()
    spots = view["pending"]["spots"]
    seat = view["pending"]["seat"]
    assert any(s["row"] > 0 for s in spots)
    for spot in spots:
        if spot["row"] > 0:
            assert spot["spot"] == f"r{spot['row'] + 1}s{spot['x'] + 1}"
    bare = copy.deepcopy(view)
    bare["pending"]["spots"] = []
    panel = ORBIS.layout(2).panels[view["seats"].index(seat)]
    pyramid = layout.pyramid(panel)
    area = Box(panel.x, pyramid.y, layout.SIDE_X - 8, layout.PYRAMID_H)
    marked, plain = rgb(view), rgb(bare)
    assert only_inside(marked, plain, area)
    for spot in spots:
        if spot["row"] > 0:
            place = pyramid.place(spot["row"], spot["x"])
            assert mean_difference(crop(marked, place), crop(plain, place)) > 0


def test_the_final_picture_shows_the_score_table_with_the_winner_first() -> None:
    from render.kit import style
    from render.kit.scoreboard import breakdown_of, standing

    view = phase_view(3, 31, "over")
    table = breakdown_of(view)
    assert table is not None and table.categories
    order = standing(table, view["seats"], view["winners"])
    assert order[0] in view["winners"]
    for seat in view["seats"]:
        assert sum(table.rows[seat].values()) == table.totals[seat] == view["scores"][seat]["total"]
    footer = ORBIS.layout(3).footer
    assert footer is not None
    without = copy.deepcopy(view)
    without["breakdown"] = None
    with_table, legend = rgb(view), rgb(without)
    assert only_inside(with_table, legend, footer)
    winners_row = crop(with_table, footer).getcolors(1 << 20) or []
    assert any(colour == style.HIGHLIGHT for _, colour in winners_row)
