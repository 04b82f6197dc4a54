"""Origin with the Classic rules (``origin``): cards, Innovation stacks and objectives.

Modules: ``cards`` (card and reward-board data, validated), ``tiles`` (stacks, reward
board, reserve), ``objectives`` (conditions), ``perks`` (Permanent card effects),
``actions`` (Evolve/Migrate/Swap with card changes, tokens), ``rewards`` (reward
options and their small decisions), ``play`` (playing cards), ``engine`` (the game),
``scoring``, ``view``, ``explain``, ``invariants``. Board, pawns and movement legality
are shared with Junior (``rules.origin.components``, ``pawns``, ``movement``).

Decisions where the rulebook and ``docs/contributors/components/origin.md`` are silent:

- **Cards are played between decisions**, never inside one (not between an action and
  its reward); an Action card lies on the table from ``play:`` until its first target
  commits it, and ``back`` returns it to the hand before that.
- **Extra actions** (JOURNEY, GROWTH, AMBUSH, ADAPTATION) are additional actions with
  the territory reward; they may come before or after the turn's own action. AMBUSH
  ignores DEFENCE as well (it ignores every strength condition). ADAPTATION's pawn
  differs from its reference in exactly two features (the card's text; never smaller or
  weaker, one step each): an ordinary evolution is the ordinary Evolve. EXODUS ignores
  STRIDE/ENDURANCE (it ignores size).
- **SEAFARING** draws for every Strait token gained, RAID included, by whoever owns it.
- **A tile stack choice never matters** (stacks with the same top are identical in
  levels), so a taken tile is placed at once without a decision.
- **Options that give nothing are not offered**; ``reward:card`` is the tile option
  when no tile of the column fits (R8). Taking tiles is compulsory while one fits.
- **Empty slots** are filled whenever the reserve holds tiles (PLUNDER and RENEWAL can
  return tiles to it).
- **End triggers** are checked after every move once no decision is pending (R10);
  once set, the end stays set. A deck, board, supply or village condition that appears
  during a player's turn makes that turn the player's last one.
- **Last turn**: the per-turn limit on Objective cards is lifted, only the first one
  played is replaced.
- **End of turn**: once the action and its reward are done, ``end`` finishes the turn
  while a card could still be played; when none can, the turn ends by itself (``end``
  would be the only choice).
- **No action possible**: ``pass`` (cards may still be played, then ``end``); if every
  player passes in a row the game ends (``origin.classic.end.blocked``); a pawn placed
  or moved by a card breaks the run (it may open actions again).
- **THEFT** takes a uniformly random card among all cards of the chosen opponent's hand.
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.origin")
register_package("rules.origin.classic")

from rules.origin.classic.engine import CLASSIC, OriginClassic  # noqa: E402

__all__ = ["CLASSIC", "OriginClassic"]
