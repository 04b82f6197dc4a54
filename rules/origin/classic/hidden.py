"""Origin Classic's hidden information, resampled for an AI (``OriginClassic.determinize``).

Hidden from a seat (ruling R18): the cards in other hands, the Objective cards dealt to
others at set-up, the order and content of the three decks, the discard pile (only its
size is shown; a card discarded from a hand is never named), the order of the tile
reserve and the Hunting tokens left out of the game. Tokens, tiles on the board and in
stacks, and played cards are public. Each deck's unseen cards are pooled (sorted, so
the pool depends on what the seat sees only), shuffled by the AI's generator, and dealt
back into the same places with the same counts. ``hidden_zones`` names those places for
the undo judgement (``rules.core.zones``).
"""

from __future__ import annotations

import random

from rules.base import Seat, State, Zone, determinize_base
from rules.origin.classic import classic_data as cd
from rules.origin.classic.cards import DECKS
from rules.origin.classic.classic_data import ClassicData


def determinize_classic(state: State, seat: Seat, rng: random.Random) -> State:
    """A state with the same view for ``seat``; everything hidden drawn from ``rng``."""
    new = determinize_base(state, rng)
    data = cd.data(new)
    me = state.seats.index(seat) if seat in state.seats else -1
    for deck in DECKS:
        places = _places(data, deck, me)
        pool = sorted(card for place in places for card in place)
        rng.shuffle(pool)
        for place in places:
            place[:] = [pool.pop() for _ in place]
    for pile in (data["reserve"], data["hunting_unused"]):
        pile.sort()
        rng.shuffle(pile)
    return new


def _places(data: ClassicData, deck: str, me: int) -> list[list[str]]:
    """Every list holding cards of ``deck`` that seat ``me`` cannot see."""
    places: list[list[str]] = [data["decks"][deck]]
    places += [hand[deck] for i, hand in enumerate(data["hands"]) if i != me]
    if deck == "objective":
        places += [dealt for i, dealt in enumerate(data["dealt"]) if i != me]
    if deck == "action":
        places.append(data["discard"])
    return places


def hidden_zones(state: State, seat: Seat) -> list[Zone]:
    """The places ``determinize_classic`` deals again for ``seat``: per deck the deck, the
    other hands (and, for Objective cards, the others' dealt cards; for Action cards,
    the discard pile), then the tile reserve and the Hunting tokens left out."""
    data = cd.data(state)
    me = state.seats.index(seat) if seat in state.seats else -1
    zones: list[Zone] = []
    for deck in DECKS:
        zones.append(Zone(f"{deck}/deck", deck, data["decks"][deck]))
        zones += [
            Zone(f"{deck}/hand/{i}", deck, hand[deck], state.seats[i])
            for i, hand in enumerate(data["hands"])
            if i != me
        ]
        if deck == "objective":
            zones += [
                Zone(f"objective/dealt/{i}", deck, dealt, state.seats[i])
                for i, dealt in enumerate(data["dealt"])
                if i != me
            ]
        if deck == "action":
            zones.append(Zone("action/discard", deck, data["discard"]))
    zones.append(Zone("tile/reserve", "tile", data["reserve"]))
    zones.append(Zone("hunting/unused", "hunting", data["hunting_unused"]))
    return zones
