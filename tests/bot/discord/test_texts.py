"""Every message key the Discord layer uses exists in English and French, and the
``options`` text of ``/campfire new`` is read as documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bot.discord
from bot.discord.errors import DiscordError
from bot.discord.options import option_choices, parse_options
from rules import i18n
from rules.base import InvalidOptions
from rules.registry import get

SOURCES = sorted(Path(bot.discord.__file__).parent.glob("*.py"))
LITERAL = re.compile(r"""["'](discord\.[a-z_]+(?:\.[a-z_]+)*)["']""")
DYNAMIC = {
    "discord.lobby.status.": ("lobby", "running", "over", "aborted"),
    "discord.button.": ("join", "leave", "start", "play", "hand", "scores", "resign", "rematch"),
    "discord.tournament.status.": ("open", "running", "over", "cancelled"),
}


def used_keys() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        found |= set(LITERAL.findall(path.read_text(encoding="utf-8")))
    for prefix, names in DYNAMIC.items():
        found |= {prefix + name for name in names}
    return found


def test_every_key_used_has_english_and_french_text() -> None:
    missing = sorted(k for k in used_keys() if not i18n.has_key(k))
    assert missing == []


def test_no_catalogue_entry_is_unused() -> None:
    ours = {k for k in i18n.keys("en") if k.startswith("discord.")}
    assert sorted(ours - used_keys()) == []


def test_french_texts_differ_from_english_where_words_differ() -> None:
    def words(key: str, lang: str) -> str:
        return re.sub(r"\{[a-z_]+\}", "", i18n.translate(key, lang))

    same = [k for k in used_keys() if words(k, "en") == words(k, "fr") and len(words(k, "en")) > 12]
    assert same == []


def test_options_text_is_converted_to_the_option_types() -> None:
    assert parse_options("nim", "stones=20") == {"stones": 20}
    assert parse_options("nim", "  ") == {}
    assert parse_options("nim", "stones = 7,") == {"stones": 7}
    with pytest.raises(DiscordError) as raised:
        parse_options("nim", "stones")
    assert raised.value.key == "discord.options.syntax"
    with pytest.raises(InvalidOptions):
        get("nim").spec.validate_options(parse_options("nim", "stones=many"))


def test_option_suggestions_keep_what_is_typed() -> None:
    typed = option_choices("nim", "stones=9", "en")
    assert typed[0].value == "stones=9" and len(typed) == 1  # nothing left to suggest
    assert option_choices(None, "", "en") == []
    assert option_choices("no-such-game", "", "en") == []


def test_an_option_value_may_be_a_comma_list() -> None:
    assert parse_options("tribes", "terrains=jungle,oasis ancients=yes") == {
        "terrains": "jungle,oasis",
        "ancients": True,
    }
    assert parse_options("tribes", "ancients=no,terrains=glacier,chasm,chiefs=yes") == {
        "ancients": False,
        "terrains": "glacier,chasm",
        "chiefs": True,
    }
    values = [c.value for c in option_choices("tribes", "", "en")]
    assert "terrains=all" in values and "terrains=glacier" in values
