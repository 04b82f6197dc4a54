"""Moves offered at every step of a seat's turn, beside the current decision.

Some rulebooks let a player do a thing "at any moment of the turn": play a card, trade,
buy from a market. A game declares each as an ``Offer`` owning a code prefix
(``play`` owns ``play:<card>``), with the moves it offers a player now and how to apply
one. ``Offers`` lists them at a decision point (between decisions only, or also
inside a pending frame) and routes an offered code in ``_apply``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.base import Move, State

OfferedMoves = Callable[[State, int], list[Move]]
"""``(state, player index) -> moves``: what the offer gives that player now."""
ApplyOffer = Callable[[State, int, str], None]
"""``(state, player index, argument after "prefix:")``: apply one offered move."""


@dataclass(frozen=True)
class Offer:
    """One kind of move offered at every step. ``inside_frames``: offered while a
    decision is pending too (a trade), not only between two decisions (a card)."""

    prefix: str
    moves: OfferedMoves
    apply: ApplyOffer
    inside_frames: bool = False

    def owns(self, code: str) -> bool:
        return code == self.prefix or code.startswith(self.prefix + ":")


class Offers:
    """The offers of a game, in the order their moves are listed."""

    __slots__ = ("offers",)

    def __init__(self, *offers: Offer) -> None:
        prefixes = [o.prefix for o in offers]
        if len(set(prefixes)) != len(prefixes):
            raise ValueError(f"two offers own the same prefix: {prefixes}")
        self.offers = offers

    def moves(self, state: State, player: int, *, pending: bool = False) -> list[Move]:
        """Every offered move of ``player`` now; ``pending``: a decision is open."""
        out: list[Move] = []
        for offer in self.offers:
            if offer.inside_frames or not pending:
                out += offer.moves(state, player)
        return out

    def merge(
        self, state: State, player: int, moves: list[Move], *, pending: bool = False
    ) -> list[Move]:
        """``moves`` (the current decision's) followed by the offered moves they lack."""
        codes = {m.code for m in moves}
        extra = [m for m in self.moves(state, player, pending=pending) if m.code not in codes]
        return [*moves, *extra]

    def owner(self, code: str) -> Offer | None:
        """The offer that owns ``code``, if any."""
        return next((o for o in self.offers if o.owns(code)), None)

    def route(self, state: State, player: int, code: str) -> bool:
        """Apply ``code`` if an offer owns it (``True``); ``False`` leaves it to the game."""
        offer = self.owner(code)
        if offer is None:
            return False
        offer.apply(state, player, code.partition(":")[2])
        return True


__all__ = ["ApplyOffer", "Offer", "OfferedMoves", "Offers"]
