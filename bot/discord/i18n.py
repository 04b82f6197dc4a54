"""Languages at the Discord layer: command-name translation and per-interaction replies.

Command and option names/descriptions are ``locale_str`` values whose ``key`` extra names
a message in ``bot/discord/locales``; ``CampfireTranslator`` hands Discord the French
versions. Replies use the interaction's locale (``lang_for``), English as fallback.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from rules import i18n
from rules.base import Text

i18n.register_package("bot")
i18n.register_package("bot.discord")

FRENCH = (discord.Locale.french,)


COMMAND_TEXTS: dict[str, str] = {}
"""Every ``cmd`` string made so far, key -> English default (a test holds each equal to
the English catalogue, so that what Discord shows by default is what ``en.json`` says)."""


def cmd(english: str, key: str) -> app_commands.locale_str:
    """A command-facing string: ``english`` is sent as the default, ``key`` is translated."""
    COMMAND_TEXTS[key] = english
    return app_commands.locale_str(english, key=key)


def lang_for(interaction: discord.Interaction[Any]) -> str:
    """The language of the person who acted (their client locale), English by default."""
    return i18n.lang_of(str(interaction.locale))


def table_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of public messages: the server's locale when known, else the caller's."""
    if interaction.guild_locale is not None:
        return i18n.lang_of(str(interaction.guild_locale))
    return lang_for(interaction)


def t(text: Text | str, lang: str, /, **params: Any) -> str:
    """Translate a message key (or ``Text``) into ``lang``.

    Parameters travel inside a ``Text`` so a parameter may be called ``text`` or
    ``lang`` (``move.unreadable`` has one) without clashing with ``translate``'s own.
    """
    if isinstance(text, Text):
        text = Text(text.key, {**text.params, **params})
    else:
        text = Text(text, params)
    return i18n.translate(text, lang)


class CampfireTranslator(app_commands.Translator):
    """Gives Discord the French names, descriptions and choice names of our commands.

    Only strings that carry a ``key`` extra are translated; other locales keep the
    English default (Discord falls back to it).
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not key or locale not in FRENCH:
            return None
        text = i18n.translate(key, "fr")
        return None if text == key else text
