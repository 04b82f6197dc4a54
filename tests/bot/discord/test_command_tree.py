"""The ``/campfire`` payload Discord receives, checked against Discord's published limits."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.discord.commands import CampfireGroup
from bot.discord.i18n import CampfireTranslator
from campfire_testing.harness import Harness
from rules import i18n, registry

SUBCOMMANDS = {
    "new", "join", "leave", "start", "move", "board", "hand",
    "scores", "games", "resign", "abort", "help", "undo", "record", "replay", "hint",
    "standings", "stats", "away", "back", "me", "settings", "follow", "tournament",
}  # fmt: skip


def is_valid_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}]{1,32}$``, lowercase where the letter has a case."""
    return (
        1 <= len(name) <= 32
        and all(c.isalnum() or c in "-_" for c in name)
        and name == name.lower()
    )


async def payload(bot: Harness) -> list[dict[str, Any]]:
    tree = bot.client.tree
    translator = CampfireTranslator()
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


def walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    found = [node]
    for option in node.get("options") or []:
        found += walk(option)
    return found


def char_count(node: dict[str, Any], locale: str | None) -> int:
    """Name + description (+ choice names and values), recursively: in one locale, or
    (``locale`` ``None``) as Discord counts a command against its limit, the longest of
    each field's default and localisations."""

    def size(item: dict[str, Any], field: str) -> int:
        localised = item.get(f"{field}_localizations") or {}
        if locale:
            return len(str(localised.get(locale, item.get(field, ""))))
        return max(len(str(v)) for v in [item.get(field, ""), *localised.values()])

    total = size(node, "name") + size(node, "description")
    for choice in node.get("choices") or []:
        total += size(choice, "name") + len(str(choice["value"]))
    return total + sum(char_count(o, locale) for o in node.get("options") or [])


async def test_one_top_level_group_with_every_subcommand(bot: Harness) -> None:
    commands = await payload(bot)
    assert [c["name"] for c in commands] == ["campfire"]
    subs = {o["name"] for o in commands[0]["options"]}
    assert subs == SUBCOMMANDS
    assert commands[0]["contexts"] == [0]  # servers only


async def test_names_descriptions_and_counts_within_discord_limits(bot: Harness) -> None:
    for command in await payload(bot):
        for node in walk(command):
            assert is_valid_name(node["name"]), node["name"]
            assert 1 <= len(node["description"]) <= 100, node["name"]
            assert len(node.get("options") or []) <= 25
            assert len(node.get("choices") or []) <= 25
            for locale, name in (node.get("name_localizations") or {}).items():
                assert is_valid_name(name), (locale, name)
            for locale, text in (node.get("description_localizations") or {}).items():
                assert 1 <= len(text) <= 100, (locale, text)
            for choice in node.get("choices") or []:
                assert 1 <= len(choice["name"]) <= 100
        # Discord's one size limit for a command (APPLICATION_COMMAND_TOO_LARGE): 8,000
        # characters of names, descriptions and choices, each field counted at its
        # longest localisation; it has no limit on the JSON's bytes
        assert char_count(command, None) <= 8000, char_count(command, None)
        assert char_count(command, "fr") <= char_count(command, None)


async def test_every_name_and_description_has_a_french_version(bot: Harness) -> None:
    for command in await payload(bot):
        for node in walk(command):
            assert "fr" in (node.get("name_localizations") or {}), node["name"]
            assert "fr" in (node.get("description_localizations") or {}), node["name"]
            for choice in node.get("choices") or []:
                if choice["value"] in registry.ids():
                    game = registry.get(choice["value"])
                    if not i18n.has_key(game.spec.name.key):  # test-only games: no catalogue
                        continue
                assert "fr" in (choice.get("name_localizations") or {}), choice


async def test_rule_choices_list_every_registered_game(bot: Harness) -> None:
    new = next(o for o in (await payload(bot))[0]["options"] if o["name"] == "new")
    rules = next(o for o in new["options"] if o["name"] == "rules")
    assert [c["value"] for c in rules["choices"]] == registry.ids()[:25]
    assert rules["required"] is True


async def test_subcommand_names_are_translated_to_french(bot: Harness) -> None:
    group = (await payload(bot))[0]
    french = {o["name"]: o["name_localizations"]["fr"] for o in group["options"]}
    assert french["new"] == "nouvelle" and french["move"] == "jouer"
    # French words keep their accents (Discord allows any letter in a name)
    assert french["settings"] == "réglages" and french["record"] == "relevé"
    new = next(o for o in group["options"] if o["name"] == "new")
    timeout = next(o for o in new["options"] if o["name"] == "timeout")
    assert timeout["name_localizations"]["fr"] == "dépassement"
    assert len(set(french.values())) == len(french)  # no two subcommands collide


async def test_translator_ignores_strings_without_key_and_other_locales() -> None:
    translator = CampfireTranslator()
    group = CampfireGroup()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, group)
    import discord

    plain = app_commands.locale_str("plain")
    keyed = app_commands.locale_str("new", key="discord.cmd.new.name")
    assert await translator.translate(plain, discord.Locale.french, context) is None
    assert await translator.translate(keyed, discord.Locale.german, context) is None
    assert await translator.translate(keyed, discord.Locale.french, context) == "nouvelle"


def test_every_default_text_is_the_english_catalogue() -> None:
    from bot.discord import commands  # noqa: F401  (builds every command string)
    from bot.discord.i18n import COMMAND_TEXTS

    assert len(COMMAND_TEXTS) > 40
    wrong = {k: v for k, v in COMMAND_TEXTS.items() if i18n.translate(k, "en") != v}
    assert not wrong, wrong
