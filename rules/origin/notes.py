"""Public notes of a move: what each seat gained or lost that the table may count.

Both engines tally the public counts of every seat before and after a move (cards by
colour or deck, tiles, tokens, objectives done) and note the differences, so the thread
and the console read "Ann: +1 yellow card(s)" without the picture. Only counts: a hidden
card, token value or tile level never appears. Cards leaving a hand are not noted (the
move's own label says a card was played or put back); tiles and tokens are noted both
ways (a Raid takes them from someone).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.base import Record, Seat
from rules.origin.junior_data import JuniorData

Tally = list[dict[str, int]]
_BOTH_WAYS = frozenset({"tiles", "hunting", "straits"})
_COLOURS = ("yellow", "orange", "violet")


def tally_junior(data: JuniorData) -> Tally:
    """Per seat: cards by colour, tiles, Hunting and Strait tokens."""
    return [
        {
            **{f"card.{c}": data["cards"][i][k] for k, c in enumerate(_COLOURS)},
            "tiles": len(data["tiles_of"][i]),
            "hunting": len(data["hunting_of"][i]),
            "straits": len(data["straits_of"][i]),
        }
        for i in range(data["players"])
    ]


def gains(record: Record, seats: Sequence[Seat], before: Tally, after: Tally) -> None:
    """Note every count that changed, seat by seat in turn order."""
    for seat, old, new in zip(seats, before, after, strict=True):
        for what, count in new.items():
            delta = count - old[what]
            if delta > 0 or (delta < 0 and what in _BOTH_WAYS):
                record.note(
                    "origin.note.gain", seat=seat, delta=f"{delta:+d}", what=f"@origin.note.{what}"
                )


__all__ = ["Tally", "gains", "tally_junior"]
