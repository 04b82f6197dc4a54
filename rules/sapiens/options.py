"""The variants of Sapiens: the open questions of
``docs/contributors/components/sapiens.md`` section 4, stored with each game (defaults =
our rulings), so a table may play them its way.

- ``steaks`` (S2): ``limited`` (the box's 18 steaks: with all of them held, Chasse
  gives none) or ``unlimited``.
- ``bear_counts_abandoned`` (S8): tiles of an abandoned tribe count among the tiles
  touching a new bear (default yes).
- ``ritual_reclaims_discarded`` (S10): Rituel may also fetch a token discarded by
  abandoning a tribe (default no: "déjà utilisé" means played).
- ``bear_on_cave`` (S8): a bear may also go on a free cave whose cell holds a tile
  (default no: bears go on Forest and Plain cells).
- ``tokens_when_out`` (S7): a player who can lay nothing, even as a new tribe, may
  still play only a mountain token that could make a tile fit (``helping``, default),
  or any token before stopping (``any``: rules version 1, kept for its stored games).
- ``abandoned_apart`` (S6): an active tribe never touches an abandoned one (default
  yes, the rulebook's reading since rules version 3; off: abandoned tiles only block
  their squares, as rules versions 1 and 2 played, kept for their stored games).
- ``gathering_optional`` (scene effects; formerly ``cueillette_optional``, still
  accepted): Cueillette's +1 food is the player's to
  take or leave, and beside Festin he orders the two when that changes what the extra
  tile's Baston tokens take (default yes, rules version 3; off: the food is taken at
  once, before any other effect, as versions 1 and 2 played).
"""

from __future__ import annotations

from typing import Any

from rules.base import OptionSpec, Text

STEAKS = OptionSpec(
    "steaks",
    "limited",
    choices=("limited", "unlimited"),
    description=Text("sapiens.option.steaks"),
    label=Text("sapiens.option.steaks.label"),
)
BEAR_COUNTS_ABANDONED = OptionSpec(
    "bear_counts_abandoned",
    True,
    description=Text("sapiens.option.bear_counts_abandoned"),
    label=Text("sapiens.option.bear_counts_abandoned.label"),
)
RITUAL_RECLAIMS_DISCARDED = OptionSpec(
    "ritual_reclaims_discarded",
    False,
    description=Text("sapiens.option.ritual_reclaims_discarded"),
    label=Text("sapiens.option.ritual_reclaims_discarded.label"),
)
BEAR_ON_CAVE = OptionSpec(
    "bear_on_cave",
    False,
    description=Text("sapiens.option.bear_on_cave"),
    label=Text("sapiens.option.bear_on_cave.label"),
)

TOKENS_WHEN_OUT = OptionSpec(
    "tokens_when_out",
    "helping",
    choices=("helping", "any"),
    description=Text("sapiens.option.tokens_when_out"),
    label=Text("sapiens.option.tokens_when_out.label"),
)

ABANDONED_APART = OptionSpec(
    "abandoned_apart",
    True,
    description=Text("sapiens.option.abandoned_apart"),
    label=Text("sapiens.option.abandoned_apart.label"),
)
GATHERING_OPTIONAL = OptionSpec(
    "gathering_optional",
    True,
    description=Text("sapiens.option.gathering_optional"),
    label=Text("sapiens.option.gathering_optional.label"),
    aliases=("cueillette_optional",),
)

OPTIONS = (
    STEAKS,
    BEAR_COUNTS_ABANDONED,
    RITUAL_RECLAIMS_DISCARDED,
    BEAR_ON_CAVE,
    TOKENS_WHEN_OUT,
    ABANDONED_APART,
    GATHERING_OPTIONAL,
)


def unlimited_steaks(options: dict[str, Any]) -> bool:
    return bool(options.get("steaks") == "unlimited")


def abandoned_apart(options: dict[str, Any]) -> bool:
    return bool(options.get(ABANDONED_APART.name, True))


def gathering_optional(options: dict[str, Any]) -> bool:
    """Whether Cueillette's food is the player's choice (the option under its current
    name, or its former one in options that were never validated again)."""
    former = GATHERING_OPTIONAL.aliases[0]
    return bool(options.get(GATHERING_OPTIONAL.name, options.get(former, True)))


__all__ = [
    "ABANDONED_APART",
    "BEAR_COUNTS_ABANDONED",
    "BEAR_ON_CAVE",
    "GATHERING_OPTIONAL",
    "OPTIONS",
    "RITUAL_RECLAIMS_DISCARDED",
    "STEAKS",
    "TOKENS_WHEN_OUT",
    "abandoned_apart",
    "gathering_optional",
    "unlimited_steaks",
]
