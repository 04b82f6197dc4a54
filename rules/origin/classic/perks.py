"""What a player's Permanent cards change, as one value the engine consults (``Perks``).

Rulebook "Cartes Permanent": a played Permanent card acts for the rest of the game.
Each card's effect is a kind with parameters in ``data/cards.json``; effects stack
(P01 with P09 gives size-1 pawns two more steps). Also the three Evolve tables:
standard, MUTATION (the standard ones, or +1 size and +1 strength at once) built
through the shared ``movement.evolution_table`` hook, and ADAPTATION (exactly two
features differ, each by an allowed step: the card's own Evolve, never the ordinary one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from rules.origin import movement as mv
from rules.origin.classic.cards import CARDS, REWARD_BOARD
from rules.origin.classic.classic_data import ClassicData
from rules.origin.components import PAWNS
from rules.origin.pawns import two_feature_evolutions_of

STANDARD = mv.evolution_table()
DOUBLE_STEP = mv.evolution_table(
    {p: two_feature_evolutions_of(v, colour_may_change=False) for p, v in PAWNS.pawns.items()}
)
TWO_FEATURES: mv.EvolutionTable = {
    p: two_feature_evolutions_of(v, colour_may_change=True) for p, v in PAWNS.pawns.items()
}


@dataclass(frozen=True)
class Perks:
    """The combined effect of one player's Permanent cards."""

    move_bonus: Mapping[int, int]
    put_back: Mapping[str, int]
    strait_draws: tuple[tuple[str, int], ...]
    objective_limit: int
    protection: int
    swap_equal: bool
    brown_take: int
    evolve_double: bool
    evolve_reach: int
    action_cards: int
    token_bonus: int

    def steps(self, size: int) -> int:
        """How far a pawn of ``size`` may Migrate or Swap."""
        return size + self.move_bonus.get(size, 0)

    @property
    def evolve_table(self) -> mv.EvolutionTable:
        return DOUBLE_STEP if self.evolve_double else STANDARD


@lru_cache(maxsize=512)
def perks_of(permanents: tuple[str, ...]) -> Perks:
    """The perks given by the Permanent cards ``permanents`` (ids, any order)."""
    bonus = {1: 0, 2: 0, 3: 0}
    put_back: dict[str, int] = {}
    draws: list[tuple[str, int]] = []
    limit = REWARD_BOARD.objective_hand_limit
    protection = 0
    swap_equal = evolve_double = False
    brown = REWARD_BOARD.brown_take
    reach = 1
    actions = REWARD_BOARD.cards_per_colour
    token_bonus = 0
    for cid in sorted(permanents):
        card = CARDS[cid]
        p = card.params
        if card.kind == "move_range":
            for size in p["sizes"]:
                bonus[size] += p["bonus"]
        elif card.kind == "draw_option_keep":
            put_back[p["colour"]] = min(put_back.get(p["colour"], p["put_back"]), p["put_back"])
        elif card.kind == "on_strait_draw":
            draws.append((p["deck"], p["n"]))
        elif card.kind == "objective_hand_limit":
            limit = max(limit, p["n"])
        elif card.kind == "swap_protection":
            protection = max(protection, p["min_diff"])
        elif card.kind == "swap_equal_strength":
            swap_equal = True
        elif card.kind == "brown_take":
            brown = max(brown, p["n"])
        elif card.kind == "evolve_double_step":
            evolve_double = True
        elif card.kind == "evolve_range":
            reach = max(reach, p["steps"])
        elif card.kind == "action_cards_per_turn":
            actions = max(actions, p["n"])
        elif card.kind == "end_bonus_per_token":
            token_bonus += p["points"]
    return Perks(
        move_bonus={k: v for k, v in bonus.items() if v},
        put_back=put_back,
        strait_draws=tuple(draws),
        objective_limit=limit,
        protection=protection,
        swap_equal=swap_equal,
        brown_take=brown,
        evolve_double=evolve_double,
        evolve_reach=reach,
        action_cards=actions,
        token_bonus=token_bonus,
    )


NO_PERKS = perks_of(())


def perks(data: ClassicData, player: int) -> Perks:
    """The perks of ``player`` in the game ``data``."""
    mine = data["permanents"][player]
    return perks_of(tuple(mine)) if mine else NO_PERKS


__all__ = ["DOUBLE_STEP", "STANDARD", "TWO_FEATURES", "Perks", "perks", "perks_of"]
