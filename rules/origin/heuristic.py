"""How well a seat stands in Origin Junior, for the AI (``OriginJunior.evaluate``).

The AI calls this on a *determinized* state (``rules.origin.hidden``): hidden token
values and the others' tiles there are plausible draws, never the real ones, so every
row may be read whole. The value is a seat's points plus its progress toward points,
minus the best other seat's (the same sum):

- points: the Junior score row (card series, colour bonus, tokens, tiles);
- the colour bonus in the making: each pawn toward two of every pawn colour;
- Strait tokens in the making: a strait with a token still on it whose one end holds
  the player's village and whose other end is empty (the next Evolve or Migrate there
  wins it; an occupied end needs a Swap, so it counts less).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from statistics import fmean

from rules.base import Seat, State
from rules.origin.components import BOARD, PAWNS, RULES, TOKENS
from rules.origin.junior_data import data
from rules.origin.movement import NEUTRAL
from rules.origin.pawns import PAWN_COLOURS
from rules.origin.scoring import junior_row

STRAIT_MEAN = fmean(t.value for t in TOKENS.strait)
COLOUR_STEP = 0.12
"""Share of the colour bonus each pawn toward it is worth (six pawns: 0.72 of it)."""
OPEN_STRAIT = 0.4
"""Share of a strait token's mean value for a strait with one own end and one empty."""
HELD_STRAIT = 0.15
"""The same for a strait whose other end holds someone else's pawn."""


def colour_progress(pawns: Iterable[str], bonus: int, minimum: int) -> float:
    """Progress toward ``minimum`` pawns of each colour, worth part of ``bonus`` (0 once
    the bonus is reached: the score row counts it then)."""
    counts = dict.fromkeys(PAWN_COLOURS, 0)
    for p in pawns:
        counts[PAWNS.pawns[p].colour] += 1
    if all(n >= minimum for n in counts.values()):
        return 0.0
    return COLOUR_STEP * bonus * sum(min(n, minimum) for n in counts.values())


def strait_progress(owners: Mapping[str, int], on_board: Iterable[str], player: int) -> float:
    """The strait tokens ``player`` could complete next: one end theirs, the other empty
    (or held by another, for less)."""
    total = 0.0
    for sid in on_board:
        strait = BOARD.straits[sid]
        a, b = owners.get(strait.a), owners.get(strait.b)
        if a == player and b == player:
            continue
        if player not in (a, b):
            continue
        other = b if a == player else a
        total += STRAIT_MEAN * (OPEN_STRAIT if other is None else HELD_STRAIT)
    return total


def junior_value(state: State, seat: Seat) -> float:
    """Points plus progress of ``seat`` minus the best other seat's."""
    junior = data(state)
    owners = {t: i for i, terrs in enumerate(junior["villages_at"]) for t in terrs}
    for t in junior["pawn_at"]:
        owners.setdefault(t, NEUTRAL)
    won = {tok for tokens in junior["straits_of"] for tok in tokens}
    on_board = [
        sid for sid, tok in zip(BOARD.straits, junior["straits"], strict=True) if tok not in won
    ]
    bonus, minimum = RULES.junior.colour_bonus, RULES.junior.colour_bonus_min_pawns
    worth: dict[Seat, float] = {}
    for i, s in enumerate(state.seats):
        if s in state.out:
            continue
        pawns = [junior["pawn_at"][t] for t in junior["villages_at"][i]]
        row = junior_row(
            junior["cards"][i],
            pawns,
            junior["hunting_of"][i],
            junior["straits_of"][i],
            junior["tiles_of"][i],
        )
        worth[s] = (
            sum(row.values())
            + colour_progress(pawns, bonus, minimum)
            + strait_progress(owners, on_board, i)
        )
    own = worth.get(seat, 0.0)
    return own - max((v for s, v in worth.items() if s != seat), default=0.0)


__all__ = ["colour_progress", "junior_value", "strait_progress"]
