"""Sapiens set-up (rulebook "Mise en place"): tiles, pools, valleys, tokens, first player.

The order of the generator's calls is part of the game: shuffle the 63 tiles (the
removed ones are the first drawn, unseen), the common pool, the personal pools, then
each player's left board, right board and their faces, the mountain tokens of each
valley, and the first player.
"""

from __future__ import annotations

from rules import rng
from rules.base import State
from rules.kit import decks
from rules.kit.end import new_end
from rules.kit.turns import new_turns
from rules.sapiens.components import LEFT_BOARDS, RIGHT_BOARDS, SCENE_IDS, SUPPLY, TILES, valley
from rules.sapiens.state import PlayerData, SapiensData, StepData


def new_player(left: str, right: str, spots: dict[str, str], pool: list[str]) -> PlayerData:
    """One player's part of ``state.data["players"]``."""
    return {
        "faces": [left, right],
        "laid": [],
        "tribe": 1,
        "bears": [],
        "spots": spots,
        "held": [],
        "used": [],
        "gone": [],
        "pool": pool,
        "food": 0,
        "shelter": 0,
        "steaks": 0,
        "baston_home": SUPPLY.baston,
        "started": False,
        "finished": False,
    }


def setup_data(state: State) -> SapiensData:
    """A new game's ``state.data``."""
    count = len(state.seats)
    pile = decks.shuffled(state, TILES)
    removed = decks.draw(pile, SUPPLY.removed[count])
    common = decks.draw(pile, SUPPLY.common_pool)
    pools = [decks.draw(pile, SUPPLY.personal_pool) for _ in range(count)]
    lefts = rng.sample(state, LEFT_BOARDS, count)
    rights = rng.sample(state, RIGHT_BOARDS, count)
    players: list[PlayerData] = []
    for i in range(count):
        left = lefts[i][rng.randbelow(state, 2)]
        right = rights[i][rng.randbelow(state, 2)]
        board = valley(left, right)
        tokens = decks.shuffled(state, SCENE_IDS)
        spots = dict(zip(board.spots, tokens, strict=True))
        players.append(new_player(left, right, spots, pools[i]))
    first = rng.randbelow(state, count)
    return {
        **new_turns(first),
        **new_end(),
        "phase": "start",
        "pile": pile,
        "removed": removed,
        "discarded": [],
        "common": common,
        "players": players,
        "baston": {},
        "steaks": SUPPLY.steaks,
        "bears": SUPPLY.bears,
        "frames": [],
        "step": new_step(),
        "last_tile": None,
    }


def new_step() -> StepData:
    """What the current turn has done so far."""
    return {"laid": False, "token": False, "plain": False, "refilled": False, "discarded": False}


__all__ = ["new_player", "new_step", "setup_data"]
