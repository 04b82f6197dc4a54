"""L'Aube des Tribus / Rise of Tribes (``tribes``): base rules for 2-4 players.

Rulebook ``seeds/004_cc2f4038f24dfc65.txt``, components and rulings T1-T24 in
``docs/contributors/components/tribes.md``. Modules: ``state`` (the typed state:
``TribesData``, the frames, ``data(state)``), ``view_types`` (the typed view,
``view_of``), ``components`` (data files, checked at load),
``board`` (who stands where), ``players`` (resources, VP, the 15-VP win), ``setup``
(set-up and starting placements), ``actions`` (step 3), ``values`` (what an action
gives a player, where members may go), ``conflicts`` (step 4), ``crowding`` (the
population limit, the hexes in conflict), ``build`` and ``goals`` (step 5),
``villages`` (building one, losing those left empty: T9), ``turn`` (steps 1-2 and what
runs by itself), ``events`` (the events, called on a double), ``frames`` (the kinds of
pending decision), ``flow`` (the procedures a decision hands control back to),
``engine`` (the contract), ``view``, ``explain``. Each module imports only modules
below it (``docs/contributors/architecture.md`` draws the layers).

Rulings (the components page's T-numbers where it has one; our choice otherwise):

- **Any double triggers the events** (T1), blanks included.
- **Strength** comes from the three dice on the action once the die is placed (T2);
  2+ moons reduce, 2+ suns boost; they can never both hold with three dice.
- **Both actions are compulsory** in the sense that both dice are placed (the dice must
  move on to the next player); every action is "up to", so ``done`` ends Grow or Travel
  at any time, Gather and Lead always take what they give (nothing is ever lost by it).
- **Gather** may select a hex again (T3); Basketry gives 1 more of a type gathered in
  that action, once per Gather.
- **Grow** only on hexes the tribe occupied when the action began (T4).
- **Travel**: one hex per member and once per member per turn (T5); the members of one
  Travel may leave from different hexes and go to different hexes (the rulebook's
  "Important" note speaks of each member); asked as ``from:``, ``to:``, then how many.
  Horse lets a member go up to two hexes (any path on the map).
- **Grow** adds one member per move (``add:``) or all the members left on one hex
  (``fill:``), so a menu never lists every split.
- **Fire** (once per turn) is offered only where it changes the strength.
- **Conflicts** only at step 4 (T6). Bow may be used in every conflict holding a
  defending member (for the cards the active player attacks, every other tribe
  defends, rulebook). **Fortifications** (version 3) are their owner's choice: when he
  defends a hex holding his village and members of his, against an active player with
  members there, he is asked on that player's turn, after the Bow (and Intimidation),
  whether to remove one attacking member (``fort:<tribe>`` or ``nofort``). Only the
  active player's tribe attacks, so a third tribe on the hex is never the target; the
  question has no ``back`` (like the Bow, it is another seat's decision inside a
  conflict); a defender who leaves meanwhile lets the fight go on. After the
  simultaneous removals a tribe left alone above the limit trims to it (the
  single-tribe rule applies to the hex as it now is). Spear ignores only the first
  simultaneous removal of the village's owner.
- **Villages** are lost the moment their owner has no member on their hex (T9), also
  by his own Travel. The set-aside pawn becomes the first village (12 pawns in all).
- **Goal cards** in progress are public (T12); completing is optional; no hand limit.
- **Lead with an empty deck** is still an action: placing its die is part of the turn
  (it pushes the dice on, like a Grow with no member left) and the rulebook forbids
  only taking one action twice ("2 actions distinctes"); it draws nothing and says so.
  The villages' discards are offered only when the deck holds more cards than the Lead
  draws: otherwise every card put under it would come straight back (option
  ``lead_discards``: ``always`` for games of rules version 1, which asked anyway).
- **Improvements** (Oxen, Horse, Basketry, Cave paintings, Hiver clément) are added to
  the action board's value by ``values``, which the engine and the view both use.
- **15 VP win at once** (T13), village points at step 1 included; the others are ranked
  by their VP.
- **Starting placements** as printed (T16); the first player is drawn at random.
- **The roll** is made by the engine at the start of the turn (after village points),
  as part of the move that ended the previous turn; its dice are narrated in the notes.
- **Step 5 ends by itself** when ``end`` is the only move left.
- **A seat that leaves**: its members and villages leave the map; the others play on.
- Options (``options``): ``map`` picks random terrain (rulebook) or the components
  page's reference arrangement; ``ancients``, ``terrains``, ``chiefs`` switch on the
  advanced modules, freely combined (rulebook "Règles avancées").

Advanced rules (``options``; rulebook "Règles avancées", T15, T18, T19): the Elders
(``ancients``) and the special terrains (``terrains``); their state keys exist only with
their option on, so the base game is unchanged. Rulings of our own:

- **Calling an Elder** is a choice right after a village is built (``call:elder``); an
  Elder on the map stays on its village until the village is lost (with it, whatever the
  cause); it may be called again at a later build. A village taken over (Village
  abandonné) is not built: no call.
- **An Elder is never a member**: no population, conflict, occupation, majority,
  control, goal, event target, Travel, and it does not keep a village alive.
- **The gift** is used during one's own turn, between two decisions (like the cards to
  buy); the borrowed development works for the rest of that turn only (T15), for the
  borrower only; developments of a kind one already has are not offered. "Once per
  turn" is once per own turn.
- **The Elder's risk** (version 3): the point goes to the tribe that destroyed the
  village, the attacker: the active player, only when his tribe was in that conflict
  (members on the hex when the simultaneous removals begin) and the village is
  another's; 1 VP, counted with the village points. A conflict he had no member in
  (invaders, two other tribes on a hex crowded by an event), events, the Gouffre and
  one's own moves give nobody a point (T15).
- **Set-up** (T18): each chosen tile replaces a random plain tile of a type it may
  replace, the Terre sauvage last (any type); the Glacier goes on a plain mountain the
  first player picks before the starting placements (at most players + 1 mountains hold
  the Grande Montagne, the Terre sauvage and the Glacier, so one is always free).
- **Great tiles** give 1 more per selection (T3); the **Terre sauvage** gives any one
  type per selection and, once per Gather, a mix (``at:h05:wood+food``).
- **Jungle and Oasis** need 3 of the gatherer's own members (T19).
- **Gouffre** is checked at the end of every conflict step, conflict or not (T19).
- **Glacier**: limit 3 (with Sécheresse the lower limit wins); no village (also the
  abandoned village); one selection and 1 stone per Gather, never fed to Basketry; each
  boosted action, whoever takes it, adds a stone; the 5th melts it at once and the hex
  is a plain mountain; the 5 stones go with the first selection of that hex in a Gather.
- **Counting as the basic type**: goals (majority, the spread of terrains), events
  (tiger on mountains, forest fire, Nourriture en abondance, Pirogue's lakes) and
  resources use the type the tile replaced; the Terre sauvage counts as all three.

Events (``events`` and ``event_*``; the 16 cards of ``data/events.json``, components
3.3 and 3.5, PROPOSED where the rulebook is silent):

- **On a double** (T11) the bottom effects of the active events come first: discards
  and markers at once (their order changes nothing), then the effects that change the
  map (invaders, a wild mammoth, the tiger) in the order the roller picks when two or
  more are due; then a new card if one of the **3 slots** is free. The deck is face
  down and nobody may look at it, so each draw takes a card at random from it with the
  seeded generator (the same chance as a shuffled pile); an empty deck takes back the
  discards (T11). Volcan goes back into the deck after each eruption (rulebook).
- **Grand Chef and Village abandonné** join the *event* deck when the first village is
  built (T10, T21).
- **Least-populated hex** counts members and invaders, empty hexes included; the roller
  picks among equals (rulebook, for every event). The tiger, the volcano and the forest
  fire strike tribe members only and are not conflicts (T6); a village left without its
  owner's members is lost at once (T9).
- **Invaders** count for the population; a hex where they meet tribe members is in
  conflict at step 4 whatever its population; they fight as one more side, always
  defending (Bow may shoot one); the card leaves with the last invader.
- **The cards to buy** (Fortifications, Pirogue, Autel: T17) are offered between two
  decisions of one's own turn (actions and step 5), not inside an action or a conflict
  (prices only change on a double, so buying just before costs the same); Autel's
  member comes from the map (the buyer picks the hex) and both of its prices drop by
  one per marker (the one-of-each price then asks for that many different types; the
  card goes when that price reaches 0). Before the roll (version 2) the buyer is asked
  only when a card he can afford would be thrown away by the marker of a double: it is
  the one moment when buying before the roll differs from buying after it.
- **The mammoth**: each own turn ended with the majority on its hex counts one on its
  die for that tribe (back to 1 when it counted another tribe); at 2 the tribe tames
  it (3 VP). It is never a member. Tamed, it may go with a Travel (once per turn) to
  any hex the tribe occupies, also one its members just reached; it runs away (card
  discarded, 3 VP lost) as soon as its tribe has no member on its hex, except that its
  tribe's own Travel is judged once it is over (version 2: the Travel then stays open
  for the mammoth until ``done``), since the rulebook lets the mammoth follow.
- **Savoir partagé** once per turn, between decisions, sharing a hex with a rival.
  **Découverte** once per hex per Travel; the opponents are rival tribes (a hex
  holding only invaders pays nothing). **Hiver clément** takes its food at the start
  of each Grow, even one that adds nobody (rulebook).
- **Migration** asks each tribe in turn from the roller (a seat that leaves meanwhile
  is skipped); a member moves once. **Feu de forêt** burns the forest the roller picks.
- **Elimination** (T14): a tribe with no member on the map puts 2 members on a hex at
  the start of its next turn, before its village points and roll: an unoccupied hex
  (no members, no invaders) if there is one, else any hex.
- **A double** is two dice showing the same face (only two are ever rolled: 12 dice on
  the board, 2 off it); it resolves the bottom effects once each, then draws at most
  one card, into the first free slot, even when the bottom effects freed two slots.
- **Hiver clément** eats its food when Grow is chosen (rulebook), so that Grow can no
  longer be taken back with ``back`` (version 2); nor can a Travel once the tamed
  mammoth moved.
- **A roller who leaves** during his own double (version 2): the game takes the first
  choice of each of his event decisions (a hex, the volcano's place, the order), so
  no card waits in its slot for a piece; other players' Migration moves lapse.

Rules version 2 (option ``events_reviewed``, on): the items above marked version 2.
Games stored under version 1 are upgraded with the option off and replay as they were.
Rules version 3 (option ``conflicts_reviewed``, on): the Fortifications and the Elder's
risk marked version 3. Games stored under versions 1 and 2 are upgraded with the option
off: the Fortifications remove one of the active player's members by themselves and the
Elder's point goes to the active player whoever fought, as they were played.

Chiefs (option ``chiefs``; ``chiefs`` and ``chief_frames``, ``data/chiefs.json``;
rulebook p. 12-13 and its notes, T20, T24; effects PROPOSED in components 3.7 except
Ruse). Rulings where the rulebook is silent or short:

- **The pick** is simultaneous, before the starting placements; the table only learns
  that a seat has picked; each power is shown when its owner places its first members
  ("en plaçant les premiers membres"). No power does anything during the placements.
- **Marchands** (2 of a type for 1 of another) once per turn, only on one's own turn,
  at any moment: between decisions, inside an action, inside an event's question.
- **Bâtisseurs**: the village costs one resource less, the builder picks which.
- **Ruse** only on one's own turn (the active player attacks), asked once at the start
  of step 4, on a hex shared with another side (a tribe or invaders) not already in
  conflict: a conflict with one side alone changes nothing.
- **Éducation** after the Lead's draw, on a hex the tribe occupies; optional (rulebook).
- **Exogamie**: the hexes holding another tribe's members when Grow begins; invaders,
  the mammoth and Elders never count (rulebook: normal members).
- **Voyageurs** between decisions of steps 3 and 5 (never inside an action nor during
  step 4, so a whole Travel comes before or after it); it is not a Travel (no
  Découverte) and the members keep their Travel. At step 5 it may not take a hex above
  its population limit, since the turn's conflicts are over.
- **Persévérance** per selection (T3), members counted when the hex is selected.
- **Embuscade**: members on the board count for nothing (population, conflicts,
  goals, elimination); a Travel brings them to any hex, each one a moved member that
  has then travelled. A seat that leaves takes them back to its supply.
- **Prémonition**: the event deck is drawn at random (a shuffled pile), so looking at
  its top draws a card at random that becomes the known top; left there it is the next
  event, put under it comes after all the others. The knowledge ends when the deck
  changes otherwise (cards shuffled in: the first village, Volcan, the discards). The
  table only learns whether the card stayed or went under. Asked before each roll.
- **Éclaireurs**: the crossed hex has the terrain of the hex left; from it the usual
  reach (Horse: 2) and Pirogue go on, all as one move.
- **Évasion** only after a conflict against another side (a tribe or invaders), not the
  trimming of a tribe alone; the members lost in the removals go together to one
  neighbour (the Bow, Fortifications and Intimidation act before the conflict and do
  not count); the village there is already lost; a new conflict it causes is resolved
  in the same step (each one costs the other side members, so this ends).
- **Partage des richesses** once per Gather of another tribe that selected a hex the
  Mu'k'a'an occupies (not once per selection); any type one of its hexes can give.
- **Intimidation** on any player's turn, once per turn, after the Bow and before the
  resolution, on a hex where it has members; the target may be an invader.
- **Village caché**: one at most, while the tribe owns a village on the map; its pawn
  comes from the supply. It scores at step 1, gives a Lead discard and counts for
  Agriculture; off the map it counts for no goal or event about villages on the map
  (Chefferie, Grand Chef), never holds the Elder and is never destroyed.
- **Lueur dans la nuit** right after the roll, before the dice are read for a double:
  it can make a double (rulebook) or break one; not later in the turn.
"""

from __future__ import annotations

from rules.i18n import register_package

register_package("rules.tribes")

from rules.tribes.engine import TRIBES_GAME, Tribes  # noqa: E402

__all__ = ["TRIBES_GAME", "Tribes"]
