"""Set-up steps shared by the Junior and Classic engines: start pawn, supply, tokens, first seat.

The engines pass in the rule switches of ``data/rules.json`` (so a switch is read where
the engine reads it). Each step that draws from the seeded generator says so; the
engines call them in the rulebook's order (start pawn, [Classic: decks], Hunting then
Strait tokens, first player), and that order is part of the game: the same seed gives
the same game only while the calls stay in this order.
"""

from __future__ import annotations

from rules import rng
from rules.base import State
from rules.origin.components import PAWNS, TOKENS


def neutral_pawn(state: State, switch: str) -> str:
    """The base id of the neutral pawn on the Origin (R14): drawn (one ``rng`` call) when
    the ``neutral_pawn`` switch is ``"random"``, else the candidate it names."""
    candidates = PAWNS.neutral_candidates
    if switch == "random":
        return rng.choice(state, sorted(candidates.values()))
    return candidates[switch]


def pawn_supply(players: int, neutral: str) -> dict[str, int]:
    """Base id -> copies left in the supply once ``neutral`` stands on the Origin (no zeros)."""
    supply = PAWNS.pool(players)
    supply[neutral] -= 1
    return {p: n for p, n in supply.items() if n > 0}


def shuffled_tokens(state: State) -> tuple[list[str], list[str]]:
    """``(hunting, straits)``: every Hunting token id, then every Strait token id, each
    list shuffled (two ``rng`` calls, Hunting first)."""
    hunting = [t.id for t in TOKENS.hunting]
    rng.shuffle(state, hunting)
    straits = [t.id for t in TOKENS.strait]
    rng.shuffle(state, straits)
    return hunting, straits


def first_player(state: State, players: int, switch: str) -> int:
    """Index of the first player (R15): the first seat when the ``first_player`` switch is
    ``"seat_order"``, else drawn (one ``rng`` call)."""
    return 0 if switch == "seat_order" else rng.randbelow(state, players)


__all__ = ["first_player", "neutral_pawn", "pawn_supply", "shuffled_tokens"]
