"""The variants of L'Aube des Tribus: the map and the three advanced modules (rulebook
"Règles avancées", freely combined).

- ``map``: terrain laid out at random (rulebook) or the components page's reference
  arrangement.
- ``ancients``: the Elders (``rules.tribes.ancients``).
- ``terrains``: the special terrains in play (``rules.tribes.terrains``): ``none``,
  ``all``, or a list of their ids joined by ``,`` or ``+`` (stored sorted).
- ``chiefs``: the chief powers.

Values are refused with the allowed ones named (``options.bad_choice``, ``options.alone``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import OptionSpec, Text
from rules.tribes.components import SPECIAL_TERRAINS
from rules.tribes.event_state import REVIEWED

MAP = OptionSpec(
    "map", "random", choices=("random", "reference"), description=Text("tribes.option.map")
)
ANCIENTS = OptionSpec("ancients", False, description=Text("tribes.option.ancients"))
TERRAINS = OptionSpec(
    "terrains",
    "none",
    choices=("none", "all", *SPECIAL_TERRAINS),
    multiple=True,
    alone=("none", "all"),
    description=Text("tribes.option.terrains"),
)
CHIEFS = OptionSpec("chiefs", False, description=Text("tribes.option.chiefs"))
LEAD_DISCARDS = OptionSpec(
    "lead_discards",
    "useful",
    choices=("useful", "always"),
    description=Text("tribes.option.lead_discards"),
)
"""Rules version 2: a Lead with villages asks which goals go back under the deck only
when that can change the cards drawn (``actions.discards_matter``); version-1 games keep
``always``."""
OPTIONS = (MAP, ANCIENTS, TERRAINS, CHIEFS, REVIEWED, LEAD_DISCARDS)


def special_terrains(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The special terrain ids in play, in data order (``()`` when the option is off)."""
    value = options.get("terrains", "none")
    if value == "none":
        return ()
    if value == "all":
        return tuple(SPECIAL_TERRAINS)
    chosen = set(value)
    return tuple(t for t in SPECIAL_TERRAINS if t in chosen)


def ancients_on(options: Mapping[str, Any]) -> bool:
    return bool(options.get("ancients", False))


def chiefs_on(options: Mapping[str, Any]) -> bool:
    return bool(options.get("chiefs", False))
