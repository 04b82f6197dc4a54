"""Hidden zones: the places of a state a sight cannot see, and the exact part of the undo
judgement that compares them (``Game._reveals``).

A game with hidden information names its zones (``Game.hidden_zones``): each is one of
the state's own lists (a face-down pile, another player's hand), with the kind of its
items. Items of one kind may lie in any zone of that kind as far as the sight can tell:
``determinize`` draws them again across those zones, and a test holds the two to the same
zones. Knowing them, the judgement needs no luck for two things:

- an item that leaves the hidden zones (a tile turned up from the reserve, a card drawn
  into the mover's own hand) shows something, unless every hidden item of its kind was
  alike (the last tile of a reserve whose others are all in sight): ``shows_hidden``;
- what the move does with the mover's own hidden holdings (a card it can still play
  keeps its turn going, where no card ends it: the public view then says who plays
  next): the move is tried again with each item of the mover's zones exchanged, one at
  a time, with every other item of its kind hidden elsewhere (``exchanges``).

The judgement still samples states drawn by ``determinize`` as a second net, for what
depends on several hidden items at once. Every game with hidden information names every
place its ``determinize`` draws again (a test blanks the zones of a state and of a
redrawn copy and finds the two the same).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.state import State
from rules.core.values import Seat


@dataclass(frozen=True)
class Zone:
    """A place of a state whose items a sight cannot see.

    ``name`` is the same for that place in every state of the game (``"action/deck"``,
    ``"objective/hand/p1"``); ``kind`` groups the zones whose items are drawn again
    together (``"action"``); ``items`` is the state's own list (exchanging two items
    changes the state), each item as the sight would read it if it came into view;
    ``owner`` is the seat holding it (a hand), ``None`` for a pile.

    Where the items are not one list of the state (a token's id written both where it
    lies and in the list of who won it, one hidden card in a slot of its own), ``items``
    is a list made for the judgement and ``put(index, old, new)`` writes a change of it
    into the state; ``set`` is the one way to change an item either way.
    """

    name: str
    kind: str
    items: list[Any]
    owner: Seat | None = None
    put: Callable[[int, Any, Any], None] | None = None

    def set(self, index: int, item: Any) -> None:
        """Put ``item`` at ``index`` of this zone, in the state too."""
        old = self.items[index]
        self.items[index] = item
        if self.put is not None:
            self.put(index, old, item)


def _key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def shows_hidden(before: Sequence[Zone], after: Sequence[Zone]) -> bool:
    """Whether an item hidden in ``before`` is no longer hidden in ``after`` while the
    hidden items of its kind were not all alike (so the sight learns which one it was)."""
    kinds = {zone.kind for zone in before}
    for kind in kinds:
        was = Counter(_key(i) for zone in before if zone.kind == kind for i in zone.items)
        now = Counter(_key(i) for zone in after if zone.kind == kind for i in zone.items)
        if was - now and len(was) > 1:
            return True
    return False


def exchanges(
    state: State, zones_of: Callable[[State], Sequence[Zone]], mover: Seat
) -> Iterator[State]:
    """States the sight of ``zones_of`` cannot tell from ``state``: in each, one item of
    a zone the mover holds is exchanged with one other item of its kind hidden elsewhere
    (each different item once). The same copy of ``state`` is yielded each time, changed
    in place: use it before asking for the next (``Game.play`` copies it)."""
    world = state.copy()
    zones = list(zones_of(world))
    for zone in zones:
        if zone.owner != mover:
            continue
        others = [other for other in zones if other.kind == zone.kind and other is not zone]
        for i in range(len(zone.items)):
            mine = zone.items[i]
            tried = {_key(mine)}
            for other in others:
                for j, theirs in enumerate(other.items):
                    if _key(theirs) in tried:
                        continue
                    tried.add(_key(theirs))
                    zone.set(i, theirs)
                    other.set(j, mine)
                    yield world
                    zone.set(i, mine)
                    other.set(j, theirs)
