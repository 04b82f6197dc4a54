"""The render catalogue: every key the pictures ask for exists in English and French."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import render.origin  # noqa: F401  (registers the catalogues)
from rules.i18n import translate

FAMILIES = {
    "render.origin.pending": ("evolve", "migrate", "swap"),
    "render.origin.last": ("evolve", "migrate", "swap", "pass"),
    "render.origin.pawn": ("w", "b", "k"),
    "render.origin.gain.card.yellow": ("one", "many"),
    "render.origin.gain.card.orange": ("one", "many"),
    "render.origin.gain.card.violet": ("one", "many"),
    "render.origin.legend.terr": ("yellow", "orange", "violet", "brown", "green", "neutral"),
    "render.origin.title": ("junior", "classic"),
    "render.kit": (
        *("turn", "round_turn", "over", "over_won", "to_play", "to_play_tag"),
        *("winner_tag", "out_tag", "points", "legend"),
    ),
    "render.nim": ("title", "left", "taken"),
    "render.nim.legend": ("stone", "ghost", "last", "rule"),
}


def catalogue(lang: str) -> dict[str, str]:
    path = resources.files("render").joinpath("locales", f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_both_languages_have_the_same_keys() -> None:
    assert set(catalogue("en")) == set(catalogue("fr"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_dynamic_key_exists(lang: str) -> None:
    for family, members in FAMILIES.items():
        for member in members:
            key = f"{family}.{member}"
            assert translate(key, lang) != key, key


def test_french_is_french() -> None:
    en, fr = catalogue("en"), catalogue("fr")
    same = {k for k in en if en[k] == fr[k]}
    # Only words that are the same in both languages (or pure notation) may match.
    assert same <= {
        "render.origin.title.junior",
        "render.origin.title.classic",
        "render.kit.points",
        "render.kit.total",
        "render.nim.title",
        "render.origin.villages",
        "render.origin.legend.terr.brown",
    }


def test_territory_names_come_from_the_rules_catalogue() -> None:
    from render.origin.names import territory_name

    assert territory_name("A1", "fr").startswith("Origine")
    assert territory_name("A1", "en").startswith("Origin")
    assert territory_name("ZZ9", "en") == "ZZ9"


def test_the_picture_names_a_pawn_as_the_menus_do() -> None:
    """Header lines say ``white pawn 2·3``, the name every Origin label uses."""
    from render.origin.names import pawn_words
    from rules.origin import moves

    for pawn in ("z2s3w", "z1s1b", "z3s2k"):
        for lang in ("en", "fr"):
            label = translate(moves.place_pawn(pawn).label, lang)
            assert label.endswith(" " + pawn_words(pawn, lang)), (label, lang)
