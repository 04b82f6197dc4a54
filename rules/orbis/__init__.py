"""Orbis (``orbis``): build a universe of 14 Region tiles and win the favour of a god.

Rulebook ``seeds/002_cb0e934b6ef689a1.txt``; components and rulings in
``docs/contributors/components/orbis.md`` (the 65 Region tiles are our design, in
``data/``). Modules:
``components`` (data, checked at import), ``pyramid`` (placement rules), ``domain``
(cubes, paying, trading), ``moves`` (the decisions of a turn and their labels),
``turn`` (applying them: the seven steps, the god), ``engine``
(the game), ``scoring``, ``view``, ``explain``, ``invariants``.

Rulings (docs/contributors/components/orbis.md section 4, and ours where the page is silent):

- **O1** A Farm waives every symbol of its colour in later costs, never a multicolour
  one, not its own cost, not Village, Volcano or God of Death discards.
- **O2** A Wasteland counts as every colour for placement, Forests and Irrigation; it
  is never a Temple nor a validated tile for the gods; a player may decline to pay
  (``wild``) even when able to, and may refuse to place a paid tile; cubes are
  generated all the same.
- **O3** The bottom row is one unbroken line that may grow on either side while it
  holds fewer than 5 tiles; a tile above rests on two tiles, one of its colour (a
  Wasteland: any).
- **O4** A Forest counts the tiles touching it (same row, the two below, the two
  above), checked at the end.
- **O5** Irrigation is checked when placed, against the two tiles below it; a
  bottom-row Irrigation is cancelled. **O6** A Volcano destroys exactly its cubes on
  the eight other display tiles, before the refill, all or nothing.
- **O7** Temple tokens go by temple icons (option ``temple_count``: ``icons`` or
  ``tiles``); ties to the highest mystic value on any white tile; each player takes
  the highest token left; no Temple, no token.
- **O8** "Among the most" needs at least one validated tile; the God of Technology
  counts zero Wastelands like any other number.
- **O9** The god is taken once: with 14 tiles in the pyramid only the god is left.
- **O10** The 10-cube limit holds at the end of every turn, god turns included; the
  player chooses the cubes; 3-for-1 trades are offered at the start of a turn, while
  paying and while discarding (the moments they can change anything).
- **O11** The cubes collected from the chosen tile may pay for it.
- **O12** Most PC wins; ties by most cubes left, then shared. **O13** Cubes and
  Cancellation tokens are unlimited.

Our own choices where the rulebook does not decide:

- **Paying is only offered when the tile can then be placed as itself**: when it has
  no legal place, it becomes a Wasteland at once (paying would only lose cubes).
- A tile with nothing left to pay (free, or every symbol waived by Farms) skips step
  3; refusing to place it (``wild``) is the same as declining it.
- ``back`` takes a step back until the tile is placed or the god's first choice is
  made: the tile returns to the display and the cubes to where they were; nothing is
  revealed before (the refill comes last).
- Choices that cannot differ are made for the player: the only tile holding a cube a
  Volcano needs, a Village or God of Death discard from a one-colour domain.
- A player who leaves: a tile not yet placed goes back to the display; a placed one
  ends their turn as usual (refill). Their universe no longer competes (gods and
  Temple tokens compare the players still in); the others play on.
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.orbis")

from rules.orbis.engine import ORBIS, Orbis  # noqa: E402
from rules.orbis.state import OrbisData, OrbisPart, OrbisView, data, view_of  # noqa: E402

__all__ = ["ORBIS", "Orbis", "OrbisData", "OrbisPart", "OrbisView", "data", "view_of"]
