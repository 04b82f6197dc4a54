"""The event data file: the counts of docs/contributors/components/tribes.md 3.5 and its
load checks."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.tribes.event_cards import DATA_FILE, EVENTS, EventDataError, parse_events


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def test_sixteen_events_fourteen_in_the_starting_deck() -> None:
    assert len(EVENTS.cards) == 16
    assert len(EVENTS.start_deck) == 14
    assert set(EVENTS.set_aside) == {"E13", "E14"}  # Grand Chef, Village abandonne (T10)


def test_three_slots_and_five_invaders() -> None:
    assert EVENTS.numbers.slots == 3
    assert EVENTS.numbers.invaders == 5


def test_the_three_acquirable_cards() -> None:
    acquirable = {c.slug for c in EVENTS.cards.values() if c.is_acquirable}
    assert acquirable == {"fortifications", "canoe", "altar"}


def test_every_card_says_what_the_rulebook_prints() -> None:
    assert all(isinstance(c.rulebook, tuple) for c in EVENTS.cards.values())
    assert "_about" in _raw()


def test_a_seventeenth_card_is_refused() -> None:
    raw = _raw()
    extra = copy.deepcopy(raw["events"][0])
    extra["id"], extra["slug"] = "E17", "extra"
    raw["events"].append(extra)
    with pytest.raises(EventDataError, match="cards, expected 16"):
        parse_events(raw)


def test_a_repeated_id_is_refused() -> None:
    raw = _raw()
    raw["events"][1]["id"] = "E01"
    with pytest.raises(EventDataError, match="repeated id"):
        parse_events(raw)


def test_an_unknown_effect_kind_names_the_card() -> None:
    raw = _raw()
    raw["events"][0]["on_draw"]["kind"] = "rain_of_frogs"
    with pytest.raises(EventDataError, match="E01: on_draw"):
        parse_events(raw)


def test_a_bad_acquirable_cost_is_refused() -> None:
    raw = _raw()
    fort = next(e for e in raw["events"] if e["slug"] == "fortifications")
    fort["active"]["params"]["cost"] = {"X": 4}
    with pytest.raises(EventDataError, match="bad cost"):
        parse_events(raw)
