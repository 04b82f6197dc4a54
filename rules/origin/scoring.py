"""Origin scoring pieces: card series, the pawn-colour bonus, tokens and tiles (Junior).

Rulebook, Junior "Calcul des points": per card colour a series scores 1/3/7/13/21 for
1 to 5 cards, a sixth card starts a new series (7 cards = 21 + 3); 10 points for at
least 2 own pawns of each pawn colour on the map; Hunting and Strait tokens score their
value; each Innovation tile scores its level. Category ids are message keys; the three
categories holding hidden values are listed in ``HIDDEN_CATEGORIES``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.origin.components import CARD_COLOURS, PAWNS, RULES, TILES, TOKENS
from rules.origin.pawns import PAWN_COLOURS

CAT_CARDS = tuple(f"origin.score.{c}" for c in CARD_COLOURS)
CAT_COLOURS = "origin.score.colours"
CAT_HUNTING = "origin.score.hunting"
CAT_STRAITS = "origin.score.straits"
CAT_TILES = "origin.score.tiles"
JUNIOR_CATEGORIES = (*CAT_CARDS, CAT_COLOURS, CAT_HUNTING, CAT_STRAITS, CAT_TILES)
HIDDEN_CATEGORIES = frozenset({CAT_HUNTING, CAT_STRAITS, CAT_TILES})


def series_points(count: int, table: Sequence[int] = RULES.junior.series_points) -> int:
    """Points for ``count`` cards of one colour: full series of ``len(table) - 1`` cards
    first, then the remainder (``table[k]`` = points of a series of ``k`` cards)."""
    if count < 0:
        raise ValueError("a card count cannot be negative")
    longest = len(table) - 1
    full, rest = divmod(count, longest)
    return full * table[longest] + table[rest]


def has_colour_bonus(
    pawns: Iterable[str], minimum: int = RULES.junior.colour_bonus_min_pawns
) -> bool:
    """Whether ``pawns`` (base ids of one player's pawns on the map) hold at least
    ``minimum`` pawns of each pawn colour (white, brown, black)."""
    counts = dict.fromkeys(PAWN_COLOURS, 0)
    for p in pawns:
        counts[PAWNS.pawns[p].colour] += 1
    return all(n >= minimum for n in counts.values())


def junior_row(
    cards: Sequence[int],
    pawns: Iterable[str],
    hunting: Iterable[str],
    straits: Iterable[str],
    tiles: Iterable[str],
) -> dict[str, int]:
    """One player's Junior score by category.

    ``cards`` counts yellow/orange/violet cards; ``pawns`` are the player's pawns on
    the map; ``hunting``/``straits`` are token ids; ``tiles`` are tile ids.
    """
    row = {cat: series_points(n) for cat, n in zip(CAT_CARDS, cards, strict=True)}
    row[CAT_COLOURS] = RULES.junior.colour_bonus if has_colour_bonus(pawns) else 0
    row[CAT_HUNTING] = sum(TOKENS.value(t) for t in hunting)
    row[CAT_STRAITS] = sum(TOKENS.value(t) for t in straits)
    table = TILES.score["junior"]
    row[CAT_TILES] = sum(table[TILES.level(t)] for t in tiles)
    return row
