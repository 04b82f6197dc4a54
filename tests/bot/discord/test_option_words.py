"""What Discord shows of a table's options is words in the reader's language, never the
codes typed in ``options:`` (``rules.core.option_words``): the lobby message, a
tournament's registration message and the autocomplete's suggestions."""

from __future__ import annotations

import re

from bot.discord import embeds, tourney_texts
from bot.discord.options import LABEL, option_choices
from campfire_testing.harness import CHANNEL_ID, Harness
from tests.bot.discord.conftest import ALICE
from tests.bot.discord.test_tournaments import ADMIN, open_nim, text_of

CODE = re.compile(r"\w=\w|\bTrue\b|\bFalse\b|\bancients\b|\bstones\b|\bjungle\+")


def lobby_options(bot: Harness) -> str:
    """The Options field of the newest lobby message in the channel."""
    message = bot.find(CHANNEL_ID, "cf:")
    for embed in message.get("embeds") or []:
        for field in embed.get("fields") or []:
            if field["name"] == "Options":
                return str(field["value"])
    raise AssertionError("the lobby message has no Options field")


async def test_the_lobby_message_names_the_options_and_their_values_in_words(
    bot: Harness,
) -> None:
    calls = await bot.command(
        ALICE, "new", rules="tribes", options="terrains=oasis+jungle ancients=yes"
    )
    assert not calls[-1].ephemeral, calls[-1].text()
    shown = lobby_options(bot)
    assert shown == "Elders: yes\nSpecial terrains: jungle and oasis"
    assert not CODE.search(text_of(bot.find(CHANNEL_ID, "cf:")))
    game = await bot.service.game(1)
    french = embeds.lobby_embed(game, "fr").to_dict()
    fields = {f["name"]: f["value"] for f in french.get("fields") or []}
    assert fields["Options"] == "Anciens : oui\nTerrains spéciaux : jungle et oasis"


async def test_a_lobby_at_the_defaults_says_standard_rules(bot: Harness) -> None:
    await bot.command(ALICE, "new", rules="nim")
    assert lobby_options(bot) == "standard rules"


async def test_the_registration_message_names_the_options_in_words(bot: Harness) -> None:
    message = await open_nim(bot, ADMIN, options="stones=3")
    text = text_of(message)
    assert "Options — Stones: 3" in text and not CODE.search(text)
    info = await bot.service.tournaments.tournament(1)
    french = tourney_texts.registration_embed(info, "fr").to_dict()
    assert "Options — Pierres : 3" in french["description"]


async def test_a_tournament_at_the_defaults_says_standard_rules(bot: Harness) -> None:
    text = text_of(await open_nim(bot, ADMIN))
    assert "Options — standard rules" in text


def test_suggestions_keep_the_typed_pairs_and_say_them_in_words() -> None:
    choices = option_choices("tribes", "ancients=yes", "fr")
    assert choices[0].value == "ancients=yes"
    by_value = {c.value: c.name for c in choices[1:]}
    assert by_value["ancients=yes terrains=jungle"].startswith(
        "ancients=yes terrains=jungle — Terrains spéciaux : jungle · "
    )
    english = {c.value: c.name for c in option_choices("nim", "", "en")}
    assert english["stones=3"].startswith("stones=3 — Stones: 3 · ")
    assert all(len(c.name) <= LABEL for c in choices)
