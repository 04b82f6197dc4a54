"""How well a seat stands in Sapiens, for the AI (``Sapiens.evaluate``).

A player scores the lower of food and shelter, so the value leans on the lower track
but still counts the other (a point on the higher track today spares a tile on it
later). Steaks not yet converted are food in the making (a later Hunt converts them,
with the rising table), a mountain token held is one more scene effect to play, and
Cueillette's food still to be taken (the player is asked) counts as food: the search
judges a line cut just before that question as it will end. The value is a seat's
worth minus the best other seat's, read on a determinized state (only the pile's order
and the tiles removed unseen differ; every count used here is public).

The active tribe's room counts too (``room``): a tribe none of whose pool tiles fits
must be abandoned next turn ("Abandonner sa Tribu": only when no tile can be laid),
and a new tribe's first tile scores no food and has no effect (S5), while the old
tribe's open edges are lost for good. Without this term the search saw only the
shelter a new tribe's cave brings, took tiles from the common pool at random, and let
its tribes run dry again and again. A player out of moves has no room to lose.
"""

from __future__ import annotations

from rules.base import Seat, State
from rules.sapiens import state as st
from rules.sapiens.board import PLAY, Ground
from rules.sapiens.components import CU, SUPPLY, steak_food
from rules.sapiens.options import abandoned_apart

BOTH = 0.2
"""Each point of food or shelter, besides what the lower track scores."""
STEAK = 0.7
"""Share of the food the seat's steaks would convert to."""
TOKEN = 0.5
"""Each mountain token held (a scene effect still to play)."""
ROOM = 0.5
"""Each tile of the pool that fits the active tribe, up to ``ROOM_TILES``."""
ROOM_TILES = 3
STUCK = 3.0
"""A tribe no tile of the pool fits: next turn's tile starts a new tribe, with no food
and no effect, and the old tribe's edges are lost (about a turn's food)."""


def room(state: State, me: int) -> int:
    """How many tiles of player ``me``'s pool fit the active tribe as things stand
    (without the Cueillette token's Plains)."""
    data = st.data(state)
    player = data["players"][me]
    here = Ground.of(player, apart=abandoned_apart(state.options))
    return sum(1 for tile in player["pool"] if here.can_lay(tile, PLAY))


def room_worth(state: State, me: int) -> float:
    """What the active tribe's room is worth to player ``me`` while the game runs."""
    data = st.data(state)
    player = data["players"][me]
    if player["finished"] or not player["pool"] or not player["laid"]:
        return 0.0
    fits = room(state, me)
    return ROOM * min(fits, ROOM_TILES) if fits else -STUCK


def player_worth(player: st.PlayerData, running: bool, food_to_come: int = 0) -> float:
    """One player's worth: the lower track, a little of both, and what is in the making."""
    food = player["food"] + (food_to_come if running else 0)
    shelter = player["shelter"]
    if not running:
        return float(min(food, shelter))
    food_soon = food + STEAK * steak_food(player["steaks"]) if player["steaks"] else float(food)
    return min(food_soon, shelter) + BOTH * (food_soon + shelter) + TOKEN * len(player["held"])


def sapiens_value(state: State, seat: Seat) -> float:
    """Worth of ``seat`` minus the best other seat's."""
    data = st.data(state)
    running = data["over"] is None
    coming = gathering_to_come(data) if running else 0
    worth = {
        s: player_worth(p, running, coming if k == data["turn"] else 0)
        + (room_worth(state, k) if running else 0.0)
        for k, (s, p) in enumerate(zip(state.seats, data["players"], strict=True))
        if s not in state.out
    }
    own = worth.get(seat, 0.0)
    return own - max((v for s, v in worth.items() if s != seat), default=0.0)


def gathering_to_come(data: st.SapiensData) -> int:
    """Cueillette's food the player to act is still to be asked about (pending among
    the effects, or the question itself on top)."""
    for frame in data["frames"]:
        if frame["kind"] == "gather" or (frame["kind"] == "effects" and CU in frame["pending"]):
            return SUPPLY.cueillette_food
    return 0


__all__ = ["gathering_to_come", "player_worth", "room", "room_worth", "sapiens_value"]
