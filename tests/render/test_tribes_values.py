"""The Tribes action board shows what the player to act would really get (the rules'
``values``, his developments included), the Altar's member, the header's line said
once, and the tribe after the player's name.

Views come from real rules states (``tests.rules.tribes.helpers``): the picture reads
the numbers the engine starts its actions with. Starting dice on every action, entry
slot first: sun, moon, blank; a sun in hand boosts any action, a moon reduces it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render.kit.paint import Canvas
from render.tribes import render
from render.tribes.words import describe, value_text
from rules.base import State
from rules.tribes import TRIBES_GAME as GAME
from rules.tribes.values import action_values
from tests.render.tribes_views import crowded_view
from tests.rules.tribes.event_helpers import set_slot
from tests.rules.tribes.helpers import at_actions, give

NAMES = {"p0": "Amélie", "p1": "Bob"}
LEVEL = {"moon": "reduced", "blank": "normal", "sun": "boosted"}


def drawn_texts(
    monkeypatch: pytest.MonkeyPatch,
    view: dict[str, Any],
    lang: str = "en",
    names: dict[str, str] | None = None,
) -> list[str]:
    """Every line of text the picture of ``view`` writes on its canvas."""
    seen: list[str] = []
    original = Canvas.text

    def spy(self: Canvas, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        seen.append(text)
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", spy)
    render(view, lang=lang, names=names or NAMES)
    return seen


def view_of(state: State) -> dict[str, Any]:
    found: dict[str, Any] = GAME.view(state, None)
    return found


def grow_state(*, oxen: bool, turn: int = 0, hand: tuple[str, ...] = ("sun", "sun")) -> State:
    state = at_actions(members={"H05": [2, 0], "H06": [0, 2]}, hand=hand, active=turn)
    if oxen:
        give(state, turn, done=["D2"])
    return state


def test_a_player_with_oxen_sees_the_improved_grow(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = drawn_texts(monkeypatch, view_of(grow_state(oxen=True)))
    assert "+5" in texts  # a sun on Grow: boosted, 4 + 1 for Oxen
    assert "3/4/5 members" in texts


def test_a_player_without_oxen_sees_the_printed_grow(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = drawn_texts(monkeypatch, view_of(grow_state(oxen=False)))
    assert "+4" in texts and "+5" not in texts
    assert "2/3/4 members" in texts


def test_the_board_follows_whose_turn_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    state = grow_state(oxen=False)
    give(state, 1, done=["D2"])  # the other tribe's Oxen do not help the player to act
    assert "+4" in drawn_texts(monkeypatch, view_of(state))


def test_horse_shows_the_improved_travel_and_its_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    state = grow_state(oxen=False)
    give(state, 0, done=["D3"])
    texts = drawn_texts(monkeypatch, view_of(state))
    assert "3/4/5 members, 2 hex" in texts
    assert "5" in texts  # a sun on Travel: 4 + 1


@pytest.mark.parametrize("face", ["sun", "moon"])
def test_every_value_drawn_is_the_engines(monkeypatch: pytest.MonkeyPatch, face: str) -> None:
    """All four improving developments: each action's value for the die in hand is what
    ``action_values`` (the engine's start of that action) gives."""
    state = grow_state(oxen=True, hand=(face, face))
    give(state, 0, done=["D1", "D3", "D7"])
    texts = drawn_texts(monkeypatch, view_of(state))
    for action, key in (("grow", "members"), ("travel", "members"), ("lead", "cards")):
        value = action_values(state, 0, action, LEVEL[face])[key]
        assert value_text(action, value, "en", short=True) in texts
    assert "1/2/3 hexes ×2 +1" in texts  # Basketry


def test_fire_shows_the_value_it_would_give(monkeypatch: pytest.MonkeyPatch) -> None:
    state = grow_state(oxen=False, hand=("moon", "sun"))
    give(state, 0, done=["D6"])
    texts = drawn_texts(monkeypatch, view_of(state))
    grow = texts[texts.index("+2") : texts.index("+2") + 2]  # reduced, then with Fire
    assert grow == ["+2", "+3"]


def test_no_bonus_is_drawn_for_an_old_view_without_the_players_values() -> None:
    view = crowded_view()
    for action in view["board"].values():
        action.pop("active", None)
    plain = render(view, lang="en").convert("RGB")
    improved = render(crowded_view(), lang="en").convert("RGB")
    assert plain.size == improved.size and plain.tobytes() != improved.tobytes()


def test_the_altar_shows_its_member_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    state = grow_state(oxen=False)
    set_slot(state, 0, "E12", markers=0)
    view = view_of(state)
    texts = drawn_texts(monkeypatch, view)
    assert "+" in texts  # a member, plus one of the prices
    view = copy.deepcopy(view)  # a new view: the picture remembers the last one read
    view["events"]["slots"][0].pop("members")
    assert "+" not in drawn_texts(monkeypatch, view)


# ---------------------------------------------------------------- header and names


def test_the_header_does_not_say_the_move_twice() -> None:
    last = {
        "seat": "p0",
        "label": {"key": "tribes.move.add", "params": {"hex": "H04", "terrain": "@x"}},
        "notes": [{"key": "tribes.note.grew", "params": {"player": "p0", "hex": "H04", "n": 1}}],
    }
    line = describe({"last": last}, "en", NAMES)
    assert line.startswith("Amélie adds 1 member on H04") and line.count("H04") == 1, line
    fr = describe({"last": last}, "fr", NAMES)
    assert fr.count("H04") == 1 and fr.startswith("Amélie")


def test_the_header_keeps_a_label_its_notes_do_not_repeat() -> None:
    last = {
        "seat": "p0",
        "label": {"key": "tribes.move.end", "params": {}},
        "notes": [{"key": "tribes.note.roll", "params": {"player": "p1", "dice": ["x"]}}],
    }
    assert describe({"last": last}, "en", NAMES).startswith("Amélie ends the turn · Bob rolls")


def test_a_note_without_the_mover_keeps_the_movers_name() -> None:
    last = {
        "seat": "p1",
        "label": {"key": "tribes.move.ev_hex.tiger", "params": {"hex": "H07", "terrain": "@x"}},
        "notes": [{"key": "tribes.note.tiger_at", "params": {"hex": "H07"}}],
    }
    line = describe({"last": last}, "en", NAMES)
    assert line.startswith("Bob sends the tiger: the tiger pounces on H07"), line
    assert line.count("H07") == 1, line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_name_leaves_the_tribe_whole(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    view = crowded_view()
    view["players"]["s3"].update(
        tribe="indartsu", resources={"wood": 22, "food": 13, "stone": 11}, supply=17
    )
    names = {"s3": "Chloé-Anne Vanderbilt-Kowalczyk", "s4": "Maximilienne de la Tour"}
    seen = drawn_texts(monkeypatch, view, lang, names)
    assert {"Indartsu", "Mu'k'a'an", "Chloé-Anne Vanderbilt-Kowalczyk"} <= set(seen)
    assert "Maximilienne de la Tour" in seen


def test_the_altars_lowered_one_of_each_price_is_any_two_not_the_first_pair() -> None:
    from render.tribes.side import price_lines
    from rules.tribes.event_market import prices

    lowered = tuple(tuple(sorted(p.items())) for p in prices({"id": "E12", "markers": 1}))
    assert price_lines(lowered) == [(("any", 3),), (("any", 1), ("any", 1))]
