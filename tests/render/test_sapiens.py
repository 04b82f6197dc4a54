"""The Sapiens picture: four valleys that read on a phone, each piece where the view
puts it, the last tile framed, the decision in progress marked, both languages."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

from render import registry
from render.kit.geometry import Box
from render.sapiens import draw, model, picture
from render.sapiens.layout import CELL, PANEL_W, ValleyBox, pool_slot, valley_box
from tests.render.helpers import mean_difference, open_png
from tests.render.sapiens_views import finished_view, sapiens_view

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}


def rgb(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return open_png(draw(view, lang=lang, names=NAMES)).convert("RGB")


def crop(image: Image.Image, box: Box) -> Image.Image:
    return image.crop(box.xyxy())


def square(players: int, seat: int, name: str) -> Box:
    """The box of square ``name`` on seat ``seat``'s valley."""
    where: ValleyBox = valley_box(picture(players).layout(players).panels[seat])
    pos = model.square_pos(name)
    assert pos is not None
    return where.square(pos)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sapiens_picture_is_a_wide_small_palette_png(players: int, lang: str) -> None:
    view = sapiens_view(players)
    before = copy.deepcopy(view)
    data = draw(view, lang=lang, names=NAMES)
    assert view == before, "drawing must not mutate the view"
    image = open_png(data)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and image.mode == "P"
    assert image.size == (1280, picture(players).layout(players).height)
    assert len(data) < 200_000


def test_the_registry_draws_sapiens() -> None:
    assert "sapiens" in registry.ids()
    view = sapiens_view(3)
    assert registry.draw("sapiens", view, lang="fr") == draw(view, lang="fr")


def test_four_valleys_fit_two_by_two_and_keep_phone_sized_squares() -> None:
    """At Discord's 400 px preview a valley square is still 18 px: a scene's colour and
    glyph read; the valleys and pools stay inside their panels."""
    layout = picture(4).layout(4)
    assert layout.width == 1280 and CELL * 400 / layout.width >= 18
    for panel in layout.panels:
        assert panel.w == PANEL_W
        valley = valley_box(panel).box
        assert panel.x < valley.x and valley.right < panel.right
        assert panel.y < valley.y and valley.bottom < panel.bottom
        last_pool = pool_slot(panel, 3)
        assert valley.bottom < last_pool.y and last_pool.bottom < panel.bottom
    assert layout.height < 1500
    # three players: the legend takes the free fourth place, the footer goes
    three, two = picture(3).layout(3), picture(2).layout(2)
    assert three.footer is None and two.footer is not None
    assert three.height < layout.height - 150 and len(three.panels) == 3


def test_every_tile_lies_on_its_squares() -> None:
    """A tile's two squares differ from the bare valley; a free cell does not."""
    view = sapiens_view(2)
    bare = copy.deepcopy(view)
    for player in bare["players"].values():
        player["tiles"] = []
    full, empty = rgb(view), rgb(bare)
    for index, seat in enumerate(view["seats"]):
        player = view["players"][seat]
        for tile in player["tiles"]:
            for name in tile["at"]:
                box = square(2, index, name).inset(8)
                assert mean_difference(crop(full, box), crop(empty, box)) > 20, name
        covered = {name for tile in player["tiles"] for name in tile["at"]}
        free = [c for c in player["cells"] if c not in covered and c not in player["bears"]]
        box = square(2, index, free[0]).inset(8)
        assert crop(full, box).tobytes() == crop(empty, box).tobytes()


def test_an_abandoned_tribe_lies_face_down() -> None:
    view = sapiens_view(3)
    chloe = view["players"]["s3"]
    old = next(t for t in chloe["tiles"] if t["abandoned"])
    face_up = copy.deepcopy(view)
    for tile in face_up["players"]["s3"]["tiles"]:
        tile["abandoned"] = False
    down, up = rgb(view), rgb(face_up)
    box = square(3, 2, old["at"][1]).inset(6)
    assert mean_difference(crop(down, box), crop(up, box)) > 20
    active = next(t for t in chloe["tiles"] if not t["abandoned"])
    box = square(3, 2, active["at"][1]).inset(6)
    assert crop(down, box).tobytes() == crop(up, box).tobytes()


def test_the_last_tile_is_framed_on_its_valley_only() -> None:
    layout = picture(4).layout(4)
    framed, calm = rgb(sapiens_view()), rgb(sapiens_view(last=False))
    differs = [
        mean_difference(crop(framed, panel), crop(calm, panel)) > 0 for panel in layout.panels
    ]
    assert differs == [False, False, True, False]  # Chloé laid it, Dévi is to play


def test_a_placement_in_progress_marks_its_tile_and_cell() -> None:
    view = sapiens_view(3)
    seat = view["seats"][-1]
    pool = view["players"][seat]["pool"]
    step = {"seat": seat, "kind": "orient", "tile": pool[2]["id"], "cell": "E3"}
    marked, plain = rgb(sapiens_view(3, step=step)), rgb(view)
    panel = picture(3).layout(3).panels[2]
    slot = pool_slot(panel, 2).inset(-4)
    assert mean_difference(crop(marked, slot), crop(plain, slot)) > 2
    cell = square(3, 2, "E3")
    assert mean_difference(crop(marked, cell), crop(plain, cell)) > 2
    other = pool_slot(panel, 0)
    assert crop(marked, other).tobytes() == crop(plain, other).tobytes()
    header = picture(3).layout(3).header
    assert mean_difference(crop(marked, header), crop(plain, header)) > 0


def test_a_token_taken_from_a_cave_leaves_the_cave_and_its_shelter_pair() -> None:
    view = sapiens_view(2)
    caves = view["players"]["s1"]["caves"]
    name = next(n for n, c in caves.items() if c["token"])
    taken = copy.deepcopy(view)
    taken["players"]["s1"]["caves"][name]["token"] = None
    box = square(2, 0, name)
    with_token, without = crop(rgb(view), box), crop(rgb(taken), box)
    assert mean_difference(with_token, without) > 5
    foot = Box(box.x + 10, box.bottom - 17, box.w - 20, 12)  # the shelter pair, always seen
    assert crop(rgb(view), foot).tobytes() == crop(rgb(taken), foot).tobytes()


def test_bears_counters_and_supplies_show() -> None:
    view = sapiens_view(2)
    calm = copy.deepcopy(view)
    calm["players"]["s2"]["bears"] = []
    bear = view["players"]["s2"]["bears"][0]
    box = square(2, 1, bear)
    assert mean_difference(crop(rgb(view), box), crop(rgb(calm), box)) > 20
    richer = copy.deepcopy(view)
    richer["players"]["s1"].update(food=31, steaks=4)
    richer["supply"] = {"steaks": 3, "bears": 0}
    layout = picture(2).layout(2)
    before, after = rgb(view), rgb(richer)
    assert mean_difference(crop(before, layout.panels[0]), crop(after, layout.panels[0])) > 0
    assert mean_difference(crop(before, layout.board), crop(after, layout.board)) > 0
    assert crop(before, layout.panels[1]).tobytes() == crop(after, layout.panels[1]).tobytes()


def test_game_over_names_the_winner_and_english_and_french_differ_in_words() -> None:
    over = finished_view()
    english, french = rgb(over, "en"), rgb(over, "fr")
    assert english.size == french.size and 0 < mean_difference(english, french) < 8
    header = picture(3).layout(3).header
    running = rgb(sapiens_view(3, laid=16, seed=4))
    assert mean_difference(crop(english, header), crop(running, header)) > 0


def test_the_last_round_and_a_seat_out_of_moves_are_tagged() -> None:
    view = sapiens_view(2)
    ending = copy.deepcopy(view)
    ending["ending"] = True
    ending["players"]["s1"]["finished"] = True
    layout = picture(2).layout(2)
    before, after = rgb(view), rgb(ending)
    assert mean_difference(crop(before, layout.header), crop(after, layout.header)) > 0
    assert mean_difference(crop(before, layout.panels[0]), crop(after, layout.panels[0])) > 0
    assert crop(before, layout.panels[1]).tobytes() == crop(after, layout.panels[1]).tobytes()


@pytest.mark.parametrize(
    "view",
    [
        {"game": "sapiens", "seats": ["a", "b"]},
        sapiens_view(2, players={"s1": {"faces": ["VL9-Z", "nope"], "tiles": [{"at": ["Q9"]}]}}),
        sapiens_view(3, common=[{"id": "??"}, "FE-CU#1"], supply=None, step={"kind": "odd"}),
    ],
    ids=["bare", "odd-player", "odd-table"],
)
def test_a_sparse_or_odd_view_still_draws(view: dict[str, Any]) -> None:
    assert open_png(draw(view)).width == 1280


def test_every_word_of_the_picture_exists_in_both_languages() -> None:
    from rules.i18n import translate
    from rules.sapiens.view import step_view  # noqa: F401  (the steps the view may name)

    keys = [f"render.sapiens.scene.{s}" for s in model.SCENES]
    keys += [f"render.sapiens.effect.{s}" for s in model.SCENES]
    steps = "tile cell orient pay newtribe effects feast ritual fight fightfrom water"
    keys += [f"render.sapiens.step.{k}" for k in (*steps.split(), "watergive", "hunt")]
    keys += [f"render.sapiens.step.{k}" for k in ("fire", "den", "refill", "discard")]
    for key in keys:
        assert translate(key, "en") != key and translate(key, "fr") != key, key
    english = {translate(key, "en") for key in keys}
    french = {translate(key, "fr") for key in keys}
    assert len(english & french) <= 2  # a scene name or two may read the same


@pytest.mark.parametrize("players", [2, 3, 4])
def test_real_games_draw_at_every_kind_of_step(players: int) -> None:
    """Seeded random games of the real rules: the first view of each kind of pending
    step, and the last, draw within the budget's size and show every seat's tiles."""
    import random

    from rules.registry import get

    game = get("sapiens")
    seats = [f"s{i + 1}" for i in range(players)]
    state = game.setup(seats, f"render-{players}")
    chooser = random.Random(players)
    seen: dict[str, dict[str, Any]] = {}
    while game.to_act(state):
        view = game.view(state, None)
        kind = (view.get("step") or {}).get("kind") or "none"
        seen.setdefault(kind, view)
        seat = sorted(game.to_act(state))[0]
        legal = [m for m in game.legal_moves(state, seat) if m.code != "back"]
        state = game.apply(state, seat, chooser.choice(legal or game.legal_moves(state, seat)))
    last = game.view(state, None)
    assert last["over"] and {"tile", "refill"} <= set(seen)
    for view in [*seen.values(), last]:
        data = draw(view, lang="fr")
        assert open_png(data).size == (1280, picture(players).layout(players).height)
        assert len(data) < 200_000
    table = model.read(last)
    for seat in seats:
        assert len(table.seats[seat].valley.tiles) == len(last["players"][seat]["tiles"])


def test_the_header_names_the_seats_of_the_last_move_and_its_notes() -> None:
    from render.sapiens.words import describe

    note = {"key": "sapiens.note.campement", "params": {"seat": "s2", "n": 3}}
    bear = {"key": "sapiens.move.bear.table", "params": {"seat": "s2", "owner": "s3"}}
    view = sapiens_view(3)
    view["last"] = {"seat": "s2", "label": bear, "notes": [note]}
    for lang in ("en", "fr"):
        line = describe(view, lang, NAMES)
        assert line.count("Bob") == 2 and "Chloé" in line, line
        assert "s2" not in line and "s3" not in line, line
    assert describe({"seats": ["s1"]}, "en", None) == ""


def test_the_valley_about_to_get_a_bear_is_outlined() -> None:
    step = {"seat": "s3", "kind": "den", "target": "s1", "tile": None, "cell": None}
    layout = picture(3).layout(3)
    aimed, plain = rgb(sapiens_view(3, to_act="s3", step=step)), rgb(sapiens_view(3, to_act="s3"))
    differs = [
        mean_difference(crop(aimed, panel), crop(plain, panel)) > 0 for panel in layout.panels
    ]
    assert differs == [True, False, False]


def test_the_first_player_is_named_on_the_strip() -> None:
    layout = picture(2).layout(2)
    amelie, bob = rgb(sapiens_view(2)), rgb(sapiens_view(2, first="s2"))
    assert mean_difference(crop(amelie, layout.board), crop(bob, layout.board)) > 0
    assert crop(amelie, layout.panels[0]).tobytes() == crop(bob, layout.panels[0]).tobytes()


def test_many_fight_tokens_on_one_tile_stay_on_it() -> None:
    view = sapiens_view(4)
    crowded = copy.deepcopy(view)
    crowded["players"]["s2"]["pool"][1]["baston"] = ["s1", "s3", "s4", "s1", "s3", "s4"]
    layout = picture(4).layout(4)
    before, after = rgb(view), rgb(crowded)
    panel = layout.panels[1]
    assert mean_difference(crop(before, panel), crop(after, panel)) > 0
    first = pool_slot(panel, 0)  # the neighbouring tile is untouched
    assert crop(before, first).tobytes() == crop(after, first).tobytes()


def test_columns_rows_and_cell_names_are_written_where_labels_point() -> None:
    """A label says "cover C3" or "the cave above B1": the valley carries the letters A-H
    and the numbers 1-5 on its bare rim, and each free cell its own name at its top."""
    view = sapiens_view(2)
    image = rgb(view)
    art = model.art_of(model.read(view).seats["s1"].faces)
    taken = {cave.pos for cave in art.caves} | set(art.waterfalls)
    rim = [(c, r) for c in range(8) for r in (-1, 5) if (c, r) not in taken]
    rim += [(c, r) for r in range(5) for c in (-1, 8) if (c, r) not in taken]
    assert rim
    where = valley_box(picture(2).layout(2).panels[0])
    name_ink = (232, 226, 212)
    for pos in rim:
        box = where.square(pos).inset(14)
        counts = crop(image, box).getcolors(box.w * box.h) or []
        near = (
            n for n, c in counts if sum(abs(a - b) for a, b in zip(c, name_ink, strict=True)) < 40
        )
        assert sum(near) > 10
    covered = {sq for tile in view["players"]["s1"]["tiles"] for sq in tile["at"]}
    free = next(c for c in model.CELLS if c not in covered)
    top = square(2, 0, free)
    strip = Box(top.x + 10, top.y + 2, top.w - 20, 14)
    blank = copy.deepcopy(view)
    blank["players"]["s1"]["faces"] = None  # no art: no names either
    assert mean_difference(crop(image, strip), crop(rgb(blank), strip)) > 5


def test_played_and_discarded_mountain_tokens_are_drawn_apart_from_held_ones() -> None:
    view = sapiens_view(2)
    seat = view["players"]["s1"]
    held = list(seat["tokens"]["held"])
    played, discarded = copy.deepcopy(view), copy.deepcopy(view)
    played["players"]["s1"]["tokens"] = {"held": held, "used": ["FU", "CA"], "gone": []}
    discarded["players"]["s1"]["tokens"] = {"held": held, "used": [], "gone": ["FU", "CA"]}
    table = model.read(played).seats["s1"]
    assert table.used == ("FU", "CA") and table.gone == ()
    assert model.read(discarded).seats["s1"].gone == ("FU", "CA")
    panel = picture(2).layout(2).panels[0]
    plain, one, other = rgb(view), rgb(played), rgb(discarded)
    assert mean_difference(crop(plain, panel), crop(one, panel)) > 0
    assert mean_difference(crop(one, panel), crop(other, panel)) > 0


def test_the_header_does_not_say_the_move_twice() -> None:
    """ "Fight token on Water/Fire · Bob puts a Fight token on Water/Fire": the note
    that restates the label is left out; a note that adds something stays."""
    from render.sapiens.words import describe

    tile = {"a": "@sapiens.scene.EA", "b": "@sapiens.scene.FU", "fists": "@sapiens.fists.0"}
    label = {"key": "sapiens.move.mark.pool", "params": {**tile, "owner": "s3"}}
    mark = {"key": "sapiens.note.mark", "params": {"seat": "s2", "a": tile["a"], "b": tile["b"]}}
    food = {"key": "sapiens.note.cueillette", "params": {"seat": "s2", "n": 1}}
    view = sapiens_view(3)
    view["last"] = {"seat": "s2", "label": label, "notes": [mark, food]}
    line = describe(view, "en", NAMES)
    assert line == (
        "Bob puts a Fight token on Water/Fire (Chloé's pool) · Gathering: Bob gains 1 food"
    )
    other = {**mark, "params": {**mark["params"], "a": "@sapiens.scene.CU"}}
    view["last"] = {"seat": "s2", "label": label, "notes": [other]}
    assert "Bob puts a Fight token on Gathering/Fire" in describe(view, "en", NAMES)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_final_picture_gives_each_score_with_its_food_and_shelter(lang: str) -> None:
    """At the end the header's line breaks the scores down, best first, in whole rows
    that fit the line (no word cut off)."""
    from render.kit.text import ELLIPSIS
    from render.sapiens.words import describe

    view = finished_view(3)
    players = view["players"]
    line = describe(view, lang, NAMES)
    best = max(view["seats"], key=lambda s: min(players[s]["food"], players[s]["shelter"]))
    food, shelter = players[best]["food"], players[best]["shelter"]
    assert NAMES[best] in line and f"{min(food, shelter)} (" in line
    assert str(food) in line and str(shelter) in line
    assert ELLIPSIS not in line
    word = "shelter" if lang == "en" else "abri"
    assert word in line


def test_the_tile_water_takes_or_a_fight_token_moves_to_is_marked_in_any_pool() -> None:
    """While Eau waits for the tile given in exchange, the tile being taken is marked,
    in the common pool or another player's pool (and the same for Baston's move)."""
    from rules.sapiens import SAPIENS
    from rules.sapiens.view import step_view

    view = sapiens_view(3)
    first, other = view["seats"][0], view["seats"][1]
    theirs = view["players"][other]["pool"][1]["id"]
    common = view["common"][0]["id"]
    panel = picture(3).layout(3).panels[1]
    plain = rgb(view)
    for kind in ("watergive", "fightfrom"):
        step = {"seat": first, "kind": kind, "tile": theirs}
        marked = rgb(sapiens_view(3, step=step))
        slot = pool_slot(panel, 1).inset(-4)
        assert mean_difference(crop(marked, slot), crop(plain, slot)) > 2, kind
    table = model.read({**view, "step": {"seat": first, "kind": "watergive", "tile": common}})
    assert [t.picked for t in table.common][:2] == [True, False]
    state = SAPIENS.setup(["a", "b"], "x")
    state.data["frames"].append({"kind": "watergive", "get": state.data["common"][0]})
    assert (step_view(state) or {})["tile"] == state.data["common"][0]
