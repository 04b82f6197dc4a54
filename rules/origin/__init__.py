"""Origin (Andrea Mainini, Matagot 2013): component data, shared rules, and the Junior rules.

Modules: ``components`` (data files loaded and validated once), ``pawns`` (the pawn
value and the Evolve comparison), ``movement`` (placement, Migrate/Swap reach, token
checks), ``scoring``, ``junior_data`` (the Junior state layout and its accessors),
``view``, ``explain`` (reasons for refused moves), ``invariants`` and ``junior`` (the
``origin-junior`` engine, exported as ``JUNIOR``). The Classic rules (``origin``) live in
the subpackage ``rules.origin.classic`` and reuse the board, pawns and movement here,
and the pieces both engines share: ``setup`` (start pawn, supply, tokens, first
player), ``moves`` (the action steps' ``Move`` objects) and ``view_parts``.

Decisions where the Junior rulebook is silent:

- **First player**: the first seat of the lobby (ruling R15; option ``first_player``,
  ``rules.origin.options``). The neutral start pawn is one of the three small weak pawns
  drawn by the seeded generator (R14; option ``neutral_pawn``).
- **No action possible**: the seat plays ``pass``. It is offered only then. If every
  seat passes in a row nothing can change any more, so the game ends (termination
  ``origin.end.blocked``) and is scored as usual.
- **Order of rewards**: Hunting and Strait tokens are checked as soon as pawns stand in
  place (for every player, the displaced one included), then the territory's card or
  tiles are taken. When that card empties a deck the game ends at once (R20); nothing
  else is left to gain in that turn.
- **Tiles** are drawn one by one at random (seeded generator) from the face-down stack.
- **A turn is two decisions** (action + territory, then pawn or destination), with
  ``back`` to change one's mind; only actions that can be completed are offered.
- **Tie-break**: most cards held, then a shared win (R16).
- **A player who leaves** (resigns or times out; our ruling R22, for Junior and
  Classic): the others play on while at least two remain. The leaver's villages and
  pawns stay on the map as they stand (they still hold their territories and can be
  swapped with), their cards, tokens and tiles leave with them, and they rank last. On
  their turn the pending choice is dropped and the turn passes on (in Classic a card
  played but not yet used returns to their hand, an Objective hand limit left pending
  puts the newest under the deck, and during the set-up choice their three Objectives
  go back under the deck). Classic's end trigger "every village placed" counts only
  the players still in.
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.origin")

from rules.origin.junior import JUNIOR, OriginJunior  # noqa: E402

__all__ = ["JUNIOR", "OriginJunior"]
