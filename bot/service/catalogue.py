"""What ``campfire games`` lists: every registered game, its seat range and its options
(the values each takes and its default, the short name players read on a lobby card,
what it does), as text lines or as JSON."""

from __future__ import annotations

from typing import Any

from rules import registry
from rules.base import OptionSpec
from rules.core.option_words import option_name
from rules.i18n import register_package, translate

register_package("bot")


def catalogue(lang: str) -> list[dict[str, Any]]:
    """One entry per registered game, in registry order; a game that cannot be loaded
    says so in ``error`` instead of hiding the others."""
    entries: list[dict[str, Any]] = []
    for game_id in registry.ids():
        try:
            spec = registry.get(game_id).spec
        except Exception as exc:  # one broken game must not hide the others
            entries.append({"id": game_id, "error": str(exc)})
            continue
        entries.append(
            {
                "id": game_id,
                "name": translate(spec.name, lang),
                "min_players": spec.min_seats,
                "max_players": spec.max_seats,
                "options": [_option(option, lang) for option in spec.options],
            }
        )
    return entries


def _option(option: OptionSpec, lang: str) -> dict[str, Any]:
    found: dict[str, Any] = {
        "name": option.name,
        "label": option_name(option, lang),
        "default": list(option.default) if isinstance(option.default, tuple) else option.default,
        "values": values_text(option),
        "description": translate(option.description, lang),
    }
    if option.choices:
        found["choices"] = list(option.choices)
    if option.minimum is not None or option.maximum is not None:
        found["minimum"], found["maximum"] = option.minimum, option.maximum
    if option.multiple:
        found["multiple"] = True
        found["alone"] = list(option.alone)
    if option.requires:
        found["requires"] = dict(option.requires)
    return found


def values_text(option: OptionSpec) -> str:
    """What may follow ``NAME=``: ``a|b|c``, ``yes|no``, ``3..60``, a set joined by
    ``+`` (with the words that stand alone), or ``text``."""
    if option.multiple:
        combinable = [str(c) for c in option.choices if c not in option.alone]
        alone = "|".join(option.alone)
        joined = "+".join(combinable[:2]) + ("+..." if len(combinable) > 2 else "")
        return f"{alone}|{joined} ({', '.join(combinable)})" if alone else joined
    if option.choices:
        return "|".join(_shown(c) for c in option.choices)
    if isinstance(option.default, bool):
        return "yes|no"
    if isinstance(option.default, int):
        low = "" if option.minimum is None else str(option.minimum)
        high = "" if option.maximum is None else str(option.maximum)
        return f"{low}..{high}"
    return "text"


def catalogue_lines(lang: str) -> list[str]:
    """The text of ``campfire games``: a line per game, then one per option."""
    lines: list[str] = []
    players = translate("games.players", lang)
    for entry in catalogue(lang):
        if "error" in entry:
            lines.append(f"{entry['id']:16} ({translate('games.broken', lang)}: {entry['error']})")
            continue
        seats = f"{entry['min_players']}-{entry['max_players']} {players}"
        lines.append(f"{entry['id']:16} {entry['name']:24} {seats}")
        for option in entry["options"]:
            default = _shown(option["default"])
            shown_default = translate("games.default", lang, value=default)
            lines.append(f"    --option {option['name']}={option['values']}  [{shown_default}]")
            lines.append(f"        {option['label']} — {option['description']}")
    return lines


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return "+".join(str(v) for v in value)
    return str(value)
