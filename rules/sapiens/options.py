"""The variants of Sapiens: the open questions of ``components/sapiens.md`` section 4,
stored with each game (defaults = our rulings), so a table may play them its way.

- ``steaks`` (S2): ``limited`` (the box's 18 steaks: with all of them held, Chasse
  gives none) or ``unlimited``.
- ``bear_counts_abandoned`` (S8): tiles of an abandoned tribe count among the tiles
  touching a new bear (default yes).
- ``ritual_reclaims_discarded`` (S10): Rituel may also fetch a token discarded by
  abandoning a tribe (default no: "déjà utilisé" means played).
- ``bear_on_cave`` (S8): a bear may also go on a free cave whose cell holds a tile
  (default no: bears go on Forest and Plain cells).
"""

from __future__ import annotations

from typing import Any

from rules.base import OptionSpec, Text

STEAKS = OptionSpec(
    "steaks",
    "limited",
    choices=("limited", "unlimited"),
    description=Text("sapiens.option.steaks"),
)
BEAR_COUNTS_ABANDONED = OptionSpec(
    "bear_counts_abandoned", True, description=Text("sapiens.option.bear_counts_abandoned")
)
RITUAL_RECLAIMS_DISCARDED = OptionSpec(
    "ritual_reclaims_discarded",
    False,
    description=Text("sapiens.option.ritual_reclaims_discarded"),
)
BEAR_ON_CAVE = OptionSpec("bear_on_cave", False, description=Text("sapiens.option.bear_on_cave"))

OPTIONS = (STEAKS, BEAR_COUNTS_ABANDONED, RITUAL_RECLAIMS_DISCARDED, BEAR_ON_CAVE)


def unlimited_steaks(options: dict[str, Any]) -> bool:
    return bool(options.get("steaks") == "unlimited")


__all__ = [
    "BEAR_COUNTS_ABANDONED",
    "BEAR_ON_CAVE",
    "OPTIONS",
    "RITUAL_RECLAIMS_DISCARDED",
    "STEAKS",
    "unlimited_steaks",
]
