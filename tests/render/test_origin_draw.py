"""The Origin Junior picture drawn from real views of seeded random games."""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from campfire_testing.junior_games import play, public_view, seat_view
from render import registry
from render.kit.frame import over_text
from render.origin import JUNIOR, draw, map_pieces, mapart, render
from render.origin.layout import map_layout
from render.origin.words import describe_turn
from rules.origin.components import BOARD
from tests.render.helpers import assert_image_similar, mean_difference, open_png

BUDGET_BYTES = 200_000
RENDER_DIR = Path(__file__).resolve().parents[2] / "render"
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def mid_game() -> dict[str, Any]:
    return public_view(3, seed=5, moves=50)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("moves", [0, 30, None])
def test_pictures_have_the_layout_size_and_fit_the_budget(players: int, moves: int | None) -> None:
    view = public_view(players, seed=players * 10, moves=moves)
    data = draw(view)
    image = open_png(data)
    frame = JUNIOR.layout(players)
    assert image.size == (frame.width, frame.height)
    assert image.width >= 1280
    assert image.mode == "P"
    assert len(data) < BUDGET_BYTES


def test_drawing_does_not_mutate_the_view(mid_game: dict[str, Any]) -> None:
    before = copy.deepcopy(mid_game)
    draw(mid_game, lang="fr", names={"s1": "Zoé"})
    assert mid_game == before


def test_the_registry_dispatches_by_game_id(mid_game: dict[str, Any]) -> None:
    assert "origin-junior" in registry.ids()
    assert registry.draw("origin-junior", mid_game) == draw(mid_game)
    with pytest.raises(registry.UnknownGame):
        registry.draw("no-such-game", mid_game)


def test_french_and_english_differ_only_in_words(mid_game: dict[str, Any]) -> None:
    english, french = open_png(draw(mid_game, lang="en")), open_png(draw(mid_game, lang="fr"))
    assert english.size == french.size
    assert 0 < mean_difference(english, french) < 8


def test_names_replace_seat_ids(mid_game: dict[str, Any]) -> None:
    plain = open_png(draw(mid_game))
    named = open_png(draw(mid_game, names={"s1": "Amélie", "s2": "Bob", "s3": "Chloé"}))
    assert mean_difference(plain, named) > 0
    # Missing or empty names fall back to the seat id: same picture as no names.
    assert draw(mid_game, names={"s1": ""}) == draw(mid_game)


def test_empty_board_draws_every_piece_from_setup() -> None:
    view = public_view(2, seed=1, moves=0)
    assert view["last_move"] is None
    assert sum(1 for t in view["territories"].values() if t["pawn"]) == 1
    assert draw(view)


def test_game_over_reveals_values_given_by_the_view() -> None:
    state_view = public_view(4, seed=3, moves=None)
    assert state_view["over"] and state_view["to_act"] == []
    image = open_png(draw(state_view))
    assert image.size[0] >= 1280


def test_pending_choice_and_every_action_draw(mid_game: dict[str, Any]) -> None:
    for seed in range(6):
        for moves in (1, 7, 12):
            view = public_view(2 + seed % 3, seed=seed, moves=moves)
            assert draw(view)
            if view["pending"]:
                assert describe_turn(view, "en", None)


def test_public_picture_shows_no_hidden_value() -> None:
    """A seat's own view differs from the public one only inside that seat's panel."""
    players, seed, moves = 3, 8, 60
    public = public_view(players, seed, moves)
    own = seat_view(players, seed, "s1", moves)
    hidden = [t for t in public["players"]["s1"]["tiles"] if t["level"] is None]
    hidden += [t for t in public["players"]["s1"]["straits"] if t["value"] is None]
    assert hidden, "the chosen game should give s1 something secret"
    for player in public["players"].values():
        assert all(t["value"] is None for t in player["hunting"] + player["straits"])
        assert all(t["level"] is None for t in player["tiles"])
    a, b = render(public).convert("RGB"), render(own).convert("RGB")
    panel = JUNIOR.layout(players).panels[0]
    assert mean_difference(a.crop(panel.xyxy()), b.crop(panel.xyxy())) > 0
    outside = Image.new("RGB", a.size)
    outside.paste(a)
    masked_b = b.copy()
    masked_b.paste(a.crop(panel.xyxy()), (panel.x, panel.y))
    assert mean_difference(a, masked_b) == 0


def test_copy_pawns_and_wrapped_moves_draw(mid_game: dict[str, Any]) -> None:
    view = copy.deepcopy(mid_game)
    view["territories"]["N1"] = {"pawn": "z2s1w#2", "owner": "s1"}
    view["territories"]["E12"] = {"pawn": "z1s1k", "owner": "s2"}
    view["last_move"] = {
        "seat": "s1",
        "action": "swap",
        "pawn": "z2s1w",
        "from": "E12",
        "to": "N1",
        "swapped": {"pawn": "z1s1k", "owner": "s2", "to": "E12"},
        "gains": {"cards": {}, "tiles": 0, "hunting": [], "straits": ["ST06"]},
    }
    plain = render(mid_game).convert("RGB")
    moved = render(view).convert("RGB")
    box = JUNIOR.layout(3).board
    x, y = map_layout().centre("N1")
    assert plain.getpixel((x, y + box.y)) != moved.getpixel((x, y + box.y))


def test_a_variant_adds_a_band_and_seat_parts(mid_game: dict[str, Any]) -> None:
    """A picture made from Junior's with a band under the map and more in each panel."""
    seen: list[str] = []

    def band(paint: Any, box: Any, turn: Any) -> None:
        paint.rectangle(box.xyxy(), fill=(200, 40, 40))

    def panel(paint: Any, box: Any, seat: str, turn: Any) -> None:
        seen.append(seat)

    variant = dataclasses.replace(
        JUNIOR, name="test-band", band_height=120, draw_band=band, draw_panel=panel
    )
    image = open_png(variant.draw(mid_game))
    frame = variant.layout(3)
    assert image.size == (1280, frame.height) and frame.height > JUNIOR.layout(3).height
    assert seen == mid_game["seats"]
    assert frame.band is not None
    centre = (frame.band.x + frame.band.w // 2, frame.band.y + frame.band.h // 2)
    r, g, b = image.convert("RGB").getpixel(centre)  # type: ignore[misc]
    assert r > 150 and g < 90


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.json")))
def test_golden_pictures(name: str) -> None:
    from tests.render.regen_golden import NAMES, lang_of

    view = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    lang = lang_of(name)
    actual = open_png(registry.draw(view["game"], view, lang=lang, names=NAMES))
    expected = open_png((GOLDEN / f"{name}.png").read_bytes())
    assert_image_similar(actual, expected, epsilon=1.0, name=name)


def test_a_changed_picture_fails_the_golden_check(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr("tests.render.helpers.FAILURES", tmp_path)
    expected = Image.new("RGB", (50, 50), (255, 255, 255))
    actual = Image.new("RGB", (50, 50), (0, 0, 0))
    with pytest.raises(AssertionError):
        assert_image_similar(actual, expected, epsilon=1.0, name="broken")
    assert (tmp_path / "broken.actual.png").exists()


def test_renderers_never_import_bot_or_discord() -> None:
    for path in RENDER_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("bot", "discord")), (path, name)


def test_every_strait_and_green_territory_is_drawable() -> None:
    assert len(BOARD.straits) == 11
    view = public_view(2, seed=4, moves=0)
    assert set(view["straits"]) == set(BOARD.straits)
    assert set(view["hunting"]) == set(BOARD.by_colour("green"))
    assert mapart.token_spot("ST06", "en")[0] > map_layout().width - 60


def test_state_is_untouched_by_viewing_and_drawing() -> None:
    from rules.registry import get

    state = play(2, seed=9, moves=20)
    snapshot = json.dumps(state.data, sort_keys=True)
    draw(get("origin-junior").view(state, None))
    assert json.dumps(state.data, sort_keys=True) == snapshot


def test_winners_are_named_when_the_view_gives_them() -> None:
    view = public_view(2, seed=2, moves=None)
    assert view["winners"] and over_text(view, "en", None).startswith("Game over")
    bare = {k: v for k, v in view.items() if k != "winners"}
    assert over_text(bare, "en", None) == "Game over · final scores"
    other = next(s for s in view["seats"] if s not in view["winners"])
    crowned = dict(view, winners=[other])
    assert "Bob" in over_text(crowned, "fr", {other: "Bob"})
    assert draw(crowned) != draw(view)


def test_concurrent_drawing_gives_the_same_pictures() -> None:
    from concurrent.futures import ThreadPoolExecutor

    views = [public_view(2 + i % 3, seed=40 + i, moves=10 + 7 * i) for i in range(6)]
    expected = [draw(v, lang="fr") for v in views]
    with ThreadPoolExecutor(4) as pool:
        again = list(pool.map(lambda v: draw(v, lang="fr"), views * 3))
    assert again == expected * 3


def test_taller_panels_for_a_variant(mid_game: dict[str, Any]) -> None:
    tall = dataclasses.replace(JUNIOR, name="test-tall", panel_height=200)
    assert open_png(tall.draw(mid_game)).height == tall.layout(3).height
    assert tall.layout(3).height == JUNIOR.layout(3).height + 2 * (200 - 144)


@pytest.mark.parametrize("players", [2, 4])
def test_every_view_of_a_whole_game_draws(players: int) -> None:
    from rules.registry import get

    game = get("origin-junior")
    state = game.setup([f"s{i + 1}" for i in range(players)], f"whole-{players}")
    chooser = random.Random(players)
    sizes = set()
    while True:
        data = draw(game.view(state, None), lang="fr")
        sizes.add(open_png(data).size)
        assert len(data) < BUDGET_BYTES
        if not game.to_act(state):
            break
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        # "back" only leads to views of a kind already drawn: go forward
        forward = [m for m in legal if m.code != "back"] or legal
        state = game.apply(state, seat, chooser.choice(forward))
    assert sizes == {(1280, JUNIOR.layout(players).height)}


def test_the_last_move_arrow_passes_under_the_discs_it_crosses() -> None:
    view = public_view(4, seed=103, moves=60)
    assert view["last_move"]["from"] == "E7" and view["last_move"]["to"] == "E1"
    crossed = map_pieces.crossed_discs("E7", "E1") - {"E7", "E1"}
    assert crossed
    with_arrow = render(view).convert("RGB")
    without = render(dict(view, last_move=None)).convert("RGB")
    top = JUNIOR.layout(4).board.y
    for tid in crossed:
        x, y = map_layout().centre(tid)
        for dx in (-12, 0, 12):
            assert with_arrow.getpixel((x + dx, y + top)) == without.getpixel((x + dx, y + top))
    # Between discs the arrow is on top.
    layout = map_layout()
    (x1, y1), (x7, y7) = layout.centre("E1"), layout.centre("E7")
    free = [(round(x7 + (x1 - x7) * t / 20), round(y7 + (y1 - y7) * t / 20)) for t in range(2, 19)]
    free = [
        p
        for p in free
        if all(math.dist(p, q.at) > layout.radius + 14 for q in layout.places.values())
    ]
    assert free
    assert all(with_arrow.getpixel((x, y + top)) != without.getpixel((x, y + top)) for x, y in free)
    assert map_pieces.crossed_discs("N1", "E12") == set()


def test_names_stay_on_top_of_the_last_move_arrow() -> None:
    view = public_view(3, seed=5, moves=50)
    last = view["last_move"]
    names = map_pieces.crossed_labels(last["from"], last["to"], "fr")
    assert names
    with_arrow = render(view, lang="fr").convert("RGB")
    without = render(dict(view, last_move=None), lang="fr").convert("RGB")
    top = JUNIOR.layout(3).board.y
    for tid in names:
        sprite, (left, y0) = mapart.label_sprite(tid, "fr")
        alpha = sprite.getchannel("A")
        solid = [
            (x, y)
            for x in range(sprite.width)
            for y in range(sprite.height)
            if alpha.getpixel((x, y)) == 255
        ]
        assert solid
        for x, y in solid[:: max(1, len(solid) // 200)]:
            here = (left + x, y0 + y + top)
            assert with_arrow.getpixel(here) == without.getpixel(here), (tid, here)


def test_a_sparse_or_odd_view_still_draws() -> None:
    assert draw({"game": "origin-junior", "seats": ["a", "b"]})
    odd = {
        "game": "origin-junior",
        "seats": ["a", "b"],
        "territories": {"A1": {"pawn": "not-a-pawn", "owner": None}, "ZZ": {"pawn": "z1s1w"}},
        "straits": {"ST99": {"present": True, "value": None}},
        "last_move": {"seat": "a", "action": "migrate", "from": "A1", "to": "QQ"},
    }
    assert open_png(draw(odd)).size == (1280, JUNIOR.layout(2).height)


def test_a_seat_out_of_the_game_is_tagged_in_its_panel_only() -> None:
    view = public_view(4, seed=40, moves=30)
    assert view["to_act"] == ["s4"]
    a, b = render(view).convert("RGB"), render(dict(view, out=["s2"])).convert("RGB")
    panel = JUNIOR.layout(4).panels[1]
    assert mean_difference(a.crop(panel.xyxy()), b.crop(panel.xyxy())) > 0.5
    masked = b.copy()
    masked.paste(a.crop(panel.xyxy()), (panel.x, panel.y))
    assert mean_difference(a, masked) == 0


@pytest.mark.parametrize("game_id", ["origin-junior", "origin"])
def test_the_final_picture_shows_the_score_table_winners_first(game_id: str) -> None:
    """Once over, the footer is the categories table (``render.kit.scoreboard``): every
    category of the rules' sheet, the totals, the winners first on a highlighted row."""
    from render.kit import style
    from render.kit.scoreboard import breakdown_of, standing
    from tests.render import classic_games

    view = public_view(3, 5) if game_id == "origin-junior" else classic_games.public_view(3, 5)
    assert view["over"]
    table = breakdown_of(view)
    assert table is not None and len(table.categories) >= 4
    order = standing(table, view["seats"], view["winners"])
    assert order[0] in view["winners"]
    for seat in view["seats"]:
        assert table.totals[seat] == view["scores"][seat]["total"]
    picture = registry.renderer(game_id)
    layout = (JUNIOR if game_id == "origin-junior" else _classic()).layout(3)
    assert layout.footer is not None
    without = copy.deepcopy(view)
    without["breakdown"] = None
    shown = open_png(picture(view, lang="fr")).convert("RGB")
    plain = open_png(picture(without, lang="fr")).convert("RGB")
    box = layout.footer.xyxy()
    assert mean_difference(shown.crop(box), plain.crop(box)) > 0
    outside = plain.copy()
    outside.paste(shown.crop(box), box[:2])
    assert mean_difference(shown, outside) == 0
    colours = shown.crop(box).getcolors(1 << 20) or []
    assert any(colour == style.HIGHLIGHT for _, colour in colours)


def _classic() -> Any:
    from render.origin_classic import CLASSIC

    return CLASSIC
