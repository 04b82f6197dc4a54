"""The variants of L'Aube des Tribus: the map and the three advanced modules (rulebook
"Règles avancées", freely combined).

- ``map``: terrain laid out at random (rulebook) or the components page's reference
  arrangement.
- ``ancients``: the Elders (``rules.tribes.ancients``).
- ``terrains``: the special terrains in play (``rules.tribes.terrains``): ``none``,
  ``all``, or a list of their ids joined by ``,`` or ``+`` (stored sorted).
- ``chiefs``: the chief powers.
- ``events_reviewed``, ``lead_discards``, ``conflicts_reviewed``: readings of rules
  versions 2 and 3, off (``always``) for games stored under an older version.

Values are refused with the allowed ones named (``options.bad_choice``, ``options.alone``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import OptionSpec, Text
from rules.tribes.components import SPECIAL_TERRAINS
from rules.tribes.event_state import REVIEWED

MAP = OptionSpec(
    "map",
    "random",
    choices=("random", "reference"),
    description=Text("tribes.option.map"),
    label=Text("tribes.option.map.label"),
)
ANCIENTS = OptionSpec(
    "ancients",
    False,
    description=Text("tribes.option.ancients"),
    label=Text("tribes.option.ancients.label"),
)
TERRAINS = OptionSpec(
    "terrains",
    "none",
    choices=("none", "all", *SPECIAL_TERRAINS),
    multiple=True,
    alone=("none", "all"),
    description=Text("tribes.option.terrains"),
    label=Text("tribes.option.terrains.label"),
    words="tribes.special",
)
CHIEFS = OptionSpec(
    "chiefs",
    False,
    description=Text("tribes.option.chiefs"),
    label=Text("tribes.option.chiefs.label"),
)
LEAD_DISCARDS = OptionSpec(
    "lead_discards",
    "useful",
    choices=("useful", "always"),
    description=Text("tribes.option.lead_discards"),
    label=Text("tribes.option.lead_discards.label"),
)
"""Rules version 2: a Lead with villages asks which goals go back under the deck only
when that can change the cards drawn (``actions.discards_matter``); version-1 games keep
``always``."""
CONFLICTS_REVIEWED = OptionSpec(
    "conflicts_reviewed",
    True,
    description=Text("tribes.option.conflicts_reviewed"),
    label=Text("tribes.option.conflicts_reviewed.label"),
)
"""Rules version 3: the Fortifications are the defender's choice (a question to the
village's owner) and the Elder's point goes to the active player only when his tribe
was in the conflict (``rules.tribes.conflicts``). Games stored under versions 1 and 2
keep ``False``: the Fortifications applied for their owner and the point to the active
player, so that they replay exactly."""
OPTIONS = (MAP, ANCIENTS, TERRAINS, CHIEFS, REVIEWED, LEAD_DISCARDS, CONFLICTS_REVIEWED)


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


def conflicts_reviewed(options: Mapping[str, Any]) -> bool:
    """Whether the game plays the conflicts as reviewed (rules version 3)."""
    return bool(options.get(CONFLICTS_REVIEWED.name, True))


def chiefs_on(options: Mapping[str, Any]) -> bool:
    return bool(options.get("chiefs", False))
