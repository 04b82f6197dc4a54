"""What a line of an Origin turn does for a seat, in plain words (``hint_effects`` of
Origin Junior and Classic).

The hint compares the advised line with the next best one on what the heuristics weigh
besides the score row: the territories where the seat's villages stand (each named),
the pawn colours among them (toward Junior's colour bonus) and the straits with one end
the seat's and a token still on them (the next move there wins it). Every part is what
the seat sees.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.base import ScoreSheet, Seat, State, Text
from rules.core.hints import Effect, Effects, change, kept, score_effects
from rules.origin.components import BOARD, PAWNS
from rules.origin.junior_data import JuniorData, data

MOST_PLACES = 2
"""Territories named at most on each side (gained, lost)."""


def place_effects(before: Iterable[str], after: Iterable[str]) -> list[Effect]:
    """A village gained or lost, territory by territory."""
    was, now = set(before), set(after)
    found = [
        Effect(f"terr:{t}", Text("origin.hint.village", {"where": f"@origin.terr.{t}"}))
        for t in sorted(now - was)[:MOST_PLACES]
    ]
    found += [
        Effect(f"terr:{t}", Text("origin.hint.village_lost", {"where": f"@origin.terr.{t}"}))
        for t in sorted(was - now)[:MOST_PLACES]
    ]
    return found


def colours(pawns: Iterable[str]) -> int:
    """How many pawn colours the seat's villages show."""
    return len({PAWNS.pawns[p].colour for p in pawns})


def colour_effect(before: Iterable[str], after: Iterable[str]) -> Effect | None:
    return change("colours", "origin.hint.colours", colours(before), colours(after))


def open_straits(owners: Mapping[str, int], on_board: Iterable[str], player: int) -> int:
    """Straits with a token still on them, one end the player's and the other not."""
    found = 0
    for sid in on_board:
        strait = BOARD.straits[sid]
        a, b = owners.get(strait.a), owners.get(strait.b)
        if (a == player) != (b == player):
            found += 1
    return found


def strait_effect(before: int, after: int) -> Effect | None:
    return change("straits", "origin.hint.straits", before, after)


def _junior_straits(junior: JuniorData, player: int) -> int:
    owners = {t: i for i, terrs in enumerate(junior["villages_at"]) for t in terrs}
    won = {tok for tokens in junior["straits_of"] for tok in tokens}
    on_board = [
        sid for sid, tok in zip(BOARD.straits, junior["straits"], strict=True) if tok not in won
    ]
    return open_straits(owners, on_board, player)


def junior_effects(
    sheets: tuple[ScoreSheet, ScoreSheet], before: State, after: State, seat: Seat
) -> Effects:
    """Origin Junior: the score row, villages by territory, pawn colours, open straits."""
    me = before.seats.index(seat)
    was, now = data(before), data(after)
    found: list[Effect | None] = list(score_effects(*sheets, seat))
    found += place_effects(was["villages_at"][me], now["villages_at"][me])
    found.append(
        colour_effect(
            [was["pawn_at"][t] for t in was["villages_at"][me]],
            [now["pawn_at"][t] for t in now["villages_at"][me]],
        )
    )
    found.append(strait_effect(_junior_straits(was, me), _junior_straits(now, me)))
    return Effects(kept(found))


__all__ = [
    "junior_effects",
    "colour_effect",
    "colours",
    "open_straits",
    "place_effects",
    "strait_effect",
]
