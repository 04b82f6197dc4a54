"""What a line of an Origin Classic turn does for a seat, in plain words
(``OriginClassic.hint_effects``): the score row, villages by territory, Permanent cards
laid, the objectives in hand whose condition is met, open straits (``rules.origin.hints``).
"""

from __future__ import annotations

from rules.base import ScoreSheet, Seat, State
from rules.core.hints import Effect, Effects, change, kept, score_effects
from rules.origin.classic import classic_data as cd
from rules.origin.classic.cards import CARDS
from rules.origin.classic.objectives import Holdings, is_met
from rules.origin.hints import open_straits, place_effects, strait_effect


def _met(data: cd.ClassicData, me: int) -> int:
    held = Holdings.of(data, me)
    return sum(1 for c in data["hands"][me]["objective"] if is_met(CARDS[c], held))


def classic_effects(
    sheets: tuple[ScoreSheet, ScoreSheet], before: State, after: State, seat: Seat
) -> Effects:
    me = before.seats.index(seat)
    was, now = cd.data(before), cd.data(after)
    found: list[Effect | None] = list(score_effects(*sheets, seat))
    found += place_effects(
        [t for t, i in was["owner_at"].items() if i == me],
        [t for t, i in now["owner_at"].items() if i == me],
    )
    found.append(
        change(
            "permanents",
            "origin.hint.permanents",
            len(was["permanents"][me]),
            len(now["permanents"][me]),
        )
    )
    found.append(change("met", "origin.hint.met", _met(was, me), _met(now, me)))
    found.append(
        strait_effect(
            open_straits(was["owner_at"], was["straits"], me),
            open_straits(now["owner_at"], now["straits"], me),
        )
    )
    return Effects(kept(found))


__all__ = ["classic_effects"]
