"""How well a seat stands in Origin Classic, for the AI (``OriginClassic.evaluate``).

Called on a *determinized* state (``rules.origin.classic.hidden``): the others' hands
there are plausible draws, so only their size is read. The value is a seat's points
plus its progress toward points, minus the best other seat's:

- points: the Classic score row (objectives done, cards in hand, tokens, tiles);
- each Objective card in the seat's own hand: most of its points once its condition is
  met (it only waits to be played), else a share growing with how near it is; another
  seat's hidden objectives count a flat expectation each;
- Permanent cards laid (their power lasts) and Action cards in hand (an extra choice);
- Strait tokens in the making (``rules.origin.heuristic.strait_progress`` with the
  tokens' public values) and the highest tile level (toward the level-5 tile).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Seat, State
from rules.origin.classic import classic_data as cd
from rules.origin.classic import tiles as tl
from rules.origin.classic.cards import CARDS
from rules.origin.classic.objectives import Holdings, groups, is_met
from rules.origin.classic.scoring import classic_row
from rules.origin.components import BOARD, PAWNS, TOKENS
from rules.origin.heuristic import HELD_STRAIT, OPEN_STRAIT
from rules.origin.pawns import PAWN_COLOURS

MET = 0.85
"""Share of an objective's extra points (over the 1 it scores in hand) once met."""
NEAR = 0.45
"""Share at most of an unmet objective's extra points, scaled by the square of progress."""
HIDDEN_OBJECTIVE = 1.2
"""What another seat's objective card in hand is worth besides the 1 it scores there."""
PERMANENT = 1.5
"""A Permanent card laid: its power lasts for the rest of the game."""
ACTION_IN_HAND = 0.4
"""An Action card in hand: one more choice later (it scores 1 in hand already)."""
TILE_LEVEL = 0.3
"""Each level of the seat's highest tile."""


def progress(kind: str, params: Mapping[str, Any], h: Holdings) -> float:
    """How near ``h`` is to an objective's condition, 0..1 (1: met)."""
    n = int(params.get("n", 1))
    terrs = list(h.pawns)
    found: float
    if kind == "pawns_on_colour":
        found = sum(1 for t in terrs if BOARD.colour(t) == params["colour"])
    elif kind == "pawns_on_continent":
        found = sum(1 for t in terrs if BOARD.territories[t].continent == params["continent"])
    elif kind == "adjacent_group":
        same = "continents" in params
        found = max((len(g) for g in groups(terrs, same_continent=same)), default=0)
    elif kind == "distinct_continents":
        found = len({BOARD.territories[t].continent for t in terrs})
    elif kind == "pawns_with":
        found = sum(
            1
            for p in h.pawns.values()
            if ("size" not in params or PAWNS.pawns[p].size == params["size"])
            and ("strength" not in params or PAWNS.pawns[p].strength == params["strength"])
        )
    elif kind == "pawns_per_colour":
        counts = dict.fromkeys(PAWN_COLOURS, 0)
        for p in h.pawns.values():
            counts[PAWNS.pawns[p].colour] += 1
        found, n = sum(min(c, n) for c in counts.values()), n * len(counts)
    elif kind == "strait_tokens":
        found = h.straits
    elif kind == "tile_level_at_least":
        n = int(params["level"])
        found = max(tl.owned_levels([list(s) for s in h.stacks]), default=0)
    elif kind == "tiles_owned":
        found = sum(len(s) for s in h.stacks)
    elif kind == "hunt_and_strait":
        found = min(h.hunting, int(params["hunt"])) + min(h.straits, int(params["strait"]))
        n = int(params["hunt"]) + int(params["strait"])
    else:
        return 0.0
    return min(1.0, found / max(1, n))


def objective_worth(card_id: str, h: Holdings) -> float:
    """An objective card in hand, beyond the 1 point it scores there."""
    card = CARDS[card_id]
    extra = card.points - 1
    if is_met(card, h):
        return MET * extra
    return NEAR * extra * progress(card.kind, card.params, h) ** 2


def classic_value(state: State, seat: Seat) -> float:
    """Points plus progress of ``seat`` minus the best other seat's."""
    data = cd.data(state)
    owners = data["owner_at"]
    on_board = data["straits"]
    me = state.seats.index(seat)
    worth: dict[Seat, float] = {}
    for i, s in enumerate(state.seats):
        if s in state.out:
            continue
        hand = data["hands"][i]
        total = float(sum(classic_row(data, i).values()))
        if i == me:
            h = Holdings.of(data, i)
            total += sum(objective_worth(c, h) for c in hand["objective"])
        else:
            total += HIDDEN_OBJECTIVE * len(hand["objective"])
        total += PERMANENT * len(data["permanents"][i]) + ACTION_IN_HAND * len(hand["action"])
        for sid, token in on_board.items():
            strait = BOARD.straits[sid]
            a, b = owners.get(strait.a), owners.get(strait.b)
            if (a == i) == (b == i):
                continue
            other = b if a == i else a
            total += TOKENS.value(token) * (OPEN_STRAIT if other is None else HELD_STRAIT)
        levels = tl.owned_levels(data["stacks"][i])
        total += TILE_LEVEL * max(levels, default=0)
        worth[s] = total
    own = worth.get(seat, 0.0)
    return own - max((v for s, v in worth.items() if s != seat), default=0.0)


__all__ = ["classic_value", "objective_worth", "progress"]
