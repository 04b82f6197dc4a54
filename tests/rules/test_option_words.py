"""A game's options read as words in both languages (``rules.core.option_words``):
every option of every game has a short name and words for each of its choices, so no
option can reach a player as its code, and the formatter lists what differs from the
defaults."""

from __future__ import annotations

import re

import pytest

from rules import registry
from rules.base import OptionSpec, Text
from rules.core.option_words import (
    is_default,
    option_lines,
    option_pairs,
    options_text,
    value_words,
)
from rules.i18n import LANGS, has_key, translate
from tests.wide import WIDE

GAMES = [g for g in registry.ids() if g != WIDE.spec.id]
"""The shipped games (the test game *Wide* keeps no catalogue on purpose)."""

CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\bTrue\b|\bFalse\b|=")
"""What betrays a code in a text: ``snake_case`` ids, Python's booleans, ``name=value``."""


def _every_value(option: OptionSpec) -> list[object]:
    if isinstance(option.default, bool) and not option.choices:
        return [True, False]
    if option.multiple:
        plain = [c for c in option.choices if c not in option.alone]
        return [*option.alone, plain[:1], plain]
    if option.choices:
        return list(option.choices)
    return [option.default, option.minimum, option.maximum]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_a_short_name_and_words_for_each_choice(game_id: str) -> None:
    for option in registry.get(game_id).spec.options:
        assert option.label is not None, f"{game_id}: option {option.name} has no label"
        assert has_key(option.label.key), f"{game_id}: {option.label.key} not in en and fr"
        for choice in option.choices:
            if isinstance(choice, str):
                key = option.choice_text(choice).key
                assert has_key(key), f"{game_id}: {key} (option {option.name}) not in en and fr"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_value_of_every_option_reads_without_a_code(game_id: str, lang: str) -> None:
    """Each option at each of its values, alone: its line names it in words, and is
    short (a list of options is one line of a message)."""
    spec = registry.get(game_id).spec
    for option in spec.options:
        name = translate(option.label or Text(option.name), lang)
        assert name[:1].isupper() and len(name) <= 40, name
        for value in _every_value(option):
            line = options_text(spec, {option.name: value}, lang)
            assert not CODE.search(line), f"{game_id} {option.name}={value}: {line!r}"
            if is_default(option, value):
                assert line == translate("options.standard", lang)
            else:
                assert line.startswith(name), line
                assert value_words(option, value, lang) in line


def test_a_table_at_every_default_is_told_so_in_one_phrase() -> None:
    spec = registry.get("tribes").spec
    full = spec.validate_options({})
    assert option_pairs(spec, full, "en") == []
    assert option_lines(spec, full, "en") == ["standard rules"]
    assert option_lines(spec, {}, "fr") == ["règles standard"]


def test_only_what_differs_from_the_defaults_is_listed_in_the_games_order() -> None:
    spec = registry.get("tribes").spec
    options = spec.validate_options({"terrains": "oasis+jungle+glacier", "ancients": True})
    assert options_text(spec, options, "en") == (
        "Elders: yes · Special terrains: glacier, jungle and oasis"
    )
    assert options_text(spec, options, "fr") == (
        "Anciens : oui · Terrains spéciaux : glacier, jungle et oasis"
    )
    assert option_lines(spec, {"terrains": "all"}, "fr") == ["Terrains spéciaux : tous"]
    assert option_lines(spec, {"terrains": []}, "en") == ["Special terrains: none"]


def test_numbers_and_choices_read_as_words() -> None:
    nim = registry.get("nim").spec
    assert options_text(nim, nim.validate_options({"stones": 3}), "fr") == "Pierres : 3"
    assert options_text(nim, {"stones": 15}, "en") == "standard rules"
    origin = registry.get("origin").spec
    chosen = origin.validate_options({"neutral_pawn": "brown", "first_player": "random"})
    assert option_lines(origin, chosen, "en") == [
        "Neutral pawn: brown",
        "First player: drawn at random",
    ]
    assert option_lines(origin, chosen, "fr") == [
        "Pion neutre : marron",
        "Premier joueur : tiré au hasard",
    ]


def test_every_option_is_listed_when_asked_even_at_its_default() -> None:
    spec = registry.get("orbis").spec
    assert option_pairs(spec, {}, "en", every=True) == [("Temple count", "Temple icons")]


def test_a_former_name_reads_under_the_option_and_an_unknown_one_is_left_out() -> None:
    """Games stored under Sapiens' former French option name still read in words; a
    name no option has (one since removed) is not shown as a code."""
    spec = registry.get("sapiens").spec
    assert option_lines(spec, {"cueillette_optional": False, "gone": 1}, "en") == [
        "Gathering's food optional: no"
    ]
