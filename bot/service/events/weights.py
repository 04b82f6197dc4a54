"""Costs in tiers made into one number, so that a sum of them compares tier by tier.

A pairing weighs each candidate pair (or table) by several costs, from the rule that
must hold whenever it can (no second bye, no rematch) down to the arbitrary one (the
seeded draw between equal choices). ``Tiers`` turns each candidate's tuple of costs into
one integer such that, for any two choices of at most ``size`` candidates, the one with
the smaller sum is the one that is better in the most important tier where they differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

SCORE_SCALE = 12
"""Points come in twelfths at most (``placing_points`` divides by 1, 2 or 3 and halves
a tie), so twelve times a difference of points is a whole number."""


def score_gap(a: Fraction, b: Fraction) -> int:
    """The squared difference of two scores, in twelfths: two small gaps cost less than
    one large one, as a Swiss pairing floats as few points as it can."""
    gap = round(abs(a - b) * SCORE_SCALE)
    return gap * gap


class Tiers:
    """The factors of each tier, from the costs every candidate has.

    ``costs`` holds one tuple per candidate, the most important tier first; every cost
    is a whole number of at least 0. ``size`` is how many candidates one choice holds at
    most (the tables of a round).
    """

    def __init__(self, costs: Sequence[Sequence[int]], size: int) -> None:
        count = len(costs[0]) if costs else 0
        factors = [1] * count
        for tier in range(count - 1, 0, -1):
            largest = max((cost[tier] for cost in costs), default=0)
            factors[tier - 1] = factors[tier] * (largest * size + 1)
        self.factors = tuple(factors)

    def total(self, cost: Sequence[int]) -> int:
        return sum(value * factor for value, factor in zip(cost, self.factors, strict=True))
