"""The variants of Origin (Junior and Classic), stored with each game.

Rulings R14 (the neutral start pawn), R15 (the first player) and, for Classic, R10 (when
an emptied deck ends the game) were switches in ``data/rules.json``; as options they are
chosen per game at ``/campfire new`` and never change a game already being played.
"""

from __future__ import annotations

from rules.base import OptionSpec, Text

NEUTRAL_PAWN = OptionSpec(
    "neutral_pawn",
    "random",
    choices=("random", "white", "brown", "black"),
    description=Text("origin.option.neutral_pawn"),
    label=Text("origin.option.neutral_pawn.label"),
)
FIRST_PLAYER = OptionSpec(
    "first_player",
    "seat_order",
    choices=("seat_order", "random"),
    description=Text("origin.option.first_player"),
    label=Text("origin.option.first_player.label"),
)
DECK_END = OptionSpec(
    "deck_end",
    "at_once",
    choices=("at_once", "after_reward"),
    description=Text("origin.option.deck_end"),
    label=Text("origin.option.deck_end.label"),
)
"""Classic, R10: ``at_once`` (the rulebook: « dès que l'une des 3 pioches … est épuisée »)
ends the game as soon as a draw empties a deck, even if cards go back under it within the
same reward; ``after_reward`` (our reading until rules version 2) looks only once the
reward is resolved, so drawing the last three and putting two back does not end it."""

SHARED = (NEUTRAL_PAWN, FIRST_PLAYER)

__all__ = ["DECK_END", "FIRST_PLAYER", "NEUTRAL_PAWN", "SHARED"]
