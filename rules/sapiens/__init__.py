"""Sapiens (``sapiens``): lead a prehistoric tribe through a valley, 2-4 players.

Rulebook ``seeds/001_7d304511fc25d0c1.txt``; components and rulings in
``docs/contributors/components/sapiens.md``. Modules: ``components`` (data files and the valley
geometry), ``state`` (every key of ``state.data``, typed: ``data(state)``), ``setup``,
``board`` (placement rules, bears, caves), ``laying`` (tile -> cell -> orientation, food,
caves, Baston), ``effects`` (scene effects and mountain tokens), ``engine`` (turns,
refills, the end), ``view`` (the view, typed: ``view_of``), ``present``, ``explain``,
``invariants``. The turn order, the final round, the end and the decision stack are the
kit's (``rules/kit``: ``Turns``, ``finish``, ``Stack``).

Rulings (rulebook silent or ambiguous; ``docs/contributors/components/sapiens.md``
section 4 quoted).
The open questions it marks "switch" are options of each game (``options``):

- **S1 Baston**: laying a tile that carries Baston tokens costs its layer 1 food per
  token, given to the token's owner, before the tile scores ("Les PN sont ajustés avant
  la résolution de la pose"); a token finds no food: no effect. The layer chooses the
  order only when it matters (he cannot pay every other player's token and they have
  different owners). Tokens then go home; a token on a tile removed by the two-player
  rule goes home too; Eau leaves tokens on their tiles. A token may go on any pool,
  one's own included. Its owner takes it back "à tout moment" of his own turn, between
  two decisions (``recall:``; asynchronous play cannot wait for other turns); a Baston
  effect with no token at home may move one of his placed tokens in one go.
- **S2 Chasse** takes a steak, then converts all steaks or none by the table (5 or
  more give 10); the Chasse token gives a steak, no conversion. With the 18 steaks all
  held, no steak is taken (option ``steaks=unlimited``: always one). Steaks left at
  the end score nothing.
- **S3 Waterfalls** hold a token only: no tile, no bear; Rituel can take their token.
- **S4 A cave touches only its own cell**: the scene on a cave scores no food and has
  no effect; it must match the cave's token if there is one.
- **S5 A first tile and a new tribe's tile** score no food and have no effect. No
  mountain token in the starting round. If none of a player's tiles matches a token
  on a cave in the starting round, the player starts as a new tribe does (any cave,
  its token discarded, the lower shelter value).
- **S6 Abandoning** is offered only when no tile of the pool can be laid, beside the
  mountain tokens that could still change that; the new tribe starts on a cave not
  covered whose cell holds no tile and no bear; the cave's token leaves the game, any
  scene may lie on the cave (no Cueillette on a Plain), the lower shelter value
  scores. Old tiles stay face down and block their squares. "Une Tribu active ne peut
  jamais être connectée à une Tribu Abandonnée", and "connectée" is a side in contact
  with another tile: no tile of the active tribe (turn's tile or Festin's) may lie
  beside an abandoned tile, and a new tribe's first tile may not lie beside any tile
  already laid; such a square is neither offered nor accepted (the reason says so).
  A player whose every free cave lies beside old tiles cannot start a new tribe (S7).
  Rules version 3; option ``abandoned_apart`` off keeps the reading of versions 1 and
  2 (old tiles only block their squares). The turn then goes on (token, refill).
- **S7 Out of moves**: a player who can neither lay a tile nor start a new tribe (and
  has no mountain token that could help) is out: no more turns, his points count,
  his pool stays (Eau may take from it). If every player is out, the game ends. Only a
  token that could make a tile fit (Cueillette, Eau, Feu taking a bear off) is offered
  to such a player; the others would score for a player who is out (option
  ``tokens_when_out=any``: rules version 1, any token before stopping).
- **S8 Bears** go on a free valley cell of another player's valley touching a tile by
  a side (option ``bear_on_cave``: also a free cave whose cell holds a tile); the
  shelter gained is the number of distinct tiles touching it, any tribe (option
  ``bear_counts_abandoned=false``: the active tribe's only). Feu may instead take a
  bear off one's own valley.
- **S9 Festin's extra tile** obeys every placement rule, scores no food and has no
  effect, takes a cave's token and shelter, pays its Baston tokens.
- **S10 Rituel** takes a token still on one's cave or waterfall (not the cave the
  tile just laid is taking); when none is left, a token already used (the Rituel
  token cannot fetch itself). Tokens discarded by abandoning never come back (option
  ``ritual_reclaims_discarded``: they may).
- **S11 Refill**: the player picks the common-pool tiles; with two players he then
  removes one common-pool tile, every turn including the starting round.
- **S12 The end**: when the pile and the common pool are both empty, the round is
  played out to the player before the first player; a player with an empty pool
  passes. Score = the lower of food and shelter; ties share the win.
- **Mountain tokens** are played at most once a turn, before laying or after laying
  but before the refill starts; a token whose effect would do nothing is not offered.
  The Cueillette token gives its +1 food and allows Cueillette on Plains for the rest
  of the turn ("mêmes effets ... à deux exceptions près").
- **Scene effects**: "Un joueur n'est jamais obligé d'appliquer l'effet d'une Scène
  connectée"; "Si les deux Scènes de la tuile posée sont connectées, le joueur peut
  résoudre les deux effets dans l'ordre de son choix". Every effect may be skipped.
  Automatic, because the choice cannot change anything: Campement's +3 shelter is
  taken at once (shelter is read by nothing but the final score); Cueillette's +1
  food is taken at once only when no Baston token can ever take food from the player
  (no other player's token on a tile, nobody else still playing), else the player
  takes it or leaves it (a token takes food only from a player who has some). Two
  effects with their own steps: the player always picks which comes first.
  Cueillette beside Festin: the player picks the order only when it changes what the
  Baston tokens of a tile he could lay as the extra one take (more of them than his
  food); otherwise Cueillette is asked first. Beside Campement or any other effect the
  order changes nothing and is not asked. The cave under the tile gives its token and
  shelter after the effects. Rules version 3; option ``gathering_optional`` off keeps
  the reading of versions 1 and 2 (Cueillette's food at once, before the rest).
- **A player who leaves** (resign, timeout): his tiles stay, his Baston tokens go home,
  the others play on.
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.sapiens")

from rules.sapiens.engine import SAPIENS, Sapiens  # noqa: E402

__all__ = ["SAPIENS", "Sapiens"]
