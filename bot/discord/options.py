"""The ``options`` text of ``/campfire new``: ``name=value`` pairs checked by the game's spec.

Values are read by the game's spec as on the command line (``GameSpec.read_options``:
yes/no, true/false, oui/non for switches, integers for counts); the spec itself
validates ranges and choices afterwards. Typed pairs are the input language; each
suggestion of the autocomplete also says the pair in words ("ancients=yes — Elders:
yes"), then what the option does, within Discord's 100 characters.
"""

from __future__ import annotations

import re
from typing import Any

from discord import app_commands

from bot.discord.errors import DiscordError
from bot.discord.i18n import t
from rules import registry
from rules.base import OptionSpec
from rules.core.option_words import option_name, value_words

# A value may be a comma list (``terrains=jungle,oasis``): a comma followed by a word and
# then by ``=`` starts the next pair instead.
PAIR = re.compile(r"([A-Za-z0-9_.-]+)\s*=\s*([^\s,;=]+(?:,[^\s,;=]+)*)(?![^\s,;])")
MAX_CHOICES = 25
LABEL = 100
"""The longest name Discord shows for a choice."""


def parse_options(rules_id: str, text: str | None) -> dict[str, Any]:
    """``"stones=20 advanced=yes"`` -> ``{"stones": 20, "advanced": True}``.

    Raises ``DiscordError('discord.options.syntax')`` for text that is not pairs; unknown
    names and bad values are left to the spec (``InvalidOptions``).
    """
    if not text or not text.strip():
        return {}
    spec = registry.get(rules_id).spec
    pairs = PAIR.findall(text)
    leftover = PAIR.sub("", text).replace(",", " ").replace(";", " ").strip()
    if leftover or not pairs:
        raise DiscordError("discord.options.syntax", text=text[:60])
    return spec.read_options(pairs)


def option_choices(rules_id: str | None, typed: str, lang: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for the options text: keep what is typed, suggest the next pair."""
    if not rules_id:
        return []
    try:
        specs = registry.get(rules_id).spec.options
    except Exception:
        return []
    typed = typed.strip()
    given = {name for name, _ in PAIR.findall(typed)}
    choices: list[app_commands.Choice[str]] = []
    if typed:
        choices.append(app_commands.Choice(name=typed[:100], value=typed[:100]))
    prefix = (typed + " ") if typed else ""
    for spec in specs:
        if spec.name in given:
            continue
        for value in _suggested_values(spec):
            text = f"{prefix}{spec.name}={value}"
            if len(text) > 100:
                continue
            choices.append(
                app_commands.Choice(name=suggestion(spec, text, value, lang), value=text)
            )
            if len(choices) >= MAX_CHOICES:
                return choices
    return choices


def suggestion(spec: OptionSpec, text: str, value: str, lang: str) -> str:
    """A suggestion's label: the typed pairs, the suggested pair in words, then what the
    option does, cut to Discord's 100 characters (``stones=3 — Stones: 3 · The number
    of stones…``)."""
    words = value_words(spec, spec.read(value), lang)
    label = f"{text} — {t('option.pair', lang, name=option_name(spec, lang), value=words)}"
    label = f"{label} · {t(spec.description, lang)}"
    return label if len(label) <= LABEL else label[: LABEL - 1].rstrip() + "…"


def _suggested_values(spec: OptionSpec) -> list[str]:
    if spec.choices:
        return [_show(c) for c in spec.choices]
    if isinstance(spec.default, bool):
        return ["yes", "no"]
    values = [spec.default]
    for bound in (spec.minimum, spec.maximum):
        if bound is not None and bound not in values:
            values.append(bound)
    return [_show(v) for v in values]


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
