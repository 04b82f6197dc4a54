"""The Tribes picture from hand-built views: every piece lands where it belongs, the
last move and the player to act show, it reads on a phone, and odd views still draw."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

from render import registry
from render.tribes import TRIBES, board, draw, model, render
from render.tribes.layout import split_board, token_radius
from render.tribes.side import price_lines, side_of
from render.tribes.words import PURPOSES, describe, notice
from rules import i18n
from tests.render.helpers import mean_difference, open_png
from tests.render.tribes_views import crowded_view

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}


def rgb(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return render(view, lang=lang, names=NAMES).convert("RGB")


def grid_of(view: dict[str, Any]) -> Any:
    layout = TRIBES.layout(len(view["seats"]))
    art = board.map_art(view, model.read(view))
    return board.grid_for(split_board(layout.board)[0], art)


def cell_of(view: dict[str, Any], hid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(h for h in view["map"]["hexes"] if h["id"] == hid)
    return found


def moved(hid: str | None) -> dict[str, Any] | None:
    """A last move naming ``hid`` (``None``: no last move)."""
    if hid is None:
        return None
    return {"seat": "s2", "label": {"key": "tribes.move.add", "params": {"hex": hid}}}


def hex_box(view: dict[str, Any], hid: str) -> tuple[int, int, int, int]:
    grid = grid_of(view)
    cell = cell_of(view, hid)
    cx, cy = grid.centre((cell["q"], cell["r"]))
    half = grid.size * 0.8
    return (round(cx - half), round(cy - half), round(cx + half), round(cy + half))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tribes_picture_is_a_wide_palette_png_within_budget(lang: str) -> None:
    view = crowded_view()
    before = copy.deepcopy(view)
    data = draw(view, lang=lang, names=NAMES)
    assert view == before, "drawing must not mutate the view"
    image = open_png(data)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and image.mode == "P"
    assert image.size == (1280, TRIBES.layout(4).height)
    assert len(data) < 200_000


def test_the_registry_draws_tribes() -> None:
    assert "tribes" in registry.ids()
    view = crowded_view()
    assert registry.draw("tribes", view, lang="fr") == draw(view, lang="fr")


def test_a_member_count_changes_its_hex_only() -> None:
    view = crowded_view(last=None)
    more = copy.deepcopy(view)
    cell_of(more, "H01")["members"]["s1"] = 4
    a, b = rgb(view), rgb(more)
    box = hex_box(view, "H01")
    assert mean_difference(a.crop(box), b.crop(box)) > 1
    masked = b.copy()
    masked.paste(a.crop(box), box[:2])
    assert mean_difference(a, masked) == 0


@pytest.mark.parametrize(
    ("on_hex", "events"),
    [
        ({"invaders": 2}, {}),
        ({}, {"mammoth": {"hex": "H15", "tamer": None}}),
        ({}, {"mammoth": {"hex": "H15", "tamer": "s3"}}),
        ({}, {"tiger": "H15"}),
        ({"village": "s2"}, {}),
        ({}, {"abandoned": "H15"}),
        ({}, {"burnt": "H15"}),
    ],
    ids=["invaders", "mammoth", "tamed", "tiger", "village", "abandoned", "fire"],
)
def test_every_kind_of_piece_shows_on_its_hex(
    on_hex: dict[str, Any], events: dict[str, Any]
) -> None:
    view = crowded_view(last=None)
    view["events"].update(mammoth=None, tiger=None, abandoned=None, burnt=None)
    other = copy.deepcopy(view)
    cell_of(other, "H15").update(on_hex)
    other["events"].update(events)
    box = hex_box(view, "H15")
    assert mean_difference(rgb(view).crop(box), rgb(other).crop(box)) > 1


def test_the_last_move_outlines_its_hexes() -> None:
    calm, marked = rgb(crowded_view(last=None)), rgb(crowded_view(last=moved("H05")))
    box = hex_box(crowded_view(), "H05")
    assert mean_difference(calm.crop(box), marked.crop(box)) > 5


def test_a_hex_above_its_limit_and_the_hex_being_chosen_are_marked() -> None:
    calm = crowded_view(last=None, pending=None)
    crowded = copy.deepcopy(calm)
    cell_of(crowded, "H15")["conflict"] = True
    chosen = crowded_view(last=None, pending={"kind": "travel", "player": "s2", "source": "H15"})
    box = hex_box(calm, "H15")
    assert mean_difference(rgb(calm).crop(box), rgb(crowded).crop(box)) > 1
    assert mean_difference(rgb(calm).crop(box), rgb(chosen).crop(box)) > 1


def test_the_volcano_changes_the_map_art() -> None:
    without = crowded_view()
    without["events"]["volcano"] = None
    assert board.map_art(without, model.read(without))[1] is None
    assert mean_difference(rgb(without), rgb(crowded_view())) > 1


def test_the_dice_in_hand_show_what_each_action_would_give() -> None:
    layout = TRIBES.layout(4)
    side = side_of(layout.board)
    a = rgb(crowded_view(hand=["sun", "moon"]))
    b = rgb(crowded_view(hand=["blank"]))
    grow = side.rows[0]
    assert mean_difference(a.crop(grow.xyxy()), b.crop(grow.xyxy())) > 1
    assert model.strength(model.pushed(("sun", "moon", "blank"), "sun")) == 2
    assert model.strength(model.pushed(("sun", "moon", "blank"), "moon")) == 0
    assert model.strength(model.pushed(("sun", "moon", "blank"), "blank")) == 1


def test_event_slots_and_the_track_follow_the_view() -> None:
    layout = TRIBES.layout(4)
    side = side_of(layout.board)
    base = rgb(crowded_view())
    emptied = crowded_view()
    emptied["events"]["slots"][1] = None
    slot = side.slots[1]
    assert mean_difference(base.crop(slot.xyxy()), rgb(emptied).crop(slot.xyxy())) > 1
    scored = crowded_view()
    scored["scores"]["s2"]["total"] = 14
    track = side.track
    assert mean_difference(base.crop(track.xyxy()), rgb(scored).crop(track.xyxy())) > 0


def test_a_player_panel_shows_resources_and_goals() -> None:
    layout = TRIBES.layout(4)
    base = rgb(crowded_view())
    richer = crowded_view()
    richer["players"]["s2"]["resources"]["stone"] = 9
    richer["players"]["s2"]["done"] = [{"id": "D2", "development": True, "vp": 1}]
    panel = layout.panels[1]
    assert mean_difference(base.crop(panel.xyxy()), rgb(richer).crop(panel.xyxy())) > 0.5
    other = layout.panels[0]
    assert base.crop(other.xyxy()).tobytes() == rgb(richer).crop(other.xyxy()).tobytes()


def test_tokens_read_on_a_phone() -> None:
    """At Discord's 400 px preview a lone tribe's count stands at least 8 px tall and a
    hex is at least 30 px wide."""
    grid = grid_of(crowded_view())
    scale = 400 / 1280
    assert grid.size * 2 * 0.866 * scale >= 30
    assert token_radius(grid.size, 1) * 1.15 * scale >= 7.5


def test_english_and_french_differ_only_in_words() -> None:
    english, french = rgb(crowded_view(), "en"), rgb(crowded_view(), "fr")
    assert english.size == french.size and 0 < mean_difference(english, french) < 8


@pytest.mark.parametrize(
    "view",
    [
        {"game": "tribes", "seats": ["a", "b"]},
        crowded_view(map={}, board={}, events={}, players={}),
        crowded_view(hand=["sun", "??"], actions_taken=["nope"], last=moved("H99")),
        crowded_view(map={"hexes": [{"id": "H01"}, "junk"]}, volcano=[1, 2], pending={"hex": 3}),
    ],
    ids=["bare", "empty", "odd", "junk"],
)
def test_a_sparse_or_odd_view_still_draws(view: dict[str, Any]) -> None:
    assert open_png(draw(view)).width == 1280


def test_prices_of_one_kind_are_shown_as_any_kind() -> None:
    altar = ({"wood": 4}, {"food": 4}, {"stone": 4}, {"wood": 1, "food": 1, "stone": 1})
    prices = tuple(tuple(p.items()) for p in altar)
    assert price_lines(prices) == [
        (("any", 4),),
        (("wood", 1), ("food", 1), ("stone", 1)),
    ]
    assert price_lines(((("stone", 3),),)) == [(("stone", 3),)]


def test_a_lowered_population_limit_is_a_notice_in_both_languages() -> None:
    view = crowded_view()
    assert "4" in notice(view, "en", None) and "4" in notice(view, "fr", None)
    view["events"]["limit"] = 5
    view["pending"] = None  # nothing decided either: no tag at all
    assert notice(view, "en", None) == ""
    layout = TRIBES.layout(4)
    calm = rgb(view)
    assert (
        mean_difference(
            rgb(crowded_view()).crop(layout.header.xyxy()), calm.crop(layout.header.xyxy())
        )
        > 0
    )


def test_the_header_names_seats_in_the_notes() -> None:
    view = crowded_view(
        last={
            "seat": "s1",
            "label": {"key": "tribes.move.end", "params": {}},
            "notes": [{"key": "tribes.note.village_points", "params": {"player": "s1", "n": 2}}],
        }
    )
    line = describe(view, "en", NAMES)
    assert "Amélie" in line and "s1" not in line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_question_of_an_event_has_a_notice(lang: str) -> None:
    seen = set()
    for purpose in PURPOSES:
        view = crowded_view(pending={"kind": "ev_hex", "player": "s2", "purpose": purpose})
        text = notice(view, lang, None)
        assert text and not text.startswith("render.")
        seen.add(text)
    assert len(seen) == len(PURPOSES)
    assert notice(crowded_view(step="place", pending=None), lang, None)
    assert notice(crowded_view(pending={"kind": "ev_order", "player": "s2"}), lang, None)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_legend_captions_fit_their_column(lang: str) -> None:
    from render.kit.text import font, text_width
    from render.tribes.footer import TEXT_X, _thirds

    layout = TRIBES.layout(4)
    assert layout.footer is not None
    room = _thirds(layout.footer)[2].w - 2 * 12 - TEXT_X
    keys = [k for k in i18n.keys(lang) if k.startswith("render.tribes.legend.")]
    assert len(keys) > 10
    for key in keys:
        assert text_width(i18n.translate(key, lang), font(12)) <= room, key


def test_a_tribe_with_no_member_left_is_tagged_in_its_panel() -> None:
    layout = TRIBES.layout(4)
    view = crowded_view()
    gone = copy.deepcopy(view)
    gone["players"]["s4"]["on_map"] = 0
    view["players"]["s4"]["on_map"] = 16
    panel = layout.panels[3]
    assert mean_difference(rgb(view).crop(panel.xyxy()), rgb(gone).crop(panel.xyxy())) > 0.2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_defenders_fortifications_question_shows_as_the_pending_choice(lang: str) -> None:
    """The Fortifications question goes to the defender on another player's turn: the
    header names him (display name) and the hex, which is the one outlined."""
    pending = {"kind": "fortify", "player": "s3", "hex": "H03"}
    view = crowded_view(pending=pending, to_act=["s3"])
    text = notice(view, lang, NAMES)
    assert "Chloé" in text and "H03" in text and "s3" not in text
    assert model.read(view).focus == ("H03",)
    layout = TRIBES.layout(4)
    header = layout.header.xyxy()
    asked = rgb(view, lang).crop(header)
    assert mean_difference(asked, rgb(crowded_view(to_act=["s3"]), lang).crop(header)) > 0
