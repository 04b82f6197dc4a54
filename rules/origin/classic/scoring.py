"""Classic scoring (rulebook "Fin du jeu", example worth 51 points; ruling R21).

Played Objective cards score their points; every card still in hand scores 1; Hunting
and Strait tokens score their value (LEGEND: +1 per token); every Innovation tile scores
1 except level 5, which scores 5 (``tiles.json`` table ``classic``). Category ids are
message keys; all Classic scores are public.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.origin.classic.cards import CARDS, DECKS, REWARD_BOARD
from rules.origin.classic.classic_data import ClassicData
from rules.origin.classic.perks import perks
from rules.origin.components import TILES, TOKENS

CAT_OBJECTIVES = "origin.classic.score.objectives"
CAT_HAND = "origin.classic.score.hand"
CAT_HUNTING = "origin.score.hunting"
CAT_STRAITS = "origin.score.straits"
CAT_LEGEND = "origin.classic.score.legend"
CAT_TILES = "origin.score.tiles"
CATEGORIES = (CAT_OBJECTIVES, CAT_HAND, CAT_HUNTING, CAT_STRAITS, CAT_LEGEND, CAT_TILES)


def score_row(
    objectives: Iterable[str],
    cards_in_hand: int,
    hunting: Iterable[str],
    straits: Iterable[str],
    tiles: Iterable[str],
    token_bonus: int = 0,
) -> dict[str, int]:
    """One player's Classic score by category (ids of cards, tokens and tiles)."""
    hunting, straits = list(hunting), list(straits)
    table = TILES.score["classic"]
    return {
        CAT_OBJECTIVES: sum(CARDS[c].points for c in objectives),
        CAT_HAND: cards_in_hand * REWARD_BOARD.points_per_card,
        CAT_HUNTING: sum(TOKENS.value(t) for t in hunting),
        CAT_STRAITS: sum(TOKENS.value(t) for t in straits),
        CAT_LEGEND: token_bonus * (len(hunting) + len(straits)),
        CAT_TILES: sum(table[TILES.level(t)] for t in tiles),
    }


def classic_row(data: ClassicData, player: int) -> dict[str, int]:
    """The score row of ``player`` in the game ``data``."""
    return score_row(
        data["objectives_done"][player],
        sum(len(data["hands"][player][d]) for d in DECKS),
        [tok for tok, _ in data["hunting_of"][player]],
        [tok for tok, _ in data["straits_of"][player]],
        [t for s in data["stacks"][player] for t in s],
        perks(data, player).token_bonus,
    )


__all__ = ["CATEGORIES", "classic_row", "score_row"]
