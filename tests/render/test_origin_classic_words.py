"""The sentences of the Classic picture: set-up, pending decisions, last round, game over."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

import render.origin_classic  # noqa: F401  (registers the catalogues)
from render.origin.names import territory_name
from render.origin_classic import words
from rules.i18n import translate
from tests.render.classic_games import phase_view

NAMES = {"s1": "Amélie", "s2": "Bob", "s3": "Chloé", "s4": "Dévi"}


def catalogue(lang: str) -> dict[str, str]:
    path = resources.files("render").joinpath("locales", f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_classic_keys_exist_in_both_languages_and_differ() -> None:
    en, fr = catalogue("en"), catalogue("fr")
    classic = {k for k in en if k.startswith("render.origin.classic.")}
    assert classic and classic <= set(fr)
    assert all(en[k] != fr[k] for k in classic)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_dynamic_classic_key_exists(lang: str) -> None:
    families = {
        "render.origin.classic.pending": (*words.PENDING_KINDS, "reward_colour", "other"),
        **{f"render.origin.classic.gain.{deck}": ("one", "many") for deck in words.DECKS},
        "render.origin.classic.reason": ("deck", "board", "supply", "villages"),
        "render.origin.classic.column": ("yellow", "orange", "violet", "brown"),
        "render.origin.classic.legend.terr": (
            "yellow",
            "orange",
            "violet",
            "brown",
            "green",
            "neutral",
        ),
    }
    for family, members in families.items():
        for member in members:
            key = f"{family}.{member}"
            assert translate(key, lang) != key, key


def test_set_up_names_who_is_still_choosing() -> None:
    view = phase_view(3, 2, "setup")
    choosing = words.choosing(view)
    assert choosing and len(choosing) < 3
    line = words.describe(view, "en", NAMES)
    assert all(NAMES[s] in line for s in choosing)
    assert all(NAMES[s] not in line for s in view["seats"] if s not in choosing)
    assert words.notice(view, "fr", NAMES) == "MISE EN PLACE"


def test_a_pending_reward_names_its_territory() -> None:
    view = phase_view(3, 4, "reward")
    where = territory_name(view["last_move"]["to"], "fr")
    line = words.describe(view, "fr", NAMES)
    assert where in line and NAMES[view["pending"]["seat"]] in line


@pytest.mark.parametrize("kind", [*words.PENDING_KINDS, "draw"])
def test_every_pending_kind_has_a_sentence(kind: str) -> None:
    view: dict[str, Any] = {
        "seats": ["s1", "s2"],
        "phase": "play",
        "pending": {"seat": "s2", "kind": kind, "card": "A12", "colour": "violet"},
    }
    for lang in ("en", "fr"):
        line = words.describe(view, lang, NAMES)
        assert line.startswith("Bob") and "{" not in line
        if kind in ("extra", "target"):
            assert words.card_title("A12", lang) in line


def test_last_round_and_game_over_say_why() -> None:
    last = phase_view(4, 5, "last")
    notice = words.notice(last, "en", NAMES)
    assert notice.startswith("LAST ROUND")
    assert words.ending_reason(last["ending"], "en", NAMES) in notice
    over = phase_view(2, 6, "over")
    assert words.notice(over, "en", NAMES) == ""
    assert words.ending_reason(over["ending"], "fr", NAMES) in words.describe(over, "fr", NAMES)


def test_the_last_move_names_the_card_played_and_gains() -> None:
    view: dict[str, Any] = {
        "seats": ["s1", "s2"],
        "phase": "play",
        "pending": None,
        "last_move": {
            "seat": "s1",
            "action": "migrate",
            "card": "A12",
            "pawn": "z2s1w",
            "from": "A1",
            "to": "A3",
            "swapped": None,
            "gains": {
                "cards": {"action": 1, "permanent": 0, "objective": 2},
                "tiles": ["IN01", "IN02"],
                "hunting": [],
                "straits": ["ST01"],
            },
        },
    }
    line = words.describe(view, "en", NAMES)
    assert line.startswith("Amélie")
    assert words.card_title("A12", "en") in line
    assert "1 Action" in line and "2 Objective" in line and "2 tile" in line
    assert "Strait" in line


def test_cards_played_this_turn_are_named_once() -> None:
    view: dict[str, Any] = {
        "seats": ["s1", "s2"],
        "to_act": ["s2"],
        "phase": "play",
        "pending": {"seat": "s2", "kind": "reward", "colour": "yellow"},
        "played_this_turn": ["A06", "P01"],
    }
    line = words.describe(view, "en", NAMES)
    raid, stride = words.card_title("A06", "en"), words.card_title("P01", "en")
    assert line.count(raid) == 1 and line.count(stride) == 1 and "Bob" in line
    view["pending"] = {"seat": "s2", "kind": "extra", "card": "A06"}
    line = words.describe(view, "fr", NAMES)
    assert line.count(words.card_title("A06", "fr")) == 1
    assert words.card_title("P01", "fr") in line


def test_card_titles_are_translated_in_a_process_that_only_draws() -> None:
    """A render worker imports the renderer, never the Classic rules: titles still read."""
    import subprocess
    import sys

    code = (
        "import render.origin_classic.words as w; "
        "print(w.card_title('A01', 'en'), w.card_title('A01', 'fr'), sep='|')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    english, french = out.split("|")
    assert english != "A01" and french != "A01"
