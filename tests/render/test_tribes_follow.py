"""The Tribes picture teaches: each event in a slot says what it does in a few words,
whole words only, in both languages."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops

from render.kit.text import font, text_width, wrap
from render.tribes import TRIBES, advanced, model, render
from render.tribes.layout import split_board
from render.tribes.model import Slot
from render.tribes.side import _body_top, effect_lines, side_of, whole_words
from render.tribes.words import event_effect, event_name, notice
from rules import i18n


def _events() -> list[str]:
    data: dict[str, Any] = json.loads(
        resources.files("rules.tribes").joinpath("data", "events.json").read_text("utf-8")
    )
    return sorted(str(e["slug"]) for e in data["events"])


EVENTS = _events()

# The most a slot ever carries under an event's effect: its prices (the Altar's two and
# the member it also costs), the mammoth's die, the resources put on the card.
BODIES = {
    "altar": Slot(
        "altar",
        prices=(
            (("food", 4),),
            (("stone", 4),),
            (("wood", 4),),
            (("food", 1), ("stone", 1), ("wood", 1)),
        ),
        members=1,
    ),
    "canoe": Slot("canoe", prices=((("wood", 4),),)),
    "fortifications": Slot("fortifications", prices=((("stone", 4),),)),
    "discovery": Slot("discovery", stock=(("wood", 2), ("food", 2), ("stone", 2))),
    "plenty": Slot("plenty", stock=(("food", 8),)),
    "mild_winter": Slot("mild_winter", stock=(("food", 4),)),
    "mammoth": Slot("mammoth", die=1, holder="s1"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("event", EVENTS)
def test_every_event_slot_says_its_effect_whole(event: str, lang: str) -> None:
    effect = event_effect(event, lang)
    assert effect, f"no short effect for {event} in {lang}"
    for seats in (2, 3, 4):
        box = side_of(TRIBES.layout(seats).board).slots[0]
        slot = BODIES.get(event, Slot(event))
        name = wrap(event_name(event, lang), font(12, bold=True), box.w - 12, 2)
        top = box.y + 6 + 16 * len(name)
        size, lines = effect_lines(effect, box.w - 10, _body_top(box, slot) - top)
        assert " ".join(lines) == effect, (event, lang, size, lines)
        assert all(text_width(line, font(size)) <= box.w - 10 for line in lines)


def test_a_text_too_long_ends_after_a_whole_word() -> None:
    face = font(11)
    text = "Each tribe on the hex loses one member at once"
    lines = whole_words(text, face, 60, 2)
    assert len(lines) == 2
    assert lines[-1].endswith("…")
    kept = " ".join(lines).removesuffix("…").split()
    assert kept == text.split()[: len(kept)]
    assert whole_words("", face, 60, 2) == []
    assert whole_words("short", face, 60, 0) == []


def _over_view() -> dict[str, Any]:
    path = Path(__file__).parent / "golden" / "tribes_2p_over_en.json"
    view: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return view


def test_the_final_picture_breaks_each_score_down_by_category() -> None:
    view = _over_view()
    players = model.read(view).players
    for seat in view["seats"]:
        by = view["players"][seat]["vp_by"]
        assert players[seat].vp_by == tuple((c, by[c]) for c in model.VP_ORDER)
    before = render(view, lang="en").convert("RGB")
    changed = copy.deepcopy(view)
    changed["players"]["s1"]["vp_by"]["events"] += 1
    after = render(changed, lang="en").convert("RGB")
    panel = TRIBES.layout(2).panels[0]
    assert ImageChops.difference(before, after).getbbox() is not None
    box = ImageChops.difference(before, after).getbbox()
    assert box is not None and panel.y <= box[1] and box[3] <= panel.bottom
    playing = copy.deepcopy(changed)
    playing["over"] = False
    assert ImageChops.difference(render(playing).convert("RGB"), after).getbbox()


def _powers() -> list[str]:
    data: dict[str, Any] = json.loads(
        resources.files("rules.tribes").joinpath("data", "chiefs.json").read_text("utf-8")
    )
    return sorted(str(p["id"]) for p in data["powers"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_chief_power_is_named_with_its_effect_under_the_map(lang: str) -> None:
    """Each seat's chief power, once shown, is in the legend band for everyone: its name
    and a few words, whole (a row is kept while it is secret)."""
    for seats in (2, 3, 4):
        map_box = split_board(TRIBES.layout(seats).board)[0]
        _, band = advanced.map_area(map_box, ("x",))
        assert band is not None
        room = band.w // advanced.BAND_COLUMNS - 30
        for power in [*_powers(), ""]:
            name, effect = advanced.chief_words(power, lang)
            assert name and effect, (power, lang)
            assert text_width(name, font(12, bold=True)) <= room, (power, lang, name)
            assert text_width(effect, font(12)) <= room, (power, lang, effect)


def test_the_legend_band_keeps_a_row_per_chief_from_the_start() -> None:
    view = _over_view()
    view["options"]["chiefs"] = True
    view["players"]["s1"]["chief"] = "ruse"
    entries = advanced.legend_entries(view, model.read(view))
    assert entries[-2:] == ("chief:0:ruse", "chief:1:")
    before = render(view, lang="fr").convert("RGB")
    shown = copy.deepcopy(view)
    shown["players"]["s2"]["chief"] = "merchants"
    after = render(shown, lang="fr").convert("RGB")
    box = ImageChops.difference(before, after).getbbox()
    assert box is not None
    map_box = split_board(TRIBES.layout(2).board)[0]
    _, band = advanced.map_area(map_box, entries)
    assert band is not None
    # the map keeps its place: what changed is the band and s2's panel (its chief chip)
    hexes = (map_box.x, map_box.y, map_box.right, band.y - 1)
    assert ImageChops.difference(before.crop(hexes), after.crop(hexes)).getbbox() is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_pending_decision_is_named_on_the_picture(lang: str) -> None:
    """Whatever a seat is deciding, the header's tag says it (and names the seat when it
    is not simply the current question of an event)."""
    from rules.tribes import frames

    names = {"s1": "Amélie", "s2": "Bob"}
    for kind in sorted(frames.KINDS):
        view = {"seats": ["s1", "s2"], "pending": {"kind": kind, "player": "s2", "hex": "h04"}}
        tag = notice(view, lang, names)
        assert tag, kind
        assert "{" not in tag and "s2" not in tag and "tribes." not in tag, (kind, tag)
    over = {"seats": ["s1", "s2"], "over": True, "pending": {"kind": "grow", "player": "s2"}}
    assert notice(over, lang, names) == ""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_special_tile_of_the_legend_band_fits_whole(lang: str) -> None:
    for seats in (2, 3, 4):
        map_box = split_board(TRIBES.layout(seats).board)[0]
        _, band = advanced.map_area(map_box, ("x",))
        assert band is not None
        room = band.w // advanced.BAND_COLUMNS - 30
        for entry in (*advanced.TILES, advanced.ELDER):
            name = i18n.translate(f"render.tribes.special.{entry}", lang)
            effect = i18n.translate(f"render.tribes.special.{entry}.effect", lang)
            assert text_width(name, font(12, bold=True)) <= room, (entry, lang, name)
            assert text_width(effect, font(12)) <= room, (entry, lang, effect)
