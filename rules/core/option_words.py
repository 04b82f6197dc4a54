"""A game's options in words, in the reader's language: what every front end shows of
the variants a table plays (the lobby message, a tournament's messages and pages, a
game's page, the console).

Typed text (``stones=3``, ``terrains=jungle+oasis``) is the input language; a player
reads each option's short name (``OptionSpec.label``) and its value in words: "yes" or
"no", a number as a number, a choice's words (``OptionSpec.choice_text``), a set of
choices as a list ("jungle and oasis"). A public text lists the options that differ from
the game's defaults, each as "Name: value", in the order the game declares them; a table
that plays every default is told so in one phrase (``options.standard``: "standard
rules"), since the defaults are what the game's help and pages describe.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import InvalidOptions
from rules.core.options import GameSpec, OptionSpec
from rules.i18n import translate

SEPARATOR = " · "
"""Between two options on one line (a value may itself hold commas)."""


def value_words(option: OptionSpec, value: Any, lang: str) -> str:
    """One value of ``option`` in words: ``True`` "yes" ("oui"), ``3`` "3", ``random``
    "at random", ``["jungle", "oasis"]`` "jungle and oasis"; free text as typed."""
    if isinstance(value, bool):
        return translate("option.yes" if value else "option.no", lang)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        if not value:  # a set given empty (``terrains=+``): nothing chosen
            return translate("option.nothing", lang)
        return listed([value_words(option, item, lang) for item in value], lang)
    if option.choices or option.multiple:
        return translate(option.choice_text(str(value)), lang)
    return str(value)


def listed(words: Sequence[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (French ``et``)."""
    if len(words) < 2:
        return "".join(words)
    return translate("option.and", lang, first=", ".join(words[:-1]), last=words[-1])


def is_default(option: OptionSpec, value: Any) -> bool:
    """Whether ``value`` is the option's default (a set in any order, stored as a list)."""
    try:
        return _same(option.validate(value), option.validate(option.default))
    except InvalidOptions:  # a value no longer valid is not the default: show it
        return False


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(map(str, a)) == sorted(map(str, b))
    return type(a) is type(b) and bool(a == b)


def option_pairs(
    game: GameSpec, options: Mapping[str, Any], lang: str, *, every: bool = False
) -> list[tuple[str, str]]:
    """``(short name, value in words)`` of each option of ``options`` that differs from
    the game's default (``every``: each option the game has, an option left out at its
    default), in the order the game declares them. A name the game does not know (an
    option since removed) is left out, as the rules ignore it."""
    given: dict[str, Any] = {}
    for name, value in options.items():
        try:
            given[game.option(name).name] = value
        except InvalidOptions:
            continue
    pairs: list[tuple[str, str]] = []
    for option in game.options:
        value = given.get(option.name, option.default)
        if not every and is_default(option, value):
            continue
        pairs.append((option_name(option, lang), value_words(option, value, lang)))
    return pairs


def option_name(option: OptionSpec, lang: str) -> str:
    """The option's short name ("Stones", "Pierres"); its code only for an option that
    has none, which ``tests/rules/test_option_words.py`` forbids in a registered game."""
    return translate(option.label, lang) if option.label is not None else option.name


def option_lines(game: GameSpec, options: Mapping[str, Any], lang: str) -> list[str]:
    """ "Name: value" for each option that differs from the default, or the one phrase
    of a table playing every default ("standard rules")."""
    pairs = option_pairs(game, options, lang)
    if not pairs:
        return [translate("options.standard", lang)]
    return [translate("option.pair", lang, name=name, value=value) for name, value in pairs]


def options_text(
    game: GameSpec, options: Mapping[str, Any], lang: str, separator: str = SEPARATOR
) -> str:
    """``option_lines`` on one line: "Elders: yes · Special terrains: jungle and oasis"."""
    return separator.join(option_lines(game, options, lang))
